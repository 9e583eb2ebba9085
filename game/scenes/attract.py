"""Attract mode: after the title sits idle, bots play demo matches until someone touches a control.

The title pushes `AttractScene` (registered with registry.register_attract).
It runs the real game scenes (the mall, the dice table) with a bot in every
seat, one demo after another (every Sold Out! mode in the registry, the first
followed by Check Out!), under a "Press any button" banner. Any button, key, click or stick push pops back to
the title.

The demo scenes get a sandboxed context (Context.sandbox()): silent, and with
a scene stack of their own that nobody shows, so an overlay a demo pushes
(its results) never reaches the real stack. A demo has no people to wait for:
every seat is a bot, and it never pauses for a missing pad.
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from game.core.scene import Scene
from game.match.seats import identities
from game.text.i18n import _
from game.match.commands import Command
from game.match import games
from game.match.spec import MatchSpec, SeatSpec
from game.scenes import registry
if TYPE_CHECKING:
    from game.core.context import Context

log = logging.getLogger(__name__)

def demos() -> list[tuple[str, str, int]]:
    """(game, mode, seats) played in turn, every seat a bot (strongest first): each game's demos
    (Game.demos) taken in turn, the games in menu order: Sold Out!'s first mode, Check Out!, then
    Sold Out!'s other modes."""
    lists = [[(game.key, demo.mode, demo.players) for demo in game.demos()] for game in games.all_games()]
    return [entry for turn in range(max(map(len, lists), default=0)) for entry in
            (one[turn] for one in lists if turn < len(one))]


LEVELS = ("expert", "hard", "normal", "expert", "hard", "normal")
HOLD_END_TICKS = 60 * 4      # the final moment of a demo stays on screen this long
MAX_DEMO_TICKS = 60 * 100    # a demo that runs longer gives way to the next one
STICK_WAKE = 6               # a stick pushed at least this far (of 16) counts as input
WAKE_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN)


def demo_spec(game: str, mode: str, players: int, seed: int) -> MatchSpec:
    """An all-bot match of one round (where the game lets one choose) for the attract loop."""
    ids = identities()
    seats = tuple(SeatSpec(i, ids[i % len(ids)].name, "bot", LEVELS[i % len(LEVELS)]) for i in range(players))
    shown = games.get(game)
    return shown.spec(seats, seed, shown.options_from({"mode": mode, "rounds": 1}))


class AttractScene(Scene):
    name = "attract"

    def __init__(self, ctx: "Context", seed: int = 1) -> None:
        super().__init__(ctx)
        self.sandbox = ctx.sandbox()
        self.seed = seed
        self.index = -1
        self.demo: registry.DemoScene | None = None
        self.demo_ticks = 0
        self.end_ticks = 0
        self.ticks = 0
        self._banner: pygame.Surface | None = None
        self._narrow: pygame.Surface | None = None      # the banner fitted to the dice table's top bar
        self._next_demo()

    # ----- the demo loop ---------------------------------------------------------------
    def _next_demo(self) -> None:
        """Start the next demo; a demo that cannot start is skipped (never a crash on the title)."""
        playlist = demos()
        for _turn in range(len(playlist)):
            self.index = (self.index + 1) % len(playlist)
            self.seed += 1
            game, mode, players = playlist[self.index]
            try:
                scene = registry.demo_scene(self.sandbox, demo_spec(game, mode, players, self.seed))
                scene.enter()
            except Exception:   # one broken demo must not take the title down
                log.exception("attract demo %s/%s failed to start", game, mode)
                continue
            self.demo = scene
            self.demo_ticks = 0
            self.end_ticks = 0
            return
        self.demo = None

    def update(self, commands: dict[int, Command]) -> None:
        self.ticks += 1
        if any(woke(cmd) for cmd in commands.values()) or self.demo is None:
            self.leave()
            return
        self.demo_ticks += 1
        if self.demo.demo_over():
            self.end_ticks += 1
            if self.end_ticks >= HOLD_END_TICKS:
                self._next_demo()
            return
        self.demo.update({})
        if self.demo_ticks >= MAX_DEMO_TICKS:
            self._next_demo()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in WAKE_EVENTS:
            self.leave()

    def leave(self) -> None:
        if self.ctx.stack.top is self and not self.ctx.stack.has_pending:
            self.ctx.stack.pop()

    def exit(self) -> None:
        if self.demo is not None:
            self.demo.exit()
        self.demo = None

    def idle(self, until: float) -> None:
        """The demo's work ahead (its bots' searches, its table's art), as in a real match."""
        if self.demo is not None:
            self.demo.idle(until)

    # ----- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.demo is not None:
            self.demo.draw(surface, alpha)
        else:
            surface.fill(self.ctx.ui.colour("background"))
        self._draw_banner(surface)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if self._banner is None:
            self._banner = self._make_banner()
        w, h = surface.get_size()
        pulse = 0.5 + 0.5 * math.sin(self.ticks / 14)
        banner = self._banner
        # Over the mall's bottom wall (the seat panels below stay readable); on the dice
        # table in the top bar's middle, in place of its headline (a demo needs none), fitted between
        # the round's label and the BONUS: never text over text, at any UI scale.
        room = self.demo.banner_room() if self.demo is not None else None
        spot = self.demo.banner_spot() if self.demo is not None else None
        if room is not None:
            banner = self._fitted(banner, room.w)
            rect = banner.get_rect(center=room.center)
        elif spot is not None:
            rect = banner.get_rect(midbottom=spot)
        else:
            rect = banner.get_rect(midtop=(w // 2, 2))
        banner.set_alpha(int(170 + 85 * pulse))
        surface.blit(banner, rect)

    def _fitted(self, banner: pygame.Surface, width: int) -> pygame.Surface:
        """The banner no wider than `width` (made once per width)."""
        if banner.get_width() <= width:
            return banner
        if self._narrow is None or self._narrow.get_width() != width:
            self._narrow = pygame.transform.smoothscale(banner, (width, round(banner.get_height() * width / banner.get_width())))
        return self._narrow

    def _make_banner(self) -> pygame.Surface:
        ui = self.ctx.ui
        text = ui.text.render(_("Press any button"), ui.size("large"), ui.colour("text"))
        tag = ui.text.render(_("DEMO"), ui.size("small"), ui.colour("shadow"))
        pad_x, pad_y, gap = 30, 12, 18
        tag_w = tag.get_width() + 22
        width = tag_w + gap + text.get_width() + 2 * pad_x
        height = max(text.get_height(), tag.get_height()) + 2 * pad_y
        card = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(card, (*ui.colour("shadow"), 235), card.get_rect(), border_radius=height // 2)
        pygame.draw.rect(card, ui.colour("accent"), card.get_rect(), 4, border_radius=height // 2)
        tag_rect = pygame.Rect(pad_x, (height - tag.get_height() - 8) // 2, tag_w, tag.get_height() + 8)
        pygame.draw.rect(card, ui.colour("accent_2"), tag_rect, border_radius=10)
        card.blit(tag, tag.get_rect(center=tag_rect.center))
        card.blit(text, (pad_x + tag_w + gap, (height - text.get_height()) // 2))
        return card


def woke(cmd: Command) -> bool:
    """Did this command come from a person touching something?"""
    return bool(cmd.pressed or cmd.held) or abs(cmd.dx) >= STICK_WAKE or abs(cmd.dy) >= STICK_WAKE


registry.register_attract(lambda ctx: AttractScene(ctx))

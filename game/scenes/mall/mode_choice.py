"""Choosing a round's mode out loud, in a match set to "choose each round".

Before the first round anyone chooses. Between rounds the player in last place chooses
(docs/RULES.md, "A match"): the screen says who, only their controller moves the choice,
and holding A on a mode chooses it (a tap, a mashed A or a stick still steering from the
round never does: game/scenes/moment.py). Then it says what was chosen, for a moment,
before the round begins. Where a bot is in last place, it picks the mode played least so
far, and the screen says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game import TICK_RATE
from game.core.scene import Scene
from game.match.commands import Button, Command
from game.match.seats import SeatIdentity
from game.render import widgets
from game.render.cast import Character, default_for
from game.render.figure import portrait
from game.render.icons import INK, outlined_text
from game.render.palette import GOLD
from game.rules.soldout import modes as mode_registry
from game.scenes.common import players_menu_command
from game.scenes.moment import Moment, without
from game.scenes.pads import keys_in_play
from game.scenes.shoppers import seat_look
from game.text.i18n import N_, _

if TYPE_CHECKING:
    from game.core.context import Context

SAID_TICKS = 2 * TICK_RATE            # what was chosen stays on screen this long
BOT_THINKS_TICKS = TICK_RATE          # a bot's choice lands after this long
MIN_TICKS = TICK_RATE // 2            # nothing is heard for the first half second
PORTRAIT = 56                         # px: each chooser's portrait beside the headline
PORTRAIT_STEP = PORTRAIT - 8          # a team's portraits overlap a little, like the results' rows


@dataclass(frozen=True)
class Chooser:
    """Who chooses: the side's names and identities, the seats whose controllers may choose
    (none: a bot chooses `bot_pick`), and the side's characters as the mall shows them (none
    given: each seat's default)."""

    names: tuple[str, ...]
    identities: tuple[SeatIdentity, ...]
    seats: tuple[int, ...]
    bot_pick: str
    shoppers: tuple[Character, ...] = field(default=())

    def shopper(self, k: int) -> Character:
        """Member k's character: the one the mall drew for it, else its seat's default."""
        return self.shoppers[k] if k < len(self.shoppers) else default_for(self.identities[k].index)

    @property
    def name(self) -> str:
        return " & ".join(self.names)


def last_place(totals: Sequence[int], this_round: Sequence[int]) -> int:
    """The side that chooses the next mode: the lowest total; tied, the fewest bags this round;
    still tied, the first side."""
    return min(range(len(totals)), key=lambda side: (totals[side], this_round[side], side))


def least_played(played: Sequence[str]) -> str:
    """A bot's choice: the mode played the fewest times so far, the next one after the last
    played on a tie (so a bot never picks the same mode twice running if another is level)."""
    keys = mode_registry.keys()
    last = keys.index(played[-1]) if played and played[-1] in keys else -1
    ring = [keys[(last + 1 + i) % len(keys)] for i in range(len(keys))]
    return min(ring, key=lambda key: played.count(key))


class ModeChoiceScene(Scene):
    """The choice of a round's mode. `chooser` None: anyone chooses (the first round; B then goes
    back with `on_cancel`)."""

    name = "mode_choice"
    opaque = False

    def __init__(self, ctx: "Context", on_choice: Callable[[str], None], chooser: Chooser | None = None,
                 on_cancel: Callable[[], None] | None = None, preset: str | None = None) -> None:
        super().__init__(ctx)
        self.on_choice = on_choice
        self.on_cancel = on_cancel
        self.chooser = chooser
        self.moment = Moment(MIN_TICKS)
        self.chosen: str | None = None
        self.said = 0                  # ticks the choice has been on screen
        self.ticks = 0
        self.closed = False
        keys = list(mode_registry.keys())
        self.menu = widgets.MenuList([widgets.MenuItem(mode_registry.display_name(m), self._picker(m), hold=True)
                                      for m in keys], play=ctx.sound, row_height=64, width=520,
                                     on_back=self.cancel)
        start = chooser.bot_pick if chooser is not None and not chooser.seats else preset
        if start in keys:
            self.menu.index = keys.index(start)

    def exit(self) -> None:
        """Chosen: its rows call back into it (a cycle, game/core/collector.py); an empty menu lets
        it go by reference counting."""
        self.menu = widgets.MenuList([])

    @property
    def bot_chooses(self) -> bool:
        return self.chooser is not None and not self.chooser.seats

    def _picker(self, mode: str) -> Callable[[], None]:
        return lambda: self.pick(mode)

    def pick(self, mode: str) -> None:
        if self.chosen is None:
            self.chosen = mode
            self.ctx.sound("confirm")

    def pick_at_once(self, mode: str) -> None:
        """Choose `mode` and close now, without the moment that says the choice (the warm-up's
        rehearsal opens the mall behind it this way)."""
        self.pick(mode)
        self._close_with_choice()

    def _close_with_choice(self) -> None:
        if not self.closed and self.chosen is not None:
            self.closed = True
            self.ctx.stack.pop()
            self.on_choice(self.chosen)

    def cancel(self) -> None:
        """B: back to the results (or, before the first round, to the lobby)."""
        if self.closed or self.chosen is not None:
            return
        self.closed = True
        self.ctx.stack.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    # ------------------------------------------------------------------ ticks
    def _command(self, commands: dict[int, Command]) -> Command:
        """The chooser's controllers (a menu's view of them: stick as d-pad, repeats); anyone's when
        anyone chooses, or when none of the chooser's controllers is connected. B is anyone's."""
        anyone = players_menu_command(commands)
        if self.chooser is None:
            return anyone
        inp = self.ctx.input
        lost = inp.disconnected_seats()
        devices = [d for d in (inp.device_of(seat) for seat in self.chooser.seats if seat not in lost) if d is not None]
        if not devices:
            return anyone
        pressed = held = Button.NONE
        for device in devices:
            cmd = inp.device_menu_command(device)
            pressed |= cmd.pressed
            held |= cmd.held
        return Command(pressed=pressed | (anyone.pressed & Button.B), held=held)

    def update(self, commands: dict[int, Command]) -> None:
        self.ticks += 1
        if self.chosen is not None:
            self.said += 1
            if self.said >= SAID_TICKS:
                self._close_with_choice()
            return
        cmd = self.moment.hear(self._command(commands))
        if self.bot_chooses:
            assert self.chooser is not None
            if self.ticks >= BOT_THINKS_TICKS:
                self.pick(self.chooser.bot_pick)
            elif cmd.pressed & Button.B:
                self.cancel()
            return
        if not self.moment.ready:
            cmd = without(cmd, Button.A)
        self.menu.update(cmd)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        ui = self.ctx.ui
        widgets.dim(surface, ui, 210)
        box = pygame.Rect(0, 0, 760, 160 + self.menu.height() + 90)
        box.center = (640, 360)
        widgets.panel(surface, ui, box, border="accent")
        if self.chosen is not None:
            self._draw_chosen(surface, box)
            return
        self._draw_who(surface, box)
        # The keys of whoever chooses: the last place's own, or everyone's before the first round.
        keys = keys_in_play(self.ctx, self.chooser.seats if self.chooser is not None else None)
        self.menu.draw(surface, ui, ((1280 - self.menu.width) // 2, box.y + 176), keys["A"])
        if self.bot_chooses:
            return
        hints: list[tuple[str | Sequence[str], str]] = [(keys["A"], N_("Hold to play this mode"))]
        if self.on_cancel is not None or self.chooser is not None:
            hints.append((keys_in_play(self.ctx)["B"], N_("Back")))   # anyone's B goes back
        widgets.hints(surface, ui, hints, y=box.bottom - 34)

    def _draw_who(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        ui = self.ctx.ui
        chooser = self.chooser
        if chooser is None:
            head, why = _("CHOOSE THE FIRST MODE"), _("Anyone may choose.")
        elif self.bot_chooses:
            head = _("{name} CHOOSES THE NEXT MODE").format(name=chooser.name.upper())
            why = _("Last place chooses. {name} is a bot: it picks the mode played least.").format(name=chooser.name)
        else:
            head = _("{name} CHOOSES THE NEXT MODE").format(name=chooser.name.upper())
            why = _("Last place chooses, on their own controller.")
        colour = chooser.identities[0].colour if chooser is not None else ui.colour("accent")
        faces = self._portraits(chooser)
        row = sum(PORTRAIT_STEP for _ in faces[1:]) + (PORTRAIT + 12 if faces else 0)
        title = outlined_text(head, 40, colour, INK, width=3, max_width=box.w - 60 - row)
        rect = surface.blit(title, title.get_rect(center=(box.centerx + row // 2, box.y + 58)))
        # Who chooses, as the mall shows them: each one's character in its seat's colour and shape.
        for i, face in enumerate(faces):
            surface.blit(face, face.get_rect(midright=(rect.x - 12 - (len(faces) - 1 - i) * PORTRAIT_STEP,
                                                       rect.centery)))
        widgets.blit_text(surface, ui, why, "small", "text_dim", center=(box.centerx, box.y + 116))

    def _portraits(self, chooser: Chooser | None) -> list[pygame.Surface]:
        if chooser is None:
            return []
        cb = self.ctx.settings.colourblind
        return [portrait(chooser.shopper(k), seat_look(identity, cb), PORTRAIT)
                for k, identity in enumerate(chooser.identities)]

    def _draw_chosen(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        assert self.chosen is not None
        ui = self.ctx.ui
        mode = _(mode_registry.display_name(self.chosen))
        if self.chooser is None:
            said = _("First round: {mode}").format(mode=mode)
        else:
            said = _("{name} chose {mode}").format(name=self.chooser.name, mode=mode)
        widgets.blit_text(surface, ui, _("NEXT ROUND"), "small", "text_dim", center=(box.centerx, box.y + 150))
        image = outlined_text(mode.upper(), 64, GOLD, INK, width=4, max_width=box.w - 60)
        surface.blit(image, image.get_rect(center=(box.centerx, box.centery - 20)))
        widgets.blit_text(surface, ui, said, "body", "text", center=(box.centerx, box.centery + 60))

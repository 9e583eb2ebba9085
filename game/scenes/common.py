"""Shared pieces of the menu scenes: a scene built around one MenuList."""
from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Iterator, Protocol

import pygame

from game.core import memory
from game.core.scene import Scene
from game.text.i18n import N_, _
from game.match.commands import IDLE, Button, Command
from game.render import widgets
from game.scenes import registry
from game.scenes.moment import Moment, without
if TYPE_CHECKING:
    from game.core.context import Context
    from game.match.spec import MatchSpec
    from game.scenes.match_result import MatchChoices
    from game.scenes.results_fx import Podium, Reveal

MENU_SEAT = -1  # commands[-1] is every device merged (see Scene.update)
GIVE_BACK_SECONDS = 0.003   # a results screen gives memory back only with this much of its idle time left


def menu_command(commands: dict[int, Command]) -> Command:
    return commands.get(MENU_SEAT, IDLE)


def players_menu_command(commands: dict[int, Command]) -> Command:
    """The menu command with every seat's presses added: on a results screen any player may choose."""
    merged = menu_command(commands)
    pressed = merged.pressed
    for seat, cmd in commands.items():
        if seat >= 0:
            pressed |= cmd.pressed
    return Command(merged.dx, merged.dy, pressed, merged.held)


def rematch_spec(spec: "MatchSpec") -> "MatchSpec":
    """Same seats and settings, the next seed: a rematch gets a new deal."""
    return dataclasses.replace(spec, seed=spec.seed + 1)


def back_to_lobby(ctx: "Context") -> None:
    """Leave a match for the lobby (under the title), keeping the lobby's seats; a career
    challenge's match goes back to the career, which shows how it went."""
    stack = ctx.stack
    if registry.back_to(stack, "lobby") or registry.back_to(stack, "career"):
        return
    stack.clear_to(registry.TITLE(ctx))
    stack.push(registry.LOBBY(ctx))


class CannotOpen(Scene):
    """Stands where a game scene could not be built (its level or data would not load): says why
    in a toast on its first tick and steps aside."""

    name = "cannot_open"

    def __init__(self, ctx: "Context", message: str) -> None:
        super().__init__(ctx)
        self.message = message
        self.said = False

    def update(self, commands: dict[int, Command]) -> None:
        if not self.said:
            self.said = True
            self.ctx.toast(self.message, seconds=8)
            self.ctx.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        widgets.draw_background(surface, self.ctx.ui)


class MenuScene(Scene):
    """A heading and a MenuList; subclasses build `self.menu` and may draw more."""

    heading = ""
    hint_items: list[tuple[str, str]] = [("A / Enter", N_("Select")), ("B / Esc", N_("Back"))]
    welcomes_new_pads = True

    def __init__(self, ctx: "Context") -> None:
        super().__init__(ctx)
        self.menu: widgets.MenuList

    def update(self, commands: dict[int, Command]) -> None:
        self.menu.update(menu_command(commands))

    def exit(self) -> None:
        """Left for good: its menu's rows are its bound methods, a cycle that (frozen by the
        collector's settle while the scene was open) only a pass over every object frees
        (game/core/collector.py). An empty menu lets the scene go by reference counting."""
        self.menu = widgets.MenuList([])

    def draw_menu_page(self, surface: pygame.Surface, top: int = 190) -> None:
        ui = self.ctx.ui
        widgets.draw_page(surface, ui, _(self.heading), 96)
        x = (surface.get_width() - self.menu.width) // 2
        self.menu.draw(surface, ui, (x, top))
        widgets.hints(surface, ui, self.hint_items)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_menu_page(surface)

    def toast_zone(self) -> pygame.Rect:
        """Above the heading: the rows below stay readable."""
        return pygame.Rect(140, 4, 1000, 62)


class Animation(Protocol):
    """What a results screen is playing (a reveal, a podium): it builds up, or shows all at once."""

    @property
    def done(self) -> bool: ...

    def update(self) -> None: ...
    def finish(self) -> None: ...


class MatchResultsScene(Scene):
    """Base of a results screen over a finished match: a few stages, then rematch or lobby, once.

    It is handed what it shows (each screen's own typed result) and `choices`, the callbacks
    that leave it (game/scenes/match_result.py), never the game scene; any seated player may choose. Input goes
    through a Moment (game/scenes/moment.py): a press counts only if it went down after the
    stage appeared, and a stage stays its minimum time. A tap of A shows a building animation
    (`animation()`) at once; once it is whole and the stage has had its time, a tap chooses a
    plain row ("Continue": the next stage), while a row that ends the moment (next round,
    rematch, back to lobby) is marked `hold` and needs A held on it.
    """

    menu: widgets.MenuList      # the choices, made by each results screen
    welcomes_new_pads = True

    def __init__(self, ctx: "Context", choices: "MatchChoices") -> None:
        super().__init__(ctx)
        self.choices = choices
        self.done = False
        self.image: pygame.Surface | None = None
        self.podium: Podium | None = None
        self.reveal: Reveal | None = None
        self.moment = Moment()
        self._builder: Iterator[None] | None = None   # the picture being drawn, a piece a tick
        self._early = 0                                # ticks played while it was being drawn
        self._given_back = False                       # what building the picture freed went back
        self._changing = True                          # its first tick is in the frame of the change

    def exit(self) -> None:
        """Left for good: its menu's rows call back into it (a cycle only the collector's next full
        pass frees, which may come a whole match later, with the finished match and this screen's
        pictures: 15-25 MB). An empty menu lets them go now."""
        self.menu = widgets.MenuList([])

    def idle(self, until: float) -> None:
        """Once the picture is whole and revealed, the memory drawing it freed (its copies of the
        screen: 5-10 MB the allocator kept) goes back to the system, once, after a present with
        the time for it (malloc_trim: 2-4 ms; game/core/memory.py)."""
        if self._given_back or self.image is None or (self.reveal is not None and not self.reveal.done):
            return
        if until - time.perf_counter() >= GIVE_BACK_SECONDS:
            self._given_back = True
            memory.give_back()

    def close_once(self) -> bool:
        """True the first time a choice is made: later presses in the same tick do nothing."""
        if self.done:
            return False
        self.done = True
        return True

    def rematch(self) -> None:
        if self.close_once():
            self.ctx.stack.pop()
            self.choices.rematch()

    def to_lobby(self) -> None:
        if self.close_once():
            self.choices.to_lobby()

    def animation(self) -> Animation | None:
        """The reveal or podium now playing (has update(), done, finish()), or None."""
        return None

    def hold_input(self) -> None:
        """A new stage of the screen: what is held now is not heard, and the stage has its minimum time."""
        self.moment.begin()

    def _build(self) -> Iterator[None]:
        """The picture (`image`, and the reveal that shows it), a step a tick (results screens
        draw their own; the base has none)."""
        return iter(())

    def _whole(self, image: pygame.Surface, reveal: "Reveal") -> None:
        """The picture is drawn: it and its reveal, which counts the ticks it took as played."""
        reveal.ticks = self._early
        self.image, self.reveal = image, reveal
        self._builder = None

    def build_step(self) -> bool:
        """Draw the next piece of the picture; False once it is whole (or a podium shows instead).
        The ticks under the fade draw it this way, and so do the rehearsals (game/scenes/warmup.py)."""
        if self.image is not None or self.podium is not None:
            return False
        if self._builder is None:
            self._builder = self._build()
        return next(self._builder, True) is None

    def _render(self) -> pygame.Surface:
        """Everything but the menu, at once (what the ticks have not drawn yet)."""
        if self._builder is None:
            self._builder = self._build()
        for _step in self._builder:
            pass
        assert self.image is not None
        return self.image

    def update(self, commands: dict[int, Command]) -> None:
        # The picture is drawn a piece a tick while the fade still hides the scene (its first
        # draw comes HALF_TICKS after the change), so the frame of the change stays cheap. Those
        # ticks count for the reveal and the stage's minimum time exactly as if it had been drawn at once.
        # The first tick, in the frame that built this scene, draws nothing (its first piece, two
        # screen-sized surfaces, made that frame 2x a steady one); the other ticks under the
        # fade still have time for every piece (9 or fewer: the first draw comes after 10 ticks).
        changing, self._changing = self._changing, False
        building = self.image is None and self.podium is None
        if building and (changing or self.build_step()):   # not whole yet
            self._early += 1
            self.moment.hear(players_menu_command(commands))   # the stage's time runs; held buttons stay unheard
            return
        anim = self.animation()
        if anim is not None:
            anim.update()
        cmd = self.moment.hear(players_menu_command(commands))
        if anim is not None and not anim.done and cmd.pressed & Button.A:
            anim.finish()      # a tap shows it all; it chooses nothing
            return
        if not self.moment.ready or (anim is not None and not anim.done):
            cmd = without(cmd, Button.A)
        self.menu.update(cmd)

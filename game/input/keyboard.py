"""One shared keyboard read as two players' layouts.

Keeps which keys are down and which went down since the last poll, so a tap
shorter than a tick still counts as a press.
"""
from __future__ import annotations

from game.input.bindings import Bindings
from game.match.commands import STICK_MAX, Button, Command


class KeyboardState:
    def __init__(self) -> None:
        self.down: dict[int, bool] = {}      # keycode -> held now (dict, not set: ordered)
        self.fresh: dict[int, bool] = {}     # keycodes that went down since the last poll

    def key_down(self, keycode: int) -> None:
        if not self.down.get(keycode):       # ignore OS key repeat
            self.fresh[keycode] = True
        self.down[keycode] = True

    def key_up(self, keycode: int) -> None:
        self.down.pop(keycode, None)

    def release_all(self) -> None:
        """Forget held keys (window lost focus: their key-ups will never arrive)."""
        self.down.clear()

    def command(self, bindings: Bindings, layout: str) -> Command:
        """This layout's Command from the current key state."""
        held = pressed = Button.NONE
        for button, code in bindings.keys[layout].items():
            if self.down.get(code):
                held |= button
            if self.fresh.get(code):
                pressed |= button
        return Command(*direction_axes(held), pressed=pressed, held=held)

    def end_tick(self) -> None:
        self.fresh.clear()


def direction_axes(held: Button) -> tuple[int, int]:
    """Digital directions to full-scale stick axes (opposites cancel)."""
    dx = (STICK_MAX if held & Button.RIGHT else 0) - (STICK_MAX if held & Button.LEFT else 0)
    dy = (STICK_MAX if held & Button.DOWN else 0) - (STICK_MAX if held & Button.UP else 0)
    return dx, dy

"""The results moment: what a results, scores or podium stage hears, whatever the thumbs do.

Friends on a sofa mash A as a round ends. Every results screen of both games, the podium and
the speedrun results read their input through a `Moment`, so:

- a press counts only if its button went down after the stage appeared: whatever is held when
  a stage begins (A still down from the round) is not heard until it has been let go; a stick
  (or d-pad) still steering when it begins is not heard in any direction until it is re-centred,
  so a player turning from left to down as the round ends never moves the menu;
- each stage has a minimum time on screen (`min_ticks`) before it can be left, so everyone
  sees the outcome;
- skipping and choosing are different inputs: a tap of A skips an animation (the screen's own
  code decides); a choice that ends the moment (next round, rematch, back to lobby) is a menu
  row marked `hold`, chosen by holding A on it (widgets.MenuList fills the row while A is
  held): a mashed A never chooses it.
"""
from __future__ import annotations

from game import TICK_RATE
from game.match.commands import IDLE, Button, Command

STAGE_TICKS = 2 * TICK_RATE       # a results stage stays at least this long
_LEFT_RIGHT = Button.LEFT | Button.RIGHT
_UP_DOWN = Button.UP | Button.DOWN
_DIRECTIONS = _LEFT_RIGHT | _UP_DOWN


class Moment:
    """One results screen's input, stage by stage: `begin()` a stage, `hear()` once a tick."""

    def __init__(self, min_ticks: int = STAGE_TICKS) -> None:
        self.min_ticks = min_ticks
        self.age = 0                       # ticks since the stage began
        self.blocked = Button.NONE         # held when the stage began, not yet let go
        self._fresh_stage = True

    def begin(self, min_ticks: int | None = None) -> None:
        """A new stage appears: what is held now is not heard until released; the minimum time restarts."""
        if min_ticks is not None:
            self.min_ticks = min_ticks
        self.age = 0
        self._fresh_stage = True

    @property
    def ready(self) -> bool:
        """The stage has been on screen its minimum time: it may be left."""
        return self.age >= self.min_ticks

    def hear(self, cmd: Command) -> Command:
        """This tick's `cmd` with everything held since before the stage took out (and the stick
        zeroed on an axis whose direction is so held)."""
        steering = bool((cmd.held | cmd.pressed) & _DIRECTIONS) or bool(cmd.dx or cmd.dy)
        if self._fresh_stage:
            self._fresh_stage = False
            self.blocked = cmd.held | cmd.pressed
            if steering:
                self.blocked |= _DIRECTIONS   # every direction, until the stick is centred
        else:
            directions = self.blocked & _DIRECTIONS
            self.blocked &= cmd.held          # let go: heard again from its next press
            if directions and steering:
                self.blocked |= _DIRECTIONS   # still off centre: a turn to another direction is not a choice
        self.age += 1
        if not self.blocked:
            return cmd
        held = cmd.held & ~self.blocked
        dx = cmd.dx if not self.blocked & _LEFT_RIGHT else 0
        dy = cmd.dy if not self.blocked & _UP_DOWN else 0
        out = Command(dx, dy, cmd.pressed & ~self.blocked, held)
        return IDLE if out == IDLE else out


def without(cmd: Command, buttons: Button) -> Command:
    """`cmd` with `buttons` neither pressed nor held (A kept from a menu while a stage is not ready)."""
    return Command(cmd.dx, cmd.dy, cmd.pressed & ~buttons, cmd.held & ~buttons)

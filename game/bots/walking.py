"""How a bot walks: steering along flow fields, sidestepping avatars, noticing it is stuck.

`WalkingMixin` is mixed into the game's bot class, which provides the state it
uses: `seat`, `nav` (a NavGrid), `ts` (tile size), `diff` (reaction, stick),
`rng`, the repeated stick `move` with its `cooldown`, `unstick_until`,
`last_pos`, `stuck`, `target_pile`, and `_wait(view, ticks)`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.bots.pathfind import Field
from game.input.commands import IDLE, STICK_MAX, Button, Command

if TYPE_CHECKING:
    import random

    from game.bots.difficulty import SoldOutDifficulty
    from game.bots.pathfind import NavGrid
    from game.sim.mall_view import SeatView

STUCK_CHECK = 40        # ticks of pushing the stick with almost no movement = stuck


class WalkingMixin:
    """Steering through the same stick a person pushes."""

    if TYPE_CHECKING:   # what the bot using it provides
        seat: int
        nav: NavGrid
        ts: int
        diff: SoldOutDifficulty
        rng: random.Random
        move: Command
        cooldown: int
        unstick_until: int
        last_pos: tuple[int, int]
        stuck: int
        target_pile: int | None

        def _wait(self, view: SeatView, ticks: int, keep_move: bool = False) -> Command: ...

    def _walk(self, view: SeatView, field: Field, point: tuple[int, int] | None, slow: int,
              at: tuple[int, int] | None = None) -> Command:
        """Steer one step along a flow field; on its goal tile, head for `point`. `at`: where the
        bot stands, if the caller already asked."""
        x, y = at if at is not None else view.position()
        lx, ly = self.last_pos       # _watch_progress's common case (moving) spelled out
        if abs(x - lx) + abs(y - ly) >= 3:
            self.last_pos = (x, y)
            self.stuck = 0
        else:
            self._watch_progress(view, x, y)
        tick = view.tick
        if tick < self.unstick_until:
            return self.move
        nav = self.nav
        here = nav.index(x, y)
        if not nav.reach(field, here, tick):
            return self._wait(view, 1)   # stand and think: the way is still being worked out
        dist = field.dist
        if dist[here] >= 1 << 30:
            return self._wander(view)
        straight = False
        if dist[here] == 0:
            tx, ty = point if point is not None else nav.centre(here)
        else:
            nxt = field.next
            step = nxt[here]
            further = nxt[step]
            # Straight stretch ahead: aim two tiles on for a smoother line.
            if dist[step] and further - step == step - here:
                step = further
                straight = True
            # The point itself only once it is on the next tile (a chair's point lies in the chair).
            if point is not None and not dist[step] and nav.index(*point) == step:
                tx, ty = point
            else:
                tx, ty = nav.centre(step)
        dx, dy = self._avoid(view, x, y, tx - x, ty - y)
        if straight and (dx != tx - x or dy != ty - y):
            straight = False            # someone in the way: keep an eye on them
        span = dx if dx >= 0 else -dx
        if span < dy or span < -dy:
            span = dy if dy >= 0 else -dy
        if span <= 1:
            return self._wait(view, 2)
        diff = self.diff
        stick = diff.stick
        if slow and span < 24:
            stick = max(slow, stick * span // 24)
        cx, cy = dx * stick // span, dy * stick // span
        move = _STICKS.get((cx, cy))
        self.move = move if move is not None else stick_command(cx, cy)
        # Decide again after the reaction time (twice that on a clear straight stretch: a person
        # does not re-aim while the way ahead is straight and empty), or sooner if the aim
        # point is close.
        limit = 2 * diff.reaction if straight else diff.reaction
        cool = span // 4 if span // 4 < limit else limit
        self.cooldown = cool - 1 if cool > 0 else 0
        return self.move

    def _avoid(self, view: SeatView, x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        """Sidestep an avatar standing right in the way (pushing sorts out the rest)."""
        for seat, ox, oy in view.avatars_near(x, y, 34):
            rx, ry = ox - x, oy - y
            if rx * dx + ry * dy <= 0:
                continue            # behind or beside: not in the way
            # Perpendicular to the heading, away from the other avatar (seat order breaks a tie).
            px, py = -dy, dx
            if px * rx + py * ry > 0 or (px * rx + py * ry == 0 and self.seat < seat):
                px, py = -px, -py
            return dx + px, dy + py
        return dx, dy

    def _watch_progress(self, view: SeatView, x: int, y: int) -> None:
        lx, ly = self.last_pos
        if abs(x - lx) + abs(y - ly) >= 3:
            self.last_pos = (x, y)
            self.stuck = 0
            return
        self.stuck += self.diff.reaction if self.move is not IDLE else 0
        if self.stuck >= STUCK_CHECK:
            self.stuck = 0
            self.target_pile = None
            self._unstick(view, 12 + self.rng.randrange(20))

    def _unstick(self, view: SeatView, ticks: int) -> None:
        """Walk a random open direction for a moment (out of a jam, or to make room)."""
        x, y = view.position()
        tx, ty = x // self.ts, y // self.ts
        options = [(ddx, ddy) for ddx, ddy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))
                   if self.nav.walkable(tx + ddx, ty + ddy)]
        ddx, ddy = self.rng.choice(options) if options else (0, 0)
        self.move = command_for(ddx * STICK_MAX * 3 // 4, ddy * STICK_MAX * 3 // 4, Button.NONE, Button.NONE)
        self.unstick_until = view.tick + ticks
        self.cooldown = ticks - 1
        self.last_pos = (x, y)

    def _wander(self, view: SeatView) -> Command:
        """Nothing to do right now (every pile is held): drift a little and look again."""
        if self.rng.random() < 0.5:
            self._unstick(view, 10)
            return self.move
        return self._wait(view, 15)


_COMMANDS: dict[tuple[int, int, int, int], Command] = {}
_STICKS: dict[tuple[int, int], Command] = {}


def stick_command(dx: int, dy: int) -> Command:
    """command_for(dx, dy, NONE, NONE): the stick alone, what a walking bot sends most."""
    cmd = _STICKS.get((dx, dy))
    if cmd is None:
        cmd = _STICKS[(dx, dy)] = command_for(dx, dy, Button.NONE, Button.NONE)
    return cmd


def command_for(dx: int, dy: int, pressed: Button, held: Button) -> Command:
    """Commands are immutable: share one object per distinct value."""
    key = (dx, dy, int(pressed), int(held))
    cmd = _COMMANDS.get(key)
    if cmd is None:
        cmd = _COMMANDS[key] = Command(dx, dy, Button(pressed), Button(held))
    return cmd

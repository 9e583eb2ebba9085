"""Avatar movement on the level grid: fixed-point, axis-separated, only overlapped tiles checked."""
from __future__ import annotations

from itertools import combinations
from typing import Iterable
from math import isqrt

from game.match.commands import STICK_MAX
from game.sim.tuning import FP


class Body:
    """An avatar's body: centre and velocity in fixed-point units (1 px = FP)."""

    __slots__ = ("x", "y", "vx", "vy", "prev_x", "prev_y", "fx", "fy")

    def __init__(self, x: int, y: int) -> None:
        self.x = x
        self.y = y
        self.vx = 0
        self.vy = 0
        self.prev_x = x
        self.prev_y = y
        self.fx = 0   # facing: the last non-zero stick direction, each in -1..1
        self.fy = 1


_OPEN2: dict[tuple[bytes, int], bytes] = {}
_FREE4: dict[tuple[bytes, int], bytes] = {}


def _open2(c: bytes, w: int, h: int) -> bytes:
    """open2 of a level's cells (made once per level: every match of it asks)."""
    found = _OPEN2.get((c, w))
    if found is None:
        if len(_OPEN2) >= 8:
            _OPEN2.clear()
        found = _OPEN2[(c, w)] = bytes(
            1 if tx + 1 < w and ty + 1 < h and not (c[ty * w + tx] or c[ty * w + tx + 1] or
                                                   c[(ty + 1) * w + tx] or c[(ty + 1) * w + tx + 1]) else 0
            for ty in range(h) for tx in range(w))
    return found


def _free4(c: bytes, w: int, h: int) -> bytes:
    """free4 of a level's cells (made once per level, as open2)."""
    found = _FREE4.get((c, w))
    if found is None:
        if len(_FREE4) >= 8:
            _FREE4.clear()
        out = bytearray(4 * w * h)
        for ty in range(h):
            for tx in range(w):
                for kx in (0, 1):
                    for ky in (0, 1):
                        if tx + kx < w and ty + ky < h and not any(
                                c[(ty + j) * w + tx + i] for i in range(kx + 1) for j in range(ky + 1)):
                            out[(ty * w + tx) * 4 + kx * 2 + ky] = 1
        found = _FREE4[(c, w)] = bytes(out)
    return found


class Grid:
    """The level's solid cells, flattened for fast look-ups (off the map counts as solid)."""

    __slots__ = ("w", "h", "unit", "cells", "open2", "free4")

    def __init__(self, solid: tuple[bytes, ...], tile_size: int) -> None:
        self.h = len(solid)
        self.w = len(solid[0]) if solid else 0
        self.unit = tile_size * FP
        self.cells = b"".join(solid)
        # open2[ty * w + tx] = 1: the 2x2 cells from (tx, ty) are all open. A box no wider than a
        # cell whose top-left corner lies in cell (tx, ty) touches only those: one look-up
        # instead of four (the common case of `move_bodies`; the last row and column stay 0).
        self.open2 = _open2(self.cells, self.w, self.h)
        # free4[(ty * w + tx) * 4 + kx * 2 + ky] = 1: the (kx + 1) x (ky + 1) cells from (tx, ty)
        # are all open and on the map. A box beside a wall seldom touches it: most boxes that
        # miss open2 span one column or one row of open cells, found here without a call.
        self.free4 = _free4(self.cells, self.w, self.h)

    def solid(self, tx: int, ty: int) -> bool:
        if 0 <= tx < self.w and 0 <= ty < self.h:
            return self.cells[ty * self.w + tx] == 1
        return True

    def box_blocked(self, x0: int, y0: int, x1: int, y1: int) -> bool:
        """Is any cell under the half-open unit box [x0,x1) x [y0,y1) solid?"""
        u = self.unit
        w = self.w
        tx0, tx1 = x0 // u, (x1 - 1) // u
        ty0, ty1 = y0 // u, (y1 - 1) // u
        if tx0 < 0 or ty0 < 0 or tx1 >= w or ty1 >= self.h:
            return True
        c = self.cells
        if tx1 - tx0 <= 1 and ty1 - ty0 <= 1:  # an avatar or a pile: at most 2x2 cells
            r0, r1 = ty0 * w, ty1 * w
            return bool(c[r0 + tx0] or c[r0 + tx1] or c[r1 + tx0] or c[r1 + tx1])
        for ty in range(ty0, ty1 + 1):
            row = ty * w
            for tx in range(tx0, tx1 + 1):
                if c[row + tx]:
                    return True
        return False


def target_velocity(dx: int, dy: int, top: int) -> tuple[int, int]:
    """The stick as a velocity: magnitude capped to top speed (no faster diagonals)."""
    m2 = dx * dx + dy * dy
    if m2 <= STICK_MAX * STICK_MAX:
        return dx * top // STICK_MAX, dy * top // STICK_MAX
    m = isqrt(m2)
    return dx * top // m, dy * top // m


def approach(v: int, target: int, step: int) -> int:
    if v < target:
        return min(target, v + step)
    if v > target:
        return max(target, v - step)
    return v


def move_axis(grid: Grid, body: Body, half: int, dx: int, dy: int) -> bool:
    """Move along one axis (dx or dy is 0); stop flush against a solid cell. True if blocked."""
    if dx:
        nx = body.x + dx
        if grid.box_blocked(nx - half, body.y - half, nx + half, body.y + half):
            body.x = _stop(body.x, nx, dx, grid.unit, half)
            return True
        body.x = nx
        return False
    if dy:
        ny = body.y + dy
        if grid.box_blocked(body.x - half, ny - half, body.x + half, ny + half):
            body.y = _stop(body.y, ny, dy, grid.unit, half)
            return True
        body.y = ny
    return False


def move_body(grid: Grid, b: Body, half: int) -> None:
    """One tick's move at the body's velocity: x, then y, exactly as two `move_axis` calls (a
    blocked axis loses its speed)."""
    move_bodies(grid, (b,), half)


def move_bodies(grid: Grid, bodies: Iterable[Body], half: int) -> None:
    """Each body's move for one tick, in one pass: x, then y, exactly as two `move_axis` calls
    (a blocked axis loses its speed). Every walking avatar runs this every tick: a box inside
    a wholly open 2x2 block of cells (`Grid.open2`: nearly every step away from a wall) is
    cleared with one inlined look-up; one beside a wall that spans only open cells with one
    more (`Grid.free4`); only a step into a wall asks `box_blocked`. The x and y
    moves share that form (timed: spelling each axis's cell test out twice gained nothing)."""
    u, w, h, open2, free4 = grid.unit, grid.w, grid.h, grid.open2, grid.free4
    wl, hl = w - 1, h - 1
    size = 2 * half
    last = size - 1       # the box's last unit inside it (the box is half-open)
    fits = size <= u      # a box of at most one cell's width touches at most 2x2 cells
    spans = fits and size > 0
    for b in bodies:
        vx, vy = b.vx, b.vy
        if vx:
            nx = b.x + vx
            x0, y0 = nx - half, b.y - half
            tx0, ty0 = x0 // u, y0 // u
            if fits and 0 <= tx0 < wl and 0 <= ty0 < hl and open2[ty0 * w + tx0]:
                b.x = nx
            elif spans and 0 <= tx0 < w and 0 <= ty0 < h and free4[
                    (ty0 * w + tx0) * 4 + ((x0 + last) // u - tx0) * 2 + (y0 + last) // u - ty0]:
                b.x = nx
            elif grid.box_blocked(x0, y0, x0 + size, y0 + size):
                b.x = _stop(b.x, nx, vx, u, half)
                b.vx = 0
            else:
                b.x = nx
        if vy:
            ny = b.y + vy
            x0, y0 = b.x - half, ny - half
            tx0, ty0 = x0 // u, y0 // u
            if fits and 0 <= tx0 < wl and 0 <= ty0 < hl and open2[ty0 * w + tx0]:
                b.y = ny
            elif spans and 0 <= tx0 < w and 0 <= ty0 < h and free4[
                    (ty0 * w + tx0) * 4 + ((x0 + last) // u - tx0) * 2 + (y0 + last) // u - ty0]:
                b.y = ny
            elif grid.box_blocked(x0, y0, x0 + size, y0 + size):
                b.y = _stop(b.y, ny, vy, u, half)
                b.vy = 0
            else:
                b.y = ny


def _stop(pos: int, new: int, v: int, u: int, half: int) -> int:
    """Where a body at `pos` moving by `v` towards `new` on one axis stops, flush against the
    cell that blocks it."""
    if v > 0:
        edge = ((new + half - 1) // u) * u - half    # the blocking cell's near edge
        return max(pos, edge) if edge <= new else pos
    edge = ((new - half) // u + 1) * u + half
    return min(pos, edge) if edge >= new else pos


def separate(grid: Grid, bodies: list[Body], half: int, share: int, stride: int = 0) -> int:
    """Soft pushing: overlapping avatars each give way by a share of the overlap, walls respected.

    Returns how many of the next passes may be skipped: with no body moving more than
    `stride` / 2 per axis a tick (twice the top speed), a pair this far apart cannot come
    within reach sooner (0 when `stride` is 0, or a pair is close)."""
    reach = 2 * half
    # The least, over the pairs, of how far apart the centres are along the axis that ruled the
    # pair out: no pair is nearer than that on both axes. Most ticks no pair is close.
    gap = 1 << 62
    pushed = False
    # Pairs in the order of the nested i < j loop (`combinations` keeps it), read live: a push
    # moves a body before its later pairs are checked. Half the cost of indexing by hand.
    for a, b in combinations(bodies, 2):
        ddx = b.x - a.x
        if ddx >= reach or ddx <= -reach:
            if ddx < gap and -ddx < gap:
                gap = ddx if ddx > 0 else -ddx
            continue      # most pairs stop here: far apart along x
        ddy = b.y - a.y
        if ddy >= reach or ddy <= -reach:
            if ddy < gap and -ddy < gap:
                gap = ddy if ddy > 0 else -ddy
            continue
        gap = 0
        d2 = ddx * ddx + ddy * ddy
        if d2 >= reach * reach:
            continue
        pushed = True
        d = isqrt(d2)
        if d == 0:  # exactly on top of each other: split along x, by seat order
            ddx, ddy, d = 1, 0, 1
        push = ((reach - d) * share >> 8) + 1
        px = ddx * push // d
        py = ddy * push // d
        move_axis(grid, a, half, -px, 0)
        move_axis(grid, a, half, 0, -py)
        move_axis(grid, b, half, px, 0)
        move_axis(grid, b, half, 0, py)
    if pushed or stride <= 0 or gap < reach:
        return 0
    # Each tick a pair's centres come at most `stride` nearer along either axis.
    return (gap - reach) // stride

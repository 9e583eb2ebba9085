"""Shoppers standing together are drawn a little apart, so every one stays in sight.

On a small map (six seats) a shopper's sprite is bigger than its body in the simulation: bodies
that stand side by side at the Starting Table or a dresser would be drawn on top of each other.
`spread` nudges where each is drawn (screen px) until none is closer than a gap to another, each
by no more than a limit: a soft separation for the eye only. The simulation, its hash and the
replays never see it. Pure arithmetic: no pygame.
"""
from __future__ import annotations

import math
from typing import Sequence

ROUNDS = 10          # relaxation passes: plenty for six shoppers in one heap


def spread(points: Sequence[tuple[float, float]], gap: float, limit: float) -> list[tuple[float, float]]:
    """Per point, the offset (dx, dy) that draws it at least about `gap` from every other, each
    offset at most `limit` long. Points already apart get (0, 0); points on one spot fan out
    round it in their order (the same spot always fans out the same way)."""
    n = len(points)
    at = [list(p) for p in points]
    for i in range(n):     # a heap on one spot: start them round a small circle, in seat order
        for j in range(i):
            if math.dist(at[i], at[j]) < 0.5:
                a = 2 * math.pi * i / n
                at[i][0] += math.cos(a) * 0.5
                at[i][1] += math.sin(a) * 0.5
    for _ in range(ROUNDS):
        moved = False
        for i in range(n):
            for j in range(i + 1, n):
                dx, dy = at[j][0] - at[i][0], at[j][1] - at[i][1]
                d = math.hypot(dx, dy)
                if d >= gap or d == 0.0:
                    continue
                push = (gap - d) / 2
                ux, uy = dx / d, dy / d
                at[i][0] -= ux * push
                at[i][1] -= uy * push
                at[j][0] += ux * push
                at[j][1] += uy * push
                moved = True
        _limit(at, points, limit)
        if not moved:
            break
    return [(x - p[0], y - p[1]) for (x, y), p in zip(at, points)]


def _limit(at: list[list[float]], points: Sequence[tuple[float, float]], limit: float) -> None:
    """No one drawn further than `limit` from where they stand."""
    for q, p in zip(at, points):
        dx, dy = q[0] - p[0], q[1] - p[1]
        d = math.hypot(dx, dy)
        if d > limit:
            q[0], q[1] = p[0] + dx * limit / d, p[1] + dy * limit / d


def ease(old: tuple[float, float] | None, new: tuple[float, float], rate: float) -> tuple[float, float]:
    """An offset moved `rate` of the way from `old` to `new` (once per tick, so a shopper slides
    aside rather than jumps); the new one at once when there was none."""
    if old is None:
        return new
    return old[0] + (new[0] - old[0]) * rate, old[1] + (new[1] - old[1]) * rate


class Apart:
    """The offsets a crowd is drawn with, eased towards `spread`'s once per tick (so a shopper
    slides aside rather than jumps), per seat."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self._offsets: dict[int, tuple[float, float]] = {}
        self._tick = -1

    def offsets(self, seats: Sequence[int], points: Sequence[tuple[float, float]], gap: float, limit: float,
                tick: int) -> list[tuple[int, int]]:
        """Per seat (in `seats`' order, standing at `points`), its offset this frame in whole px."""
        target = spread(points, gap, limit)
        if tick != self._tick:
            self._tick = tick
            self._offsets = {seat: ease(self._offsets.get(seat), goal, self.rate) for seat, goal in zip(seats, target)}
        return [(round(self._offsets.get(seat, goal)[0]), round(self._offsets.get(seat, goal)[1]))
                for seat, goal in zip(seats, target)]

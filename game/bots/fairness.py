"""How fair a level's seats are: how far each seat walks, measured the way the bots walk.

Each seat starts on its spawn (seat N on spawn N, as the mall puts them). From there it walks
to every destination a round sends people to: each pile spot (piles are dealt onto them at
random), the Starting Table (the Rush, Memory) and each dresser chair (Tidying Up). The walk
is the bots' own path length on the walk grid (pathfind.NavGrid: 8-way steps, no corner
cutting), in tiles. A seat's average is the mean over all those destinations; a seat count's
fairness figure is its worst seat's average over its best seat's: 1.00 is perfectly fair,
above WARN_ABOVE one seat starts noticeably further from everything than another.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.bots.pathfind import UNREACHABLE, Field, NavGrid
from game.match.seats import MAX_SEATS
from game.files.levels import Level

WARN_ABOVE = 1.10
STEP = 10   # NavGrid's cost of one orthogonal step


class UnfairLevel(ValueError):
    """A seat that cannot reach a destination at all: one line naming the seat and the place."""


@dataclass(frozen=True)
class SeatWalk:
    """Average walks (tiles) from one seat's spawn."""

    seat: int          # 1-based, as players count them
    piles: float       # to each pile spot, averaged
    table: float       # to the nearest side of the Starting Table
    dressers: float    # to each dresser chair, averaged
    average: float     # over every destination above (each pile spot, the table, each chair)


@dataclass(frozen=True)
class SeatCount:
    seats: int
    walks: tuple[SeatWalk, ...]

    @property
    def figure(self) -> float:
        """Worst seat's average over the best seat's (1.00 when they all walk as far)."""
        averages = [w.average for w in self.walks]
        return max(averages) / min(averages) if min(averages) > 0 else float("inf")

    @property
    def fair(self) -> bool:
        return self.figure <= WARN_ABOVE


def seat_counts(level: Level) -> range:
    """The seat counts a level is played at: 2 up to as many seats as it has spawns (at most 6)."""
    return range(2, min(MAX_SEATS, len(level.spawns)) + 1)


def measure(level: Level) -> list[SeatCount]:
    """The walks of every seat at every seat count (UnfairLevel if a seat cannot reach something)."""
    nav = NavGrid(tuple(bytes(1 - cell for cell in row) for row in level.solid), level.tile_size)
    ts = level.tile_size
    piles = [(f"pile spot at tile ({x // ts},{y // ts})", nav.field((nav.index(x, y),)).finish())
             for x, y in level.pile_spots]
    table = ("the Starting Table", nav.field(nav.tiles_beside(level.table_rect)).finish())
    chairs = [(f"dresser chair at tile ({x // ts},{y // ts})",
               nav.field(nav.tiles_beside((x - ts // 2, y - ts // 2, ts, ts))).finish()) for x, y in level.chairs]
    walks = [_walk(nav, seat, level.spawns[seat - 1], piles, table, chairs)
             for seat in range(1, seat_counts(level).stop)]
    return [SeatCount(n, tuple(walks[:n])) for n in seat_counts(level)]


def _walk(nav: NavGrid, seat: int, spawn: tuple[int, int], piles: list[tuple[str, Field]],
          table: tuple[str, Field], chairs: list[tuple[str, Field]]) -> SeatWalk:
    start = nav.index(*spawn)

    def tiles(target: tuple[str, Field]) -> float:
        where, field = target
        if field.dist[start] >= UNREACHABLE:
            raise UnfairLevel(f"seat {seat} cannot walk from its spawn to the {where}")
        return field.dist[start] / STEP

    to_piles = [tiles(p) for p in piles]
    to_table = tiles(table)
    to_chairs = [tiles(c) for c in chairs]
    every = [*to_piles, to_table, *to_chairs]
    return SeatWalk(seat, _mean(to_piles), to_table, _mean(to_chairs), _mean(every))


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def report(level: Level) -> tuple[list[str], list[str]]:
    """--check-level's fairness table (lines for standard output) and its warnings (one line each)."""
    counts = measure(level)
    lines = ["fairness: walk in tiles from each seat's spawn, averaged over every pile spot, the Starting "
             "Table and each dresser chair",
             "  seats  figure  " + "  ".join(f"seat {n}" for n in range(1, counts[-1].seats + 1))]
    warnings = []
    for count in counts:
        mark = "!" if not count.fair else " "
        cells = "  ".join(f"{w.average:6.1f}" for w in count.walks)
        lines.append(f"  {count.seats:5d}  {count.figure:5.2f}{mark}  {cells}")
        if not count.fair:
            worst = max(count.walks, key=lambda w: w.average)
            best = min(count.walks, key=lambda w: w.average)
            warnings.append(f"at {count.seats} seats seat {worst.seat} walks {count.figure - 1:.0%} further than "
                            f"seat {best.seat} (fairness {count.figure:.2f}, above {WARN_ABOVE:.2f}): "
                            f"move the spawns so each seat starts as far from everything")
    full = counts[-1]
    lines.append(f"  at {full.seats} seats, to the piles / the Starting Table / the dressers:")
    lines += [f"    seat {w.seat}: {w.piles:.1f} / {w.table:.1f} / {w.dressers:.1f}" for w in full.walks]
    return lines, warnings

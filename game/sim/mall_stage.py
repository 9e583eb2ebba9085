"""Stage directions over the mall (screenshots, the frame benchmark, warm-up and tests): a round
played out at once. Not a player's move: it acts on the rulebook directly, knowing every card,
which is why it lives beside the simulation rather than in a scene."""
from __future__ import annotations

import dataclasses
import random
from typing import Sequence

from game.match.commands import Button, Command
from game.rules.soldout.autoplay import Bot, play_round_out
from game.sim.mall import MallSim
from game.sim.mall_face import MallFace
from game.sim.mall_floor import search_offsets
from game.sim.physics import Body
from game.sim.tuning import FP


def play_out_round(face: MallFace, seed: int = 0, limit: int = 20000, freeze_ticks: int | None = None) -> None:
    """Finish the current round quickly for a results screenshot or test: the rules engine's
    honest autoplayers act on the round directly, then the sim runs its SOLD OUT! freeze.

    Piles are not walked around the map here (they stay where they last lay). With
    `freeze_ticks` it stops that many ticks into the SOLD OUT! freeze."""
    sim = _mall(face)
    while sim.phase in ("study", "countdown"):
        sim.step({seat: Command(pressed=Button.A) for seat in sim.seats})
    rnd = sim.round
    play_round_out(rnd, [Bot(p, random.Random(seed * 97 + p)) for p in range(rnd.players)], limit, "stopped")
    sim.floor.keep_only(list(rnd.piles))
    steps = 0
    while sim.phase in ("playing", "sold_out") and (freeze_ticks is None or steps <= freeze_ticks):
        sim.step({})
        steps += 1


def gather(face: MallFace, x: int, y: int) -> None:
    """Every shopper shoulder to shoulder round (x, y) (level px), bodies touching, on the floor
    (never in a wall or furniture): the crowd at the Starting Table or a dresser, staged for a
    screenshot or a test of the drawing. Each takes the nearest free spot, in seat order."""
    sim = _mall(face)
    half = sim.t.half
    grid = sim.floor.grid
    taken: list[tuple[int, int]] = []
    for av in sim.avatars:
        for dx, dy in search_offsets(160):
            cx, cy = (x + dx) * FP, (y + dy) * FP
            if grid.box_blocked(cx - half, cy - half, cx + half, cy + half):
                continue
            if all(max(abs(cx - ox), abs(cy - oy)) >= 2 * half for ox, oy in taken):
                break
        taken.append((cx, cy))
        av.body = Body(cx, cy)
    sim.crowd.placed(sim.avatars)


def score_last_round_as(face: MallFace, side_scores: Sequence[int]) -> None:
    """The round just played scored `side_scores` instead (a podium screenshot's tie, or nobody
    scoring), in a match of one round: its result, the totals and the mall's last result agree."""
    sim = _mall(face)
    match = sim.match
    match.results[-1] = dataclasses.replace(match.results[-1], side_scores=tuple(side_scores))
    match.totals[:] = side_scores
    sim.last_result = match.results[-1]


def _mall(face: MallFace) -> MallSim:
    if not isinstance(face, MallSim):
        raise TypeError(f"a stage direction acts on the mall itself, not on {type(face).__name__}")
    return face

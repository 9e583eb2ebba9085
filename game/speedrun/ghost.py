"""The PB's ghost: where the PB's runner stood on every tick, re-simulated from its replay.

The ghost is aligned on the timer, not on the simulation clock: at in-game time
t the ghost shows the PB at its own in-game time t, so waiting after the
countdown never hands the ghost a head start. Before the runner's timer starts
the ghost waits where the PB stood when its timer started; after the PB
finished it stays where it finished.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dataclasses import dataclass

from game.driver.replay import read_replay
from game.match import games
from game.speedrun.session import RunSession
from game.speedrun.verify import check_setup

if TYPE_CHECKING:
    from game.sim.mall_face import MallForGhost


@dataclass(frozen=True)
class GhostFrame:
    x: int
    y: int
    holding: bool     # carrying a pile or a card (drawn with a bundle)


class Ghost:
    def __init__(self, frames: list[GhostFrame], start_tick: int, end_tick: int | None, seed: int) -> None:
        self.frames = frames            # frames[k] = the PB after simulation tick k (k = 0: before any)
        self.start_tick = start_tick    # the PB timer's first tick
        self.end_tick = end_tick
        self.seed = seed

    def frame(self, igt: int, started: bool) -> GhostFrame:
        """The ghost at the runner's in-game time `igt` (ticks counted so far)."""
        if not started:
            k = self.start_tick - 1
        else:
            k = self.start_tick + igt - 1
        return self.frames[max(0, min(k, len(self.frames) - 1))]

    def finished(self, igt: int) -> bool:
        return self.end_tick is not None and self.start_tick + igt - 1 >= self.end_tick


def _snapshot(sim: "MallForGhost") -> GhostFrame:
    av = sim.by_seat[0]
    x, y = av.pos
    return GhostFrame(x, y, sim.held_pile(0) is not None or sim.carried(0) is not None)


def ghost_from_replay(text: str) -> Ghost | None:
    """Re-simulate a PB replay (Sold Out! only: the mall has avatars); None if it has no ghost to show.
    A replay that cannot be played (damaged, older rules) raises ReplayError or VerifyError: the PB keeps
    its time, the runner is told why no ghost runs."""
    replay = read_replay(text)
    game = games.find(replay.header.get("game"))
    if game is None or not game.ghosts:
        return None
    session = RunSession(check_setup(replay))
    frames = [_snapshot(session.mall())]
    for commands in replay.ticks():   # the loop of verify.simulate(), keeping a frame per tick
        if session.over:
            break
        session.step(commands[0])
        frames.append(_snapshot(session.mall()))
    if session.timer.start_tick is None:
        return None
    return Ghost(frames, session.timer.start_tick, session.timer.end_tick, replay.header["seed"])

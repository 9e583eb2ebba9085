"""Practice one segment from the exact state the PB had at the split before it.

`PracticePlan(setup, pb_replay, segment)` re-simulates the PB's recorded
commands (the verifier's loop) up to the split that opens `segment`, then
hands the session over: the runner plays on from there, with the PB's timer
still running, so the segment's time is measured exactly as in a real run
(`splits.segment(segment)`). Segment 0 hands over at GO. A practice session
is never saved as a run: no PB, no attempt count, no best segment.
"""
from __future__ import annotations

from game.text.notice import N_, Notice, message_of
from game.driver.replay import ReplayError, read_replay
from game.speedrun.categories import RunSetup
from game.speedrun.session import ReplayMismatch, RunSession
from game.speedrun.splits import Comparison


class PracticeError(Exception):
    """The PB cannot be practised from (no replay, another seed, a damaged file); str() is one line."""


class PracticePlan:
    def __init__(self, setup: RunSetup, pb_replay: str, segment: int, names: list[str]) -> None:
        try:
            replay = read_replay(pb_replay)
        except ReplayError as exc:
            raise PracticeError(Notice(N_("the PB's replay cannot be read: {error}"), error=message_of(exc))) from None
        if replay.header.get("seed") != setup.seed:
            raise PracticeError(Notice(N_("the PB was run on another seed")))
        if not 0 <= segment < len(names):
            raise PracticeError(Notice(N_("there is no segment {n}"), n=segment + 1))
        self.setup = setup
        self.segment = segment
        self.names = list(names)
        self.ticks = list(replay.ticks())

    @property
    def name(self) -> str:
        return self.names[self.segment]

    def session(self, comparison: Comparison | None = None) -> RunSession:
        """A fresh session at the PB's state where the segment starts (PracticeError if the PB
        never gets there: a replay from another build)."""
        session = RunSession(self.setup, comparison)
        for commands in self.ticks:
            if self._arrived(session):
                return session
            try:
                session.step(commands[0], recorded=commands)
            except ReplayMismatch as exc:
                raise PracticeError(message_of(exc)) from None
            if session.over:
                break
        if self._arrived(session):
            return session
        raise PracticeError(Notice(N_("the PB's replay never reaches {split}"), split=self.name))

    def _arrived(self, session: RunSession) -> bool:
        if session.over:
            return False
        if self.segment == 0:
            return session.course.playing()        # GO: the runner's first input starts the timer
        return len(session.splits.times) == self.segment

    def result(self, session: RunSession) -> int | None:
        """The practised segment's time once it is done (None until then, or if the run ended first)."""
        if len(session.splits.times) > self.segment:
            return session.splits.segment(self.segment)
        return None

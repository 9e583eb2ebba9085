"""One speedrun attempt without a screen: the simulation, the timer, the splits and the recording.

The live run scene and the verifier (`verify.py`) both drive a `RunSession`
tick by tick, so a verified time is computed by exactly the code that timed the
run. A game plugs in through a small "course" adapter (`courses.py`): it builds
the simulation, says how far the runner has got (progress, for splits) and
whether the run is complete.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from game.driver.match_driver import recorder
from game.match.commands import IDLE, Command
from game.text.notice import N_, Notice
from game.sim.mall_face import MallFace
from game.sim.table_face import TableFace
from game.speedrun.categories import RunSetup, spec_for
from game.speedrun.courses import CheckOutCourse, SoldOutCourse, course_for
from game.speedrun.splits import Comparison, Splits
from game.speedrun.timer import RunTimer

RUNNER_SEAT = 0


class ReplayMismatch(Exception):
    """A replay's recorded bot commands differ from what the course's bots do."""


@dataclass
class RunOutcome:
    """How an attempt ended: complete (a time), or not (dnf reason)."""

    complete: bool
    ticks: int | None
    flags: list[str] = field(default_factory=list)
    reason: str = ""           # DNF: why
    state_hash: str = ""


class RunSession:
    """Drive with `step(command)` once per simulated tick (the runner's Command)."""

    def __init__(self, setup: RunSetup, comparison: Comparison | None = None, runner_name: str = "Runner") -> None:
        self.setup = setup
        self.spec = spec_for(setup, runner_name)
        self.course = course_for(self.spec)
        self.sim = self.course.sim
        self.timer = RunTimer()
        self.splits = Splits(self.course.split_names(), comparison)
        self.split_items: list[str] = []   # what each split was (the item delivered ...)
        # The course's seats (the runner's, its bots') play through the one match driver, recorded.
        self.driver = self.course.new_driver(recorder(self.spec))
        self.outcome: RunOutcome | None = None
        self._progress = 0

    # ----- state for the HUD -------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    def mall(self) -> MallFace:
        """A Sold Out! run's simulation (TypeError for a Check Out! run)."""
        course = self.course
        if not isinstance(course, SoldOutCourse):
            raise TypeError(f"a Sold Out! run plays in the mall, not on {type(course).__name__}")
        return course.sim

    def table(self) -> TableFace:
        """A Check Out! run's simulation (TypeError for a Sold Out! run)."""
        course = self.course
        if not isinstance(course, CheckOutCourse):
            raise TypeError(f"a Check Out! run plays at the table, not on {type(course).__name__}")
        return course.sim

    def final(self) -> RunOutcome:
        """The finished attempt's outcome (asking while it runs is a mistake: RuntimeError)."""
        if self.outcome is None:
            raise RuntimeError("the attempt is still running")
        return self.outcome

    @property
    def sim_tick(self) -> int:
        return self.course.tick

    def igt(self) -> int:
        """In-game ticks so far."""
        return self.timer.elapsed(self.course.tick)

    def flags(self) -> list[str]:
        """Every reason this run cannot be a main-category PB, as known now."""
        out = self.setup.flags()
        if self.course.mistakes():
            out.append("mistake")
        return out

    # ----- the tick ---------------------------------------------------------------
    def step(self, command: Command = IDLE, recorded: list[Command] | None = None) -> None:
        """One tick. After the run is over the world keeps moving (the SOLD OUT! freeze),
        but nothing more is recorded or timed. `recorded` (verification): the replay's commands
        for this tick; the course's bots must have played exactly those (ReplayMismatch if not)."""
        driver = self.driver
        if self.outcome is not None:
            driver.play(driver.gather({RUNNER_SEAT: IDLE}), record=False)
            return
        commands = driver.gather({RUNNER_SEAT: command})
        if recorded is not None and recorded != [commands[key] for key in driver.keys]:
            raise ReplayMismatch(Notice(N_("tick {tick}: the replay's bots did not play as this version's bots "
                                           "do (the replay was edited or made by another build)"),
                                        tick=self.course.tick + 1))
        self.timer.tick(self.course.tick + 1, self.course.playing(), command != IDLE or self.course.starts_on_go)
        driver.play(commands)
        self._observe()

    def _observe(self) -> None:
        if not self.timer.started:
            return
        now = self.course.tick
        progress, item = self.course.progress()
        while progress > self._progress:   # one split per step of progress (never more than one a tick)
            self._progress += 1
            self.splits.split(self.timer.at(now))
            self.split_items.append(item)
        verdict = self.course.verdict()
        if verdict is None:
            return
        complete, reason = verdict
        if complete:
            if not self.splits.done:   # the completing step is always the last split
                last = len(self.splits.names) - 1
                if self.splits.index < last:   # finished early (SOLD OUT! short of a full hand):
                    # the call keeps its own name; the items never reached are not rows
                    self.splits.names = self.splits.names[:self.splits.index] + [self.splits.names[last]]
                self.splits.split(self.timer.at(now))
                self.split_items.append(item)
            self.timer.stop(now)
        flags = self.flags()
        if complete and reason:
            flags.append("mistake") if "mistake" not in flags else None
        self.outcome = RunOutcome(complete, self.timer.elapsed(now) if complete else None, flags,
                                  reason, self.course.state_hash())

    def abandon(self, reason: str = "reset") -> None:
        """The runner reset or quit: the attempt ends without a time."""
        if self.outcome is None:
            self.outcome = RunOutcome(False, None, self.flags(), reason, self.course.state_hash())

    def replay_text(self) -> str:
        writer = self.driver.writer
        return writer.text() if writer is not None else ""

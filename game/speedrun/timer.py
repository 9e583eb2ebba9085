"""The in-game timer: whole simulation ticks, never the wall clock.

Rule (the same live and in the verifier): the timer starts on the first tick of
the playing phase on which the runner gives any input (stick or button), and
stops on the tick the run is complete. (Check Out! starts on GO instead: its
bot plays from GO, so waiting must not be free.) Both of those ticks count, so a run's
time is `end_tick - start_tick + 1` ticks. Ticks the simulation does not step
(the pause menu) are not counted: in-game time stops with the game.
"""
from __future__ import annotations

from game import TICK_RATE


def format_ticks(ticks: int | None, sign: bool = False) -> str:
    """Ticks as m:ss.hh (h:mm:ss.hh past an hour); hundredths are truncated, as timers do.

    With sign=True the result starts with + or - (a delta); None is shown as '-'.
    """
    if ticks is None:
        return "-"
    prefix = ""
    if sign:
        prefix = "-" if ticks < 0 else "+"
    ticks = abs(ticks)
    hundredths = ticks * 100 // TICK_RATE
    seconds, hh = divmod(hundredths, 100)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    if hours:
        return f"{prefix}{hours}:{mm:02d}:{ss:02d}.{hh:02d}"
    if sign and not minutes:
        return f"{prefix}{ss}.{hh:02d}"   # deltas under a minute read like LiveSplit's: +1.25
    return f"{prefix}{minutes}:{ss:02d}.{hh:02d}"


def format_ms(ms: float | None) -> str:
    """Real time (milliseconds) in the same m:ss.hh shape."""
    if ms is None:
        return "-"
    hundredths = int(ms // 10)
    seconds, hh = divmod(hundredths, 100)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    if hours:
        return f"{hours}:{mm:02d}:{ss:02d}.{hh:02d}"
    return f"{minutes}:{ss:02d}.{hh:02d}"


class RunTimer:
    """Counts in-game ticks. Call `tick(sim_tick, playing, had_input)` once per simulated tick,
    before stepping (so `playing` is the phase the input will be played in), then `stop(sim_tick)`
    on the tick the run completes."""

    def __init__(self) -> None:
        self.start_tick: int | None = None   # the simulation tick the timer started on
        self.end_tick: int | None = None

    @property
    def running(self) -> bool:
        return self.start_tick is not None and self.end_tick is None

    @property
    def started(self) -> bool:
        return self.start_tick is not None

    @property
    def finished(self) -> bool:
        return self.end_tick is not None

    def tick(self, sim_tick: int, playing: bool, had_input: bool) -> None:
        """`sim_tick` is the number the simulation's tick will have once stepped."""
        if self.start_tick is None and playing and had_input:
            self.start_tick = sim_tick

    def stop(self, sim_tick: int) -> None:
        if self.start_tick is not None and self.end_tick is None:
            self.end_tick = sim_tick

    def elapsed(self, sim_tick: int) -> int:
        """In-game ticks so far at `sim_tick` (the last stepped tick); 0 before the start."""
        if self.start_tick is None:
            return 0
        last = self.end_tick if self.end_tick is not None else sim_tick
        return max(0, last - self.start_tick + 1)

    def at(self, sim_tick: int) -> int:
        """The run time of an event that happened on `sim_tick` (a split)."""
        assert self.start_tick is not None
        return sim_tick - self.start_tick + 1

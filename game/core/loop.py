"""Fixed-timestep accumulator (Fiedler, "Fix Your Timestep!").

Pure arithmetic, no pygame and no clock: the app measures real frame time with
time.perf_counter() and feeds it here; this class says how many simulation
ticks to run and how far between the last two ticks the frame falls (alpha).
"""
from __future__ import annotations

from game import TICK_RATE


class FixedStep:
    """Turns variable frame times into a whole number of fixed ticks.

    dt: the tick length in seconds. max_frame: a frame longer than this (a
    stall, a dragged window, a breakpoint) counts as max_frame, so the game
    slows down instead of spiralling into ever more catch-up ticks.
    """

    def __init__(self, dt: float = 1.0 / TICK_RATE, max_frame: float = 0.25) -> None:
        if dt <= 0 or max_frame < dt:
            raise ValueError("need 0 < dt <= max_frame")
        self.dt = dt
        self.max_frame = max_frame
        self.accumulator = 0.0
        self.ticks = 0  # ticks handed out so far

    @property
    def max_steps(self) -> int:
        """The most ticks one frame can produce (the clamp, in ticks)."""
        return int(self.max_frame / self.dt) + 1

    def advance(self, frame_seconds: float) -> int:
        """Add one frame's real time; return how many ticks to simulate now."""
        frame = min(max(frame_seconds, 0.0), self.max_frame)
        self.accumulator += frame
        steps = int(self.accumulator / self.dt)
        self.accumulator -= steps * self.dt
        # Float rounding can leave the remainder a hair below zero or at dt.
        if self.accumulator < 0.0:
            self.accumulator = 0.0
        self.ticks += steps
        return steps

    def tick_times(self, now: float, steps: int) -> list[float]:
        """The real time each of a frame's `steps` ticks stands for: a tick apart, the last at `now`
        (when the frame read its input), so what was read belongs to the frame's last tick."""
        return [now - (steps - 1 - i) * self.dt for i in range(steps)]

    @property
    def alpha(self) -> float:
        """Where the frame falls between the previous and the current tick, in [0, 1)."""
        return min(self.accumulator / self.dt, 0.999999)

    def reset(self) -> None:
        """Forget banked time (after a scene change that took long to load)."""
        self.accumulator = 0.0

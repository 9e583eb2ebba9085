"""The window loop's timing: the fixed-timestep accumulator (Fiedler, "Fix Your Timestep!") and
the read point, where in each display refresh the loop reads input (docs/PERFORMANCE.md, "The frame").

Pure arithmetic, no pygame and no clock: the app measures real time with time.perf_counter()
and feeds it here. FixedStep says how many simulation ticks to run and how far between the last
two ticks the frame falls (alpha); ReadPoint says when the next frame should read input.
"""
from __future__ import annotations

import math
from collections import deque

from game import TICK_RATE


class FixedStep:
    """Turns variable frame times into a whole number of fixed ticks.

    dt: the tick length in seconds. max_frame: a frame longer than this (a
    stall, a dragged window, a breakpoint) counts as max_frame, so the game
    slows down instead of spiralling into ever more catch-up ticks.
    """

    def __init__(self, dt: float = 1.0 / TICK_RATE, max_frame: float = 0.25, lead: float = 0.5) -> None:
        if dt <= 0 or max_frame < dt or not 0 <= lead < 1:
            raise ValueError("need 0 < dt <= max_frame and 0 <= lead < 1")
        self.dt = dt
        self.max_frame = max_frame
        self.lead = lead * dt   # how far ahead of real time a press may pull its tick
        self.accumulator = 0.0  # banked real time; below zero after a tick ran early
        self.ticks = 0  # ticks handed out so far

    @property
    def max_steps(self) -> int:
        """The most ticks one frame can produce (the clamp, in ticks)."""
        return int(self.max_frame / self.dt) + 1

    def advance(self, frame_seconds: float, pressed: bool = False) -> int:
        """Add one frame's real time; return how many ticks to simulate now.

        pressed: a button went down or up since the last frame. When the display refreshes a
        little faster than the tick rate (Xvfb's 62.5 Hz, a 75 Hz monitor) or its frames jitter
        around the tick, some frames fall due no tick, and a press read in one would wait a
        whole frame more to be seen. Such a frame runs the next tick early instead, up to
        `lead` of a tick ahead of real time; the frames after it pay the time back, so the
        ticks keep to real time.
        """
        frame = min(max(frame_seconds, 0.0), self.max_frame)
        acc = self.accumulator + frame
        steps = int(acc / self.dt) if acc > 0.0 else 0
        acc -= steps * self.dt
        if steps:
            acc = max(acc, 0.0)   # float rounding can leave the remainder a hair below zero
        elif pressed and acc >= self.dt - self.lead:
            steps = 1
            acc -= self.dt
        self.accumulator = acc
        self.ticks += steps
        return steps

    def tick_times(self, now: float, steps: int) -> list[float]:
        """The real time each of a frame's `steps` ticks stands for: a tick apart, the last at `now`
        (when the frame read its input), so what was read belongs to the frame's last tick."""
        return [now - (steps - 1 - i) * self.dt for i in range(steps)]

    @property
    def alpha(self) -> float:
        """Where the frame falls between the previous and the current tick, in [0, 1)."""
        return min(max(self.accumulator, 0.0) / self.dt, 0.999999)

    def reset(self) -> None:
        """Forget banked time (after a scene change that took long to load)."""
        self.accumulator = 0.0


class ReadPoint:
    """When the window reads input within each display refresh, with vsync.

    A vsync'd present returns at a refresh. A loop that reads input right after it keeps a
    whole refresh between reading a press and showing it, though its work takes a few
    milliseconds: the rest is a frame of buffering, spent waiting inside the next present.
    This reads input `budget` seconds before the refresh the frame aims at instead.

    The budget cannot be measured directly: while a present waits for the refresh, the wait
    hides how long the present itself takes. So it is found from above: it starts at a whole
    refresh (the plain loop: read right after the present) and shrinks a little with each
    refresh up to a present that is on time, never below the longest work seen lately (read to present) plus
    `floor`. A late present (a refresh missed: a frame shown twice) grows it at once by what
    was lost plus `floor`, holds it for `hold` refreshes and halves the rate it shrinks at, so
    misses grow rare where the present is slow (software scaling to a big screen). A present
    after a pause (a menu that presented nothing for a while) only finds the refreshes again.

    Pure arithmetic on the times the loop measures (time.perf_counter seconds).
    """

    LATE = 0.001            # a present returning this long after its refresh missed it

    def __init__(self, refresh: float = 1 / 60, floor: float = 0.002, shrink: float = 0.00002,
                 hold: int = 300, pause: float = 0.5) -> None:
        self.refresh = refresh     # seconds between refreshes (re-measured from the presents)
        self.nominal = refresh     # what the display said it refreshes at
        self.floor = floor
        self.shrink = shrink
        self.min_shrink = shrink / 32
        self.hold = hold
        self.pause = pause         # a present this long after the last one does not judge lateness
        self.budget = refresh      # read this long before the refresh aimed at
        self.target: float | None = None    # the refresh the next frame aims at
        self.returned: float | None = None  # when the last present returned
        self.late = 0              # presents that missed their refresh
        self.on_time = 0
        self._held = 0
        self._on_time = False      # whether the last present came on time
        self._presenting = 0       # frames in a row that presented
        self._work: deque[float] = deque(maxlen=120)
        self._intervals: deque[float] = deque(maxlen=31)   # on time, a refresh apart: the refresh
        self._gaps: deque[float] = deque(maxlen=31)        # any two presents a frame apart

    @property
    def paced(self) -> bool:
        """Whether presents wait for the refresh. A driver may grant vsync and not wait (SDL's
        dummy driver, some virtual machines, a minimised window): presents then come far faster
        than the display said it refreshes, and the loop must pace itself."""
        return len(self._gaps) < 9 or _median(self._gaps) >= self.nominal / 2

    def read_at(self, now: float) -> float:
        """When the next frame should read input (now or earlier: at once). A frame that drew
        nothing still waits for its refresh's read point: the loop keeps to the display."""
        if self.target is None:
            return now
        return self.target - self.lead

    @property
    def lead(self) -> float:
        """How long before the refresh aimed at the frame reads input."""
        return min(self.budget, self.refresh)

    def presented(self, read: float, flip: float, returned: float) -> None:
        """A frame read input at `read`, called the present at `flip`; it returned at `returned`."""
        self._work.append(flip - read)
        last, self.returned = self.returned, returned
        was_on_time, self._on_time = self._on_time, False
        self._presenting += 1
        if self.target is None or last is None or returned - last > self.pause:
            self.target = returned + self.refresh   # nothing to judge by: this present starts the count
            return
        gap = returned - last
        if gap < 1.5 * self.nominal:
            self._gaps.append(gap)   # every present a frame apart: do presents wait at all?
        lateness = returned - self.target
        if lateness <= self.LATE:   # on time (or early: the display's clock moved; follow it)
            # Two presents on time a refresh apart measure the refresh (a late one would
            # lengthen one interval and shorten the next; one that did not wait, shorten it),
            # among frames that all present: a menu presents now and then, and the frames it
            # skips are paced by the estimate itself.
            if was_on_time and self._presenting >= 3 and self.nominal / 2 <= gap < 1.5 * self.nominal:
                self._intervals.append(gap)
                if len(self._intervals) >= 9:
                    self.refresh = _median(self._intervals)
            self._on_time = True
            self.on_time += 1
            self.target = returned + self.refresh
            # Counted in refreshes since the last present, not in presents: a menu presents one
            # frame in four and would otherwise settle (and sit out a hold) four times slower.
            passed = max(1, round(gap / self.refresh))
            if self._held:
                self._held = max(0, self._held - passed)
            else:
                self.budget = max(max(self._work) + self.floor, self.budget - self.shrink * passed)
            return
        self.late += 1
        self._held = self.hold
        self.shrink = max(self.min_shrink, self.shrink / 2)
        # The next refresh: after the one it landed on (a real vsync holds a late present to the
        # next refresh: by how much the frame overran is not seen, so the budget grows by a
        # floor's worth), or after it, where the present does not wait (a simulated vsync: the
        # overrun is the lateness).
        refreshes = lateness / self.refresh
        if abs(refreshes - round(refreshes)) * self.refresh <= self.LATE:
            overrun = self.floor
            self.target += (round(refreshes) + 1) * self.refresh
        else:
            overrun = lateness
            self.target += math.ceil(refreshes) * self.refresh
        self.budget = min(self.refresh, self.budget + overrun + self.floor)

    def skipped(self, now: float) -> None:
        """A frame drew nothing: the next one aims at the next refresh it can still read for."""
        self._presenting = 0
        if self.target is not None:
            while self.target - self.lead <= now:
                self.target += self.refresh


def _median(values: "deque[float]") -> float:
    return sorted(values)[len(values) // 2]

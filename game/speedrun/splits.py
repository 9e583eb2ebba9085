"""Splits: times at each meaningful step, compared with the personal best as runners expect.

Times are cumulative in-game ticks from the timer's start. Comparisons are by
split index (split 3 against the PB's split 3). Colour states follow
LiveSplit's defaults, which runners know by heart:
    best           gold: this segment beat the best segment ever
    ahead_gaining  green: ahead of the PB and this segment was faster than the PB's
    ahead_losing   pale green: still ahead, but this segment lost time
    behind_gaining pale red: behind, but this segment gained time back
    behind_losing  red: behind and losing more
    none           no comparison yet (first run)
"""
from __future__ import annotations

from dataclasses import dataclass, field

STATES = ("best", "ahead_gaining", "ahead_losing", "behind_gaining", "behind_losing", "none")


@dataclass
class Comparison:
    """What a run races: the PB's cumulative split times and the best segment of each split."""

    pb: list[int] = field(default_factory=list)
    best_segments: list[int | None] = field(default_factory=list)

    def pb_at(self, index: int) -> int | None:
        return self.pb[index] if 0 <= index < len(self.pb) else None

    def best_at(self, index: int) -> int | None:
        return self.best_segments[index] if 0 <= index < len(self.best_segments) else None

    def sum_of_best(self, count: int | None = None) -> int | None:
        """Sum of the best segments over `count` splits (all known ones by default); None if any is missing."""
        count = len(self.best_segments) if count is None else count
        segs = [self.best_at(i) for i in range(count)]
        if not segs or any(s is None for s in segs):
            return None
        return sum(segs)  # type: ignore[arg-type]


def segments_of(times: list[int]) -> list[int]:
    """Cumulative split times -> segment lengths."""
    return [t - (times[i - 1] if i else 0) for i, t in enumerate(times)]


def merge_best(best: list[int | None], times: list[int]) -> list[int | None]:
    """Best segments after a run that reached `times` (a shorter run only improves its own splits)."""
    out = list(best)
    for i, seg in enumerate(segments_of(times)):
        if i >= len(out):
            out.append(seg)
        elif out[i] is None or seg < out[i]:  # type: ignore[operator]
            out[i] = seg
    return out


class Splits:
    """A run's splits as they happen."""

    def __init__(self, names: list[str], comparison: Comparison | None = None) -> None:
        self.names = list(names)
        self.comparison = comparison or Comparison()
        self.times: list[int] = []

    @property
    def index(self) -> int:
        """The split being run now (== len(names) when every split is done)."""
        return len(self.times)

    @property
    def done(self) -> bool:
        return len(self.times) >= len(self.names)

    def split(self, time: int) -> int:
        """Record the current split at `time` (cumulative ticks); returns its index."""
        if self.done:
            self.names.append(f"Split {len(self.names) + 1}")
        self.times.append(time)
        return len(self.times) - 1

    def segment(self, index: int) -> int:
        return self.times[index] - (self.times[index - 1] if index else 0)

    def delta(self, index: int) -> int | None:
        """Split time minus the PB's split time (negative = ahead); None without a PB split."""
        pb = self.comparison.pb_at(index)
        if pb is None or index >= len(self.times):
            return None
        return self.times[index] - pb

    def is_best_segment(self, index: int) -> bool:
        best = self.comparison.best_at(index)
        return best is not None and self.segment(index) < best

    def state(self, index: int) -> str:
        """The colour state of a finished split (see module docstring)."""
        if self.is_best_segment(index):
            return "best"
        delta = self.delta(index)
        if delta is None:
            return "none"
        before = self._last_delta(index)
        gained = delta - before < 0 if before is not None else delta < 0
        if delta <= 0:
            return "ahead_gaining" if gained else "ahead_losing"
        return "behind_gaining" if gained else "behind_losing"

    def _last_delta(self, index: int) -> int | None:
        for i in range(index - 1, -1, -1):
            d = self.delta(i)
            if d is not None:
                return d
        return 0 if index == 0 else None

    def live_delta(self, now: int) -> tuple[int | None, str]:
        """The running delta of the split in progress, shown (as LiveSplit does) only once the runner
        is past the PB's time for it or losing time on the segment: (delta, state) or (None, 'none')."""
        i = self.index
        pb = self.comparison.pb_at(i)
        if pb is None or self.done:
            return None, "none"
        delta = now - pb
        before = self._last_delta(i) or 0
        if delta <= 0 and delta <= before:
            return None, "none"   # nothing bad has happened yet on this segment
        state = ("ahead_losing" if delta <= 0 else "behind_losing") if delta > before else "behind_gaining"
        return delta, state

    def best_possible(self, now: int) -> int | None:
        """LiveSplit's 'Best possible time': done splits + this segment (at least its best so far)
        + the best of every split still to come. None while a best segment is unknown."""
        i = self.index
        if self.done:
            return self.times[-1] if self.times else None
        rest = [best for k in range(i, len(self.names)) if (best := self.comparison.best_at(k)) is not None]
        if len(rest) < len(self.names) - i:
            return None
        last = self.times[-1] if self.times else 0
        current = max(now - last, rest[0])
        return last + current + sum(rest[1:])

    def final_time(self) -> int | None:
        return self.times[-1] if self.done and self.times else None

    def pace(self) -> list[int]:
        """Delta after each split that has a PB to compare with (for the pace graph)."""
        return [d for d in (self.delta(i) for i in range(len(self.times))) if d is not None]

"""LiveSplit's splits, in Python: its run model, its .lss reader and writer, and its load-time clean-up.

A port, for the tests, of what LiveSplit 1.8.37 does with a splits file (read from its source,
github.com/LiveSplit/LiveSplit at tag 1.8.37):
- `fix_splits`: IRun.FixSplits in src/LiveSplit.Core/Model/IRun.cs (FixWithMethod =
  FixComparisonTimesAndHistory + RemoveDuplicates per timing method, then RemoveNullValues and
  ReattachUnattachedSegmentHistoryElements). LiveSplit runs it on every file it opens
  (TimerForm.cs) and after every reset (TimerModel.ResetSplits); livesplit-core's
  `Run::fix_splits` (src/run/mod.rs) is the same algorithm.
- `update_times`: TimerModel.UpdateTimes (src/LiveSplit.Core/Model/TimerModel.cs), what a reset
  stores: the attempt, best segments, the PB, the segment history.
- `parse_lss` / `save_lss`: the XML of XMLRunSaver.cs (version 1.7.0) and its reader.

Times are .NET ticks (100 ns) as ints; None is an empty time, as C#'s `TimeSpan?`.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from game.speedrun.livesplit import parse_timespan, show_units

REAL, GAME = "real", "game"
METHODS = (REAL, GAME)
PB = "Personal Best"


@dataclass
class Time:
    real: int | None = None
    game: int | None = None

    def get(self, method: str) -> int | None:
        return self.real if method == REAL else self.game

    def put(self, method: str, value: int | None) -> None:
        if method == REAL:
            self.real = value
        else:
            self.game = value

    def copy(self) -> "Time":
        return Time(self.real, self.game)


def _sub(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a - b


def _less(a: int | None, b: int | None) -> bool:
    """C#'s lifted `<` on TimeSpan?: false when either side is null."""
    return a is not None and b is not None and a < b


@dataclass
class Segment:
    name: str
    pb: Time = field(default_factory=Time)
    best: Time = field(default_factory=Time)
    history: dict[int, Time] = field(default_factory=dict)
    split: Time = field(default_factory=Time)      # the current attempt's split time

    def min_index(self) -> int:
        """SegmentHistory.GetMinIndex: the lowest id, and never above 1."""
        return min(min(self.history), 1) if self.history else 1


@dataclass
class Attempt:
    index: int
    time: Time
    started: str = ""
    ended: str = ""


@dataclass
class Run:
    game: str = ""
    category: str = ""
    segments: list[Segment] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    attempt_count: int = 0

    def max_attempt_index(self) -> int:
        return max((a.index for a in self.attempts), default=0)

    def min_history_index(self) -> int:
        return min(s.min_index() for s in self.segments)

    def history_count(self) -> int:
        return sum(len(s.history) for s in self.segments)


# ---------------------------------------------------------------- IRun.FixSplits
def fix_splits(run: Run) -> None:
    for method in METHODS:
        _fix_comparison_times_and_history(run, method)
        _remove_duplicates(run)
    _remove_null_values(run)
    _reattach_unattached(run)


def _fix_comparison_times_and_history(run: Run, method: str) -> None:
    for seg in run.segments:                        # negative best segments go
        if _less(seg.best.get(method), 0):
            seg.best.put(method, None)
    top = run.max_attempt_index()
    for seg in run.segments:                        # a best segment gone: its history goes too
        if seg.best.get(method) is None:
            for index in range(seg.min_index(), top + 1):
                if index in seg.history and seg.history[index].get(method) is not None:
                    del seg.history[index]
    previous = 0
    for seg in run.segments:                        # PB times never fall; a faster PB segment is the best
        value = seg.pb.get(method)
        if value is None:
            continue
        if value < previous:
            seg.pb.put(method, previous)
            value = previous
        current = value - previous
        if seg.best.get(method) is None or seg.best.get(method) > current:   # type: ignore[operator]
            seg.best.put(method, current)
        previous = value
    for seg in run.segments:                        # nothing in the history beats the best segment
        best = seg.best.get(method)
        if best is None:
            continue
        for index in range(seg.min_index(), top + 1):
            if index in seg.history and _less(seg.history[index].get(method), best):
                seg.history[index].put(method, best)


def _remove_duplicates(run: Run) -> None:
    """Imported history (ids <= 0) that repeats an attempt's time goes (both methods, as C# does)."""
    for seg in run.segments:
        seen = {REAL: set(), GAME: set()}
        for attempt in run.attempts:
            time = seg.history.get(attempt.index)
            if time is not None:
                for method in METHODS:
                    if time.get(method) is not None:
                        seen[method].add(time.get(method))
        for index in range(seg.min_index(), 1):
            time = seg.history.get(index)
            if time is None:
                continue
            unique, empty = False, True
            for method in METHODS:
                value = time.get(method)
                if value is not None:
                    empty = False
                    if value not in seen[method]:
                        seen[method].add(value)
                        unique = True
            if not unique and not empty:
                del seg.history[index]


def _remove_null_values(run: Run) -> None:
    """Empty history times that no later segment of the same attempt follows with a time go."""
    cache: list[int] = []
    for index in range(run.min_history_index(), run.max_attempt_index() + 1):
        for n, seg in enumerate(run.segments):
            time = seg.history.get(index)
            if time is None:
                _drop_cached(run, n, cache)
            elif time.real is None and time.game is None:
                cache.append(index)
            else:
                cache.clear()
        _drop_cached(run, len(run.segments), cache)


def _drop_cached(run: Run, upto: int, cache: list[int]) -> None:
    at = upto - len(cache)
    for index in cache:
        run.segments[at].history.pop(index, None)
        at += 1
    cache.clear()


def _reattach_unattached(run: Run) -> None:
    """History ids above every attempt's id move to fresh ids below the lowest."""
    top = run.max_attempt_index()
    low = run.min_history_index()
    while True:
        stray = max((max(seg.history, default=0) for seg in run.segments), default=0)
        if stray <= top:
            return
        low -= 1
        for seg in run.segments:
            if stray in seg.history:
                seg.history[low] = seg.history.pop(stray)


# ---------------------------------------------------------------- TimerModel.UpdateTimes
def update_times(run: Run, ended: bool, done: int, method: str, final: Time) -> None:
    """What Reset(updateSplits: true) stores: `done` segments split, `ended` if the last one was,
    `final` the timer's time at the end (the attempt's time when ended), comparing by `method`."""
    index = max(0, run.max_attempt_index() + 1)
    run.attempts.append(Attempt(index, final.copy() if ended else Time()))
    previous = Time(0, 0)
    for seg in run.segments:                        # UpdateBestSegments
        for m in METHODS:
            split = seg.split.get(m)
            if split is not None:
                current = split - previous.get(m)   # type: ignore[operator]
                previous.put(m, split)
                if seg.best.get(m) is None or current < seg.best.get(m):   # type: ignore[operator]
                    seg.best.put(m, current)
    last = run.segments[-1]                         # UpdatePBSplits
    if (last.split.get(method) is not None and last.pb.get(method) is None) or \
            _less(last.split.get(method), last.pb.get(method)):
        _set_run_as_pb(run)
    previous = Time(0, 0)                           # UpdateSegmentHistory
    for seg in run.segments[:done]:
        seg.history[index] = Time(_sub(seg.split.real, previous.real), _sub(seg.split.game, previous.game))
        for m in METHODS:
            if seg.split.get(m) is not None:
                previous.put(m, seg.split.get(m))


def _set_run_as_pb(run: Run) -> None:
    low = run.min_history_index()                   # ImportSegmentHistory: the old PB into the history
    for method, index in ((REAL, low - 1), (GAME, low - 2)):
        previous = 0
        for seg in run.segments:
            value = seg.pb.get(method)
            time = Time()
            time.put(method, _sub(value, previous))
            seg.history[index] = time
            if value is not None:
                previous = value
    fix_splits(run)
    for seg in run.segments:
        seg.pb = seg.split.copy()


# ---------------------------------------------------------------- the .lss
def _time_of(node: ET.Element | None) -> Time:
    if node is None:
        return Time()
    real, game = node.findtext("RealTime"), node.findtext("GameTime")
    return Time(parse_timespan(real) if real else None, parse_timespan(game) if game else None)


def parse_lss(text: str) -> Run:
    root = ET.fromstring(text.encode("utf-8"))
    run = Run(root.findtext("GameName") or "", root.findtext("CategoryName") or "",
              attempt_count=int(root.findtext("AttemptCount") or 0))
    for node in root.iter("Attempt"):
        run.attempts.append(Attempt(int(node.get("id", "0")), _time_of(node), node.get("started", ""),
                                    node.get("ended", "")))
    for node in root.find("Segments") or []:
        pb = next((t for t in node.iter("SplitTime") if t.get("name") == PB), None)
        history = node.find("SegmentHistory")
        run.segments.append(Segment(node.findtext("Name") or "", _time_of(pb), _time_of(node.find("BestSegmentTime")),
                                    {int(t.get("id", "0")): _time_of(t) for t in (history if history is not None else [])}))
    return run


def _put_time(parent: ET.Element, tag: str, time: Time, attrs: dict[str, str] | None = None) -> None:
    node = ET.SubElement(parent, tag, attrs or {})
    if time.real is not None:
        ET.SubElement(node, "RealTime").text = show_units(time.real)
    if time.game is not None:
        ET.SubElement(node, "GameTime").text = show_units(time.game)


def save_lss(run: Run) -> str:
    """XMLRunSaver's shape (the parts this model holds)."""
    root = ET.Element("Run", {"version": "1.7.0"})
    ET.SubElement(root, "GameIcon")
    ET.SubElement(root, "GameName").text = run.game
    ET.SubElement(root, "CategoryName").text = run.category
    ET.SubElement(root, "Offset").text = "00:00:00"
    ET.SubElement(root, "AttemptCount").text = str(run.attempt_count)
    history = ET.SubElement(root, "AttemptHistory")
    for attempt in run.attempts:
        attrs = {"id": str(attempt.index)}
        if attempt.started:
            attrs.update(started=attempt.started, isStartedSynced="False")
        if attempt.ended:
            attrs.update(ended=attempt.ended, isEndedSynced="False")
        _put_time(history, "Attempt", attempt.time, attrs)
    segments = ET.SubElement(root, "Segments")
    for seg in run.segments:
        node = ET.SubElement(segments, "Segment")
        ET.SubElement(node, "Name").text = seg.name
        ET.SubElement(node, "Icon")
        _put_time(ET.SubElement(node, "SplitTimes"), "SplitTime", seg.pb, {"name": PB})
        _put_time(node, "BestSegmentTime", seg.best)
        times = ET.SubElement(node, "SegmentHistory")
        for index in sorted(seg.history):
            _put_time(times, "Time", seg.history[index], {"id": str(index)})
    ET.SubElement(root, "AutoSplitterSettings")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def history_of(run: Run) -> list[dict[int, Time]]:
    """Every segment's history (copies), to compare before and after a clean-up."""
    return [{index: time.copy() for index, time in seg.history.items()} for seg in run.segments]

"""A board's splits as a LiveSplit splits file (.lss, LiveSplit's XML, version 1.7.0), and back.

Times are .NET TimeSpans, hh:mm:ss.fffffff, inside <RealTime> and <GameTime>:
Game Time is the in-game tick timer (set LiveSplit to compare against Game
Time), Real Time the wall clock where the game measured it. Each segment has
the PB's split time ("Personal Best" comparison), the best segment, and its
<SegmentHistory>: one <Time id="N"> per attempt N that finished the segment.
<AttemptHistory> holds every attempt LiveSplit saw (a reset one has no time),
<AttemptCount> how many it saw: what LiveSplit's attempt counter, average and
possible-time-save components read. `read_lss()` reads it back.

Shaped to survive LiveSplit's load-time clean-up (`FixSplits` in LiveSplit's
IRun.cs, `fix_splits` in livesplit-core's run/mod.rs), which drops every
history time in a timing method whose best segment is empty and raises every
history time below the best: so the best segment holds both timing methods
wherever any time in them is known, and is never slower than a history time.
A segment's time is the difference of the two split times as LiveSplit stores
them (each cut to 100 ns), exactly what LiveSplit computes from the live
link's split times: the file and the live link agree to the last digit.

Attempts flagged before they start (assist, game speed) are not in the file:
the live link never showed them to LiveSplit. Attempts flagged during the run
(a mistake) are attempts without a time and teach no segment, as the link's
undo-and-reset leaves them in LiveSplit (game/speedrun/livesplit_link.py).
"""
from __future__ import annotations

from typing import Any

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from game import TICK_RATE
from game.speedrun.categories import SETUP_FLAGS
from game.files.register import SPLITS_EXPORTS
from game.files.untrusted import UntrustedError, parse_xml

LSS_VERSION = "1.7.0"
UNITS = 10_000_000          # a .NET TimeSpan's ticks (100 ns) in a second


def units(ticks: int) -> int:
    """In-game ticks as 100-ns units, cut like the on-screen timer (1 tick = 166666 units)."""
    return ticks * UNITS // TICK_RATE


def show_units(value: int) -> str:
    """100-ns units as a .NET TimeSpan string: 00:01:02.5166666."""
    seconds, frac = divmod(value, UNITS)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    return f"{hours:02d}:{mm:02d}:{ss:02d}.{frac:07d}"


def timespan(ticks: int) -> str:
    """Ticks as a .NET TimeSpan string, exact to 100 ns: 00:01:02.5166666. The live link's
    setgametime sends this same text, so LiveSplit stores the same time either way."""
    return show_units(units(max(0, ticks)))


def timespan_ms(ms: int) -> str:
    """Milliseconds as a .NET TimeSpan string."""
    return show_units(int(ms) * 10_000)


def parse_timespan(text: str) -> int:
    """A .NET TimeSpan string ([-][d.]hh:mm:ss[.fffffff]) -> 100-ns units; ValueError if it is not one."""
    match = _TIMESPAN.fullmatch(text.strip())
    if not match:
        raise ValueError(f"not a time: {text!r}")
    sign, days, hours, minutes, seconds, frac = match.groups()
    total = ((int(days or 0) * 24 + int(hours)) * 60 + int(minutes)) * 60 + int(seconds)
    units = total * 10_000_000 + int(((frac or "") + "0000000")[:7])
    return -units if sign else units


_TIMESPAN = re.compile(r"(-)?(?:(\d+)\.)?(\d+):(\d{2}):(\d{2})(?:\.(\d+))?")


def ticks_of(value: int) -> int:
    """100-ns units -> in-game ticks (the inverse of units(), exact for what it wrote)."""
    return round(value * TICK_RATE / UNITS)


def _stamp(iso: str) -> str:
    """ISO date -> LiveSplit's attempt date 'MM/dd/yyyy HH:mm:ss' in UTC ("" if unreadable).
    A date with a zone is converted to UTC; one without is written as it is."""
    import datetime as _dt
    try:
        when = _dt.datetime.fromisoformat(iso)
    except ValueError:
        return ""
    if when.tzinfo is not None:
        when = when.astimezone(_dt.timezone.utc)
    return when.strftime("%m/%d/%Y %H:%M:%S")


def game_segment(splits: list[int], index: int) -> int:
    """Segment `index` of cumulative tick splits in 100-ns units, as LiveSplit subtracts its split times."""
    return units(splits[index]) - (units(splits[index - 1]) if index else 0)


def real_segment(real_ms: list[int], index: int) -> int | None:
    """Segment `index` of cumulative real-time splits (ms) in 100-ns units; None where unknown."""
    if index >= len(real_ms):
        return None
    return (real_ms[index] - (real_ms[index - 1] if index else 0)) * 10_000


def sees(attempt: dict[str, Any]) -> bool:
    """Did LiveSplit see this attempt? Not one flagged before it started (the link stays off)."""
    return not any(flag in SETUP_FLAGS for flag in attempt.get("flags") or ())


def teaches(attempt: dict[str, Any]) -> bool:
    """Do this attempt's splits reach LiveSplit's history and best segments? Only a clean one's."""
    return not attempt.get("flags")


def _min(values: list[int | None]) -> int | None:
    known = [v for v in values if v is not None]
    return min(known) if known else None


def _time(parent: ET.Element, tag: str, game: int | None, real: int | None = None,
          attrs: dict[str, Any] | None = None) -> ET.Element:
    """A Time element; `game` and `real` in 100-ns units (None: that timing method is empty)."""
    node = ET.SubElement(parent, tag, attrs or {})
    if real is not None:
        ET.SubElement(node, "RealTime").text = show_units(real)
    if game is not None:
        ET.SubElement(node, "GameTime").text = show_units(game)
    return node


def _attempt_history(run: ET.Element, attempts: list[dict[str, Any]]) -> None:
    hist = ET.SubElement(run, "AttemptHistory")
    for a in attempts:
        attrs = {"id": str(a["id"])}
        for key, tag in (("started", "started"), ("ended", "ended")):
            stamp = _stamp(str(a.get(key) or a.get("date") or ""))
            if stamp:
                attrs[tag] = stamp
                attrs[f"is{tag.capitalize()}Synced"] = "False"
        # A flagged finish is no time to LiveSplit (the link took its splits back).
        done = a.get("outcome") == "finished" and a.get("ticks") is not None and teaches(a)
        real = a.get("real_ms")
        _time(hist, "Attempt", units(a["ticks"]) if done else None,
              int(real) * 10_000 if done and real is not None else None, attrs)


def _segment(seg: ET.Element, index: int, pb_splits: list[int], pb_real: list[int], best: int | None,
             clean: list[dict[str, Any]]) -> None:
    """PB split time, best segment and history of segment `index`; the best segment is the fastest
    of the PB's segment and every history time, in each timing method (what LiveSplit's resets
    made of them), or the records' best where that is faster still (from attempts before the
    history)."""
    times = ET.SubElement(seg, "SplitTimes")
    pb_game = units(pb_splits[index]) if index < len(pb_splits) else None
    pb_real_at = pb_real[index] * 10_000 if index < len(pb_real) and pb_game is not None else None
    _time(times, "SplitTime", pb_game, pb_real_at, {"name": "Personal Best"})
    history = [(a["id"], game_segment(a["splits"], index), real_segment(a.get("real_splits") or [], index))
               for a in clean if index < len(a.get("splits") or [])]
    pb_whole = pb_game is not None and len(pb_splits) > index
    seen = [game_segment(pb_splits, index)] if pb_whole else []
    seen += [g for _, g, _ in history]
    best_game = min(seen) if seen else None
    if best is not None and (best_game is None or best < ticks_of(best_game)):
        best_game = units(best)
    best_real = _min([real_segment(pb_real, index) if pb_whole else None] + [r for _, _, r in history])
    _time(seg, "BestSegmentTime", best_game, best_real)
    node = ET.SubElement(seg, "SegmentHistory")
    for attempt_id, game, real in history:
        _time(node, "Time", game, real, {"id": str(attempt_id)})


def to_lss(game_name: str, category_name: str, names: list[str], pb_splits: list[int],
           best_segments: list[int | None], attempts: int = 0, history: list[dict[str, Any]] | None = None,
           *, attempt_log: list[dict[str, Any]] | None = None, pb_real: list[int] | None = None) -> str:
    """The .lss XML text. `pb_splits` are cumulative ticks (`pb_real` the PB's real time at each
    split, ms); `attempt_log` is the board's attempt history (game.speedrun.attempts), which
    fills AttemptHistory and SegmentHistory. Without it, `history` (finished runs with ticks
    and date) is written as the attempt history. `attempts` is the game's attempt count."""
    run = ET.Element("Run", {"version": LSS_VERSION})
    ET.SubElement(run, "GameIcon")
    ET.SubElement(run, "GameName").text = game_name
    ET.SubElement(run, "CategoryName").text = category_name
    meta = ET.SubElement(run, "Metadata")
    ET.SubElement(meta, "Run", {"id": ""})
    ET.SubElement(meta, "Platform", {"usesEmulator": "False"}).text = "PC"
    ET.SubElement(meta, "Region")
    ET.SubElement(meta, "Variables")
    ET.SubElement(run, "Offset").text = "00:00:00"
    if attempt_log is None:
        log = [{"ticks": past.get("ticks"), "date": past.get("date", ""), "outcome": "finished",
                "real_ms": past.get("real_ms"), "flags": past.get("flags") or []} for past in reversed(history or [])]
    else:
        log = attempt_log
    # Numbered 1, 2, 3... as LiveSplit numbers the attempts it sees (not the game's ids, which count
    # the attempts it never saw too).
    seen = [{**a, "id": n} for n, a in enumerate((a for a in log if sees(a)), start=1)]
    clean = [a for a in seen if teaches(a)] if attempt_log is not None else []   # flagged: teach nothing
    unseen = len(log) - len(seen)     # counted by the game, never shown to LiveSplit
    ET.SubElement(run, "AttemptCount").text = str(max(attempts - unseen, len(seen)))
    _attempt_history(run, seen)
    segments = ET.SubElement(run, "Segments")
    for i, name in enumerate(names):
        seg = ET.SubElement(segments, "Segment")
        ET.SubElement(seg, "Name").text = name
        ET.SubElement(seg, "Icon")
        _segment(seg, i, pb_splits, list(pb_real or []), best_segments[i] if i < len(best_segments) else None, clean)
    ET.SubElement(run, "AutoSplitterSettings")
    ET.indent(run, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(run, encoding="unicode") + "\n"


def read_lss(text: str) -> dict[str, Any]:
    """Read an .lss back: names, PB splits, best segments (ticks, from Game Time), attempt count,
    attempts (id, ticks or None, real_ms) and each segment's history {attempt id: ticks}.
    ValueError (one line) if it is not a LiveSplit splits file."""
    try:
        root = parse_xml(text.encode("utf-8"), "splits file")
    except UntrustedError as exc:
        raise ValueError(f"not a splits file: {exc}") from None
    if root.tag != "Run":
        raise ValueError("not a splits file: the root element is not <Run>")

    def game(node: ET.Element | None) -> int | None:
        value = node.findtext("GameTime") if node is not None else None
        return ticks_of(parse_timespan(value)) if value else None

    def real(node: ET.Element | None) -> int | None:
        value = node.findtext("RealTime") if node is not None else None
        return parse_timespan(value) // 10_000 if value else None

    attempts = [{"id": int(a.get("id", "0")), "ticks": game(a), "real_ms": real(a), "started": a.get("started", "")}
                for a in root.iter("Attempt")]
    segments = []
    found = root.find("Segments")
    for seg in found if found is not None else []:
        pb = next((t for t in seg.iter("SplitTime") if t.get("name") == "Personal Best"), None)
        history = {int(t.get("id", "0")): game(t) for t in seg.find("SegmentHistory") or []}
        segments.append({"name": seg.findtext("Name") or "", "pb": game(pb), "pb_real_ms": real(pb),
                         "best": game(seg.find("BestSegmentTime")), "history": history})
    return {"game": root.findtext("GameName") or "", "category": root.findtext("CategoryName") or "",
            "attempt_count": int(root.findtext("AttemptCount") or 0), "attempts": attempts,
            "names": [s["name"] for s in segments], "pb": [s["pb"] for s in segments],
            "best": [s["best"] for s in segments], "segments": segments}


def export(board: str, text: str) -> Path:
    """Write an .lss into the user folder's splits/ (atomic); returns the path."""
    return SPLITS_EXPORTS.write_text(text, f"{board}.lss")

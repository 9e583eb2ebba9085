"""A board's splits as a LiveSplit splits file (.lss, LiveSplit's XML, version 1.7.0), and back.

Times are .NET TimeSpans, hh:mm:ss.fffffff, inside <RealTime> and <GameTime>:
Game Time is the in-game tick timer (set LiveSplit to compare against Game
Time), Real Time the wall clock where the game measured it. Each segment has
the PB's split time ("Personal Best" comparison), the best segment, and its
<SegmentHistory>: one <Time id="N"> per attempt N that finished the segment.
<AttemptHistory> holds every attempt (a reset one has no time), <AttemptCount>
how many were started: what LiveSplit's attempt counter, average and
possible-time-save components read. `read_lss()` reads it back.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from game import TICK_RATE
from game.user_register import SPLITS_EXPORTS

LSS_VERSION = "1.7.0"


def timespan(ticks: int) -> str:
    """Ticks as a .NET TimeSpan string, exact to 100 ns: 00:01:02.5166666."""
    units = ticks * 10_000_000 // TICK_RATE   # 100-ns units, truncated like the on-screen timer
    seconds, frac = divmod(units, 10_000_000)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    return f"{hours:02d}:{mm:02d}:{ss:02d}.{frac:07d}"


def timespan_ms(ms: int) -> str:
    """Milliseconds as a .NET TimeSpan string."""
    seconds, frac = divmod(int(ms) * 10_000, 10_000_000)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    return f"{hours:02d}:{mm:02d}:{ss:02d}.{frac:07d}"


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


def ticks_of(units: int) -> int:
    """100-ns units -> in-game ticks (the inverse of timespan(), exact for what it wrote)."""
    return round(units * TICK_RATE / 10_000_000)


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


def _time(parent: ET.Element, tag: str, ticks: int | None, attrs: dict | None = None,
          real_ms: int | None = None) -> ET.Element:
    node = ET.SubElement(parent, tag, attrs or {})
    if real_ms is not None:
        ET.SubElement(node, "RealTime").text = timespan_ms(real_ms)
    if ticks is not None:
        ET.SubElement(node, "GameTime").text = timespan(ticks)
    return node


def _attempt_history(run: ET.Element, attempts: list[dict]) -> None:
    hist = ET.SubElement(run, "AttemptHistory")
    for a in attempts:
        attrs = {"id": str(a["id"])}
        for key, tag in (("started", "started"), ("ended", "ended")):
            stamp = _stamp(str(a.get(key) or a.get("date") or ""))
            if stamp:
                attrs[tag] = stamp
                attrs[f"is{tag.capitalize()}Synced"] = "False"
        # A flagged finish is no time to LiveSplit (the link reset it there too).
        done = a.get("outcome") == "finished" and a.get("ticks") is not None and not a.get("flags")
        _time(hist, "Attempt", a["ticks"] if done else None, attrs, a.get("real_ms") if done else None)


def _segment_history(seg: ET.Element, index: int, attempts: list[dict]) -> None:
    history = ET.SubElement(seg, "SegmentHistory")
    for a in attempts:
        splits = a.get("splits", [])
        if index >= len(splits):
            continue
        ticks = splits[index] - (splits[index - 1] if index else 0)
        real = a.get("real_splits") or []
        real_ms = real[index] - (real[index - 1] if index else 0) if index < len(real) else None
        _time(history, "Time", ticks, {"id": str(a["id"])}, real_ms)


def to_lss(game_name: str, category_name: str, names: list[str], pb_splits: list[int],
           best_segments: list[int | None], attempts: int = 0, history: list[dict] | None = None,
           *, attempt_log: list[dict] | None = None, pb_real: list[int] | None = None) -> str:
    """The .lss XML text. `pb_splits` are cumulative ticks (`pb_real` the PB's real time at each
    split, ms); `attempt_log` is the board's attempt history (game.speedrun.attempts), which
    fills AttemptHistory and SegmentHistory. Without it, `history` (finished runs with ticks
    and date) is written as the attempt history."""
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
    log = attempt_log
    if log is None:
        log = [{"id": n, "ticks": past.get("ticks"), "date": past.get("date", ""), "outcome": "finished",
                "real_ms": past.get("real_ms")} for n, past in enumerate(reversed(history or []), start=1)]
        segment_log: list[dict] = []
    else:
        segment_log = [a for a in log if not a.get("flags")]   # flagged runs never teach LiveSplit a segment
    ET.SubElement(run, "AttemptCount").text = str(max(attempts, len(log)))
    _attempt_history(run, log)
    segments = ET.SubElement(run, "Segments")
    real = pb_real or []
    for i, name in enumerate(names):
        seg = ET.SubElement(segments, "Segment")
        ET.SubElement(seg, "Name").text = name
        ET.SubElement(seg, "Icon")
        times = ET.SubElement(seg, "SplitTimes")
        _time(times, "SplitTime", pb_splits[i] if i < len(pb_splits) else None, {"name": "Personal Best"},
              real[i] if i < len(real) and i < len(pb_splits) else None)
        best = best_segments[i] if i < len(best_segments) else None
        _time(seg, "BestSegmentTime", best)
        _segment_history(seg, i, segment_log)
    ET.SubElement(run, "AutoSplitterSettings")
    ET.indent(run, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(run, encoding="unicode") + "\n"


def read_lss(text: str) -> dict:
    """Read an .lss back: names, PB splits, best segments (ticks, from Game Time), attempt count,
    attempts (id, ticks or None, real_ms) and each segment's history {attempt id: ticks}.
    ValueError (one line) if it is not a LiveSplit splits file."""
    try:
        root = ET.fromstring(text.encode("utf-8") if text.lstrip().startswith("<?xml") else text)
    except ET.ParseError as exc:
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
    for seg in root.find("Segments") if root.find("Segments") is not None else []:
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

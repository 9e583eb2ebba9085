"""Export a board's splits as a LiveSplit splits file (.lss, LiveSplit's XML, version 1.7.0).

Times are written as Game Time (the in-game tick timer) in .NET TimeSpan form,
hh:mm:ss.fffffff: set LiveSplit to compare against Game Time. Each segment has
the PB's split time ("Personal Best" comparison) and the best segment time;
the attempt history holds the board's recent finished runs.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from game import TICK_RATE
from game.userfiles import atomic_write_text, user_dir

LSS_VERSION = "1.7.0"


def timespan(ticks: int) -> str:
    """Ticks as a .NET TimeSpan string, exact to 100 ns: 00:01:02.5166666."""
    units = ticks * 10_000_000 // TICK_RATE   # 100-ns units, truncated like the on-screen timer
    seconds, frac = divmod(units, 10_000_000)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    return f"{hours:02d}:{mm:02d}:{ss:02d}.{frac:07d}"


def _stamp(iso: str) -> str:
    """ISO 'YYYY-MM-DDTHH:MM:SS' -> LiveSplit's attempt date 'MM/dd/yyyy HH:mm:ss' ("" if unreadable)."""
    import datetime as _dt
    try:
        return _dt.datetime.fromisoformat(iso).strftime("%m/%d/%Y %H:%M:%S")
    except ValueError:
        return ""


def _time(parent: ET.Element, tag: str, ticks: int | None, attrs: dict | None = None) -> ET.Element:
    node = ET.SubElement(parent, tag, attrs or {})
    if ticks is not None:
        ET.SubElement(node, "GameTime").text = timespan(ticks)
    return node


def to_lss(game_name: str, category_name: str, names: list[str], pb_splits: list[int],
           best_segments: list[int | None], attempts: int = 0, history: list[dict] | None = None) -> str:
    """The .lss XML text. `pb_splits` are cumulative ticks; `history` runs have ticks, date."""
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
    ET.SubElement(run, "AttemptCount").text = str(max(attempts, len(history or [])))
    hist = ET.SubElement(run, "AttemptHistory")
    for n, past in enumerate(reversed(history or []), start=1):
        stamp = _stamp(str(past.get("date", "")))
        _time(hist, "Attempt", past.get("ticks"), {"id": str(n), "started": stamp, "isStartedSynced": "False",
                                                   "ended": stamp, "isEndedSynced": "False"})
    segments = ET.SubElement(run, "Segments")
    for i, name in enumerate(names):
        seg = ET.SubElement(segments, "Segment")
        ET.SubElement(seg, "Name").text = name
        ET.SubElement(seg, "Icon")
        times = ET.SubElement(seg, "SplitTimes")
        _time(times, "SplitTime", pb_splits[i] if i < len(pb_splits) else None, {"name": "Personal Best"})
        best = best_segments[i] if i < len(best_segments) else None
        _time(seg, "BestSegmentTime", best)
        ET.SubElement(seg, "SegmentHistory")
    ET.SubElement(run, "AutoSplitterSettings")
    ET.indent(run, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(run, encoding="unicode") + "\n"


def export_folder() -> Path:
    folder = user_dir() / "splits"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def export(board: str, text: str) -> Path:
    """Write an .lss into the user folder's splits/ (atomic); returns the path."""
    path = export_folder() / f"{board}.lss"
    atomic_write_text(path, text)
    return path

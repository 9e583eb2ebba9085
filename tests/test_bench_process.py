"""The bench's whole-process section (devkit/bench/process.py): how a child is timed, how its
import report is read, and how the report judges the rows."""
from __future__ import annotations

import sys

import pytest

from devkit.bench import process
from devkit.bench.report import section_of, verdicts


def _row(rtf: float, wall: float = 0.7) -> dict:
    return {"rtf": rtf, "rtf_cpu": rtf * 1.2, "ticks": 12_494, "game_s": 208.2, "wall_s": wall, "cpu_s": wall * 0.8}


def _report(rush: float, unwanted: list[str], before: bool = False, checkout: float = 330.0) -> dict:
    rows = {name: _row(rtf) for name, rtf in (("rush", rush), ("memory", 250.0), ("tidy", 640.0),
                                              ("checkout", checkout))}
    if before:
        rows["rush"]["before"] = _row(208.0, 1.0)
    found = {"ms": 95.0, "modules": 160, "unwanted": unwanted, "costliest_ms": {}, "runs_ms": [95.0]}
    return {"process": {**rows, "baseline": {"python_pass": {"wall_s": 0.03, "cpu_s": 0.03},
                                             "import_pygame": {"wall_s": 0.07, "cpu_s": 0.07}},
                        "imports": found, **({"imports_before": {**found, "ms": 150.0}} if before else {})}}


def _rows(report: dict) -> dict[str, dict]:
    return {v["figure"]: v for v in verdicts(report) if v["figure"].startswith("whole process")}


def test_the_rush_and_check_out_are_judged_at_300x_by_the_wall_clock_and_the_others_reported():
    rows = _rows(_report(312.5, []))
    assert rows["whole process rush: RTF (wall)"]["met"] is True
    assert rows["whole process rush: RTF (wall)"]["value"].startswith("312.5x: 208.2 s of play in 0.7 s")
    assert rows["whole process checkout: RTF (wall)"]["met"] is True
    assert rows["whole process checkout: RTF (wall)"]["target"] == ">= 300x"
    assert [rows[f"whole process {name}: RTF (wall)"]["met"] for name in ("memory", "tidy")] == [None] * 2
    assert not _rows(_report(299.9, []))["whole process rush: RTF (wall)"]["met"]
    assert _rows(_report(312.5, [], checkout=299.9))["whole process checkout: RTF (wall)"]["met"] is False
    assert all(section_of(figure) == "process" and row["section"] == "process" for figure, row in rows.items())


def test_the_baselines_and_the_older_tree_stand_beside_the_figure():
    rows = _rows(_report(312.5, [], before=True))
    assert "python -c pass 0.03 s, import pygame 0.07 s" in rows["whole process rush: RTF (wall)"]["baseline"]
    assert "before 208.0x in 1.0 s" in rows["whole process rush: RTF (wall)"]["baseline"]
    assert rows["whole process: the headless path's imports"]["baseline"] == "before 150.0 ms, 160 modules"


def test_the_imports_are_judged_on_what_the_path_must_not_load():
    assert _rows(_report(400.0, []))["whole process: the headless path's imports"]["met"] is True
    loaded = _rows(_report(400.0, ["pygame", "sqlite3"]))["whole process: the headless path's imports"]
    assert loaded["met"] is False and "must not: pygame, sqlite3" in loaded["value"]


def test_no_rows_where_the_section_did_not_run_or_failed():
    assert _rows({}) == {} and _rows({"process": {"error": "RuntimeError: x"}}) == {}


def test_import_times_reads_each_modules_own_time():
    report = ("import time: self [us] | cumulative | imported package\n"
              "import time:       120 |        120 |   _io\n"
              "import time:      2107 |      11472 | game\n"
              "noise from the program\n")
    assert process.import_times(report) == {"_io": 120, "game": 2107}


def test_a_child_is_timed_by_its_own_cpu_time_and_a_failure_is_said(tmp_path):
    wall, cpu, out, _err = process.timed([sys.executable, "-c", "sum(range(3_000_000)); print('done')"], tmp_path, {})
    assert out.strip() == "done" and 0 < cpu <= wall + 0.05
    with pytest.raises(RuntimeError, match="exited 3: boom"):
        process.timed([sys.executable, "-c", "import sys; print('boom', file=sys.stderr); sys.exit(3)"], tmp_path, {})


def test_what_the_headless_path_must_not_load_is_read_from_the_process():
    """The same list tests/test_headless_lean.py pins, as the bench reports it."""
    assert process.unwanted(process.ROOT, process.child_env()) == []


QUICK = (("rush", ["--headless", "--json", "--bots", "2", "--rounds", "1", "--seed", "1"]),)


def test_the_older_tree_runs_the_same_command_in_turn(tmp_path, monkeypatch):
    (tmp_path / "main.py").write_text("import json\nprint(json.dumps({'ticks': 600}))\n")
    monkeypatch.setattr(process, "COMMANDS", QUICK)
    found = process.matches(2, str(tmp_path))
    assert found["rush"]["ticks"] > 600 and len(found["rush"]["walls_s"]) == 2
    assert found["rush"]["before"]["ticks"] == 600 and found["rush"]["before"]["game_s"] == 10.0


def test_an_older_tree_that_cannot_run_a_command_is_said_beside_the_figure(tmp_path, monkeypatch):
    (tmp_path / "main.py").write_text("import sys\nprint('main.py: error: no such option', file=sys.stderr)\n"
                                      "sys.exit(2)\n")
    monkeypatch.setattr(process, "COMMANDS", QUICK)
    found = process.matches(1, str(tmp_path))
    assert found["rush"]["ticks"] > 0 and "exited 2: main.py: error: no such option" in found["rush"]["before"]["error"]
    row = next(v for v in verdicts({"process": found}) if v["figure"] == "whole process rush: RTF (wall)")
    assert "before: " in row["baseline"] and "no such option" in row["baseline"] and row["met"] is not None

"""Short soak and benchmark smoke runs (the long ones: tools/soak.py, python -m game.bench).

No timed assertions (shared, noisy machines): these check that bots keep playing
match after match without errors, that memory and live objects do not pile up,
and that the benchmark report runs end to end and holds every section.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools import soak

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", ["soldout", "checkout"])
def test_bots_play_match_after_match_headless(game):
    result = soak.soak(soak.GAMES[game](first_seed=5), total_ticks=4 * 60 * 60, sample_every=1200)
    assert result["ticks"] == 4 * 60 * 60
    assert len(result["samples"]) == 12
    verdict = result["verdict"]
    assert verdict["rss_growth_mb"] < 25, verdict
    assert verdict["objects_growth"] < 20000, verdict


@pytest.mark.parametrize("game", ["soldout", "checkout"])
def test_the_drawn_game_scene_plays_on(game):
    result = soak.frame_soak(game, total_ticks=600, sample_every=200, seed=3)
    assert result["frames"] == 600 and len(result["samples"]) == 3
    assert result["verdict"]["rss_growth_mb"] < 25


def test_benchmark_report_runs_end_to_end(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SOLDOUT_USER_DIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "game.bench", "--quick", "--no-xvfb", "--scenes", "title,lobby,mall",
                           "--child-frames", "20"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    for key in ("rtf", "big_map", "tournament", "process", "frames", "idle", "startup", "restart", "memory", "verdicts"):
        assert key in report and "error" not in report[key], (key, report.get(key))
    for mode in ("rush", "memory", "tidy", "checkout"):
        assert report["rtf"][mode]["ticks"] > 0 and report["rtf"][mode]["ratio_to_empty_tick"] > 0
    for row in ("rush", "memory", "tidy", "checkout"):
        assert report["process"][row]["ticks"] > 0 and report["process"][row]["cpu_s"] > 0
    assert report["process"]["imports"]["unwanted"] == [] and report["process"]["baseline"]["python_pass"]["wall_s"] > 0
    assert report["display"]["driver"] == "dummy" and "dummy" in report["display"]["note"]
    assert {"title", "lobby", "mall", "baseline_static_present_ms"} <= set(report["frames"])
    assert report["frames"]["mall"]["first_cpu_ms"] > 0 and "skipped" in report["frames_1080p"]
    assert {"bare", "title", "still"} <= set(report["idle"]) and report["tournament"]["identical"]
    assert report["memory"]["peak_mb"] > report["memory"]["baseline_pygame_display_mb"] > 0
    held = report["memory_window"]["dummy"]
    assert held["play"]["VmRSS"] > 0 and held["caches"] and "skipped" in report["memory_window"]
    figures = [v["figure"] for v in report["verdicts"]]
    assert all({"value", "baseline", "target", "met"} <= set(v) for v in report["verdicts"])
    assert any(f.startswith("RTF rush") for f in figures) and any("first frame of mall" in f for f in figures)
    assert any(f.startswith("idle title") for f in figures) and any("200x200" in f for f in figures)
    assert any(f.startswith("whole process rush") for f in figures)

"""The bench's verdicts on frame times: what they count as keeping up with the display."""
from devkit.bench.report import verdicts


def _frames(p99_ms: float, bare_p99_ms: float) -> dict:
    scene = {"p99_ms": p99_ms, "cpu_p99_ms": 5.0, "first_ms": 5.0, "first_cpu_ms": 5.0, "first_to_p99_cpu": 1.0}
    return {"frames": {"baseline_static_present_ms": {"p99_ms": bare_p99_ms, "cpu_p99_ms": 0.3}, "mall": scene}}


def _wall_verdict(report: dict) -> bool:
    return next(v["met"] for v in verdicts(report) if v["figure"].startswith("frames: worst steady p99 (wall"))


def test_a_frame_held_to_the_refresh_by_vsync_like_the_bare_window_keeps_up():
    assert _wall_verdict(_frames(17.13, 16.85))      # both vsync-bound: no refresh missed


def test_a_missed_refresh_is_not_met():
    assert not _wall_verdict(_frames(33.4, 16.85))   # a second refresh: a dropped frame
    assert not _wall_verdict(_frames(18.5, 16.85))


def test_without_vsync_the_frame_must_fit_one_refresh():
    assert _wall_verdict(_frames(9.0, 2.0))
    assert not _wall_verdict(_frames(17.5, 2.0))

"""The fixed-step accumulator: no drift, a clamp against the spiral of death, a sane alpha."""
import math
import random

import pytest

from game.core.loop import FixedStep, ReadPoint


def test_no_drift_over_ten_thousand_random_frames():
    step = FixedStep(dt=1 / 60, max_frame=0.25)
    rng = random.Random(1234)
    total_time = 0.0
    total_steps = 0
    for _ in range(10_000):
        frame = rng.uniform(0.0, 0.05)  # 0-50 ms: below the clamp, so all time counts
        total_time += frame
        total_steps += step.advance(frame)
        assert 0.0 <= step.alpha < 1.0
    assert abs(total_steps - math.floor(total_time / step.dt)) <= 1
    assert step.ticks == total_steps


def test_exact_frames_give_exact_steps():
    step = FixedStep(dt=1 / 60)
    assert sum(step.advance(1 / 60) for _ in range(600)) in (599, 600)
    step = FixedStep(dt=0.25, max_frame=1.0)  # exactly representable: no rounding at all
    assert [step.advance(0.125) for _ in range(4)] == [0, 1, 0, 1]
    assert step.alpha == 0.0


def test_clamp_caps_steps_per_frame():
    step = FixedStep(dt=1 / 60, max_frame=0.25)
    steps = step.advance(10.0)  # a 10 s stall (breakpoint, dragged window)
    assert steps == int(0.25 * 60) == 15
    assert steps <= step.max_steps
    # The stall is forgotten, not banked: the next normal frame is normal.
    assert step.advance(1 / 60) in (1, 2)


def test_alpha_is_the_leftover_fraction():
    step = FixedStep(dt=0.1, max_frame=1.0)
    assert step.advance(0.25) == 2
    assert step.alpha == pytest.approx(0.5)
    step.reset()
    assert step.alpha == 0.0


def test_negative_frames_are_ignored_and_bad_setup_refused():
    step = FixedStep()
    assert step.advance(-1.0) == 0
    with pytest.raises(ValueError):
        FixedStep(dt=0)
    with pytest.raises(ValueError):
        FixedStep(dt=0.5, max_frame=0.1)


# ---------------------------------------------------------------- a press is not held back a frame
def _frames_with_a_tick(step: FixedStep, frame: float, presses: set[int], frames: int) -> list[int]:
    return [step.advance(frame, pressed=i in presses) for i in range(frames)]


def test_a_press_in_a_frame_due_no_tick_runs_the_next_tick_now():
    """Xvfb presents at 62.5 Hz (1000 // 60 ms): one frame in 25 is due no tick. A press read in
    that frame used to wait for the next frame's tick."""
    frame = 0.016
    plain = _frames_with_a_tick(FixedStep(), frame, set(), 200)
    idle = [i for i, steps in enumerate(plain) if steps == 0]
    assert len(idle) >= 7                               # the frames a press would have waited in
    step = FixedStep()
    steps = _frames_with_a_tick(step, frame, set(idle), 200)
    assert all(steps[i] == 1 for i in idle)
    assert step.accumulator >= -step.lead               # never more than the lead ahead of real time


@pytest.mark.parametrize("frame", [0.016, 1 / 60, 0.0167, 1 / 75, 1 / 144, 0.02])
def test_early_ticks_keep_to_real_time(frame):
    """Presses at random frames never make the game run faster: the ticks still count real time."""
    rng = random.Random(7)
    step = FixedStep()
    total = sum(step.advance(frame, pressed=rng.random() < 0.3) for _ in range(5000))
    assert abs(total - 5000 * frame / step.dt) <= 1
    assert 0.0 <= step.alpha < 1.0


def test_a_press_never_pulls_a_tick_more_than_the_lead_ahead():
    step = FixedStep(dt=0.1, max_frame=1.0, lead=0.5)
    assert step.advance(0.04, pressed=True) == 0        # 0.4 of a tick banked: too far from the next
    assert step.advance(0.02, pressed=True) == 1        # 0.6 banked: the tick runs early
    assert step.accumulator == pytest.approx(-0.04)
    assert step.alpha == 0.0                            # drawn at the tick, not ahead of it
    assert step.advance(0.03, pressed=True) == 0        # still paying it back
    assert step.advance(0.12) == 1
    with pytest.raises(ValueError):
        FixedStep(lead=1.0)


# ---------------------------------------------------------------- the read point
def _run(point: ReadPoint, frames: int, work: float, present: float, refresh: float = 0.016,
         start: float = 100.0) -> list[tuple[float, float]]:
    """A vsync'd display at `refresh`: each frame reads at read_at, works, presents; the present
    returns at the first refresh after its work is done. (read, returned) per frame."""
    t = start
    out = []
    for _ in range(frames):
        read = max(t, point.read_at(t))
        flip = read + work
        done = flip + present
        returned = math.ceil((done - start) / refresh - 1e-9) * refresh + start
        point.presented(read, flip, returned)
        out.append((read, returned))
        t = returned
    return out


def test_the_read_point_starts_as_the_plain_loop_and_moves_late_in_the_refresh():
    point = ReadPoint(refresh=0.016)
    first = _run(point, 3, work=0.003, present=0.002)
    assert all(returned - read == pytest.approx(0.016, abs=1e-4) for read, returned in first[1:])   # read right after
    _run(point, 1200, work=0.003, present=0.002)
    assert point.late <= 2
    assert point.budget <= 0.003 + 0.002 + 0.006          # settled near the frame's own time
    assert point.budget >= 0.003 + point.floor            # never under the work seen plus the floor
    read, returned = _run(point, 1, work=0.003, present=0.002)[0]
    assert returned - read < 0.012                        # read to present: no longer a whole refresh


def test_a_late_present_grows_the_budget_at_once_and_misses_grow_rare():
    point = ReadPoint(refresh=0.016)
    _run(point, 1200, work=0.003, present=0.002)
    before = point.budget
    _run(point, 1, work=0.012, present=0.002)            # one slow frame: it missed its refresh
    assert point.late >= 1
    assert point.budget >= before + 2 * point.floor - 1e-9   # by how much it overran is not seen
    late = point.late
    _run(point, 3000, work=0.003, present=0.006)         # a slow present it cannot see: it finds it
    assert point.late - late <= 4
    assert point.budget >= 0.003 + 0.006


def test_frames_that_draw_nothing_keep_to_the_refreshes():
    point = ReadPoint(refresh=0.016)
    _run(point, 400, work=0.002, present=0.001)
    target = point.target
    assert target is not None
    point.skipped(target - point.lead + 0.001)            # a frame that read and drew nothing
    assert point.target == pytest.approx(target + 0.016)
    assert point.read_at(0.0) == pytest.approx(target + 0.016 - point.lead)


def test_a_present_after_a_pause_only_finds_the_refresh_again():
    point = ReadPoint(refresh=0.016)
    _run(point, 400, work=0.002, present=0.001)
    late, budget = point.late, point.budget
    point.presented(200.0, 200.002, 200.0091)            # a menu's first picture in a minute
    assert (point.late, point.budget) == (late, budget)
    assert point.target == pytest.approx(200.0091 + point.refresh)


def test_a_display_that_does_not_hold_presents_to_its_refresh_is_not_trusted_to_pace():
    """SDL's dummy driver grants vsync and presents at once: the loop must then pace itself."""
    point = ReadPoint(refresh=1 / 60)
    assert point.paced
    t = 10.0
    for _ in range(40):
        point.presented(t, t + 0.0005, t + 0.001)
        t += 0.0012
    assert not point.paced
    held = ReadPoint(refresh=1 / 60)
    _run(held, 60, work=0.002, present=0.001, refresh=1 / 60)
    assert held.paced


def test_presents_held_to_the_refresh_again_are_trusted_again():
    """A minimised window may present at once for a while; back on screen, presents wait again."""
    point = ReadPoint(refresh=1 / 60)
    t = 10.0
    for _ in range(40):
        point.presented(t, t + 0.0005, t + 0.001)
        t += 0.0012
    assert not point.paced
    for _ in range(40):
        t += 1 / 60
        point.presented(t - 0.004, t - 0.002, t)
    assert point.paced


def test_a_simulated_vsync_shows_how_late_a_present_was_and_the_budget_grows_by_that():
    """SDL simulates vsync where the driver has none (Xvfb): a late present is not held to the
    next refresh, it returns as soon as it is done, so its lateness is the frame's overrun."""
    point = ReadPoint(refresh=0.016)
    _run(point, 1200, work=0.003, present=0.002)
    target, before = point.target, point.budget
    assert target is not None
    point.presented(target - point.lead, target - point.lead + 0.004, target + 0.005)
    assert point.late == 1 and point.budget == pytest.approx(before + 0.005 + point.floor)
    assert point.target == pytest.approx(target + 0.016)     # the refreshes go on as they were


def test_a_menu_presenting_now_and_then_keeps_the_displays_refresh():
    """The frames a menu skips are paced by the refresh; presents a few frames apart, late or
    not, must not talk the loop into a slower refresh (it once settled on 21 ms at 62.5 Hz)."""
    point = ReadPoint(refresh=1 / 60)
    t = 5.0
    for i in range(600):
        if i % 4 == 0:
            late = 0.006 if i % 8 == 0 else 0.0
            point.presented(t - 0.003, t - 0.002, t + late)
        else:
            point.skipped(t + 0.001)
        t += 0.016
    assert point.refresh == pytest.approx(1 / 60)


def _run_menu(point: ReadPoint, frames: int, work: float, present: float, every: int = 4,
              refresh: float = 0.016, start: float = 100.0) -> None:
    """A menu on the same display: it reads every refresh and presents one frame in `every`."""
    t = start
    for i in range(frames):
        read = max(t, point.read_at(t))
        if i % every:
            point.skipped(read)          # read, drew nothing: on to the next refresh's read point
            t = read
            continue
        flip = read + work
        returned = math.ceil((flip + present - start) / refresh - 1e-9) * refresh + start
        point.presented(read, flip, returned)
        t = returned


def test_a_menu_presenting_now_and_then_settles_as_soon_as_a_match():
    """The read point moves by time, not by presents: a menu presents 15 times a second and
    settled four times slower than a match (its presses waited a refresh longer under load)."""
    match, menu = ReadPoint(refresh=0.016), ReadPoint(refresh=0.016)
    _run(match, 600, work=0.003, present=0.002)                 # ten seconds of each
    _run_menu(menu, 600, work=0.003, present=0.002)
    assert match.budget <= 0.003 + 0.002 + 0.006
    assert menu.budget <= 0.003 + 0.002 + 0.006
    assert menu.late <= 2


def test_a_late_present_in_a_menu_holds_the_budget_for_as_long_as_in_a_match():
    point = ReadPoint(refresh=0.016)
    _run_menu(point, 1200, work=0.003, present=0.002)
    point.presented(point.target - point.lead, point.target - point.lead + 0.004, point.target + 0.016)   # missed
    held = point.budget
    _run_menu(point, point.hold + 8, work=0.003, present=0.002)   # the hold's length in refreshes, and a bit
    assert point.budget < held

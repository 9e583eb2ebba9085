"""The fixed-step accumulator: no drift, a clamp against the spiral of death, a sane alpha."""
import math
import random

import pytest

from game.core.loop import FixedStep


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

"""Monkey tests (short CI version): random Commands into MallSim, the Check Out! table and every
scene, over many seeds; invariants after every tick, and nothing raises.

The long version: `python tools/monkey.py --minutes N` (docs/RELIABILITY.md has its numbers).
A failure message names the target, seed and tick: `python tools/monkey.py --only TARGET --seed S`.
"""
from __future__ import annotations

import random

import pygame
import pytest

from tools import monkey


@pytest.mark.parametrize("mode", monkey.MODES)
@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_mall_sim_under_random_hands(mode, seed):
    result = monkey.run_mall(seed, mode, ticks=2500)
    assert result["ticks"] == 2500


def test_mall_rounds_chain_through_every_mode():
    """Short round limits: many round ends, next rounds in random modes, new matches."""
    total_rounds = sum(monkey.run_mall(seed, "rush", ticks=4000)["rounds"] for seed in (3, 5, 6))
    assert total_rounds >= 5


def test_mall_invariant_checker_catches_a_lost_card():
    sim = monkey.make_mall(1, 3, "rush")
    assert monkey.mall_failures(sim) == []
    pile = next(iter(sim.round.piles))
    sim.round.piles[pile].pop()
    assert any("84 cards" in f for f in monkey.mall_failures(sim))


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_checkout_table_under_random_hands(seed):
    result = monkey.run_table(seed, ticks=2500)
    assert result["ticks"] == 2500


@pytest.fixture
def screen():
    pygame.init()
    screen = monkey.ScreenMonkey(11)
    yield screen
    screen.close()


def test_every_scene_under_random_keys_and_pads(screen):
    """Each registered scene and game (title, lobby, settings, controls, pause, mall, table, results...)."""
    targets = monkey.scene_targets()
    assert {"shot:title", "shot:lobby", "shot:settings", "shot:pause"} <= {name for name, _ in targets}
    for seed, (label, build) in enumerate(targets):
        assert screen.run(label, build, seed, ticks=350) == 350
    assert {"title", "lobby", "settings"} <= set(screen.visited)


def test_pads_pulled_and_replugged_mid_game(screen):
    """Pads plugged in and pulled out every few seconds while a match runs (the reconnect prompt)."""
    if not screen.use_pads:
        pytest.skip("this SDL cannot attach virtual joysticks")
    screen.plug_rate, screen.pull_rate = 0.05, 0.03
    games = [(label, build) for label, build in monkey.scene_targets() if label.startswith("game:")]
    if not games:
        pytest.skip("no game scene is registered yet")
    rng = random.Random(4)
    for label, build in rng.sample(games, min(3, len(games))):
        screen.run(label, build, 7, ticks=500, seat_pad=True)
    assert screen.visited["reconnect"] > 0      # a seated pad was pulled mid-match

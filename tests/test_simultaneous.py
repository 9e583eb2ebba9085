"""Seats acting on the same tick: no seat wins a race by its number (game/sim/simultaneous.py).

Mirror-image contests: every seat stands exactly as far from one pile and presses A on the
same tick. Before, the buttons were taken in seat order and seat 1 got the pile every time.
"""
from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from game.match.commands import Button, Command
from game.sim.mall_events import Picked
from game.sim.tuning import FP
from game.sim.simultaneous import tick_order
from tests.test_mall_rounds import make_sim

GRAB = Command(pressed=Button.A)


def contest(players: int, seed: int, wait: int) -> list[int]:
    """The seats that picked up a pile when all of them pressed A on it in the same tick,
    standing on it (the push that parts them moves each as far)."""
    sim = make_sim(players=players, seed=seed)
    for _ in range(2000):
        if sim.phase == "playing":
            break
        sim.step({})
    for _ in range(wait):
        sim.step({})
    pile = min(sim.piles)
    x, y = sim.piles[pile]
    for av in sim.avatars:
        b = av.body
        b.x, b.y, b.vx, b.vy = x * FP, y * FP, 0, 0
    sim.step({seat: GRAB for seat in sim.seats})
    return [e.seat for e in sim.events if isinstance(e, Picked) and e.pile == pile]


def test_a_pile_grabbed_at_once_goes_to_either_seat():
    winners = Counter()
    for seed in range(1, 41):
        picked = contest(2, seed, seed % 7)
        assert len(picked) == 1, picked        # one pile, one holder
        winners[picked[0]] += 1
    assert min(winners[0], winners[1]) >= 10, winners


def test_the_same_match_resolves_the_same_race_the_same_way():
    assert contest(3, 5, 2) == contest(3, 5, 2)


@given(seed=st.integers(0, 2 ** 64 - 1), tick=st.integers(0, 10 ** 6), players=st.integers(2, 6))
def test_a_tick_order_is_a_shuffle_of_the_players(seed: int, tick: int, players: int):
    actors = [(p, f"seat {p}") for p in range(players)]
    order = tick_order(seed, tick, actors, lambda actor: actor[0])
    assert sorted(order) == actors
    assert order == tick_order(seed, tick, list(reversed(actors)), lambda actor: actor[0])


def test_every_player_goes_first_about_as_often():
    firsts = Counter(tick_order(7, tick, range(6), int)[0] for tick in range(6000))
    assert set(firsts) == set(range(6))
    assert max(firsts.values()) < 1.15 * 1000 and min(firsts.values()) > 0.85 * 1000, firsts


@given(seed=st.integers(0, 2 ** 64 - 1), tick=st.integers(0, 10 ** 6), players=st.integers(1, 8))
def test_a_tick_order_is_the_splitmix_order_of_its_players(seed: int, tick: int, players: int):
    """The order is the players sorted by splitmix64 of the tick's base plus their number."""
    from game.sim.simultaneous import _GOLDEN, _MASK, _mix
    base = _mix((seed & _MASK) ^ _mix(tick * _GOLDEN & _MASK))
    expected = sorted(range(players), key=lambda p: _mix((base + p * _GOLDEN) & _MASK))
    assert tick_order(seed, tick, range(players), int) == expected


def test_recorded_matches_keep_their_tick_orders():
    """Orders drawn by earlier trees (recorded replays depend on them)."""
    assert [tick_order(s, t, range(6), int) for s, t in ((1, 0), (7, 123), (2 ** 64 - 1, 10 ** 6), (42, 5))] == [
        [5, 2, 3, 0, 1, 4], [5, 3, 4, 1, 2, 0], [3, 4, 0, 2, 1, 5], [0, 1, 5, 4, 3, 2]]

"""Sold Out! engine pieces the scenarios do not reach: the random deal, matches, hashes, set-up errors."""
import random

import pytest

from game.rules.soldout import Deal, Match, Round, deal_round, load_catalogue

CAT = load_catalogue()


@pytest.mark.parametrize("mode", ["rush", "memory", "tidy"])
def test_deal_shape(mode):
    deal = deal_round(CAT, mode, 3, random.Random(4))
    assert [len(p) for p in deal.piles] == [10, 10, 10, 10, 9, 9, 9, 9, 9]
    assert sorted(c for p in deal.piles for c in p) == sorted(CAT.items)
    if mode == "tidy":
        assert len(deal.dressers) == 5 and len(set(deal.dressers)) == 5 and not deal.lists
    else:
        assert len(deal.lists) == 3 and not deal.dressers
        for one, two in deal.lists:
            assert CAT.objectives[one].bags == 1 and CAT.objectives[two].bags == 2
        assert len({c for lst in deal.lists for c in lst}) == 6


def test_deal_uses_only_the_given_generator():
    a = deal_round(CAT, "rush", 2, random.Random(9))
    random.seed(123)  # the global generator must not matter
    b = deal_round(CAT, "rush", 2, random.Random(9))
    assert a == b
    assert deal_round(CAT, "rush", 2, random.Random(10)) != a


def test_bad_deals_are_refused():
    deal = deal_round(CAT, "rush", 2, random.Random(1))
    with pytest.raises(ValueError, match="each of the 85 cards once"):
        Round(CAT, "rush", 2, Deal(deal.piles[1:], deal.lists))
    with pytest.raises(ValueError, match="2 shopping lists"):
        Round(CAT, "rush", 2, Deal(deal.piles, deal.lists[:1]))
    with pytest.raises(ValueError, match="needs 4 dressers"):
        Round(CAT, "tidy", 2, Deal(deal.piles, (), ("one-01",)))
    with pytest.raises(ValueError, match="unknown mode"):
        Round(CAT, "sprint", 2, deal)
    with pytest.raises(ValueError, match="teams lists 1 players"):
        Round(CAT, "rush", 2, deal, teams=[0])


def test_where_is_and_snapshot_hash():
    rnd = Match(CAT, 2, random.Random(3)).start_round("memory")
    first = rnd.shown(0)
    assert rnd.where_is(first) == ("pile", 0, 0)
    before = rnd.state_hash()
    assert rnd.pick_up(0, 0) and rnd.take(0)
    assert rnd.where_is(first) == ("hand", 0, 0)
    assert rnd.state_hash() != before
    twin = Match(CAT, 2, random.Random(3)).start_round("memory")
    twin.pick_up(0, 0)
    twin.take(0)
    assert twin.state_hash() == rnd.state_hash()
    assert len(rnd.state_hash()) == 64


def test_match_runs_rounds_with_running_totals():
    match = Match(CAT, 3, random.Random(5), teams=[0, 1, 0])
    assert match.sides == 2
    rnd = match.start_round("memory")
    with pytest.raises(ValueError):
        match.start_round("rush")
    side0 = rnd.list_items(0)
    # Player 2 (team 0) collects team 0's 1-bag card from wherever the deal put it.
    for item in rnd.pictured(rnd.tables[0][0].card):
        where = rnd.where_is(item)
        assert rnd.pick_up(2, where[1])
        while rnd.shown(where[1]) != item:
            rnd.flip(2)
        assert rnd.take(2)
        if 2 in rnd.held:
            rnd.put_down(2)
    assert rnd.call_sold_out(1)
    first = match.finish_round()
    assert first.side_scores == (1, 0) and first.scored[0] == first.scored[2] == (rnd.tables[0][0].card,)
    assert len(side0) == 5
    rnd = match.start_round("tidy")
    assert len(rnd.dressers) == 4
    rnd.end_round()
    match.finish_round()
    assert match.totals == [1, 0]
    assert [match.player_total(p) for p in range(3)] == [1, 0, 1]
    assert match.winners() == [0, 2]
    with pytest.raises(ValueError):
        match.finish_round()


def test_six_players_tidy_has_eight_dressers():
    rnd = Match(CAT, 6, random.Random(2)).start_round("tidy")
    assert len(rnd.dressers) == 8


def test_can_still_score_in_every_mode():
    for mode in ("rush", "memory", "tidy"):
        rnd = Match(CAT, 2, random.Random(8)).start_round(mode)
        assert rnd.can_still_score(0) and rnd.can_still_score(1)
        rnd.end_round()
        assert not rnd.can_still_score(0) or mode != "memory"


@pytest.mark.parametrize("mode", ["memory", "tidy"])
def test_reachable_agrees_with_where_is_in_every_place(mode):
    # reachable() answers from the piles, carried cards and hands before asking where_is:
    # it must say what where_is says for a card anywhere, and still refuse a lost or doubled card.
    rnd = Match(CAT, 2, random.Random(5)).start_round(mode)
    cards = [c for pile in rnd.piles.values() for c in pile]
    rnd.carried[1] = rnd.piles[1].pop(0)
    rnd.hands[0].append(rnd.piles[2].pop(0))
    placed = rnd.piles[3].pop(0)
    (rnd.dressers[0] if rnd.dressers else rnd.tables[0][0]).placed.append((placed, 0))
    for card in cards:
        assert rnd.reachable(card) == (rnd.where_is(card)[0] in ("pile", "carried", "hand")), card
    assert not rnd.reachable(placed)
    lost = rnd.piles[4].pop(0)
    with pytest.raises(AssertionError, match="in 0 places"):
        rnd.reachable(lost)

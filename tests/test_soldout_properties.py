"""Property tests: random legal play never crashes, loses a card or scores out of bounds."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.soldout import Match, Round, load_catalogue

CAT = load_catalogue()
ALL_CARDS = sorted(CAT.items)


def every_card(rnd: Round) -> list[str]:
    cards = [c for pile in rnd.piles.values() for c in pile]
    cards += [c for hand in rnd.hands for c in hand]
    cards += list(rnd.carried.values())
    cards += [c for table in rnd.tables for slot in table for c, _ in slot.placed]
    cards += [c for slot in rnd.dressers for c, _ in slot.placed]
    return cards


def check_invariants(rnd: Round) -> None:
    assert sorted(every_card(rnd)) == ALL_CARDS            # each of the 85 in exactly one place
    assert all(pid in rnd.piles and rnd.piles[pid] for pid in rnd.held.values())
    assert not set(rnd.held) & set(rnd.carried)
    assert all(rnd.piles.values())                         # an empty pile is gone
    scores = rnd.scores()
    assert all(s >= 0 for s in scores)
    assert sum(scores) <= rnd.bags_in_play()
    if rnd.mode != "tidy":
        for side, table in enumerate(rnd.tables):
            assert scores[side] <= sum(CAT.objectives[s.card].bags for s in table)
            assert all(len(s.placed) <= len(CAT.objectives[s.card].items) for s in table)
        for side in range(rnd.sides):
            held = sum(len(rnd.hands[m]) for m in rnd.members(side))
            assert held <= (len(rnd.list_items(side)) if rnd.mode == "memory" else 0)
    if rnd.over:
        assert not rnd.held and not rnd.carried


def legal_actions(rnd: Round, p: int) -> list[tuple]:
    free = [pid for pid in rnd.piles if rnd.holder(pid) is None]
    if p in rnd.carried:
        acts = [("return_card", p, pid) for pid in free]
        if rnd.mode == "rush":
            acts += [("deliver", p, k) for k, s in enumerate(rnd.tables[rnd.side(p)])
                     if len(s.placed) < len(rnd.pictured(s.card))] + [("deliver", p, None)]
        else:
            acts += [("place_at_dresser", p, d) for d in range(len(rnd.dressers))]
        return acts
    if p in rnd.held:
        acts = [("flip", p), ("flip", p), ("put_down", p), ("take", p)]
        acts += [("hand_to_pile", p, i) for i in range(len(rnd.hands[p]))]
        return acts
    return [("pick_up", p, pid) for pid in free]


ODD = [("pick_up", 0, 0), ("put_down", 0), ("flip", 1), ("take", 2), ("deliver", 0, 1), ("deliver", 1, None),
       ("hand_to_pile", 0, 3), ("return_card", 1, 2), ("place_at_dresser", 0, 9), ("call_sold_out", 0),
       ("pick_up", 9, 0), ("deliver", 0, -1)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 6), mode=st.sampled_from(["rush", "memory", "tidy"]),
       teamed=st.booleans(), team_seed=st.integers(0, 10_000), assist=st.booleans(),
       seed=st.integers(0, 2**32), moves=st.lists(st.integers(0, 10_000), min_size=1, max_size=300))
def test_random_play_keeps_every_card_once(players, mode, teamed, team_seed, assist, seed, moves):
    teams = [random.Random(team_seed + p).randrange(3) for p in range(players)] if teamed else None
    match = Match(CAT, players, random.Random(seed), teams, assist)
    rnd = match.start_round(mode)
    check_invariants(rnd)
    for n, move in enumerate(moves):
        if rnd.over:
            break
        player = move % players
        if move % 97 == 0:
            action = ODD[move % len(ODD)] if move % 2 else ("call_sold_out", player)
        else:
            options = legal_actions(rnd, player)
            if not options:
                continue
            action = options[(move // players) % len(options)]
        result = getattr(rnd, action[0])(*action[1:])
        assert result.ok or result.reason, action
        check_invariants(rnd)
    if not rnd.over:
        rnd.end_round()
    check_invariants(rnd)
    result = match.finish_round()
    assert all(0 <= t for t in match.totals)
    assert len(result.scored) == len(result.mistakes) == players


@settings(max_examples=30, deadline=None)
@given(players=st.integers(1, 6), mode=st.sampled_from(["rush", "memory", "tidy"]),
       teamed=st.booleans(), assist=st.booleans(), seed=st.integers(0, 2**32))
def test_bot_rounds_end_with_every_card_once(players, mode, teamed, assist, seed):
    """Purposeful play reaches the round ends (SOLD OUT!, all filled, nothing left) cleanly."""
    from game.rules.soldout.autoplay import Bot
    teams = [p % 2 for p in range(players)] if teamed else None
    match = Match(CAT, players, random.Random(seed), teams, assist)
    rnd = match.start_round(mode)
    bots = [Bot(p, random.Random(seed + p)) for p in range(players)]
    while not rnd.over:
        assert rnd.actions < 20000
        for bot in bots:
            if not rnd.over:
                bot.act(rnd)
                check_invariants(rnd)
    assert rnd.cause in ("sold_out", "all_filled", "nothing_left")
    result = match.finish_round()
    assert sum(result.side_scores) <= rnd.bags_in_play()

"""Property tests: whatever players do, dice and tokens are conserved, nothing
crashes, and the final score is stars + tokens + 3 per set."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.checkout import autoplay
from game.rules.checkout.catalogue import load_catalogue
from game.rules.checkout.engine import OVER, CheckoutGame, Result
from game.rules.checkout.scenario import invariant_failures
from game.rules.checkout.scoring import count_sets

CATALOGUE = load_catalogue()


def _candidates(game: CheckoutGame, data) -> list:
    """Legal and illegal actions alike: the engine must answer each with a Result."""
    seat = data.draw(st.integers(0, len(game.players)), label="seat")  # may be one past the last
    ids = [t.id for t in game.table] + ["hot_dog", "kite"]
    return [
        lambda: game.roll(seat),
        lambda: game.roll(seat, data.draw(st.lists(st.integers(0, 7), max_size=6), label="faces")),
        lambda: game.grab(seat, data.draw(st.lists(st.sampled_from(ids), max_size=3), label="grab")),
        lambda: game.grab(seat, autoplay.greedy_grab(game, seat)) if seat < len(game.players) else game.grab(seat, []),
        lambda: game.join_queue(seat),
        lambda: game.finish_last_holder(),
        lambda: game.buy(seat, data.draw(st.sampled_from(game.display + ["nachos", "kite"]), label="buy")),
        lambda: game.end_checkout_turn(seat),
        lambda: game.next_round(),
        lambda: game.bid(seat, data.draw(st.integers(-1, 7), label="bid")),
        lambda: game.set_faces(seat, data.draw(st.lists(st.integers(1, 6), max_size=6), label="set")),
    ]


def _check(game: CheckoutGame) -> None:
    assert invariant_failures(game) == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_play_conserves_dice_and_tokens(players, seed, data):
    game = CheckoutGame(CATALOGUE, players, random.Random(seed))
    for _ in range(data.draw(st.integers(0, 120), label="wild steps")):
        if game.phase == OVER:
            break
        actions = _candidates(game, data)
        result = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]()
        assert isinstance(result, Result)
        assert result.ok or result.reason  # a rejection always says why
        _check(game)
    bots = random.Random(seed)
    while game.phase != OVER:  # then play it out legally to the end
        before = game.actions
        autoplay._act(game, bots)
        assert game.actions > before  # every automatic move is legal
        _check(game)
    for score, player in zip(game.scores(), game.players):
        stars = sum(CATALOGUE.products[p].stars for p in player.products)
        stars += sum(CATALOGUE.bargains[b].stars for b in player.bargains)
        assert score.stars == stars
        assert score.sets == count_sets(player.products, CATALOGUE)
        assert score.total == stars + player.tokens + 3 * score.sets
    assert game.winners()


@settings(max_examples=40, deadline=None)
@given(faces=st.lists(st.integers(1, 6), min_size=1, max_size=5), data=st.data())
def test_a_grab_succeeds_exactly_when_the_faces_cover_the_product(faces, data):
    game = CheckoutGame(CATALOGUE, 2, random.Random(0))
    pid = data.draw(st.sampled_from([t.id for t in game.table]))
    game.players[0].hand = [1] * len(faces)  # as if earlier dice were placed: roll exactly len(faces)
    game.players[0].placed = 0
    game.players[0].dice = len(faces)
    assert game.roll(0, faces).ok
    need = CATALOGUE.products[pid].faces
    shows = all(faces.count(f) >= need.count(f) for f in set(need))
    assert game.grab(0, [pid]).ok == shows

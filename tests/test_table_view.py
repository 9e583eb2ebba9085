"""A Check Out! bot sees the table through its seat's window (game/sim/table_view.py): the
decks, secret bids and tumbling dice are not in it."""
import copy
import inspect
import random

from game.bots.checkout import CheckOutBot
from game.match.spec import MatchSpec, SeatSpec
from game.rules.checkout import BIDDING, FRENZY
from game.sim.table import TableSim
from game.sim.table_view import TableSeatView

PUBLIC = {
    "seat", "tick", "phase", "catalogue", "rules", "table", "places", "display", "queue_length", "supply",
    "bonus", "bonus_taker", "set_aside", "last_holder", "visible_hand", "checkout_seat", "solo_seat",
    "solo_dice", "ready", "holding", "tumbling", "land_tick", "cursor",
    "bargain_cursor", "bid_choice", "bid_made", "bid_limit", "products", "grabbed", "rolls", "queued", "price",
}


def _sim(players: int, seed: int = 5) -> tuple[TableSim, list[CheckOutBot]]:
    seats = tuple(SeatSpec(i, f"Bot{i}", "bot", "expert") for i in range(players))
    sim = TableSim(MatchSpec("checkout", seats, seed=seed))
    return sim, [CheckOutBot(i, "expert", seed) for i in range(players)]


def _answers(view: TableSeatView, sim: TableSim) -> dict[str, object]:
    """Every query of the view, with every argument worth asking about."""
    out: dict[str, object] = {}
    for name in sorted(PUBLIC):
        attr = getattr(view, name)
        if not callable(attr):
            out[name] = attr
            continue
        params = [p for p in inspect.signature(attr).parameters.values() if p.default is p.empty]
        if name == "visible_hand":
            out[name] = [attr(seat) for seat in range(sim.n)]
        elif name == "price":
            out[name] = [attr(b) for b in sim.catalogue.bargains]
        elif not params:
            out[name] = attr()
        else:
            raise AssertionError(f"say how to ask TableSeatView.{name}")
    return out


def _reshuffled(sim: TableSim, seat: int) -> TableSim:
    """The same table with everything this seat cannot see changed: both decks' order, the
    dice still tumbling, other players' secret bids, the dice to come."""
    other = copy.deepcopy(sim)
    game = other.game
    shuffle = random.Random(seat + 100).shuffle
    for deck in (game.product_deck, game.bargain_deck):
        before = list(deck)
        while deck == before:
            shuffle(deck)
    for s, player in enumerate(game.players):
        if s != seat and other.tumbling(s):
            player.hand = [7 - face for face in player.hand]
        if s != seat and player.bid is not None and game.phase == BIDDING:
            player.bid = (player.bid + 1) % (other.bid_limit(s) + 1)
    game.rng.seed(987654321)
    return other


def _play_until(sim: TableSim, bots: list[CheckOutBot], done) -> None:
    for _ in range(60 * 60 * 10):
        if done(sim):
            return
        sim.step({b.seat: b.command(sim) for b in bots})
    raise AssertionError("never got there")


def _same_for_every_seat(sim: TableSim, bots: list[CheckOutBot]) -> None:
    for bot in bots:
        other = _reshuffled(sim, bot.seat)
        assert _answers(other.seat_view(bot.seat), other) == _answers(sim.seat_view(bot.seat), sim)
        twin = copy.deepcopy(bot)
        assert twin._think(other.seat_view(bot.seat)) == copy.deepcopy(bot)._think(sim.seat_view(bot.seat))


def test_the_view_offers_only_what_a_player_sees():
    assert {n for n in dir(TableSeatView) if not n.startswith("_")} == PUBLIC


def test_tumbling_dice_and_the_decks_make_no_difference_to_what_a_seat_sees():
    sim, bots = _sim(4)
    _play_until(sim, bots, lambda s: s.phase == FRENZY and any(s.tumbling(i) for i in range(s.n)))
    _same_for_every_seat(sim, bots)


def test_secret_bids_make_no_difference_until_the_reveal():
    sim, bots = _sim(3)
    for i, p in enumerate(sim.game.players):   # unequal purses: the bots lock their bids at different ticks
        p.tokens = 2 + 2 * i
    sim.game.supply -= 12

    def some_bid(s: TableSim) -> bool:
        made = [s.game.bid_made(i) for i in range(s.n)]
        return s.phase == BIDDING and any(made) and not all(made)

    _play_until(sim, bots, some_bid)
    assert any(p.bid for p in sim.game.players)       # a bid the reshuffle can change
    _same_for_every_seat(sim, bots)


def test_the_checker_notices_a_peek():
    """Were the view to show the deck, a tumbling die or a secret bid, the reshuffle would tell."""
    sim, bots = _sim(4)
    _play_until(sim, bots, lambda s: s.phase == FRENZY and any(s.tumbling(i) for i in range(1, s.n)))
    other = _reshuffled(sim, 0)
    assert other.game.product_deck != sim.game.product_deck
    assert other.game.bargain_deck != sim.game.bargain_deck
    rolling = next(i for i in range(1, sim.n) if sim.tumbling(i))
    assert other.game.players[rolling].hand != sim.game.players[rolling].hand
    sim.game.phase = BIDDING
    sim.game.players[1].tokens = 3
    sim.game.players[1].bid = 2
    assert _reshuffled(sim, 0).game.players[1].bid != 2

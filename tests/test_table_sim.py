"""The Check Out! table in real time, driven headless through Commands."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.match.commands import IDLE, Button, Command
from game.match.spec import MatchSpec, SeatSpec
from game.rules.checkout import BIDDING, CHECKOUT, FRENZY, OVER, ROUND_END
from game.sim.table import COUNTDOWN, TableSim
from game.sim.table_cursor import grid, move, product_columns
from game.sim.table_events import Bought, Countdown, Go, RaceWon, TokensChanged
from game.sim.table_tuning import TableTuningError, load_table_tuning

NAMES = ("Orange", "Sky", "Green", "Yellow", "Blue", "Pink")


def spec(players: int, seed: int = 1, difficulty: str = "normal", names: tuple[str, ...] = NAMES) -> MatchSpec:
    seats = tuple(SeatSpec(i, names[i], "bot", difficulty) for i in range(players))
    return MatchSpec("checkout", seats, seed=seed)


def press(*buttons: Button) -> Command:
    flags = Button.NONE
    for b in buttons:
        flags |= b
    return Command(pressed=flags, held=flags)


def run_until(sim: TableSim, done, commands=None, limit: int = 20_000) -> None:
    for _ in range(limit):
        if done(sim):
            return
        sim.step(commands(sim) if commands else {})
    raise AssertionError(f"not reached in {limit} ticks (phase {sim.phase})")


def to_play(sim: TableSim) -> None:
    run_until(sim, lambda s: s.phase == FRENZY)


def point_at(sim: TableSim, seat: int, index: int) -> None:
    """Walk a seat's cursor to a product with d-pad presses (released between pushes)."""
    for _ in range(40):
        cursor = sim.seats[seat].cursor
        if cursor == index:
            return
        places = sim.places()
        tx, tr = places[index]
        x, r = places[cursor]
        button = Button.DOWN if tr > r else Button.UP if tr < r else Button.RIGHT if tx > x else Button.LEFT
        sim.step({seat: press(button)})
        sim.step({})
    raise AssertionError("cursor did not arrive")


# ---------------------------------------------------------------- cursor grid
def test_grid_rows_are_centred_and_moves_follow_the_picture():
    assert product_columns(4) == 4 and product_columns(12) == 6 and product_columns(9) == 5
    places = grid(9)                     # 5 on top, 4 below, centred
    assert places[:5] == [(0, 0), (2, 0), (4, 0), (6, 0), (8, 0)]
    assert places[5:] == [(1, 1), (3, 1), (5, 1), (7, 1)]
    assert move(places, 0, 0, 1) == 5    # down from the first card: the nearest below
    assert move(places, 8, 0, -1) == 3   # up from (7,1): nearest of (6,0)/(8,0), leftmost on a tie
    assert move(places, 4, 1, 0) == 4    # right edge stays
    solo = grid(4, dice=3)
    assert solo[4:] == [(1, 1), (3, 1), (5, 1)]


def test_dpad_moves_one_card_and_holding_repeats():
    sim = TableSim(spec(2))
    sim.step({0: press(Button.RIGHT)})
    assert sim.seats[0].cursor == 1
    held = Command(held=Button.RIGHT)
    for _ in range(sim.tuning.repeat_delay - 2):
        sim.step({0: held})
    assert sim.seats[0].cursor == 1      # not yet repeating
    for _ in range(3):
        sim.step({0: held})
    assert sim.seats[0].cursor == 2      # the first repeat
    for _ in range(sim.tuning.repeat_every):
        sim.step({0: held})
    assert sim.seats[0].cursor == 3      # then every repeat_every ticks


# ---------------------------------------------------------------- countdowns
def test_three_two_one_go_and_buttons_wait_for_it():
    sim = TableSim(spec(2))
    seen = []
    for _ in range(sim.tuning.countdown + 2):
        sim.step({0: press(Button.X)})
        seen += [e for e in sim.events if isinstance(e, (Countdown, Go))]
    assert seen == [Countdown(3), Countdown(2), Countdown(1), Go()]
    assert sim.game.players[0].rolls == 1   # the press on the GO tick rolled, none before


def test_last_player_countdown_then_their_dice_queue_by_themselves():
    sim = TableSim(spec(2))
    to_play(sim)
    sim.step({0: press(Button.X), 1: press(Button.X)})
    run_until(sim, lambda s: not s.tumbling(0) and not s.tumbling(1))
    sim.step({0: press(Button.Y)})                      # seat 0 leaves: seat 1 is the last
    assert sim.game.queue == [0]
    seat, left = sim.last_player()
    assert seat == 1 and left == sim.tuning.last_player - 1
    sim.step({1: press(Button.X)})                      # no more rolling for the last player
    assert "last player" in sim.seats[1].reason
    run_until(sim, lambda s: s.game.phase != FRENZY)
    assert sim.game.queue == [0, 1]
    assert sim.tick - sim.seats[1].reason_tick == sim.tuning.last_player - 1 + 1


def test_the_last_players_countdown_waits_for_a_tumbling_roll_to_land():
    sim = TableSim(spec(2))
    to_play(sim)
    sim.step({0: press(Button.X), 1: press(Button.X)})
    run_until(sim, lambda s: not s.tumbling(1))
    sim.step({1: press(Button.X)})                      # seat 1 rolls again ...
    sim.step({0: press(Button.Y)})                      # ... and is left last while it tumbles
    assert sim.last_player()[1] == sim.seats[1].land_tick + sim.tuning.last_player - sim.tick


# ---------------------------------------------------------------- grabbing and races
def test_no_grab_while_the_dice_tumble():
    sim = TableSim(spec(2))
    to_play(sim)
    sim.step({0: press(Button.X)})
    assert sim.visible_hand(0) is None                  # faces are decided but hidden
    sim.step({0: press(Button.A)})
    assert sim.seats[0].reason == "Wait for your dice to land"
    assert sim.game.players[0].placed == 0


def _race(tick_parity: int, names: tuple[str, ...] = NAMES) -> tuple[TableSim, int, int]:
    """Seats 0 and 1 show the same faces and press A on the same product in one tick."""
    sim = TableSim(spec(2, seed=4, names=names))
    to_play(sim)
    product = sim.game.table[0]
    faces = list(sim.catalogue.products[product.id].faces)
    hand = faces + [6] * (5 - len(faces))
    sim.step({0: press(Button.X), 1: press(Button.X)})
    sim.game.players[0].hand = list(hand)               # a rigged roll: both show the product's faces
    sim.game.players[1].hand = list(hand)
    run_until(sim, lambda s: not s.tumbling(0) and not s.tumbling(1) and s.tick % 2 == tick_parity)
    tick = sim.tick
    sim.step({0: press(Button.A), 1: press(Button.A)})
    return sim, tick, sim.game.table[0].holder


def test_same_tick_race_goes_to_the_first_seat_in_the_ticks_order():
    for parity in (0, 1):
        sim, tick, holder = _race(parity)
        assert holder == sim.order(tick)[0]
        loser = 1 - holder
        race = sim.races[sim.game.table[0].id]
        assert (race.winner, race.losers, race.tick) == (holder, (loser,), tick)
        assert sim.seats[loser].reason.startswith(f"#{holder + 1} got ")     # by seat: the panel names it
        assert RaceWon(holder, race.product) in sim.events
    again = _race(1)
    assert again[2] == _race(1)[2]                      # the same race resolves the same way every time


def test_a_race_leaves_a_state_hash_that_no_name_changes():
    """The loser's reason named the winner, and the reason is hashed: a profile's name changed the hash."""
    sim, _tick, _holder = _race(0)
    renamed, _tick, _holder = _race(0, names=("WWWWWWWWWWWWWWWW", "Zoë"))
    assert any(s.reason.endswith("(same moment)") for s in sim.seats)
    assert sim.state_hash() == renamed.state_hash()


def test_the_panel_says_a_race_s_winner_by_name():
    from game.scenes.reasons import say_reason
    assert say_reason("#2 got Curry first (same moment)", ["Anna", "Zoë"]) == "Zoë got Curry first (same moment)"
    assert say_reason("#2 got Curry first (same moment)") == "#2 got Curry first (same moment)"


@pytest.mark.parametrize("players", [3, 6])
def test_no_seat_goes_before_its_neighbour_more_often(players: int):
    """Any two seats race evenly (a rotating order let seat 1 beat seat 2 in n - 1 ticks of n)."""
    sim = TableSim(spec(players, seed=4))
    first = sum(sim.order(tick).index(0) < sim.order(tick).index(1) for tick in range(3000))
    assert 1350 <= first <= 1650, first


def test_grab_several_products_from_one_roll_with_a_on_each():
    sim = TableSim(spec(2, seed=9))
    to_play(sim)
    table = sim.game.table
    a, b = table[0].id, table[1].id
    faces = list(sim.catalogue.products[a].faces) + list(sim.catalogue.products[b].faces)
    sim.step({0: press(Button.X)})
    sim.game.players[0].hand = faces + [1] * (5 - len(faces))
    run_until(sim, lambda s: not s.tumbling(0))
    sim.step({0: press(Button.A)})
    point_at(sim, 0, 1)
    sim.step({0: press(Button.A)})
    assert [t.holder for t in table[:2]] == [0, 0]
    assert sim.round_gains[0]["products"] == [a, b]


# ---------------------------------------------------------------- checkout and bids
def test_checkout_buys_with_a_and_ends_with_y_turning_dice_into_change():
    sim = TableSim(spec(2, seed=2))
    to_play(sim)
    sim.step({0: press(Button.X), 1: press(Button.X)})
    run_until(sim, lambda s: not s.tumbling(0))
    sim.step({0: press(Button.Y)})
    sim.step({1: press(Button.Y)})
    assert sim.game.phase == CHECKOUT
    run_until(sim, lambda s: s.checkout_seat() == 0)
    bargain = sim.game.display[0]
    price = sim.game.price(0, bargain)
    sim.step({0: press(Button.A)})
    assert sim.game.players[0].bargains == [bargain]
    assert Bought(0, bargain) in sim.events
    sim.step({0: press(Button.Y)})
    assert sim.game.players[0].tokens == 5 - price
    assert TokensChanged(0, 5 - price) in sim.events
    assert sim.checkout_seat() is None                  # the change is counted out first


def test_bids_are_chosen_with_up_down_and_locked_with_a():
    sim = TableSim(spec(2, seed=6))
    sim.game.players[0].tokens, sim.game.players[1].tokens = 3, 1
    sim.game.supply -= 4
    sim.game.round, sim.game.phase = 5, BIDDING        # straight to the bids
    sim.step({})
    sim.step({0: press(Button.UP)})
    sim.step({})
    sim.step({0: press(Button.UP)})
    sim.step({0: press(Button.A), 1: press(Button.A)})
    assert sim.phase == "reveal" and sim.revealed == [2, 0]
    run_until(sim, lambda s: s.phase == "bonus_solo")
    assert sim.solo_seat == 0 and sim.game.players[0].hand == [1, 1]


# ---------------------------------------------------------------- whole games
def scripted(sim: TableSim) -> dict[int, Command]:
    """Plain scripted players: roll, grab what the first product allows, queue, pass, bid 0."""
    out = {}
    for seat in range(sim.n):
        if (sim.tick + seat) % 9:
            continue
        phase = sim.phase
        player = sim.game.players[seat]
        if phase == FRENZY and player.holding and not sim.tumbling(seat):
            out[seat] = press(Button.X) if player.rolls < 2 else press(Button.A, Button.Y)
        elif phase == CHECKOUT and sim.checkout_seat() == seat:
            out[seat] = press(Button.A) if sim.tick % 2 else press(Button.Y)
        elif phase in (ROUND_END, BIDDING):
            out[seat] = press(Button.A)
    return out


def test_a_whole_game_by_scripted_commands_ends_with_scores():
    sim = TableSim(spec(3, seed=11))
    run_until(sim, lambda s: s.over(), scripted, limit=40_000)
    assert sim.game.phase == OVER and len(sim.rounds) == 4
    scores = sim.game.scores()
    assert len(scores) == 3 and all(s.total >= 0 for s in scores)
    assert sim.game.tokens_total() == sim.game.rules.change_tokens


def test_same_seed_same_commands_same_hash():
    hashes = []
    for seed in (5, 5, 6):
        sim = TableSim(spec(3, seed=seed))
        run_until(sim, lambda s: s.over(), scripted, limit=40_000)
        hashes.append((sim.tick, sim.state_hash()))
    assert hashes[0] == hashes[1]
    assert hashes[0] != hashes[2]


def test_bad_tuning_file_is_one_clear_line(tmp_path: Path):
    path = tmp_path / "tuning.toml"
    path.write_text("[table]\ntumble = -1\n", encoding="utf-8")
    with pytest.raises(TableTuningError, match=r"\[table\] tumble must be a number >= 0"):
        load_table_tuning(path)
    path.write_text("[table\n", encoding="utf-8")
    with pytest.raises(TableTuningError, match="tuning.toml"):
        load_table_tuning(path)


def test_countdown_phase_name_and_idle_ticks_are_cheap():
    sim = TableSim(spec(6))
    assert sim.phase == COUNTDOWN
    for _ in range(100):
        sim.step({i: IDLE for i in range(6)})
    assert sim.tick == 100 and sim.phase == COUNTDOWN


def test_the_lone_bidder_sets_dice_by_hand_or_takes_a_card_with_x():
    sim = TableSim(spec(2, seed=6))
    game = sim.game
    game.players[0].tokens = 4
    game.supply -= 4
    game.set_aside = list(game.product_deck[:3])
    game.round, game.phase = 5, BIDDING
    sim.step({})                                        # the table sees the bids open
    game.bid(0, 4)
    game.bid(1, 0)
    run_until(sim, lambda s: s.phase == "bonus_solo")
    assert game.players[0].hand == [1, 1, 1, 1]
    table = len(game.table)
    point_at(sim, 0, table + 1)                         # the dice row: the second die
    sim.step({0: press(Button.A)})
    sim.step({})
    sim.step({0: press(Button.B)})
    sim.step({})
    sim.step({0: press(Button.B)})
    assert game.players[0].hand == [1, 6, 1, 1]         # up to 2, down to 1, down (round) to 6
    target = next(i for i, t in enumerate(game.table)
                  if len(sim.catalogue.products[t.id].faces) <= 4)
    point_at(sim, 0, target)
    sim.step({0: press(Button.X)})
    assert game.table[target].holder == 0
    sim.step({0: press(Button.Y)})                      # done: the bonus round ends
    assert game.phase == OVER


def test_the_turn_order_is_drawn_only_where_it_can_matter(monkeypatch):
    """A tick where one seat acts (or none) takes the seats in seat order; the match plays out
    exactly as with the tick's drawn order every tick."""
    from game.app.headless import build_spec
    from game.driver.table_headless import run_table
    from game.sim.table import TableSim
    spec = build_spec("checkout", 6, "normal", None, 1, 4)
    quick, _bots = run_table(spec)
    drawn = []
    monkeypatch.setattr(TableSim, "turn_order", lambda self, commands: drawn.append(1) or self.order())
    slow, _bots = run_table(spec)
    assert drawn and quick.state_hash() == slow.state_hash() and quick.tick == slow.tick

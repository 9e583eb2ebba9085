"""A bot sees the mall through its seat's window (game/sim/mall_view.py): nothing hidden is in it."""
import copy
import inspect
import random

from game.driver.match_driver import bot_seed
from game.driver.soldout_headless import new_sim
from game.bots.soldout import make_soldout_bot
from game.app.headless import build_spec
from game.sim.mall_events import Flipped, MallPhase, Took
from game.sim.mall_view import SeatView
from game.sim.tuning import FP

PUBLIC = {
    "player", "tick", "phase", "round_serial", "catalogue", "tile_size", "table_rect",
    "flip_ticks", "hold_ticks", "walkable_grid", "position", "avatars_near",
    "floor_piles",
    "pile_on_floor", "pile_count", "dressers", "last_flip", "held_pile", "shown_card", "carried",
    "shopping_list", "rejection", "at_table", "dresser_in_reach", "nearest_pile", "preview_spot", "side",
    "side_hand_cards", "mates_carrying", "side_table", "table_refuses", "dresser_cards",
    "cards_on_dressers", "filled", "dresser_counts", "side_objectives", "hand_size", "placed_at_dressers",
    "state_serial", "family",
    "bot_cache",   # the bots' shared path-finding scratch (never part of the match): see SeatView.bot_cache
}


def _played(mode: str, players: int, ticks: int, seed: int = 4, until=lambda sim: False):
    sim, _modes = new_sim(build_spec("soldout", players, mode=mode, seed=seed))
    bots = [make_soldout_bot(s, sim, bot_seed(seed, s.seat)) for s in sim.spec.seats]
    for _ in range(ticks):
        sim.step({bot.seat: bot.command(sim) for bot in bots})
        if until(sim):
            break
    return sim


def _answers(view: SeatView, sim) -> dict[str, object]:
    """Every query of the view, with every argument worth asking about."""
    out: dict[str, object] = {}
    for name in sorted(PUBLIC - {"bot_cache"}):   # the bots' scratch holds no card, nothing to compare
        attr = getattr(view, name)
        if not callable(attr):
            out[name] = attr
            continue
        params = [p for p in inspect.signature(attr).parameters.values() if p.default is p.empty]
        if not params:
            out[name] = attr()
        elif name in ("pile_count", "pile_on_floor"):
            out[name] = [attr(pile) for pile in range(40)]
        elif name == "avatars_near":
            out[name] = [attr(x + d, y - d, r) for _seat, x, y in _everyone(sim)
                         for d in (0, 20) for r in (34, 400)]
        elif name == "dresser_counts":
            out[name] = [attr(d) for d in range(len(sim.round.dressers))]
        elif name == "filled":
            out[name] = [attr(d, i) for d in range(len(sim.round.dressers)) for i in sim.catalogue.items]
        else:
            raise AssertionError(f"say how to ask SeatView.{name}")
    return out


def _reshuffled(sim, seat: int, hands_too: bool):
    """The same mall with every card this seat cannot see dealt differently (sizes kept)."""
    other = copy.deepcopy(sim)
    rnd = other.round
    me = other.player_of[seat]
    mates = set(rnd.members(rnd.side(me)))
    own = other.held_pile(seat)
    slots = [(cards, i) for pid, cards in sorted(rnd.piles.items()) for i in range(len(cards))
             if not (pid == own and i == 0)]
    if hands_too:
        slots += [(hand, i) for p, hand in enumerate(rnd.hands) if p not in mates for i in range(len(hand))]
    hidden = [cards[i] for cards, i in slots]
    random.Random(seat).shuffle(hidden)
    assert hidden != [cards[i] for cards, i in slots]
    for (cards, i), card in zip(slots, hidden):
        cards[i] = card
    return other


def test_the_view_offers_only_what_a_player_sees():
    assert {n for n in dir(SeatView) if not n.startswith("_")} == PUBLIC


def test_cards_inside_piles_make_no_difference_to_what_a_seat_sees():
    sim = _played("rush", 3, 60 * 40)
    assert any(sim.held_pile(seat) is not None for seat in sim.seats) or sim.round.carried
    for seat in sim.seats:
        before = _answers(sim.seat_view(seat), sim)
        other = _reshuffled(sim, seat, hands_too=False)
        assert _answers(other.seat_view(seat), other) == before


def test_other_hands_and_the_list_stay_private_in_memory():
    sim = _played("memory", 3, 60 * 60, until=lambda sim: sum(map(len, sim.round.hands)) >= 4)
    assert sim.phase == MallPhase.PLAYING and any(sim.round.hands)
    for seat in sim.seats:
        view = sim.seat_view(seat)
        assert view.shopping_list() == []           # the list is put away after the study phase
        other = _reshuffled(sim, seat, hands_too=True)
        assert _answers(other.seat_view(seat), other) == _answers(view, sim)


def test_the_checker_notices_a_peek():
    """Were the view to show a pile's cards, the reshuffle would tell: the test above can fail."""
    sim = _played("rush", 2, 60 * 20)
    other = _reshuffled(sim, 0, hands_too=False)
    peek = lambda s: {pid: list(cards) for pid, cards in s.round.piles.items()}  # noqa: E731
    assert peek(other) != peek(sim)


def test_the_list_is_there_to_study():
    sim, _modes = new_sim(build_spec("soldout", 2, mode="memory", seed=4))
    assert sim.phase == MallPhase.STUDY
    assert sim.seat_view(0).shopping_list() == sim.shopping_list(0) and sim.shopping_list(0)


def test_the_state_serial_moves_with_the_cards_not_with_flips():
    """Bots keep what they worked out from where the cards are while state_serial stays: it must
    change when a card is taken, and may stay when a held pile is only flipped."""
    from game.match.commands import Button, Command
    sim = _played("rush", 2, 60 * 60, until=lambda sim: any(sim.held_pile(s) is not None for s in sim.seats))
    seat = next(s for s in sim.seats if sim.held_pile(s) is not None)
    view = sim.seat_view(seat)
    for _ in range(sim.t.flip_ticks):
        sim.step({})
    before = view.state_serial()
    sim.step({seat: Command(pressed=Button.X, held=Button.X)})
    assert any(isinstance(ev, Flipped) for ev in sim.events)
    assert view.state_serial() == before
    sim.step({seat: Command(pressed=Button.A, held=Button.A)})
    assert any(isinstance(ev, Took) for ev in sim.events)
    assert view.state_serial() != before


def _everyone(sim) -> list[tuple[int, int, int]]:
    """(seat, x, y) of every avatar, in seat order, whole px: what everyone sees of the others."""
    return [(a.seat, a.body.x // FP, a.body.y // FP) for a in sim.avatars]


def test_avatars_near_is_everyone_filtered():
    """The bots' sidestep asks avatars_near: exactly the other avatars whose centre lies within r
    px on both axes, edges included, in seat order."""
    sim = _played("rush", 6, 900, seed=7)
    seat = 2
    view = sim.seat_view(seat)
    rng = random.Random(5)
    everyone = _everyone(sim)
    probes = [(x + dx, y + dy) for _s, x, y in everyone for dx in (-35, -34, 0, 34, 35) for dy in (-34, 0, 35)]
    probes += [(rng.randrange(-50, 1400), rng.randrange(-50, 800)) for _ in range(300)]
    near_any = 0
    for x, y in probes:
        for r in (0, 34, 120):
            want = [(s, ox, oy) for s, ox, oy in everyone
                    if s != seat and abs(ox - x) <= r and abs(oy - y) <= r]
            assert view.avatars_near(x, y, r) == want, (x, y, r)
            near_any += bool(want)
    assert near_any > 50

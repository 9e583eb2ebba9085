"""The mall's public view (game/sim/mall_public.py), which the drawing reads, holds nothing hidden:
re-dealing every pile and every hand changes none of its answers."""
from game.sim.mall_public import MallPublicView
from tests.test_seat_view import _played, _reshuffled

PUBLIC = {"sides", "members", "side_of", "cards_on_table", "table_objectives", "dresser_cards", "filled", "dresser_counts",
          "placed_by_side", "cause", "sold_out_by", "mode", "family", "dresser_placed",
          "cards_to_go"}


def _answers(sim) -> dict[str, object]:
    view = MallPublicView(sim)
    sides, dressers = range(view.sides()), range(len(sim.dressers))
    return {
        "sides": view.sides(), "members": [view.members(s) for s in sides],
        "side_of": [view.side_of(p) for p in range(len(sim.seats))],
        "cards_on_table": [view.cards_on_table(s) for s in sides] if sim.round.tables else [],
        "table_objectives": [view.table_objectives(s) for s in sides] if sim.round.tables else [],
        "dresser_cards": view.dresser_cards(),
        "filled": [view.filled(d, i) for d in dressers for i in sim.catalogue.items],
        "dresser_counts": [view.dresser_counts(d) for d in dressers],
        "placed_by_side": [view.placed_by_side(d, s) for d in dressers for s in sides],
        "cause": view.cause(), "sold_out_by": view.sold_out_by(), "mode": view.mode(), "family": view.family(),
        "dresser_placed": [view.dresser_placed(d) for d in dressers],
        "cards_to_go": [view.cards_to_go(s) for s in sides],
    }


def test_the_public_view_offers_only_public_queries():
    assert {n for n in dir(MallPublicView) if not n.startswith("_")} == PUBLIC
    assert set(_answers(_played("rush", 2, 10))) == PUBLIC


def test_hidden_cards_make_no_difference_to_the_public_view():
    for mode, ticks in (("rush", 60 * 40), ("tidy", 60 * 40), ("memory", 60 * 60)):
        sim = _played(mode, 3, ticks)
        assert _answers(_reshuffled(sim, 0, hands_too=True)) == _answers(sim)


def test_the_reveal_keeps_its_round_and_hides_a_running_one():
    """The results read a finished round's hands and lists; asked mid-round they would show
    hidden cards, so the reveal refuses; and it keeps its round once the next is dealt."""
    import pytest

    from game.driver.soldout_headless import new_sim
    from game.app.headless import build_spec
    from game.sim.mall_public import RoundReveal
    sim, _modes = new_sim(build_spec("soldout", 2, mode="memory", rounds=2, seed=4))
    with pytest.raises(RuntimeError):
        RoundReveal(sim).hand(0)
    sim.round.hands[0].append("x")
    sim.round.end_round("stopped")
    shown = RoundReveal(sim)
    assert shown.hand(0)[-1] == "x"
    shown.hand(0).append("y")                                  # a copy: the round is not changed
    assert sim.round.hands[0][-1] == "x"
    while sim.phase != "round_over" and sim.tick < 60 * 60:
        sim.step({})
    sim.start_next_round("rush")
    assert shown.mode() == "memory" and shown.hand(0)[-1] == "x"

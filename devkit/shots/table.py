"""Screenshots of the dice table: 2, 4 and 6 seats, each phase of a round (checkout, round end,
bids, reveal, bonus, solo bonus), and the results and scores at the game's end."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.text.i18n import _
from game.scenes import registry
from game.scenes.menus.howto import HowToScene, load_howto
from game.scenes.table.match_end import checkout_results
from game.scenes.table.results import CheckoutResultsScene
from game.scenes.table.scene import TableScene, demo_spec, set_table_keys
from game.rules.checkout import CHECKOUT
from game.sim.table_face import TableFace

if TYPE_CHECKING:
    from game.core.context import Context
    from game.core.scene import Scene


def _shot(players: int, until: Callable[[TableFace], bool] | None = None) -> Callable[[Context, int], Scene]:
    def factory(ctx: "Context", seed: int) -> Scene:
        scene = TableScene(ctx, demo_spec(players, seed), demo=True)
        if until is not None and scene.sim is not None:
            scene.fast_forward(until)
        return scene
    return factory


def keyboard_table(ctx: "Context", seed: int, players: int = 4) -> TableScene:
    """A Check Out! table with two people on one keyboard (seats 0 and 1, its left and right
    halves) and bots beside them: every hint names the keyboard's keys. (The bots play the two
    keyboard seats too, so the picture moves on; they are drawn as the people they stand in for.)"""
    scene = TableScene(ctx, demo_spec(players, seed), demo=True)
    for seat, half in enumerate(("left", "right")):
        ctx.input.assign(("kb", half), seat)
        scene.hud.bots[seat] = False
    for seat in range(2, players):
        scene.hud.labels[seat] = _("BOT")
    set_table_keys(ctx, scene.spec, scene.picture.keys)
    return scene


def _keyboard_shot(until: Callable[[TableFace], bool] | None = None) -> Callable[[Context, int], Scene]:
    def factory(ctx: "Context", seed: int) -> Scene:
        scene = keyboard_table(ctx, seed)
        if until is not None:
            scene.fast_forward(until)
        return scene
    return factory


def _keyboard_howto(ctx: "Context", seed: int) -> list[Scene]:
    """The Check Out! how-to card over a table played on one keyboard: the keys, not a pad's buttons."""
    title, pages = load_howto("checkout")
    return [keyboard_table(ctx, seed), HowToScene(ctx, title, pages)]


def _in_checkout(sim: TableFace) -> bool:
    return sim.rules_phase == CHECKOUT and len(sim.queue()) >= 2 and sim.checkout_seat() is not None


def _solo_shot(ctx: "Context", seed: int) -> Scene:
    """The solo bonus round: play to the bids, then only the richest seat bids."""
    scene = TableScene(ctx, demo_spec(4, seed), demo=True)
    sim = scene.sim
    scene.fast_forward(lambda s: s.phase == "bidding")
    rich = max(range(sim.n), key=sim.tokens)
    for seat in range(sim.n):
        if not sim.bid_made(seat):
            sim.stage_bid(seat, min(5, sim.tokens(seat)) if seat == rich else 0)
    scene.fast_forward(lambda s: s.phase == "bonus_solo")
    return scene


def _played_out(ctx: Context, players: int, seed: int) -> tuple[TableScene, CheckoutResultsScene]:
    """A whole game played by bots, and its results."""
    table = TableScene(ctx, demo_spec(players, seed), demo=True)
    table.fast_forward(lambda sim: sim.over())
    return table, checkout_results(table)


def results_shot(players: int) -> Callable[[Context, int], list[Scene]]:
    """A whole game played by bots, its results on top of the table."""
    def factory(ctx: "Context", seed: int) -> list[Scene]:
        return list(_played_out(ctx, players, seed))
    return factory


def _podium_shot(players: int) -> Callable[[Context, int], list[Scene]]:
    """The results' second stage: the podium."""
    def factory(ctx: "Context", seed: int) -> list[Scene]:
        table, results = _played_out(ctx, players, seed)
        results.show_podium()
        return [table, results]
    return factory


registry.register_screenshot("table", _shot(4), warmup_ticks=60 * 4 + 30)
registry.register_screenshot("table2", _shot(2), warmup_ticks=60 * 4 + 20)
registry.register_screenshot("table6", _shot(6), warmup_ticks=60 * 4 + 30)
registry.register_screenshot("table_checkout", _shot(4, _in_checkout), warmup_ticks=40)
registry.register_screenshot("table_round_end", _shot(4, lambda sim: sim.phase == "round_end"),
                             warmup_ticks=50)
registry.register_screenshot("table_bidding", _shot(4, lambda sim: sim.phase == "bidding"), warmup_ticks=45)
registry.register_screenshot("table_reveal", _shot(4, lambda sim: sim.phase == "reveal"), warmup_ticks=30)
registry.register_screenshot("table_bonus", _shot(4, lambda sim: sim.bonus_grab is not None), warmup_ticks=40)
registry.register_screenshot("table_solo", _solo_shot, warmup_ticks=60 * 8)
registry.register_screenshot("table_keyboards", _keyboard_shot(), warmup_ticks=60 * 4 + 30)
registry.register_screenshot("table_keyboards_checkout", _keyboard_shot(_in_checkout), warmup_ticks=40)
registry.register_screenshot("howto_keyboards", _keyboard_howto, warmup_ticks=1)
registry.register_screenshot("checkout_results", results_shot(4), warmup_ticks=240)
registry.register_screenshot("checkout_results_6", results_shot(6), warmup_ticks=240)
registry.register_screenshot("checkout_podium_2", _podium_shot(2), warmup_ticks=240)
registry.register_screenshot("checkout_podium", _podium_shot(4), warmup_ticks=240)
registry.register_screenshot("checkout_podium_6", _podium_shot(6), warmup_ticks=240)

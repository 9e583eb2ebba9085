"""A Check Out! match's end as its results screen is handed it: the table builds a
CheckoutResult (game/scenes/table/results.py) once the match is over, so the screen never
holds the table."""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules.checkout.catalogue import CATEGORIES
from game.scenes.match_result import MatchChoices, SeatShown
from game.scenes.shoppers import seat_cast
from game.scenes.table.results import CheckoutResult, CheckoutResultsScene, SeatScore

if TYPE_CHECKING:
    from game.scenes.table.scene import TableScene


def match_result(table: "TableScene") -> CheckoutResult:
    """What the final scores and the podium show of the match just over."""
    sim, ids = table.sim, table.ids
    shoppers = seat_cast(table.ctx, [ident.index for ident in ids])   # each seat's character
    rows = []
    for score in sim.scores():
        i = score.seat
        seat = SeatShown(i, sim.seats[i].name, i in table.bots, ids[i], shoppers[ids[i].index])
        won = [sim.catalogue.products[pid].category for pid in sim.products_won(i)]
        rows.append(SeatScore(seat, score, tuple(won.count(c) for c in CATEGORIES), len(sim.bargains_bought(i))))
    return CheckoutResult(tuple(rows), tuple(sim.winners()), sim.rules.set_bonus)


def checkout_results(table: "TableScene") -> CheckoutResultsScene:
    """The match's results screen: its result, and the table's ways on as callbacks. The table
    is not shown again (a rematch deals at a new one): its static layer, the panels laid on it
    and its kept cards (~12 MB) go now, not when the table is left."""
    table.picture.drop_layers()
    return CheckoutResultsScene(table.ctx, match_result(table), MatchChoices(rematch=table.rematch,
                                                                             to_lobby=table.to_lobby))

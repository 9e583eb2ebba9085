"""Final scoring: stars + change tokens + a bonus per snack/food/drink set, and the tie-break."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from .catalogue import CATEGORIES, Catalogue

if TYPE_CHECKING:
    from .engine import Player


@dataclass(frozen=True, slots=True)
class Score:
    seat: int
    stars: int    # stars on products and bargains
    tokens: int   # 1 point each
    sets: int     # complete snack + food + drink sets
    total: int


def count_sets(product_ids: Sequence[str], catalogue: Catalogue) -> int:
    """Each product counts in at most one set, so sets = the scarcest category's count."""
    per_category = {c: 0 for c in CATEGORIES}
    for pid in product_ids:
        per_category[catalogue.products[pid].category] += 1
    return min(per_category.values())


def score_player(player: "Player", catalogue: Catalogue) -> Score:
    stars = sum(catalogue.products[p].stars for p in player.products)
    stars += sum(catalogue.bargains[b].stars for b in player.bargains)
    sets = count_sets(player.products, catalogue)
    total = stars + player.tokens + catalogue.rules.set_bonus * sets
    return Score(player.seat, stars, player.tokens, sets, total)


def score_players(players: Sequence["Player"], catalogue: Catalogue) -> list[Score]:
    return [score_player(p, catalogue) for p in players]


def winners(scores: Sequence[Score]) -> list[int]:
    """Most points; among those, most change tokens; anyone still level shares the win."""
    best = max(s.total for s in scores)
    leaders = [s for s in scores if s.total == best]
    most_tokens = max(s.tokens for s in leaders)
    return [s.seat for s in leaders if s.tokens == most_tokens]

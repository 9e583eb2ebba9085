"""A game's scene lets go of the other game's pictures it never draws, and draws its own again
where another let them go (issue #46).

The title's warm-up draws both games' art ahead (game.scenes.warmup): Sold Out!'s clothing (items,
cards, objective cards: ~40 MB) and Check Out!'s dice, products and bargains. The dice table never
draws clothing, so in a window it is memory held for nothing while the table plays and under its
results: the table lets it go at its first time after a present (a rehearsal never has one: it only
draws), remembered (game.render.surface_cache.shed). Its memory is not handed back there: the
table's own first renders reuse it, and the results screen hands back what is free once revealed
(game/scenes/common.py); handed back at once, the results' first frame had to fault a fresh screen
of pages (900, 2-3 ms). The mall keeps the table's art: ~5 MB after the warm-up, and letting it go
made the round's results fault 7 MB of fresh pages in their first frame (4-5 ms).

Back in a menu, its time after each present draws the clothing again (game.scenes.warmup.menu_idle),
so whichever game comes next finds what the title's warm-up left for its first frames; a mall that
comes first (a career's challenges one after another, no menu between) draws it in its own.
"""
from __future__ import annotations

import time

from game.render import surface_cache


CLOTHING = "clothing"   # Sold Out!'s items, cards and objective cards (game.render.clothing)


def let_go_of_clothing() -> None:
    """The dice table's time after a present: Sold Out!'s clothing let go (remembered, to be drawn
    again in a menu or a mall). At once, nothing where it is already gone."""
    surface_cache.shed(CLOTHING)


def clothing_again(until: float) -> bool:
    """A mall's time after a present, until `until` (perf_counter): the clothing drawn again if a
    table let it go and no menu has yet. True when the time ran out with pictures still to draw
    (the mall's other work ahead waits a frame)."""
    if surface_cache.shed_left(CLOTHING) and time.perf_counter() < until:
        return surface_cache.refill(CLOTHING, until)
    return False

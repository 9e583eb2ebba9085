"""A game's scene keeps its own game's pictures and lets the other game's go (issue #46).

The title's warm-up draws both games' art ahead (game.scenes.warmup): Sold Out!'s clothing
(items, cards, objective cards: ~40 MB) and Check Out!'s dice, products and bargains (~18 MB).
A match of one game never draws the other's, so in a window they are memory held for nothing
while it plays and under its results. The mall and the table call `OwnPictures.idle` after each
present (a rehearsal never does: it only draws): the other game's pictures are let go, remembered
(game.render.surface_cache.shed_others), and the memory goes back to the system once; the game's
own, if another game let them go (a career's challenges one after another, with no menu between),
are drawn again in the same idle time, before a frame asks for them. Back in a menu, a warm-up job
draws everything let go again (game.scenes.warmup.back_in_menu), so whichever game comes next finds
what the title's warm-up left for its first frames.
"""
from __future__ import annotations

import time

from game.core import memory
from game.render import surface_cache

GIVE_BACK_SECONDS = 0.003   # malloc_trim takes 2-4 ms: only with this much of the idle time left


class OwnPictures:
    """The pictures `group` (game.render.surface_cache's group of this game's caches) keeps."""

    def __init__(self, group: str) -> None:
        self.group = group
        self.owed = False          # pictures were let go: their memory is still the allocator's

    def shed(self) -> None:
        """The other game's pictures let go (at once: a scene's first renders then reuse their
        memory instead of adding to it)."""
        if surface_cache.shed_others(self.group):
            self.owed = True

    def idle(self, until: float) -> bool:
        """After a present, until `until` (perf_counter): the other game's pictures let go, their
        memory back to the system when the time allows, this game's own drawn again if they were
        let go. True when its time ran out with pictures still to draw (the scene's other work ahead
        waits a frame)."""
        self.shed()
        if self.owed and until - time.perf_counter() >= GIVE_BACK_SECONDS:
            self.owed = False
            memory.give_back()
        if surface_cache.shed_left(self.group) and time.perf_counter() < until:
            return surface_cache.refill(self.group, until)
        return False

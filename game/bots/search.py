"""A bot's plan for the piles: which pile to walk to, and what to do with the one it holds.

It looks for the pile it believes holds a wanted card (or one it has not been through), walks
there, picks it up and flips through it, taking the card it takes for a wanted one (people err
on look-alikes) and putting the pile down when it has seen every card. What is wanted, and
what happens to a taken card, is the bot's errand's (errands.py). One search per round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.bots.memory import PileMemory
from game.bots.pathfind import Field
from game.match.commands import IDLE, Button, Command

if TYPE_CHECKING:
    from game.bots.soldout import SoldOutBot
    from game.sim.mall_face import SeatForSearch

_A, _B, _X = Button.A, Button.B, Button.X
ARRIVE_PILE = 18        # px from a pile's centre: close enough that it is surely the nearest
REACH_PILE = 40         # px from a pile's centre where the bot presses A, if it is the nearest pile


class PileSearch:
    """Finding, browsing and choosing piles for one round."""

    def __init__(self, bot: SoldOutBot) -> None:
        self.bot = bot
        self.memory = PileMemory(bot.diff.pile_memory)
        self.target_pile: int | None = None
        self._search_from: int | None = None    # big maps: the tile the pile search started from
        self._last_pile_field: tuple[tuple[int, int], Field] | None = None
        self.look_key: tuple[int, int, str, int] | None = None
        self.decision: str | None = None
        self.hold_pile: int | None = None
        self.hold_looks: list[str] = []
        self.hold_order_ok = True
        self.skip = 0

    def lose_target(self) -> None:
        """Forget the pile it was walking to (it got stuck, or a press was refused)."""
        self.target_pile = None

    # ----- looking for a pile --------------------------------------------------------
    def seek(self, view: SeatForSearch) -> Command:
        bot = self.bot
        self.hold_pile = None
        pile = self.target_pile
        spot = view.pile_on_floor(pile)
        if spot is None:
            floor = {pid: (x, y) for pid, x, y in view.floor_piles()}
            chosen = self._choose_pile(view, floor)
            if chosen is False:
                return bot.walker.wait(view, 1)        # still working out which pile is nearest
            pile = self.target_pile = chosen
            if pile is None:
                return bot.walker.wander(view)
            spot = floor[pile]
        x, y = spot
        at = view.position()
        d2 = (at[0] - x) * (at[0] - x) + (at[1] - y) * (at[1] - y)
        if d2 <= ARRIVE_PILE * ARRIVE_PILE or (d2 <= REACH_PILE * REACH_PILE and view.nearest_pile() == pile):
            if view.nearest_pile() == pile:
                return bot.press(view, _A, then=bot.diff.reaction)
        return bot.walker.walk(view, self._pile_field(spot), spot, 6, at)

    def _pile_field(self, spot: tuple[int, int]) -> Field:
        """The field to the pile lying at `spot` (the last one asked is kept: a bot walks to the
        same pile for many decisions)."""
        last = self._last_pile_field
        if last is not None and last[0] == spot:
            return last[1]
        nav = self.bot.nav
        field = nav.field_to(nav.index(*spot))
        if not nav.budgeted:   # a big map's fields come and go with its search budget: ask it
            self._last_pile_field = (spot, field)
        return field

    def _choose_pile(self, view: SeatForSearch, floor: dict[int, tuple[int, int]]) -> int | None | bool:
        """The pile to walk to, None if there is none, or False while still thinking (the search
        for the distances runs over several ticks on a big map)."""
        if not floor:
            return None
        bot = self.bot
        dist_of = self._pile_distances(view, floor)
        if dist_of is None:
            return False
        wanted = bot.errand.wanted(view)
        known = {self.memory.where(i) for i in wanted}
        scored = []
        fresh = []
        for pid, dist in dist_of.items():
            if pid in known:
                scored.append((dist - 100000, pid))
            elif not self.memory.searched(pid):
                fresh.append(pid)
                scored.append((dist, pid))
        if not scored:
            self.memory.forget_searched()
            fresh = list(floor)
            scored = [(dist, pid) for pid, dist in dist_of.items()]
        scored.sort()
        strategy = bot.diff.strategy
        if strategy == 0 and scored[0][0] >= 0:
            return bot.rng.choice(sorted(fresh)) if fresh else scored[0][1]
        if strategy == 1 and scored[0][0] >= 0 and len(scored) > 1 and bot.rng.random() < 0.3:
            return scored[1][1]  # a normal player does not always spot the nearest
        return scored[0][1]

    def _pile_distances(self, view: SeatForSearch, floor: dict[int, tuple[int, int]]) -> dict[int, int] | None:
        """Walking distance to every pile on the floor (None: still searching). Moves are symmetric,
        so both ways below give exactly the same numbers; they differ in what they cost."""
        nav = self.bot.nav
        here = nav.index(*view.position())
        tiles = {pid: nav.index(x, y) for pid, (x, y) in floor.items()}
        if nav.budgeted:
            # A big map: one search from the bot reaches every pile (a field per pile would
            # search the map nine times over).
            # It starts where the bot stood when it began to think (it may still be sliding).
            if self._search_from is None:
                self._search_from = here
            from_here = nav.field_to(self._search_from)
            if not all(nav.reach(from_here, tile, view.tick) for tile in tiles.values()):
                return None
            self._search_from = None
            return {pid: from_here.dist[tile] for pid, tile in tiles.items()}
        # A small map: each pile's field is shared by every bot, kept while the pile stays put,
        # and is the one the bot then walks by; searched only as far as the bot. One pass: the
        # fields are asked for in the same order as ever (what the field cache keeps depends on
        # it), and a field's search touches no other field.
        tick = view.tick
        field_to, reach = nav.field_to, nav.reach
        out = {}
        for pid, tile in tiles.items():
            field = field_to(tile)
            reach(field, here, tick)
            out[pid] = field.dist[here]
        return out

    # ----- browsing the held pile ------------------------------------------------------
    def browse(self, view: SeatForSearch, pile: int) -> Command:
        bot = self.bot
        card = view.shown_card()
        last_flip = view.last_flip()
        if pile != self.hold_pile:
            self._start_hold(view, pile, card)
            bot.progress(view)
        if card is None:
            return bot.walker.wait(view, 3)
        key = (pile, view.pile_count(pile), card, last_flip)
        bot.move = IDLE                  # while flipping: stand still
        if key != self.look_key:
            self.look_key = key
            self.decision = None
            if self.skip > 0:
                self.skip -= 1
                self.hold_order_ok = False
            if self.skip > 0:
                self.decision = "flip"          # flipping past cards it knows, without looking
            else:
                return bot.walker.wait(view, bot.diff.look, keep_move=True)   # take the card in
        if self.decision is None:
            self.decision = self._decide(view, pile, card)
        if self.decision == "take":
            return bot.press(view, _A, then=bot.diff.reaction)
        if self.decision == "flip":
            ready = last_flip + view.flip_ticks
            if view.tick + 1 < ready:
                return bot.walker.wait(view, ready - view.tick - 1, keep_move=True)
            return bot.press(view, _X, keep_move=True)
        return self._put_down(view)

    def _start_hold(self, view: SeatForSearch, pile: int, card: str | None) -> None:
        self.hold_pile = pile
        self.target_pile = None
        self.hold_looks = []
        self.hold_order_ok = True
        self.skip = 0
        self.look_key = None
        if card is None or not self.bot.diff.flip_known:
            return
        order = self.memory.order(pile)
        wanted = self.bot.errand.wanted(view)
        if not order or card not in order:
            return
        start = order.index(card)
        distances = [(order.index(i) - start) % len(order) for i in wanted if i in order]
        if distances and min(distances) > 1:
            self.skip = min(distances)

    def _decide(self, view: SeatForSearch, pile: int, card: str) -> str:
        bot = self.bot
        errand = bot.errand
        wanted = errand.wanted(view)
        if card in errand.interesting(view) and bot.diff.pile_memory:
            self.memory.note_item(card, pile)
        self.hold_looks.append(card)
        if bot.diff.strategy >= 2:
            seen = self.memory.seen.setdefault(pile, [])
            if card not in seen:
                seen.append(card)
        took = self._recognise(view, card, wanted)
        if took is not None and errand.may_take(view):
            errand.took(card, took)
            self.memory.drop_item(took)
            self.memory.drop_item(card)
            bot.progress(view)
            return "take"
        count = view.pile_count(pile)
        looked = len(self.memory.seen.get(pile, ())) if bot.diff.strategy >= 2 else len(self.hold_looks)
        if looked >= count or len(self.hold_looks) >= count + 2:
            order = self.hold_looks[-count:] if self.hold_order_ok and len(self.hold_looks) >= count else None
            self.memory.note_searched(pile, order)
            return "drop"
        if count <= 1:
            return "drop"
        return "flip"

    def _recognise(self, view: SeatForSearch, card: str, wanted: set[str]) -> str | None:
        """The wanted item the bot takes this card for, or None. People err on look-alikes."""
        bot = self.bot
        rng = bot.rng
        if card in bot.errand.wrong:
            return None
        if card in wanted:
            return None if rng.random() < bot.diff.miss_rate else card
        for other in bot.close.get(card, ()):
            if other in wanted and rng.random() < bot.diff.error_rate:
                return other
        for other in bot.loose.get(card, ()):
            if other in wanted and rng.random() < bot.diff.error_rate / 3:
                return other
        return bot.errand.guess(view, card)

    def _put_down(self, view: SeatForSearch) -> Command:
        _x, _y, legal = view.preview_spot()
        bot = self.bot
        if legal:
            self.hold_pile = None
            return bot.press(view, _B, then=bot.diff.reaction)
        bot.walker.unstick(view, 8)   # no room in front: take a step and try again
        return bot.move

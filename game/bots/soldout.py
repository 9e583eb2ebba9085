"""Sold Out! bots: a seat played through the same Commands a pad sends.

A bot sees what its player could see and nothing more: piles lying on the
floor (where, how tall, who holds one), the card showing on the pile *it*
holds, its own hand and carried card, the Starting Table and the dressers. In
Memory it reads its list only in the study phase, memorising it imperfectly.
It never looks inside a pile it is not holding.

Each tick `command(sim)` returns one Command. Most ticks it repeats the stick
it chose at its last decision (a person re-aims every few tenths of a second),
which keeps a 6-bot match far above real time; it decides again after its
difficulty's reaction time, after a card has been looked at, or sooner when a
waypoint is near. Button presses last exactly one tick, like a tap.
"""
from __future__ import annotations

import random
import weakref
from typing import TYPE_CHECKING

from game.bots.difficulty import SoldOutDifficulty, soldout_difficulty
from game.bots.memory import ListMemory, PileMemory
from game.bots.pathfind import Field, NavGrid, nav_grid
from game.bots.walking import WalkingMixin, command_for
from game.input.commands import IDLE, Button, Command
from game.match import SeatSpec

if TYPE_CHECKING:
    from game.sim.mall import MallSim

_A, _B, _X, _Y = Button.A, Button.B, Button.X, Button.Y
NO_PROGRESS = 60 * 25   # ticks without any successful action = re-plan from scratch
REACH_PILE = 40         # px from a pile's centre where the bot presses A, if it is the nearest pile


class SoldOutBot(WalkingMixin):
    """One bot seat in the mall. Call `command(sim)` once per tick."""

    def __init__(self, seat: int, sim: "MallSim", difficulty: SoldOutDifficulty, seed: int) -> None:
        self.seat = seat
        self.diff = difficulty
        self.rng = random.Random(seed)
        self.nav: NavGrid = match_nav(sim)
        self.ts = sim.level.tile_size
        close, loose = lookalikes(sim.catalogue)
        self.close, self.loose = close, loose
        self.garment = garments(sim.catalogue)
        self.cooldown = 0
        self.move: Command = IDLE
        self.presses = 0          # button presses sent (for the rejection rate)
        self.rejected = 0         # presses the simulation refused
        self._press_tick = -1
        self._round = None
        self._new_round(sim)

    # ----- the per-tick entry point -------------------------------------------------
    def command(self, sim: "MallSim") -> Command:
        """This tick's Command. Cheap on most ticks: the last stick is kept until the next decision."""
        if self.cooldown > 0:
            self.cooldown -= 1
            return self.move
        return self._think(sim)

    # ----- per-round state ----------------------------------------------------------
    def _new_round(self, sim: "MallSim") -> None:
        self._round = sim.round
        self.memory = PileMemory(self.diff.pile_memory)
        self.list_memory: ListMemory | None = None
        self.target_pile: int | None = None
        self._search_from: int | None = None    # big maps: the tile the pile search started from
        self.belief: dict[str, str] = {}       # real card -> the item the bot thinks it is
        self.delivered: list[str] = []         # Rush: items the bot believes it delivered
        self.wrong: set[str] = set()           # cards the assisted table refused: never taken again
        self.look_key: tuple | None = None
        self.decision: str | None = None
        self.hold_pile: int | None = None
        self.hold_looks: list[str] = []
        self.hold_order_ok = True
        self.skip = 0
        self.returning = False                 # carrying a card back to a pile
        self.calling = False
        self.last_progress = -1               # set when the round's playing phase begins
        self.last_pos = sim.by_seat[self.seat].pos
        self.stuck = 0
        self.unstick_until = -1
        self._fields: dict[object, Field] = {}   # this round's dresser and table fields
        self._open_stamp: tuple | None = None
        self._open: dict[str, int] = {}
        self._wants_stamp: tuple | None = None
        self._wants_memo: tuple | None = None
        self._wants: dict[str, int] = {}

    # ----- deciding -------------------------------------------------------------------
    def _think(self, sim: "MallSim") -> Command:
        if sim.round is not self._round:
            self._new_round(sim)
        phase = sim.phase
        if phase != "playing":
            if phase == "study" and self.list_memory is None:
                self._memorise(sim)
            return self._wait(sim, 6)
        if self.last_progress < 0:
            self.last_progress = sim.tick
        self._check_rejection(sim)
        if sim.tick < self.unstick_until:
            return self._wait(sim, 1, keep_move=True)
        if sim.tick - self.last_progress > NO_PROGRESS:
            self._replan(sim)
        if sim.mode == "memory":
            if self.calling or self._should_call(sim):
                return self._call_sold_out(sim)
        carried = sim.carried(self.seat)
        if carried is not None:
            return self._bring(sim, carried)
        held = sim.held_pile(self.seat)
        if held is not None:
            return self._browse(sim, held)
        return self._seek(sim)

    def _wait(self, sim: "MallSim", ticks: int, keep_move: bool = False) -> Command:
        if not keep_move:
            self.move = IDLE
        self.cooldown = max(0, ticks - 1)
        return self.move

    def _press(self, sim: "MallSim", button: Button, then: int = 0, keep_move: bool = False) -> Command:
        """A one-tick tap; the stick rests meanwhile unless `keep_move` (flipping while walking)."""
        self.presses += 1
        self._press_tick = sim.tick + 1   # the tick the simulation will handle it
        if not keep_move:
            self.move = IDLE
        self.cooldown = then
        return command_for(self.move.dx, self.move.dy, button, button)

    def _check_rejection(self, sim: "MallSim") -> None:
        if self._press_tick < 0:
            return
        _reason, tick = sim.rejection(self.seat)
        if tick == self._press_tick:
            self.rejected += 1
            self._after_rejection(sim)
        self._press_tick = -1

    def _after_rejection(self, sim: "MallSim") -> None:
        """A refused press: drop the current plan so the next decision differs."""
        card = sim.carried(self.seat)
        if card is not None and sim.mode == "rush" and sim.at_table(self.seat):
            # The assisted table refused the card: it is not what the bot thought. Undo the
            # delivery it counted, remember the card is wrong, and put it back into a pile.
            believed = self.belief.pop(card, card)
            if believed in self.delivered:
                self.delivered.remove(believed)
            self.wrong.add(card)
            self.returning = True
        self.target_pile = None
        self.look_key = None
        self._unstick(sim, 10)

    def _progress(self, sim: "MallSim") -> None:
        self.last_progress = sim.tick

    def _replan(self, sim: "MallSim") -> None:
        """Nothing has worked for a long time: forget the plan and search the store again."""
        self.target_pile = None
        self.memory.forget_searched()
        self.last_progress = sim.tick
        self._unstick(sim, 20)

    # ----- Memory: the list and SOLD OUT! ----------------------------------------------
    def _memorise(self, sim: "MallSim") -> None:
        items = [i for card in sim.shopping_list(self.seat) for i in sim.catalogue.objectives[card].items]
        self.list_memory = ListMemory.memorise(items, self.diff.memory_span, self.diff.list_error,
                                               self.close, self.garment, self.rng)

    def _hand_beliefs(self, sim: "MallSim") -> list[str]:
        """What the side holds, as the bot believes it: its own hand and its team-mates' (on show)."""
        rnd = sim.round
        player = sim.player_of[self.seat]
        cards = [c for m in rnd.members(rnd.side(player)) for c in rnd.hands[m]] \
            if rnd.sides < rnd.players else sim.hand(self.seat)
        return [self.belief.get(c, c) for c in cards]

    def _memory_wants(self, sim: "MallSim") -> tuple[set[str], list[str]]:
        """Exact items still missing, and hazy garments not yet guessed. Asked several times in
        one decision: hands change only between ticks, beliefs only by being added to."""
        stamp = (sim.tick, id(sim.round), len(self.belief), id(self.list_memory))
        if self._wants_memo is not None and self._wants_memo[0] == stamp:
            return self._wants_memo[1]
        found = self._memory_wants_now(sim)
        self._wants_memo = (stamp, found)
        return found

    def _memory_wants_now(self, sim: "MallSim") -> tuple[set[str], list[str]]:
        memo = self.list_memory or ListMemory()
        have = self._hand_beliefs(sim)
        exact = {i for i in memo.exact if i not in have}
        guessed = [self.garment[c] for c in have if c not in memo.exact]
        hazy = list(memo.hazy)
        for g in guessed:
            if g in hazy:
                hazy.remove(g)
        return exact, hazy

    def _hand_room(self, sim: "MallSim") -> int:
        rnd = sim.round
        player = sim.player_of[self.seat]
        side = rnd.side(player)
        held = sum(len(rnd.hands[m]) for m in rnd.members(side))
        return rnd.hand_size(player) - held

    def _should_call(self, sim: "MallSim") -> bool:
        if self.list_memory is None:  # took over a seat mid-round: it never saw the list,
            return False              # so it never ends the round on a guess
        exact, hazy = self._memory_wants(sim)
        if not exact and not hazy:
            return True
        if self._hand_room(sim) <= 0:
            return True
        # Impatience: nothing found for a while. Weaker bots give up (too early) sooner.
        return sim.tick - self.last_progress > self.diff.patience

    def _call_sold_out(self, sim: "MallSim") -> Command:
        self.calling = True
        self.move = command_for(0, 0, Button.NONE, _Y)
        self.cooldown = sim.t.hold_ticks + 2
        return command_for(0, 0, _Y, _Y)

    # ----- what the bot wants ----------------------------------------------------------
    def _wanted(self, sim: "MallSim") -> set[str]:
        mode = sim.mode
        if mode == "memory":
            return self._memory_wants(sim)[0]
        if mode == "tidy":
            return set(self._tidy_wants(sim))
        return self._rush_wants(sim)

    def _rush_wants(self, sim: "MallSim") -> set[str]:
        rnd = sim.round
        player = sim.player_of[self.seat]
        side = rnd.side(player)
        mates = [m for m in rnd.members(side) if m != player]
        on_the_way = {rnd.carried[m] for m in mates if m in rnd.carried}
        want: set[str] = set()
        for slot in rnd.tables[side]:
            pictured = rnd.pictured(slot.card)
            if len(slot.placed) >= len(pictured):
                continue
            others = {c for c, p in slot.placed if p != player}
            for item in pictured:
                if item not in self.delivered and item not in others and item not in on_the_way:
                    want.add(item)
        return want

    def _tidy_stamp(self, sim: "MallSim") -> tuple[int, int]:
        """Changes exactly when a card lands on a dresser: what the Tidying Up plans depend on."""
        rnd = sim.round
        return id(rnd), sum(len(slot.placed) for slot in rnd.dressers)

    def _tidy_wants(self, sim: "MallSim") -> dict[str, int]:
        """Open items -> dresser index, on the dressers worth playing for at this strategy depth."""
        stamp = self._tidy_stamp(sim)
        if self._wants_stamp != stamp:
            self._wants_stamp = stamp
            self._wants = self._plan_tidy(sim)
        return self._wants

    def _plan_tidy(self, sim: "MallSim") -> dict[str, int]:
        rnd = sim.round
        side = rnd.side(sim.player_of[self.seat])
        strategy = self.diff.strategy
        options = []
        everything: dict[str, int] = {}
        for d, slot in enumerate(rnd.dressers):
            open_items = [i for i in rnd.pictured(slot.card) if not rnd.filled(d, i)]
            if not open_items:
                continue
            for i in open_items:
                everything[i] = d
            counts = rnd.dresser_counts(d)
            mine = counts[side]
            best_other = max([c for s, c in enumerate(counts) if s != side], default=0)
            if mine + len(open_items) <= best_other:
                continue                    # cannot win the majority any more
            if strategy >= 2 and mine > best_other + len(open_items):
                continue                    # already won whatever the others do
            need = max(1, best_other - mine + 1)
            bags = sim.catalogue.objectives[slot.card].bags
            options.append((bags / need, d, open_items))
        if strategy == 0 or not options:
            return everything
        if strategy >= 3:
            top = max(v for v, _d, _i in options)
            options = [o for o in options if o[0] >= top / 2]
        return {i: d for _v, d, items in options for i in items}

    def _interesting(self, sim: "MallSim") -> set[str] | dict[str, int]:
        """Cards worth remembering a location for (in Tidying Up: every open item, not just the plan)."""
        if sim.mode == "tidy":
            return self._tidy_all_open(sim)
        return self._wanted(sim)

    def _recognise(self, sim: "MallSim", card: str, wanted: set[str]) -> str | None:
        """The wanted item the bot takes this card for, or None. People err on look-alikes."""
        rng = self.rng
        if card in self.wrong:
            return None
        if card in wanted:
            return None if rng.random() < self.diff.miss_rate else card
        for other in self.close.get(card, ()):
            if other in wanted and rng.random() < self.diff.error_rate:
                return other
        for other in self.loose.get(card, ()):
            if other in wanted and rng.random() < self.diff.error_rate / 3:
                return other
        if sim.mode == "memory" and self.list_memory is not None:
            _exact, hazy = self._memory_wants(sim)
            if self.garment[card] in hazy:
                memo = self.list_memory
                faint = card in memo.truth_of_hazy
                if rng.random() < (0.5 if faint else 0.12):
                    return card   # a guess for a half-remembered item
        return None

    # ----- looking for a pile --------------------------------------------------------
    def _seek(self, sim: "MallSim") -> Command:
        self.hold_pile = None
        pile = self.target_pile
        spot = _on_floor(sim, pile)
        if spot is None:
            floor = {pid: (x, y) for pid, x, y in sim.floor_piles()}
            pile = self._choose_pile(sim, floor)
            if pile is False:
                return self._wait(sim, 1)        # still working out which pile is nearest
            self.target_pile = pile
            if pile is None:
                return self._wander(sim)
            spot = floor[pile]
        x, y = spot
        av = sim.by_seat[self.seat]
        ax, ay = av.pos
        if (ax - x) ** 2 + (ay - y) ** 2 <= REACH_PILE * REACH_PILE and sim.nearest_pile(self.seat) == pile:
            return self._press(sim, _A, then=self.diff.reaction)
        return self._walk(sim, self.nav.field_to(self.nav.index(x, y)), (x, y), 6)

    def _choose_pile(self, sim: "MallSim", floor: dict[int, tuple[int, int]]) -> int | None | bool:
        """The pile to walk to, None if there is none, or False while still thinking (the search
        for the distances runs over several ticks on a big map)."""
        if not floor:
            return None
        dist_of = self._pile_distances(sim, floor)
        if dist_of is None:
            return False
        to_table = self._table_field(sim) if self.diff.strategy >= 3 and sim.mode == "rush" else None
        tiles = {pid: self.nav.index(x, y) for pid, (x, y) in floor.items()}
        if to_table is not None and not all(self.nav.reach(to_table, t, sim.tick) for t in tiles.values()):
            return False
        wanted = self._wanted(sim)
        known = {self.memory.where(i) for i in wanted}
        scored = []
        fresh = []
        for pid, tile in tiles.items():
            dist = dist_of[pid]
            if to_table is not None:
                dist += to_table.dist[tile] // 2   # a find far from the table costs the walk back too
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
        if self.diff.strategy == 0 and scored[0][0] >= 0:
            return self.rng.choice(sorted(fresh)) if fresh else scored[0][1]
        if self.diff.strategy == 1 and scored[0][0] >= 0 and len(scored) > 1 and self.rng.random() < 0.3:
            return scored[1][1]  # a normal player does not always spot the nearest
        return scored[0][1]

    def _pile_distances(self, sim: "MallSim", floor: dict[int, tuple[int, int]]) -> dict[int, int] | None:
        """Walking distance to every pile on the floor (None: still searching). Moves are symmetric,
        so both ways below give exactly the same numbers; they differ in what they cost."""
        nav = self.nav
        here = nav.index(*sim.by_seat[self.seat].pos)
        tiles = {pid: nav.index(x, y) for pid, (x, y) in floor.items()}
        if nav.budgeted:
            # A big map: one search from the bot reaches every pile (a field per pile would
            # search the map nine times over).
            # It starts where the bot stood when it began to think (it may still be sliding).
            if self._search_from is None:
                self._search_from = here
            from_here = nav.field_to(self._search_from)
            if not all(nav.reach(from_here, tile, sim.tick) for tile in tiles.values()):
                return None
            self._search_from = None
            return {pid: from_here.dist[tile] for pid, tile in tiles.items()}
        # A small map: each pile's field is shared by every bot, kept while the pile stays put,
        # and is the one the bot then walks by; searched only as far as the bot.
        fields = {pid: nav.field_to(tile) for pid, tile in tiles.items()}
        for field in fields.values():
            nav.reach(field, here, sim.tick)
        return {pid: field.dist[here] for pid, field in fields.items()}

    # ----- browsing the held pile ------------------------------------------------------
    def _browse(self, sim: "MallSim", pile: int) -> Command:
        card = sim.shown_card(self.seat)
        av = sim.by_seat[self.seat]
        if pile != self.hold_pile:
            self._start_hold(sim, pile, card)
            self._progress(sim)
        if card is None:
            return self._wait(sim, 3)
        key = (pile, sim.pile_count(pile), card, av.last_flip)
        self._carry_pile(sim)
        if key != self.look_key:
            self.look_key = key
            self.decision = None
            if self.skip > 0:
                self.skip -= 1
                self.hold_order_ok = False
            if self.skip > 0:
                self.decision = "flip"          # flipping past cards it knows, without looking
            else:
                return self._wait(sim, self.diff.look, keep_move=True)   # take the card in
        if self.decision is None:
            self.decision = self._decide(sim, pile, card)
        if self.decision == "take":
            return self._press(sim, _A, then=self.diff.reaction)
        if self.decision == "flip":
            ready = av.last_flip + sim.t.flip_ticks
            if sim.tick + 1 < ready:
                return self._wait(sim, ready - sim.tick - 1, keep_move=True)
            return self._press(sim, _X, keep_move=True)
        return self._put_down(sim)

    def _carry_pile(self, sim: "MallSim") -> None:
        """While flipping: stand still, or (expert, Rush) carry the pile towards the Starting Table,
        so the card found is already close to where it must go."""
        self.move = IDLE
        if self.diff.strategy >= 3 and sim.mode == "rush" and not sim.at_table(self.seat):
            self._walk(sim, self._table_field(sim), None, 0)

    def _start_hold(self, sim: "MallSim", pile: int, card: str | None) -> None:
        self.hold_pile = pile
        self.target_pile = None
        self.hold_looks = []
        self.hold_order_ok = True
        self.skip = 0
        self.look_key = None
        if card is None or not self.diff.flip_known:
            return
        order = self.memory.order(pile)
        wanted = self._wanted(sim)
        if not order or card not in order:
            return
        start = order.index(card)
        distances = [(order.index(i) - start) % len(order) for i in wanted if i in order]
        if distances and min(distances) > 1:
            self.skip = min(distances)

    def _decide(self, sim: "MallSim", pile: int, card: str) -> str:
        wanted = self._wanted(sim)
        if card in self._interesting(sim) and self.diff.pile_memory:
            self.memory.note_item(card, pile)
        self.hold_looks.append(card)
        if self.diff.strategy >= 2:
            seen = self.memory.seen.setdefault(pile, [])
            if card not in seen:
                seen.append(card)
        took = self._recognise(sim, card, wanted)
        if took is not None and (sim.mode != "memory" or self._hand_room(sim) > 0):
            self.belief[card] = took
            self.memory.drop_item(took)
            self.memory.drop_item(card)
            self._progress(sim)
            return "take"
        count = sim.pile_count(pile)
        looked = len(self.memory.seen.get(pile, ())) if self.diff.strategy >= 2 else len(self.hold_looks)
        if looked >= count or len(self.hold_looks) >= count + 2:
            order = self.hold_looks[-count:] if self.hold_order_ok and len(self.hold_looks) >= count else None
            self.memory.note_searched(pile, order)
            return "drop"
        if count <= 1:
            return "drop"
        return "flip"

    def _put_down(self, sim: "MallSim") -> Command:
        _x, _y, legal = sim.preview_spot(self.seat)
        if legal:
            self.hold_pile = None
            return self._press(sim, _B, then=self.diff.reaction)
        self._unstick(sim, 8)   # no room in front: take a step and try again
        return self.move

    # ----- carrying a card (Rush, Tidying Up) -------------------------------------------
    def _bring(self, sim: "MallSim", card: str) -> Command:
        self.hold_pile = None
        believed = self.belief.get(card, card)
        if sim.mode == "rush":
            if self.returning:
                return self._return_card(sim)
            if sim.at_table(self.seat):
                if believed not in self._rush_wants(sim):   # a team-mate was quicker
                    return self._return_card(sim)
                self.delivered.append(believed)
                self._progress(sim)
                return self._press(sim, _A, then=self.diff.reaction)
            return self._walk(sim, self._table_field(sim), None, 0)
        wants = self._tidy_all_open(sim)
        dresser = wants.get(believed)
        if dresser is None or self.returning:
            return self._return_card(sim)
        near = sim.dresser_in_reach(self.seat)
        if near is not None and near.index == dresser:
            self._progress(sim)
            return self._press(sim, _A, then=self.diff.reaction)
        chair = next(d for d in sim.dressers if d.index == dresser)
        # On a tile beside the chair, lean towards it: a neighbouring chair must not be the nearer one.
        return self._walk(sim, self._dresser_field(sim, dresser), (chair.x, chair.y), 6)

    def _dresser_field(self, sim: "MallSim", dresser: int):
        key = ("dresser", dresser)
        found = self._fields.get(key)
        if found is None:
            spot = next(d for d in sim.dressers if d.index == dresser)
            ts = self.ts
            found = self._fields[key] = self.nav.field(
                self.nav.tiles_beside((spot.x - ts // 2, spot.y - ts // 2, ts, ts)))
        return found

    def _tidy_all_open(self, sim: "MallSim") -> dict[str, int]:
        rnd = sim.round
        stamp = self._tidy_stamp(sim)
        if self._open_stamp != stamp:
            self._open_stamp = stamp
            self._open = {i: d for d, s in enumerate(rnd.dressers) for i in rnd.pictured(s.card)
                          if not rnd.filled(d, i)}
        return self._open

    def _return_card(self, sim: "MallSim") -> Command:
        """Put a card the bot no longer wants back into the nearest pile (B beside it)."""
        self.returning = True
        if sim.nearest_pile(self.seat) is not None:
            self.returning = False
            self._progress(sim)
            return self._press(sim, _B, then=self.diff.reaction)
        floor = sim.floor_piles()
        if not floor:
            return self._wander(sim)
        ax, ay = sim.by_seat[self.seat].pos
        _d, _pid, x, y = min(((x - ax) ** 2 + (y - ay) ** 2, pid, x, y) for pid, x, y in floor)
        return self._walk(sim, self.nav.field_to(self.nav.index(x, y)), (x, y), 6)

    def _table_field(self, sim: "MallSim"):
        found = self._fields.get("table")
        if found is None:
            found = self._fields["table"] = self.nav.field(self.nav.tiles_beside(sim.level.table_rect))
        return found

    # ----- statistics ------------------------------------------------------------------
    @property
    def rejection_rate(self) -> float:
        return self.rejected / self.presses if self.presses else 0.0


_NAVS: "weakref.WeakKeyDictionary[MallSim, NavGrid]" = weakref.WeakKeyDictionary()


def match_nav(sim: "MallSim") -> NavGrid:
    """The bots' path finding for one match (see NavGrid.for_match)."""
    nav = _NAVS.get(sim)
    if nav is None:
        nav = _NAVS[sim] = nav_grid(sim.walkable_grid(), sim.level.tile_size).for_match()
    return nav


def _on_floor(sim: "MallSim", pile: int | None) -> tuple[int, int] | None:
    """Where a pile lies, or None if it is gone or someone holds it."""
    if pile is None:
        return None
    spot = sim.piles.get(pile)
    if spot is None or pile in sim.round.held.values():
        return None
    return spot


_GARMENTS: dict[int, tuple[object, dict[str, str]]] = {}


def garments(catalogue) -> dict[str, str]:
    """Item -> garment, built once per catalogue object (shared: never changed)."""
    found = _GARMENTS.get(id(catalogue))
    if found is None or found[0] is not catalogue:
        if len(_GARMENTS) >= 16:
            _GARMENTS.clear()
        found = _GARMENTS[id(catalogue)] = (catalogue, {i: it.garment for i, it in catalogue.items.items()})
    return found[1]


_LOOKALIKES: dict[tuple, tuple[dict[str, list[str]], dict[str, list[str]]]] = {}
_LOOKALIKES_BY_ID: dict[int, tuple[object, tuple]] = {}   # the same catalogue object: skip the key


def lookalikes(catalogue) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Per item: close look-alikes (same garment, same colour or pattern) and loose ones (same garment)."""
    known = _LOOKALIKES_BY_ID.get(id(catalogue))
    if known is not None and known[0] is catalogue:
        return known[1]
    key = tuple((i, it.garment, it.colour, it.pattern) for i, it in catalogue.items.items())
    found = _LOOKALIKES.get(key)   # keyed by content: every scene loads its own catalogue object
    if found is not None:
        return found
    close: dict[str, list[str]] = {}
    loose: dict[str, list[str]] = {}
    items = catalogue.items
    for a, ia in items.items():
        close[a] = [b for b, ib in items.items() if b != a and ib.garment == ia.garment
                    and (ib.colour == ia.colour or ib.pattern == ia.pattern)]
        loose[a] = [b for b, ib in items.items() if b != a and ib.garment == ia.garment and b not in close[a]]
    _LOOKALIKES[key] = (close, loose)
    if len(_LOOKALIKES_BY_ID) >= 16:
        _LOOKALIKES_BY_ID.clear()
    _LOOKALIKES_BY_ID[id(catalogue)] = (catalogue, (close, loose))
    return close, loose


def make_soldout_bot(seat_spec: SeatSpec, sim: "MallSim", seed: int) -> SoldOutBot:
    """A bot for one seat, at the seat's difficulty (unknown levels play as normal)."""
    return SoldOutBot(seat_spec.seat, sim, soldout_difficulty(seat_spec.difficulty), seed)

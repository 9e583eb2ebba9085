"""Sold Out! bots: a seat played through the same Commands a pad sends.

A bot sees what its player could see and nothing more: piles lying on the
floor (where, how tall, who holds one), the card showing on the pile *it*
holds, its own hand and carried card, the Starting Table and the dressers. In
Memory it reads its list only in the study phase, memorising it imperfectly.
It never looks inside a pile it is not holding.

Each tick `command(view)` returns one Command. Most ticks it repeats the stick
it chose at its last decision (a person re-aims every few tenths of a second),
which keeps a 6-bot match far above real time; it decides again after its
difficulty's reaction time, after a card has been looked at, or sooner when a
waypoint is near. Button presses last exactly one tick, like a tap.
"""
from __future__ import annotations

import random
from typing import Any, TYPE_CHECKING

from game.bots.difficulty import SoldOutDifficulty, soldout_difficulty
from game.bots.memory import ListMemory, PileMemory
from game.bots.pathfind import Field, NavGrid, nav_grid
from game.bots.walking import WalkingMixin, command_for
from game.input.commands import IDLE, Button, Command
from game.match import SeatSpec
from game.rules.soldout import Catalogue, modes

if TYPE_CHECKING:
    from game.sim.mall import MallSim
    from game.sim.mall_view import SeatView

_A, _B, _X, _Y = Button.A, Button.B, Button.X, Button.Y
NO_PROGRESS = 60 * 25   # ticks without any successful action = re-plan from scratch
ARRIVE_PILE = 18        # px from a pile's centre: close enough that it is surely the nearest
REACH_PILE = 40         # px from a pile's centre where the bot presses A, if it is the nearest pile


class SoldOutBot(WalkingMixin):
    """One bot seat in the mall. Call `command(sim)` once per tick; the bot reads only its seat's
    view of the mall (`sim.seat_view(seat)`, game/sim/mall_view.py)."""

    def __init__(self, seat: int, sim: MallSim, difficulty: SoldOutDifficulty, seed: int) -> None:
        view = sim.seat_view(seat)
        self.seat = seat
        self.diff = difficulty
        self.rng = random.Random(seed)
        self.nav: NavGrid = match_nav(view)
        self.ts = view.tile_size
        close, loose = lookalikes(view.catalogue)
        self.close, self.loose = close, loose
        self.garment = garments(view.catalogue)
        self.cooldown = 0
        self.move: Command = IDLE
        self.presses = 0          # button presses sent (for the rejection rate)
        self.rejected = 0         # presses the simulation refused
        self._press_tick = -1
        self._round = -1
        self._new_round(view)

    # ----- the per-tick entry point -------------------------------------------------
    def command(self, sim: MallSim) -> Command:
        """This tick's Command. Cheap on most ticks: the last stick is kept until the next decision."""
        if self.cooldown > 0:
            self.cooldown -= 1
            return self.move
        return self._think(sim.seat_view(self.seat))

    # ----- per-round state ----------------------------------------------------------
    def _new_round(self, view: SeatView) -> None:
        self._round = view.round_serial
        mode = view.mode             # the round's family, asked at nearly every decision
        self.hand_mode = modes.uses_hand(mode)
        self.table_mode = modes.delivers_to_table(mode)
        self.dresser_mode = modes.uses_dressers(mode)
        self.memory = PileMemory(self.diff.pile_memory)
        self.list_memory: ListMemory | None = None
        self.target_pile: int | None = None
        self._search_from: int | None = None    # big maps: the tile the pile search started from
        self.belief: dict[str, str] = {}       # real card -> the item the bot thinks it is
        self.delivered: list[str] = []         # Rush: items the bot believes it delivered
        self.wrong: set[str] = set()           # cards the assisted table refused: never taken again
        self.look_key: tuple[Any, ...] | None = None
        self.decision: str | None = None
        self.hold_pile: int | None = None
        self.hold_looks: list[str] = []
        self.hold_order_ok = True
        self.skip = 0
        self.returning = False                 # carrying a card back to a pile
        self.calling = False
        self.last_progress = -1               # set when the round's playing phase begins
        self.last_pos = view.position()
        self.stuck = 0
        self.unstick_until = -1
        self._fields: dict[object, Field] = {}   # this round's dresser and table fields
        self._wants_stamp: tuple[Any, ...] | None = None
        self._wants: dict[str, int] = {}
        self._memo_stamp: list[str] | None = None   # _memory_wants, kept while the side's hand
        self._memo_wants: tuple[set[str], list[str]] = (set(), [])   # and the bot's beliefs stay
        self._rush_stamp: tuple[int, int] | None = None
        self._rush: set[str] = set()
        self._hand_size: int | None = None          # Memory: the side's hand size (fixed per round)
        self._serial_seen: tuple[int, int] | None = None
        self._last_pile_field: tuple[tuple[int, int], Field] | None = None
        self._tidy_key = (-1, -1)

    # ----- deciding -------------------------------------------------------------------
    def _think(self, view: SeatView) -> Command:
        if view.round_serial != self._round:
            self._new_round(view)
        phase = view.phase
        if phase != "playing":
            if phase == "study" and self.list_memory is None:
                self._memorise(view)
            return self._wait(view, 6)
        tick = view.tick
        if self.last_progress < 0:
            self.last_progress = tick
        if self._press_tick >= 0:
            self._check_rejection(view)
        if tick < self.unstick_until:
            return self._wait(view, 1, keep_move=True)
        if tick - self.last_progress > NO_PROGRESS:
            self._replan(view)
        if self.hand_mode:
            if self.calling or self._should_call(view):
                return self._call_sold_out(view)
        carried = view.carried()
        if carried is not None:
            return self._bring(view, carried)
        held = view.held_pile()
        if held is not None:
            return self._browse(view, held)
        return self._seek(view)

    def _wait(self, view: SeatView, ticks: int, keep_move: bool = False) -> Command:
        if not keep_move:
            self.move = IDLE
        self.cooldown = max(0, ticks - 1)
        return self.move

    def _press(self, view: SeatView, button: Button, then: int = 0, keep_move: bool = False) -> Command:
        """A one-tick tap; the stick rests meanwhile unless `keep_move` (flipping while walking)."""
        self.presses += 1
        self._press_tick = view.tick + 1   # the tick the simulation will handle it
        if not keep_move:
            self.move = IDLE
        self.cooldown = then
        return command_for(self.move.dx, self.move.dy, button, button)

    def _check_rejection(self, view: SeatView) -> None:
        if self._press_tick < 0:
            return
        _reason, tick = view.rejection()
        if tick == self._press_tick:
            self.rejected += 1
            self._after_rejection(view)
        self._press_tick = -1

    def _after_rejection(self, view: SeatView) -> None:
        """A refused press: drop the current plan so the next decision differs."""
        card = view.carried()
        if card is not None and self.table_mode and view.at_table():
            # The assisted table refused the card: it is not what the bot thought. Undo the
            # delivery it counted, remember the card is wrong, and put it back into a pile.
            believed = self.belief.pop(card, card)
            if believed in self.delivered:
                self.delivered.remove(believed)
            self._memo_stamp = self._rush_stamp = None
            self.wrong.add(card)
            self.returning = True
        self.target_pile = None
        self.look_key = None
        self._unstick(view, 10)

    def _progress(self, view: SeatView) -> None:
        self.last_progress = view.tick

    def _replan(self, view: SeatView) -> None:
        """Nothing has worked for a long time: forget the plan and search the store again."""
        self.target_pile = None
        self.memory.forget_searched()
        self.last_progress = view.tick
        self._unstick(view, 20)

    # ----- Memory: the list and SOLD OUT! ----------------------------------------------
    def _memorise(self, view: SeatView) -> None:
        items = [i for card in view.shopping_list() for i in view.catalogue.objectives[card].items]
        self._memo_stamp = None
        self.list_memory = ListMemory.memorise(items, self.diff.memory_span, self.diff.list_error,
                                               self.close, self.garment, self.rng)

    def _memory_wants(self, view: SeatView, cards: list[str] | None = None) -> tuple[set[str], list[str]]:
        """Exact items still missing, and hazy garments not yet guessed (kept while the side's
        hand and the bot's beliefs stay the same: asked at nearly every decision). Read-only.
        `cards`: view.side_hand_cards(), if the caller has it."""
        if cards is None:
            cards = view.side_hand_cards()
        if cards != self._memo_stamp:
            self._memo_wants = self._work_out_memory_wants(cards)
            self._memo_stamp = cards
        return self._memo_wants

    def _work_out_memory_wants(self, cards: list[str]) -> tuple[set[str], list[str]]:
        memo = self.list_memory or ListMemory()
        have = [self.belief.get(c, c) for c in cards]   # the side's hand as the bot believes it
        exact = {i for i in memo.exact if i not in have}
        guessed = [self.garment[c] for c in have if c not in memo.exact]
        hazy = list(memo.hazy)
        for g in guessed:
            if g in hazy:
                hazy.remove(g)
        return exact, hazy

    def _hand_room(self, view: SeatView, cards: list[str] | None = None) -> int:
        """view.hand_room(), from the side's hand (`cards`, if the caller has it) and the hand
        size, which is fixed for the round."""
        if self._hand_size is None:
            self._hand_size = view.hand_size()
        return self._hand_size - len(view.side_hand_cards() if cards is None else cards)

    def _should_call(self, view: SeatView) -> bool:
        if self.list_memory is None:  # took over a seat mid-round: it never saw the list,
            return False              # so it never ends the round on a guess
        cards = view.side_hand_cards()
        exact, hazy = self._memory_wants(view, cards)
        if not exact and not hazy:
            return True
        if self._hand_room(view, cards) <= 0:
            return True
        # Impatience: nothing found for a while. Weaker bots give up (too early) sooner.
        return view.tick - self.last_progress > self.diff.patience

    def _call_sold_out(self, view: SeatView) -> Command:
        self.calling = True
        self.move = command_for(0, 0, Button.NONE, _Y)
        self.cooldown = view.hold_ticks + 2
        return command_for(0, 0, _Y, _Y)

    # ----- what the bot wants ----------------------------------------------------------
    def _wanted(self, view: SeatView) -> set[str]:
        if self.hand_mode:
            return self._memory_wants(view)[0]
        if self.dresser_mode:
            return set(self._tidy_wants(view))
        return self._rush_wants(view)

    def _rush_wants(self, view: SeatView) -> set[str]:
        """Items the side's table still needs that no one is bringing (kept like _memory_wants)."""
        stamp = view.state_serial()
        if stamp != self._rush_stamp:
            self._rush = self._work_out_rush_wants(view)
            self._rush_stamp = stamp
        return self._rush

    def _work_out_rush_wants(self, view: SeatView) -> set[str]:
        player = view.player
        on_the_way = view.mates_carrying()
        want: set[str] = set()
        for pictured, placed in view.side_table():
            if len(placed) >= len(pictured):
                continue
            others = {c for c, p in placed if p != player}
            for item in pictured:
                if item not in self.delivered and item not in others and item not in on_the_way:
                    want.add(item)
        return want

    def _tidy_stamp(self, view: SeatView) -> tuple[int, int]:
        """Changes exactly when a card lands on a dresser: what the Tidying Up plans depend on
        (counted again only after some action: most decisions come between actions)."""
        serial = view.state_serial()
        if serial != self._serial_seen:
            self._serial_seen = serial
            self._tidy_key = (view.round_serial, view.cards_on_dressers())
        return self._tidy_key

    def _tidy_wants(self, view: SeatView) -> dict[str, int]:
        """Open items -> dresser index, on the dressers worth playing for at this strategy depth."""
        stamp = self._tidy_stamp(view)
        if self._wants_stamp != stamp:
            self._wants_stamp = stamp
            self._wants = self._plan_tidy(view)
        return self._wants

    def _plan_tidy(self, view: SeatView) -> dict[str, int]:
        side = view.side()
        strategy = self.diff.strategy
        options = []
        everything: dict[str, int] = {}
        objectives = view.catalogue.objectives
        for d, card, open_items, counts in self._dresser_state(view)[0]:
            if not open_items:
                continue
            for i in open_items:
                everything[i] = d
            mine = counts[side]
            best_other = max([c for s, c in enumerate(counts) if s != side], default=0)
            if mine + len(open_items) <= best_other:
                continue                    # cannot win the majority any more
            if strategy >= 2 and mine > best_other + len(open_items):
                continue                    # already won whatever the others do
            need = max(1, best_other - mine + 1)
            bags = objectives[card].bags
            options.append((bags / need, d, open_items))
        if strategy == 0 or not options:
            return everything
        if strategy >= 3:
            top = max(v for v, _d, _i in options)
            options = [o for o in options if o[0] >= top / 2]
        return {i: d for _v, d, items in options for i in items}

    def _interesting(self, view: SeatView) -> set[str] | dict[str, int]:
        """Cards worth remembering a location for (in Tidying Up: every open item, not just the plan)."""
        if self.dresser_mode:
            return self._tidy_all_open(view)
        return self._wanted(view)

    def _recognise(self, view: SeatView, card: str, wanted: set[str]) -> str | None:
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
        if self.hand_mode and self.list_memory is not None:
            _exact, hazy = self._memory_wants(view)
            if self.garment[card] in hazy:
                memo = self.list_memory
                faint = card in memo.truth_of_hazy
                if rng.random() < (0.5 if faint else 0.12):
                    return card   # a guess for a half-remembered item
        return None

    # ----- looking for a pile --------------------------------------------------------
    def _seek(self, view: SeatView) -> Command:
        self.hold_pile = None
        pile = self.target_pile
        spot = view.pile_on_floor(pile)
        if spot is None:
            floor = {pid: (x, y) for pid, x, y in view.floor_piles()}
            pile = self._choose_pile(view, floor)
            if pile is False:
                return self._wait(view, 1)        # still working out which pile is nearest
            self.target_pile = pile
            if pile is None:
                return self._wander(view)
            spot = floor[pile]
        x, y = spot
        at = view.position()
        d2 = (at[0] - x) * (at[0] - x) + (at[1] - y) * (at[1] - y)
        if d2 <= ARRIVE_PILE * ARRIVE_PILE or (d2 <= 40 * 40 and view.nearest_pile() == pile):
            if view.nearest_pile() == pile:
                return self._press(view, _A, then=self.diff.reaction)
        return self._walk(view, self._pile_field(spot), spot, 6, at)

    def _pile_field(self, spot: tuple[int, int]) -> Field:
        """The field to the pile lying at `spot` (the last one asked is kept: a bot walks to the
        same pile for many decisions)."""
        last = self._last_pile_field
        if last is not None and last[0] == spot:
            return last[1]
        field = self.nav.field_to(self.nav.index(*spot))
        if not self.nav.budgeted:   # a big map's fields come and go with its search budget: ask it
            self._last_pile_field = (spot, field)
        return field

    def _choose_pile(self, view: SeatView, floor: dict[int, tuple[int, int]]) -> int | None | bool:
        """The pile to walk to, None if there is none, or False while still thinking (the search
        for the distances runs over several ticks on a big map)."""
        if not floor:
            return None
        dist_of = self._pile_distances(view, floor)
        if dist_of is None:
            return False
        to_table = self._table_field(view) if self.diff.strategy >= 3 and self.table_mode else None
        tiles = {pid: self.nav.index(x, y) for pid, (x, y) in floor.items()}
        if to_table is not None and not all(self.nav.reach(to_table, t, view.tick) for t in tiles.values()):
            return False
        wanted = self._wanted(view)
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

    def _pile_distances(self, view: SeatView, floor: dict[int, tuple[int, int]]) -> dict[int, int] | None:
        """Walking distance to every pile on the floor (None: still searching). Moves are symmetric,
        so both ways below give exactly the same numbers; they differ in what they cost."""
        nav = self.nav
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
        # and is the one the bot then walks by; searched only as far as the bot.
        fields = {pid: nav.field_to(tile) for pid, tile in tiles.items()}
        for field in fields.values():
            nav.reach(field, here, view.tick)
        return {pid: field.dist[here] for pid, field in fields.items()}

    # ----- browsing the held pile ------------------------------------------------------
    def _browse(self, view: SeatView, pile: int) -> Command:
        card = view.shown_card()
        last_flip = view.last_flip()
        if pile != self.hold_pile:
            self._start_hold(view, pile, card)
            self._progress(view)
        if card is None:
            return self._wait(view, 3)
        key = (pile, view.pile_count(pile), card, last_flip)
        self._carry_pile(view)
        if key != self.look_key:
            self.look_key = key
            self.decision = None
            if self.skip > 0:
                self.skip -= 1
                self.hold_order_ok = False
            if self.skip > 0:
                self.decision = "flip"          # flipping past cards it knows, without looking
            else:
                return self._wait(view, self.diff.look, keep_move=True)   # take the card in
        if self.decision is None:
            self.decision = self._decide(view, pile, card)
        if self.decision == "take":
            return self._press(view, _A, then=self.diff.reaction)
        if self.decision == "flip":
            ready = last_flip + view.flip_ticks
            if view.tick + 1 < ready:
                return self._wait(view, ready - view.tick - 1, keep_move=True)
            return self._press(view, _X, keep_move=True)
        return self._put_down(view)

    def _carry_pile(self, view: SeatView) -> None:
        """While flipping: stand still, or (expert, Rush) carry the pile towards the Starting Table,
        so the card found is already close to where it must go."""
        self.move = IDLE
        if self.diff.strategy >= 3 and self.table_mode and not view.at_table():
            self._walk(view, self._table_field(view), None, 0)

    def _start_hold(self, view: SeatView, pile: int, card: str | None) -> None:
        self.hold_pile = pile
        self.target_pile = None
        self.hold_looks = []
        self.hold_order_ok = True
        self.skip = 0
        self.look_key = None
        if card is None or not self.diff.flip_known:
            return
        order = self.memory.order(pile)
        wanted = self._wanted(view)
        if not order or card not in order:
            return
        start = order.index(card)
        distances = [(order.index(i) - start) % len(order) for i in wanted if i in order]
        if distances and min(distances) > 1:
            self.skip = min(distances)

    def _decide(self, view: SeatView, pile: int, card: str) -> str:
        wanted = self._wanted(view)
        if card in self._interesting(view) and self.diff.pile_memory:
            self.memory.note_item(card, pile)
        self.hold_looks.append(card)
        if self.diff.strategy >= 2:
            seen = self.memory.seen.setdefault(pile, [])
            if card not in seen:
                seen.append(card)
        took = self._recognise(view, card, wanted)
        if took is not None and (not self.hand_mode or self._hand_room(view) > 0):
            self.belief[card] = took
            self._memo_stamp = self._rush_stamp = None
            self.memory.drop_item(took)
            self.memory.drop_item(card)
            self._progress(view)
            return "take"
        count = view.pile_count(pile)
        looked = len(self.memory.seen.get(pile, ())) if self.diff.strategy >= 2 else len(self.hold_looks)
        if looked >= count or len(self.hold_looks) >= count + 2:
            order = self.hold_looks[-count:] if self.hold_order_ok and len(self.hold_looks) >= count else None
            self.memory.note_searched(pile, order)
            return "drop"
        if count <= 1:
            return "drop"
        return "flip"

    def _put_down(self, view: SeatView) -> Command:
        _x, _y, legal = view.preview_spot()
        if legal:
            self.hold_pile = None
            return self._press(view, _B, then=self.diff.reaction)
        self._unstick(view, 8)   # no room in front: take a step and try again
        return self.move

    # ----- carrying a card (Rush, Tidying Up) -------------------------------------------
    def _bring(self, view: SeatView, card: str) -> Command:
        self.hold_pile = None
        believed = self.belief.get(card, card)
        if self.table_mode:
            # Only a card the assisted table refuses may go back; any other is delivered.
            refusable = view.table_refuses()
            if self.returning and refusable:
                return self._return_card(view)
            self.returning = False
            if view.at_table():
                if believed not in self._rush_wants(view) and refusable:   # a team-mate was quicker
                    return self._return_card(view)
                self.delivered.append(believed)
                self._rush_stamp = None
                self._progress(view)
                return self._press(view, _A, then=self.diff.reaction)
            return self._walk(view, self._table_field(view), None, 0)
        wants = self._tidy_all_open(view)
        dresser = wants.get(believed)
        if dresser is None or self.returning:
            return self._return_card(view)
        near = view.dresser_in_reach()
        if near is not None and near.index == dresser:
            self._progress(view)
            return self._press(view, _A, then=self.diff.reaction)
        chair = next(d for d in view.dressers() if d.index == dresser)
        # On a tile beside the chair, lean towards it: a neighbouring chair must not be the nearer one.
        return self._walk(view, self._dresser_field(view, dresser), (chair.x, chair.y), 6)

    def _dresser_field(self, view: SeatView, dresser: int) -> Field:
        key = ("dresser", dresser)
        found = self._fields.get(key)
        if found is None:
            spot = next(d for d in view.dressers() if d.index == dresser)
            ts = self.ts
            found = self._fields[key] = self.nav.field(
                self.nav.tiles_beside((spot.x - ts // 2, spot.y - ts // 2, ts, ts)))
        return found

    def _tidy_all_open(self, view: SeatView) -> dict[str, int]:
        """Every open item -> its dresser (read-only: shared by the match's bots)."""
        return self._dresser_state(view)[1]

    def _dresser_state(self, view: SeatView) -> tuple[list[tuple[int, str, list[str], list[int]]], dict[str, int]]:
        """Tidying Up, as everyone sees it: per dresser (index, card, open items, count per side),
        and every open item -> its dresser. The same for every bot, so worked out once per card
        placed and shared through the match's bot cache (read-only)."""
        stamp = self._tidy_stamp(view)
        shared = view.bot_cache()
        found = shared.get("dressers")
        if found is None or found[0] != stamp:
            objectives = view.catalogue.objectives
            rows = [(d, card, [i for i in objectives[card].items if not view.filled(d, i)], view.dresser_counts(d))
                    for d, card in enumerate(view.dresser_cards())]
            everything = {i: d for d, _card, open_items, _counts in rows for i in open_items}
            found = shared["dressers"] = (stamp, (rows, everything))
        state: tuple[list[tuple[int, str, list[str], list[int]]], dict[str, int]] = found[1]
        return state

    def _return_card(self, view: SeatView) -> Command:
        """Put a card the bot no longer wants back into the nearest pile (B beside it)."""
        self.returning = True
        if view.nearest_pile() is not None:
            self.returning = False
            self._progress(view)
            return self._press(view, _B, then=self.diff.reaction)
        floor = view.floor_piles()
        if not floor:
            return self._wander(view)
        ax, ay = view.position()
        _d, _pid, x, y = min(((x - ax) ** 2 + (y - ay) ** 2, pid, x, y) for pid, x, y in floor)
        return self._walk(view, self.nav.field_to(self.nav.index(x, y)), (x, y), 6)

    def _table_field(self, view: SeatView) -> Field:
        found = self._fields.get("table")
        if found is None:
            found = self._fields["table"] = self.nav.field(self.nav.tiles_beside(view.table_rect))
        return found

    # ----- statistics ------------------------------------------------------------------
    @property
    def rejection_rate(self) -> float:
        return self.rejected / self.presses if self.presses else 0.0


def match_nav(view: SeatView) -> NavGrid:
    """The bots' path finding for one match, shared by its bots (see NavGrid.for_match): on a big
    map they share one search budget per tick."""
    shared = view.bot_cache()
    nav = shared.get("nav")
    if nav is None:
        nav = shared["nav"] = nav_grid(view.walkable_grid(), view.tile_size).for_match()
    return nav


_GARMENTS: dict[int, tuple[object, dict[str, str]]] = {}


def garments(catalogue: Catalogue) -> dict[str, str]:
    """Item -> garment, built once per catalogue object (shared: never changed)."""
    found = _GARMENTS.get(id(catalogue))
    if found is None or found[0] is not catalogue:
        if len(_GARMENTS) >= 16:
            _GARMENTS.clear()
        found = _GARMENTS[id(catalogue)] = (catalogue, {i: it.garment for i, it in catalogue.items.items()})
    return found[1]


_LOOKALIKES: dict[tuple[Any, ...], tuple[dict[str, list[str]], dict[str, list[str]]]] = {}
_LOOKALIKES_BY_ID: dict[int, tuple[object, tuple[dict[str, list[str]], dict[str, list[str]]]]] = {}   # the same catalogue object: skip the key


def lookalikes(catalogue: Catalogue) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
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


def make_soldout_bot(seat_spec: SeatSpec, sim: MallSim, seed: int) -> SoldOutBot:
    """A bot for one seat, at the seat's difficulty (unknown levels play as normal)."""
    return SoldOutBot(seat_spec.seat, sim, soldout_difficulty(seat_spec.difficulty), seed)

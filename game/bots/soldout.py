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
waypoint is near; a Memory list is read on the study phase's first tick, whatever
the bot was doing. Button presses last exactly one tick, like a tap.
"""
from __future__ import annotations

import random
from typing import Any, TYPE_CHECKING

from game.bots.difficulty import SoldOutDifficulty, soldout_difficulty
from game.bots.errands import ERRANDS, Errand
from game.bots.pathfind import Field, NavGrid, nav_grid
from game.bots.search import PileSearch
from game.bots.walking import Walker, command_for
from game.match.commands import IDLE, Button, Command
from game.match.spec import SeatSpec
from game.rules.soldout import Catalogue

if TYPE_CHECKING:
    from game.sim.mall_face import MallForBot
    from game.sim.mall_face import SeatForBot, SeatForWalking

_Y = Button.Y
NO_PROGRESS = 60 * 25   # ticks without any successful action = re-plan from scratch


class SoldOutBot:
    """One bot seat in the mall. Call `command(sim)` once per tick; the bot reads only its seat's
    view of the mall (`sim.seat_view(seat)`, game/sim/mall_view.py).

    It is three parts: a `Walker` (the route: steering along flow fields), a `PileSearch` (the
    plan: which pile, and what to do with the held one) and an `Errand` (the hand: what it
    wants and where a taken card goes, per the round's family). The last two are new each round.
    """

    eager_phase = "study"   # the match driver asks every tick then: the list may be on show (_list_on_show)

    def __init__(self, seat: int, sim: MallForBot, difficulty: SoldOutDifficulty, seed: int) -> None:
        view = sim.seat_view(seat)
        self.seat = seat
        self.diff = difficulty
        self.rng = random.Random(seed)
        self.nav: NavGrid = match_nav(view)
        self.ts = view.tile_size
        self.close, self.loose = lookalikes(view.catalogue)
        self.garment = garments(view.catalogue)
        self.cooldown = 0
        self.move: Command = IDLE
        self.presses = 0          # button presses sent (for the rejection rate)
        self.rejected = 0         # presses the simulation refused
        self._press_tick = -1
        self.walker = Walker(self, seat, self.nav, self.ts, difficulty, self.rng, self._lose_target)
        self._new_round(view)

    # ----- the per-tick entry point -------------------------------------------------
    def command(self, sim: MallForBot) -> Command:
        """This tick's Command. Cheap on most ticks: the last stick is kept until the next decision."""
        if self.cooldown > 0 and not self._list_on_show(sim):
            self.cooldown -= 1
            return self.move
        return self._think(sim.seat_view(self.seat))

    def _list_on_show(self, sim: MallForBot) -> bool:
        """A study phase whose list the bot has not taken in yet: a player reads it whatever they
        were doing, and with every seat a bot (always ready) it is on show for one tick only."""
        if sim.phase != "study":
            return False
        return sim.seat_view(self.seat).round_serial != self._round or not self.errand.studied

    # ----- per-round state ----------------------------------------------------------
    def _new_round(self, view: SeatForBot) -> None:
        self._round = view.round_serial
        self.calls = view.family.player_calls
        self.search = PileSearch(self)
        self.errand: Errand = ERRANDS[view.family.destination](self, view)
        self.calling = False
        self.last_progress = -1               # set when the round's playing phase begins
        self.walker.new_round(view)

    def _lose_target(self) -> None:
        self.search.lose_target()

    # ----- deciding -------------------------------------------------------------------
    def _think(self, view: SeatForBot) -> Command:
        if view.round_serial != self._round:
            self._new_round(view)
        phase = view.phase
        if phase != "playing":
            if phase == "study":
                self.errand.memorise(view)
            return self.walker.wait(view, 6)
        tick = view.tick
        if self.last_progress < 0:
            self.last_progress = tick
        if self._press_tick >= 0:
            self._check_rejection(view)
        if tick < self.walker.unstick_until:
            return self.walker.wait(view, 1, keep_move=True)
        if tick - self.last_progress > NO_PROGRESS:
            self._replan(view)
        if self.calls and (self.calling or self.errand.should_call(view)):
            return self._call_sold_out(view)
        carried = view.carried()
        if carried is not None:
            self.search.hold_pile = None
            return self.errand.bring(view, carried)
        held = view.held_pile()
        if held is not None:
            return self.search.browse(view, held)
        return self.search.seek(view)

    def press(self, view: SeatForWalking, button: Button, then: int = 0, keep_move: bool = False) -> Command:
        """A one-tick tap; the stick rests meanwhile unless `keep_move` (flipping while walking)."""
        self.presses += 1
        self._press_tick = view.tick + 1   # the tick the simulation will handle it
        if not keep_move:
            self.move = IDLE
        self.cooldown = then
        return command_for(self.move.dx, self.move.dy, button, button)

    def progress(self, view: SeatForWalking) -> None:
        """Something worked: the bot is not stuck in its plan."""
        self.last_progress = view.tick

    def _check_rejection(self, view: SeatForBot) -> None:
        if self._press_tick < 0:
            return
        _reason, tick = view.rejection()
        if tick == self._press_tick:
            self.rejected += 1
            self._after_rejection(view)
        self._press_tick = -1

    def _after_rejection(self, view: SeatForBot) -> None:
        """A refused press: drop the current plan so the next decision differs."""
        self.errand.after_rejection(view)
        self.search.target_pile = None
        self.search.look_key = None
        self.walker.unstick(view, 10)

    def _replan(self, view: SeatForBot) -> None:
        """Nothing has worked for a long time: forget the plan and search the store again."""
        self.search.target_pile = None
        self.search.memory.forget_searched()
        self.last_progress = view.tick
        self.walker.unstick(view, 20)

    def _call_sold_out(self, view: SeatForBot) -> Command:
        self.calling = True
        self.move = command_for(0, 0, Button.NONE, _Y)
        self.cooldown = view.hold_ticks + 2
        return command_for(0, 0, _Y, _Y)

    # ----- statistics ------------------------------------------------------------------
    @property
    def rejection_rate(self) -> float:
        return self.rejected / self.presses if self.presses else 0.0


def match_nav(view: SeatForBot) -> NavGrid:
    """The bots' path finding for one match, shared by its bots (see NavGrid.for_match): on a big
    map they share one search budget per tick."""
    shared = view.bot_cache()
    nav = shared.get("nav")
    if nav is None:
        nav = shared["nav"] = nav_grid(view.walkable_grid(), view.tile_size).for_match()
    return nav


def pile_fields_ahead(view: SeatForBot) -> list[Field]:
    """The bots' fields to the piles on the floor that are not yet worked out whole, for a window
    to complete in its spare time (`Field.advance`): a round's first choices asked for up to 15
    of them in one tick (7 ms). A small map's only: its fields are searched at once, off any
    budget, and shared, so working them out early changes nothing a bot does; a big map's are
    rationed by the match's search budget, which the bots' choices wait on."""
    nav = match_nav(view)
    if nav.budgeted:
        return []
    fields = (nav.field_to(nav.index(x, y)) for _pid, x, y in view.floor_piles())
    return [field for field in fields if not field.complete]


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


def make_soldout_bot(seat_spec: SeatSpec, sim: MallForBot, seed: int) -> SoldOutBot:
    """A bot for one seat, at the seat's difficulty (unknown levels play as normal)."""
    return SoldOutBot(seat_spec.seat, sim, soldout_difficulty(seat_spec.difficulty), seed)

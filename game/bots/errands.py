"""A bot's errand: what it wants, and what it does with a card it took, where its round's family
sends taken cards (one errand per `Destination`; ERRANDS maps them).

- `HandErrand`: the hand. It wants what it memorised of its list and the hand has room for;
  it calls SOLD OUT! when it believes the list is in hand (or loses patience).
- `TableErrand`: the Starting Table. It wants what its side's objective cards still need
  (read off the table, or recalled where the family studies its list) and carries each card
  there; an expert carries the pile it browses towards the table.
- `DresserErrand`: the dressers. It plays for the dressers it can still win and brings each
  card to the dresser that pictures it; a careful bot checks the card against that dresser's
  picture before it puts it down.

A bot never knows more than its seat's view: a recalled list is what it memorised while
studying, with a player's mistakes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from game.bots.memory import ListMemory
from game.bots.pathfind import Field
from game.match.commands import Button, Command
from game.rules.soldout.family import Destination

if TYPE_CHECKING:
    from game.bots.soldout import SoldOutBot
    from game.sim.mall_face import SeatForErrands
    from game.sim.mall_fixtures import Dresser

_A, _B = Button.A, Button.B
_TidyRows = list[tuple[int, str, list[str], list[int]]]


class Recall:
    """A shopping list as memorised in the study phase (ListMemory), and what of it is still
    missing from the cards the side holds (kept while those and the bot's beliefs stay the same:
    asked at nearly every decision)."""

    def __init__(self) -> None:
        self.memory: ListMemory | None = None
        self._stamp: list[str] | None = None
        self._wants: tuple[set[str], list[str]] = (set(), [])

    def memorise(self, view: SeatForErrands, bot: SoldOutBot) -> None:
        items = [i for card in view.shopping_list() for i in view.catalogue.objectives[card].items]
        self._stamp = None
        diff = bot.diff
        self.memory = ListMemory.memorise(items, diff.memory_span, diff.list_error, bot.close, bot.garment, bot.rng)

    def forget_wants(self) -> None:
        """The bot's beliefs changed: work the wants out again."""
        self._stamp = None

    def wants(self, cards: list[str], belief: dict[str, str], garment: dict[str, str]) -> tuple[set[str], list[str]]:
        """Exact items still missing, and hazy garments not yet guessed, given the cards the side
        holds (`cards`; each taken for what the bot believes it is)."""
        if cards != self._stamp:
            memo = self.memory or ListMemory()
            have = [belief.get(c, c) for c in cards]
            exact = {i for i in memo.exact if i not in have}
            guessed = [garment[c] for c in have if c not in memo.exact]
            hazy = list(memo.hazy)
            for g in guessed:
                if g in hazy:
                    hazy.remove(g)
            self._wants = (exact, hazy)
            self._stamp = cards
        return self._wants

    def guess(self, card: str, hazy: list[str], bot: SoldOutBot) -> str | None:
        """A guess for a half-remembered item: a card of a garment it recalls only vaguely."""
        memo = self.memory
        if memo is None or bot.garment[card] not in hazy:
            return None
        faint = card in memo.truth_of_hazy
        return card if bot.rng.random() < (0.5 if faint else 0.12) else None


class Errand:
    """The answers every errand gives; a bot keeps one per round."""

    def __init__(self, bot: SoldOutBot, view: SeatForErrands) -> None:
        self.bot = bot
        self.belief: dict[str, str] = {}       # real card -> the item the bot thinks it is
        self.wrong: set[str] = set()           # cards the assisted table refused: never taken again
        self.returning = False                 # carrying a card back to a pile
        self.recall = Recall() if view.family.studies_list else None

    # ----- the list --------------------------------------------------------------------
    def memorise(self, view: SeatForErrands) -> None:
        """The study phase: take the list in (where there is one to study)."""
        if self.recall is not None and self.recall.memory is None:
            self.recall.memorise(view, self.bot)

    @property
    def studied(self) -> bool:
        """Whether the list is taken in (always, where the family has none to study)."""
        return self.recall is None or self.recall.memory is not None

    def wanted(self, view: SeatForErrands) -> set[str]:
        raise NotImplementedError

    def interesting(self, view: SeatForErrands) -> Collection[str]:
        """Cards worth remembering a location for."""
        return self.wanted(view)

    def guess(self, view: SeatForErrands, card: str) -> str | None:
        """A card taken for a wanted one on a hunch (no look-alike of anything wanted)."""
        return None

    def may_take(self, view: SeatForErrands) -> bool:
        return True

    def took(self, card: str, believed: str) -> None:
        self.belief[card] = believed

    def should_call(self, view: SeatForErrands) -> bool:
        """Whether to call SOLD OUT! now (asked only where the family lets a player call)."""
        return False

    # ----- the way there -----------------------------------------------------------------
    def bring(self, view: SeatForErrands, card: str) -> Command:
        """A carried card: take it where it goes (or back into a pile)."""
        return self.return_card(view)

    def after_rejection(self, view: SeatForErrands) -> None:
        """A press was refused: what the errand learns from it."""

    def return_card(self, view: SeatForErrands) -> Command:
        """Put a card the bot no longer wants back into the nearest pile (B beside it)."""
        bot = self.bot
        self.returning = True
        if view.nearest_pile() is not None:
            self.returning = False
            bot.progress(view)
            return bot.press(view, _B, then=bot.diff.reaction)
        floor = view.floor_piles()
        if not floor:
            return bot.walker.wander(view)
        ax, ay = view.position()
        _d, _pid, x, y = min(((x - ax) ** 2 + (y - ay) ** 2, pid, x, y) for pid, x, y in floor)
        return bot.walker.walk(view, bot.nav.field_to(bot.nav.index(x, y)), (x, y), 6)


class HandErrand(Errand):
    """Destination.HAND: the list memorised, cards kept in hand, SOLD OUT! called."""

    def __init__(self, bot: SoldOutBot, view: SeatForErrands) -> None:
        super().__init__(bot, view)
        self._hand_size: int | None = None          # the side's hand size (fixed per round)

    def _wants(self, view: SeatForErrands, cards: list[str] | None = None) -> tuple[set[str], list[str]]:
        """`cards`: view.side_hand_cards(), if the caller has it."""
        if self.recall is None:
            return set(), []
        return self.recall.wants(view.side_hand_cards() if cards is None else cards, self.belief, self.bot.garment)

    def wanted(self, view: SeatForErrands) -> set[str]:
        return self._wants(view)[0]

    def guess(self, view: SeatForErrands, card: str) -> str | None:
        if self.recall is None or self.recall.memory is None:
            return None
        return self.recall.guess(card, self._wants(view)[1], self.bot)

    def took(self, card: str, believed: str) -> None:
        super().took(card, believed)
        if self.recall is not None:
            self.recall.forget_wants()

    def _hand_room(self, view: SeatForErrands, cards: list[str] | None = None) -> int:
        """How many more cards the side may take into its hands, from the side's hand (`cards`, if the
        caller has it) and the hand size, which is fixed for the round."""
        if self._hand_size is None:
            self._hand_size = view.hand_size()
        return self._hand_size - len(view.side_hand_cards() if cards is None else cards)

    def may_take(self, view: SeatForErrands) -> bool:
        return self._hand_room(view) > 0

    def should_call(self, view: SeatForErrands) -> bool:
        if self.recall is None or self.recall.memory is None:   # took over a seat mid-round: it
            return False                                      # never saw the list, so never guesses
        cards = view.side_hand_cards()
        exact, hazy = self._wants(view, cards)
        if not exact and not hazy:
            return True
        if self._hand_room(view, cards) <= 0:
            return True
        # Impatience: nothing found for a while. Weaker bots give up (too early) sooner.
        return view.tick - self.bot.last_progress > self.bot.diff.patience


class TableErrand(Errand):
    """Destination.TABLE: each card carried to the side's objective cards at the Starting Table."""

    def __init__(self, bot: SoldOutBot, view: SeatForErrands) -> None:
        super().__init__(bot, view)
        self.delivered: list[str] = []         # items the bot believes it delivered
        self._stamp: tuple[int, int] | None = None
        self._wanted: set[str] = set()
        self._table: Field | None = None

    def wanted(self, view: SeatForErrands) -> set[str]:
        """Items the side's table still needs that no one is bringing (kept while no card moves)."""
        stamp = view.state_serial()
        if stamp != self._stamp:
            self._wanted = self._work_out(view)
            self._stamp = stamp
        return self._wanted

    def _work_out(self, view: SeatForErrands) -> set[str]:
        player = view.player
        on_the_way = view.mates_carrying()
        table = view.side_table()
        if self.recall is not None:
            # The list is hidden: what the bot recalls of it, less what lies on the table (its own
            # cards taken for what it believed they were) and what team-mates are bringing.
            lying = [c for _pictured, cards in table for c, _p in cards]
            exact, _hazy = self.recall.wants(lying + sorted(on_the_way), self.belief, self.bot.garment)
            return {i for i in exact if i not in self.delivered}
        want: set[str] = set()
        for pictured, placed in table:
            if len(placed) >= len(pictured):
                continue
            others = {c for c, p in placed if p != player}
            for item in pictured:
                if item not in self.delivered and item not in others and item not in on_the_way:
                    want.add(item)
        return want

    def forget(self) -> None:
        self._stamp = None
        if self.recall is not None:
            self.recall.forget_wants()

    def took(self, card: str, believed: str) -> None:
        super().took(card, believed)
        self.forget()

    def guess(self, view: SeatForErrands, card: str) -> str | None:
        if self.recall is None or self.recall.memory is None:
            return None
        placed = [c for _pictured, cards in view.side_table() for c, _p in cards]
        _exact, hazy = self.recall.wants(placed + sorted(view.mates_carrying()), self.belief, self.bot.garment)
        return self.recall.guess(card, hazy, self.bot)

    def table_field(self, view: SeatForErrands) -> Field:
        if self._table is None:
            nav = self.bot.nav
            self._table = nav.field(nav.tiles_beside(view.table_rect))
        return self._table

    def bring(self, view: SeatForErrands, card: str) -> Command:
        bot = self.bot
        believed = self.belief.get(card, card)
        # Only a card the assisted table refuses may go back; any other is delivered.
        refusable = view.table_refuses()
        if self.returning and refusable:
            return self.return_card(view)
        self.returning = False
        if view.at_table():
            if believed not in self.wanted(view) and refusable:   # a team-mate was quicker
                return self.return_card(view)
            self.delivered.append(believed)
            self._stamp = None
            bot.progress(view)
            return bot.press(view, _A, then=bot.diff.reaction)
        return bot.walker.walk(view, self.table_field(view), None, 0)

    def after_rejection(self, view: SeatForErrands) -> None:
        card = view.carried()
        if card is not None and view.at_table():
            # The assisted table refused the card: it is not what the bot thought. Undo the
            # delivery it counted, remember the card is wrong, and put it back into a pile.
            believed = self.belief.pop(card, card)
            if believed in self.delivered:
                self.delivered.remove(believed)
            self.forget()
            self.wrong.add(card)
            self.returning = True


class DresserErrand(Errand):
    """Destination.DRESSER: each card brought to the dresser that pictures it, playing for the
    dressers worth winning at the bot's strategy depth."""

    def __init__(self, bot: SoldOutBot, view: SeatForErrands) -> None:
        super().__init__(bot, view)
        self._fields: dict[int, Field] = {}      # this round's dresser fields
        self._chairs: dict[int, Dresser] = {}    # and where they stand
        self._wants_stamp: tuple[int, int] | None = None
        self._wants: dict[str, int] = {}
        self._wanted: tuple[dict[str, int], set[str]] | None = None   # _wants as a set, made once
        self._serial_seen: tuple[int, int] | None = None
        self._key = (-1, -1)
        self._checked: str | None = None         # the carried card last held against a picture

    def wanted(self, view: SeatForErrands) -> set[str]:
        """The plan's items, one set per plan (the callers only read it): every choice of a
        pile and every card looked at asks, and the plan changes only when a card is placed."""
        wants = self._plan_wants(view)
        made = self._wanted
        if made is None or made[0] is not wants:
            made = self._wanted = (wants, set(wants))
        return made[1]

    def interesting(self, view: SeatForErrands) -> Collection[str]:
        """Every open item, not just the plan."""
        return self._all_open(view)

    def _stamp(self, view: SeatForErrands) -> tuple[int, int]:
        """Changes exactly when a card lands on a dresser: what the plans depend on (counted again
        only after some action: most decisions come between actions)."""
        serial = view.state_serial()
        if serial != self._serial_seen:
            self._serial_seen = serial
            self._key = (view.round_serial, view.cards_on_dressers())
        return self._key

    def _plan_wants(self, view: SeatForErrands) -> dict[str, int]:
        """Open items -> dresser index, on the dressers worth playing for at this strategy depth."""
        stamp = self._stamp(view)
        if self._wants_stamp != stamp:
            self._wants_stamp = stamp
            self._wants = self._plan(view)
        return self._wants

    def _plan(self, view: SeatForErrands) -> dict[str, int]:
        side = view.side()
        strategy = self.bot.diff.strategy
        options = []
        everything: dict[str, int] = {}
        objectives = view.catalogue.objectives
        for d, card, open_items, counts in self._state(view)[0]:
            if not open_items:
                continue
            for i in open_items:
                everything[i] = d
            mine = counts[side]
            best_other = max([c for s, c in enumerate(counts) if s != side], default=0)
            # A tie scores for nobody: where it can no longer win, a hard bot with one rival side
            # still plays to tie and so take the dresser's bags from them. (With more sides the
            # bags it denies one rival go to nobody, which helps the third as much as itself.)
            deny = 1 if strategy >= 2 and len(counts) == 2 else 0
            if mine + len(open_items) + deny <= best_other:
                continue                    # cannot win the majority (nor tie it) any more
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

    def _all_open(self, view: SeatForErrands) -> dict[str, int]:
        """Every open item -> its dresser (read-only: shared by the match's bots)."""
        return self._state(view)[1]

    def _state(self, view: SeatForErrands) -> tuple[_TidyRows, dict[str, int]]:
        """The dressers as everyone sees them: per dresser (index, card, open items, count per
        side), and every open item -> its dresser. The same for every bot, so worked out once per
        card placed and shared through the match's bot cache (read-only)."""
        stamp = self._stamp(view)
        shared = view.bot_cache()
        found = shared.get("dressers")
        if found is None or found[0] != stamp:
            objectives = view.catalogue.objectives
            rows = [(d, card, [i for i in objectives[card].items if not view.filled(d, i)], view.dresser_counts(d))
                    for d, card in enumerate(view.dresser_cards())]
            everything = {i: d for d, _card, open_items, _counts in rows for i in open_items}
            found = shared["dressers"] = (stamp, (rows, everything))
        state: tuple[_TidyRows, dict[str, int]] = found[1]
        return state

    def bring(self, view: SeatForErrands, card: str) -> Command:
        bot = self.bot
        believed = self.belief.get(card, card)
        dresser = self._all_open(view).get(believed)
        if dresser is None or self.returning:
            return self.return_card(view)
        near = view.dresser_in_reach()
        if near is not None and near.index == dresser:
            if self._misread(view, card, believed):
                return self.bring(view, card)      # to its own dresser, or back to a pile
            bot.progress(view)
            return bot.press(view, _A, then=bot.diff.reaction)
        chair = self._chair(view, dresser)
        # On a tile beside the chair, lean towards it: a neighbouring chair must not be the nearer one.
        return bot.walker.walk(view, self._field(view, dresser), (chair.x, chair.y), 6)

    def _misread(self, view: SeatForErrands, card: str, believed: str) -> bool:
        """At the dresser, a careful bot (`check_card`) holds the carried card against the picture
        once before putting it down: a wrong card counts against it there, and taking a card it
        misread back to a pile costs a walk, not a point. The second look errs as often as the
        first; a misread it catches is never taken again, and a card it now sees is pictured
        elsewhere goes there. True when the check changed what the bot believes."""
        if not self.bot.diff.check_card or self._checked == card:
            return False
        self._checked = card
        if believed == card or self.bot.rng.random() < self.bot.diff.error_rate:
            return False
        del self.belief[card]                  # now taken for what it is
        if card not in self._all_open(view):
            self.wrong.add(card)               # pictured nowhere: back to a pile (bring sees to it)
        return True

    def _chair(self, view: SeatForErrands, dresser: int) -> Dresser:
        """Where a dresser stands (its chair stays put all round, as its field does)."""
        found = self._chairs.get(dresser)
        if found is None:
            found = self._chairs[dresser] = next(d for d in view.dressers() if d.index == dresser)
        return found

    def _field(self, view: SeatForErrands, dresser: int) -> Field:
        found = self._fields.get(dresser)
        if found is None:
            spot = self._chair(view, dresser)
            ts = self.bot.ts
            nav = self.bot.nav
            found = self._fields[dresser] = nav.field(nav.tiles_beside((spot.x - ts // 2, spot.y - ts // 2, ts, ts)))
        return found


ERRANDS: dict[Destination, type[Errand]] = {Destination.HAND: HandErrand, Destination.TABLE: TableErrand,
                                             Destination.DRESSER: DresserErrand}

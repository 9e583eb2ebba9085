"""Courses: what a speedrun means in each game, over that game's simulation.

A course builds the simulation for a MatchSpec and answers, after every tick:
- progress() -> (count, label): how many split-worthy steps the runner has made;
- verdict() -> None while running, else (complete, reason): complete with
  reason "" is a clean finish, complete with a reason is a finish with a
  mistake, not complete is a DNF (reason says why);
- mistakes(): mistakes so far (flags the run).

Levels, catalogues and tuning are loaded once per process and shared, so a
restart only rebuilds the simulation (the < 200 ms restart budget).
"""
from __future__ import annotations

from functools import lru_cache

from game.bots.checkout import CheckOutBot
from game.driver.match_driver import MatchDriver
from game.levels import load_level, resolve_level
from game.match import MatchSpec
from game.notice import N_, Notice
from game.rules.checkout import load_catalogue as load_checkout_catalogue
from game.rules.soldout import load_catalogue, modes
from game.sim.mall_events import Delivered, MallPhase, Placed, Took
from game.sim.mall_public import OmniscientView
from game.sim.protocol import Simulation
from game.sim.mall import MallSim
from game.sim.table import COUNTDOWN, PLAYING, TableSim
from game.sim.table_tuning import load_table_tuning
from game.sim.tuning import load_tuning

PLAYER = 0  # the runner is seat 0, the engine's player 0


class Course:
    sim: Simulation
    # Sold Out!: nothing moves until the runner does, so the timer waits for the first input.
    # Check Out!: the bot plays from GO, so waiting would be free time: the timer starts at GO.
    starts_on_go = False

    @property
    def tick(self) -> int:
        return self.sim.tick

    def keys(self) -> list[int]:
        """The seats the match driver steps, in the replay's order: the runner's, then the bots'."""
        return [PLAYER]

    def seat_bots(self, driver: MatchDriver) -> None:
        """Seat the course's own bots at the driver (the runner's seat stays the person's)."""

    def state_hash(self) -> str:
        return self.sim.state_hash()

    def playing(self) -> bool:
        raise NotImplementedError

    def countdown_left(self) -> int:
        """Ticks of the 3-2-1 still to go before play (0 when not counting down)."""
        return 0

    def split_names(self) -> list[str]:
        raise NotImplementedError

    def progress(self) -> tuple[int, str]:
        raise NotImplementedError

    def verdict(self) -> tuple[bool, str] | None:
        raise NotImplementedError

    def mistakes(self) -> int:
        raise NotImplementedError

    def score(self) -> int:
        return 0

    def players_json(self, spec: MatchSpec) -> list[dict]:
        """DESIGN.md's per-player result entries."""
        return [{"seat": s.seat, "team": None, "bot": s.kind == "bot", "score": self.score() if i == 0 else 0}
                for i, s in enumerate(spec.seats)]

    def winners(self) -> list[int]:
        return []

    def summary(self) -> str:
        """One line for the results: how the run scored."""
        return ""


# ----------------------------------------------------------------- Sold Out!
@lru_cache(maxsize=8)
def _level(name: str | None, players: int):
    return load_level(resolve_level(name, players))


@lru_cache(maxsize=1)
def _catalogue():
    return load_catalogue()


@lru_cache(maxsize=1)
def _tuning():
    return load_tuning()


class SoldOutCourse(Course):
    """Rush: a split per card delivered, done on SOLD OUT!. Tidying Up: a split per pictured
    item filled, done when all are. Memory: a split per card taken into the hand (listed or not:
    the list is hidden), then one for the SOLD OUT! call; a call without the whole list is a
    finish with a mistake."""

    def __init__(self, spec: MatchSpec) -> None:
        self.sim: MallSim = MallSim(spec, _level(spec.level, spec.players), _catalogue(), spec.seed, tuning=_tuning())
        self.mode = spec.mode
        self._best_hand = 0
        # The referee sees the whole round (the hidden list included): it judges, it does not play.
        self.known = view = OmniscientView(self.sim)
        if modes.uses_dressers(self.mode):
            self.wanted = [i for card in view.dresser_cards() for i in view.pictured(card)]
        else:
            self.wanted = view.list_items(view.side_of(PLAYER))

    def playing(self) -> bool:
        return self.sim.phase == MallPhase.PLAYING

    def countdown_left(self) -> int:
        return self.sim.phase_ticks_left() if self.sim.phase == MallPhase.COUNTDOWN else 0

    def split_names(self) -> list[str]:
        n = len(self.wanted)
        if modes.delivers_to_table(self.mode):
            return [f"Card {i}" for i in range(1, n)] + ["SOLD OUT!"]
        if modes.uses_dressers(self.mode):
            return [f"Item {i}" for i in range(1, n)] + ["All tidy"]
        return [f"Item {i}" for i in range(1, n + 1)] + ["SOLD OUT!"]

    def progress(self) -> tuple[int, str]:
        view = self.known
        label = ""
        for event in self.sim.events:
            if isinstance(event, (Delivered, Placed, Took)) and event.seat == PLAYER:
                label = _item_name(event.card)
        if modes.delivers_to_table(self.mode):
            return view.cards_on_table(view.side_of(PLAYER)), label
        if modes.uses_dressers(self.mode):
            return sum(1 for d, card in enumerate(view.dresser_cards())
                       for i in view.pictured(card) if view.filled(d, i)), label
        # Cards in hand, right or wrong: a split only for a listed card would tell the runner
        # which cards are on the hidden list.
        self._best_hand = max(self._best_hand, min(len(view.hand(PLAYER)), len(self.wanted)))
        return self._best_hand, label

    def verdict(self) -> tuple[bool, str] | None:
        view = self.known
        if not view.over():
            return None
        cause = view.cause()
        if modes.uses_hand(self.mode) and cause == "sold_out":
            hand = view.hand(PLAYER)
            missing = sum(1 for i in self.wanted if i not in hand)
            return True, (Notice.ngettext("{n} listed item missing", "{n} listed items missing", missing)
                          if missing else "")
        if cause in modes.get(self.mode).finish_causes:
            wrong = view.mistakes(PLAYER)
            return True, Notice.ngettext("{n} wrong card", "{n} wrong cards", wrong) if wrong else ""
        if cause == "time":
            return False, "the mall closed (time limit)"
        return False, "nothing left to score (a spoiled objective card)"

    def mistakes(self) -> int:
        if modes.uses_hand(self.mode):
            return self.known.memory_mistakes(PLAYER)
        return self.known.mistakes(PLAYER)

    def score(self) -> int:
        return self.known.score(self.known.side_of(PLAYER))

    def players_json(self, spec: MatchSpec) -> list[dict]:
        view = self.known
        return [{"seat": 0, "team": None, "bot": False, "score": self.score(),
                 "rounds": [{"mode": view.mode(), "scored": list(view.scored(view.side_of(PLAYER))),
                             "mistakes": view.player_mistakes(PLAYER)}]}]

    def winners(self) -> list[int]:
        return [0] if self.score() > 0 else []

    def summary(self) -> str:
        bags = self.score()
        return Notice.ngettext("{n} bag scored", "{n} bags scored", bags)


def _item_name(item: object) -> str:
    try:
        return _catalogue().name(str(item))
    except KeyError:
        return ""


def course_for(spec: MatchSpec) -> Course:
    if spec.game == "soldout":
        return SoldOutCourse(spec)
    return CheckOutCourse(spec)


# ----------------------------------------------------------------- Check Out!
@lru_cache(maxsize=1)
def _table_assets():
    return load_checkout_catalogue(), load_table_tuning()


class CheckOutCourse(Course):
    """A whole game against the category's bots (seeded, fixed difficulty). A split at the end of
    each round (4 rounds, then the bonus round: the last split is the final scores). Complete
    when the game is over and the runner has won (a shared win counts); a loss is a DNF."""

    starts_on_go = True

    def __init__(self, spec: MatchSpec) -> None:
        catalogue, tuning = _table_assets()
        self.sim: TableSim = TableSim(spec, catalogue, tuning=tuning)
        # Bots are part of the course: seeded from the run's seed, so they answer the same
        # inputs the same way every time (routes can be learned, replays verified).
        self.bots = {i: CheckOutBot(i, s.difficulty, spec.seed, tuning)
                     for i, s in enumerate(spec.seats) if s.kind == "bot"}
        self.players = len(spec.seats)

    def keys(self) -> list[int]:
        return list(range(self.players))   # the table keys seats by index

    def seat_bots(self, driver: MatchDriver) -> None:
        for i in range(1, self.players):
            driver.seat(i, self.bots[i].command)

    def playing(self) -> bool:
        return self.sim.phase in PLAYING

    def countdown_left(self) -> int:
        return self.sim.countdown_left() if self.sim.phase == COUNTDOWN else 0

    def split_names(self) -> list[str]:
        return ["Round 1", "Round 2", "Round 3", "Round 4", "Bonus & scores"]

    def progress(self) -> tuple[int, str]:
        done = len(self.sim.rounds)
        if done and done <= 4:
            gains = self.sim.rounds[done - 1][PLAYER]
            label = Notice(N_("{products}, {bargains}"),
                           products=Notice.ngettext("+{n} product", "+{n} products", len(gains["products"])),
                           bargains=Notice.ngettext("+{n} bargain", "+{n} bargains", len(gains["bargains"])))
        else:
            label = ""
        return min(done, 4), label

    def verdict(self) -> tuple[bool, str] | None:
        if not self.sim.over():
            return None
        if PLAYER in self.sim.winners():
            return True, ""
        scores = {s.seat: s.total for s in self.sim.scores()}
        best = max(scores.values())
        return False, Notice.ngettext("lost the game ({n} point to {best})", "lost the game ({n} points to {best})",
                                      scores[PLAYER], best=best)

    def mistakes(self) -> int:
        return 0

    def score(self) -> int:
        return next(s.total for s in self.sim.scores() if s.seat == PLAYER)

    def players_json(self, spec: MatchSpec) -> list[dict]:
        return [{"seat": sc.seat, "team": None, "bot": spec.seats[sc.seat].kind == "bot", "score": sc.total,
                 "stars": sc.stars, "tokens": sc.tokens, "sets": sc.sets} for sc in self.sim.scores()]

    def winners(self) -> list[int]:
        return list(self.sim.winners()) if self.sim.over() else []

    def summary(self) -> str:
        scores = sorted((sc.total for sc in self.sim.scores() if sc.seat != PLAYER), reverse=True)
        mine = self.score()
        if not scores:
            return Notice.ngettext("{n} point", "{n} points", mine)
        if PLAYER in self.winners():
            return Notice.ngettext("won {n} point to {best}", "won {n} points to {best}", mine, best=scores[0])
        return Notice.ngettext("lost {n} point to {best}", "lost {n} points to {best}", mine, best=scores[0])



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

from typing import Any, Generic

from game.sim import preload
from game.bots.checkout import CheckOutBot
from game.driver.match_driver import MatchDriver, S, Stepper
from game.files.levels import resolve_level
from game.match import games
from game.match.spec import MatchSpec
from game.rules.soldout.options import options_of
from game.text.notice import N_, Notice
from game.driver.replay import ReplayWriter
from game.rules.soldout import modes
from game.sim.mall_events import Delivered, MallPhase, Placed, Took
from game.sim.mall import new_mall
from game.sim.mall_face import MallFace
from game.sim.table import COUNTDOWN, PLAYING, new_table
from game.sim.table_face import TableFace

PLAYER = 0  # the runner is seat 0, the engine's player 0


class Course(Generic[S]):
    sim: S
    # Sold Out!: nothing moves until the runner does, so the timer waits for the first input.
    # Check Out!: the bot plays from GO, so waiting would be free time: the timer starts at GO.
    starts_on_go = False

    @property
    def tick(self) -> int:
        return self.sim.tick

    def keys(self) -> list[int]:
        """The seats the match driver steps, in the replay's order: the runner's, then the bots'."""
        return [PLAYER]

    def new_driver(self, writer: ReplayWriter | None) -> Stepper:
        """The match driver of an attempt: the course's seats, its own bots seated (the runner's
        seat stays the person's), recording to `writer`."""
        driver = MatchDriver(self.sim, self.keys(), writer)
        self.seat_bots(driver)
        return driver

    def seat_bots(self, driver: MatchDriver[S]) -> None:
        """Seat the course's own bots at the driver."""

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

    def players_json(self, spec: MatchSpec) -> list[dict[str, Any]]:
        """DESIGN.md's per-player result entries."""
        return [{"seat": s.seat, "team": None, "bot": s.kind == "bot", "score": self.score() if i == 0 else 0}
                for i, s in enumerate(spec.seats)]

    def winners(self) -> list[int]:
        return []

    def summary(self) -> str:
        """One line for the results: how the run scored."""
        return ""


# ----------------------------------------------------------------- Sold Out!
class SoldOutCourse(Course[MallFace]):
    """A solo round of one mode, judged by its family (game/rules/soldout/family.py): the Rush a
    split per card delivered, done on SOLD OUT!; Tidying Up a split per pictured item filled,
    done when all are; Memory a split per card taken into the hand (listed or not: the list is
    hidden), then one for the SOLD OUT! call, a call without the whole list being a finish with
    a mistake."""

    def __init__(self, spec: MatchSpec) -> None:
        # Loaded once per process and shared: a restart only rebuilds the simulation.
        level = preload.level(resolve_level(options_of(spec).level, spec.players))
        self.sim = new_mall(spec, level, preload.soldout_catalogue(), spec.seed, tuning=preload.soldout_tuning())
        self.mode = options_of(spec).mode
        self.family = modes.get(options_of(spec).mode).family
        self._best = 0
        # The referee sees the whole round (the hidden list included): it judges, it does not play.
        self.known = view = self.sim.omniscient_view()
        self.wanted = view.course_items(view.side_of(PLAYER))

    def playing(self) -> bool:
        return self.sim.phase == MallPhase.PLAYING

    def countdown_left(self) -> int:
        return self.sim.phase_ticks_left() if self.sim.phase == MallPhase.COUNTDOWN else 0

    def split_names(self) -> list[str]:
        return self.family.split_names(len(self.wanted))

    def progress(self) -> tuple[int, str]:
        label = ""
        for event in self.sim.events:
            if isinstance(event, (Delivered, Placed, Took)) and event.seat == PLAYER:
                label = _item_name(event.card)
        # The best so far: a card put back from the hand takes no split away.
        self._best = max(self._best, self.known.course_progress(PLAYER, len(self.wanted)))
        return self._best, label

    def verdict(self) -> tuple[bool, str] | None:
        view = self.known
        if not view.over():
            return None
        cause = view.cause()
        if cause in modes.get(self.mode).finish_causes:
            return True, view.course_flaw(PLAYER, self.wanted)
        if cause == "time":
            return False, "the mall closed (time limit)"
        return False, "nothing left to score (a spoiled objective card)"

    def mistakes(self) -> int:
        return self.known.player_mistakes(PLAYER)

    def score(self) -> int:
        return self.known.score(self.known.side_of(PLAYER))

    def players_json(self, spec: MatchSpec) -> list[dict[str, Any]]:
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
        return preload.soldout_catalogue().name(str(item))
    except KeyError:
        return ""


def course_for(spec: MatchSpec) -> Course[Any]:
    """The course of a speedrun of `spec`, as its game has it (Game.course)."""
    course = games.get(spec.game).course(spec)
    if course is None:
        raise ValueError(f"{games.title(spec.game)} has no speedruns")
    return course


# ----------------------------------------------------------------- Check Out!
class CheckOutCourse(Course[TableFace]):
    """A whole game against the category's bots (seeded, fixed difficulty). A split at the end of
    each round (4 rounds, then the bonus round: the last split is the final scores). Complete
    when the game is over and the runner has won (a shared win counts); a loss is a DNF."""

    starts_on_go = True

    def __init__(self, spec: MatchSpec) -> None:
        catalogue, tuning = preload.checkout_catalogue(), preload.checkout_tuning()
        self.sim = new_table(spec, catalogue, tuning=tuning)
        # Bots are part of the course: seeded from the run's seed, so they answer the same
        # inputs the same way every time (routes can be learned, replays verified).
        self.bots = {i: CheckOutBot(i, s.difficulty, spec.seed, tuning)
                     for i, s in enumerate(spec.seats) if s.kind == "bot"}
        self.players = len(spec.seats)

    def keys(self) -> list[int]:
        return list(range(self.players))   # the table keys seats by index

    def seat_bots(self, driver: MatchDriver[TableFace]) -> None:
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
            label: str = Notice(N_("{products}, {bargains}"),
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

    def players_json(self, spec: MatchSpec) -> list[dict[str, Any]]:
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



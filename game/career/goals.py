"""Star goals: a small registry of goal kinds, each judged from a finished match's `Facts`.

A goal is data in assets/career.toml (`{ kind = "margin", points = 3 }`); its kind says what
it asks (`explain`, for the challenge card), which parameters it takes, which game it fits, and
how a match is judged (`judge`, a `Verdict`: met or not, and why in words). Facts come from the
match's typed events and final state only, so a verdict is exact and the same from a replay.
Every goal past `win` is won together with the match: a clean match that is lost earns nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

from game import TICK_RATE
from game.sim.mall_events import Called, MallEvent, Placed, Rejected, Took
from game.sim.table_events import RaceWon, Refused, TableEvent
from game.text.notice import N_, Notice

Event = MallEvent | TableEvent


@dataclass(frozen=True, slots=True)
class Facts:
    """What a finished match tells the goals: per seat its score, the winners, the ticks played,
    the player's side's seats (`us`), every event of the match in order, and what the game adds:
    Sold Out!'s wrong deliveries, Check Out!'s sets and the scores as its bonus round began."""

    ticks: int
    scores: Mapping[int, int]
    winners: tuple[int, ...]
    us: tuple[int, ...]
    events: tuple[Event, ...] = ()
    mistakes: Mapping[int, int] = field(default_factory=dict)
    sets: Mapping[int, int] = field(default_factory=dict)
    bonus_scores: Mapping[int, int] | None = None   # None: no bonus round began

    @property
    def won(self) -> bool:
        return any(seat in self.winners for seat in self.us)

    @property
    def score(self) -> int:
        return max(self.scores.get(seat, 0) for seat in self.us)

    def best_other(self, scores: Mapping[int, int] | None = None) -> int:
        scores = self.scores if scores is None else scores
        return max((v for seat, v in scores.items() if seat not in self.us), default=0)

    def ours(self, kind: type) -> int:
        """How many events of `kind` were our seats' own."""
        return sum(1 for e in self.events if isinstance(e, kind) and getattr(e, "seat", None) in self.us)


@dataclass(frozen=True, slots=True)
class Verdict:
    met: bool
    why: Notice


Params = Mapping[str, int]


@dataclass(frozen=True, slots=True)
class GoalKind:
    """One kind of goal: its parameters (name -> lowest value), the games it fits (() = any),
    the card's sentence, the judge and the modes it fits (() = any of its games')."""

    key: str
    params: Mapping[str, int]
    games: tuple[str, ...]
    explain: Callable[[Params], Notice]
    judge: Callable[[Facts, Params], Verdict]
    modes: tuple[str, ...] = ()


KINDS: dict[str, GoalKind] = {}


def register(kind: GoalKind) -> GoalKind:
    KINDS[kind.key] = kind
    return kind


def _clock(ticks: int) -> str:
    seconds = ticks // TICK_RATE
    return f"{seconds // 60}:{seconds % 60:02d}"


def _lost(facts: Facts) -> Verdict:
    return Verdict(False, Notice(N_("You did not win the match ({score} to {other})"),
                                 score=facts.score, other=facts.best_other()))


def _styled(ok: bool, facts: Facts, met: Notice, missed: Notice) -> Verdict:
    """A style goal: the style, with the win."""
    if not facts.won:
        return _lost(facts)
    return Verdict(ok, met if ok else missed)


def _win(facts: Facts, p: Params) -> Verdict:
    if not facts.won:
        return _lost(facts)
    return Verdict(True, Notice(N_("You won, {score} to {other}"), score=facts.score, other=facts.best_other()))


def _margin(facts: Facts, p: Params) -> Verdict:
    lead = facts.score - facts.best_other()
    return Verdict(facts.won and lead >= p["points"],
                   Notice(N_("You finished {lead} ahead (the goal: {points})"), lead=lead, points=p["points"]))


def _within(facts: Facts, p: Params) -> Verdict:
    took = Notice(N_("The match took {time} (the goal: {limit})"), time=_clock(facts.ticks),
                  limit=_clock(p["seconds"] * TICK_RATE))
    return _styled(facts.ticks <= p["seconds"] * TICK_RATE, facts, took, took)


def _score(facts: Facts, p: Params) -> Verdict:
    return Verdict(facts.score >= p["points"],
                   Notice(N_("You scored {score} (the goal: {points})"), score=facts.score, points=p["points"]))


def _clean(facts: Facts, p: Params) -> Verdict:
    wrong = sum(facts.mistakes.get(seat, 0) for seat in facts.us)
    said = Notice.ngettext("{n} wrong delivery", "{n} wrong deliveries", wrong)
    return _styled(wrong == 0, facts, said, said)


def _call(facts: Facts, p: Params) -> Verdict:
    calls = facts.ours(Called)
    return _styled(calls > 0, facts, Notice(N_("You called SOLD OUT! yourself")),
                   Notice(N_("Someone else ended every round")))


def _no_drop(facts: Facts, p: Params) -> Verdict:
    dropped = facts.ours(Took) - facts.ours(Placed)   # handed back, or still carried as the round ended
    said = Notice.ngettext("{n} card taken and not placed", "{n} cards taken and not placed", dropped)
    return _styled(dropped == 0, facts, said, said)


def _no_refusal(facts: Facts, p: Params) -> Verdict:
    refused = facts.ours(Rejected) + facts.ours(Refused)
    said = Notice.ngettext("{n} press refused", "{n} presses refused", refused)
    return _styled(refused == 0, facts, said, said)


def _before_bonus(facts: Facts, p: Params) -> Verdict:
    if facts.bonus_scores is None:
        return _styled(False, facts, Notice(N_("No bonus round was played")), Notice(N_("No bonus round was played")))
    ours = max(facts.bonus_scores.get(seat, 0) for seat in facts.us)
    other = facts.best_other(facts.bonus_scores)
    said = Notice(N_("Before the bonus round: {score} to {other}"), score=ours, other=other)
    return _styled(ours > other, facts, said, said)


def _races(facts: Facts, p: Params) -> Verdict:
    won = facts.ours(RaceWon)
    said = Notice.ngettext("You won {n} race (the goal: {count})", "You won {n} races (the goal: {count})", won,
                           count=p["count"])
    return _styled(won >= p["count"], facts, said, said)


def _sets(facts: Facts, p: Params) -> Verdict:
    sets = max(facts.sets.get(seat, 0) for seat in facts.us)
    said = Notice.ngettext("You collected {n} set (the goal: {count})", "You collected {n} sets (the goal: {count})",
                           sets, count=p["count"])
    return _styled(sets >= p["count"], facts, said, said)


register(GoalKind("win", {}, (), lambda p: Notice(N_("Win the match")), _win))
register(GoalKind("margin", {"points": 1}, (),
                  lambda p: Notice.ngettext("Win by {n} point or more", "Win by {n} points or more", p["points"]),
                  _margin))
register(GoalKind("within", {"seconds": 10}, (),
                  lambda p: Notice(N_("Win within {limit}"), limit=_clock(p["seconds"] * TICK_RATE)), _within))
register(GoalKind("score", {"points": 1}, (),
                  lambda p: Notice.ngettext("Score {n} point or more", "Score {n} points or more", p["points"]),
                  _score))
register(GoalKind("clean", {}, ("soldout",), lambda p: Notice(N_("Win without a wrong delivery")), _clean))
register(GoalKind("call", {}, ("soldout",), lambda p: Notice(N_("Win and call SOLD OUT! yourself")), _call,
                  ("memory", "choose")))   # the Memory family's call
register(GoalKind("no_drop", {}, ("soldout",), lambda p: Notice(N_("Win, placing every card you take")), _no_drop,
                  ("tidy",)))              # every card taken goes to a dresser
register(GoalKind("no_refusal", {}, (), lambda p: Notice(N_("Win without a refused press")), _no_refusal))
register(GoalKind("before_bonus", {}, ("checkout",),
                  lambda p: Notice(N_("Win, leading before the bonus round")), _before_bonus))
register(GoalKind("races", {"count": 1}, ("checkout",),
                  lambda p: Notice.ngettext("Win and take {n} race or more", "Win and take {n} races or more",
                                            p["count"]), _races))
register(GoalKind("sets", {"count": 1}, ("checkout",),
                  lambda p: Notice.ngettext("Win with {n} set or more", "Win with {n} sets or more", p["count"]),
                  _sets))

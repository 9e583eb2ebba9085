"""The evening's honours: a few fun facts drawn from tonight's matches, each with who and the figure.

An honour is never points and never a ranking: it names whoever did the most of something (all
of them when they tie) and says the figure. An honour nobody earned (no flips tonight, a game
without walking) is left out. The words are marked here and said where they are drawn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from game import TICK_RATE
from game.evening.tally import PlayerKey, player_key
from game.match.record import MatchRecord, SeatLine
from game.text import i18n
from game.text.i18n import N_, N_plural

STREAK_AT_LEAST = 2      # a "streak" of one win is no streak


@dataclass(frozen=True, slots=True)
class Honour:
    """An honour: its title (a marked message), who earned it (in the tally's order) and the figure:
    a plural pair said with `count`, or a time in `seconds`."""

    key: str
    title: str
    who: tuple[PlayerKey, ...]
    figure: tuple[str, str]
    count: int
    seconds: float | None = None

    def said(self) -> str:
        """The figure in the player's language ("12 flips and rolls", "1.5 sec", "1,5 Sek.")."""
        if self.seconds is not None:
            return i18n.seconds(self.seconds)
        return i18n.ngettext(*self.figure, self.count)


def _lines(records: Sequence[MatchRecord]) -> list[SeatLine]:
    return [line for record in records for line in record.seats]


def _most(records: Sequence[MatchRecord], fact: Callable[[SeatLine], float]) -> tuple[tuple[PlayerKey, ...], float]:
    """Who has the highest sum of `fact` tonight (all who tie), and that sum; nobody when it is 0."""
    sums: dict[PlayerKey, float] = {}
    for line in _lines(records):
        key = player_key(line)
        sums[key] = sums.get(key, 0) + fact(line)
    best = max(sums.values(), default=0)
    if best <= 0:
        return (), 0
    return tuple(key for key, total in sums.items() if total == best), best


def _summed(key: str, title: str, figure: tuple[str, str],
            fact: Callable[[SeatLine], float]) -> Callable[[Sequence[MatchRecord]], Honour | None]:
    def judge(records: Sequence[MatchRecord]) -> Honour | None:
        who, best = _most(records, fact)
        if not who:
            return None
        return Honour(key, title, who, figure, round(best))
    return judge


def closest_finish(records: Sequence[MatchRecord]) -> Honour | None:
    """The winners of the match won by the fewest points (a tie at the top is the closest of all);
    matches that close are all named. Only with a winner and someone who did not win."""
    close = [record for record in records if record.winners and len(record.winners) < len(record.seats)]
    if not close:
        return None
    margin = min(record.margin for record in close)
    who: dict[PlayerKey, None] = {}
    for record in close:
        if record.margin == margin:
            who.update((player_key(line), None) for line in record.winners)
    # A margin of 0: level on points, first place settled by the game's tie-break.
    figure = (N_plural("won by {n} point", "won by {n} points") if margin
              else N_plural("won on the tie-break", "won on the tie-break"))
    return Honour("closest", N_("Closest finish"), tuple(who), figure, margin)


def fastest_grab(records: Sequence[MatchRecord]) -> Honour | None:
    """Whoever made the quickest grab of the evening (from a round's start or a roll), in seconds."""
    grabs = [(line.fastest_grab, player_key(line)) for line in _lines(records) if line.fastest_grab is not None]
    if not grabs:
        return None
    best = min(ticks for ticks, _key in grabs)
    who = tuple(dict.fromkeys(key for ticks, key in grabs if ticks == best))
    seconds = round(best / TICK_RATE, 1)
    return Honour("fastest", N_("Fastest grab"), who, ("", ""), 0, seconds)


def longest_streak(records: Sequence[MatchRecord]) -> Honour | None:
    """Most matches won in a row tonight (at least STREAK_AT_LEAST): a player who sat a match out
    keeps their streak, a match played and not won ends it."""
    run: dict[PlayerKey, int] = {}
    best: dict[PlayerKey, int] = {}
    for record in records:
        for line in record.seats:
            key = player_key(line)
            run[key] = run.get(key, 0) + 1 if line.place == 1 else 0
            best[key] = max(best.get(key, 0), run[key])
    top = max(best.values(), default=0)
    if top < STREAK_AT_LEAST:
        return None
    return Honour("streak", N_("On a roll"), tuple(key for key, n in best.items() if n == top),
                  N_plural("{n} win in a row", "{n} wins in a row"), top)


JUDGES: tuple[Callable[[Sequence[MatchRecord]], Honour | None], ...] = (
    closest_finish,
    longest_streak,
    _summed("sold_out", N_("Loudest shopper"), N_plural("{n} SOLD OUT! call", "{n} SOLD OUT! calls"),
            lambda line: line.sold_out_calls),
    fastest_grab,
    _summed("flips", N_("Busiest hands"), N_plural("{n} flip or roll", "{n} flips and rolls"),
            lambda line: line.flips),
    _summed("grabs", N_("Bargain hunter"), N_plural("{n} grab", "{n} grabs"), lambda line: line.grabs),
    _summed("walked", N_("Longest walk"), N_plural("{n} tile walked", "{n} tiles walked"), lambda line: line.walked),
)


def honours(records: Sequence[MatchRecord]) -> list[Honour]:
    """Tonight's honours, each earned by somebody, in a fixed order (never by who did best)."""
    return [honour for judge in JUDGES if (honour := judge(records)) is not None]

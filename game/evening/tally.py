"""Tonight's running tally: the matches played and each player's wins.

A player is known by their profile when the seat had one (a renamed profile stays one player),
else by the name the seat showed: a guest is their colour name, a bot is marked as a bot (a bot
"Sky" and a guest "Sky" are two players). The order is who first played tonight, never who won
most: the tally counts, it does not rank.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from game.match.record import MatchRecord, SeatLine

PlayerKey = tuple[str, str]     # ("profile", "12") | ("guest", name) | ("bot", name)


def player_key(line: SeatLine) -> PlayerKey:
    """Who played a seat, as the evening counts them."""
    if line.profile is not None and line.kind == "human":
        return ("profile", str(line.profile))
    return ("bot" if line.kind == "bot" else "guest", line.name)


@dataclass(frozen=True, slots=True)
class Player:
    """One player of the evening: the name they showed last, and their wins tonight."""

    key: PlayerKey
    name: str
    bot: bool
    profile: bool    # False: the name is a seat's colour name (said in the player's language)
    seat: int        # the seat they sat last (its colour and shape draw them)
    played: int
    wins: int


@dataclass(frozen=True, slots=True)
class Tally:
    matches: int
    players: tuple[Player, ...]

    def winners(self) -> tuple[Player, ...]:
        """The players with at least one win, in the tally's order."""
        return tuple(player for player in self.players if player.wins)


def tally(records: Iterable[MatchRecord]) -> Tally:
    """The tally of `records` (tonight's matches, oldest first)."""
    names: dict[PlayerKey, SeatLine] = {}
    played: dict[PlayerKey, int] = {}
    wins: dict[PlayerKey, int] = {}
    matches = 0
    for record in records:
        matches += 1
        for line in record.seats:
            key = player_key(line)
            names[key] = line           # the latest name a profile showed
            played[key] = played.get(key, 0) + 1
            wins[key] = wins.get(key, 0) + (line.place == 1)
    players = tuple(Player(key, line.name, line.kind == "bot", key[0] == "profile", line.seat, played[key], wins[key])
                    for key, line in names.items())
    return Tally(matches, players)

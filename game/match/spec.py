"""The match description the lobby hands to a game scene (and the command line builds)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

SeatKind = Literal["human", "bot"]
DIFFICULTIES = ("easy", "normal", "hard", "expert")


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """One seat at the match. `seat` is its index (0-5), stable for the whole match."""

    seat: int
    name: str
    kind: SeatKind = "human"
    difficulty: str = "normal"  # bots only
    team: int | None = None     # None when teams are off


@dataclass(frozen=True, slots=True)
class MatchSpec:
    game: str                   # a registered game's key (game.match.games)
    seats: tuple[SeatSpec, ...]
    mode: str = "rush"          # Sold Out!: a key of rules/soldout/modes.py or "choose"; Check Out!: "standard"
    rounds: int = 1             # Sold Out! rounds; Check Out! is always 4 rounds + bonus
    seed: int = 0
    teams: bool = False
    level: str | None = None    # Sold Out!: a level by name (game.files.levels.find_level) or a .tmx path; None: by players
    options: dict[str, Any] = field(default_factory=dict)  # assists, a speedrun's setup (JSON-like)
    schedule: tuple[str, ...] = ()   # each round's mode as a replay recorded it; () = the game's rule (Game.schedule)

    @property
    def players(self) -> int:
        return len(self.seats)

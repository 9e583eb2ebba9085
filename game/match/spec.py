"""The match description the lobby hands to a game scene (and the command line builds)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping, Protocol

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
class SpeedrunTag:
    """Which board a speedrun's time is for: its category and seed variant (game/speedrun/categories.py)."""

    category: str
    variant: str
    date: str = ""        # a daily seed's day, YYYY-MM-DD
    seed_index: int = 0   # which of the category's set seeds
    speed: int = 100      # the game speed in percent (anything else is flagged)
    assist: bool = False  # the run was flagged: the assist was on

    def to_json(self) -> dict[str, Any]:
        """A replay header's "options" for a run: the tag, and the assist flag where the header has kept it."""
        return {"assist": self.assist, "speedrun": {"category": self.category, "variant": self.variant,
                                                    "date": self.date, "seed_index": self.seed_index,
                                                    "speed": self.speed}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SpeedrunTag | None:
        """From a replay header's "options", already validated against its schema; None: not a run."""
        run = data.get("speedrun")
        if run is None:
            return None
        return cls(str(run.get("category", "")), str(run.get("variant", "")), str(run.get("date", "")),
                   int(run.get("seed_index", 0)), int(run.get("speed", 100)), bool(data.get("assist", False)))


class GameOptions(Protocol):
    """A game's own options: each game's frozen dataclass (Sold Out!'s in game/rules/soldout/options.py,
    Check Out!'s in game/games/checkout.py), which its game object (game/match/games.py) turns to and
    from the lobby's rows, the command line and a replay's header. The one thing every game answers
    is whether the seats play in teams (the lobby's seat table shows each seat's team then)."""

    @property
    def teams(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class NoOptions:
    """The options of a game with nothing to choose but its seats."""

    teams: bool = False


@dataclass(frozen=True, slots=True)
class MatchSpec:
    game: str                   # a registered game's key (game.match.games)
    seats: tuple[SeatSpec, ...]
    options: GameOptions = NoOptions()   # the game's own (its Game object says which type)
    seed: int = 0
    speedrun: SpeedrunTag | None = None  # the match is a speedrun attempt
    schedule: tuple[str, ...] = ()   # each round's mode as a replay recorded it; () = the game's rule (Game.schedule)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def teams(self) -> bool:
        return self.options.teams

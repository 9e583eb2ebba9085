"""The match description the lobby hands to a game scene (and the command line builds)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

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


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """A match's options beyond its seats, mode and rounds, as a replay header's "options" keeps them."""

    assist: bool | None = None          # Sold Out!'s assist (RULINGS); None: not asked, and not in the header
    speedrun: SpeedrunTag | None = None  # the match is a speedrun attempt

    def to_json(self) -> dict[str, Any]:
        """The replay header's "options" (only what was set)."""
        out: dict[str, Any] = {} if self.assist is None else {"assist": self.assist}
        if self.speedrun is not None:
            run = self.speedrun
            out["speedrun"] = {"category": run.category, "variant": run.variant, "date": run.date,
                               "seed_index": run.seed_index, "speed": run.speed}
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchOptions:
        """From a replay header's "options", already validated against its schema."""
        run = data.get("speedrun")
        tag = None if run is None else SpeedrunTag(str(run.get("category", "")), str(run.get("variant", "")),
                                                    str(run.get("date", "")), int(run.get("seed_index", 0)),
                                                    int(run.get("speed", 100)))
        assist = data.get("assist")
        return cls(None if assist is None else bool(assist), tag)


@dataclass(frozen=True, slots=True)
class MatchSpec:
    game: str                   # a registered game's key (game.match.games)
    seats: tuple[SeatSpec, ...]
    mode: str = "rush"          # Sold Out!: a key of rules/soldout/modes.py or "choose"; Check Out!: "standard"
    rounds: int = 1             # Sold Out! rounds; Check Out! is always 4 rounds + bonus
    seed: int = 0
    teams: bool = False
    level: str | None = None    # Sold Out!: a level by name (game.files.levels.find_level) or a .tmx path; None: by players
    options: MatchOptions = MatchOptions()
    schedule: tuple[str, ...] = ()   # each round's mode as a replay recorded it; () = the game's rule (Game.schedule)

    @property
    def players(self) -> int:
        return len(self.seats)

"""The games registry: each game (Sold Out!, Check Out!) is one registered `Game` object.

A `Game` answers everything that differs between games below the scenes: its key and title,
its options (`spec()`: a MatchSpec with the game's own defaults, and the lobby rows it offers),
the mode of every round (`schedule()`), its command-line checks, its headless runner, its rules
revision (which replays it refuses), its tournament modes and its attract-loop demos. What
it shows in the window is registered apart, from the scenes (`game.scenes.registry.register`),
keyed by the same `key`. Nothing outside the two registries switches on a game's key.

The objects live above this module (game/games/, beside the runners and bots they hand out)
and register themselves at import; `get()` and `all_games()` import that package by its name
the first time they are asked (as game.scenes.registry loads devkit.shots), so a replay read or
a command line checked from anywhere finds both games.
"""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence

from game.match.spec import MatchSpec, SeatSpec

if TYPE_CHECKING:
    from pathlib import Path

    from game.driver.replay import Replay
    from game.match.tally import Tally
    from game.speedrun.courses import Course

GAMES_PACKAGE = "game.games"   # the built-in games, registered when imported


class Runner(Protocol):
    """A game's headless runner: a whole match with bots, or a replay played back, each as
    DESIGN.md's result dict."""

    def play_match(self, spec: MatchSpec, record: Path | str | None = None) -> dict[str, Any]: ...

    def play_replay(self, replay: Replay) -> dict[str, Any]: ...


class ScenarioRunner(Protocol):
    """A rulebook's conformance runner (docs/SCENARIOS.md): a case's failures, [] when it passes."""

    def run_case(self, case: dict[str, Any]) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Choices:
    """What a player asked for, from the lobby or the command line; each game keeps what it
    offers (`Game.spec`). None: the game's default."""

    mode: str | None = None
    rounds: int | None = None
    teams: bool = False
    level: str | None = None
    assist: bool | None = None   # None: not asked (the header then carries no "assist")


@dataclass(frozen=True, slots=True)
class Demo:
    """One match of the title's attract loop: this mode with this many bots."""

    mode: str
    players: int


class Game(ABC):
    """A game: one object per game, registered once with `register()`."""

    key: str                         # in MatchSpec.game, replay headers, --game, speedrun categories
    title: str                       # shown as is (a game's name is not translated)
    min_seats: int = 1
    rules_revision: int = 1          # in every replay header as "rules"
    # Why a replay of each older rules revision is refused (an N_ message per revision below ours).
    older_rules: Mapping[int, str] = {}
    # Older revisions whose one-seat replays play exactly as today (what changed needs two seats).
    solo_unchanged: frozenset[int] = frozenset()
    # The lobby rows this game offers besides the seats, teams and seed: "mode", "rounds", "level", "assist".
    lobby_rows: frozenset[str] = frozenset()
    fixed_rounds: int | None = None  # a game whose number of rounds is its rulebook's (the lobby says it)
    rounds_said = "{rounds}"         # how the lobby says fixed_rounds (an N_ message with {rounds})
    place = "-"                      # what the lobby's Level row says for a game without levels (an N_ message)
    ghosts = False                   # a speedrun's PB runs beside the runner as a ghost (a game with avatars)
    # The command-line flags the game has no use for, each with the rule that says why.
    unused_flags: Mapping[str, str] = {}

    @abstractmethod
    def modes(self) -> Sequence[str]:
        """Every value MatchSpec.mode may take for this game (a replay naming another is refused)."""

    def default_mode(self) -> str:
        return self.modes()[0]

    def mode_name(self, mode: str) -> str:
        """A mode as the lobby shows it (an N_ message or a mode's display name)."""
        return mode

    def round_modes(self) -> Sequence[str]:
        """The concrete modes a round may be played in (a bot tournament plays each in turn)."""
        return self.modes()

    @abstractmethod
    def spec(self, seats: tuple[SeatSpec, ...], seed: int, choices: Choices = Choices()) -> MatchSpec:
        """The match `seats` play with `choices`, as this game plays it (what it does not offer dropped)."""

    def schedule(self, spec: MatchSpec) -> list[str]:
        """The mode of each round of `spec`: the one rule, kept in a replay's header so a replay
        never depends on today's rotation (`spec.schedule` is a recorded one)."""
        return list(spec.schedule) if spec.schedule else [spec.mode] * spec.rounds

    def cli_refusal(self, bots: int, headless: bool) -> str | None:
        """Why the command line's seats cannot play this game (a one-line reason), or None."""
        return None

    @abstractmethod
    def runner(self) -> Runner:
        """The headless runner (game/driver)."""

    def demos(self) -> Sequence[Demo]:
        """The title's attract loop: the matches this game shows off, in turn."""
        return ()

    def scenarios(self) -> ScenarioRunner | None:
        """The rulebook's conformance runner (`--scenario FILE`); None: the game has no scenario files."""
        return None

    def course(self, spec: MatchSpec) -> Course[Any] | None:
        """What a speedrun of `spec` means in this game (game/speedrun/courses.py); None: no speedruns."""
        return None

    def tally(self, spec: MatchSpec) -> Tally[Any] | None:
        """What a match of `spec` counts for the player's records (game/match/tally.py): its facts
        tick by tick, its scores and places at the end; None: the game keeps no records."""
        return None


_games: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add (or replace) `game`; returns it, so a module can keep `SOLD_OUT = register(SoldOut())`."""
    _games[game.key] = game
    return game


def unregister(key: str) -> None:
    """Forget a game (a test's toy game, once the test is over)."""
    _games.pop(key, None)


_loaded: list[bool] = []


def _load() -> None:
    if not _loaded:
        _loaded.append(True)
        importlib.import_module(GAMES_PACKAGE)


def all_games() -> list[Game]:
    """Every game, in menu order (the order they registered)."""
    _load()
    return list(_games.values())


def keys() -> list[str]:
    return [game.key for game in all_games()]


def find(key: object) -> Game | None:
    """The game called `key`, or None (a replay or a file may name anything)."""
    _load()
    return _games.get(key) if isinstance(key, str) else None


def get(key: str) -> Game:
    """The game called `key`; an unknown key is a bug (KeyError)."""
    game = find(key)
    if game is None:
        raise KeyError(f"no game registered as {key!r}")
    return game


def title(key: str) -> str:
    """A game's title, or the key itself for one no game has (a damaged result file)."""
    game = find(key)
    return game.title if game is not None else key

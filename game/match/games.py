"""The games registry: each game (Sold Out!, Check Out!) is one registered `Game` object.

A `Game` answers everything that differs between games below the scenes: its key and title,
its options (one frozen dataclass of its own, a `GameOptions`, which it turns to and from the
lobby's rows, the command line, data files and a replay's header), the mode of every round
(`schedule()`), its command-line checks, its headless runner, its rules revision (which replays it
refuses), its tournament modes, its attract-loop demos and its warm-up rehearsals. What
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

from game.match.spec import GameOptions, MatchSpec, NoOptions, SeatSpec, SpeedrunTag

if TYPE_CHECKING:
    from pathlib import Path

    from game.driver.replay import Replay
    from game.match.tally import Tally
    from game.speedrun.courses import Course

GAMES_PACKAGE = "game.games"   # the built-in games, registered when imported
LIKELY_SEATS = (4, 2, 6, 3, 5)   # the likeliest tables first (solo play fills seats with bots): the warm-up's order


class Runner(Protocol):
    """A game's headless runner: a whole match with bots, or a replay played back, each as
    DESIGN.md's result dict."""

    def play_match(self, spec: MatchSpec, record: Path | str | None = None) -> dict[str, Any]: ...

    def play_replay(self, replay: Replay) -> dict[str, Any]: ...


class ScenarioRunner(Protocol):
    """A rulebook's conformance runner (docs/SCENARIOS.md): a case's failures, [] when it passes."""

    def run_case(self, case: dict[str, Any]) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class Demo:
    """One match of the title's attract loop: this mode with this many bots."""

    mode: str
    players: int


@dataclass(frozen=True, slots=True)
class Rehearsal:
    """One match the warm-up rehearses while the menus sit idle (game/scenes/warmup.py): this mode
    with this many seats (two of them people). `first`: rehearsed ahead of every game's later ones
    (the lobby's defaults: what a player most likely starts next)."""

    mode: str
    players: int
    first: bool = True


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
    # The lobby rows this game offers besides the seats, teams and seed: "mode", "rounds", "level", "assist"
    # (each one of the option words below).
    lobby_rows: frozenset[str] = frozenset()
    fixed_rounds: int | None = None  # a game whose number of rounds is its rulebook's (the lobby says it)
    rounds_said = "{rounds}"         # how the lobby says fixed_rounds (an N_ message with {rounds})
    place = "-"                      # what the lobby's Level row says for a game without levels (an N_ message)
    ghosts = False                   # a speedrun's PB runs beside the runner as a ghost (a game with avatars)
    # The command-line flags the game has no use for, each with the rule that says why.
    unused_flags: Mapping[str, str] = {}

    @abstractmethod
    def modes(self) -> Sequence[str]:
        """Every mode a match of this game may ask for (a replay naming another is refused)."""

    def default_mode(self) -> str:
        return self.modes()[0]

    def mode_name(self, mode: str) -> str:
        """A mode as the lobby shows it (an N_ message or a mode's display name)."""
        return mode

    def round_modes(self) -> Sequence[str]:
        """The concrete modes a round may be played in (a bot tournament plays each in turn)."""
        return self.modes()

    # ----- its options: one frozen dataclass per game (a GameOptions), owned here
    # The words options are named by on the command line (--mode, --rounds, --teams, --level), in the
    # lobby's rows and in data files (career challenges, speedrun categories): "mode", "rounds",
    # "teams", "level", "assist". `options_from` and `fields` turn a game's options from and to them.
    def options_from(self, fields: Mapping[str, object]) -> GameOptions:
        """The options `fields` name, the game's defaults for the rest; a word the game has no use
        for is dropped (a game with nothing to choose keeps only the lobby's teams)."""
        return NoOptions(teams=bool(fields.get("teams", False)))

    def fields(self, options: GameOptions) -> dict[str, Any]:
        """`options` by the words above (what `options_from` takes back): the lobby's rows read them."""
        return {"mode": self.default_mode(), "rounds": self.fixed_rounds or 1, "teams": options.teams}

    def default_options(self) -> GameOptions:
        """What a match asks for when nothing is named (the command line's defaults)."""
        return self.options_from({})

    def lobby_options(self) -> GameOptions:
        """What the lobby offers first, before anyone has chosen."""
        return self.default_options()

    def mode_of(self, options: GameOptions) -> str:
        """The mode `options` ask for (a replay header's "mode", the results JSON's)."""
        return str(self.fields(options).get("mode", self.default_mode()))

    def header(self, options: GameOptions) -> dict[str, Any]:
        """`options` as a replay header keeps them (DESIGN.md; game/driver/replay.py adds the rest):
        "mode", "rounds", "teams", "level" (a name or path, None: by players; the replay writes its
        file name and hash) and "options" (the assist, where the game has one: None leaves it out)."""
        said = self.fields(options)
        assist = said.get("assist")
        return {"mode": self.mode_of(options), "rounds": int(said.get("rounds") or self.fixed_rounds or 1),
                "teams": options.teams, "level": said.get("level"),
                "options": {} if assist is None else {"assist": bool(assist)}}

    def from_header(self, header: Mapping[str, Any], level: str | None) -> GameOptions:
        """The options of a replay's `header` (already checked against its schema); `level`: where
        the replay's level was found, else the header's name (None: by the number of players)."""
        return self.options_from({**header["options"], "mode": header["mode"], "rounds": header["rounds"],
                                  "teams": header["teams"], "level": level})

    def spec(self, seats: tuple[SeatSpec, ...], seed: int, options: GameOptions | None = None,
             speedrun: SpeedrunTag | None = None) -> MatchSpec:
        """The match `seats` play with `options` (None: the game's defaults)."""
        return MatchSpec(self.key, seats, self.default_options() if options is None else options, seed, speedrun)

    def schedule(self, spec: MatchSpec) -> list[str]:
        """The mode of each round of `spec`: the one rule, kept in a replay's header so a replay
        never depends on today's rotation (`spec.schedule` is a recorded one)."""
        if spec.schedule:
            return list(spec.schedule)
        head = self.header(spec.options)
        return [head["mode"]] * head["rounds"]

    def cli_modes(self) -> Sequence[str]:
        """What --mode may name for this game (a game without a choice lists "mode" in unused_flags)."""
        return self.round_modes()

    def rehearsals(self) -> Sequence[Rehearsal]:
        """The matches the warm-up rehearses (game/scenes/warmup.py), likeliest first: by default
        the lobby's first mode at every table it may be played at."""
        mode = self.mode_of(self.lobby_options())
        return [Rehearsal(mode, players) for players in LIKELY_SEATS if players >= self.min_seats]

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

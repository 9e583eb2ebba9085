"""Headless matches (`--headless`): bots play a whole match without a window.

Each game's object (game.match.games) hands out its runner module in game/driver, with
`play_match(spec, record=None) -> dict` and `play_replay(replay) -> dict`.
Replays go through `load_replay_file` / `play_replay`; a speedrun's replay is
verified by the speedrun verifier instead.
"""
from __future__ import annotations

import json
import random
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, Mapping, TextIO

from game.match.seats import identities
from game.files.level_error import LevelError   # not the level reader: a Check Out! match reads no level
from game.match import games
from game.match.spec import MatchSpec, SeatSpec
from game.files.untrusted import UntrustedError, echo, read_text

if TYPE_CHECKING:
    from game.driver.replay import Replay


class HeadlessError(Exception):
    """A one-line reason the headless run cannot happen (exit code in .code)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def build_spec(game: str, bots: int, difficulty: str = "normal", mode: str | None = None,
               rounds: int | None = None, seed: int | None = None, teams: bool = False,
               level: str | None = None) -> MatchSpec:
    """A MatchSpec of `game` with `bots` bot seats (teams alternate 0, 1 when on)."""
    return spec_from_words(game, bots, difficulty, seed, {"mode": mode, "rounds": rounds, "teams": teams, "level": level})


def spec_from_words(game: str, bots: int, difficulty: str, seed: int | None, words: Mapping[str, object]) -> MatchSpec:
    """A MatchSpec of `game` with `bots` bot seats and the options `words` name (Game.options_from:
    the command line's flags); the seats in two teams, alternating, when "teams" is on."""
    teams = bool(words.get("teams"))
    names = identities()
    seats = tuple(SeatSpec(seat=i, name=names[i].name, kind="bot", difficulty=difficulty,
                           team=(i % 2) if teams else None) for i in range(bots))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    played = games.get(game)
    return played.spec(seats, seed, played.options_from(words))


def play(spec: MatchSpec, record: Path | None = None) -> dict[str, Any]:
    """Run one headless match; returns DESIGN.md's result dict."""
    module = games.get(spec.game).runner()
    with _level_errors():
        try:
            return module.play_match(spec) if record is None else module.play_match(spec, record=record)
        except OSError as exc:   # the replay could not be written (a read-only or full folder)
            if record is None:
                raise
            raise HeadlessError(f"--record {echo(record)}: cannot write the replay "
                                f"({exc.strerror or type(exc).__name__})", 2) from None


@contextmanager
def _level_errors() -> Iterator[None]:
    """A level that cannot be played (the mall loads it): one line naming the file, exit 2."""
    try:
        yield
    except LevelError as exc:
        raise HeadlessError(str(exc), 2) from None


def load_replay_file(path: str, level: str | None = None) -> Replay:
    """Read and validate a replay file and find the level it names (replay.locate_level: `level`
    is --level FILE); raises HeadlessError(code 2) with the reader's message."""
    # The replay reader (its schema, the user-file register it shares the size cap with) only
    # when a replay is read: a match played afresh never loads it (issue #46).
    from game.driver.replay import CODE_PREFIX, MAX_REPLAY_BYTES, ReplayError, from_code, locate_level, read_replay
    try:
        text = read_text(path, MAX_REPLAY_BYTES, "replay", empty_ok=False)
    except UntrustedError as exc:
        raise HeadlessError(f"cannot read replay {exc}", 2) from None
    try:
        if text.lstrip().startswith(CODE_PREFIX):   # a speedrun's run code saved as a file
            text = from_code(text)
        replay = read_replay(text)
        locate_level(replay, level, Path(path).parent)
        return replay
    except ReplayError as exc:
        raise HeadlessError(f"{echo(path)}: {exc}", 2) from None


def play_replay(replay: Replay) -> dict[str, Any]:
    """Play a replay back headless: the game's runner module provides play_replay(replay) -> dict."""
    options = replay.header.get("options")
    if isinstance(options, dict) and isinstance(options.get("speedrun"), dict):
        # A speedrun: re-simulated by the speedrun verifier, which prints the verified time. Loaded
        # here: it holds both games' sims and courses, which a plain headless match never needs.
        from game.speedrun.verify import VerifyError, verify_replay
        try:
            return verify_replay(replay)
        except VerifyError as exc:
            raise HeadlessError(f"not a valid speedrun: {exc}", 2) from None
    game = games.find(replay.header.get("game"))
    if game is None:
        raise HeadlessError(f"replay is for an unknown game {replay.header.get('game')!r}", 2)
    with _level_errors():
        return game.runner().play_replay(replay)


def summary(result: dict[str, Any]) -> str:
    """A readable few lines for a person (without --json)."""
    game = str(result.get("game"))
    lines = [f"{games.title(game)}"
             f" · mode {result.get('mode')} · seed {result.get('seed')} · {result.get('ticks')} ticks"]
    winners = set(result.get("winners", []))
    for player in result.get("players", []):
        mark = "  WINNER" if player.get("seat") in winners else ""
        extra = ""
        if "stars" in player:
            extra = f"  stars {player.get('stars')}  tokens {player.get('tokens')}  sets {player.get('sets')}"
        lines.append(f"  seat {player.get('seat')}: score {player.get('score')}{extra}{mark}")
    run = result.get("speedrun")
    if isinstance(run, dict):
        verdict = f"verified {run.get('igt')} ({run.get('igt_ticks')} ticks)" if run.get("complete") \
            else f"no time: {run.get('reason')}"
        flags = f"  flagged: {', '.join(run['flags'])}" if run.get("flags") else ""
        lines.append(f"  speedrun {run.get('category_name')} · {run.get('seed_label')}: {verdict}{flags}")
    lines.append(f"state hash {result.get('state_hash')}")
    return "\n".join(lines)


def emit(result: dict[str, Any], as_json: bool, out: TextIO) -> None:
    if as_json:
        print(json.dumps(result, separators=(",", ":")), file=out)
    else:
        print(summary(result), file=out)

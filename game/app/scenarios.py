"""Conformance scenario runner: `python main.py --scenario FILE...`.

A scenario file is TOML (see docs/SCENARIOS.md): a top-level `game` key
("soldout" or "checkout") and a list of `[[case]]` tables. Each game's object
hands out its rulebook's runner (`Game.scenarios()`, a `scenario` module with
`run_case(case: dict) -> list[str]`) that returns the failures of one case
(empty when it passes).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from game import report_error
from game.files import schema
from game.files.untrusted import UntrustedError, echo, parse_toml, read_text
from game.match import games
MAX_FILE_BYTES = 4 << 20     # the shipped files are a few KB each
MAX_CASES = 10_000
MAX_STEPS = 10_000
# The shape every case shares; what a step or an expectation means is checked by the game's runner
# (a wrong one is a failure of that case). Sizes are bounded so no case can make the rules build
# a billion players or loop for hours.
CASE_SCHEMA = schema.table({
    "name": schema.text(200), "mode": schema.text(16), "players": schema.integer(1, 6),
    "seed": schema.integer(0, (1 << 64) - 1), "assist": schema.boolean(),
    "step": schema.array(schema.table({}), MAX_STEPS), "expect": schema.table({}),
    "setup": schema.table({}),
})
FILE_SCHEMA = schema.table({
    "game": schema.text(16),   # a game with a scenario runner: checked first (runner_for)
    "case": schema.array(CASE_SCHEMA, MAX_CASES, min_len=1),
}, required=("game", "case"))


class ScenarioFileError(Exception):
    """A scenario file that cannot be read or has no valid shape."""


def load_file(path: Path) -> tuple[str, list[dict[str, Any]]]:
    """Read (through the untrusted reader) and check a scenario file's shape; ScenarioFileError if bad."""
    try:
        data = parse_toml(read_text(path, MAX_FILE_BYTES, "scenario file", empty_ok=False), str(path))
    except UntrustedError as exc:
        raise ScenarioFileError(str(exc)) from None
    game = data.get("game")
    if not isinstance(game, str) or runner_for(game) is None:
        known = [g.key for g in games.all_games() if g.scenarios() is not None]
        raise ScenarioFileError(f"{echo(path)}: 'game' must be one of {', '.join(known)}, not {echo(repr(game), 40)}")
    cases = data.get("case")
    if not isinstance(cases, list) or not cases:
        raise ScenarioFileError(f"{echo(path)}: no [[case]] tables")
    try:
        schema.validate(data, FILE_SCHEMA)
    except schema.SchemaError as exc:
        raise ScenarioFileError(f"{echo(path)}: {exc}") from None
    return game, cases


def runner_for(key: str) -> games.ScenarioRunner | None:
    """The conformance runner of the game called `key` (None: no such game, or it has none)."""
    game = games.find(key)
    return None if game is None else game.scenarios()


def run_case(game: str, case: dict[str, Any]) -> list[str]:
    runner = games.get(game).scenarios()   # the game's own runner (load_file checked it has one)
    if runner is None:
        raise ScenarioFileError(f"{games.title(game)} has no scenario runner")
    try:
        failures: list[str] = runner.run_case(case)
        return failures
    except Exception as exc:  # a malformed case is a failure of that case, not a crash
        return [f"case could not run: {type(exc).__name__}: {exc}"]


def run_files(paths: list[str], out: TextIO = sys.stdout) -> int:
    """Run every case of every file. Returns 0 if all pass, 1 if any fail, 2 on a bad file.
    The report goes to `out`; a file that cannot be read is an error, on stderr."""
    failed: list[str] = []
    total = 0
    bad_file = False
    for name in paths:
        path = Path(name)
        try:
            game, cases = load_file(path)
        except ScenarioFileError as exc:
            report_error(exc)
            bad_file = True
            continue
        for index, case in enumerate(cases):
            label = echo(f"{path.name}::{case.get('name', f'case {index + 1}')}", 200)
            total += 1
            problems = run_case(game, case)
            if problems:
                failed.append(label)
                print(f"FAIL {label}", file=out)
                for problem in problems:
                    print(f"     {problem}", file=out)
            else:
                print(f"ok   {label}", file=out)
    print(f"{total - len(failed)} passed, {len(failed)} failed", file=out)
    if failed:
        print("failing cases: " + ", ".join(failed), file=out)
    if bad_file:
        return 2
    return 1 if failed else 0

"""One-step LiveSplit set-up: the .lss of a board, with the segment names the link splits on.

`board_lss(setup, records, log)` builds it from the board's course (so the
segments are exactly the splits the game will send), its PB and best segments
(records) and its attempt history (game.speedrun.attempts). The speedrun menu,
the results screen and `--export-lss CATEGORY` all write it through here.
"""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

from game.speedrun.attempts import AttemptLog
from game.speedrun.categories import (
    SEED_LETTERS, VARIANTS, Category, CategoryError, RunSetup, load_categories, make_setup,
)
from game.speedrun.livesplit import export, to_lss
from game.speedrun.records import Records
from game.speedrun.session import RunSession
from game.files.userfiles import atomic_write_text
from game.match import games


def split_names(setup: RunSetup) -> list[str]:
    """The names of the splits a run on this setup makes (the deal decides how many)."""
    return RunSession(setup).course.split_names()


def board_lss(setup: RunSetup, records: Records, log: AttemptLog | None = None) -> str:
    board = records.board(setup.board)
    pb = board.get("pb") or {}
    names = list(pb.get("names") or []) or split_names(setup)
    best = list(board.get("best_segments", []))
    attempts = log.every_attempt()[0] if log is not None else []   # none yet: the records' last runs stand in
    title = f"{setup.category.name} ({setup.seed_label})"
    history = [r for r in board.get("last", []) if r.get("ticks") is not None]
    return to_lss(games.title(setup.category.game), title, names, list(pb.get("splits", [])), best,
                  int(board.get("attempts", 0)), history, attempt_log=attempts or None,
                  pb_real=pb.get("real_splits"))


def write_board_lss(setup: RunSetup, records: Records, log: AttemptLog | None = None,
                    out: Path | None = None) -> Path:
    """Write the board's .lss (atomically) to `out` or the user folder's splits/; returns the path."""
    text = board_lss(setup, records, log)
    if out is None:
        return export(setup.board, text)
    atomic_write_text(out, text)
    return out


def setup_for_board(text: str, categories: dict[str, Category] | None = None,
                    today: _dt.date | None = None) -> RunSetup:
    """'rush' (set seed A), 'rush.set.C', 'rush.daily' (today) or 'rush.daily.2026-11-30'
    -> the RunSetup; CategoryError (one line) for anything else."""
    cats = categories if categories is not None else load_categories()
    parts = text.strip().split(".", 2)
    cat = cats.get(parts[0])
    if cat is None:
        raise CategoryError(f"unknown speedrun category {parts[0]!r}; categories: {', '.join(cats)}")
    variant = parts[1] if len(parts) > 1 else "set"
    if variant == "set":
        letter = parts[2] if len(parts) > 2 else "A"
        index = SEED_LETTERS.find(letter.upper()) if len(letter) == 1 else -1
        if not 0 <= index < len(cat.set_seeds):
            raise CategoryError(f"{cat.name} has set seeds {SEED_LETTERS[0]}-{SEED_LETTERS[len(cat.set_seeds) - 1]},"
                                f" not {letter!r}")
        return make_setup(cat, "set", seed_index=index)
    if variant == "daily":
        day = today
        if len(parts) > 2:
            try:
                day = _dt.date.fromisoformat(parts[2])
            except ValueError:
                raise CategoryError(f"{parts[2]!r} is not a date (YYYY-MM-DD)") from None
        return make_setup(cat, "daily", today=day)
    if variant == "random":
        raise CategoryError("random-seed runs differ in their splits: export a set seed or a daily board")
    raise CategoryError(f"unknown variant {variant!r}; use one of {', '.join(VARIANTS)}")


def export_cli(board: str, out: str | None) -> tuple[int, str]:
    """`--export-lss BOARD [--out FILE]`: (exit code, the one line to print)."""
    try:
        setup = setup_for_board(board)
    except CategoryError as exc:
        return 2, f"--export-lss: {exc}"
    if out is not None and not Path(out).resolve().parent.is_dir():
        return 2, f"--out {out}: that folder does not exist"
    records, _ = Records.load()
    log, _ = AttemptLog.load(setup.board)
    try:
        path = write_board_lss(setup, records, log, Path(out) if out else None)
    except OSError as exc:
        return 2, f"cannot write the splits: {exc.strerror or exc}"
    return 0, f"saved {path} ({setup.category.name}, {setup.seed_label})"

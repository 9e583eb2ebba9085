"""The player's data folder: atomic writes and corruption-tolerant JSON.

Every user file (settings, bindings, personal bests, replays) goes through
here so that a crash mid-write never leaves a half file, and a file that
cannot be read is set aside (never deleted) and replaced by defaults.
Warnings are returned, never stored globally: the app decides how to show them.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import platformdirs

APP_NAME = "SoldOutCheckOut"
ENV_USER_DIR = "SOLDOUT_USER_DIR"


def user_dir() -> Path:
    """The folder holding the player's files, created on demand.

    The env var SOLDOUT_USER_DIR overrides the platform folder (tests, portable installs).
    """
    override = os.environ.get(ENV_USER_DIR)
    folder = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so that readers see either the old or the new file, never half.

    The temp file lives in the same folder because os.replace is only atomic
    within one file system.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        # The target is untouched; only our own temp file needs removing.
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise


def _aside_path(path: Path) -> Path:
    """The first free `name.corrupt-N` beside `path` (never reuses an earlier one)."""
    n = 1
    while True:
        candidate = path.with_name(f"{path.name}.corrupt-{n}")
        if not candidate.exists():
            return candidate
        n += 1


def load_json(name: str, default: object) -> tuple[object, str | None]:
    """Read user_dir()/name as JSON.

    Missing file: (default, None). Unreadable or corrupt: the file is moved to
    `name.corrupt-N` and (default, one-line warning) is returned.
    """
    path = user_dir() / name
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return default, None
    except (OSError, UnicodeDecodeError) as exc:
        return default, _set_aside(path, f"could not be read ({exc.__class__.__name__})")
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return default, _set_aside(path, f"is corrupt (line {exc.lineno})")
    except RecursionError:  # thousands of nested brackets: not a file this game wrote
        return default, _set_aside(path, "is corrupt (nested too deeply)")


def _set_aside(path: Path, problem: str) -> str:
    aside = _aside_path(path)
    try:
        os.replace(path, aside)
    except OSError as exc:
        return f"{path.name} {problem} and could not be moved aside ({exc.strerror}); using defaults"
    return f"{path.name} {problem}; moved to {aside.name}, using defaults"


def save_json(name: str, data: object) -> None:
    """Write `data` as JSON to user_dir()/name, atomically."""
    atomic_write_text(user_dir() / name, json.dumps(data, indent=2, sort_keys=True) + "\n")

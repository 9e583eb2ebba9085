"""The player's data folder: atomic writes and corruption-tolerant JSON.

Every user file (settings, bindings, personal bests, replays) goes through
here so that a crash mid-write never leaves a half file, and a file that
cannot be read is set aside (never deleted) and replaced by defaults.
Warnings are returned, never stored globally: the app decides how to show them.

Files are read through game.untrusted (size cap, strict JSON numbers) and
checked against a schema (game.schema) before use. A file written by a newer
version of the game is left untouched and never overwritten: the game runs on
defaults and says so. A folder that cannot be written does not stop the game:
saving returns a one-line warning instead of raising.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.notice import N_, Notice, join
from game.schema import Check, SchemaError
from game.untrusted import UntrustedError, decode_text, echo, parse_json, read_bytes

APP_NAME = "SoldOutCheckOut"
ENV_USER_DIR = "SOLDOUT_USER_DIR"
USER_FILE_LIMIT = 4 << 20       # settings, bindings: a few KB when the game writes them
STALE_TEMP_SECONDS = 60         # a temp file older than this belongs to a save that was killed
SAVE_FAILED = N_("Your settings cannot be saved ({error}): changes last this session")
_TEMP_NAME = re.compile(r"\..+\.[A-Za-z0-9_]{8}\.tmp")  # what atomic_write_text's mkstemp makes


def user_dir() -> Path:
    """The folder holding the player's files, created on demand.

    The env var SOLDOUT_USER_DIR overrides the platform folder (tests, portable installs).
    """
    override = os.environ.get(ENV_USER_DIR)
    folder = Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass   # a read-only disk: reading finds nothing, saving says it cannot; the game still plays
    return folder


def _file_mode() -> int:
    """What a new file's mode would be under the user's umask (mkstemp itself always makes 0600)."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def made_folder(folder: Path) -> Path:
    """`folder`, created if missing. On a read-only data folder it stays missing: saving into it
    then says so, and reading finds nothing."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
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
        if hasattr(os, "fchmod"):
            os.fchmod(fd, _file_mode())
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


def load_json(name: str, default: object, limit: int = USER_FILE_LIMIT) -> tuple[object, str | None]:
    """Read user_dir()/name as JSON.

    Missing file: (default, None). Unreadable or corrupt (too big, not a regular
    file, not UTF-8, not JSON): the file is moved to `name.corrupt-N` and
    (default, one-line warning) is returned.
    """
    path = user_dir() / name
    try:
        data = read_bytes(path, limit, "saved file")
    except UntrustedError as exc:
        if not os.path.lexists(path):
            return default, None
        return default, _set_aside(path, _problem(exc, path))
    try:
        return parse_json(decode_text(data, name), name), None
    except UntrustedError as exc:
        return default, _set_aside(path, _problem(exc, path))


def _problem(exc: Exception, path: Path) -> Notice:
    """What went wrong reading `path`, as a sentence for the player (the reader's message is English
    for the command line: only its kind and its one number are kept)."""
    # The reader's message starts with the path, shortened when it is long: find the problem itself.
    found = re.search(r"(?:^|: )((?:is |not |too big|cannot read).*)$", str(exc))
    message = found.group(1) if found else str(exc)
    file = path.name
    line = re.fullmatch(r"not valid JSON \(line (\d+)\)", message)
    if line:
        return Notice(N_("{file} is corrupt (line {line})"), file=file, line=int(line.group(1)))
    if message == "not UTF-8 text":
        return Notice(N_("{file} is corrupt (not UTF-8 text)"), file=file)
    if message.startswith("not "):
        return Notice(N_("{file} is corrupt"), file=file)
    if message.startswith("is a folder"):
        return Notice(N_("{file} is a folder, not a file"), file=file)
    if message.startswith("is not a regular file"):
        return Notice(N_("{file} is not a regular file"), file=file)
    limit = re.search(r"the limit is ([^)]+)\)", message)
    if message.startswith("too big") and limit:
        return Notice(N_("{file} is too big (the limit is {limit})"), file=file, limit=limit.group(1))
    error = re.fullmatch(r"cannot read \((.+)\)", message)
    if error:
        return Notice(N_("{file} could not be read ({error})"), file=file, error=error.group(1))
    return Notice(N_("{file} could not be read"), file=file)


@dataclass
class Loaded:
    """A user file after loading: the data to use, the warning to show, and what saving may do."""

    data: object
    warning: str | None = None
    newer: bool = False          # written by a newer game: never overwrite it
    raw: dict | None = None      # the file as read (unknown keys are written back on save)


def load_checked(name: str, default: object, schema: Check, version: int,
                 limit: int = USER_FILE_LIMIT) -> Loaded:
    """load_json, then: a newer `version` is left alone (defaults, a warning); a file that fails
    `schema` is moved aside (defaults, a warning). The data returned has passed the schema."""
    missing = object()
    data, warning = load_json(name, missing, limit)
    if data is missing:
        return Loaded(default, warning)
    found = data.get("version") if isinstance(data, dict) else None
    if isinstance(found, int) and not isinstance(found, bool) and found > version:
        return Loaded(default, Notice(N_("{file} was made by a newer version of the game; using defaults "
                                         "(the file is left as it is)"), file=name), newer=True)
    try:
        schema(data, "")
    except SchemaError as exc:
        # The toast says where, briefly: a player needs to know the file was kept, not the schema.
        where = Notice(N_("{file} is not valid (at {where})"), file=name, where=echo(exc.where, 40)) \
            if exc.where else Notice(N_("{file} is not valid"), file=name)
        return Loaded(default, _set_aside(user_dir() / name, where))
    return Loaded(data, None, raw=data if isinstance(data, dict) else None)


def set_aside(name: str, problem: Notice) -> str:
    """Move user_dir()/name to name.corrupt-N (kept, never deleted); returns the one-line warning.
    `problem` is the sentence saying what is wrong, with the file's name in it."""
    return _set_aside(user_dir() / name, problem)


def merged(raw: dict | None, data: dict) -> dict:
    """`data` written over the file as it was read: keys this version does not know survive a save."""
    if not raw:
        return dict(data)
    out = dict(raw)
    for key, value in data.items():
        old = out.get(key)
        out[key] = merged(old, value) if isinstance(old, dict) and isinstance(value, dict) else value
    return out


def _set_aside(path: Path, problem: Notice) -> str:
    aside = _aside_path(path)
    try:
        os.replace(path, aside)
    except OSError as exc:
        # TRANSLATORS: after "settings.json is corrupt; " (the file could not be renamed)
        kept = Notice(N_("could not be moved aside ({error}); using defaults"), error=exc.strerror or exc)
        return join(problem, kept) or problem
    # TRANSLATORS: after "settings.json is corrupt; " ({aside} is the new name of the damaged file)
    return join(problem, Notice(N_("moved to {aside}, using defaults"), aside=aside.name)) or problem


def save_json(name: str, data: object) -> None:
    """Write `data` as JSON to user_dir()/name, atomically (OSError if the folder cannot take it)."""
    atomic_write_text(user_dir() / name, json.dumps(data, indent=2, sort_keys=True) + "\n")


def try_save_json(name: str, data: object) -> str | None:
    """save_json that never raises: None when saved, else one line saying it could not be."""
    try:
        save_json(name, data)
    except OSError as exc:
        return Notice(SAVE_FAILED, error=exc.strerror or type(exc).__name__)
    return None


def remove_stale_temps(max_age: float = STALE_TEMP_SECONDS) -> int:
    """Delete temp files left by saves that were killed mid-write (in the user folder and its
    sub-folders). Recent ones are kept: another running copy of the game may be saving right now."""
    removed = 0
    now = time.time()
    root = user_dir()
    try:
        folders = [root] + [p for p in root.iterdir() if p.is_dir() and not p.is_symlink()]
        folders += [q for p in folders[1:] for q in p.iterdir() if q.is_dir() and not q.is_symlink()]
    except OSError:
        return 0
    for folder in folders:
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for path in entries:
            try:
                if (_TEMP_NAME.fullmatch(path.name) and path.is_file() and not path.is_symlink()
                        and now - path.stat().st_mtime > max_age):
                    path.unlink()
                    removed += 1
            except OSError:
                continue
    return removed

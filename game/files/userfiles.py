"""The player's data folder: how a user file is read and written.

Every file the game keeps there is declared once in game/files/register.py as a
`UserFile`: where it lives, the bare names it may have, its size cap, its schema
and what happens when it is damaged. Game code reads and writes user files only
through an entry (`SETTINGS.load(...)`, `HISTORIES.write_text(text, name)`), so each
read goes through the one untrusted-file door (game.files.untrusted: size cap, no FIFOs
or devices, strict JSON numbers) and its schema (game.files.schema) before use, and a
crash mid-write never leaves a half file (temp file + rename).

A file that cannot be read is set aside (never deleted) and replaced by defaults.
A file written by a newer version of the game is left untouched and never
overwritten: the game runs on defaults and says so. A folder that cannot be
written does not stop the game: saving returns a one-line warning instead of
raising. Warnings are returned, never stored globally: the app decides how to
show them.

Names, not paths: a file name stored inside a user file is a bare name, checked
against its entry's pattern and resolved inside the entry's own folder (symlinks
followed, and refused if they lead out). The game deletes only files whose names
follow its own naming and that are regular files in that folder.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Callable

from game.text.notice import N_, Notice, join, message_of
from game.files.schema import Check, SchemaError
from game.files.untrusted import UntrustedError, decode_text, echo, parse_json, read_bytes

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
    if override:
        folder = Path(override)
    else:
        import platformdirs   # loaded only when the platform's folders are asked for (never under the tests or the bench)
        folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass   # a read-only disk: reading finds nothing, saving says it cannot; the game still plays
    return folder


LOGS = "logs"   # a register entry in this folder lives in the platform's log folder (log_dir)


def log_dir() -> Path:
    """The game's logs: the platform's log folder (~/.local/state/SoldOutCheckOut/log on Linux,
    ...\\SoldOutCheckOut\\Logs on Windows, ~/Library/Logs/SoldOutCheckOut on macOS). Where
    SOLDOUT_USER_DIR names the user folder (tests, portable installs), its `logs/` folder instead."""
    if os.environ.get(ENV_USER_DIR):
        return user_dir() / LOGS
    import platformdirs
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


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
    """Write `text` to `path` so that readers see either the old or the new file, never half."""
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see either the old or the new file, never half.

    The temp file lives in the same folder because os.replace is only atomic
    within one file system.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, _file_mode())
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
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
    """Read user_dir()/name as JSON (the register's entries read through `UserFile.load`).

    Missing file: (default, None). Unreadable or corrupt (too big, not a regular
    file, not UTF-8, not JSON): the file is moved to `name.corrupt-N` and
    (default, one-line warning) is returned.
    """
    path = user_dir() / name
    return _load_json_at(path, name, default, lambda: read_bytes(path, limit, "saved file"))


def _load_json_at(path: Path, shown: str, default: object,
                  read: Callable[[], bytes]) -> tuple[object, str | None]:
    try:
        data = read()
    except UntrustedError as exc:
        if not os.path.lexists(path):
            return default, None
        return default, _set_aside(path, _problem(exc, shown))
    try:
        return parse_json(decode_text(data, shown), shown), None
    except UntrustedError as exc:
        return default, _set_aside(path, _problem(exc, shown))


def _problem(exc: Exception, file: str) -> Notice:
    """What went wrong reading `path`, as a sentence for the player (the reader's message is English
    for the command line: only its kind and its one number are kept)."""
    # The reader's message starts with the path, shortened when it is long: find the problem itself.
    found = re.search(r"(?:^|: )((?:is |not |too big|cannot read|no such file).*)$", str(exc))
    message = found.group(1) if found else str(exc)
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
    if message == "no such file":
        return Notice(N_("{file} is missing"), file=file)
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
    raw: dict[str, Any] | None = None      # the file as read (unknown keys are written back on save)


def merged(raw: dict[str, Any] | None, data: dict[str, Any]) -> dict[str, Any]:
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


MAX_TEMP_DEPTH = 8            # folders deep: the game's own go three (replays/speedrun/attempts)
MAX_TEMP_FOLDERS = 1000       # folders looked into at start, whatever the player made there
NEVER_WRITTEN = ("levels",)   # the player's own folders: the game never writes there, nor cleans


def remove_stale_temps(max_age: float = STALE_TEMP_SECONDS) -> int:
    """Delete temp files left by saves that were killed mid-write, at any depth of the user folder
    (links never followed; the player's levels left alone). Recent ones are kept: another running
    copy of the game may be saving right now."""
    removed = 0
    now = time.time()
    root = user_dir()
    seen = 0
    for folder, subfolders, files in os.walk(root, followlinks=False, onerror=lambda _exc: None):
        seen += 1
        depth = len(Path(folder).relative_to(root).parts)
        if depth == 0:
            subfolders[:] = [name for name in subfolders if name not in NEVER_WRITTEN]
        if depth >= MAX_TEMP_DEPTH or seen >= MAX_TEMP_FOLDERS:
            subfolders[:] = []
        for name in files:
            removed += _remove_if_stale(Path(folder) / name, now - max_age)
    return removed


def _remove_if_stale(path: Path, before: float) -> int:
    """1 if `path` is a temp file of ours (by name, a regular file, not a link) older than `before`
    and was removed, else 0."""
    try:
        info = os.lstat(path)
        if _TEMP_NAME.fullmatch(path.name) and stat.S_ISREG(info.st_mode) and info.st_mtime < before:
            os.unlink(path)
            return 1
    except OSError:
        pass
    return 0


class LinkedFolder(OSError):
    """A folder of the user folder's that is a symbolic link: never written, renamed or deleted in
    (an OSError, so every save's own handling says it cannot save)."""

    def __init__(self, folder: str) -> None:
        super().__init__(errno.ELOOP, f"{folder} is a link to another folder")
        self.folder = folder


def linked_folder(folder: str) -> str | None:
    """The first folder of `folder`'s chain under the user folder ("speedrun_attempts", then
    "speedrun_attempts/archive") that is a symbolic link, or None. The user folder itself may be
    a link (a data folder moved to another disk); what the game keeps inside it may not."""
    current = user_dir()
    for part in Path(folder).parts:
        current = current / part
        try:
            if stat.S_ISLNK(os.lstat(current).st_mode):
                return current.relative_to(user_dir()).as_posix()
        except OSError:      # missing (nothing below it exists either) or unreadable
            return None
    return None


def _made_confined(folder: str) -> None:
    """Create `folder` under the user folder one level at a time, never through a link (a read-only
    disk leaves it missing: saving then says so)."""
    current = user_dir()
    for part in Path(folder).parts:
        current = current / part
        try:
            os.mkdir(current)
        except FileExistsError:
            if stat.S_ISLNK(os.lstat(current).st_mode):
                return
        except OSError:
            return


# ---------------------------------------------------------------- one declared user file
class Damage(StrEnum):
    """What happens to a user file that cannot be used (docs/RELIABILITY.md lists each file's)."""

    ASIDE = "moved aside"    # to name.corrupt-N beside it, a toast, defaults: the game starts and plays on
    REFUSE = "refused"       # left as it is (the player's own file); using it says why, in a toast


# Windows opens these as devices whatever the extension ("nul.json" is NUL): never a name of ours.
_DEVICES = frozenset({"con", "prn", "aux", "nul", "conin$", "conout$",
                      *(f"{kind}{n}" for kind in ("com", "lpt") for n in "0123456789¹²³")})
MAX_NAME = 200


@dataclass(frozen=True, eq=False)     # one object per kind of file: compared (and hashed) as itself
class UserFile:
    """One kind of file in the user folder, declared once in game/files/register.py.

    `folder` is its folder under the user folder ("" for the user folder itself);
    `pattern` the bare names it may have there (a fixed file: its name, escaped);
    `made` the names the game itself writes, the only ones it may ever delete.
    """

    key: str
    folder: str
    pattern: str
    cap: int
    damage: Damage
    content: str                       # what the file holds, for the docs and the fuzz: json, replay, ...
    schema: Check | None = None        # JSON files: checked before anything uses them
    version: int | None = None         # JSON files: a newer one is left alone, never overwritten
    made: str | None = None            # a folder of files: the names the game writes (and alone deletes)
    name: str | None = None            # a single file: its name
    read: bool = True                  # the game reads it back (the fuzz and the damaged cases cover it)
    written: bool = True               # the game writes it (a kill -9 during the save covers it)
    save_failed: str = SAVE_FAILED     # the toast when saving fails, with {error}
    example: Any = None                # a small valid JSON file: the schema's own check, the fuzz's seed
    # A link in the folder's chain is refused for everything; with this, followed for reading only
    # (the player's levels: a levels folder kept with their Tiled projects). Never for a folder written.
    follows_links: bool = False

    # ----- names ------------------------------------------------------------------
    def check_name(self, name: str | None) -> str:
        """`name` if it is a bare name this entry may have (its fixed name when None); UntrustedError if not."""
        name = self.name if name is None else name
        if name is None:
            raise ValueError(f"{self.key} is a folder of files: which one?")   # a bug, never the player's
        if not isinstance(name, str) or not name:
            raise UntrustedError(Notice(N_("{file} is not a file name the game uses"), file=echo(name, 60)))
        stem = name.split(".", 1)[0].rstrip(" ").lower()
        if (len(name) > MAX_NAME or name in (".", "..") or any(c in name for c in "/\\:\0")
                or stem in _DEVICES or not re.fullmatch(self.pattern, name, re.ASCII)):
            raise UntrustedError(Notice(N_("{file} is not a file name the game uses"), file=echo(name, 60)))
        return name

    def folder_path(self, make: bool = True) -> Path:
        """The entry's folder, created if missing unless `make` is False (reading and listing never
        create it; on a read-only disk it stays missing; nothing is created through a link)."""
        if not self.folder:
            return user_dir()
        if self.folder == LOGS:     # the platform's log folder (logs/ under SOLDOUT_USER_DIR)
            return made_folder(log_dir()) if make else log_dir()
        if make:
            _made_confined(self.folder)
        return user_dir() / self.folder

    def confined(self, writing: bool) -> None:
        """Refuse a folder chain with a link in it: LinkedFolder (an OSError) for writing, renaming and
        deleting; UntrustedError (a Notice) for reading, unless this entry follows links to read."""
        link = linked_folder(self.folder) if self.folder else None
        if link is None or (self.follows_links and not writing):
            return
        if writing:
            raise LinkedFolder(link)
        # TRANSLATORS: {folder} is a folder in the game's data folder, e.g. "speedrun_attempts"
        raise UntrustedError(Notice(N_("{folder} is a link to another folder: the game does not follow it"),
                                    folder=link))

    def path(self, name: str | None = None) -> Path:
        """Where the file `name` lives (checked: a bare name of this entry's, inside its folder)."""
        return self.folder_path() / self.check_name(name)

    def relative(self, name: str | None = None) -> str:
        """The file as the player finds it in the user folder: "speedrun_attempts/rush.set.A.json"."""
        shown = self.name if name is None else name
        return f"{self.folder}/{shown}" if self.folder else str(shown)

    def owns(self, relative: str) -> bool:
        """Is this user-folder path (posix, relative) one of this entry's files?"""
        folder, _, name = relative.rpartition("/")
        return folder == self.folder and re.fullmatch(self.pattern, name, re.ASCII) is not None

    def names(self) -> list[str]:
        """The entry's files now in its folder (names that fit, sorted); nothing if it cannot be listed."""
        try:
            self.confined(writing=False)
            found = os.listdir(self.folder_path(make=False))
        except (OSError, UntrustedError):
            return []
        return sorted(n for n in found if re.fullmatch(self.pattern, n, re.ASCII))

    # ----- reading ----------------------------------------------------------------
    def read_bytes(self, name: str | None = None) -> bytes:
        """The file's bytes through the untrusted-file door; UntrustedError (one line for the player,
        a Notice) otherwise. Every read of a user file comes here: a bare name of this entry's,
        resolved inside its folder (a symlink that leads out is refused), a regular file (a FIFO or
        device is refused without blocking), at most `cap` bytes."""
        try:
            return self._read(name)
        except UntrustedError as exc:
            if isinstance(message_of(exc), Notice):
                raise
            raise UntrustedError(_problem(exc, self.relative(name))) from None

    def _read(self, name: str | None) -> bytes:
        return read_bytes(os.path.realpath(self.located(name)), self.cap, "saved file")

    def located(self, name: str | None = None) -> Path:
        """Where the file `name` is, checked as every read checks it: a bare name of this entry's,
        inside its folder (a symlink that leads out is refused: UntrustedError, a Notice). Files a
        reader of their own reads (the player's levels: game/files/level_files.py, with its own caps and
        a level's files kept to its folder) are found here; the rest read through read_bytes."""
        path = self.folder_path(make=False) / self.check_name(name)
        self.confined(writing=False)
        if os.path.dirname(os.path.realpath(path)) != os.path.realpath(path.parent):
            raise UntrustedError(Notice(N_("{file} leads outside its folder"), file=self.relative(name)))
        return path

    def read_text(self, name: str | None = None) -> str:
        data = self.read_bytes(name)
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UntrustedError(Notice(N_("{file} is corrupt (not UTF-8 text)"), file=self.relative(name))) from None

    def load(self, default: object, name: str | None = None) -> Loaded:
        """The JSON file, checked: missing gives `default`; a damaged one is moved aside (defaults and
        a warning); a newer game's is left alone (defaults, a warning, never saved over)."""
        shown = self.relative(name)
        try:
            self.confined(writing=False)
            self.confined(writing=True)     # a damaged file is moved aside: never in a linked folder
            path = self.path(name)
        except (UntrustedError, LinkedFolder) as exc:
            return Loaded(default, message_of(exc) if isinstance(exc, UntrustedError) else
                          Notice(N_("{folder} is a link to another folder: the game does not follow it"),
                                 folder=exc.folder))
        missing = object()
        data, warning = _load_json_at(path, shown, missing, lambda: self._read(name))
        if data is missing:
            return Loaded(default, warning)
        found = data.get("version") if isinstance(data, dict) else None
        if self.version is not None and isinstance(found, int) and not isinstance(found, bool) \
                and found > self.version:
            return Loaded(default, Notice(N_("{file} was made by a newer version of the game; using defaults "
                                             "(the file is left as it is)"), file=shown), newer=True)
        if self.schema is not None:
            try:
                self.schema(data, "")
            except SchemaError as exc:
                # The toast says where, briefly: a player needs to know the file was kept, not the schema.
                where = Notice(N_("{file} is not valid (at {where})"), file=shown, where=echo(exc.where, 40)) \
                    if exc.where else Notice(N_("{file} is not valid"), file=shown)
                return Loaded(default, _set_aside(path, where))
        return Loaded(data, None, raw=data if isinstance(data, dict) else None)

    def set_aside(self, problem: Notice, name: str | None = None) -> str:
        """Move the file to name.corrupt-N (kept, never deleted); returns the one-line warning."""
        try:
            self.confined(writing=True)
        except LinkedFolder as exc:
            return Notice(N_("{folder} is a link to another folder: the game does not follow it"), folder=exc.folder)
        return _set_aside(self.path(name), problem)

    def keep_copy(self, problem: Notice, name: str | None = None) -> str:
        """Copy the file as it is to name.corrupt-N (the player's bytes kept while the file itself stays,
        to be saved without the part that was damaged); returns the one-line warning."""
        try:
            self.confined(writing=True)
            data = self.read_bytes(name)
            aside = _aside_path(self.path(name))
            fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), _file_mode())
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
        except (OSError, UntrustedError):
            return problem
        # TRANSLATORS: after "speedrun.json is not valid (at ...); " ({aside} is the copy of the file as it was)
        return join(problem, Notice(N_("a copy is kept in {aside}"), aside=aside.name)) or problem

    # ----- writing ----------------------------------------------------------------
    def write_text(self, text: str, name: str | None = None) -> Path:
        """Write the file atomically (OSError if the folder cannot take it, LinkedFolder if it is a
        link or lies in one); returns its path."""
        self.confined(writing=True)
        path = self.path(name)
        atomic_write_text(path, text)
        return path

    def write_bytes(self, data: bytes, name: str | None = None) -> Path:
        """Write the file's bytes atomically (OSError if the folder cannot take it, LinkedFolder if it is
        a link or lies in one); returns its path."""
        self.confined(writing=True)
        path = self.path(name)
        atomic_write_bytes(path, data)
        return path

    def save(self, data: object, name: str | None = None) -> None:
        """Write `data` as JSON, atomically (OSError if the folder cannot take it). What the schema
        would refuse is never written (SchemaError): the next start would only move it aside."""
        if self.schema is not None:
            self.schema(data, "")
        self.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", name)

    def try_save(self, data: object, name: str | None = None) -> str | None:
        """save() that never raises: None when saved, else the one line to show (once a session)."""
        try:
            self.save(data, name)
        except OSError as exc:
            return self.save_warning(exc)
        except SchemaError as exc:
            return Notice(self.save_failed, error=echo(exc, 120))
        return None

    def save_warning(self, exc: OSError) -> str:
        return Notice(self.save_failed, error=exc.strerror or type(exc).__name__)

    def rename(self, name: str, new_name: str) -> bool:
        """Move `name` to `new_name` in this entry's folder (replacing it), where the game can prove it
        made both: names of its own form, `name` a regular file. True if it was moved."""
        if self.made is None or not all(isinstance(n, str) and re.fullmatch(self.made, n, re.ASCII)
                                        for n in (name, new_name)):
            return False
        try:
            self.confined(writing=True)
            path, target = self.path(name), self.path(new_name)
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return False
            os.replace(path, target)
        except (OSError, UntrustedError):
            return False
        return True

    def delete(self, name: str) -> bool:
        """Delete `name` if the game can prove it made it: a name of the game's own form, a regular
        file (not a link, a folder or a device) in this entry's folder. True if it was deleted."""
        if self.made is None or not isinstance(name, str) or not re.fullmatch(self.made, name, re.ASCII):
            return False
        try:
            self.confined(writing=True)
            path = self.path(name)
            if not stat.S_ISREG(os.lstat(path).st_mode):
                return False
            os.unlink(path)
        except (OSError, UntrustedError):
            return False
        return True

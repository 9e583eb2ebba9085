"""Files named on the command line, checked before anything runs: a match is never played only
to fail at its end, and every message names the path as the user typed it."""
from __future__ import annotations

import tempfile
from pathlib import Path

from game.levels import find_level, list_levels, user_levels_dir


class FileArgError(Exception):
    """One line for the user; the command line exits 2."""


def _asks(path: Path, question: str) -> bool:
    """path.is_file()/is_dir()/exists() that answers False for a name the OS cannot even look up
    (too long, a NUL byte): such a path is "no such file", never a traceback."""
    try:
        return bool(getattr(path, question)())
    except (OSError, ValueError):
        return False


def check_record_target(record: str) -> None:
    """--record FILE: a file we can create or replace (the replay is written atomically beside it)."""
    path = Path(record)
    if _asks(path, "is_dir"):
        raise FileArgError(f"--record {record}: that is a folder; give a file name, e.g. {path / 'match.rep'}")
    if _asks(path, "exists") and not _asks(path, "is_file"):
        raise FileArgError(f"--record {record}: that is not a regular file")
    folder = path.absolute().parent
    if not _asks(folder, "is_dir"):
        raise FileArgError(f"--record {record}: that folder does not exist")
    try:   # the only honest test of "can I write there" (permissions, read-only disks, /proc...)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".soldout-probe-"):
            pass
    except OSError as exc:
        raise FileArgError(f"--record {record}: cannot write in {folder} ({exc.strerror or exc})") from None


def level_argument(level: str) -> str:
    """--level: a .tmx file the user has (kept as typed), else a level by name, shipped or in the
    player's levels folder ("boutique", "my_mall", "The Boutique"), kept as its file name: the name
    a replay records and finds again."""
    path = Path(level)
    if _asks(path, "is_file"):
        return level
    if _asks(path, "is_dir"):
        raise FileArgError(f"--level {level}: that is a folder, not a level file (.tmx)")
    found = find_level(level)
    if found is not None:
        return found.stem
    shipped = sorted(p.stem for p in list_levels())
    raise FileArgError(f"--level {level}: no such level file, and no level of that name "
                       f"(shipped: {', '.join(shipped)}; yours go in {user_levels_dir()})")


def level_file(target: str) -> str:
    """--check-level FILE|NAME: the level file to check (a file as typed, else a level found by
    name); FileArgError when there is none."""
    if _asks(Path(target), "is_dir"):
        raise FileArgError(f"{target}: that is a folder, not a level file (.tmx)")
    if _asks(Path(target), "is_file"):
        return target
    found = find_level(target)
    if found is None:
        raise FileArgError(f"{target}: no such file, and no level of that name")
    return str(found)

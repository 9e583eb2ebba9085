"""Files named on the command line, checked before anything runs: a match is never played only
to fail at its end, and every message names the path as the user typed it."""
from __future__ import annotations

import tempfile
from pathlib import Path

from game.files.levels import list_levels


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
    """--level: a .tmx file the user has (kept as typed) or a shipped level's name ("boutique")."""
    path = Path(level)
    if _asks(path, "is_file"):
        return level
    if _asks(path, "is_dir"):
        raise FileArgError(f"--level {level}: that is a folder, not a level file (.tmx)")
    shipped = sorted(p.stem for p in list_levels())
    if len(path.parts) == 1 and path.name.removesuffix(".tmx") in shipped:
        return path.name.removesuffix(".tmx")
    raise FileArgError(f"--level {level}: no such level file, and no shipped level of that name "
                       f"({', '.join(shipped)})")


def level_file_problem(path: str) -> str | None:
    """--check-level FILE: why it cannot even be opened, or None."""
    if _asks(Path(path), "is_dir"):
        return f"{path}: that is a folder, not a level file (.tmx)"
    if not _asks(Path(path), "is_file"):
        return f"{path}: no such file"
    return None

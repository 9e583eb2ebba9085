"""Files named on the command line, checked before anything runs: a match is never played only
to fail at its end, and every message names the option and the path as the user typed it."""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from game.files.untrusted import echo


class FileArgError(Exception):
    """One line for the user; the command line exits 2."""


# What each option that writes a file would be given, for the hint when it names a folder.
OUTPUT_EXAMPLES = {"--record": "match.rep", "--out": "splits.lss", "--screenshot": "shot.png"}


def _asks(path: Path, question: str) -> bool:
    """path.is_file()/is_dir()/exists() that answers False for a name the OS cannot even look up
    (too long, a NUL byte): such a path is "no such file", never a traceback."""
    try:
        return bool(getattr(path, question)())
    except (OSError, ValueError):
        return False


def check_files(args: argparse.Namespace) -> None:
    """Every file the command line names that can be judged before the command runs: what it
    writes (--record, --out, --screenshot) and where a replay's level is (--level with --replay)."""
    for flag in OUTPUT_EXAMPLES:
        name = getattr(args, flag.lstrip("-"))
        if name:
            check_output_file(flag, name)
    if args.replay and args.level:
        check_input_file("--level", args.level, "a level file (.tmx)")


def check_input_file(flag: str, name: str, kind: str) -> None:
    """A regular file that exists (a device or a pipe could block the reader or never end)."""
    problem = input_file_problem(Path(name), kind)
    if problem:
        raise FileArgError(f"{flag} {echo(name)}: {problem}")


def input_file_problem(path: Path, kind: str) -> str | None:
    if _asks(path, "is_dir"):
        return f"that is a folder, not {kind}"
    if _asks(path, "exists") and not _asks(path, "is_file"):
        return f"that is not a regular file (a device or a pipe), not {kind}"
    if not _asks(path, "is_file"):
        return "no such file"
    return None


def check_output_file(flag: str, name: str) -> None:
    """A file we can create or replace (written atomically beside it: a device or a pipe in its
    place would be replaced by a file, so it is refused)."""
    path = Path(name)
    shown = echo(name)
    if _asks(path, "is_dir"):
        raise FileArgError(f"{flag} {shown}: that is a folder; give a file name, e.g. "
                           f"{echo(path / OUTPUT_EXAMPLES[flag])}")
    if _asks(path, "exists") and not _asks(path, "is_file"):
        raise FileArgError(f"{flag} {shown}: that is not a regular file (a device or a pipe); give a file name")
    folder = path.absolute().parent
    if not _asks(folder, "is_dir"):
        raise FileArgError(f"{flag} {shown}: that folder does not exist")
    try:   # the only honest test of "can I write there" (permissions, read-only disks, /proc...)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".soldout-probe-"):
            pass
    except OSError as exc:
        raise FileArgError(f"{flag} {shown}: cannot write in {echo(folder)} ({exc.strerror or exc})") from None


def level_argument(level: str) -> str:
    """--level: a .tmx file the user has (kept as typed), else a level by name, shipped or in the
    player's levels folder ("boutique", "my_mall", "The Boutique"), kept as its file name: the name
    a replay records and finds again."""
    return level if _asks(Path(level), "is_file") else _level(level, "--level").stem


def level_file(target: str) -> str:
    """--check-level FILE|NAME: the level file to check (a path, or anything there, as typed: the
    level reader says what is wrong with a folder, a device or a missing file; else a level found
    by name); FileArgError when there is none."""
    path = Path(target)
    if _asks(path, "exists") or len(path.parts) > 1:
        return target
    return str(_level(target, "--check-level"))


def _level(name: str, flag: str) -> Path:
    """The level `name` means when it is no file (levels.find_level), or FileArgError saying where
    levels are looked for."""
    path = Path(name)
    if _asks(path, "exists"):
        raise FileArgError(f"{flag} {echo(name)}: {input_file_problem(path, 'a level file (.tmx)')}")
    # The level reader only when a level is looked up by name: every other command checked here
    # (a Check Out! match among them) reads no level.
    from game.files.levels import find_level, list_levels, user_levels_dir
    found = find_level(name)
    if found is not None:
        return found
    shipped = sorted(p.stem for p in list_levels())
    raise FileArgError(f"{flag} {echo(name)}: no such level file, and no level of that name among the "
                       f"shipped ones ({', '.join(shipped)}) or in {echo(user_levels_dir())}")

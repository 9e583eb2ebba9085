"""The game's log file: what went wrong behind the scenes, kept for a bug report, never printed.

A player's terminal stays quiet: warnings and errors the game logs (a warm-up rehearsal that
failed, a sound that would not load, a pad that would not open) are appended to `game.log` in
the user data folder (kept under LOG_LIMIT by rolling over to `game.log.1`). Without this,
Python prints them on standard error with their tracebacks. A log that cannot be written (a
read-only disk) is dropped: there is nowhere else to say it.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator

from game.userfiles import user_dir

LOG_FILE = "game.log"
LOG_LIMIT = 256 << 10     # bytes: about a thousand tracebacks, plenty for a bug report
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class UserLog(logging.Handler):
    """Appends each record to the user folder's log, found afresh each time (the folder may be
    set per test or per portable install)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter(FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            path = user_dir() / LOG_FILE
            if path.is_file() and path.stat().st_size > LOG_LIMIT:
                path.replace(path.with_name(LOG_FILE + ".1"))
            with open(path, "a", encoding="utf-8") as log:
                log.write(self.format(record) + "\n")
        except Exception:   # a log that cannot be written must not become an error of its own
            pass


@contextmanager
def kept() -> Iterator[None]:
    """While in it, the game's warnings and errors go to the log file (and are not printed)."""
    root = logging.getLogger()
    handler = UserLog()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)

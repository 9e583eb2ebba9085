"""The game's log file: what went wrong behind the scenes, kept for a bug report, never printed.

A player's terminal stays quiet: warnings and errors the game logs (a warm-up rehearsal that
failed, a sound that would not load, a pad that would not open) go to `game.log` in the user
data folder (the register's GAME_LOG) instead of Python printing them, tracebacks and all, on
standard error. The file holds the session's records, newest last, within its cap; it is
written whole, atomically, at each record (they are rare), so a session that logs nothing
leaves the last one's log as it was. A log that cannot be written (a read-only disk) is
dropped: there is nowhere else to say it.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator

from game.files.register import GAME_LOG

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class UserLog(logging.Handler):
    """Keeps this session's records and writes them to GAME_LOG after each one."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter(FORMAT))
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.records.append((self.format(record) + "\n")[-GAME_LOG.cap:])
            while len(self.records) > 1 and sum(map(len, self.records)) > GAME_LOG.cap:
                self.records.pop(0)      # the oldest go first: the file stays within its cap
            GAME_LOG.write_text("".join(self.records))
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

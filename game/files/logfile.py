"""The game's log file: what went wrong behind the scenes, kept for a bug report, never printed.

A player's terminal stays quiet: warnings and errors the game logs (a warm-up rehearsal that
failed, a sound that would not load, a pad that would not open) go to `game.log` in the
platform's log folder (the register's GAME_LOG) instead of Python printing them, tracebacks and
all, on standard error. The file holds the session's records, newest last, within its cap; it is
written whole, atomically, at each record (they are rare). The sessions before are kept: at a
session's first record game.log becomes game.1.log, game.1.log game.2.log and so on, the oldest
of LOG_SESSIONS dropped; a session that logs nothing leaves them all as they were, so the session
that went wrong yesterday is still there today. A log that cannot be written (a read-only disk)
is dropped: there is nowhere else to say it.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class UserLog(logging.Handler):
    """Keeps this session's records and writes them to GAME_LOG after each one."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.setFormatter(logging.Formatter(FORMAT))
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        # The register (and the user folder) only once something is logged: every command runs
        # inside kept(), and most log nothing (a headless match starts without the register).
        try:
            from game.files.register import GAME_LOG
            if not self.records:
                rotate()
            self.records.append((self.format(record) + "\n")[-GAME_LOG.cap:])
            while len(self.records) > 1 and sum(map(len, self.records)) > GAME_LOG.cap:
                self.records.pop(0)      # the oldest go first: the file stays within its cap
            GAME_LOG.write_text("".join(self.records))
        except Exception:   # a log that cannot be written must not become an error of its own
            pass


def session_name(age: int) -> str:
    """The log of the session `age` sessions ago: game.log, game.1.log, game.2.log..."""
    return "game.log" if age == 0 else f"game.{age}.log"


def rotate() -> None:
    """Make room for a new session's game.log: each kept log moves one older, the oldest goes."""
    from game.files.register import GAME_LOG, LOG_SESSIONS   # see UserLog.emit
    kept_names = set(GAME_LOG.names())
    for age in range(LOG_SESSIONS - 2, -1, -1):
        if session_name(age) in kept_names:
            GAME_LOG.rename(session_name(age), session_name(age + 1))


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

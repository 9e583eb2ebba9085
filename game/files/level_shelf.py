"""The player's levels, read off the game thread: the lobby opens at once however many there are.

Reading and checking a level costs 15-25 ms; 200 of them in the lobby's first frame held it 4.8 s.
`SHELF.open()` gives the lobby every level at once: the shipped ones (read by the warm-up), then the
player's own, each read now while the opening frame has time left (READ_NOW_SECONDS: a folder of
one or two levels is listed whole, as before) or else listed as being read (`LevelEntry.pending`)
and read by one thread of the shelf's, which the lobby asks each frame for what is ready. Each
level is read once per version of its file (by size and mtime, here and in levels.py), so opening
the lobby again costs a look at each file. A level the player starts while it is still being read is
read there and then (`read_now`).
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from game.files import levels
from game.files.levels import LevelEntry
from game.text.notice import Verbatim

READ_NOW_SECONDS = 0.012     # of the opening frame spent reading levels before the thread takes over


class LevelShelf:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        # file name -> (the version of the file it was read from, the entry)
        self._ready: dict[str, tuple[tuple[int, int, int] | None, LevelEntry]] = {}
        self._queue: list[str] = []                  # file names the thread reads next, in order
        self._thread: threading.Thread | None = None
        self._stamp = 0
        self._taken: frozenset[str] = frozenset()
        self.version = 0                              # +1 each time the thread has read a level

    def open(self, now: float | None = None) -> list[LevelEntry]:
        """Every level to choose from, as the lobby lists them: read, or pending (read on the thread)."""
        shipped = [levels.shipped_entry(path) for path in levels.list_levels()]
        self._taken = frozenset(entry.key for entry in shipped)
        self._stamp = levels.user_folder_stamp()
        deadline = (time.perf_counter() if now is None else now) + READ_NOW_SECONDS
        out, later = list(shipped), []
        for name in levels.user_level_names():
            known = self._known(name)
            if known is not None:
                out.append(known)
            elif time.perf_counter() < deadline:
                out.append(self._read(name))
            else:
                later.append(name)
                out.append(pending(name))
        self._hand_over(later)
        return out

    def _known(self, name: str) -> LevelEntry | None:
        """The entry read for this very version of the file `name` (its size, mtime and folder), if any."""
        with self._lock:
            found = self._ready.get(name)
        return found[1] if found is not None and found[0] == self._version_of(name) else None

    def _version_of(self, name: str) -> tuple[int, int, int] | None:
        try:
            info = os.stat(levels.user_levels_dir() / name)
        except (OSError, ValueError):
            return None
        return info.st_mtime_ns, info.st_size, self._stamp

    def prefetch(self) -> None:
        """Read the player's levels on the thread now (the title's warm-up: the lobby then opens on them)."""
        self._taken = frozenset(path.stem for path in levels.list_levels())
        self._stamp = levels.user_folder_stamp()
        self._hand_over(levels.user_level_names())

    def ready(self, name: str) -> LevelEntry | None:
        """The entry the thread has read for the file `name` since it was handed over, if it has."""
        with self._lock:
            found = self._ready.get(name) if name not in self._queue else None
        return found[1] if found is not None else None

    def read_now(self, name: str) -> LevelEntry:
        """Read the file `name` on this thread (a level started while it was still being read)."""
        with self._lock:
            if name in self._queue:
                self._queue.remove(name)
        return self._read(name)

    def wait(self, timeout: float = 60.0) -> bool:
        """Until the thread has read everything handed to it (tests, tools); False on timeout."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if not self._queue and (self._thread is None or not self._thread.is_alive()):
                    return True
            time.sleep(0.005)
        return False

    def _read(self, name: str) -> LevelEntry:
        version = self._version_of(name)
        entry = levels.own_entry(name, self._stamp, self._taken)
        with self._lock:
            self._ready[name] = (version, entry)
        return entry

    def _hand_over(self, names: list[str]) -> None:
        with self._lock:
            self._queue = list(names)
            for name in names:
                self._ready.pop(name, None)
            if not names or (self._thread is not None and self._thread.is_alive()):
                return
            self._thread = threading.Thread(target=self._run, name="level-shelf", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    return
                name = self._queue[0]
            version = self._version_of(name)
            entry = levels.own_entry(name, self._stamp, self._taken)   # load_level raises nothing else
            with self._lock:
                if self._queue and self._queue[0] == name:
                    self._queue.pop(0)
                    self._ready[name] = (version, entry)
                    self.version += 1


def pending(name: str) -> LevelEntry:
    """A level of the player's listed before it is read: its name from its file name."""
    path = levels.user_levels_dir() / name
    return LevelEntry(Path(name).stem, path, False, Verbatim(Path(name).stem.replace("_", " ").title()),
                      pending=True)


SHELF = LevelShelf()

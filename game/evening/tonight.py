"""Tonight's evening in memory: its matches so far, and where they are kept.

The shell makes one at start (game.evening.store.attach resumes the one the records hold, or
starts afresh) and registers `add` as a match listener (Context.finished_match). The tally and
honours are worked out again only when a match is added (`version` tells drawers to redraw).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from game.evening.honours import Honour, honours
from game.evening.tally import Tally, tally
from game.match.record import MatchRecord

Keeper = Callable[["Evening", MatchRecord | None], None]   # saves a match (None: a new evening began)


@dataclass
class Evening:
    number: int = 1                              # its row in the records' `evenings`
    started: str = ""                            # local time, ISO 8601 to the second
    records: list[MatchRecord] = field(default_factory=list)
    keeper: Keeper | None = None                 # None: kept in memory only (screenshots, tests, no folder)
    last_row: int = 0                            # the row number its latest match is kept under
    version: int = 0
    _tally: tuple[int, Tally] | None = None
    _honours: tuple[int, list[Honour]] | None = None

    def add(self, record: MatchRecord) -> None:
        """A match of tonight is over (a Context.match_listeners listener)."""
        self.records.append(record)
        self.version += 1
        self.last_row += 1
        if self.keeper is not None:
            self.keeper(self, record)

    def begin_anew(self, now: str) -> None:
        """"New evening": tonight starts over from here (the old one stays in the records, closed)."""
        self.number += 1
        self.started = now
        self.records = []
        self.last_row = 0
        self.version += 1
        if self.keeper is not None:
            self.keeper(self, None)

    @property
    def matches(self) -> int:
        return len(self.records)

    def tally(self) -> Tally:
        if self._tally is None or self._tally[0] != self.version:
            self._tally = (self.version, tally(self.records))
        return self._tally[1]

    def honours(self) -> list[Honour]:
        if self._honours is None or self._honours[0] != self.version:
            self._honours = (self.version, honours(self.records))
        return self._honours[1]

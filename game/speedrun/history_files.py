"""The attempt histories older games kept in JSON files, read once to import them into the records database.

Before the records database, each board's attempts lived in speedrun_attempts/<board>.json
(the last attempts in detail, older ones as compact rows) and, every ARCHIVE_ROWS rows, in
write-once archive files (speedrun_attempts/archive/<board>-<n>.json). game.speedrun.attempts
imports them once per board and never writes them again: they stay as the player's backup.

This is only the reading half of that engine, hardened as it was (the register's size caps
and schemas; archives found by listing the folder, never by trusting the count the history
holds; archives checked as one set: each of this board, in its place, whole). A file or
archive that fails is left out with one line for the player, never read as if it fitted:
these loaders are the budget guard for the import.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, cast

from game.text.notice import N_, Notice
from game.files.register import ARCHIVE_ROWS, HISTORIES, HISTORY_ARCHIVES


def safe_name(board: str) -> str:
    return "".join(c if c.isascii() and (c.isalnum() or c in ".-_") else "_" for c in board)


def from_row(row: list[Any]) -> dict[str, Any]:
    """A compact row [id, outcome, ticks, real ms, started, flags, splits, real splits] as an attempt."""
    attempt_id, outcome, ticks, real_ms, started, flags, splits, real_splits = row
    return {"id": attempt_id, "outcome": outcome, "ticks": ticks, "real_ms": real_ms, "started": started,
            "flags": flags, "splits": splits, "real_splits": real_splits, "replay": None}


@dataclass
class OldHistory:
    """What a board's old files hold: every attempt oldest first (detail where kept), its practice
    times, and one line for the player when a file or archive was left out."""

    attempts: list[dict[str, Any]] = field(default_factory=list)
    detailed: set[int] = field(default_factory=set)     # ids whose entry is the whole attempt
    practice: dict[str, list[int]] = field(default_factory=dict)
    warning: str | None = None
    newer: bool = False          # a newer game's file: not imported, left as it is
    found: bool = False          # a history file was there (damaged or not)


def read_old(board: str) -> OldHistory:
    """The board's old history through the register (size cap, no FIFOs, its schema; a damaged file
    is moved aside), with its archives checked as a set."""
    name = f"{safe_name(board)}.json"
    loaded = HISTORIES.load(None, name)
    if loaded.newer:
        return OldHistory(newer=True, found=True, warning=Notice(
            N_("{file} was made by a newer version of the game; it is left as it is"), file=HISTORIES.relative(name)))
    if loaded.data is None:
        return OldHistory(warning=loaded.warning, found=loaded.warning is not None)
    data = cast("dict[str, Any]", loaded.data)      # the register's schema checked its shape
    return _Reader(board, data).read()


class _Reader:
    def __init__(self, board: str, data: dict[str, Any]) -> None:
        self.board = board
        self.attempts: list[dict[str, Any]] = data["attempts"]
        self.rows: list[list[Any]] = data.get("rows", [])
        self.archived: int = data.get("archived", 0)       # archive files 1..archived were written
        self.compacted: int = max(data.get("compacted", 0), self.rows[-1][0] if self.rows else 0)
        self.practice: dict[str, list[int]] = data.get("practice", {})

    def read(self) -> OldHistory:
        out: list[dict[str, Any]] = []
        warning = None
        for rows, problem in self._checked_archives():
            out += [from_row(r) for r in rows]
            warning = warning or problem
        out += [from_row(r) for r in self.rows]
        detail = {a["id"]: a for a in self.attempts}
        out = [detail.get(a["id"], a) for a in out]
        out += [a for a in self.attempts if a["id"] > self.compacted]
        return OldHistory(out, set(detail), self.practice, warning, found=True)

    def _checked_archives(self) -> Iterator[tuple[list[list[Any]], str | None]]:
        """The archives as one set: each of this board, in its place (its number, and attempt ids
        after the archive before it and before the rows), ARCHIVE_ROWS rows. One that is not is left
        out with a warning (a swapped, foreign or cut one), never read as if it fitted."""
        after = 0
        before = self.rows[0][0] if self.rows else self.compacted + 1
        for number, data, problem in self._archives():
            rows: list[list[Any]] = data["rows"] if data is not None else []
            if problem is None and not self._in_place(number, data or {}, after, before):
                # TRANSLATORS: an archive file of a board's attempt history that is another board's, or out of place
                problem = Notice(N_("{file} does not belong in this history: the attempts it holds are left out"),
                                 file=HISTORY_ARCHIVES.relative(self._archive_name(number)))
            if problem is None:
                after = rows[-1][0]
            yield ([] if problem else rows), problem

    def _in_place(self, number: int, data: dict[str, Any], after: int, before: int) -> bool:
        """Is archive `number` this board's, and is it whole and between its neighbours? (An archive
        an older game wrote says neither board nor number: its attempt ids alone place it.)"""
        rows = data.get("rows") or []
        return (data.get("board", self.board) == self.board and data.get("number", number) == number
                and len(rows) == ARCHIVE_ROWS and rows[0][0] > after and rows[-1][0] < before)

    def _archives(self) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
        """(number, its data or None, problem) of the archives 1..archived there are: found by listing
        the folder, never by walking the count the history holds (a count of 2^30 is one line, not hours)."""
        present = self._archive_numbers()
        missing = self.archived - len(present)
        if missing:
            first = next((n for n, want in zip(present, range(1, self.archived + 1)) if n != want),
                         len(present) + 1)
            # TRANSLATORS: {n} archive files of an attempt history are gone, {file} the first of them
            yield 0, None, Notice.ngettext(
                "{n} archive is missing ({file}): the attempts it held are left out",
                "{n} archives are missing (the first is {file}): the attempts they held are left out",
                missing, file=HISTORY_ARCHIVES.relative(self._archive_name(first)))
        for number in present:
            name = self._archive_name(number)
            loaded = HISTORY_ARCHIVES.load(None, name)
            if isinstance(loaded.data, dict):
                yield number, loaded.data, None
            else:
                yield number, None, loaded.warning or Notice(
                    N_("{file} is missing: the attempts it held are left out"), file=HISTORY_ARCHIVES.relative(name))

    def _archive_numbers(self) -> list[int]:
        """The numbers 1..archived of this board's archive files in the folder, ascending."""
        prefix = f"{safe_name(self.board)}-"
        numbers = []
        for name in HISTORY_ARCHIVES.names():
            digits = name[len(prefix):-len(".json")] if name.startswith(prefix) else ""
            if digits.isascii() and digits.isdigit() and 1 <= int(digits) <= self.archived:
                numbers.append(int(digits))
        return sorted(numbers)

    def _archive_name(self, number: int) -> str:
        return f"{safe_name(self.board)}-{number}.json"

"""Tonight kept in the records database (tables `evenings` and `evening_matches`), so a crash or
a restart does not lose the evening.

What starting the game again means: the latest evening not closed carries on if its last match
(or its start) was less than CARRY_ON_HOURS ago, with one toast saying so; an older one is closed
and tonight starts empty. "New evening" closes the current one at once. Closed evenings stay in
the records (a later stats screen may read them); nothing here deletes one.

The rows are untrusted input: each match is read on its own and checked field by field (types,
sizes, the seat count), and one that does not fit, or is too big to read (over the database's
1 MB a value), is left out and counted in one line for the player; an evening is read at most
MAX_MATCHES matches deep. An evening whose own row cannot be read is closed, said in that line,
and tonight starts anew.
"""
from __future__ import annotations

import datetime as dt
import json
import sqlite3
from typing import TYPE_CHECKING, Any, Callable

from game.evening.tonight import Evening
from game.files import database
from game.files.register import RECORDS_DB
from game.files.untrusted import UntrustedError, echo, parse_json
from game.match.record import MatchRecord, SeatLine
from game.match.seats import MAX_SEATS
from game.text.notice import N_, Notice, join

if TYPE_CHECKING:
    from game.core.context import Context

CARRY_ON_HOURS = 6          # a game restarted within this of the evening's last match carries it on
MAX_MATCHES = 300           # read no deeper: a night of 300 matches is already a marathon (30 ms to tally)
MAX_TEXT = 64               # characters of a name, a game, a mode or a level in a record
Clock = Callable[[], dt.datetime]


def local_now() -> dt.datetime:
    """The records' clock: local time to the second (never the simulation's)."""
    return dt.datetime.now().replace(microsecond=0)


# ---------------------------------------------------------------- a record as a row
def record_text(record: MatchRecord) -> str:
    seats = [[line.seat, line.name, line.profile, line.kind, line.difficulty, line.team, line.score, line.place,
              line.sold_out_calls, line.flips, line.grabs, line.walked, line.fastest_grab] for line in record.seats]
    return json.dumps({"game": record.game, "modes": list(record.modes), "level": record.level, "seed": record.seed,
                       "ticks": record.ticks, "finished": record.finished, "seats": seats}, separators=(",", ":"))


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise UntrustedError("text")
    return value


def _count(value: object, optional: bool = False) -> Any:
    if optional and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not -(1 << 53) < value < 1 << 53:
        raise UntrustedError("number")
    return value


def _seat(row: object) -> SeatLine:
    if not isinstance(row, list) or len(row) != 13:
        raise UntrustedError("seat")
    seat, name, profile, kind, difficulty, team, score, place, calls, flips, grabs, walked, fastest = row
    if kind not in ("human", "bot") or isinstance(walked, bool) or not isinstance(walked, (int, float)):
        raise UntrustedError("seat")
    return SeatLine(_count(seat), _text(name), _count(profile, True), kind, _text(difficulty), _count(team, True),
                    _count(score), _count(place), _count(calls), _count(flips), _count(grabs),
                    max(0.0, min(float(walked), 1e9)), _count(fastest, True))


def record_of(text: object) -> MatchRecord | None:
    """A row's record, or None when it is not one the game writes."""
    try:
        data = parse_json(text, "evening_matches") if isinstance(text, str) else None
        if not isinstance(data, dict) or not isinstance(data.get("seats"), list) or not isinstance(data.get("modes"), list):
            raise UntrustedError("record")
        if not 0 < len(data["seats"]) <= MAX_SEATS or len(data["modes"]) > 20:
            raise UntrustedError("record")
        return MatchRecord(_text(data.get("game")), tuple(_text(mode) for mode in data["modes"]),
                           _text(data.get("level")), _count(data.get("seed")), _count(data.get("ticks")),
                           _text(data.get("finished")), tuple(_seat(row) for row in data["seats"]))
    except (UntrustedError, TypeError, ValueError):
        return None


# ---------------------------------------------------------------- saving
def _keep(db: database.Database, clock: Clock) -> Callable[[Evening, MatchRecord | None], None]:
    def keeper(evening: Evening, record: MatchRecord | None) -> None:
        number, started, now = evening.number, evening.started, clock().isoformat()
        text = record_text(record) if record is not None else None
        n = evening.last_row       # after every row kept, damaged or read or not: none is written over

        def job(connection: sqlite3.Connection) -> None:
            connection.execute("UPDATE evenings SET closed = 1 WHERE closed = 0 AND id <> ?", (number,))
            connection.execute("INSERT INTO evenings (id, started, last) VALUES (?, ?, ?) "
                               "ON CONFLICT (id) DO UPDATE SET last = excluded.last", (number, started, now))
            if text is not None:
                connection.execute("INSERT OR REPLACE INTO evening_matches VALUES (?, ?, ?)", (number, n, text))
        db.submit(job)
    return keeper


# ---------------------------------------------------------------- starting
def resume(db: database.Database, clock: Clock = local_now) -> tuple[Evening, str | None]:
    """Tonight from the records: the open evening if recent enough (and a line saying it carries
    on), else a fresh one numbered after every evening kept. Never raises."""
    now = clock()
    try:
        return _resume(db, now, clock)
    except sqlite3.DatabaseError as exc:      # a page damaged since the open, a row too big
        fresh = Evening(number=0, started=now.isoformat())
        return fresh, Notice(N_("{file} is damaged ({problem})"), file=RECORDS_DB.relative(), problem=echo(exc, 80))


def _resume(db: database.Database, now: dt.datetime, clock: Clock) -> tuple[Evening, str | None]:
    top = db.read("SELECT coalesce(max(id), 0) FROM evenings")[0][0]
    highest = top if isinstance(top, int) and 0 <= top < 1 << 53 else 0
    found = db.read("SELECT id FROM evenings WHERE closed = 0 ORDER BY id DESC LIMIT 1")
    keeper = _keep(db, clock)
    if not found:
        return Evening(highest + 1, now.isoformat(), [], keeper), None
    number = found[0][0]
    times = _times(db, number)
    if times is not None and _recent(times[1], now) and isinstance(number, int):
        kept, damaged = _matches(db, number)
        last = db.read("SELECT coalesce(max(n), 0) FROM evening_matches WHERE evening = ? AND typeof(n) = 'integer'",
                       (number,))[0][0]
        evening = Evening(number, echo(times[0], 32), kept, keeper,
                          last_row=last if isinstance(last, int) and 0 <= last < 1 << 53 else len(kept) + damaged)
        return evening, _said(len(kept), damaged)
    if times is not None:
        db.submit(_close_all)
        return Evening(highest + 1, now.isoformat(), [], keeper), None
    db.submit(_closing_damaged(number, now.isoformat()))
    # TRANSLATORS: the evening kept in the records database could not be read; tonight starts from zero
    lost = N_("Tonight's evening is damaged and left out: a new one starts")
    return Evening(highest + 1, now.isoformat(), [], keeper), Notice(lost)


def _times(db: database.Database, number: object) -> tuple[str, object] | None:
    """When an evening started and its last match (`last` as kept: checked by _recent), or None
    when its row cannot be read (a value too big, a start that is not text)."""
    try:
        found = db.read("SELECT started, last FROM evenings WHERE id = ?", (number,))
    except sqlite3.DataError:     # over the database's length limit: as damaged as a wrong type
        return None
    return (found[0][0], found[0][1]) if found and isinstance(found[0][0], str) else None


def _matches(db: database.Database, number: int) -> tuple[list[MatchRecord], int]:
    """An evening's last MAX_MATCHES matches, oldest first, and how many rows were left out: each
    row is read on its own, so one too big to read (or hostile) costs that row, not the evening."""
    keys = db.read("SELECT n FROM evening_matches WHERE evening = ? AND typeof(n) = 'integer' "
                   "ORDER BY n DESC LIMIT ?", (number, MAX_MATCHES))
    # A row whose number is not a number (a hand-edited file) is counted, never read: its n may be
    # too big to compare, so it is counted by type alone.
    odd = db.read("SELECT count(*) FROM evening_matches WHERE evening = ? AND typeof(n) <> 'integer'", (number,))[0][0]
    records = [_match(db, number, n) for (n,) in reversed(keys)]
    kept = [record for record in records if record is not None]
    return kept, len(records) - len(kept) + (odd if isinstance(odd, int) else 0)


def _match(db: database.Database, number: int, n: object) -> MatchRecord | None:
    try:
        found = db.read("SELECT record FROM evening_matches WHERE evening = ? AND n = ?", (number, n))
    except sqlite3.DataError:     # a record over the database's length limit (1 MB)
        return None
    return record_of(found[0][0]) if found else None


def _close_all(connection: sqlite3.Connection) -> None:
    connection.execute("UPDATE evenings SET closed = 1 WHERE closed = 0")


def _closing_damaged(number: object, now: str) -> Callable[[sqlite3.Connection], None]:
    """Close an evening whose row cannot be read. Its times are written over (now): an update
    that kept a value over the length limit would fail as the read did, and every save after it
    with it. Its matches stay."""
    def job(connection: sqlite3.Connection) -> None:
        connection.execute("UPDATE evenings SET started = ?, last = ?, closed = 1 WHERE id = ?", (now, now, number))
        _close_all(connection)
    return job


def _recent(last: object, now: dt.datetime) -> bool:
    try:
        when = dt.datetime.fromisoformat(last) if isinstance(last, str) and len(last) <= 40 else None
    except ValueError:
        return False
    return when is not None and when.tzinfo is None and dt.timedelta(0) <= now - when < dt.timedelta(hours=CARRY_ON_HOURS)


def _said(kept: int, damaged: int) -> str | None:
    carry = Notice.ngettext("Tonight carries on: {n} match so far", "Tonight carries on: {n} matches so far",
                            kept) if kept else None
    if not damaged:
        return carry
    # TRANSLATORS: matches of tonight's evening kept in the records database could not be read
    lost = Notice.ngettext("{n} match of tonight is damaged and left out",
                           "{n} matches of tonight are damaged and left out", damaged)
    return join(carry, lost)


def attach(ctx: "Context", db: database.Database | None = None, clock: Clock = local_now) -> str | None:
    """Tonight's evening on the context, counting every match the window finishes from now on; the
    line to show once (tonight carried on, or rows left out)."""
    evening, said = resume(db if db is not None else database.shared(), clock)
    ctx.evening = evening
    ctx.match_listeners.append(evening.add)
    return said


def new_evening(ctx: "Context", clock: Clock = local_now) -> None:
    """"New evening" pressed: tonight starts over (the old one is closed in the records)."""
    ctx.evening.begin_anew(clock().isoformat())

"""The players' profiles, kept in the records database (game/files/database.py, table `profiles`).

A profile is who sits on a seat between evenings: a name, a favourite shopper and colour, and the
assist, rumble and pad bindings they like. Every row is untrusted (the file can be edited by hand):
each is checked when read, and a row that fails (a bad name, an unknown shopper, bindings that are
not JSON, a name another row already has) is skipped and said in `Profiles.skipped`, never raised.

Reads happen on the caller's thread (a lobby reads once as it opens); saves go through
`Database.write` (`now=True`, the tests and tools) or the database's worker. No pygame here.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from game.files.database import Database
from game.files.register import BINDABLE_NAMES, MAX_PAD_BUTTON, RUMBLE_LEVELS
from game.text.i18n import N_plural
from game.text.notice import N_, Notice

MAX_NAME = 16              # characters in a name (a seat card, a podium place, a panel hold 16 wide ones)
MAX_PROFILES = 200         # rows read: an edited file with a million rows still opens the lobby at once
MAX_BINDINGS_TEXT = 2000   # characters of a row's bindings JSON
COLOURS = 6                # seat identities (game/match/seats.py MAX_SEATS): a colour is one's index
COLUMNS = "id, name, character, colour, assist, rumble, bindings, created, last_used"

SAVE_FAILED = N_("The profile could not be saved ({error})")
NAME_EMPTY = N_("Type a name first")
NAME_TAKEN = N_("{name} is taken: pick another name")
NAME_LONG = N_plural("A name has at most {n} letter", "A name has at most {n} letters")


@dataclass(frozen=True, slots=True)
class Profile:
    id: int
    name: str
    character: str | None = None       # a cast id (assets/cast.toml); None: the seat's default
    colour: int | None = None          # a seat identity's index, taken when that seat is free
    assist: bool = False               # turns the lobby's assist on when this profile sits down
    rumble: str | None = None          # one of RUMBLE_LEVELS for this player's pad; None: the settings'
    bindings: dict[str, int] = field(default_factory=dict)   # Button name -> SDL pad button
    created: str = ""
    last_used: str = ""


@dataclass(slots=True)
class Profiles:
    """The profiles a read found sound (most recently used first), and a line per row it skipped."""

    found: list[Profile]
    skipped: list[str]

    def get(self, ident: int | None) -> Profile | None:
        return next((p for p in self.found if p.id == ident), None)


def clean_name(text: str) -> str:
    """A typed name as kept: trimmed, inner runs of spaces made one."""
    return " ".join(text.split())


def name_problem(name: str, taken: Iterable[str]) -> str | None:
    """Why `name` (cleaned) cannot be a profile's, in the player's words; None when it can."""
    if not name:
        return Notice(NAME_EMPTY)
    if len(name) > MAX_NAME:
        return Notice.ngettext(*NAME_LONG, MAX_NAME)
    folded = name.casefold()
    if any(folded == other.casefold() for other in taken):
        return Notice(NAME_TAKEN, name=name)
    return None


def load(db: Database, characters: Collection[str]) -> Profiles:
    """Every sound profile, most recently used first; `characters` the cast's ids. Never raises
    for what a row holds (an unreadable table is an empty list and one line)."""
    try:
        rows = db.read(f"SELECT {COLUMNS} FROM profiles ORDER BY last_used DESC, id LIMIT ?", (MAX_PROFILES,))
    except sqlite3.Error as exc:       # a value past the length limit, a table changed under us
        return Profiles([], [Notice(N_("profiles could not be read ({error})"), error=str(exc)[:80])])
    found: list[Profile] = []
    skipped: list[str] = []
    seen: set[str] = set()
    for row in rows:
        profile, problem = _profile(row, characters)
        if profile is not None and profile.name.casefold() in seen:
            profile, problem = None, N_("a second profile with that name")
        if profile is None:
            skipped.append(Notice(N_("profile row {id} skipped: {problem}"), id=str(row[0])[:20], problem=problem))
            continue
        seen.add(profile.name.casefold())
        found.append(profile)
    return Profiles(found, skipped)


def _profile(row: tuple[object, ...], characters: Collection[str]) -> tuple[Profile | None, str]:
    """A row as a Profile, or None and why not."""
    ident, name, character, colour, assist, rumble, bindings, created, last_used = row
    if not isinstance(ident, int) or not isinstance(name, str) or clean_name(name) != name or not name.isprintable():
        return None, N_("a bad name")
    if name_problem(name, ()) is not None:
        return None, N_("a bad name")
    if character is not None and character not in characters:
        return None, N_("an unknown shopper")
    if colour is not None and not (isinstance(colour, int) and 0 <= colour < COLOURS):
        return None, N_("a bad colour")
    if assist not in (0, 1) or (rumble is not None and rumble not in RUMBLE_LEVELS):
        return None, N_("a bad preference")
    pads = _bindings(bindings)
    if pads is None:
        return None, N_("bad bindings")
    if not isinstance(created, str) or not isinstance(last_used, str) or len(created) > 40 or len(last_used) > 40:
        return None, N_("a bad date")
    return Profile(ident, name, character if isinstance(character, str) else None,
                   colour if isinstance(colour, int) else None, bool(assist),
                   rumble if isinstance(rumble, str) else None, pads, created, last_used), ""


def _bindings(text: object) -> dict[str, int] | None:
    """A row's bindings: {Button name: pad button}, or None when they are not that."""
    if text is None:
        return {}
    if not isinstance(text, str) or len(text) > MAX_BINDINGS_TEXT:
        return None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    out: dict[str, int] = {}
    for button, pad in data.items():
        if button not in BINDABLE_NAMES or type(pad) is not int or not 0 <= pad <= MAX_PAD_BUTTON:
            return None
        out[button] = pad
    return out


def _run(sql: str, params: tuple[object, ...]) -> Callable[[sqlite3.Connection], None]:
    """A save job of one statement."""
    def job(connection: sqlite3.Connection) -> None:
        connection.execute(sql, params)
    return job


def when() -> str:
    """The records' clock (local time to the second): when a profile was made or last sat down."""
    return datetime.now().replace(microsecond=0).isoformat()


# ---------------------------------------------------------------- saves
@dataclass(slots=True)
class Pending:
    """A save on the records' worker whose answer a screen waits for (its frames never do)."""

    result: Profile | str | None = None      # the profile saved, or why not; None until the worker ran it


def create(db: Database, name: str, taken: Iterable[str], character: str | None = None,
           colour: int | None = None) -> Profile | str:
    """A new profile called `name` (cleaned), saved now; or why it cannot be (a line to show).
    `taken`: the names the caller knows (the database's own are checked too, in the transaction)."""
    return _now(db, create_later(db, name, taken, character, colour, now=True))


def create_later(db: Database, name: str, taken: Iterable[str], character: str | None = None,
                 colour: int | None = None, now: bool = False) -> Pending:
    """`create` on the worker (or `now`): the answer in the Pending when the save has run."""
    name = clean_name(name)
    problem = name_problem(name, taken)
    pending = Pending(problem)
    if problem is None:
        _save(db, _create_job(name, character, colour, pending), pending, now)
    return pending


def _create_job(name: str, character: str | None, colour: int | None, pending: Pending) -> Callable[[sqlite3.Connection], None]:
    def job(connection: sqlite3.Connection) -> None:
        try:
            names = [str(row[0]) for row in connection.execute("SELECT name FROM profiles")]
            if name_problem(name, names) is not None:
                pending.result = Notice(NAME_TAKEN, name=name)
                return
            stamp = when()
            cursor = connection.execute(
                "INSERT INTO profiles (name, character, colour, assist, rumble, bindings, created, last_used)"
                " VALUES (?, ?, ?, 0, NULL, NULL, ?, ?)", (name, character, colour, stamp, stamp))
            pending.result = Profile(int(cursor.lastrowid or 0), name, character, colour, created=stamp, last_used=stamp)
        except sqlite3.IntegrityError:        # another row has it after all (NOCASE)
            pending.result = Notice(NAME_TAKEN, name=name)
        except sqlite3.Error as exc:
            pending.result = _failed(exc)
    return job


def rename(db: Database, profile: Profile, name: str, taken: Iterable[str]) -> Profile | str:
    """`profile` called `name` (cleaned), saved now; or why it cannot be."""
    return _now(db, rename_later(db, profile, name, taken, now=True))


def rename_later(db: Database, profile: Profile, name: str, taken: Iterable[str], now: bool = False) -> Pending:
    """`rename` on the worker (or `now`): the answer in the Pending when the save has run."""
    name = clean_name(name)
    pending = Pending(name_problem(name, [other for other in taken if other.casefold() != profile.name.casefold()]))
    if pending.result is not None:
        return pending

    def job(connection: sqlite3.Connection) -> None:
        try:
            connection.execute("UPDATE profiles SET name = ? WHERE id = ?", (name, profile.id))
            pending.result = replace(profile, name=name)
        except sqlite3.IntegrityError:
            pending.result = Notice(NAME_TAKEN, name=name)
        except sqlite3.Error as exc:
            pending.result = _failed(exc)

    _save(db, job, pending, now)
    return pending


def _save(db: Database, job: Callable[[sqlite3.Connection], None], pending: Pending, now: bool) -> None:
    """Run `job` now (a transaction that cannot begin is said in the Pending) or on the worker."""
    if not now:
        db.submit(job)
        return
    try:
        db.write(job)
    except sqlite3.Error as exc:       # a read-only or locked file: BEGIN itself fails
        pending.result = _failed(exc)


def _now(db: Database, pending: Pending) -> Profile | str:
    return pending.result if pending.result is not None else Notice(SAVE_FAILED, error="")


def _failed(exc: BaseException) -> str:
    return Notice(SAVE_FAILED, error=str(exc)[:80])


def update(db: Database, profile: Profile) -> None:
    """Save `profile`'s preferences (on the worker: a frame never waits)."""
    pads = json.dumps(profile.bindings, sort_keys=True) if profile.bindings else None
    values = (profile.character, profile.colour, int(profile.assist), profile.rumble, pads, profile.id)
    db.submit(_run("UPDATE profiles SET character = ?, colour = ?, assist = ?, rumble = ?, bindings = ?"
                   " WHERE id = ?", values))


def touch(db: Database, profile: Profile) -> Profile:
    """`profile` sat down now: it comes first in the list next time."""
    stamp = when()
    db.submit(_run("UPDATE profiles SET last_used = ? WHERE id = ?", (stamp, profile.id)))
    return replace(profile, last_used=stamp)


def delete(db: Database, profile: Profile) -> None:
    db.submit(_run("DELETE FROM profiles WHERE id = ?", (profile.id,)))

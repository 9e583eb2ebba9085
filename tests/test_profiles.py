"""Player profiles in the records database (game/files/profiles.py): made, renamed, touched, deleted;
names trimmed, capped and unique whatever their case; hostile rows skipped with a line, never raised."""
from __future__ import annotations

import sqlite3

import pytest

from game.files import database, profiles
from game.files.database import SCHEMA_VERSION, expected_schema, open_records
from game.files.profiles import Profile

CAST = ("gran", "dash", "pip")


@pytest.fixture
def db(user_dir):
    found, warning = open_records()
    assert warning is None
    yield found
    found.close()


def names(db) -> list[str]:
    return [p.name for p in profiles.load(db, CAST).found]


def test_the_migration_makes_the_profiles_table_and_its_case_free_name_index(db):
    made = {name for kind, name, _sql in expected_schema(SCHEMA_VERSION)}
    assert {"profiles", "profiles_name"} <= made
    assert db.read("PRAGMA user_version") == [(SCHEMA_VERSION,)]


def test_create_trims_and_refuses_empty_long_and_taken_names_in_any_case(db):
    made = profiles.create(db, "  Anna   Lena ", [], "gran", 2)
    assert isinstance(made, Profile) and made.name == "Anna Lena" and made.character == "gran" and made.colour == 2
    assert "taken" in profiles.create(db, "anna lena", [])            # the database's names are checked too
    assert "taken" in profiles.create(db, "ÉLODIE", ["élodie"])        # not only ASCII folds
    assert "at most 16" in profiles.create(db, "W" * 17, [])
    assert "Type a name" in profiles.create(db, "   ", [])
    assert isinstance(profiles.create(db, "W" * 16, []), Profile)
    assert sorted(names(db)) == ["Anna Lena", "W" * 16]


def test_rename_update_touch_and_delete(db):
    anna = profiles.create(db, "Anna", [])
    ben = profiles.create(db, "Ben", [])
    assert isinstance(anna, Profile) and isinstance(ben, Profile)
    assert "taken" in profiles.rename(db, anna, "BEN", ["Anna", "Ben"])
    renamed = profiles.rename(db, anna, "anna", ["Anna", "Ben"])          # its own name in another case
    assert isinstance(renamed, Profile) and renamed.name == "anna"
    profiles.update(db, Profile(anna.id, "anna", "pip", 5, True, "off", {"A": 1, "B": 0}))
    db.flush()
    with db.lock:
        db.connection.execute("UPDATE profiles SET last_used = '2000-01-01T00:00:00'")
    profiles.touch(db, Profile(ben.id, "Ben"))
    db.flush()
    found = profiles.load(db, CAST)
    assert [p.name for p in found.found] == ["Ben", "anna"]
    got = found.get(anna.id)
    assert got is not None and (got.character, got.colour, got.assist, got.rumble, got.bindings) == \
        ("pip", 5, True, "off", {"A": 1, "B": 0})
    profiles.delete(db, got)
    db.flush()
    assert names(db) == ["Ben"]


def test_the_most_recently_used_come_first(db):
    for name in ("Old", "Mid", "New"):
        profiles.create(db, name, [])
    with db.lock:
        for name, stamp in (("Old", "2026-01-01T10:00:00"), ("Mid", "2026-02-01T10:00:00"),
                            ("New", "2026-03-01T10:00:00")):
            db.connection.execute("UPDATE profiles SET last_used = ? WHERE name = ?", (stamp, name))
    assert names(db) == ["New", "Mid", "Old"]


HOSTILE = [
    ("bad json", "INSERT INTO profiles VALUES (10, 'J', NULL, NULL, 0, NULL, '{not json', 'a', 'b')"),
    ("deep json", "INSERT INTO profiles VALUES (11, 'K', NULL, NULL, 0, NULL, '" + "[" * 1500 + "', 'a', 'b')"),
    ("bad button", "INSERT INTO profiles VALUES (12, 'L', NULL, NULL, 0, NULL, '{\"A\": 999}', 'a', 'b')"),
    ("unknown button", "INSERT INTO profiles VALUES (13, 'M', NULL, NULL, 0, NULL, '{\"Z\": 1}', 'a', 'b')"),
    ("huge name", "INSERT INTO profiles VALUES (14, '" + "x" * 5000 + "', NULL, NULL, 0, NULL, NULL, 'a', 'b')"),
    ("empty name", "INSERT INTO profiles VALUES (15, '', NULL, NULL, 0, NULL, NULL, 'a', 'b')"),
    ("blob name", "INSERT INTO profiles VALUES (16, x'00ff', NULL, NULL, 0, NULL, NULL, 'a', 'b')"),
    ("unknown character", "INSERT INTO profiles VALUES (17, 'N', 'dracula', NULL, 0, NULL, NULL, 'a', 'b')"),
    ("bad colour", "INSERT INTO profiles VALUES (18, 'O', NULL, 9, 0, NULL, NULL, 'a', 'b')"),
    ("bad rumble", "INSERT INTO profiles VALUES (19, 'P', NULL, NULL, 0, 'max', NULL, 'a', 'b')"),
    ("bad assist", "INSERT INTO profiles VALUES (20, 'Q', NULL, NULL, 7, NULL, NULL, 'a', 'b')"),
    ("control name", "INSERT INTO profiles VALUES (21, 'a' || char(10) || 'b', NULL, NULL, 0, NULL, NULL, 'a', 'b')"),
    ("escape name", "INSERT INTO profiles VALUES (23, char(27) || '[31mX', NULL, NULL, 0, NULL, NULL, 'a', 'b')"),
    ("bad date", "INSERT INTO profiles VALUES (22, 'R', NULL, NULL, 0, NULL, NULL, x'05', 'b')"),
]


@pytest.mark.parametrize("sql", [sql for _name, sql in HOSTILE], ids=[name for name, _sql in HOSTILE])
def test_a_hostile_row_is_skipped_with_a_line_and_the_sound_ones_stay(db, sql):
    profiles.create(db, "Good", [])
    with db.lock:
        db.connection.execute(sql)
    found = profiles.load(db, CAST)
    assert [p.name for p in found.found] == ["Good"]
    assert len(found.skipped) == 1 and "skipped" in found.skipped[0]


def test_duplicate_names_from_an_edited_file_keep_the_first_only(user_dir):
    # An edited file: the unique index dropped and remade without NOCASE cannot pass the schema check,
    # but names equal only after casefolding ("STRASSE" / "straße") pass NOCASE: the second is skipped.
    db, _warning = open_records()
    with db.lock:
        db.connection.execute("INSERT INTO profiles VALUES (1, 'straße', NULL, NULL, 0, NULL, NULL, 'a', 'z')")
        db.connection.execute("INSERT INTO profiles VALUES (2, 'STRASSE', NULL, NULL, 0, NULL, NULL, 'a', 'y')")
    found = profiles.load(db, CAST)
    assert [p.name for p in found.found] == ["straße"] and "second profile" in found.skipped[0]
    db.close()


def test_a_name_past_the_length_limit_is_an_empty_list_and_a_line(db, monkeypatch):
    with db.lock:
        db.connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 1 << 21)
        db.connection.execute("INSERT INTO profiles VALUES (1, ?, NULL, NULL, 0, NULL, NULL, 'a', 'b')",
                              ("x" * (1 << 20 | 5),))
        db.connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, database.MAX_VALUE)
    found = profiles.load(db, CAST)
    assert found.found == [] and found.skipped and "could not be read" in found.skipped[0]


def test_a_huge_table_reads_only_the_first_rows(db):
    with db.lock:
        db.connection.executemany("INSERT INTO profiles VALUES (?, ?, NULL, NULL, 0, NULL, NULL, 'a', 'b')",
                                  [(i, f"p{i}") for i in range(1, 1001)])
    assert len(profiles.load(db, CAST).found) == profiles.MAX_PROFILES

"""Fuzz each reader of untrusted files with hypothesis (a few seconds each): whatever the bytes,
the reader returns or raises its own one-line error, never anything else.
The long version, in subprocesses with resource limits, is tools/fuzz.py."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.driver.replay import ReplayError, from_code, read_replay, to_code

FAST = settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
SLOW = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)

NASTY = st.sampled_from(["", "nan", "inf", "-1", "1e999", "9" * 5000, "\u00b2", "\u0663", "\x1b[31m", "\n", "[]",
                         "{}", "null", "true", "0", "2147483648", "1e9", "-0", "\x00", "../../etc/passwd", "2000000"])


def _one_line(exc: BaseException) -> None:
    text = str(exc)
    assert "\n" not in text and "\x1b" not in text, text


@st.composite
def mutated(draw, original: str):
    """`original` with a few edits: a span replaced by nasty text or random characters, lines dropped or doubled."""
    text = original
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["replace", "nasty", "drop_line", "double_line", "cut"]))
        if not text:
            break
        at = draw(st.integers(0, len(text) - 1))
        if kind == "replace":
            text = text[:at] + draw(st.text(max_size=8)) + text[at + draw(st.integers(0, 8)):]
        elif kind == "nasty":
            text = text[:at] + draw(NASTY) + text[at + draw(st.integers(0, 4)):]
        elif kind == "cut":
            text = text[:at]
        else:
            lines = text.split("\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [] if kind == "drop_line" else [lines[i], lines[i]]
            text = "\n".join(lines)
    return text


def _replay_text() -> str:
    import hostile
    return hostile.good_replay()


REPLAY = _replay_text()


@FAST
@given(mutated(REPLAY))
def test_replay_reader(text):
    try:
        read_replay(text)
    except ReplayError as exc:
        _one_line(exc)


@FAST
@given(mutated(to_code(REPLAY)))
def test_run_code_reader(code):
    try:
        read_replay(from_code(code))
    except ReplayError as exc:
        _one_line(exc)


def _json_values():
    leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=False), st.text(max_size=6))
    return st.recursive(leaf, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                          max_size=4), max_leaves=20)


def _user_file_bytes(template: dict):
    """A user file: the real shape with values swapped for anything JSON holds, or raw mutated text."""
    keys = st.sampled_from(sorted(_paths(template)))
    edited = st.builds(lambda path, value: _set(json.loads(json.dumps(template)), path, value), keys, _json_values())
    return st.one_of(edited.map(lambda d: json.dumps(d).encode()),
                     mutated(json.dumps(template)).map(lambda t: t.encode("utf-8", "surrogatepass")))


def _paths(data, prefix=()):
    out = {prefix}
    if isinstance(data, dict):
        for k, v in data.items():
            out |= _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out |= _paths(v, prefix + (i,))
    return out


def _set(data, path, value):
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


SETTINGS = {"version": 1, "volume": 0.5, "fullscreen": False, "colourblind": True, "screen_shake": True,
            "ui_scale": 1.0, "show_fps": False}
BINDINGS = {"version": 1, "keyboard": {"left": {"A": 97, "UP": 119}, "right": {"A": 1073741912}}, "pad": {"A": 0}}
RECORDS = {"version": 1, "boards": {"rush_solo.set.A": {
    "pb": {"ticks": 900, "splits": [300, 600, 900], "names": ["a", "b", "c"], "flags": [], "date": "2026-11-30",
           "replay": "rush_solo.set.A-20261130-100000.replay", "seed": 4},
    "best_segments": [290, 300, 310], "leaderboard": [{"ticks": 900, "date": "2026-11-30", "splits": []}],
    "last": [{"ticks": None, "splits": [5], "flags": ["assist"]}], "attempts": 3}}}


def _write(user_dir, name, data):
    user_dir.mkdir(parents=True, exist_ok=True)
    for p in user_dir.iterdir():
        if p.is_file():
            p.unlink()
    (user_dir / name).write_bytes(data)


@FAST
@given(_user_file_bytes(SETTINGS))
def test_settings_reader(user_dir, data):
    from game.core.settings import Settings
    from game.files.register import UI_SCALE_MAX, UI_SCALE_MIN
    _write(user_dir, "settings.json", data)
    settings, warning = Settings.load()
    assert 0.0 <= settings.volume <= 1.0 and UI_SCALE_MIN <= settings.ui_scale <= UI_SCALE_MAX
    assert all(isinstance(getattr(settings, f), bool) for f in ("fullscreen", "colourblind", "show_fps"))
    assert warning is None or "\n" not in warning
    settings.save()
    assert Settings.load()[1] is None or "newer" in Settings.load()[1]


@FAST
@given(_user_file_bytes(BINDINGS))
def test_bindings_reader(user_dir, data):
    from game.input.bindings import Bindings, key_label
    _write(user_dir, "bindings.json", data)
    bindings, warning = Bindings.load()
    for layout in bindings.keys.values():
        for code in layout.values():
            key_label(code)          # the Controls screen draws every binding
    assert warning is None or "\n" not in warning


@FAST
@given(_user_file_bytes(RECORDS))
def test_speedrun_records_reader(user_dir, data):
    from game.speedrun.records import Records
    from game.speedrun.timer import format_ticks
    _write(user_dir, "speedrun.json", data)
    records, warning = Records.load()
    assert warning is None or "\n" not in warning
    for key in list(records.data["boards"]):   # what the menu and results screens read
        board = records.board(key)
        pb = records.pb(key)
        if pb:
            format_ticks(pb["ticks"])
            len(pb["splits"])
        best = board.get("best_segments", [])
        if best and all(b is not None for b in best):
            sum(best)
        records.comparison(key)
        records.leaderboard(key)
        records.last_runs(key)
        records.attempts(key)
        records.referenced_replays()
        records.add_run(key, {"ticks": 100, "splits": [100], "flags": [], "seed": 1})


def _history_template() -> dict:
    """The register's example history with its running summary, as the game writes it."""
    from game.speedrun.attempts import Summary, from_row
    from game.files.register import HISTORIES
    data = json.loads(json.dumps(HISTORIES.example))
    data["summary"] = Summary.of([from_row(r) for r in data["rows"]] + data["attempts"]).to_data()
    return data


def _example(key: str) -> dict:
    from game.files.register import REGISTER
    return next(e.example for e in REGISTER if e.key == key)


@FAST
@given(_user_file_bytes(_example("pad_mappings")))
def test_pad_mappings_reader(user_dir, data):
    from game.input import mappings
    _write(user_dir, mappings.FILE_NAME, data)
    saved, warning = mappings.load()
    assert warning is None or "\n" not in warning
    for guid, mapping in saved.items():           # what reaches SDL: its own form, encodable
        assert mapping.startswith(guid + ",") and "\n" not in mapping
        mapping.encode("utf-8")


@FAST
@given(_user_file_bytes(_example("howto_seen")))
def test_howto_seen_reader(user_dir, data):
    from game.scenes.menus.howto import SEEN_FILE, load_seen
    _write(user_dir, SEEN_FILE, data)
    seen, warning = load_seen()
    assert all(isinstance(k, str) for k in seen) and (warning is None or "\n" not in warning)


@FAST
@given(_user_file_bytes(_history_template()))
def test_attempt_history_reader(user_dir, data):
    """Whatever the history holds, the History screen's numbers, its kept list, an export and the next
    attempt all work (a summary that does not fit its attempts is counted again)."""
    from game.speedrun.attempts import AttemptLog
    from game.files.untrusted import UntrustedError
    path = AttemptLog.path_for("rush.set.A")
    _write(path.parent, path.name, data)
    log, warning = AttemptLog.load("rush.set.A")
    assert warning is None or "\n" not in warning
    stats = log.stats(["Card 1", "Card 2", "SOLD OUT!"], [300, 600, 900], [250, None, 300])
    assert stats.attempts >= 0 and all(s.count >= 0 for s in stats.segments)
    for attempt in log.kept():
        try:
            log.replay_text(attempt)
        except UntrustedError as exc:
            _one_line(exc)
    log.every_attempt()
    log.add({"ticks": 1000, "splits": [300, 600, 1000], "flags": []})
    log.save()
    again, warning = AttemptLog.load("rush.set.A")
    assert warning is None or "newer" in warning, warning


@FAST
@given(_user_file_bytes(_example("attempt_archive")))
def test_attempt_archive_reader(user_dir, data):
    from game.speedrun.attempts import AttemptLog
    path = AttemptLog.path_for("rush.set.A")
    path.write_text(json.dumps({"version": 2, "archived": 1, "compacted": 1, "rows": [], "attempts": []}))
    (path.parent / "archive").mkdir(exist_ok=True)
    (path.parent / "archive" / "rush.set.A-1.json").write_bytes(data)
    log, warning = AttemptLog.load("rush.set.A")
    assert warning is None or "\n" not in warning
    log.stats(["a", "b", "c"])
    assert all(isinstance(a["id"], int) for a in log.every_attempt()[0])


SCENARIO = ('game = "soldout"\n[[case]]\nname = "walk"\nmode = "rush"\nplayers = 2\nseed = 3\n'
            'step = [{do = "put_down"}]\nexpect = {scores = [0, 0]}\n')


@FAST
@given(mutated(SCENARIO))
def test_scenario_reader(tmp_path_factory, text):
    from game.app.scenarios import ScenarioFileError, load_file, run_case
    path = tmp_path_factory.mktemp("scen") / "s.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        game, cases = load_file(path)
    except ScenarioFileError as exc:
        _one_line(exc)
        return
    for case in cases:
        run_case(game, case)


def _level_text() -> str:
    import hostile
    return hostile._level_text()


LEVEL = _level_text()


def _loads_and_draws_or_one_line(path: Path) -> None:
    """A level the reader accepts draws; one it refuses says why in one line."""
    import pygame

    from game.files.levels import LevelError, load_level
    from game.render.level_art import render_level
    try:
        level = load_level(path)
    except LevelError as exc:
        _one_line(exc)
        return
    if not pygame.display.get_init():
        pygame.display.init()
    render_level(level, 0.5)


@SLOW
@given(mutated(LEVEL))
def test_level_reader_and_what_it_accepts_draws(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("lvl") / "l.tmx"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    _loads_and_draws_or_one_line(path)


TEMPLATE = (Path(__file__).resolve().parent.parent / "levels" / "templates" / "spawn.tx").read_text()


@SLOW
@given(mutated(TEMPLATE))
def test_template_reader_and_what_it_accepts_draws(tmp_path_factory, text):
    """A level whose spawn template beside it is damaged: one line, or it loads and draws."""
    folder = tmp_path_factory.mktemp("tpl")
    (folder / "templates").mkdir()
    (folder / "templates" / "spawn.tx").write_text(text, encoding="utf-8", errors="surrogatepass")
    path = folder / "l.tmx"
    path.write_text(LEVEL, encoding="utf-8")
    _loads_and_draws_or_one_line(path)


@pytest.mark.parametrize("text", ["", "{}", "[]", "SOCO-REPLAY", "SOCO-REPLAY 1 {}", "SOCO1-", "SOCO1-.", "SOCO1-AAAA.0"])
def test_tiny_inputs(text):
    for reader in (read_replay, lambda t: read_replay(from_code(t))):
        with pytest.raises(ReplayError) as info:
            reader(text)
        _one_line(info.value)


_CELL = st.one_of(st.none(), st.integers(-(1 << 63), (1 << 63) - 1), st.floats(allow_nan=True), NASTY,
                  st.text(max_size=40), st.binary(max_size=40), st.sampled_from(["gran", "low", '{"A": 1}', "{" * 500]))


@SLOW
@given(st.lists(st.tuples(*[_CELL] * 8), max_size=6))
def test_profiles_reader(user_dir, rows):
    """Whatever an edited records database holds in its profiles table, listing them returns sound
    profiles and one line per skipped row; a profile listed makes its own name again after a rename."""
    from game.files import database, profiles
    db = database.shared()
    with db.lock:
        db.connection.execute("DELETE FROM profiles")
        for n, row in enumerate(rows):
            db.connection.execute("INSERT OR IGNORE INTO profiles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", (n + 1, *row))
    found = profiles.load(db, ("gran", "pip"))
    assert all("\n" not in line for line in found.skipped)
    names = [p.name for p in found.found]
    assert len({n.casefold() for n in names}) == len(names)
    for profile in found.found:
        assert 1 <= len(profile.name) <= profiles.MAX_NAME and profile.name == profiles.clean_name(profile.name)
        assert profile.name.isprintable()
        assert profile.character in (None, "gran", "pip") and profile.colour in (None, *range(6))


def _evening_record_text() -> str:
    from devkit.shots.evening import sample_records
    from game.evening.store import record_text
    return record_text(sample_records()[0])


@FAST
@given(mutated(_evening_record_text()))
def test_evening_match_row_reader(text):
    """A row of tonight's matches in the records database: a record the tally and honours can read
    (and the summary say), or None; never anything else."""
    from game.evening.honours import honours
    from game.evening.store import record_of
    from game.evening.tally import tally
    record = record_of(text)
    if record is not None:
        tally([record, record])
        for honour in honours([record, record]):
            honour.said()


def _career_row() -> tuple[str, bytes]:
    import zlib
    return "[0, 2]", zlib.compress(b"SOCO-REPLAY 1 {}\n" * 20)


@FAST
@given(mutated(_career_row()[0]), st.binary(max_size=64), st.booleans())
def test_career_row_reader(user_dir, stars, noise, whole_blob):
    """A career row in the records database: its runs as the game wrote them, or None (the
    challenge's runs are dropped with a line); a blob is damaged or a row's stars are anything."""
    from game.career import progress
    from game.career.challenges import load_career
    from game.files.database import open_records
    challenge = load_career().challenges()[0]
    blob = _career_row()[1] if whole_blob else _career_row()[1][: len(noise)] + noise
    db, _warning = open_records()
    db.write(lambda c: c.execute("INSERT OR REPLACE INTO career_runs (challenge, n, stars, replay) VALUES (?, 0, ?, ?)", (challenge.id, stars, blob)))
    runs = progress._stored(db, challenge)
    assert runs is None or all(isinstance(run.replay, str) and set(run.stars) <= {0, 1, 2} for run in runs)
    db.close()

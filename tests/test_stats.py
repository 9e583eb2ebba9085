"""The player's stats (#43): a match's record built from real matches of both games (places, ties,
facts), told once per match in the window and never for a demo, a replay or a pilot; saved in the
records database and read back as stories (streaks, head-to-head, everyone by name); hostile rows
skipped; the stats screen driven through its real scene; CSV that a CSV reader reads back."""
from __future__ import annotations

import csv
import dataclasses
import sqlite3

import pygame
import pytest

from game.driver.match_driver import MatchDriver, bot_seed, recorder
from game.driver.replay import Replay
from game.files import database
from game.match import games
from game.match.commands import IDLE, Button, Command
from game.match.record import MatchRecord, SeatLine
from game.match.spec import MatchSpec, NoOptions, SeatSpec
from game.render.text import TEXT_MIN_PX
from game.stats import export, queries, store

FINISHED = "2026-12-06T21:00:00+01:00"


# ---------------------------------------------------------------- records of real matches
def _soldout(spec: MatchSpec, replay: Replay | None = None) -> tuple[MatchRecord, dict]:
    """A whole Sold Out! match, headless, its tally watching the driver (as the window's does)."""
    from game.bots.soldout import make_soldout_bot
    from game.driver import soldout_headless
    sim, modes = soldout_headless.new_sim(spec)
    driver = MatchDriver(sim, [s.seat for s in spec.seats], recorder(spec) if replay is None else None,
                         playback=replay.ticks() if replay is not None else None, rounds=modes)
    if replay is None:
        for s in spec.seats:
            driver.seat_bot(s.seat, make_soldout_bot(s, sim, bot_seed(spec.seed, s.seat)))
    tally = games.get("soldout").tally(spec)
    driver.watch(tally.observe)
    while sim.phase != "match_over" and driver.start_due_round():
        driver.step()
    text = driver.writer.text() if driver.writer is not None else ""
    return tally.record(sim, FINISHED, {0: 7}), {"result": soldout_headless.result_json(spec, sim), "replay": text}


def _sold_out(seats: tuple[SeatSpec, ...], seed: int, **options: object) -> MatchSpec:
    from game.rules.soldout.options import SoldOutOptions
    return games.get("soldout").spec(seats, seed, SoldOutOptions(**options))     # type: ignore[arg-type]


def _bots(n: int, teams: int = 0) -> tuple[SeatSpec, ...]:
    return tuple(SeatSpec(i, f"Seat {i}", "bot" if i else "human", "hard", team=i % teams if teams else None)
                 for i in range(n))


def test_a_sold_out_record_has_the_podiums_places_and_the_matchs_facts():
    spec = _sold_out(_bots(3), 11, mode="rush", rounds=2)
    record, made = _soldout(spec)
    result = made["result"]
    assert record.game == "soldout" and record.modes == ("rush", "rush") and record.level
    assert record.ticks == result["ticks"] and record.seed == 11
    assert [line.score for line in record.seats] == [p["score"] for p in result["players"]]
    assert sorted(line.seat for line in record.winners) == sorted(result["winners"])
    for line in record.seats:
        assert line.place == 1 + sum(other.score > line.score for other in record.seats)
    human, bot = record.seats[0], record.seats[1]
    assert human.profile == 7 and human.difficulty == "" and bot.profile is None and bot.difficulty == "hard"
    assert all(line.grabs > 0 and line.walked > 1 and line.fastest_grab is not None for line in record.seats)
    assert sum(line.flips for line in record.seats) > 0


def test_the_same_record_comes_out_of_the_matchs_replay():
    spec = _sold_out(_bots(2), 5, mode="memory")
    played, made = _soldout(spec)
    from game.driver.replay import read_replay
    replayed, _ = _soldout(spec, read_replay(made["replay"]))
    assert replayed == played


def test_team_mates_share_their_teams_place():
    spec = _sold_out(_bots(4, teams=2), 3, mode="rush", teams=True)
    record, _ = _soldout(spec)
    by_team: dict[int | None, set[int]] = {}
    for line in record.seats:
        by_team.setdefault(line.team, set()).add(line.place)
    assert all(len(places) == 1 for places in by_team.values()) and {line.team for line in record.seats} == {0, 1}
    assert sorted(line.place for line in record.seats) in ([1, 1, 2, 2], [1, 1, 1, 1])   # the second team is second


def test_a_check_out_record_ranks_by_points_then_tokens():
    from game.driver import table_headless
    spec = games.get("checkout").spec(tuple(SeatSpec(i, f"S{i}", "bot", "normal") for i in (0, 2, 5)), 8)
    sim = table_headless.new_table(spec)
    driver = MatchDriver(sim, [0, 1, 2])
    for i, bot in enumerate(table_headless.make_bots(spec)):
        driver.seat(i, bot.command)
    tally = games.get("checkout").tally(spec)
    driver.watch(tally.observe)
    while not sim.over():
        driver.step()
    record = tally.record(sim, FINISHED, {})
    assert [line.seat for line in record.seats] == [0, 2, 5] and record.modes == ("standard",)
    assert sorted(line.seat for line in record.winners) == sorted(spec.seats[i].seat for i in sim.winners())
    assert [line.score for line in record.seats] == [score.total for score in sim.scores()]
    assert all(line.flips > 0 and line.grabs > 0 and line.fastest_grab is not None for line in record.seats)
    assert all(line.team is None for line in record.seats)


@pytest.mark.parametrize("ranks, teams, places", [
    ({0: (5,), 1: (5,), 2: (3,)}, None, [1, 1, 3]),                       # a tie at the top shares first
    ({0: (9,), 1: (4,), 2: (4,), 3: (1,)}, None, [1, 2, 2, 4]),           # tied seconds; the next is fourth
    ({0: (5, 2), 1: (5, 3), 2: (5, 3)}, None, [3, 1, 1]),                 # Check Out!'s tokens break a tie
    ({0: (6,), 1: (6,), 2: (2,), 3: (2,)}, [0, 0, 1, 1], [1, 1, 2, 2]),   # teams: a side each, ranked as one
])
def test_places_share_ties_and_skip_after_them(ranks, teams, places):
    from game.match.tally import Tally

    @dataclasses.dataclass
    class Over:
        tick: int = 100

    class Ranked(Tally[Over]):
        def scores(self, world: Over) -> dict[int, int]:
            return {seat: rank[0] for seat, rank in ranks.items()}

        def ranks(self, world: Over) -> dict[int, tuple[int, ...]]:
            return ranks

    seats = tuple(SeatSpec(i, str(i), team=teams[i] if teams else None) for i in ranks)
    tally = Ranked(MatchSpec("x", seats, NoOptions(teams=teams is not None)))
    assert [line.place for line in tally.record(Over(), FINISHED, {}).seats] == places


# ---------------------------------------------------------------- told once, never for a demo, a replay or a pilot
@pytest.fixture
def seated(ctx):
    from game.match.seats import LobbySeat
    from game.scenes import registry
    registry.load_scene_modules()
    ctx.seats[:] = [LobbySeat(0, "bot", difficulty="hard"), LobbySeat(1, "human", ("kb", "left"), profile=4)]
    return ctx


def _finish(scene, done, limit: int) -> int:
    for tick in range(limit):
        scene.update({})
        if done():
            return tick
    raise AssertionError("the match did not end")


def test_a_table_match_in_the_window_tells_the_stats_once(seated):
    from game.scenes.table.scene import TableScene
    told: list[MatchRecord] = []
    seated.match_listeners.append(told.append)
    spec = games.get("checkout").spec((SeatSpec(0, "Orange", "bot", "hard"), SeatSpec(1, "Sky", "bot", "easy")), 4)
    scene = TableScene(seated, spec)
    _finish(scene, scene.sim.over, 60 * 60 * 20)
    for _ in range(30):
        scene.update({})
    assert len(told) == 1
    assert [line.profile for line in told[0].seats] == [None, None], "bots never carry a profile"
    assert TableScene(seated, spec, demo=True).report is None


def test_a_mall_match_in_the_window_tells_the_stats_once_with_its_profiles(seated):
    from game.scenes.mall.scene import MallScene, open_mall, piloted_mall
    told: list[MatchRecord] = []
    seated.match_listeners.append(told.append)
    spec = _sold_out((SeatSpec(0, "Orange", "bot", "hard"), SeatSpec(1, "Sky", "human")), 2, mode="rush")
    scene = open_mall(seated, spec)
    assert isinstance(scene, MallScene)
    scene.howto_due = None
    scene._bot_takeover(1)            # the person's seat played by a bot: the match ends on its own
    _finish(scene, lambda: scene.sim.phase == "match_over", 60 * 60 * 5)
    for _ in range(30):
        scene.update({})
    assert len(told) == 1 and told[0].modes == ("rush",)
    assert {line.seat: line.profile for line in told[0].seats} == {0: None, 1: 4}
    assert piloted_mall(seated, spec).report is None, "the attract loop's demos and screenshots are not counted"


def test_a_replay_watched_in_the_window_is_not_counted(seated):
    from game.scenes.mall.scene import open_mall
    spec = _sold_out(_bots(2), 9, mode="rush")
    _record, made = _soldout(spec)
    from game.driver.replay import read_replay
    scene = open_mall(seated, spec, replay=read_replay(made["replay"]))
    assert getattr(scene, "report", "no mall") is None


def test_a_warm_up_and_the_attract_loop_tell_nobody(seated):
    seated.match_listeners.append(lambda record: None)
    assert seated.sandbox().match_listeners == []


# ---------------------------------------------------------------- storage
def _line(seat: int, name: str, place: int, profile: int | None = None, score: int = 10, **facts) -> SeatLine:
    return SeatLine(seat, name, profile, "human", "", None, score, place, **facts)


def _bot(seat: int, place: int, level: str = "hard") -> SeatLine:
    return SeatLine(seat, "Mint", None, "bot", level, None, 5, place)


def _record(*lines: SeatLine, game: str = "soldout", modes: tuple[str, ...] = ("rush",)) -> MatchRecord:
    return MatchRecord(game, modes, "mall", 1, 3600, FINISHED, tuple(lines))


def _db(*records: MatchRecord) -> database.Database:
    db = database.in_memory()
    for record in records:
        db.write(lambda connection, record=record: store.write(connection, record))
    return db


def test_a_record_saved_by_the_listener_survives_a_restart(user_dir, ctx):
    store.listen(ctx)
    store.listen(ctx)
    assert sum(isinstance(listener, store.Saver) for listener in ctx.match_listeners) == 1
    ctx.finished_match(_record(_line(0, "Ada", 1, profile=3, sold_out_calls=2, fastest_grab=90, walked=12.5),
                               _line(1, "Orange", 2)))
    assert database.flush_all()
    database.close_all()
    db = database.shared()
    assert db.read("SELECT game, mode, modes, ticks FROM matches") == [("soldout", "rush", "rush", 3600)]
    stats = queries.load(db)
    (ada,) = stats.profiles
    assert (ada.name, ada.totals.matches, ada.totals.wins, ada.totals.sold_out_calls) == ("Ada", 1, 1, 2)
    assert (ada.totals.fastest_grab, ada.totals.walked, ada.longest_streak) == (90, 12.5, 1)
    assert [s.name for s in stats.everyone] == ["Ada", "Orange"] and stats.skipped == 0


def test_a_save_never_holds_a_frame(user_dir):
    """The frame's call only queues the save: it returns while the worker is still busy with an
    earlier one (a save done on the caller's thread would wait here for ever), and takes well under
    2 ms (the median: a loaded machine may stop any thread for a moment)."""
    import threading
    import time
    record = _record(*(_line(i, f"P{i}", i + 1, profile=i + 1) for i in range(6)))
    db = database.shared()
    save = store.Saver(db)
    busy, go = threading.Event(), threading.Event()
    db.submit(lambda connection: (busy.set(), go.wait(10)) and None)
    assert busy.wait(10)
    took = []
    for _ in range(20):
        started = time.perf_counter()
        save(record)
        took.append(time.perf_counter() - started)
    assert not go.is_set() and db.flush(0.05) is False, "the saves are queued behind the busy worker"
    go.set()
    assert database.flush_all()
    assert db.read("SELECT count(*) FROM matches") == [(20,)]
    took.sort()
    assert took[len(took) // 2] < 0.002, f"a save held the caller {took[len(took) // 2] * 1000:.2f} ms"


@pytest.mark.parametrize("results, longest, now", [
    ("", 0, 0),
    ("L", 0, 0),
    ("W", 1, 1),
    ("WWLWWWL", 3, 0),
    ("LWWWWLWW", 4, 2),
    ("WWWWW", 5, 5),
    ("TWT", 3, 3),          # a shared first place is a win
])
def test_win_streaks(results, longest, now):
    records = []
    for result in results:
        ada = 1 if result in "WT" else 2
        other = 1 if result in "LT" else 2
        records.append(_record(_line(0, "Ada", ada, profile=1), _line(1, "Bo", other, profile=2)))
    stats = queries.load(_db(*records))
    ada = next((s for s in stats.profiles if s.name == "Ada"), None)
    if not results:
        assert ada is None and stats.empty
        return
    assert ada is not None and (ada.longest_streak, ada.streak) == (longest, now)


def test_head_to_head_counts_who_placed_above_whom_when_both_played():
    db = _db(_record(_line(0, "Ada", 1, profile=1), _line(1, "Bo", 2, profile=2), _line(2, "Cy", 3, profile=3)),
             _record(_line(0, "Ada", 2, profile=1), _line(1, "Bo", 1, profile=2)),
             _record(_line(0, "Ada", 1, profile=1), _line(1, "Bo", 1, profile=2), _bot(2, 3)),
             _record(_line(0, "Bo", 1, profile=2), _line(1, "Cy", 2, profile=3)),
             _record(_line(0, "Ada", 1, profile=1), _line(1, "Orange", 2)))      # a guest is nobody's rival
    ada = queries.load(db).profiles[0]
    assert [(r.name, r.wins, r.losses, r.ties) for r in ada.rivals] == [("Bo", 1, 1, 1), ("Cy", 1, 0, 0)]
    bo = queries.load(db).profiles[1]
    assert [(r.name, r.wins, r.losses, r.ties) for r in bo.rivals] == [("Ada", 1, 1, 1), ("Cy", 2, 0, 0)]


def test_everyone_groups_by_name_and_bots_by_level_and_a_profile_keeps_its_newest_name():
    db = _db(_record(_line(0, "Ada", 1, profile=1), _line(1, "Orange", 2), _bot(2, 3)),
             _record(_line(0, "Orange", 1), _line(1, "Ada", 2), _bot(2, 3, "easy")),
             _record(_line(0, "Adele", 1, profile=1), _bot(1, 2)))
    stats = queries.load(db)
    assert [(s.name, s.profile) for s in stats.profiles] == [("Adele", 1)]     # renamed: the newest name
    assert stats.profiles[0].totals.matches == 2      # the second match's Ada was a guest
    rows = {(s.key, s.totals.matches, s.totals.wins) for s in stats.everyone}
    assert rows == {("name:Ada", 2, 1), ("name:Orange", 2, 1), ("name:Adele", 1, 1), ("bot:hard", 2, 0),
                    ("bot:easy", 1, 0)}
    assert stats.matches == {("soldout", "rush"): 3}


def test_per_game_and_mode_lines_and_mixed_matches():
    db = _db(_record(_line(0, "Ada", 1, profile=1, score=30)),
             _record(_line(0, "Ada", 2, profile=1, score=12), game="checkout", modes=("standard",)),
             _record(_line(0, "Ada", 1, profile=1, score=8), modes=("rush", "tidy")))
    (ada,) = queries.load(db).profiles
    assert {(g.game, g.mode, g.matches, g.wins, g.best_score) for g in ada.games} == {
        ("soldout", "rush", 1, 1, 30), ("checkout", "standard", 1, 0, 12), ("soldout", store.MIXED, 1, 1, 8)}
    assert (ada.totals.matches, ada.totals.wins, ada.totals.best_score) == (3, 2, 30)


def test_the_migration_takes_a_version_1_database_to_the_stats():
    connection = sqlite3.connect(":memory:")
    for sql in database.MIGRATIONS[0]:
        connection.execute(sql)
    database._migrate(connection, 1)
    names = {row[0] for row in connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")}
    assert {"matches", "match_seats", "stat_lines", "stat_subjects", "stat_rivals"} <= names
    assert sorted(database._schema_of(connection)) == sorted(database.expected_schema(database.SCHEMA_VERSION))


# ---------------------------------------------------------------- hostile rows
def _hostile(db: database.Database) -> None:
    def job(connection: sqlite3.Connection) -> None:
        connection.execute("INSERT INTO stat_lines VALUES ('name:Evil', 'soldout', 'rush', -5, 0, 1, 0, 0, 0, 0, NULL)")
        connection.execute("INSERT INTO stat_lines VALUES ('name:Greedy', 'soldout', 'rush', 2, 9, 1, 0, 0, 0, 0, 1)")
        connection.execute(f"INSERT INTO stat_lines VALUES ('name:Huge', 'soldout', 'rush', 1, 0, 1, {1 << 62}, 0, 0,"
                           " 0, NULL)")
        connection.execute("INSERT INTO stat_lines VALUES ('profile:abc', 'soldout', 'rush', 1, 0, 1, 0, 0, 0, 0, 1)")
        connection.execute("INSERT INTO stat_lines VALUES ('who?', 'soldout', 'rush', 1, 0, 1, 0, 0, 0, 0, 1)")
        connection.execute("INSERT INTO stat_subjects VALUES ('profile:9', 9, 'Nine', 1, 5, 2)")   # streak > longest
        connection.execute("INSERT INTO stat_rivals VALUES (1, 1, 1, 0, 0)")
        connection.execute(f"INSERT OR REPLACE INTO stat_rivals VALUES (1, 2, {-(1 << 40) - 5}, 0, 0)")
    db.write(job)


def test_hostile_stats_rows_are_skipped_counted_and_never_added_to():
    db = _db(_record(_line(0, "Ada", 1, profile=1), _line(1, "Bo", 2, profile=2)))
    _hostile(db)
    stats = queries.load(db)
    assert stats.skipped == 8
    assert {s.name for s in stats.everyone} == {"Ada", "Bo"}
    assert [r.name for r in stats.profiles[0].rivals] == [], "Ada's rival row was hostile"
    db.write(lambda connection: store.write(connection, _record(_line(0, "Huge", 1))))
    assert db.read("SELECT sold_out_calls FROM stat_lines WHERE subject = 'name:Huge'") == [(1 << 62,)]


def test_the_stats_screen_opens_over_hostile_rows_and_says_so(ctx):
    from game.scenes.menus.stats import StatsScene
    db = _db(_record(_line(0, "Ada\x1b[31m", 1, profile=1)))
    _hostile(db)
    scene = StatsScene(ctx, db)
    scene.draw(pygame.Surface((1280, 720)), 0.0)
    assert any("damaged stats rows" in text for text in ctx.toasts.texts())


def test_a_database_that_cannot_be_read_shows_an_empty_screen(ctx):
    from game.scenes.menus.stats import StatsScene
    db = database.in_memory()

    def huge_row(connection: sqlite3.Connection) -> None:      # as another program could have written it
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, database.MAX_VALUE * 4)
        connection.execute("INSERT INTO stat_lines VALUES ('name:x', 'soldout', ?, 1, 0, 1, 0, 0, 0, 0, NULL)",
                           ("x" * database.MAX_VALUE * 2,))
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, database.MAX_VALUE)
    db.write(huge_row)
    scene = StatsScene(ctx, db)
    scene.draw(pygame.Surface((1280, 720)), 0.0)
    assert scene.stats.empty and any("cannot be read" in text for text in ctx.toasts.texts())


# ---------------------------------------------------------------- CSV
def _rows(path) -> list[list[str]]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.reader(handle))


def test_the_csv_export_quotes_names_a_csv_reader_reads_back(user_dir):
    names = ['Ada, the "Great"', "Bo\nby the door", "Zoë;'x'"]
    db = _db(_record(_line(0, names[0], 1, profile=1, fastest_grab=75), _line(1, names[1], 2, profile=2),
                     _line(2, names[2], 3)))
    folder = export.export(db)
    assert folder == user_dir / "stats"
    matches = _rows(folder / "matches.csv")
    assert matches[0] == list(export.MATCH_COLUMNS)
    assert [row[9] for row in matches[1:]] == names
    assert matches[1][export.MATCH_COLUMNS.index("fastest_grab_seconds")] == "1.25"
    players = _rows(folder / "players.csv")
    assert players[0] == list(export.PLAYER_COLUMNS)
    assert {row[1] for row in players[1:]} == set(names)
    rivals = _rows(folder / "head_to_head.csv")
    assert rivals[1:] == [["1", names[0], "2", names[1], "1", "1", "0", "0"],
                          ["2", names[1], "1", names[0], "1", "0", "1", "0"]]


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_written_as_text(user_dir):
    names = ["=HYPERLINK(\"http://x\")", "+1+1", "-2", "@SUM(A1)", "Ada-Lou"]
    db = _db(_record(*(_line(i, name, i + 1, profile=i + 1) for i, name in enumerate(names))))
    matches = _rows(export.export(db) / "matches.csv")
    assert [row[9] for row in matches[1:]] == ["'" + name for name in names[:4]] + ["Ada-Lou"]


def test_a_renamed_profile_shows_its_name_now_and_a_deleted_one_its_last_seen():
    db = _db(_record(_line(0, "Ada", 1, profile=1), _line(1, "Bo", 2, profile=2)))
    db.write(lambda connection: connection.execute(
        "INSERT INTO profiles (id, name, character, colour, assist, rumble, bindings, created, last_used)"
        " VALUES (1, 'Adele', NULL, NULL, 0, NULL, NULL, '2026-12-06T20:00:00', '2026-12-06T20:00:00')"))
    assert queries.profile_names(db) == {1: "Adele", 2: "Bo"}


# ---------------------------------------------------------------- the screen
def _press(scene, button: Button) -> None:
    """One press and release of a button (the keyboard's keys and a pad's d-pad alike)."""
    scene.update({-1: Command(0, 0, button, button)})
    scene.update({-1: IDLE})


def _season(people: int = 3) -> database.Database:
    records = [_record(*(_line(i, f"P{i}", 1 + (i + n) % people, profile=i + 1) for i in range(people)))
               for n in range(12)]
    return _db(*records)


def test_the_stats_screen_is_reached_from_the_title_and_driven_by_pad_or_keys(ctx, user_dir):
    from game.scenes.menus.stats import StatsScene
    from game.scenes.menus.title import TitleScene
    title = TitleScene(ctx)
    ctx.stack.push(title)
    ctx.stack.apply()
    title.menu.index = [item.key for item in title.menu.items].index("stats")
    _press(title, Button.A)
    ctx.stack.apply()
    assert isinstance(ctx.stack.top, StatsScene) and ctx.stack.top.stats.empty
    ctx.stack.pop()
    ctx.stack.apply()
    scene = StatsScene(ctx, _season())
    ctx.stack.push(scene)
    ctx.stack.apply()
    assert scene.subject is None and scene.pages[scene.page] == "Players"
    _press(scene, Button.A)
    assert scene.pages[scene.page] == "Games"
    _press(scene, Button.RIGHT)
    assert scene.subject is not None and scene.subject.name == "P0" and scene.pages[scene.page] == "Games"
    _press(scene, Button.RB)
    assert scene.pages[scene.page] == "Head-to-head" and len(scene.table_rows()) == 2
    _press(scene, Button.LB)
    _press(scene, Button.LB)
    assert scene.pages[scene.page] == "Overview"
    _press(scene, Button.LEFT)
    _press(scene, Button.LEFT)
    assert scene.subject is not None and scene.subject.name == "P2"
    _press(scene, Button.X)
    assert (user_dir / "stats" / "matches.csv").is_file() and any("CSV" in t for t in ctx.toasts.texts())
    _press(scene, Button.B)
    ctx.stack.apply()
    assert ctx.stack.top is not scene


def test_a_long_table_scrolls(ctx):
    from game.scenes.menus.stats import ROWS, StatsScene
    db = _db(*(_record(_line(0, f"Guest {n:02d}", 1), _line(1, "Host", 2)) for n in range(ROWS + 3)))
    scene = StatsScene(ctx, db)
    _press(scene, Button.DOWN)
    _press(scene, Button.DOWN)
    assert scene.first == 2
    for _ in range(10):
        _press(scene, Button.DOWN)
    assert scene.first == len(scene.table_rows()) - ROWS


@pytest.mark.parametrize("lang", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("who, page", [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)])
def test_each_page_reads_on_a_tv_in_every_language(ctx, monkeypatch, lang, who, page):
    from devkit.shots.stats import season
    from game.scenes.menus.stats import StatsScene
    from game.text import i18n
    from textprobe import TextProbe
    i18n.set_language(lang)
    probe = TextProbe(monkeypatch)
    scene = StatsScene(ctx, season(7))
    scene.who, scene.page = who, page
    screen = probe.screen()
    scene.draw(screen, 0.0)
    assert probe.overlaps(screen) == []
    assert probe.small(screen, TEXT_MIN_PX) == []
    labels = [label for label, _rect in probe.texts(screen)]
    assert len(labels) > 10


def test_record_fields_match_the_tables_columns():
    """A SeatLine field the save leaves out would be lost without a word."""
    saved = {"seat", "name", "profile", "kind", "difficulty", "team", "score", "place", "sold_out_calls", "flips",
             "grabs", "walked", "fastest_grab"}
    assert {f.name for f in dataclasses.fields(SeatLine)} == saved


def test_a_speedrun_attempt_makes_no_match_record(seated, monkeypatch):
    """A speedrun keeps its own records (attempts, PBs): its run scenes, in the mall and at the table,
    never count a match for the stats."""
    from game.scenes import match_report, registry
    from game.speedrun.categories import load_categories, make_setup
    from game.speedrun.records import Records
    made: list[object] = []
    monkeypatch.setattr(match_report.MatchReport, "__init__", lambda self, *args: made.append(args))
    seated.match_listeners.append(made.append)
    games_run = set()
    for category in load_categories().values():
        setup = make_setup(category, "set", seed_index=0)
        scene = registry.run_scene(seated, setup, registry.RunStart(records=Records()))
        seated.stack.push(scene)
        seated.stack.apply()
        for _ in range(120):
            scene.update({})
        seated.stack.pop()
        seated.stack.apply()
        games_run.add(category.game)
    assert games_run == {"soldout", "checkout"} and made == []


@pytest.mark.parametrize("code, said", [("en", "1.48 s"), ("de", "1,48 s"), ("fr", "1,48 s"), ("es", "1,48 s")])
def test_a_time_on_the_stats_page_is_written_the_languages_way(code, said):
    """The fastest grab in hundredths, with the language's decimal mark (German read "1.48 s")."""
    from game import TICK_RATE
    from game.scenes.menus.stats import seconds
    from game.text import i18n
    try:
        i18n.set_language(code)
        assert seconds(round(1.48 * TICK_RATE)).replace("\u202f", " ").replace("\xa0", " ") == said
    finally:
        i18n.set_language(i18n.DEFAULT)

"""The evening (game/evening, game/scenes/evening.py): tonight's tally and honours from the
finished matches, kept in the records database across a restart, and its screens driven by keys."""
from __future__ import annotations

import datetime as dt
import sqlite3

import pygame
import pytest

from game import app
from game.evening import store
from game.evening.honours import honours
from game.evening.tally import tally
from game.evening.tonight import Evening
from game.files.database import open_records
from game.match.record import MatchRecord, SeatLine
from game.scenes.evening import EveningScene, winners_line
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.title import TitleScene
from tests.menus import hold_a, select_row, top_menu


def line(seat: int, score: int, place: int, name: str = "", profile: int | None = None, bot: bool = False,
         **facts: object) -> SeatLine:
    names = ["Orange", "Sky", "Green", "Yellow", "Blue", "Pink"]
    return SeatLine(seat, name or names[seat], profile, "bot" if bot else "human", "hard" if bot else "", None,
                    score, place, **facts)  # type: ignore[arg-type]


def match(*seats: SeatLine, game: str = "soldout", n: int = 0) -> MatchRecord:
    return MatchRecord(game, ("rush",) if game == "soldout" else ("standard",), "galleria", 7 + n, 5400,
                       f"2026-12-05T21:{n:02}:00", seats)


# ---------------------------------------------------------------- the tally
MIA, JONAS = dict(name="Mia", profile=1), dict(name="Jonas", profile=2)
TALLIES = {
    "no matches": ([], 0, []),
    "one match": ([match(line(0, 5, 1), line(1, 3, 2))], 1, [("Orange", 1, 1), ("Sky", 1, 0)]),
    "a tie at the top wins for both": ([match(line(0, 5, 1), line(1, 5, 1), line(2, 1, 3))], 1,
                                       [("Orange", 1, 1), ("Sky", 1, 1), ("Green", 1, 0)]),
    # a profile is one player whichever seat it sits, and keeps its latest name
    "profiles across seats": ([match(line(0, 5, 1, **MIA), line(1, 3, 2, **JONAS)),
                               match(line(0, 2, 2, **JONAS), line(1, 6, 1, name="Mia B", profile=1))], 2,
                              [("Mia B", 2, 2), ("Jonas", 2, 0)]),
    # a bot and a guest of the same colour are two players
    "bots are their own players": ([match(line(0, 5, 1), line(1, 3, 2)),
                                    match(line(0, 1, 2, bot=True), line(1, 4, 1))], 2,
                                   [("Orange", 1, 1), ("Sky", 2, 1), ("Orange", 1, 0)]),
}


@pytest.mark.parametrize("records, matches, players", TALLIES.values(), ids=TALLIES.keys())
def test_the_tally_counts_matches_and_wins_per_player(records, matches, players):
    counted = tally(records)
    assert counted.matches == matches
    assert [(p.name, p.played, p.wins) for p in counted.players] == players


def test_the_tally_marks_bots_and_guests_as_such():
    players = tally([match(line(0, 5, 1, **MIA), line(1, 3, 2), line(2, 9, 1, bot=True))]).players
    assert [(p.profile, p.bot) for p in players] == [(True, False), (False, False), (False, True)]
    evening = Evening(records=[match(line(0, 5, 1, **MIA), line(1, 3, 2), line(2, 5, 1, bot=True))])
    assert winners_line(evening) == "Mia 1 · Green (bot) 1"


# ---------------------------------------------------------------- the honours
def _said(records):
    return {h.key: (sorted(k[1] for k in h.who), h.said()) for h in honours(records)}


HONOURS = {
    "no matches, no honours": ([], {}),
    "one match": ([match(line(0, 7, 1, flips=9, grabs=4, walked=120.4, sold_out_calls=1, fastest_grab=90),
                         line(1, 4, 2, flips=3, grabs=2, walked=80.0, fastest_grab=150))],
                  {"closest": (["Orange"], "won by 3 points"), "sold_out": (["Orange"], "1 SOLD OUT! call"),
                   "fastest": (["Orange"], "1.5 sec"), "flips": (["Orange"], "9 flips and rolls"),
                   "grabs": (["Orange"], "4 grabs"), "walked": (["Orange"], "120 tiles walked")}),
    "ties are all named": ([match(line(0, 5, 1, flips=6), line(1, 4, 2, flips=6)),
                            match(line(0, 2, 2, flips=1), line(1, 3, 1, flips=1), n=1)],
                           {"closest": (["Orange", "Sky"], "won by 1 point"),
                            "flips": (["Orange", "Sky"], "7 flips and rolls")}),
    "a tie-break win is the closest": ([match(line(0, 30, 1), line(1, 30, 2), game="checkout"),
                                        match(line(0, 9, 1), line(1, 2, 2), n=1)],
                                       {"closest": (["Orange"], "won on the tie-break"),
                                        "streak": (["Orange"], "2 wins in a row")}),
    "bots earn honours as bots": ([match(line(0, 1, 2, bot=True, grabs=3), line(1, 5, 1, grabs=1))],
                                  {"closest": (["Sky"], "won by 4 points"), "grabs": (["Orange"], "3 grabs")}),
    "everybody tied: nobody's closest finish": ([match(line(0, 2, 1), line(1, 2, 1))], {}),
}


@pytest.mark.parametrize("records, expected", HONOURS.values(), ids=HONOURS.keys())
def test_honours_name_who_and_the_figure(records, expected):
    assert _said(records) == expected


def test_a_streak_is_broken_by_a_match_played_and_lost_not_by_one_sat_out():
    records = [match(line(0, 5, 1), line(1, 1, 2)), match(line(1, 1, 2), line(2, 5, 1), n=1),
               match(line(0, 5, 1), line(1, 1, 2), n=2), match(line(0, 1, 2), line(1, 5, 1), n=3),
               match(line(0, 5, 1), line(1, 1, 2), n=4)]
    streak = next(h for h in honours(records) if h.key == "streak")
    assert [k[1] for k in streak.who] == ["Orange"] and streak.count == 2


# ---------------------------------------------------------------- kept across a restart
class Clock:
    def __init__(self) -> None:
        self.now = dt.datetime(2026, 12, 5, 20, 0, 0)

    def __call__(self) -> dt.datetime:
        return self.now


def _restart(ctx, clock):
    """The game closed and opened again: a fresh context over the same records file."""
    from game.files import database
    database.close_all()
    db, warning = open_records()
    assert warning is None
    ctx.match_listeners.clear()
    return db, store.attach(ctx, db, clock)


def test_tonight_carries_on_after_a_restart_and_an_old_evening_does_not(ctx):
    clock = Clock()
    db, said = _restart(ctx, clock)
    assert said is None and ctx.evening.matches == 0
    first = match(line(0, 5, 1, **MIA, flips=3, walked=10.5, fastest_grab=40), line(1, 3, 2, bot=True))
    ctx.finished_match(first)
    ctx.finished_match(match(line(0, 2, 2, **MIA), line(1, 3, 1, bot=True), n=1))
    db.close()
    clock.now += dt.timedelta(hours=2)
    db, said = _restart(ctx, clock)
    assert ctx.evening.records[0] == first and ctx.evening.matches == 2
    assert said == "Tonight carries on: 2 matches so far"
    db.close()
    clock.now += dt.timedelta(hours=store.CARRY_ON_HOURS, minutes=1)
    db, said = _restart(ctx, clock)
    assert said is None and ctx.evening.matches == 0, "an evening left long ago is over"
    assert db.flush() and db.read("SELECT count(*) FROM evenings WHERE closed = 0") == [(0,)]
    db.close()


def test_new_evening_closes_tonight_for_good(ctx):
    clock = Clock()
    db, _said = _restart(ctx, clock)
    ctx.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    store.new_evening(ctx, clock)
    ctx.finished_match(match(line(0, 1, 2), line(1, 3, 1)))
    db.close()
    db, said = _restart(ctx, clock)
    assert said == "Tonight carries on: 1 match so far"
    assert [p.wins for p in ctx.evening.tally().players] == [0, 1]
    assert db.read("SELECT count(*) FROM evenings") == [(2,)]
    db.close()


def test_a_hostile_row_is_left_out_with_one_line(ctx):
    clock = Clock()
    db, _said = _restart(ctx, clock)
    ctx.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    assert db.flush()
    evening = ctx.evening.number
    for n, text in enumerate(['{"game": 1}', "x" * 70, '{"seats": [[1,2]], "modes": []}', "null"], start=10):
        db.write(lambda c, n=n, text=text: c.execute("INSERT INTO evening_matches VALUES (?, ?, ?)",
                                                      (evening, n, text)))
    db.write(lambda c: c.execute("INSERT INTO evening_matches VALUES (?, 20, ?)",
                                 (evening, store.record_text(match(line(0, 1, 1, name="N" * 500))))))
    db.close()
    db, said = _restart(ctx, clock)
    assert ctx.evening.matches == 1
    assert said == "Tonight carries on: 1 match so far; 5 matches of tonight are damaged and left out"
    db.close()



def _write_raw(db, *rows: tuple[str, tuple[object, ...]]) -> None:
    """Rows written past the game's own 1 MB limit on a value, as another program could while the
    game runs (on opening, the records' quick_check would set a file holding them aside whole)."""
    assert db.flush()
    raw = sqlite3.connect(db.path)
    with raw:
        for sql, params in rows:
            raw.execute(sql, params)
    raw.close()


def test_a_row_too_big_to_read_is_left_out_not_the_evening(ctx):
    """A match row over 1 MB (or numbered with text) costs that row: tonight carries on with the
    others, and the one line counts it with the damaged ones."""
    clock = Clock()
    db, _said = _restart(ctx, clock)
    ctx.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    ctx.finished_match(match(line(0, 1, 2), line(1, 3, 1), n=1))
    number = ctx.evening.number
    huge = store.record_text(match(line(0, 1, 1), n=2)).replace('"galleria"', '"' + "g" * (1 << 21) + '"')
    _write_raw(db, ("INSERT INTO evening_matches VALUES (?, 3, ?)", (number, huge)),
               ("INSERT INTO evening_matches VALUES (?, 'three', 'x')", (number,)),
               ("INSERT INTO evening_matches VALUES (?, ?, 'x')", (number, "n" * (1 << 21))))
    evening, said = store.resume(db, clock)
    assert evening.number == number and evening.keeper is not None and evening.matches == 2
    assert said == "Tonight carries on: 2 matches so far; 3 matches of tonight are damaged and left out"
    evening.add(match(line(0, 5, 1), line(1, 3, 2), n=3))
    assert db.flush() and db.take_errors() == []
    assert db.read("SELECT count(*) FROM evening_matches WHERE evening = ? AND n = 4", (number,)) == [(1,)], \
        "kept after the big row"
    db.close()


def test_an_evening_row_too_big_to_read_starts_tonight_anew_and_says_so(ctx):
    clock = Clock()
    db, _said = _restart(ctx, clock)
    ctx.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    _write_raw(db, ("UPDATE evenings SET started = ?", ("s" * (1 << 21),)))
    evening, said = store.resume(db, clock)
    assert said == "Tonight's evening is damaged and left out: a new one starts"
    assert evening.keeper is not None and evening.matches == 0 and evening.number == 2
    evening.add(match(line(0, 5, 1), line(1, 3, 2)))
    assert db.flush() and db.take_errors() == []
    assert db.read("SELECT id, closed FROM evenings ORDER BY id") == [(1, 1), (2, 0)]
    assert db.read("SELECT count(*) FROM evening_matches") == [(2,)], "the damaged evening's match is kept"
    db.close()


def test_a_damaged_evenings_table_starts_tonight_in_memory(ctx):
    db, _warning = open_records()

    def fail(*_args):
        raise sqlite3.DatabaseError("database disk image is malformed")
    db.read = fail   # type: ignore[method-assign]
    evening, said = store.resume(db, Clock())
    assert evening.keeper is None and evening.matches == 0 and said is not None and "malformed" in said
    db.close()


def test_a_record_survives_its_row_exactly():
    record = match(line(0, 5, 1, **MIA, sold_out_calls=2, flips=4, grabs=3, walked=55.25, fastest_grab=77),
                   line(1, 3, 2, bot=True))
    assert store.record_of(store.record_text(record)) == record


# ---------------------------------------------------------------- the screens, driven by keys
def key(ctx, code, ticks=1):
    ctx.input.handle_event(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.tick(ctx)
    ctx.input.handle_event(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
    for _ in range(ticks):
        app.tick(ctx)


def names(ctx):
    return [scene.name for scene in ctx.stack.scenes]


@pytest.fixture
def title(ctx):
    ctx.match_listeners.append(ctx.evening.add)     # what store.attach does, the records left out
    ctx.stack.push(TitleScene(ctx))
    ctx.stack.apply()
    return ctx


def test_quitting_with_no_match_tonight_quits_at_once(title):
    select_row(lambda code: key(title, code), top_menu(title), "Quit")
    key(title, pygame.K_RETURN)
    assert title.quit_requested


def test_quitting_after_a_match_shows_tonight_first_then_quits(title):
    title.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    select_row(lambda code: key(title, code), top_menu(title), "Quit")
    key(title, pygame.K_RETURN)
    assert names(title) == ["title", "evening"] and not title.quit_requested
    surface = pygame.Surface((1280, 720))
    title.stack.top.draw(surface, 0.0)
    assert top_menu(title).selected.label == "Quit game"
    key(title, pygame.K_RETURN)
    assert title.quit_requested


def test_changing_ones_mind_on_the_way_out_goes_back_to_the_title(title):
    title.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    select_row(lambda code: key(title, code), top_menu(title), "Quit")
    key(title, pygame.K_RETURN)
    key(title, pygame.K_ESCAPE)
    assert names(title) == ["title"] and not title.quit_requested


def test_the_lobby_opens_tonight_with_y_and_new_evening_is_held(title):
    title.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    title.stack.push(LobbyScene(title))
    title.stack.apply()
    key(title, pygame.K_q)                       # the left keyboard's Y
    assert names(title) == ["title", "lobby", "evening"]
    scene = title.stack.top
    assert isinstance(scene, EveningScene)
    select_row(lambda code: key(title, code), scene.menu, "New evening")
    key(title, pygame.K_RETURN)                  # a tap does not end the evening
    assert title.evening.matches == 1
    hold_a(lambda commands: (title.stack.update(commands), title.stack.apply()))
    assert title.evening.matches == 0
    surface = pygame.Surface((1280, 720))
    scene.draw(surface, 0.0)                     # the empty evening draws
    key(title, pygame.K_q)
    assert names(title) == ["title", "lobby"]


def test_the_strip_says_nothing_before_a_match_and_stays_in_its_corner(ctx):
    from game.scenes.evening import PODIUM_STRIP, draw_strip
    surface = pygame.Surface((1280, 720))
    evening = Evening()
    draw_strip(surface, ctx.ui, evening, PODIUM_STRIP)
    assert pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255)).count() == 1280 * 720
    evening.add(match(line(0, 5, 1), line(1, 3, 2, bot=True)))
    draw_strip(surface, ctx.ui, evening, PODIUM_STRIP)
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    assert drawn.count() > 0
    box = drawn.get_bounding_rects()[0].unionall(drawn.get_bounding_rects())
    assert PODIUM_STRIP.inflate(0, 16).contains(box), box   # its shadow drops a few px under it


def test_a_match_after_a_restart_never_writes_over_a_kept_row(ctx):
    clock = Clock()
    db, _said = _restart(ctx, clock)
    ctx.finished_match(match(line(0, 5, 1), line(1, 3, 2)))
    assert db.flush()
    db.write(lambda c: c.execute("INSERT INTO evening_matches VALUES (?, 2, 'damaged')", (ctx.evening.number,)))
    db.close()
    db, said = _restart(ctx, clock)
    assert ctx.evening.matches == 1 and said is not None and "1 match of tonight is damaged" in said
    ctx.finished_match(match(line(0, 1, 2), line(1, 3, 1), n=1))
    assert db.flush()
    rows = db.read("SELECT n, record FROM evening_matches ORDER BY n")
    assert [n for n, _text in rows] == [1, 2, 3] and rows[1][1] == "damaged", "the damaged row is kept as it was"
    db.close()

"""Replays recorded under older rules: every game has a rules revision, and every place a replay is
read (--replay, run codes, the run browser, a PB's ghost and practice, kept attempts) refuses an
older one with one line that says what changed, while the player's records keep their times."""
from __future__ import annotations

import json

import pytest

from game import app
from game.driver.replay import ReplayError, ReplayWriter, header_for, read_replay, to_code
from game.match import games
from game.match.commands import IDLE
from game.match.spec import SeatSpec
from game.speedrun.attempts import AttemptLog
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.demo import RouteRunner
from game.speedrun.records import Records, save_replay
from game.speedrun.session import RunSession
from game.speedrun.verify import parse_text

SOLDOUT_OLDEST = "older Sold Out! rules (a Rush card could go back into a pile, Y put a Memory card back, " \
                 "simultaneous actions went by seat order)"
SOLDOUT_SEAT_ORDER = "older Sold Out! rules (simultaneous actions went by seat order)"
CHECKOUT_ROTATING = "older Check Out! rules (simultaneous grabs at the dice table went in a rotating order)"
NEWER = "newer rules than this game knows"
RUSH_A = make_setup(load_categories()["rush"], "set", seed_index=0)


def recorded(game: str, seats: int, rules: int | None) -> str:
    """A one-tick replay of `game` at `seats` seats whose header names rules revision `rules` (None: no
    revision at all, as every replay written before there was one)."""
    spec = games.get(game).spec(tuple(SeatSpec(i, f"P{i + 1}") for i in range(seats)), 3)
    writer = ReplayWriter(header_for(spec))
    writer.add_tick([IDLE] * seats)
    return with_rules(writer.text(), rules)


def with_rules(text: str, rules: int | None) -> str:
    head, rest = text.split("\n", 1)
    magic, fmt, raw = head.split(" ", 2)
    header = json.loads(raw)
    header.pop("rules")
    if rules is not None:
        header["rules"] = rules
    return f"{magic} {fmt} {json.dumps(header)}\n{rest}"


# (game, seats, rules in the header, what the refusal says; None: it plays)
CASES = [
    ("soldout", 2, None, SOLDOUT_OLDEST),
    ("soldout", 2, 1, SOLDOUT_OLDEST),
    ("soldout", 2, 2, SOLDOUT_SEAT_ORDER),
    ("soldout", 6, 2, SOLDOUT_SEAT_ORDER),
    ("soldout", 2, 3, None),
    ("soldout", 2, 4, NEWER),
    ("soldout", 1, None, SOLDOUT_OLDEST),      # a solo run of revision 1: the Rush card rule still differs
    ("soldout", 1, 2, None),                   # a solo run of revision 2: nobody to share a tick with
    ("soldout", 1, 3, None),
    ("soldout", 1, 4, NEWER),
    ("checkout", 2, None, CHECKOUT_ROTATING),
    ("checkout", 2, 1, CHECKOUT_ROTATING),
    ("checkout", 2, 2, CHECKOUT_ROTATING),     # the Sold Out! number Check Out! replays carried before
    ("checkout", 6, 2, CHECKOUT_ROTATING),
    ("checkout", 2, 3, None),
    ("checkout", 6, 3, None),
    ("checkout", 2, 4, NEWER),
]


@pytest.mark.parametrize("game, seats, rules, refusal", CASES)
def test_a_replay_plays_only_under_its_own_rules(game, seats, rules, refusal):
    text = recorded(game, seats, rules)
    if refusal is None:
        assert read_replay(text).header["game"] == game
        return
    with pytest.raises(ReplayError) as err:
        read_replay(text)
    message = str(err.value)
    assert refusal in message and "cannot be replayed" in message and "\n" not in message


def test_replays_are_written_under_each_games_own_revision():
    revisions = {game.key: game.rules_revision for game in games.all_games()}
    assert revisions == {"soldout": 3, "checkout": 3}
    for game, seats in (("soldout", 2), ("checkout", 2)):
        head = recorded(game, seats, revisions[game]).split("\n", 1)[0]
        spec = games.get(game).spec((SeatSpec(0, "A"), SeatSpec(1, "B")), 3)
        assert header_for(spec)["rules"] == revisions[game] and f'"rules": {revisions[game]}' in head


def test_every_older_revision_says_what_changed():
    for game in games.all_games():
        assert all(revision in game.older_rules for revision in range(1, game.rules_revision))


@pytest.mark.parametrize("game, seats, rules, refusal",
                         [case for case in CASES if case[3] is not None and case[1] > 1])
def test_the_command_line_and_run_codes_refuse_in_one_line(tmp_path, capsys, game, seats, rules, refusal):
    text = recorded(game, seats, rules)
    for name, body in (("old.replay", text), ("old.txt", to_code(text))):
        path = tmp_path / name
        path.write_text(body, encoding="utf-8")
        assert app.main(["--replay", str(path), "--headless", "--json"]) == 2
        err = capsys.readouterr().err.strip()
        assert refusal in err and name in err and "\n" not in err and "Traceback" not in err
    with pytest.raises(ReplayError, match="cannot be replayed"):
        parse_text(to_code(text))                      # a run code pasted in the speedrun menu


def test_the_run_browser_says_why_in_the_players_language(ctx):
    from game.scenes.speedrun.run_browser import open_run_text
    from game.text import i18n
    from game.text.notice import said
    with pytest.raises(ReplayError) as err:
        open_run_text(ctx, to_code(recorded("checkout", 2, 2)))
    i18n.set_language("de")
    try:
        german = said(err.value)
    finally:
        i18n.set_language("en")
    assert german != str(err.value) and "Check Out!" in german


def _old_pb(ctx) -> tuple[Records, int, str]:
    """A finished solo Rush run saved as the board's PB, its replay (and a kept attempt's) of revision 1."""
    session = RunSession(RUSH_A)
    runner = RouteRunner(session.sim)
    while not session.over:
        session.step(runner.command())
    text = with_rules(session.replay_text(), 1)
    records = Records()
    ticks = session.outcome.ticks
    records.add_run(RUSH_A.board, {"ticks": ticks, "splits": list(session.splits.times), "flags": [],
                                   "seed": RUSH_A.seed, "replay": save_replay(RUSH_A.board, text)})
    records.save()
    log, _ = AttemptLog.load(RUSH_A.board)
    log.add({"outcome": "finished", "ticks": ticks, "splits": list(session.splits.times), "seed": RUSH_A.seed,
             "names": list(session.splits.names)}, text)
    log.save()
    return records, ticks, text


def test_a_pb_of_older_rules_keeps_its_time_and_says_once_why_it_has_no_ghost(ctx):
    from game.scenes.speedrun.history import SpeedrunHistoryScene
    from game.scenes.speedrun.run import SpeedrunRunScene
    records, ticks, _ = _old_pb(ctx)
    first = SpeedrunRunScene(ctx, RUSH_A, records=records)
    assert first.ghost is None
    said = [t.text for t in ctx.toasts.items]
    assert len(said) == 1 and said[0].startswith("No PB ghost: ") and SOLDOUT_OLDEST in said[0]
    again = SpeedrunRunScene(ctx, RUSH_A, records=Records.load()[0])   # the next start: not said again
    assert again.ghost is None and [t.text for t in ctx.toasts.items] == said
    assert Records.load()[0].pb(RUSH_A.board)["ticks"] == ticks      # the PB keeps its time
    # Watching the kept attempt and practising from the PB are refused, each saying why.
    ctx.toasts.items.clear()
    history = SpeedrunHistoryScene(ctx, RUSH_A, Records.load()[0])
    history.watch()
    history.practise()
    told = [t.text for t in ctx.toasts.items]
    assert len(told) == 2 and all(SOLDOUT_OLDEST in t for t in told)
    assert told[0].startswith("Attempt #1 cannot be played") and told[1].startswith("Cannot practise")
    assert Records.load()[0].pb(RUSH_A.board)["ticks"] == ticks


def test_a_solo_pb_of_revision_2_still_runs_as_a_ghost(ctx):
    from game.scenes.speedrun.run import SpeedrunRunScene
    records, _, text = _old_pb(ctx)
    pb = records.pb(RUSH_A.board)
    pb["replay"] = save_replay(RUSH_A.board, with_rules(text, 2))
    run = SpeedrunRunScene(ctx, RUSH_A, records=records)
    assert run.ghost is not None and not ctx.toasts.items

"""The games registry (game/match/games.py): each game is one object, the mode of every round
has one home (Game.schedule) and is kept in a replay's header, and nothing outside the
registry switches on a game's key."""
import re
from dataclasses import replace
from pathlib import Path

import pytest

from game.driver.replay import ReplayError, ReplayWriter, header_for, read_replay
from game.match import games
from game.match.commands import IDLE
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout import modes
from game.rules.soldout.options import SoldOutOptions
from game.games.checkout import CheckOutOptions

ROOT = Path(__file__).resolve().parent.parent
SEATS = (SeatSpec(0, "A", "bot"), SeatSpec(1, "B", "bot"))
CHOOSE = MatchSpec("soldout", SEATS, seed=5, options=SoldOutOptions(mode="choose", rounds=4))


def _text(header: dict) -> str:
    writer = ReplayWriter(header)
    writer.add_tick([IDLE, IDLE])
    return writer.text()


def test_both_games_are_registered_in_menu_order():
    assert [(g.key, g.title) for g in games.all_games()] == [("soldout", "Sold Out!"), ("checkout", "Check Out!")]
    assert games.find("nosuchgame") is None and games.find(3) is None
    with pytest.raises(KeyError):
        games.get("nosuchgame")


def test_each_game_makes_its_own_options_from_the_same_words():
    words = {"mode": "tidy", "rounds": 3, "level": "boutique", "assist": True}
    soldout, checkout = games.get("soldout"), games.get("checkout")
    assert soldout.options_from(words) == SoldOutOptions(mode="tidy", rounds=3, level="boutique", assist=True)
    assert checkout.options_from(words) == CheckOutOptions()
    assert checkout.header(checkout.options_from(words)) == {"mode": "standard", "rounds": 4, "teams": False,
                                                            "level": None, "options": {}}


def test_the_schedule_takes_the_modes_in_turn_and_is_recorded():
    cycle = modes.cycle()
    expected = [cycle[r % len(cycle)] for r in range(4)]
    assert games.get("soldout").schedule(CHOOSE) == expected
    assert header_for(CHOOSE)["schedule"] == expected
    assert games.get("soldout").schedule(replace(CHOOSE, options=SoldOutOptions(mode="memory", rounds=4))) == ["memory"] * 4


def test_a_replay_keeps_its_schedule_whatever_the_rotation_becomes(monkeypatch):
    """A mode added to "choose each round" later must not change how an old replay plays."""
    text = _text(header_for(CHOOSE))
    recorded = games.get("soldout").schedule(CHOOSE)
    monkeypatch.setattr(modes, "rotation", lambda mode, rounds: ["tidy"] * rounds)
    assert games.get("soldout").schedule(read_replay(text).match_spec()) == recorded
    assert games.get("soldout").schedule(CHOOSE) == ["tidy"] * 4     # a new match takes the new rotation


def test_a_replay_from_before_schedules_plays_by_the_rule():
    header = header_for(CHOOSE)
    del header["schedule"]
    spec = read_replay(_text(header)).match_spec()
    assert spec.schedule == () and games.get("soldout").schedule(spec) == games.get("soldout").schedule(CHOOSE)


@pytest.mark.parametrize("schedule, why", [(["rush"], "one mode per round"), (["rush", "rush", "choose", "rush"],
                                                                             "'choose' is not a soldout mode"),
                                           (["rush", "nosuch", "rush", "rush"], "'nosuch' is not a soldout mode")])
def test_a_damaged_schedule_is_refused(schedule, why):
    header = {**header_for(CHOOSE), "schedule": schedule}
    with pytest.raises(ReplayError, match=why):
        read_replay(_text(header))


def test_the_lobby_and_the_command_line_ask_the_game():
    from game.app.cli import UsageError, parse_args
    with pytest.raises(UsageError, match="--rounds is for Sold Out! .--game soldout.; Check Out! always plays"):
        parse_args(["--headless", "--game", "checkout", "--rounds", "2"])
    with pytest.raises(UsageError, match="Check Out! needs at least 2 players"):
        parse_args(["--headless", "--game", "checkout", "--bots", "1"])
    assert parse_args(["--headless"]).game == "soldout"


GAME_KEY_SWITCH = re.compile(r"""(==|!=|\bin\b)\s*\(?\s*["'](soldout|checkout)["']|["'](soldout|checkout)["']\s*(==|!=)""")
REGISTRY = {"game/match/games.py", "game/games/soldout.py", "game/games/checkout.py"}


def test_no_switch_on_a_game_key_outside_the_registry():
    """At most three (each explained where it stands); the 24 of before are calls on the game object."""
    found = [f"{path.relative_to(ROOT)}:{n}" for folder in ("game", "devkit", "tools") for path in sorted((ROOT / folder).rglob("*.py"))
             if str(path.relative_to(ROOT)) not in REGISTRY
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if GAME_KEY_SWITCH.search(line) and "phase" not in line]
    assert found == []


def test_the_match_driver_knows_no_game():
    source = (ROOT / "game" / "driver" / "match_driver.py").read_text(encoding="utf-8")
    assert not re.search(r"soldout|checkout|SoldOut|MallFace|TableFace|study|game\.bots", source, re.IGNORECASE)


def test_a_recorded_match_plays_back_by_its_own_schedule_after_the_rotation_changed(tmp_path, monkeypatch):
    """End to end: recorded while "choose" took Tidy then Rush, played back once the rotation is
    back to today's (Rush, Memory...): the same match, bit for bit."""
    from game.app import headless
    spec = replace(CHOOSE, options=replace(CHOOSE.options, rounds=2), seats=(SeatSpec(0, "A", "bot", "expert"), SeatSpec(1, "B", "bot", "expert")))
    path = tmp_path / "choose.soco"
    with monkeypatch.context() as patch:
        patch.setattr(modes, "rotation", lambda mode, rounds: ["tidy", "rush"][:rounds])
        recorded = headless.play(spec, path)
    assert [r["mode"] for r in recorded["rounds"]] == ["tidy", "rush"]
    assert headless.play_replay(headless.load_replay_file(str(path))) == recorded


def test_knowing_the_games_loads_no_match():
    """The command line and the replay reader ask the games before anything runs: finding them loads
    no simulation and no pygame (the window's start and --help stay quick)."""
    import subprocess
    import sys
    code = ("import sys; from game.match import games; from game.app.cli import parse_args; games.all_games();"
            "parse_args(['--game', 'checkout', '--headless']);"
            "sys.exit(3 if {'pygame', 'game.sim.mall', 'game.driver.soldout_headless'} & set(sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, timeout=60).returncode == 0

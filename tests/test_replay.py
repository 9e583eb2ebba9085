"""Replays: exact round trips, run-length encoding, clear refusals, run codes."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import VERSION
from game.match.commands import IDLE, STICK_MAX, Button, Command
from game.match.spec import MatchSpec, SeatSpec
from game.rules.soldout.options import SoldOutOptions
from game.driver.replay import (MAGIC, ReplayError, ReplayWriter, from_code, header_for, read_replay,
                         to_code)
from tests.level_folder import own_level

SPEC = MatchSpec(game="soldout", seats=(SeatSpec(0, "Fox"), SeatSpec(1, "Owl", kind="bot", difficulty="hard")),
                 seed=1234, options=SoldOutOptions(mode="rush", rounds=2))

commands = st.builds(Command, st.integers(-STICK_MAX, STICK_MAX), st.integers(-STICK_MAX, STICK_MAX),
                     st.integers(0, 4095).map(Button), st.integers(0, 4095).map(Button))


def _replay_text(ticks: list[list[Command]]) -> str:
    writer = ReplayWriter(header_for(SPEC))
    for tick in ticks:
        writer.add_tick(tick)
    return writer.text()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(commands, min_size=2, max_size=2), max_size=40))
def test_round_trip(ticks):
    replay = read_replay(_replay_text(ticks))
    assert list(replay.ticks()) == ticks
    assert replay.tick_count == len(ticks)
    assert replay.header["seed"] == 1234 and replay.header["game_version"] == VERSION


def test_header_describes_the_match():
    header = read_replay(_replay_text([])).header
    assert header["game"] == "soldout" and header["rounds"] == 2 and header["format"] == 1
    assert header["seats"][1] == {"seat": 1, "name": "Owl", "kind": "bot", "difficulty": "hard", "team": None}


def test_idle_ticks_compress():
    moving = Command(STICK_MAX, 0, Button.NONE, Button.A)
    ticks = [[IDLE, IDLE]] * 600 + [[moving, IDLE]] * 300 + [[IDLE, IDLE]] * 600
    text = _replay_text(ticks)
    assert len(text.splitlines()) == 4  # header + three runs
    assert text.splitlines()[1] == "600 . ."
    assert list(read_replay(text).ticks()) == ticks


def _valid_lines() -> list[str]:
    return _replay_text([[IDLE, Command(1, 2, Button.A, Button.A)]] * 3).splitlines()


def _with_header(**changes) -> str:
    lines = _valid_lines()
    magic, fmt, raw = lines[0].split(" ", 2)
    header = {**json.loads(raw), **changes}
    lines[0] = f"{magic} {fmt} {json.dumps(header)}"
    return "\n".join(lines)


def _refused(text: str) -> str:
    with pytest.raises(ReplayError) as info:
        read_replay(text)
    message = str(info.value)
    assert message and "\n" not in message
    return message


def test_wrong_magic():
    assert "not a" in _refused("hello world\n1 . .\n")
    assert "not a" in _refused("")


def test_other_format_version():
    lines = _valid_lines()
    lines[0] = lines[0].replace(f"{MAGIC} 1 ", f"{MAGIC} 7 ", 1)
    assert "format 7" in _refused("\n".join(lines))


def test_other_game_version():
    message = _refused(_with_header(game_version="0.0.9"))
    assert "made with version 0.0.9" in message and f"this is {VERSION}" in message


def test_bad_header():
    lines = _valid_lines()
    assert "header" in _refused(f"{MAGIC} 1 {{broken\n" + "\n".join(lines[1:]))
    header = json.loads(lines[0].split(" ", 2)[2])
    del header["seed"]
    assert "header" in _refused(f"{MAGIC} 1 {json.dumps(header)}\n" + "\n".join(lines[1:]))
    assert "header" in _refused(_with_header(seats=[]))


def test_bad_line():
    lines = _valid_lines()
    assert "line 2" in _refused("\n".join([lines[0], "x . ."]))
    assert "line 3" in _refused("\n".join([lines[0], lines[1], "2 . 1,2,three,1"]))
    assert "line 2" in _refused("\n".join([lines[0], "0 . ."]))


def test_wrong_seat_count():
    lines = _valid_lines()
    message = _refused("\n".join([lines[0], lines[1], "5 . . ."]))
    assert "line 3" in message and "3 seats" in message


def test_values_out_of_range():
    lines = _valid_lines()
    assert "out of range" in _refused("\n".join([lines[0], f"1 . {STICK_MAX + 1},0,0,0"]))
    assert "out of range" in _refused("\n".join([lines[0], "1 . 0,0,4096,0"]))
    assert "out of range" in _refused("\n".join([lines[0], "1 . 0,0,0,-1"]))


def test_save_writes_the_text(tmp_path):
    writer = ReplayWriter(header_for(SPEC))
    writer.add_tick([IDLE, IDLE])
    writer.save(tmp_path / "r.replay")
    assert (tmp_path / "r.replay").read_text() == writer.text()


def test_writer_refuses_wrong_seat_count():
    with pytest.raises(ValueError):
        ReplayWriter(header_for(SPEC)).add_tick([IDLE])


def test_run_code_round_trip():
    text = _replay_text([[IDLE, Command(3, -4, Button.X, Button.X)]] * 50 + [[IDLE, IDLE]] * 3000)
    code = to_code(text)
    assert code.startswith("SOCO1-") and len(code) < len(text) and code.isprintable() and " " not in code
    assert from_code(code) == text
    wrapped = "\n".join(code[i:i + 40] for i in range(0, len(code), 40))  # pasted from a chat
    assert from_code(wrapped) == text


def test_corrupted_run_code_refused():
    code = to_code(_replay_text([[IDLE, IDLE]] * 10))
    middle = len(code) // 2
    flipped = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    for bad in (flipped, code[:-3], code[:len(code) // 2], "SOCO2-" + code[6:], "hello"):
        with pytest.raises(ReplayError):
            from_code(bad)


def test_match_spec_comes_back():
    """With the schedule it was recorded by (Game.schedule), kept in the header."""
    assert read_replay(_replay_text([])).match_spec() == replace(SPEC, schedule=("rush", "rush"))


def test_absurd_run_length_refused():
    lines = _valid_lines()
    assert "out of range" in _refused("\n".join([lines[0], "999999999999 . ."]))


def test_header_value_types_checked():
    assert "header" in _refused(_with_header(seed="twelve"))
    assert "header" in _refused(_with_header(seats=[{"name": "no seat number"}]))


# ---------------------------------------------------------------- the level a replay names
@pytest.fixture
def recorded(tmp_path, monkeypatch, capsys):
    """A match recorded on ./lvl/my.tmx, typed relative to where it was started; its JSON result."""
    from game import app
    here = tmp_path / "here"
    own_level(here / "lvl")
    monkeypatch.chdir(here)
    assert app.main(["--headless", "--level", "./lvl/my.tmx", "--bots", "2", "--seed", "3",
                     "--record", "rec/my.rep", "--json"]) == 2     # the folder rec/ does not exist yet
    (here / "rec").mkdir()
    capsys.readouterr()
    assert app.main(["--headless", "--level", "./lvl/my.tmx", "--bots", "2", "--seed", "3",
                     "--record", "rec/my.rep", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return here, result


def _play(replay: Path, capsys, *more: str) -> tuple[int, str, str]:
    from game import app
    code = app.main(["--replay", str(replay), "--headless", "--json", *more])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_replay_names_its_level_by_file_name_and_content_never_by_the_typed_path(recorded):
    here, _ = recorded
    header = read_replay((here / "rec" / "my.rep").read_text()).header
    assert header["level"] == "my.tmx" and len(header["level_hash"]) == 64


@pytest.mark.parametrize("where", ["user_levels", "given", "beside_the_replay"])
def test_a_replay_of_a_players_level_plays_from_another_folder(where, recorded, capsys, user_dir):
    """It used to look for ./lvl/my.tmx in the current folder, then among the shipped levels."""
    here, result = recorded
    more: tuple[str, ...] = ()
    if where == "user_levels":
        own_level(user_dir / "levels")
    elif where == "given":
        more = ("--level", str(here / "lvl" / "my.tmx"))
    else:
        own_level(here / "rec")
    code, out, err = _play(here / "rec" / "my.rep", capsys, *more)
    assert (code, err) == (0, "")
    assert json.loads(out.splitlines()[-1])["state_hash"] == result["state_hash"]


def test_a_replay_whose_level_is_nowhere_says_where_it_looked(recorded, capsys):
    here, _ = recorded
    code, out, err = _play(here / "rec" / "my.rep", capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "level my.tmx is not in your levels folder" in err and "--level FILE" in err


def test_a_level_whose_content_changed_is_refused_in_one_line(recorded, capsys, user_dir):
    here, _ = recorded
    changed = own_level(user_dir / "levels")
    changed.write_text(changed.read_text().replace('value="The Boutique"', 'value="My Boutique"'))
    code, out, err = _play(here / "rec" / "my.rep", capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{changed} is not the level this replay was recorded on: its content differs" in err
    own_level(here / "rec")          # the right one beside the replay is found after the changed one
    assert _play(here / "rec" / "my.rep", capsys)[0] == 0


def test_a_replay_from_before_level_hashes_finds_its_level_by_file_name(recorded, capsys):
    here, result = recorded
    path = here / "rec" / "my.rep"
    head, _, rest = path.read_text().partition("\n")
    magic, version, raw = head.split(" ", 2)
    header = json.loads(raw)
    del header["level_hash"]
    header["level"] = "./lvl/my.tmx"            # as the game wrote it then: the path typed
    path.write_text(f"{magic} {version} {json.dumps(header)}\n{rest}")
    own_level(here / "rec")
    code, out, err = _play(path, capsys)
    assert (code, err) == (0, "") and json.loads(out.splitlines()[-1])["state_hash"] == result["state_hash"]


@pytest.mark.parametrize("level", ["../x/my.tmx", "C:\\levels\\my.tmx", "/etc/my.tmx"])
def test_a_hashed_level_must_be_a_bare_file_name(level):
    header = {**header_for(SPEC), "level": level, "level_hash": "0" * 64}
    text = f"{MAGIC} 1 {json.dumps(header)}\n"
    with pytest.raises(ReplayError, match="bare file name"):
        read_replay(text)

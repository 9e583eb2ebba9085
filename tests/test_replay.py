"""Replays: exact round trips, run-length encoding, clear refusals, run codes."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import VERSION
from game.match.commands import IDLE, STICK_MAX, Button, Command
from game.match.spec import MatchSpec, SeatSpec
from game.driver.replay import (MAGIC, ReplayError, ReplayWriter, from_code, header_for, read_replay,
                         to_code)

SPEC = MatchSpec(game="soldout", seats=(SeatSpec(0, "Fox"), SeatSpec(1, "Owl", kind="bot", difficulty="hard")),
                 mode="rush", rounds=2, seed=1234)

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


def test_soldout_replay_from_the_older_rules_is_refused_clearly():
    lines = _valid_lines()
    magic, fmt, raw = lines[0].split(" ", 2)
    header = json.loads(raw)
    del header["rules"]                         # what 0.1.0 wrote before the rules revision
    lines[0] = f"{magic} {fmt} {json.dumps(header)}"
    message = _refused("\n".join(lines))
    assert "older Sold Out! rules" in message
    assert read_replay(_replay_text([])).header["rules"] == 2


def test_checkout_replay_without_a_rules_revision_still_plays():
    checkout = MatchSpec(game="checkout", seats=(SeatSpec(0, "Fox"), SeatSpec(1, "Owl", kind="bot")),
                         mode="standard", rounds=1, seed=3)
    writer = ReplayWriter(header_for(checkout))
    writer.add_tick([IDLE, IDLE])
    magic, fmt, raw = writer.text().splitlines()[0].split(" ", 2)
    header = json.loads(raw)
    del header["rules"]
    assert read_replay(f"{magic} {fmt} {json.dumps(header)}\n1 . .\n").header["game"] == "checkout"


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
    assert read_replay(_replay_text([])).match_spec() == SPEC


def test_absurd_run_length_refused():
    lines = _valid_lines()
    assert "out of range" in _refused("\n".join([lines[0], "999999999999 . ."]))


def test_header_value_types_checked():
    assert "header" in _refused(_with_header(seed="twelve"))
    assert "header" in _refused(_with_header(seats=[{"name": "no seat number"}]))

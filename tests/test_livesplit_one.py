"""The LiveSplit One link: the game hosts the WebSocket endpoint LiveSplit One's "Connect to Server"
opens, and speaks livesplit-core's server protocol to it (tests/livesplit_one_client.py is a LiveSplit
One built from that source, a real WebSocket client).

The shapes, from livesplit-core src/networking/server_protocol.rs (61070c4):
    {"command": "SplitOrStart"}                 a command: serde(tag = "command", rename_all = "camelCase"),
                                                so the wire says "start", "split", "undoSplit", "reset"...
    {"command": "SetGameTime", "time": "1:23:45"}   (the doc's example; the field is `time`, a TimeSpan
                                                read with TimeSpan::parse)
    {"success": null}                           the answer to a command that returns nothing
    {"error": {"code": "NoRunInProgress"}}      an error (an optional "message" may follow)
    {"event": "Splitted"}                       an event, pushed, also before a command's answer
and LiveSplitOne src/api/LiveSplitServer.ts (10eb2e5): LiveSplit One is the WebSocket client; each text
message it receives is a command, answered in order.
"""
from __future__ import annotations

import json
import socket
import time

import pytest

from game.core.settings import Settings
from game.scenes.speedrun import link as speedrun_link
from game.speedrun.livesplit import timespan, units
from game.speedrun.livesplit_link import COMMANDS as TCP_COMMANDS
from game.speedrun.livesplit_one import (COMMANDS, EXPECTED_AGAIN, Held, LiveSplitOneLink, Seen, command_json,
                                         lan_address, resend_from)
from game.speedrun.lss_export import board_lss
from game.speedrun.attempts import AttemptLog
from game.speedrun.records import Records
from tests.livesplit_model import parse_lss
from tests.livesplit_one_client import PROTOCOL_COMMANDS, FaithfulLiveSplitOne, parse_time
from tests.livesplit_server import FaithfulLiveSplit
from tests.test_livesplit_session import SETUP, check_livesplit_agrees, ctx, seven_attempts  # noqa: F401

FAST = (0.05, 0.1, 0.2)
NAMES = ("Card 1", "Card 2", "SOLD OUT!")


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port


def make_link(port: int, **kw) -> LiveSplitOneLink:
    return LiveSplitOneLink(port, **{"backoff_steps": FAST, "stable_after": 0.1, **kw})


@pytest.fixture
def linked():
    port = free_port()
    link = make_link(port)
    one = FaithfulLiveSplitOne(port, names=NAMES)
    one.connect()
    yield link, one
    link.close(timeout=1)
    one.drop()
    assert link.state in ("closed", "connected", "connecting"), link.problem   # the worker never failed


# ---------------------------------------------------------------- the protocol's shapes
def test_every_command_the_link_sends_is_one_livesplit_core_knows():
    """Each TCP command the attempt logic uses has its livesplit-core command, spelled as serde
    spells the enum (camelCase), and a reset never leaves LiveSplit One to ask the runner."""
    assert set(COMMANDS) == set(TCP_COMMANDS)
    assert {c["command"] for c in COMMANDS.values()} <= set(PROTOCOL_COMMANDS)
    assert json.loads(command_json("reset")) == {"command": "reset", "saveAttempt": True}
    assert json.loads(command_json("unsplit")) == {"command": "undoSplit"}
    assert json.loads(command_json("setgametime 00:00:06.0166666")) == {"command": "setGameTime",
                                                                        "time": "00:00:06.0166666"}


@pytest.mark.parametrize("ticks", [1, 59, 60, 361, 3600 * 60 - 1, 3600 * 60 * 30 + 7])
def test_livesplit_core_reads_the_game_time_to_the_100_ns(ticks):
    """setGameTime's text, read by livesplit-core's TimeSpan::parse, is the .lss's time to the digit."""
    assert parse_time(timespan(ticks)) == units(ticks)


# ---------------------------------------------------------------- the link
def test_an_attempt_reaches_livesplit_one_as_valid_commands(linked):
    link, one = linked
    link.start_run(1)
    time.sleep(0.02)
    link.split(60)
    link.pause(90)
    link.resume()
    link.split(100)
    link.split(150, last=True)
    link.end_attempt()
    assert one.wait_for(lambda o: o.run.attempt_count == 1 and o.timer.phase == "NotRunning"), one.commands()
    assert one.commands() == ["getCurrentState", "start", "setGameTime",
                              "pauseGameTime", "setGameTime", "split", "resumeGameTime",
                              "pauseGameTime", "setGameTime", "resumeGameTime",
                              "pauseGameTime", "setGameTime", "split", "resumeGameTime",
                              "pauseGameTime", "setGameTime", "split", "reset"]
    assert one.problems() == [] and list(link.transcript.refused) == []
    assert [t.game for t in one.splits] == [units(60), units(100), units(150)]
    assert one.run.attempts[-1].time.game == units(150)
    assert _waits(lambda: "Finished" in link.transcript.events and "Reset" in link.transcript.events)   # its events are read


def test_a_start_resets_what_livesplit_one_still_holds(linked):
    """LiveSplit One left mid-attempt (the game closed, a run the runner started by hand): the next
    attempt asks its state and resets it first, and nothing is refused."""
    link, one = linked
    with one._lock:
        one.timer.start()
    link.start_run(1)
    assert one.wait_for(lambda o: len(o.received) >= 4), one.commands()
    assert one.commands()[:4] == ["getCurrentState", "reset", "start", "setGameTime"]
    assert one.problems() == []


def test_a_flagged_attempt_takes_its_splits_back(linked):
    link, one = linked
    link.start_run(1)
    time.sleep(0.02)
    link.split(60)
    link.split(120)
    link.end_attempt(flagged=True)
    assert one.wait_for(lambda o: o.run.attempt_count == 1 and o.timer.phase == "NotRunning"), one.commands()
    assert one.commands()[-3:] == ["undoSplit", "undoSplit", "reset"]
    assert one.problems() == [] and one.run.attempts[-1].time.game is None
    assert all(not seg.history for seg in one.run.segments)


def test_livesplit_one_that_drops_and_reconnects_mid_run_misses_nothing(linked):
    link, one = linked
    link.start_run(1)
    time.sleep(0.02)
    link.split(60)
    assert one.wait_for(lambda o: len(o.splits) == 1)
    one.drop()                                   # the tab is closed ...
    link.split(120)                              # ... while the runner plays on
    assert _waits(lambda: link.state == "connecting")
    one.connect()                                # and opened again: Connect to Server
    link.split(180, last=True)
    link.end_attempt()
    assert one.wait_for(lambda o: o.run.attempt_count == 1 and o.timer.phase == "NotRunning"), one.commands()
    assert [t.game for t in one.splits] == [units(60), units(120), units(180)]
    assert one.problems() == [] and one.connections == 2
    assert any("left" in m for m in link.messages())


def test_commands_a_dying_connection_lost_are_sent_again_once(linked):
    """The connection dies with commands on their way that never reached LiveSplit One: the link
    asks its state on the next connection and sends them again, the splits at the game's times."""
    link, one = linked
    link.start_run(1)
    time.sleep(0.02)
    link.split(60)
    assert one.wait_for(lambda o: len(o.splits) == 1)
    one.deaf = True                              # the network goes ...
    link.split(120)
    assert _waits(lambda: link.sent.count("split") == 2)
    one.drop()                                   # ... and the connection with it
    one.deaf = False
    one.connect()
    link.split(180, last=True)
    link.end_attempt()
    assert one.wait_for(lambda o: o.run.attempt_count == 1 and o.timer.phase == "NotRunning"), one.commands()
    assert [t.game for t in one.splits] == [units(60), units(120), units(180)]
    assert link.transcript.resent == ["pausegametime", f"setgametime {timespan(120)}", "split", "unpausegametime"]
    assert not_expected(one, link) == [] and list(link.transcript.refused) == []


def test_commands_taken_whose_answers_were_lost_are_not_sent_twice(linked):
    link, one = linked
    link.start_run(1)
    time.sleep(0.02)
    link.split(60)
    assert one.wait_for(lambda o: len(o.splits) == 1)
    one.mute = True                              # LiveSplit One takes the split; its answers are lost
    link.split(120)
    assert one.wait_for(lambda o: len(o.splits) == 2 and o.received[-1]["command"] == "resumeGameTime")
    one.drop()
    one.mute = False
    one.connect()
    link.split(180, last=True)
    link.end_attempt()
    assert one.wait_for(lambda o: o.run.attempt_count == 1 and o.timer.phase == "NotRunning"), one.commands()
    assert [t.game for t in one.splits] == [units(60), units(120), units(180)], (link.transcript.resent, [c["command"] for c in one.received], one.errors)
    assert "split" not in link.transcript.resent and not_expected(one, link) == [] and list(link.transcript.refused) == []


@pytest.mark.parametrize("held, unanswered, seen, taken", [
    (Held(True, 1), ["pausegametime", "setgametime 1", "split", "unpausegametime"], Seen("Running", 1), 0),
    (Held(True, 1), ["pausegametime", "setgametime 1", "split", "unpausegametime"], Seen("Running", 2), 3),
    (Held(True, 2), ["pausegametime", "setgametime 1", "split"], Seen("Ended"), 3),
    (Held(True, 2), ["unsplit", "unsplit", "reset"], Seen("Running", 1), 1),
    (Held(True, 2), ["unsplit", "unsplit", "reset"], Seen("NotRunning"), 3),
    (Held(), ["starttimer", "setgametime 1"], Seen("Running", 0), 1),
    (Held(True, 3), ["split"], Seen("Running", 0), 1),       # changed by hand: nothing sent again
])
def test_what_livesplit_one_took_is_judged_by_the_state_it_reports(held, unanswered, seen, taken):
    assert resend_from(held, unanswered, seen) == taken


def test_a_newer_connection_replaces_a_half_open_one(linked):
    """A LiveSplit One whose old connection never said goodbye (a laptop woken up) connects again:
    the new connection gets the commands, the old one is closed."""
    link, one = linked
    second = FaithfulLiveSplitOne(one.port, run=one.run)
    second.timer = one.timer
    try:
        second.connect()
        assert _waits(lambda: link.connections == 2)
        link.start_run(1)
        assert second.wait_for(lambda o: len(o.received) >= 3), second.commands()
        assert one.commands() == [] and second.problems() == []
    finally:
        second.drop()


def test_something_else_knocking_is_turned_away_and_the_link_goes_on(linked):
    """A browser tab opened on http://localhost:PORT, or a port scanner: an HTTP answer or nothing,
    the connection closed, LiveSplit One still linked."""
    link, one = linked
    with socket.create_connection(("127.0.0.1", one.port), timeout=2) as browser:
        browser.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        answer = browser.recv(4096)
    assert answer.startswith(b"HTTP/1.1 4"), answer
    with socket.create_connection(("127.0.0.1", one.port), timeout=2) as junk:
        junk.sendall(b"\x16\x03\x01 not http at all\r\n\r\n")
    link.start_run(1)
    assert one.wait_for(lambda o: len(o.received) >= 3), one.commands()
    assert link.state == "connected" and one.problems() == []


def test_only_this_computer_can_connect_unless_the_runner_lets_others_in():
    port = free_port()
    link = make_link(port)
    try:
        assert link.reach.listening.wait(5)
        assert link.address == f"ws://localhost:{port}"
        here = lan_address()
        if here.startswith("127.") or here == socket.gethostname():
            pytest.skip("this machine has no network address to try from")
        with pytest.raises(OSError):
            socket.create_connection((here, port), timeout=1).close()
    finally:
        link.close(timeout=1)
    others = make_link(port, others=True)
    try:
        assert others.reach.listening.wait(5)
        assert others.address == f"ws://{here}:{port}"
        socket.create_connection((here, port), timeout=1).close()
    finally:
        others.close(timeout=1)


def test_a_port_another_program_holds_is_retried_and_said_once():
    blocker = socket.create_server(("127.0.0.1", 0))
    port = blocker.getsockname()[1]
    link = make_link(port)
    try:
        assert _waits(lambda: link.state == "retrying" and len(link.waits) >= 2)
        said = link.messages()
        assert len(said) == 1 and "cannot open" in said[0] and f"ws://localhost:{port}" in said[0]
        blocker.close()
        assert link.reach.listening.wait(5)
        one = FaithfulLiveSplitOne(port, names=NAMES)
        one.connect()
        link.start_run(1)
        assert one.wait_for(lambda o: len(o.received) >= 3) and one.problems() == []
        one.drop()
    finally:
        blocker.close()
        link.close(timeout=1)


def test_the_link_never_waits_on_the_game_thread():
    """Without LiveSplit One, and with one that never reads, every call returns at once."""
    port = free_port()
    link = make_link(port)
    try:
        began = time.perf_counter()
        for i in range(300):
            link.start_run(1)
            link.split(60 + i)
            link.end_attempt()
        assert time.perf_counter() - began < 0.1
    finally:
        link.close(timeout=0)


# ---------------------------------------------------------------- the setting
def test_the_setting_chooses_the_link_and_is_off_by_default(user_dir, ctx):  # noqa: F811
    assert Settings().livesplit is False and Settings().livesplit_link == "tcp"
    ctx.settings.livesplit, ctx.settings.livesplit_link = True, "one"
    ctx.settings.livesplit_port = free_port()
    try:
        made = speedrun_link.link(ctx)
        assert isinstance(made, LiveSplitOneLink) and not made.reach.others
        ctx.settings.livesplit_others = True
        again = speedrun_link.link(ctx)
        assert again is not made and again.reach.others
        ctx.settings.livesplit_link = "tcp"
        assert type(speedrun_link.link(ctx)).__name__ == "LiveSplitLink"
    finally:
        speedrun_link.close(ctx, timeout=1)
    ctx.settings.save()
    loaded, warning = Settings.load()
    assert warning is None and loaded.livesplit_link == "tcp" and loaded.livesplit_others is True


def test_the_settings_page_chooses_the_timer_and_who_may_connect(user_dir, ctx):  # noqa: F811
    from game.match.commands import Button, Command
    from game.scenes.speedrun.settings import SpeedrunSettingsScene
    ctx.settings.livesplit_port = free_port()
    scene = SpeedrunSettingsScene(ctx)
    ctx.stack.push(scene)
    ctx.stack.apply()
    right = Command(pressed=Button.RIGHT, held=Button.RIGHT)
    try:
        assert [item.label for item in scene.menu.items][:3] == ["LiveSplit link", "Timer", "Host"]
        scene.menu.update(right)                                   # the link on: LiveSplit's TCP server
        assert type(ctx.livesplit).__name__ == "LiveSplitLink"
        scene.menu.index = 1
        scene.menu.update(right)                                   # Timer: LiveSplit One
        assert ctx.settings.livesplit_link == "one" and isinstance(ctx.livesplit, LiveSplitOneLink)
        assert [item.label for item in scene.menu.items][:3] == ["LiveSplit link", "Timer", "Other devices"]
        assert "ws://localhost:" in speedrun_link.status(ctx) and not ctx.livesplit.reach.others
        scene.menu.index = 2
        scene.menu.update(right)                                   # other devices allowed
        assert ctx.livesplit.reach.others and ctx.settings.livesplit_others
        assert ctx.livesplit.address in scene._how_to_link()
    finally:
        speedrun_link.close(ctx, timeout=1)
    saved, _warning = Settings.load()
    assert saved.livesplit and saved.livesplit_link == "one" and saved.livesplit_others


# ---------------------------------------------------------------- seven attempts in the game loop
def test_seven_attempts_reach_livesplit_one_with_the_splits_the_tcp_link_sends(ctx, tmp_path, monkeypatch):  # noqa: F811
    """The same seven attempts as tests/test_livesplit_session.py, in the window's tick loop, to
    LiveSplit's TCP server and then to LiveSplit One (which drops and reconnects in the third):
    LiveSplit One gets only commands its timer takes, the same splits at the same times, and ends
    up holding what LiveSplit holds and the game's .lss export holds."""
    empty = parse_lss(board_lss(SETUP, Records(), AttemptLog(SETUP.board)))
    server = FaithfulLiveSplit(run=parse_lss(board_lss(SETUP, Records(), AttemptLog(SETUP.board))))
    ctx.livesplit_address = ("127.0.0.1", server.port)
    try:
        played_tcp = seven_attempts(ctx, server)
    finally:
        speedrun_link.close(ctx, timeout=1)
        server.close()
    check_livesplit_agrees(server, played_tcp)

    _fresh_start(ctx, tmp_path, monkeypatch)
    ctx.livesplit_address = None
    ctx.settings.livesplit, ctx.settings.livesplit_link = True, "one"
    ctx.settings.livesplit_port = free_port()
    one = FaithfulLiveSplitOne(ctx.settings.livesplit_port, run=empty)

    links: list[LiveSplitOneLink] = []

    def connect() -> None:
        links.append(ctx.livesplit)
        one.connect()

    def reconnect() -> None:                         # the tab closed and opened again, mid-run
        one.drop()
        one.connect()

    try:
        played_one = seven_attempts(ctx, one, linked=connect, mid_run=reconnect)
    finally:
        speedrun_link.close(ctx, timeout=1)
        one.drop()
    assert not_expected(one, links[0]) == [], (links[0].transcript.resent, [c["command"] for c in one.received][-40:], list(links[0].sent)[-40:])
    assert one.connections == 2 and links[0].state == "closed"
    assert played_one == played_tcp                  # the game played the same seven attempts
    assert [(t.game) for t in one.splits] == [t.game for t in server.splits]
    assert [a.time.game for a in one.run.attempts] == [a.time.game for a in server.run.attempts]
    check_livesplit_agrees(one, played_one, not_expected(one, links[0]))


def not_expected(one: FaithfulLiveSplitOne, link: LiveSplitOneLink) -> list[str]:
    """LiveSplit One's problems, less the answers a game-time command sent again after a lost
    connection may get (it changes nothing): at most one per such command."""
    again = sum(1 for line in link.transcript.resent if line in ("pausegametime", "unpausegametime"))
    harmless = [p for p in one.problems() if p.endswith(EXPECTED_AGAIN)]
    return [p for p in one.problems() if p not in harmless] + (harmless[again:] if len(harmless) > again else [])


def _fresh_start(context, tmp_path, monkeypatch) -> None:
    """The second pass starts where the first did: a new user folder (no records, no history), the
    title screen."""
    from game.scenes.menus.howto import mark_seen
    from game.scenes.menus.title import TitleScene
    from game.speedrun.attempts import WRITER
    WRITER.flush()
    monkeypatch.setenv("SOLDOUT_USER_DIR", str(tmp_path / "second"))
    mark_seen("rush")
    context.stack.push(TitleScene(context))
    context.stack.apply()


def _waits(predicate, timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return False

"""The LiveSplit link against a local stand-in server (127.0.0.1): the exact commands for a full run,
a reset and a pause, game time equal to the in-game time to the hundredth, a dropped connection, a
refused one and a server that never answers; and the speedrun scene driving it."""
from __future__ import annotations

import socket

import pygame
import pytest

from game import app
from game.scenes.speedrun.pause import SpeedrunPauseScene
from game.scenes.speedrun.run import SpeedrunRunScene
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.livesplit_link import (AddressError, LiveSplitLink, backoff, game_time, parse_address)
from game.speedrun.timer import format_ticks
from tests.livesplit_server import FakeLiveSplit
from tests.gamectx import mark_howto_seen

FAST = (0.05, 0.1, 0.2)   # back-off steps for the tests (the game's are 1, 2, 4, 8, 15 s)


@pytest.fixture
def server():
    srv = FakeLiveSplit()
    yield srv
    srv.close()


def make_link(port: int, server: FakeLiveSplit | None = None) -> LiveSplitLink:
    """A link; with `server`, once it is connected (its first command arrived)."""
    link = LiveSplitLink("127.0.0.1", port, backoff_steps=FAST, connect_timeout=1.0, send_timeout=1.0)
    if server is not None:
        assert server.wait_for(lambda s: s.lines[:1] == ["initgametime"])
    return link


def received(server: FakeLiveSplit, count: int) -> list[str]:
    assert server.wait_for(lambda s: len(s.lines) >= count), server.lines
    return list(server.lines)


def test_addresses_and_times_are_what_livesplit_reads():
    assert parse_address("localhost:16834") == ("localhost", 16834)
    assert parse_address("192.168.1.20") == ("192.168.1.20", 16834)
    assert parse_address(":1234") == ("localhost", 1234)
    for bad in ("host:0", "host:70000", "host:port", "two words:12"):
        with pytest.raises(AddressError):
            parse_address(bad)
    # Truncated to the hundredth, like the game's own timer: 1533 ticks = 25.55 s.
    assert game_time(1533) == "0:00:25.55" and format_ticks(1533) == "0:25.55"
    assert game_time(60 * 3661 + 59) == "1:01:01.98"
    assert [backoff(n) for n in range(1, 8)] == [1.0, 2.0, 4.0, 8.0, 15.0, 15.0, 15.0]


def test_full_run_sends_the_exact_commands(server):
    link = make_link(server.port, server)
    try:
        link.start_run(1)
        link.split(361)
        link.split(900)
        link.split(1533, last=True)
        lines = received(server, 15)
    finally:
        link.close()
    assert lines == ["initgametime",
                     "starttimer", "initgametime", "setgametime 0:00:00.01", "unpausegametime",
                     "pausegametime", "setgametime 0:00:06.01", "split", "unpausegametime",
                     "pausegametime", "setgametime 0:00:15.00", "split", "unpausegametime",
                     "pausegametime", "setgametime 0:00:25.55", "split"]


def test_reset_and_a_new_attempt_after_a_finish(server):
    link = make_link(server.port, server)
    try:
        link.start_run(1)
        link.split(300)
        link.reset()
        link.reset()                      # nothing live any more: not sent twice
        link.start_run(1)
        link.split(400, last=True)
        link.start_run(1)                 # LiveSplit still shows the finished run: reset it first
        lines = received(server, 20)
    finally:
        link.close()
    assert lines[1:] == ["starttimer", "initgametime", "setgametime 0:00:00.01", "unpausegametime",
                         "pausegametime", "setgametime 0:00:05.00", "split", "unpausegametime",
                         "reset",
                         "starttimer", "initgametime", "setgametime 0:00:00.01", "unpausegametime",
                         "pausegametime", "setgametime 0:00:06.66", "split",
                         "reset", "starttimer", "initgametime", "setgametime 0:00:00.01", "unpausegametime"]


def test_pause_stops_livesplit_game_time_only(server):
    link = make_link(server.port, server)
    try:
        link.start_run(1)
        link.pause(125)
        link.pause(125)                   # already paused: once
        link.resume(125)
        link.split(200)
        lines = received(server, 13)
    finally:
        link.close()
    assert lines[5:] == ["pausegametime", "setgametime 0:00:02.08",
                         "setgametime 0:00:02.08", "unpausegametime",
                         "pausegametime", "setgametime 0:00:03.33", "split", "unpausegametime"]
    assert "pause" not in lines and "resume" not in lines   # real time runs on, as in the game


def test_dropped_connection_is_a_message_and_a_reconnect(server):
    link = make_link(server.port, server)
    try:
        link.start_run(1)
        received(server, 5)
        assert any("connected" in m for m in link.messages())
        server.drop()
        assert server.wait_for(lambda s: s.accepted >= 2)     # the link came back by itself
        link.split(300)
        lines = received(server, 10)
        assert lines[5:] == ["initgametime", "pausegametime", "setgametime 0:00:05.00", "split", "unpausegametime"]
        messages = link.messages()
        assert any("closed the connection" in m or "Lost LiveSplit" in m for m in messages), messages
    finally:
        link.close()


def test_refused_connection_retries_with_backoff_until_livesplit_is_there():
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()                                 # nothing listens on `port` now
    link = make_link(port)
    try:
        link.start_run(1)                         # the game goes on; commands wait for LiveSplit
        srv = None
        for _ in range(200):
            if link.state == "retrying":
                break
            pygame.time.wait(10)
        assert link.state == "retrying"
        messages = link.messages()
        assert len(messages) == 1 and "refused" in messages[0]
        srv = FakeLiveSplit(port=port)
        lines = received(srv, 5)
        assert lines == ["initgametime", "starttimer", "initgametime", "setgametime 0:00:00.01", "unpausegametime"]
    finally:
        link.close()
        if srv is not None:
            srv.close()


@pytest.mark.parametrize("kind", ["never answers", "never reads"])
def test_a_server_that_never_answers_never_holds_the_game(kind):
    srv = FakeLiveSplit(answer=False) if kind == "never answers" else FakeLiveSplit(read=False)
    link = make_link(srv.port)
    try:
        for attempt in range(300):                # thousands of commands: the game thread only queues them
            link.start_run(1)
            for i in range(1, 10):
                link.split(i * 60)
            link.reset()
        assert srv.wait_for(lambda s: s.accepted >= 1)
        if kind == "never answers":
            assert srv.wait_for(lambda s: len(s.lines) >= 20)
            assert srv.lines[0] == "initgametime"
    finally:
        link.close()
        srv.close()


# ---------------------------------------------------------------- the run scene drives the link
@pytest.fixture
def ctx(ctx):
    mark_howto_seen()
    return ctx

def test_a_real_run_splits_livesplit_at_the_verified_times(ctx, server):
    from tests.test_speedrun_scenes import drop_howto, scripted
    ctx.livesplit_address = ("127.0.0.1", server.port)
    run = SpeedrunRunScene(ctx, make_setup(load_categories()["rush"], "set", seed_index=0))
    ctx.stack.push(run)
    ctx.stack.apply()
    drop_howto(ctx)
    scripted(run)
    ctx.livesplit.backoff_steps = FAST
    paused = False
    for _ in range(60 * 60):
        app.tick(ctx)
        if not paused and len(run.session.splits.times) == 2:
            paused = True
            ctx.stack.push(SpeedrunPauseScene(ctx, run.run))
            ctx.stack.apply()
            igt = run.session.igt()
            ctx.stack.pop()
            ctx.stack.apply()
        if run.session.over:
            break
    out = run.session.outcome
    assert out.complete and not out.flags
    times = run.session.splits.times
    want = 5 + 2 + 4 * (len(times) - 1) + 3
    lines = received(server, want)
    run.run.save_on_exit()
    ctx.livesplit.close()
    sets = [line.split(" ", 1)[1] for line in lines if line.startswith("setgametime")]
    # The start, a set before every split (our split time), and the pause and resume after split 2.
    want_sets = [game_time(1)] + [game_time(t) for t in times]
    want_sets[3:3] = [game_time(igt)] * 2
    assert sets == want_sets
    assert sets[-1].endswith(format_ticks(out.ticks))      # what the runner saw on our timer
    assert lines[-3:] == ["pausegametime", f"setgametime {game_time(out.ticks)}", "split"]
    assert lines.count("split") == len(times) and lines.count("starttimer") == 1


def test_the_link_is_off_unless_asked_for(ctx):
    from game.scenes.speedrun import link as speedrun_link
    assert ctx.settings.livesplit is False and speedrun_link.link(ctx) is None
    run = SpeedrunRunScene(ctx, make_setup(load_categories()["rush"], "set", seed_index=0))
    assert run.run._link is None and ctx.livesplit is None


def test_livesplit_not_running_is_a_toast_in_the_menu(ctx):
    from game.scenes.speedrun.menu import SpeedrunMenuScene
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    ctx.livesplit_address = ("127.0.0.1", port)
    menu = SpeedrunMenuScene(ctx)
    ctx.stack.push(menu)
    ctx.stack.apply()
    try:
        for _ in range(300):
            app.tick(ctx)
            if any("LiveSplit" in t for t in ctx.toasts.texts()):
                break
            pygame.time.wait(5)
        assert [t for t in ctx.toasts.texts() if "LiveSplit" in t] == [f"LiveSplit at 127.0.0.1:{port}: refused; retrying"]
        assert top_is(ctx, menu)
    finally:
        ctx.livesplit.close()


def top_is(ctx, scene) -> bool:
    return ctx.stack.scenes[-1] is scene

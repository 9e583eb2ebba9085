"""The LiveSplit link against a server that behaves as LiveSplit 1.8's does (tests/livesplit_server.py):
only LiveSplit's own commands, each at a moment its timer acts on it, game time to the 100 ns, a start
from any state LiveSplit was left in, flagged attempts that teach it nothing; a dropped, refused,
flapping or silent server and a bad host; and the speedrun scene driving it."""
from __future__ import annotations

import os
import socket

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game import app
from game.scenes.speedrun.pause import SpeedrunPauseScene
from game.scenes.speedrun.run import SpeedrunRunScene
from game.speedrun.address import AddressError, check_host, parse_address, show_address
from game.speedrun.categories import load_categories, make_setup
from game.speedrun.livesplit import timespan, units
from game.speedrun.livesplit_link import COMMANDS, LiveSplitLink, backoff
from tests.gamectx import mark_howto_seen
from tests.livesplit_server import COMMANDS as LIVESPLIT_COMMANDS, COMPONENT_COMMANDS, FaithfulLiveSplit

FAST = (0.05, 0.1, 0.2)   # back-off steps for the tests (the game's are 1, 2, 4, 8, 15 s)
NAMES = ("Card 1", "Card 2", "SOLD OUT!")


@pytest.fixture
def server():
    srv = FaithfulLiveSplit(names=NAMES)
    yield srv
    srv.close()


def make_link(port: int, **kw) -> LiveSplitLink:
    kw = {"backoff_steps": FAST, "connect_timeout": 1.0, "send_timeout": 1.0, "stable_after": 0.1, **kw}
    return LiveSplitLink("127.0.0.1", port, **kw)


def received(server: FaithfulLiveSplit, count: int) -> list[str]:
    assert server.wait_for(lambda s: len(s.lines) >= count), server.lines
    return list(server.lines)


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()                                 # nothing listens on it now
    return port


# ---------------------------------------------------------------- addresses
@pytest.mark.parametrize("text, address", [
    ("localhost:16834", ("localhost", 16834)), ("192.168.1.20", ("192.168.1.20", 16834)),
    (":1234", ("localhost", 1234)), ("[::1]:16835", ("::1", 16835)), ("[fe80::1]", ("fe80::1", 16834)),
    ("LiveSplit-PC.local:9", ("LiveSplit-PC.local", 9)), ("a" * 63 + ".example", ("a" * 63 + ".example", 16834)),
])
def test_addresses_livesplit_can_be_reached_at(text, address):
    assert parse_address(text) == address
    assert show_address(*address).endswith(f":{address[1]}")


@pytest.mark.parametrize("text, words", [
    ("host:0", "port"), ("host:70000", "port"), ("host:port", "port"), ("two words:12", "not a host name"),
    ("a..b", "nothing between"), ("a" * 64 + ".com", "64 characters"), ("-a.com", "hyphen"),
    ("a_b", "letters, digits"), ("999.1.1.1", "IPv4"), ("1.2.3", "IPv4"), ("::1", "brackets"),
    ("[::g]", "IPv6"), ("[::1]x", "after an IPv6"), ("a." * 127 + "bc", "at most 253"),
])
def test_a_bad_address_is_one_line_naming_the_problem(text, words):
    with pytest.raises(AddressError) as caught:
        parse_address(text)
    assert words in str(caught.value) and "\n" not in str(caught.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab-.0129:[]", max_size=80))
def test_every_host_the_check_takes_is_one_the_network_library_takes(text):
    """What passes the check never reaches the link's thread as an error the resolver raises
    before it even asks (the `idna` codec's "label empty or too long" killed the old link)."""
    try:
        host = check_host(text)
    except AddressError:
        return
    host.encode("idna")


def test_times_are_what_livesplit_stores():
    # 100 ns, cut like our timer: 361 ticks = 6.0166666 s, not the 6.01 a hundredth would give.
    assert timespan(361) == "00:00:06.0166666" and units(361) == 60_166_666
    assert timespan(60 * 3661 + 59) == "01:01:01.9833333"
    assert [backoff(n) for n in range(1, 8)] == [1.0, 2.0, 4.0, 8.0, 15.0, 15.0, 15.0]


# ---------------------------------------------------------------- what LiveSplit is told
def test_the_link_speaks_only_commands_every_livesplit_1_8_knows():
    assert set(COMMANDS) <= set(LIVESPLIT_COMMANDS) & set(COMPONENT_COMMANDS)
    assert "initgametime" not in LIVESPLIT_COMMANDS


def test_a_full_run_is_exact_in_livesplit(server):
    link = make_link(server.port)
    try:
        link.start_run(1)
        for t in (361, 900):
            link.split(t)
        link.split(1533, last=True)
        lines = received(server, 14)
    finally:
        link.close()
    assert lines == ["getcurrenttimerphase", "starttimer", "setgametime 00:00:00.0166666",
                     "pausegametime", "setgametime 00:00:06.0166666", "split", "unpausegametime",
                     "pausegametime", "setgametime 00:00:15.0000000", "split", "unpausegametime",
                     "pausegametime", "setgametime 00:00:25.5500000", "split"]
    assert server.problems() == []
    assert [t.game for t in server.splits] == [units(361), units(900), units(1533)]
    assert server.timer.phase == "Ended"


@pytest.fixture
def many_files_open():
    """Hold descriptors open until the next one is numbered past 1024, where select() gives up
    (CI's long test run got there; so can a long evening with a ceiling above 1024)."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("this machine allows fewer than 1,200 open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200) if soft != resource.RLIM_INFINITY else soft, hard))
    held = [os.open(os.devnull, os.O_RDONLY)]
    while held[-1] < 1100:
        held.append(os.open(os.devnull, os.O_RDONLY))
    yield
    for fd in held:
        os.close(fd)
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_process_with_over_1024_files_open_still_links(server, many_files_open):
    link = make_link(server.port)
    try:
        link.start_run(1)
        link.split(361)
        link.split(900)
        link.split(1533, last=True)
        assert server.wait_for(lambda s: s.timer.phase == "Ended"), (server.lines, link.problem)
    finally:
        link.close()
    assert server.problems() == []


@pytest.mark.parametrize("left", ["Running", "Ended", "Paused"])
def test_an_attempt_starts_whatever_livesplit_was_left_showing(server, left):
    """A game restarted after a crash, a finished run still on screen, a runner's own pause."""
    with server._lock:
        server.process("starttimer")
        if left == "Ended":
            for _ in NAMES:
                server.process("split")
        elif left == "Paused":
            server.process("pause")
    assert server.wait_for(lambda s: s.timer.phase == left)
    before = len(server.lines)
    link = make_link(server.port)
    try:
        link.start_run(1)
        link.split(300)
        lines = received(server, before + 8)[before:]
    finally:
        link.close()
    assert lines == ["getcurrenttimerphase", "reset", "starttimer", "setgametime 00:00:00.0166666",
                     "pausegametime", "setgametime 00:00:05.0000000", "split", "unpausegametime"]
    assert server.problems() == [] and server.timer.phase == "Running" and server.timer.index == 1


def test_every_attempt_ends_explicitly_and_only_once(server):
    link = make_link(server.port)
    try:
        link.start_run(1)
        link.split(300)
        link.end_attempt()
        link.end_attempt()                # nothing on in LiveSplit any more: not sent twice
        link.start_run(1)
        link.split(400)
        link.split(700)
        link.split(1000, last=True)
        link.start_run(1)                 # a new attempt from the results: the finish is stored first
        received(server, 26)
    finally:
        link.close()
    assert server.problems() == []
    assert server.lines.count("reset") == 2 and server.lines.count("starttimer") == 3
    assert [(a.index, a.time.game) for a in server.run.attempts] == [(1, None), (2, units(1000))]
    assert [s.pb.game for s in server.run.segments] == [units(400), units(700), units(1000)]


def test_a_flagged_attempt_teaches_livesplit_nothing(server):
    """Its splits go out live (a mistake stays secret until the run ends), then come back."""
    link = make_link(server.port)
    try:
        link.start_run(1)
        link.split(200)
        link.split(450)
        link.end_attempt(flagged=True)
        received(server, 14)
    finally:
        link.close()
    assert server.lines[-3:] == ["unsplit", "unsplit", "reset"] and server.problems() == []
    assert [a.time.game for a in server.run.attempts] == [None] and server.run.attempt_count == 1
    assert all(s.history == {} and s.best.game is None and s.pb.game is None for s in server.run.segments)


def test_pause_stops_livesplit_game_time_only(server):
    link = make_link(server.port)
    try:
        link.start_run(1)
        link.pause(125)
        link.pause(125)                   # already paused: once
        link.resume()
        link.resume()
        link.split(200)
        lines = received(server, 10)
    finally:
        link.close()
    assert lines[3:] == ["pausegametime", "setgametime 00:00:02.0833333", "unpausegametime",
                         "pausegametime", "setgametime 00:00:03.3333333", "split", "unpausegametime"]
    assert "pause" not in lines and "resume" not in lines   # real time runs on, as in the game
    assert server.problems() == [] and server.splits[0].game == units(200)


# ---------------------------------------------------------------- a link that cannot spam or die
def test_dropped_connection_is_one_message_and_a_reconnect_after_a_wait(server):
    link = make_link(server.port)
    try:
        link.start_run(1)
        received(server, 3)
        assert server.wait_for(lambda s: link.messages() == ["LiveSplit connected (127.0.0.1:%d)" % s.port])
        server.drop()
        assert server.wait_for(lambda s: s.accepted >= 2)     # the link came back by itself
        link.split(300)
        lines = received(server, 7)
        assert lines[3:] == ["pausegametime", "setgametime 00:00:05.0000000", "split", "unpausegametime"]
        assert link.waits[:1] == [FAST[0]]                     # after a wait, not at once
        said: list[str] = []
        assert server.wait_for(lambda s: len(said.__iadd__(link.messages())) >= 2), said
        assert said == ["LiveSplit closed the connection: reconnecting", f"LiveSplit connected (127.0.0.1:{server.port})"]
    finally:
        link.close()


def test_a_server_that_accepts_and_closes_at_once_is_no_storm():
    srv = FaithfulLiveSplit(close_at_once=True)
    link = make_link(srv.port, stable_after=5.0)
    try:
        assert srv.wait_for(lambda s: s.accepted >= 6, timeout=10)
        said = link.messages()
        accepted, waits = srv.accepted, list(link.waits)
    finally:
        link.close()
        srv.close()
    assert said == ["LiveSplit closed the connection: reconnecting"]     # once, not once per connection
    assert len(waits) >= accepted - 1                                    # a wait before every reconnect ...
    assert waits[:4] == [0.05, 0.1, 0.2, 0.2]                            # ... that grows
    assert link.state in ("retrying", "closed") and link.problem == "closed the connection"


def test_refused_connection_retries_with_backoff_until_livesplit_is_there():
    port = free_port()
    link = make_link(port)
    srv = None
    try:
        link.start_run(1)                         # the game goes on; commands wait for LiveSplit
        for _ in range(200):
            if link.state == "retrying":
                break
            pygame.time.wait(10)
        assert link.state == "retrying"
        assert link.messages() == [f"LiveSplit at 127.0.0.1:{port}: refused; retrying"]
        srv = FaithfulLiveSplit(names=NAMES, port=port)
        assert received(srv, 3) == ["getcurrenttimerphase", "starttimer", "setgametime 00:00:00.0166666"]
        assert srv.problems() == []
    finally:
        link.close()
        if srv is not None:
            srv.close()


@pytest.mark.parametrize("host", ["a..b", "x" * 64 + ".example"])
def test_a_host_no_connection_can_use_stops_the_link_with_a_reason(host):
    link = LiveSplitLink(host, 16834, backoff_steps=FAST)
    link.start_run(1)
    link._thread.join(5)
    assert not link._thread.is_alive()
    assert link.state == "stopped" and "not a host name" in link.problem
    said = link.messages()
    assert len(said) == 1 and said[0].startswith(f"LiveSplit at {host}:16834: not a host name")
    link.split(100)                               # nothing queues up behind a stopped link
    assert link._queue.qsize() <= 2


@pytest.mark.parametrize("kind", ["never answers", "never reads"])
def test_a_server_that_never_answers_never_holds_the_game(kind):
    srv = FaithfulLiveSplit(names=NAMES, answer=False) if kind == "never answers" else \
        FaithfulLiveSplit(names=NAMES, read=False)
    link = make_link(srv.port, answer_timeout=0.2)
    try:
        for attempt in range(300):                # thousands of commands: the game thread only queues them
            link.start_run(1)
            for i in range(1, 3):
                link.split(i * 60)
            link.end_attempt()
        assert srv.wait_for(lambda s: s.accepted >= 1)
        if kind == "never answers":    # one unanswered question, then a reset before every start to be sure
            assert srv.wait_for(lambda s: len(s.lines) >= 40)
            assert srv.lines[:4] == ["getcurrenttimerphase", "reset", "starttimer", "setgametime 00:00:00.0166666"]
            assert srv.lines.count("getcurrenttimerphase") == 1
    finally:
        link.close()
        srv.close()


# ---------------------------------------------------------------- the run scene drives the link
@pytest.fixture
def ctx(ctx):
    mark_howto_seen()
    return ctx


def test_a_real_run_splits_livesplit_at_the_verified_times(ctx):
    from tests.test_speedrun_scenes import drop_howto, scripted
    setup = make_setup(load_categories()["rush"], "set", seed_index=0)
    server = FaithfulLiveSplit(names=tuple(SpeedrunRunScene(ctx, setup).session.splits.names))
    ctx.livesplit_address = ("127.0.0.1", server.port)
    run = SpeedrunRunScene(ctx, setup)
    ctx.stack.push(run)
    ctx.stack.apply()
    drop_howto(ctx)
    scripted(run)
    ctx.livesplit.backoff_steps = FAST
    paused = False
    try:
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
        assert server.wait_for(lambda s: s.timer.phase == "Ended"), server.lines
        run.run.save_on_exit()                    # leaving the run: LiveSplit stores it
        assert server.wait_for(lambda s: s.timer.phase == "NotRunning")
    finally:
        ctx.livesplit.close()
        server.close()
    assert server.problems() == []
    assert [t.game for t in server.splits] == [units(t) for t in times]
    assert f"setgametime {timespan(igt)}" in server.lines          # the pause
    assert server.run.attempts[0].time.game == units(out.ticks)
    assert server.lines.count("split") == len(times) and server.lines.count("starttimer") == 1


def test_an_assisted_run_is_never_linked(ctx):
    ctx.livesplit_address = ("127.0.0.1", free_port())
    try:
        run = SpeedrunRunScene(ctx, make_setup(load_categories()["rush"], "set", seed_index=0, assist=True))
        assert run.run._link is None
    finally:
        if ctx.livesplit is not None:
            ctx.livesplit.close()


def test_the_link_is_off_unless_asked_for(ctx):
    from game.scenes.speedrun import link as speedrun_link
    assert ctx.settings.livesplit is False and speedrun_link.link(ctx) is None
    run = SpeedrunRunScene(ctx, make_setup(load_categories()["rush"], "set", seed_index=0))
    assert run.run._link is None and ctx.livesplit is None


def test_livesplit_not_running_is_a_toast_in_the_menu(ctx):
    from game.scenes.speedrun.menu import SpeedrunMenuScene
    port = free_port()
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

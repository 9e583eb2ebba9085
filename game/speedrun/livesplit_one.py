"""A live link to LiveSplit One: the game hosts the WebSocket endpoint its "Connect to Server" opens.

LiveSplit One (the web timer and its desktop app, the one LiveSplit that runs on
Linux and macOS) is the WebSocket *client*: the runner types the game's address
(ws://localhost:16834) under Settings › Network › Connect to Server, and from then
on the server sends commands and LiveSplit One answers each one
(LiveSplitOne src/api/LiveSplitServer.ts: every text message goes to
livesplit-core's `ServerProtocol.handleCommand`, whose answer goes back in order;
the timer's events are pushed too).

The protocol is livesplit-core's (src/networking/server_protocol.rs):
    a command   {"command": "start"}  {"command": "setGameTime", "time": "0:01:02.5"}
                (serde: tagged by "command", names in camelCase)
    its answer  {"success": null}  {"success": {"state": "Running", "index": 2}}
                {"error": {"code": "NoRunInProgress"}}
    an event    {"event": "Splitted"}   (pushed, also before a command's answer)

The attempt logic is the TCP link's (game.speedrun.livesplit_link.LiveSplitLink:
the same commands at the same moments, the same backlog across a dropped
connection); only the wire differs. Each of its LiveSplit commands becomes the
livesplit-core command that does the same (`COMMANDS`): `reset` always carries
saveAttempt true, since a reset without it makes LiveSplit One ask the runner in
a dialog whether to keep best times (LSOCommandSink.reset), and LiveSplit's own
server stores the attempt without asking.

Nothing here runs on the game thread: the link's worker thread listens with
non-blocking sockets and wsproto (the WebSocket protocol without I/O of its own).
It listens on the loopback addresses only (127.0.0.1 and ::1: a browser may try
either for "localhost") unless the runner lets other devices in. A LiveSplit One
that drops and connects again (a reloaded page, a laptop woken up) gets what was
queued meanwhile; a newer connection replaces an older one, so a half-open
connection never holds the link.

A connection can die with commands on their way: sent, never answered. LiveSplit One
answers every command, so the link knows which; on the next connection it asks
LiveSplit One's state (getCurrentState: its phase and split index) and sends again
only what that state says never arrived (`resend_from`). It counts from the fewest
taken, so a split or a reset is never sent twice; a game-time command may be, which
changes nothing (its GameTimeAlreadyPaused / GameTimeNotPaused answer is expected).
"""
from __future__ import annotations

import collections
import json
import socket
import threading
import time
from typing import Any, NamedTuple

from game.speedrun.livesplit_link import (ANSWER_TIMEOUT, BACKLOG, BACKOFF, IDLE_WAIT, SEND_TIMEOUT, STABLE,
                                          AttemptStart, LiveSplitLink, Wire, backoff)
from game.speedrun.websocket import Endpoint, Peer, readable
from game.text.notice import N_, Notice

DEFAULT_PORT = 16834
LOOPBACK = ("127.0.0.1", "::1")
QUERY = "getcurrenttimerphase"

# The livesplit-core command each LiveSplit command of the link becomes (server_protocol.rs, enum Command).
COMMANDS: dict[str, dict[str, Any]] = {
    QUERY: {"command": "getCurrentState"},
    "starttimer": {"command": "start"},
    "split": {"command": "split"},
    "unsplit": {"command": "undoSplit"},
    "reset": {"command": "reset", "saveAttempt": True},
    "pausegametime": {"command": "pauseGameTime"},
    "unpausegametime": {"command": "resumeGameTime"},
    "setgametime": {"command": "setGameTime"},      # + "time": the link's time text
}
# What a game-time command sent again may be answered with: nothing changed, nothing wrong.
EXPECTED_AGAIN = ("GameTimeAlreadyPaused", "GameTimeNotPaused")


def command_json(line: str) -> str:
    """The JSON text of one of the link's LiveSplit command lines ("setgametime 00:00:06.0166666")."""
    name, _, argument = line.partition(" ")
    command = dict(COMMANDS[name])
    if argument:
        command["time"] = argument      # livesplit-core parses it with TimeSpan::parse (up to 9 digits)
    return json.dumps(command, separators=(",", ":"))


class Seen(NamedTuple):
    """LiveSplit One's timer as getCurrentState says it: phase (NotRunning, Running, Paused, Ended)
    and, while running or paused, the split index."""
    phase: str
    split_index: int | None = None


def seen_of(answer: dict[str, Any]) -> Seen | None:
    success = answer.get("success")
    if not isinstance(success, dict) or not isinstance(success.get("state"), str):
        return None
    index = success.get("index")
    return Seen(str(success["state"]), index if isinstance(index, int) else None)


class Held(NamedTuple):
    """What LiveSplit One's timer holds as far as the link knows: an attempt on or not, splits
    taken, and whether the last change was a split (which may have ended the run)."""
    running: bool = False
    splits: int = 0
    may_have_ended: bool = False


def after(held: Held, line: str) -> Held:
    """`held` once LiveSplit One has taken command `line`."""
    name = line.partition(" ")[0]
    if name == "starttimer":
        return Held(True, 0)
    if name == "reset":
        return Held()
    if name == "split":
        return Held(held.running, held.splits + 1, True)
    if name == "unsplit":
        return Held(held.running, max(0, held.splits - 1))
    return held


def held_of(seen: Seen) -> Held:
    if seen.phase == "NotRunning":
        return Held()
    return Held(True, seen.split_index if seen.split_index is not None else 0, seen.phase == "Ended")


def agrees(held: Held, seen: Seen) -> bool:
    if seen.phase == "NotRunning":
        return not held.running
    if seen.phase == "Ended":
        return held.running and held.may_have_ended
    return held.running and held.splits == seen.split_index


def resend_from(held: Held, unanswered: list[str], seen: Seen) -> int:
    """How many of the `unanswered` commands LiveSplit One took, judged by the state it reports:
    the fewest that bring `held` (before them) there. None fit (the runner changed the timer by
    hand meanwhile): all are taken as gone, and none is sent again."""
    for taken in range(len(unanswered) + 1):
        if agrees(held, seen):
            return taken
        if taken < len(unanswered):
            held = after(held, unanswered[taken])
    return len(unanswered)


def lan_address() -> str:
    """This machine's address on its network, to show the runner (no packet is sent: a UDP
    socket's connect only picks the route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()
    finally:
        probe.close()


class Reach:
    """Who may connect and what the runner types into LiveSplit One: the loopback addresses only,
    or (`others`) every device on the network, shown this machine's network address."""

    def __init__(self, others: bool) -> None:
        self.others = others        # other devices may connect (else the loopback addresses only)
        self.url_host = lan_address() if others else "localhost"
        self.listening = threading.Event()     # the endpoint is open (set by the worker)

    def hosts(self) -> tuple[str, ...]:
        return ("0.0.0.0", "::") if self.others else LOOPBACK

    def address(self, port: int) -> str:
        host = f"[{self.url_host}]" if ":" in self.url_host else self.url_host
        return f"ws://{host}:{port}"


class Transcript:
    """What passed between the link and LiveSplit One, in order (the tests read it): the JSON sent,
    the events LiveSplit One pushed, the commands it refused and those sent again."""

    def __init__(self) -> None:
        self.sent_json: collections.deque[str] = collections.deque(maxlen=2000)
        self.events: collections.deque[str] = collections.deque(maxlen=2000)   # what LiveSplit One said happened
        self.refused: collections.deque[tuple[str, str]] = collections.deque(maxlen=200)   # (command, error)
        self.resent: list[str] = []            # commands sent again after a connection died


class Recovery:
    """What the link carries from one connection to the next: LiveSplit One's timer as its answers
    tell, and what a connection that died sent and never heard back about."""

    def __init__(self) -> None:
        self.held = Held()
        self.unanswered: list[str] = []


class _Connection:
    """One LiveSplit One, spoken to in the link's LiveSplit commands: each becomes its livesplit-core
    command; answers are matched to their commands in order, events noted as they come."""

    def __init__(self, peer: Peer, endpoint: Endpoint, link: "LiveSplitOneLink") -> None:
        self.peer, self.endpoint, self.link = peer, endpoint, link
        self.answers = True         # False once a query went unanswered: it is not asked to wait again
        self.inflight: collections.deque[tuple[int, str]] = collections.deque()   # sent, not answered yet
        self.again: set[int] = set()     # numbers of commands sent a second time
        self._sent = 0

    def send(self, line: str, again: bool = False) -> None:
        """Counted as on its way before it is written: a write that fails leaves it unanswered."""
        self._sent += 1
        self.inflight.append((self._sent, line))
        if again:
            self.again.add(self._sent)
        text = command_json(line)
        self.link.transcript.sent_json.append(text)
        self.peer.send_text(text)

    def unanswered(self) -> list[str]:
        return [line for _number, line in self.inflight]

    def alive(self) -> bool:
        """Read LiveSplit One's answers; False once it has gone or a newer connection replaced it."""
        self.endpoint.poll(0)
        self.peer.pump()
        self._read()
        return not self.peer.closed and self.endpoint.ready is None

    def _read(self, wanted: int | None = None) -> dict[str, Any] | None:
        """Take in every message received. Returns the answer to command number `wanted`."""
        found = None
        while self.peer.texts:
            try:
                message = json.loads(self.peer.texts.popleft())
            except ValueError:
                continue
            if not isinstance(message, dict):
                continue
            if "event" in message:
                self.link.transcript.events.append(str(message["event"]))
            elif ("success" in message or "error" in message) and self.inflight:
                number, line = self.inflight.popleft()
                self._answered(number, line, message)
                if number == wanted:
                    found = message
        return found

    def _answered(self, number: int, line: str, message: dict[str, Any]) -> None:
        error = message.get("error")
        if error is None:
            seen = seen_of(message) if line == QUERY else None
            recovery = self.link.recovery
            recovery.held = held_of(seen) if seen is not None else after(recovery.held, line)
            return
        code = error.get("code") if isinstance(error, dict) else None
        if not (number in self.again and code in EXPECTED_AGAIN):
            self.link.transcript.refused.append((line, json.dumps(error)))

    def query(self, timeout: float) -> Seen | None:
        """LiveSplit One's state (None if no answer came in time)."""
        self.send(QUERY)
        wanted, end = self._sent, time.monotonic() + timeout
        while True:
            self.peer.pump()
            answer = self._read(wanted)
            if answer is not None:
                return seen_of(answer)
            if self.peer.closed:
                raise ConnectionResetError("LiveSplit One closed the connection")
            left = end - time.monotonic()
            if left <= 0 or not readable(self.peer.sock, left):
                self.answers = False
                return None

    def ask(self, query: str, timeout: float) -> str | None:
        """The TCP link's getcurrenttimerphase: the phase's name."""
        seen = self.query(timeout)
        return seen.phase if seen is not None else None

    def close(self) -> None:
        self.peer.close()


class LiveSplitOneLink(LiveSplitLink):
    """The game's WebSocket endpoint for LiveSplit One. Same calls as LiveSplitLink (start_run,
    split, pause, resume, end_attempt, close, messages, state), the same attempt logic; state is
    connecting (waiting for LiveSplit One), connected, retrying (the port cannot be opened),
    stopped or closed. Its parts: `reach` (who may connect, the address to type, whether it
    listens), `transcript` (what went each way) and `recovery` (what outlives a connection)."""

    kind = "one"

    def __init__(self, port: int = DEFAULT_PORT, others: bool = False,
                 backoff_steps: tuple[float, ...] = BACKOFF, send_timeout: float = SEND_TIMEOUT,
                 stable_after: float = STABLE, answer_timeout: float = ANSWER_TIMEOUT) -> None:
        # Set before the base starts the worker, which reads them.
        self.reach = Reach(others)
        self.transcript = Transcript()
        self.recovery = Recovery()
        super().__init__("0.0.0.0" if others else "localhost", port, backoff_steps=backoff_steps,
                         send_timeout=send_timeout, stable_after=stable_after, answer_timeout=answer_timeout)

    @property
    def address(self) -> str:
        return self.reach.address(self.port)

    # ----- the worker thread ------------------------------------------------------
    def _serve(self) -> None:
        backlog: collections.deque[str | AttemptStart] = collections.deque(maxlen=BACKLOG)
        endpoint = self._open(backlog)
        if endpoint is None:
            return
        self._state = "connecting"
        self.reach.listening.set()
        try:
            while not self._stop.is_set():
                endpoint.poll(IDLE_WAIT)
                peer = endpoint.take()
                if peer is None:
                    self._drain_into(backlog, connected=False)
                    continue
                self.connections += 1
                self._state = "connected"
                self._session(_Connection(peer, endpoint, self), backlog)
                if not self._stop.is_set():
                    self._state = "connecting"
        finally:
            endpoint.close()
            self.reach.listening.clear()

    def _open(self, backlog: "collections.deque[str | AttemptStart]") -> Endpoint | None:
        """Listen; a port another program holds is tried again after a back-off (None: closed first)."""
        failures = 0
        while not self._stop.is_set():
            try:
                return Endpoint(self.reach.hosts(), self.port)
            except OSError as exc:
                failures += 1
                self._state = "retrying"
                self.problem = exc.strerror or str(exc)
                # TRANSLATORS: {address} is ws://localhost:16834; {problem} the system's words (Address already in use)
                self._tell_trouble(Notice(N_("LiveSplit One link: cannot open {address} ({problem}); retrying"),
                                          address=self.address, problem=self.problem))
                self._drain_into(backlog, connected=False)
                self._pause(backoff(failures, self.backoff_steps))
        return None

    keeps_until_sent = False   # what a dying connection swallowed is found from the answers (_resync)

    def _opened(self, conn: Wire) -> None:
        self._resync(_own(conn))

    def _closing(self, conn: Wire) -> None:
        self.recovery.unanswered += _own(conn).unanswered()

    def _resync(self, conn: _Connection) -> None:
        """Send again what the last connection sent and LiveSplit One never took."""
        recovery = self.recovery
        lines = [line for line in recovery.unanswered if line != QUERY]
        if not lines:
            recovery.unanswered = []
            return
        before = recovery.held           # the query's answer sets `held` to what LiveSplit One reports
        seen = conn.query(self.answer_timeout)
        recovery.unanswered = []
        if seen is None:
            return      # a LiveSplit One that does not answer: nothing to judge by, nothing sent twice
        for line in lines[resend_from(before, lines, seen):]:
            conn.send(line, again=True)
            self.transcript.resent.append(line)

    def _closed_notice(self) -> str:
        # TRANSLATORS: LiveSplit One disconnected; the game keeps waiting for it ({address}: ws://localhost:16834)
        return Notice(N_("LiveSplit One left: waiting for it at {address}"), address=self.address)

    _lost_notice = _closed_notice

    def _connected_notice(self) -> str:
        return Notice(N_("LiveSplit One connected ({address})"), address=self.address)


def _own(conn: Wire) -> _Connection:
    """The connection this link made (its session is only ever given its own)."""
    if not isinstance(conn, _Connection):
        raise TypeError(f"not a LiveSplit One connection: {conn!r}")
    return conn

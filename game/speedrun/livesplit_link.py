"""A live link to the runner's own LiveSplit (its TCP server, default port 16834).

LiveSplit's server takes text commands, each ending in CR LF; it answers only
the queries. The game thread only ever puts commands on a queue
(`LiveSplitLink.start_run()` ...): a worker thread connects, sends and
reconnects, so a slow, refused or dropped connection never costs a frame.

Only commands LiveSplit 1.8's server knows are sent (its CommandServer switch,
src/LiveSplit.Core/Server/CommandServer.cs, and the older LiveSplit.Server
component's ServerComponent.cs), each at a moment its timer acts on it (the
TimerModel's rules: starttimer only while NotRunning, split only while Running,
unsplit only after a split, reset only while an attempt is on). What LiveSplit
receives (T is our in-game time to 100 ns, the precision LiveSplit stores, the
same text as the exported .lss: game.speedrun.livesplit.timespan):
    an attempt starts  getcurrenttimerphase [reset] starttimer setgametime T
    a split            pausegametime setgametime T split unpausegametime
    the last split     pausegametime setgametime T split        (LiveSplit: Ended)
    pause / resume     pausegametime setgametime T  /  unpausegametime
    the attempt ends   reset                    (results left, a new attempt, quit)
    ... and is flagged unsplit (once per split sent) reset
Game time is paused around each split, so LiveSplit's Game Time at every split
is exactly our verified in-game time; between splits it runs on LiveSplit's
clock. Real time is never paused: as in the game, real time includes pauses.

Every attempt starts from a known state: the worker asks LiveSplit's timer
phase and resets first only if an attempt is still on there (a finished run
shown, a run the game was closed during), so a restarted game never loses
its first attempt and no command is wasted. A flagged attempt takes its splits
back before the reset, so LiveSplit's reset learns no best segment, history
or PB from it: it stays an attempt without a time, as in the exported .lss.

The link cannot spam or die: a refused connect and a dropped connection both
wait a back-off (1, 2, 4, 8, 15 s...); the wait only starts over once a
connection has lasted STABLE seconds, so a server that accepts and closes at
once is tried ever more slowly. What happened is said once per change of
state (`messages()`, for a toast): "connected" only for a connection that
lasts, one line for the trouble until then. Anything unexpected stops the
worker with its state "stopped" and a line saying why, never silently.
Commands of the current attempt made while disconnected are kept and sent on
reconnect (game time stays exact: every split carries its own setgametime);
an older attempt's are dropped when the next one starts.
"""
from __future__ import annotations

import collections
import logging
import queue
import selectors
import socket
import threading
import time
from typing import Protocol

from game.text.notice import N_, Notice, message_of
from game.speedrun.address import DEFAULT_HOST, DEFAULT_PORT, show_address
from game.speedrun.livesplit import timespan

BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0)
STABLE = 2.0           # seconds a connection lasts before it counts as made (and the back-off starts over)
CONNECT_TIMEOUT = 3.0
SEND_TIMEOUT = 3.0
ANSWER_TIMEOUT = 1.0   # seconds to wait for LiveSplit to say its timer phase
BACKLOG = 400          # commands kept while disconnected (one attempt's worth, and then some)
IDLE_WAIT = 0.05       # seconds the worker waits for a command before it checks the connection

# Every command the link ever sends: each in LiveSplit 1.8's CommandServer and the older component's.
COMMANDS = ("getcurrenttimerphase", "reset", "starttimer", "setgametime", "pausegametime", "unpausegametime",
            "split", "unsplit")


def backoff(failures: int, steps: tuple[float, ...] = BACKOFF) -> float:
    """Seconds to wait after the n-th failure in a row (1-based)."""
    return steps[min(max(failures, 1), len(steps)) - 1]


class AttemptStart:
    """A marker on the queue: a new attempt (ask the phase, reset if needed, starttimer). While
    disconnected it also drops the backlog of the attempt before it. The LiveSplit One link's
    session reads it too (game.speedrun.livesplit_one)."""


START = AttemptStart()


class LinkStopped(Exception):
    """The link cannot go on (a host no connection can use); str() is the line to show."""


class Wire(Protocol):
    """What the session loop speaks LiveSplit's commands over: LiveSplit's TCP server
    (`_Connection` below) or LiveSplit One (game.speedrun.livesplit_one)."""

    answers: bool

    def send(self, line: str) -> None: ...

    def alive(self) -> bool: ...

    def ask(self, query: str, timeout: float) -> str | None: ...

    def close(self) -> None: ...


class LiveSplitLink:
    """One connection to one LiveSplit server. Call `close()` when done (it sends what is queued)."""

    kind = "tcp"      # the setting's name for this link (LiveSplitOneLink: "one")

    def __init__(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 backoff_steps: tuple[float, ...] = BACKOFF, connect_timeout: float = CONNECT_TIMEOUT,
                 send_timeout: float = SEND_TIMEOUT, stable_after: float = STABLE,
                 answer_timeout: float = ANSWER_TIMEOUT) -> None:
        self.host, self.port = host, port
        self.backoff_steps = backoff_steps
        self.connect_timeout = connect_timeout
        self.send_timeout = send_timeout
        self.stable_after = stable_after
        self.answer_timeout = answer_timeout
        self._queue: queue.Queue[str | AttemptStart] = queue.Queue()
        self._messages: collections.deque[str] = collections.deque(maxlen=8)
        self._stop = threading.Event()
        self._state = "connecting"
        self.problem: str | None = None   # what went wrong last (a Notice), for the settings page
        # The game thread's view of the attempt LiveSplit holds.
        self._live = False          # LiveSplit holds an attempt we started and have not ended
        self._running = False       # our attempt is being timed (splits go out)
        self._paused = False
        self._splits = 0            # splits sent in this attempt (a flagged end takes them back)
        # What the worker did, in order (the tests read them).
        self.sent: collections.deque[str] = collections.deque(maxlen=2000)
        self.waits: list[float] = []      # every back-off wait, in seconds
        self.connections = 0
        self._announced = ""              # "connected" | "trouble": the last state a message told
        self._thread = threading.Thread(target=self._work, name="livesplit-link", daemon=True)
        self._thread.start()

    # ----- the game thread --------------------------------------------------------
    @property
    def state(self) -> str:
        """connecting | connected | retrying | stopped | closed"""
        return self._state

    @property
    def address(self) -> str:
        return show_address(self.host, self.port)

    def messages(self) -> list[str]:
        """What happened to the connection since the last call (one line each, for toasts)."""
        out = []
        while self._messages:
            out.append(self._messages.popleft())
        return out

    def start_run(self, igt: int) -> None:
        """Our timer started (igt: its ticks so far, usually 1)."""
        if self._live:
            self.end_attempt()
        self._live = self._running = True
        self._paused = False
        self._splits = 0
        self._put(START, f"setgametime {timespan(igt)}")

    def split(self, igt: int, last: bool = False) -> None:
        """A split at in-game time `igt`; `last` ends the run in LiveSplit (it shows the final time)."""
        if not self._running:
            return
        commands = ["pausegametime", f"setgametime {timespan(igt)}", "split"]
        if not last:
            commands.append("unpausegametime")
        else:
            self._running = False
        self._splits += 1
        self._put(*commands)

    def pause(self, igt: int) -> None:
        if self._running and not self._paused:
            self._paused = True
            self._put("pausegametime", f"setgametime {timespan(igt)}")

    def resume(self) -> None:
        if self._running and self._paused:
            self._paused = False
            self._put("unpausegametime")

    def end_attempt(self, flagged: bool = False) -> None:
        """The runner left the attempt (a reset, a new attempt, the results, the game): LiveSplit's
        reset stores it. A `flagged` attempt first takes back every split it sent, so LiveSplit
        keeps it as an attempt without a time and learns nothing from its splits."""
        if not self._live:
            return
        self._put(*(["unsplit"] * (self._splits if flagged else 0)), "reset")
        self._live = self._running = self._paused = False
        self._splits = 0

    def close(self, timeout: float = 2.0) -> None:
        """Send what is queued (when connected) and stop the worker; wait for it up to `timeout`
        seconds (0: not at all: it finishes by itself)."""
        self._stop.set()
        if timeout:
            self._thread.join(timeout)

    def _put(self, *commands: str | AttemptStart) -> None:
        if self._state in ("stopped", "closed"):
            return      # nobody will send them: do not let the queue grow
        for command in commands:
            self._queue.put(command)

    # ----- the worker thread ------------------------------------------------------
    def _work(self) -> None:
        try:
            self._serve()
        except LinkStopped as exc:
            self._stopped(message_of(exc))
        except Exception as exc:     # a bug must not end the link unseen
            logging.getLogger(__name__).exception("the LiveSplit link stopped")
            # TRANSLATORS: {error} is a programming error's name (KeyError): a bug in the game, not the runner's doing
            self._stopped(Notice(N_("an error in the game ({error})"), error=type(exc).__name__))
        else:
            self._state = "closed"

    def _stopped(self, why: str) -> None:
        self._state, self.problem = "stopped", why
        # TRANSLATORS: {problem} is a short reason, e.g. "not a host name"
        self._messages.append(Notice(N_("LiveSplit at {address}: {problem}; the link is off"),
                                     address=self.address, problem=why))

    def _serve(self) -> None:
        backlog: collections.deque[str | AttemptStart] = collections.deque(maxlen=BACKLOG)
        failures = 0
        while not self._stop.is_set():
            conn = self._connect()
            if conn is None:
                failures += 1
                self._drain_into(backlog, connected=False)
                self._pause(backoff(failures, self.backoff_steps))
                continue
            stable = self._session(conn, backlog)
            failures = 1 if stable else failures + 1
            if not self._stop.is_set():
                self._pause(backoff(failures, self.backoff_steps))

    def _pause(self, seconds: float) -> None:
        self.waits.append(seconds)
        self._stop.wait(seconds)

    def _connect(self) -> "_Connection | None":
        try:
            sock = socket.create_connection((self.host, self.port), timeout=self.connect_timeout)
        except OSError as exc:
            self._state = "retrying"
            # TRANSLATORS: the connection to LiveSplit was refused (LiveSplit's server is not started)
            self.problem = (Notice(N_("refused")) if isinstance(exc, ConnectionRefusedError)
                            else exc.strerror or str(exc))
            # TRANSLATORS: {problem} is "refused" or the system's own words (Name or service not known)
            self._tell_trouble(Notice(N_("LiveSplit at {address}: {problem}; retrying"),
                                      address=self.address, problem=self.problem))
            return None
        except (UnicodeError, ValueError):    # a host name the resolver refuses outright
            raise LinkStopped(Notice(N_("not a host name"))) from None
        sock.settimeout(self.send_timeout)
        self.connections += 1
        self._state = "connected"
        return _Connection(sock)

    # An item leaves the backlog once it is sent: a connection that dies mid-send sends it again.
    # (LiveSplit One's link takes it off as it goes and finds what was lost from the answers.)
    keeps_until_sent = True

    def _session(self, conn: Wire, backlog: "collections.deque[str | AttemptStart]") -> bool:
        """Send until the connection drops or the link closes; True if it lasted long enough to count."""
        made = time.monotonic()
        stable = False
        try:
            self._opened(conn)
            while True:
                closing = self._stop.is_set()
                self._drain_into(backlog, connected=True, wait=0 if closing else IDLE_WAIT)
                if not stable and time.monotonic() - made >= self.stable_after:
                    stable = True
                    self._tell_connected()
                if not conn.alive():
                    self._drop(self._closed_notice())
                    return stable
                while backlog:
                    item = backlog[0]
                    lines = self._start_lines(conn) if isinstance(item, AttemptStart) else [item]
                    if not self.keeps_until_sent:
                        backlog.popleft()
                    for line in lines:
                        conn.send(line)
                        self.sent.append(line)
                    if self.keeps_until_sent:
                        backlog.popleft()
                if closing:
                    return stable
        except OSError:
            self._drop(self._lost_notice())
            return stable
        finally:
            self._closing(conn)
            conn.close()

    def _opened(self, conn: Wire) -> None:
        """A connection is made, before anything is sent (LiveSplit One's link resends what was lost)."""

    def _closing(self, conn: Wire) -> None:
        """A connection ends (LiveSplit One's link keeps what it never heard back about)."""

    def _start_lines(self, conn: Wire) -> list[str]:
        """What starts an attempt: a reset first only if LiveSplit still holds one."""
        phase = None
        if conn.answers:        # a LiveSplit that did not answer once is not asked again
            self.sent.append("getcurrenttimerphase")
            phase = conn.ask("getcurrenttimerphase", self.answer_timeout)
        return ["starttimer"] if phase == "NotRunning" else ["reset", "starttimer"]

    # What the player is told; the LiveSplit One link says it its own way.
    def _closed_notice(self) -> str:
        return Notice(N_("LiveSplit closed the connection: reconnecting"))

    def _lost_notice(self) -> str:
        return Notice(N_("Lost LiveSplit: reconnecting"))

    def _connected_notice(self) -> str:
        return Notice(N_("LiveSplit connected ({address})"), address=self.address)

    def _tell_connected(self) -> None:
        self.problem = None
        if self._announced != "connected":
            self._announced = "connected"
            self._messages.append(self._connected_notice())

    def _tell_trouble(self, message: str) -> None:
        if self._announced != "trouble":   # said once, not on every retry
            self._announced = "trouble"
            self._messages.append(message)

    def _drop(self, message: str) -> None:
        self._state = "retrying"
        # TRANSLATORS: what happened to the link: LiveSplit closed the connection
        self.problem = Notice(N_("closed the connection"))
        self._tell_trouble(message)

    def _drain_into(self, backlog: "collections.deque[str | AttemptStart]", connected: bool, wait: float = 0.0) -> None:
        """Move queued commands to the backlog. While disconnected, a new attempt drops the older
        attempt's commands, and the backlog keeps the newest; connected, everything goes out in
        order (what does not fit waits on the queue)."""
        try:
            item = self._queue.get(timeout=wait) if wait else self._queue.get_nowait()
        except queue.Empty:
            return
        while True:
            if isinstance(item, AttemptStart) and not connected:
                backlog.clear()
            backlog.append(item)
            if connected and len(backlog) >= BACKLOG:
                return
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return


class _Connection:
    """One socket to LiveSplit: send a line, ask a question, notice when the other end is gone."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.pending = b""      # bytes LiveSplit sent that are not a whole line yet
        self.answers = True     # False once a query went unanswered: it is not asked to wait again
        # A selector, not select.select(): select() refuses any descriptor numbered 1024 or more,
        # which a process with many files open (a long evening, a test run) reaches.
        self._ready = selectors.DefaultSelector()
        self._ready.register(sock, selectors.EVENT_READ)

    def _readable(self, timeout: float) -> bool:
        return bool(self._ready.select(timeout))

    def send(self, line: str) -> None:
        self.sock.sendall((line + "\r\n").encode("utf-8"))

    def alive(self) -> bool:
        """Read and keep LiveSplit's answers; False once the other end has closed."""
        try:
            while self._readable(0):
                data = self.sock.recv(4096)
                if not data:
                    return False
                self.pending += data
        except OSError:
            return False
        return True

    def ask(self, query: str, timeout: float) -> str | None:
        """Send a query and return LiveSplit's answer (None if none came in time). LiveSplit ends
        an answer with LF (1.8) or CR LF (the older component)."""
        self.pending = b""          # answers nobody waits for any more
        self.send(query)
        end = time.monotonic() + timeout
        while b"\n" not in self.pending:
            left = end - time.monotonic()
            if left <= 0 or not self._readable(left):
                self.answers = False
                return None
            data = self.sock.recv(4096)
            if not data:
                raise ConnectionResetError("LiveSplit closed the connection")
            self.pending += data
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode("utf-8", "replace").strip()

    def close(self) -> None:
        self._ready.close()
        try:
            self.sock.close()
        except OSError:
            pass

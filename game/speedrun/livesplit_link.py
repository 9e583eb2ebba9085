"""A live link to the runner's own LiveSplit (its TCP server, default port 16834).

LiveSplit's server takes text commands, each ending in CR LF. The game thread
only ever puts commands on a queue (`LiveSplitLink.start_run()` ...): a worker
thread connects, sends and reconnects, so a slow, refused or dropped connection
never costs a frame. Nothing waits for an answer; whatever LiveSplit sends back
is read and thrown away so its buffer never fills.

What LiveSplit receives (T is our in-game time, H:MM:SS.hh, truncated like our timer):
    on connect        initgametime
    the timer starts  [reset] starttimer initgametime setgametime T unpausegametime
    a split           pausegametime setgametime T split unpausegametime
    the last split    pausegametime setgametime T split
    pause / resume    pausegametime setgametime T  /  setgametime T unpausegametime
    reset, no time    reset
Game time is paused around each split, so LiveSplit's Game Time at every split
is exactly our verified in-game time; between splits it runs on LiveSplit's
clock. Real time is never paused: as in the game, real time includes pauses.
The leading reset clears an attempt LiveSplit still holds (a finished run).

A refused or dropped connection is reported once (`messages()`, for a toast)
and retried with back-off (1, 2, 4, 8, 15 s...). Commands of the current
attempt made while disconnected are kept and sent on reconnect (game time
stays exact: every split carries its own setgametime); an older attempt's are
dropped at the next reset.
"""
from __future__ import annotations

import collections
import queue
import select
import socket
import threading
from dataclasses import dataclass

from game import TICK_RATE
from game.notice import N_, Notice

DEFAULT_HOST = "localhost"
DEFAULT_PORT = 16834
BACKOFF = (1.0, 2.0, 4.0, 8.0, 15.0)
CONNECT_TIMEOUT = 3.0
SEND_TIMEOUT = 3.0
BACKLOG = 400          # commands kept while disconnected (one attempt's worth, and then some)


class AddressError(ValueError):
    """A bad HOST:PORT; str() is one line."""


def parse_address(text: str) -> tuple[str, int]:
    """'HOST:PORT' (or 'HOST', or ':PORT') -> (host, port); AddressError on anything else."""
    text = text.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep:
        host, port_text = text, str(DEFAULT_PORT)
    host = host.strip("[]") or DEFAULT_HOST
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise AddressError(f"--livesplit wants HOST:PORT with a port from 1 to 65535, not {text!r}")
    if any(c.isspace() for c in host) or len(host) > 253:
        raise AddressError(f"--livesplit: {host!r} is not a host name")
    return host, int(port_text)


def game_time(ticks: int) -> str:
    """In-game ticks as LiveSplit's H:MM:SS.hh, truncated to the hundredth like our own timer."""
    hundredths = max(0, ticks) * 100 // TICK_RATE
    seconds, hh = divmod(hundredths, 100)
    minutes, ss = divmod(seconds, 60)
    hours, mm = divmod(minutes, 60)
    return f"{hours}:{mm:02d}:{ss:02d}.{hh:02d}"


def backoff(failures: int, steps: tuple[float, ...] = BACKOFF) -> float:
    """Seconds to wait after the n-th failure in a row (1-based)."""
    return steps[min(max(failures, 1), len(steps)) - 1]


@dataclass
class _Reset:
    """A marker on the queue: drop the backlog of the attempt before it."""


class LiveSplitLink:
    """One connection to one LiveSplit server. Call `close()` when done (joins the worker)."""

    def __init__(self, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
                 backoff_steps: tuple[float, ...] = BACKOFF, connect_timeout: float = CONNECT_TIMEOUT,
                 send_timeout: float = SEND_TIMEOUT) -> None:
        self.host, self.port = host, port
        self.backoff_steps = backoff_steps
        self.connect_timeout = connect_timeout
        self.send_timeout = send_timeout
        self._queue: queue.Queue = queue.Queue()
        self._messages: collections.deque[str] = collections.deque(maxlen=8)
        self._stop = threading.Event()
        self._state = "connecting"
        self._live = False          # LiveSplit holds an attempt we started and have not reset
        self._running = False       # our attempt is being timed
        self._paused = False
        # Every command written to a socket, in order (the tests read it).
        self.sent: collections.deque[str] = collections.deque(maxlen=2000)
        self._reported = False      # a connection problem was announced: stay quiet until connected
        self.connections = 0
        self._thread = threading.Thread(target=self._work, name="livesplit-link", daemon=True)
        self._thread.start()

    # ----- the game thread --------------------------------------------------------
    @property
    def state(self) -> str:
        """connecting | connected | retrying | closed"""
        return self._state

    def messages(self) -> list[str]:
        """What happened to the connection since the last call (one line each, for toasts)."""
        out = []
        while self._messages:
            out.append(self._messages.popleft())
        return out

    def start_run(self, igt: int) -> None:
        """Our timer started (igt: its ticks so far, usually 1)."""
        self._queue.put(_Reset())
        if self._live:
            self._put("reset")
        self._live = self._running = True
        self._paused = False
        self._put("starttimer", "initgametime", f"setgametime {game_time(igt)}", "unpausegametime")

    def split(self, igt: int, last: bool = False) -> None:
        """A split at in-game time `igt`; `last` ends the run in LiveSplit."""
        if not self._running:
            return
        commands = ["pausegametime", f"setgametime {game_time(igt)}", "split"]
        if not last:
            commands.append("unpausegametime")
        else:
            self._running = False
        self._put(*commands)

    def pause(self, igt: int) -> None:
        if self._running and not self._paused:
            self._paused = True
            self._put("pausegametime", f"setgametime {game_time(igt)}")

    def resume(self, igt: int) -> None:
        if self._running and self._paused:
            self._paused = False
            self._put(f"setgametime {game_time(igt)}", "unpausegametime")

    def reset(self) -> None:
        """The attempt ended without a time in LiveSplit (a reset, a DNF, a flagged finish)."""
        if self._live:
            self._queue.put(_Reset())
            self._put("reset")
        self._live = self._running = self._paused = False

    def close(self, timeout: float = 2.0) -> None:
        """Stop the worker; wait for it up to `timeout` seconds (0: not at all, as the game does)."""
        self._stop.set()
        self._state = "closed"
        if timeout:
            self._thread.join(timeout)

    def _put(self, *commands: str) -> None:
        for command in commands:
            self._queue.put(command)

    # ----- the worker thread ------------------------------------------------------
    def _work(self) -> None:
        backlog: collections.deque[str] = collections.deque(maxlen=BACKLOG)
        sock: socket.socket | None = None
        failures = 0
        while not self._stop.is_set():
            if sock is None:
                sock = self._connect(failures)
                if sock is None:
                    failures += 1
                    self._drain_into(backlog, connected=False)
                    self._stop.wait(backoff(failures, self.backoff_steps))
                    continue
                failures = 0
            self._drain_into(backlog, connected=True, wait=0.05)
            if not self._alive(sock):
                sock = self._drop(sock, Notice(N_("LiveSplit closed the connection: reconnecting")))
                continue
            while backlog:
                try:
                    sock.sendall((backlog[0] + "\r\n").encode("utf-8"))
                except OSError:
                    sock = self._drop(sock, Notice(N_("Lost LiveSplit: reconnecting")))
                    break
                self.sent.append(backlog.popleft())
        if sock is not None:
            sock.close()

    def _connect(self, failures: int) -> socket.socket | None:
        try:
            sock = socket.create_connection((self.host, self.port), timeout=self.connect_timeout)
            sock.settimeout(self.send_timeout)
            sock.sendall(b"initgametime\r\n")
        except OSError as exc:
            self._state = "retrying"
            if not self._reported:   # say it once, not on every retry
                self._reported = True
                where = f"{self.host}:{self.port}"
                self._messages.append(Notice(N_("LiveSplit at {address}: refused; retrying"), address=where)
                                      if isinstance(exc, ConnectionRefusedError) else
                                      Notice(N_("LiveSplit at {address}: {error}; retrying"), address=where,
                                             error=exc.strerror or str(exc)))
            return None
        self.sent.append("initgametime")
        self.connections += 1
        self._reported = False
        self._state = "connected"
        self._messages.append(Notice(N_("LiveSplit connected ({address})"), address=f"{self.host}:{self.port}"))
        return sock

    def _drop(self, sock: socket.socket, message: str) -> None:  # returns None: the socket is gone
        try:
            sock.close()
        except OSError:
            pass
        self._state = "retrying"
        self._reported = True
        self._messages.append(message)
        return None

    def _drain_into(self, backlog: collections.deque, connected: bool, wait: float = 0.0) -> None:
        """Move queued commands to the backlog. While disconnected, a reset marker drops the older
        attempt's commands (connected, everything goes out in order)."""
        try:
            item = self._queue.get(timeout=wait) if wait else self._queue.get_nowait()
        except queue.Empty:
            return
        while True:
            if isinstance(item, _Reset):
                if not connected:
                    backlog.clear()
            else:
                backlog.append(item)
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return

    @staticmethod
    def _alive(sock: socket.socket) -> bool:
        """Read and discard LiveSplit's answers; False once the other end has closed."""
        try:
            while select.select([sock], [], [], 0)[0]:
                if not sock.recv(4096):
                    return False
        except OSError:
            return False
        return True

"""A LiveSplit One for the tests: a real WebSocket client (wsproto, over a socket) that connects to
the game's endpoint and answers as LiveSplit One does. 127.0.0.1 only.

Built from the source (github.com/LiveSplit/LiveSplitOne at 10eb2e5, github.com/LiveSplit/livesplit-core
at 61070c4):
- the client (LiveSplitOne src/api/LiveSplitServer.ts): `new WebSocket(url)`; each text message goes
  to `ServerProtocol.handleCommand` and its answer is sent back, in order; the timer's events are sent
  as they happen (`sendEvent`), so an event goes out before the answer of the command that caused it;
- the protocol (livesplit-core src/networking/server_protocol.rs):
      command  {"command": "start"}    serde(tag = "command", rename_all = "camelCase"):
               start split splitOrStart reset{saveAttempt} undoSplit skipSplit togglePauseOrStart pause
               resume undoAllPauses switchToPreviousComparison switchToNextComparison
               setCurrentComparison{comparison} toggleTimingMethod setCurrentTimingMethod{timingMethod}
               initializeGameTime setGameTime{time} pauseGameTime resumeGameTime setLoadingTimes{time}
               setCustomVariable{key,value} getCurrentTime getSegmentName getComparisonTime
               getCurrentRunSplitTime getCurrentState ping
      answer   {"success": null}   {"success": {"state": "Running", "index": 0}}   (getCurrentState)
               {"error": {"code": "NoRunInProgress"}}
               {"error": {"code": "InvalidCommand", "message": "..."}}   (JSON serde cannot read)
      event    {"event": "Started"}   (src/event.rs: Started Splitted Finished Reset SplitUndone ...
               GameTimeSet GameTimePaused GameTimeResumed)
- the timer's rules (livesplit-core src/timing/timer/mod.rs and active_attempt.rs): start only without
  an attempt (RunAlreadyInProgress); split needs an attempt (NoRunInProgress), not finished
  (RunFinished), not paused (TimerPaused); undoSplit needs a split to undo (CantUndoFirstSplit);
  reset needs an attempt; pauseGameTime / resumeGameTime (GameTimeAlreadyPaused / GameTimeNotPaused);
  setGameTime parses with TimeSpan::parse (at most 3 colon pieces, fraction digits cut to 9);
- LiveSplit One's reset without saveAttempt asks the runner in a dialog when the attempt has new best
  times (src/util/LSOCommandSink.ts); the link must never leave that to chance.

The timer itself (times, game time, what a reset stores) is tests/livesplit_server.py's `Timer`: the
same algorithm in LiveSplit and livesplit-core for these commands. Every error answer, every command
this stand-in does not model and any failure of its own thread are `problems()`; a test of the link
wants none. `deaf` loses every command on the way, `mute` every answer. `drop()` closes the connection as a closed browser tab would; `connect()` opens a new
one, the timer kept, as LiveSplit One does when the runner clicks Connect again.
"""
from __future__ import annotations

import json
import socket
import threading
import time
from typing import Any, Callable

from wsproto import ConnectionType, WSConnection
from wsproto.connection import ConnectionState
from wsproto.events import AcceptConnection, CloseConnection, Event, Message, Ping, Request, TextMessage

from tests.livesplit_model import Run, Segment, Time
from tests.livesplit_server import Timer

# server_protocol.rs, enum Command (camelCase).
PROTOCOL_COMMANDS = (
    "start", "split", "splitOrStart", "reset", "undoSplit", "skipSplit", "togglePauseOrStart", "pause", "resume",
    "undoAllPauses", "switchToPreviousComparison", "switchToNextComparison", "setCurrentComparison",
    "toggleTimingMethod", "setCurrentTimingMethod", "initializeGameTime", "setGameTime", "pauseGameTime",
    "resumeGameTime", "setLoadingTimes", "setCustomVariable", "getCurrentTime", "getSegmentName",
    "getComparisonTime", "getCurrentRunSplitTime", "getCurrentState", "ping",
)


class TimerError(Exception):
    """A livesplit-core event::Error: str() is its code."""


def parse_time(text: str) -> int:
    """livesplit-core's TimeSpan::parse (time_span.rs, parse_custom_with_decimal), in 100 ns units:
    an optional minus, up to three colon pieces (seconds and minutes below 60), a '.' fraction cut to 9
    digits. ValueError for what it refuses."""
    negate = text[:1] in ("-", "\u2212")
    if negate:
        text = text[1:]
    whole, dot, fraction = text.partition(".")
    nanos = 0
    if dot:
        fraction = fraction[:9]
        if not fraction.isdigit():
            raise ValueError(f"fraction {fraction!r}")
        nanos = int(fraction) * 10 ** (9 - len(fraction))
    pieces = whole.split(":")
    if len(pieces) > 3 or not all(p.isdigit() for p in pieces):
        raise ValueError(f"not a time: {text!r}")
    seconds = 0
    for i, piece in enumerate(reversed(pieces)):
        value = int(piece)
        if i < len(pieces) - 1 and value >= 60:
            raise ValueError(f"piece {piece} overflows")
        seconds += value * 60 ** i
    units = seconds * 10_000_000 + nanos // 100
    return -units if negate else units


class FaithfulLiveSplitOne:
    def __init__(self, port: int, run: Run | None = None, names: tuple[str, ...] = ("Split",)) -> None:
        self.port = port
        self.run = run if run is not None else Run(segments=[Segment(name) for name in names])
        self.timer = Timer(self.run)
        self.received: list[dict[str, Any]] = []       # every command, as read
        self.answers: list[dict[str, Any]] = []
        self.errors: list[tuple[str, str]] = []        # (command, error code)
        self.unmodelled: list[str] = []
        self.crashes: list[str] = []
        self.splits: list[Time] = []                   # the time stored at every split that took effect
        self.connections = 0
        self.deaf = False       # commands are lost on the way (a network that went down): never handled
        self.mute = False       # commands are handled, their answers lost on the way back
        self._lock = threading.RLock()     # wait_for holds it while a predicate may ask commands()
        self._sock: socket.socket | None = None
        self._ws: WSConnection | None = None
        self._thread: threading.Thread | None = None

    # ----- what a test asks
    def problems(self) -> list[str]:
        with self._lock:
            return ([f"LiveSplit One answered {cmd} with {code}" for cmd, code in self.errors] +
                    [f"not modelled: {what}" for what in self.unmodelled] + list(self.crashes))

    def wait_for(self, predicate: Callable[["FaithfulLiveSplitOne"], bool], timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if predicate(self):
                    return True
            time.sleep(0.01)
        return False

    @property
    def lines(self) -> list[dict[str, Any]]:
        """Every command read (the TCP stand-in's name for what it was sent)."""
        return self.received

    def commands(self) -> list[str]:
        with self._lock:
            return [c.get("command", "?") for c in self.received]

    # ----- the connection
    def connect(self, timeout: float = 5.0) -> None:
        """Connect to ws://127.0.0.1:port/ (retrying until the game listens) and finish the handshake."""
        end = time.monotonic() + timeout
        while True:
            try:
                sock = socket.create_connection(("127.0.0.1", self.port), timeout=1.0)
                break
            except OSError:
                if time.monotonic() > end:
                    raise
                time.sleep(0.02)
        ws = WSConnection(ConnectionType.CLIENT)
        sock.sendall(ws.send(Request(host=f"localhost:{self.port}", target="/")))
        opened, early = False, []
        while not opened:
            data = sock.recv(65536)
            if not data:
                raise ConnectionError("the game closed the handshake")
            ws.receive_data(data)
            for event in ws.events():
                if opened:
                    early.append(event)       # a command in the same read as the handshake's answer
                elif isinstance(event, AcceptConnection):
                    opened = True
                else:
                    raise ConnectionError(f"the game answered the handshake with {event!r}")
        sock.settimeout(0.05)
        with self._lock:
            self._sock, self._ws = sock, ws
            self.connections += 1
        self._thread = threading.Thread(target=self._read, args=(sock, ws, early), daemon=True)
        self._thread.start()

    def drop(self) -> None:
        """The connection goes, with no goodbye (a closed tab, a sleeping laptop); the timer stays."""
        with self._lock:
            sock, self._sock, self._ws = self._sock, None, None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        if self._thread is not None:
            self._thread.join(2)

    close = drop

    def _read(self, sock: socket.socket, ws: WSConnection, early: list[Event]) -> None:
        try:
            self._serve(sock, ws, early)
        except Exception as exc:     # a failure here fails the test (problems()) ...
            if self._sock is sock:   # ... unless the test dropped this connection under it
                with self._lock:
                    self.crashes.append(f"the stand-in's thread: {exc!r}")

    def _serve(self, sock: socket.socket, ws: WSConnection, early: list[Event]) -> None:
        partial: list[str] = []
        if not self._events(sock, ws, early, partial):
            return
        while self._sock is sock:
            try:
                data = sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                return
            ws.receive_data(data or None)
            if not self._events(sock, ws, list(ws.events()), partial) or not data:
                return

    def _events(self, sock: socket.socket, ws: WSConnection, events: list[Event], partial: list[str]) -> bool:
        """LiveSplitServer.ts's onmessage: a whole text message is a command, answered. False: closed."""
        for event in events:
            if isinstance(event, TextMessage):
                partial.append(event.data)
                if event.message_finished:
                    text = "".join(partial)
                    partial.clear()
                    if self.deaf:
                        continue
                    answer = self.handle(text)
                    if not self.mute:
                        self._send(sock, ws, answer)
            elif isinstance(event, Ping):
                sock.sendall(ws.send(event.response()))
            elif isinstance(event, CloseConnection):
                if ws.state is ConnectionState.REMOTE_CLOSING:     # the game said goodbye: answer it
                    sock.sendall(ws.send(event.response()))
                return False
        return True

    def _send(self, sock: socket.socket, ws: WSConnection, messages: list[dict[str, Any]]) -> None:
        for message in messages:
            if ws.state is not ConnectionState.OPEN:     # the game is closing: LiveSplit One sends no more
                return
            try:
                sock.sendall(ws.send(Message(data=json.dumps(message))))
            except OSError:
                return

    # ----- ServerProtocol.handleCommand
    def handle(self, text: str) -> list[dict[str, Any]]:
        """One command: the events it caused, then its answer."""
        with self._lock:
            try:
                command = json.loads(text)
            except ValueError as exc:
                return [self._error(text, "InvalidCommand", str(exc))]
            if not isinstance(command, dict) or command.get("command") not in PROTOCOL_COMMANDS:
                return [self._error(text, "InvalidCommand", "unknown variant")]
            self.received.append(command)
            name = command["command"]
            handler = getattr(self, f"_do_{name}", None)
            if handler is None:
                self.unmodelled.append(name)
                return [{"success": None}]
            try:
                event, value = handler(command)
            except TimerError as exc:
                return [self._error(name, str(exc))]
            except (KeyError, ValueError) as exc:      # serde could not read its fields
                return [self._error(name, "InvalidCommand", repr(exc))]
            answer = {"success": value}
            self.answers.append(answer)
            return ([{"event": event}] if event else []) + [answer]

    def _error(self, command: str, code: str, message: str | None = None) -> dict[str, Any]:
        self.errors.append((command, code))
        return {"error": {"code": code, **({"message": message} if message else {})}}

    def _attempt(self) -> None:
        if self.timer.phase == "NotRunning":
            raise TimerError("NoRunInProgress")

    def _do_start(self, _c: dict[str, Any]) -> tuple[str, None]:
        if self.timer.phase != "NotRunning":
            raise TimerError("RunAlreadyInProgress")
        self.timer.start()
        return "Started", None

    def _do_split(self, _c: dict[str, Any]) -> tuple[str, None]:
        self._attempt()
        if self.timer.phase == "Ended":
            raise TimerError("RunFinished")
        if self.timer.phase == "Paused":
            raise TimerError("TimerPaused")
        stored = self.timer.split()
        if stored is None:
            raise TimerError("NegativeTime")
        self.splits.append(stored)
        return ("Finished" if self.timer.phase == "Ended" else "Splitted"), None

    def _do_undoSplit(self, _c: dict[str, Any]) -> tuple[str, None]:
        self._attempt()
        if self.timer.index == 0:
            raise TimerError("CantUndoFirstSplit")
        self.timer.undo_split()
        return "SplitUndone", None

    def _do_reset(self, command: dict[str, Any]) -> tuple[str, None]:
        self._attempt()
        save = command.get("saveAttempt")
        if save is not True:
            # None: LiveSplit One asks the runner in a dialog; False: the attempt is thrown away
            self.unmodelled.append(f"reset with saveAttempt {save!r}")
        self.timer.reset()
        return "Reset", None

    def _do_setGameTime(self, command: dict[str, Any]) -> tuple[str, None]:
        units = parse_time(command["time"])
        self._attempt()
        self.timer.set_game_time(units)
        return "GameTimeSet", None

    def _do_pauseGameTime(self, _c: dict[str, Any]) -> tuple[str, None]:
        self._attempt()
        if self.timer.game_paused:
            raise TimerError("GameTimeAlreadyPaused")
        self.timer.set_game_paused(True)
        return "GameTimePaused", None

    def _do_resumeGameTime(self, _c: dict[str, Any]) -> tuple[str, None]:
        self._attempt()
        if not self.timer.game_paused:
            raise TimerError("GameTimeNotPaused")
        self.timer.set_game_paused(False)
        return "GameTimeResumed", None

    def _do_getCurrentState(self, _c: dict[str, Any]) -> tuple[None, dict[str, Any]]:
        phase = self.timer.phase
        state: dict[str, Any] = {"state": phase}
        if phase in ("Running", "Paused"):
            state["index"] = self.timer.index
        return None, state

    def _do_ping(self, _c: dict[str, Any]) -> tuple[None, None]:
        return None, None

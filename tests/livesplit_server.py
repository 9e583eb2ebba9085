"""A LiveSplit Server for the tests that behaves as LiveSplit 1.8's does: 127.0.0.1 only.

Built from LiveSplit's source (github.com/LiveSplit/LiveSplit, tag 1.8.37):
- the command switch of CommandServer.ProcessMessage (src/LiveSplit.Core/Server/CommandServer.cs):
  its command names, "Invalid command" for anything else, setgametime's TimeSpanParser
  (src/LiveSplit.Core/Model/TimeSpanParser.cs), answers ending in LF (Connection.cs);
- the timer those commands drive: TimerModel (Start only from NotRunning, Split only while
  Running with real time above zero, UndoSplit only after a split, Reset only while an attempt
  is on, Pause toggling Running / Paused) and LiveSplitState's game time (SetGameTime,
  IsGameTimePaused, LoadingTimes: src/LiveSplit.Core/Model/LiveSplitState.cs);
- what a reset stores (TimerModel.UpdateTimes, then Run.FixSplits): tests/livesplit_model.py.

Every command line is recorded. One LiveSplit would refuse (an unknown command, a time it cannot
parse) goes to `rejected`; one its timer would ignore (nothing changes: a split while not
Running, a reset while NotRunning, a game-time command outside an attempt...) to `ignored`;
`problems()` lists both, and a test of the link wants it empty. The run LiveSplit holds is
`server.run` (its splits, history, best segments and PB after each reset); `splits` lists the
time LiveSplit stored at every split that took effect.

`answer=False` reads but never answers; `read=False` accepts and never reads; `close_at_once`
accepts and closes each connection at once. `drop()` closes the client's connection (the
server keeps listening). Every wait is bounded.
"""
from __future__ import annotations

import re
import socket
import threading
import time
from typing import Callable

from tests.livesplit_model import GAME, Run, Segment, Time, fix_splits, update_times

# CommandServer.ProcessMessage's case labels in LiveSplit 1.8.37.
COMMANDS = (
    "startorsplit", "split", "undosplit", "unsplit", "skipsplit", "pause", "resume", "reset", "start",
    "starttimer", "setgametime", "setloadingtimes", "addloadingtimes", "pausegametime", "unpausegametime",
    "alwayspausegametime", "getdelta", "getsplitindex", "getcurrentsplitname", "getlastsplitname",
    "getprevioussplitname", "getlastsplittime", "getprevioussplittime", "getcurrentsplittime",
    "getcomparisonsplittime", "getcurrentrealtime", "getcurrentgametime", "getcurrenttime", "getfinaltime",
    "getfinalsplittime", "getbestpossibletime", "getpredictedtime", "gettimerphase", "getcurrenttimerphase",
    "setcomparison", "switchto", "setsplitname", "setcurrentsplitname", "getcustomvariablevalue",
    "setcustomvariable", "ping", "getattemptcount", "getcompletedcount",
)
# The older LiveSplit.Server component's (ServerComponent.cs, before the server moved into LiveSplit).
COMPONENT_COMMANDS = (
    "startorsplit", "split", "unsplit", "skipsplit", "pause", "resume", "reset", "starttimer", "setgametime",
    "setloadingtimes", "pausegametime", "unpausegametime", "alwayspausegametime", "getdelta", "getsplitindex",
    "getcurrentsplitname", "getlastsplitname", "getprevioussplitname", "getlastsplittime",
    "getprevioussplittime", "getcurrentsplittime", "getcomparisonsplittime", "getcurrentrealtime",
    "getcurrentgametime", "getcurrenttime", "getfinaltime", "getfinalsplittime", "getbestpossibletime",
    "getpredictedtime", "gettimerphase", "getcurrenttimerphase", "setcomparison", "switchto", "setsplitname",
    "setcurrentsplitname",
)
QUERIES = ("getcurrenttimerphase", "gettimerphase", "ping", "getsplitindex", "getattemptcount",
           "getcompletedcount", "getcurrentgametime")
GAME_TIME_COMMANDS = ("setgametime", "setloadingtimes", "addloadingtimes", "pausegametime", "unpausegametime")
TICKS = {"day": 864_000_000_000, "hour": 36_000_000_000, "minute": 600_000_000, "second": 10_000_000}
_DIGITS = re.compile(r"[0-9]+")


def parse_time(text: str) -> int | None:
    """CommandServer.ParseTime: "-" is no time, else TimeSpanParser.Parse (ValueError if it throws)."""
    if text == "-":
        return None
    original = len(text)
    text = text.lstrip("-\u2212")
    factor = -1 if len(text) < original else 1
    sections = text.split(":", 2)
    ticks = 0
    if len(sections) > 2:
        days_hours = sections[0].split(".", 1)
        if len(days_hours) == 2:
            ticks += _number(days_hours[0]) * TICKS["day"]
        ticks += _number(days_hours[-1]) * TICKS["hour"]
    if len(sections) > 1:
        ticks += _number(sections[-2]) * TICKS["minute"]
    seconds = sections[-1].split(".", 2)
    ticks += _number(seconds[0]) * TICKS["second"]
    if len(seconds) > 1:
        fraction = seconds[1][:7]
        ticks += _number(fraction) * 10 ** (7 - len(fraction))
    return factor * ticks


def _number(text: str) -> int:
    if not _DIGITS.fullmatch(text.strip()):
        raise ValueError(f"not a number: {text!r}")
    return int(text)


class Timer:
    """LiveSplitState + TimerModel: phase, split index, real and game time, as LiveSplit keeps them."""

    def __init__(self, run: Run, method: str = GAME) -> None:
        self.run, self.method = run, method
        self.phase = "NotRunning"
        self.index = -1
        self.adjusted_start = 0
        self.paused_at = 0               # TimePausedAt
        self.game_paused = False         # IsGameTimePaused
        self.game_pause_time: int | None = None
        self.loading: int | None = None  # LoadingTimes; None: game time not initialized

    @staticmethod
    def now() -> int:
        return time.monotonic_ns() // 100

    def current_time(self) -> Time:
        if self.phase == "NotRunning":
            real: int | None = 0
        elif self.phase == "Running":
            real = self.now() - self.adjusted_start
        elif self.phase == "Paused":
            real = self.paused_at
        else:
            real = self.run.segments[-1].split.real
        if self.phase == "Ended":
            game = self.run.segments[-1].split.game
        elif self.game_paused:
            game = self.game_pause_time
        else:
            game = real - self.loading if real is not None and self.loading is not None else None
        return Time(real, game)

    # ----- LiveSplitState's game time
    def set_loading(self, value: int) -> None:
        self.loading = value
        if self.game_paused:
            self.game_pause_time = self.current_time().real - value   # type: ignore[operator]

    def set_game_paused(self, value: bool) -> None:
        now = self.current_time()
        if not value and self.game_paused:
            self.set_loading(now.real - (now.game if now.game is not None else now.real))   # type: ignore[operator]
        elif value and not self.game_paused:
            self.game_pause_time = now.game if now.game is not None else now.real
        self.game_paused = value

    def set_game_time(self, value: int | None) -> None:
        now = self.current_time()
        if now.real is not None and value is not None:
            self.set_loading(now.real - value)
            if self.game_paused:
                self.game_pause_time = value

    # ----- TimerModel
    def start(self) -> None:
        if self.phase == "NotRunning":
            self.phase, self.index = "Running", 0
            self.adjusted_start = self.now()
            self.paused_at = 0
            self.loading = None
            self.run.attempt_count += 1

    def split(self) -> Time | None:
        now = self.current_time()
        if self.phase == "Running" and now.real is not None and now.real > 0:
            self.run.segments[self.index].split = now
            self.index += 1
            if self.index == len(self.run.segments):
                self.phase = "Ended"
            return now
        return None

    def skip_split(self) -> None:
        if self.phase in ("Running", "Paused") and self.index < len(self.run.segments) - 1:
            self.run.segments[self.index].split = Time()
            self.index += 1

    def undo_split(self) -> None:
        if self.phase != "NotRunning" and self.index > 0:
            if self.phase == "Ended":
                self.phase = "Running"
            self.index -= 1
            self.run.segments[self.index].split = Time()

    def reset(self) -> None:
        if self.phase == "NotRunning":
            return
        self.set_game_paused(False)
        self.set_loading(0)
        update_times(self.run, self.phase == "Ended", self.index, self.method, self.current_time())
        self.phase, self.index = "NotRunning", -1
        for seg in self.run.segments:
            seg.split = Time()
        fix_splits(self.run)

    def pause(self) -> None:
        if self.phase == "Running":
            self.paused_at = self.current_time().real   # type: ignore[assignment]
            self.phase = "Paused"
        elif self.phase == "Paused":
            self.adjusted_start = self.now() - self.paused_at
            self.phase = "Running"
        elif self.phase == "NotRunning":
            self.start()

    def snapshot(self) -> tuple:
        """Everything a command can change (to tell an ignored one)."""
        return (self.phase, self.index, [(s.split.real, s.split.game) for s in self.run.segments], self.loading,
                self.game_paused, self.game_pause_time, self.paused_at, self.adjusted_start, self.run.attempt_count)


class FaithfulLiveSplit:
    def __init__(self, run: Run | None = None, names: tuple[str, ...] = ("Split",), answer: bool = True,
                 read: bool = True, close_at_once: bool = False, port: int = 0) -> None:
        self.run = run if run is not None else Run(segments=[Segment(name) for name in names])
        self.timer = Timer(self.run)
        self.answer, self.read, self.close_at_once = answer, read, close_at_once
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", port))
        self.server.listen(8)
        self.server.settimeout(0.05)
        self.port = self.server.getsockname()[1]
        self.lines: list[str] = []
        self.rejected: list[tuple[str, str]] = []
        self.ignored: list[tuple[str, str]] = []      # (command, the timer's phase then)
        self.splits: list[Time] = []                  # the time stored at every split that took effect
        self.accepted = 0
        self._client: socket.socket | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    # ----- what a test asks
    def problems(self) -> list[str]:
        with self._lock:
            return ([f"rejected {line!r}: {why}" for line, why in self.rejected] +
                    [f"ignored {line!r} while {phase}" for line, phase in self.ignored])

    def wait_for(self, predicate: Callable[["FaithfulLiveSplit"], bool], timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if predicate(self):
                    return True
            time.sleep(0.01)
        return False

    def drop(self) -> None:
        """Close the connection of the client (as a LiveSplit that was closed would)."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            try:
                client.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            client.close()

    def close(self) -> None:
        self._stop.set()
        self.drop()
        self._thread.join(2)
        self.server.close()

    # ----- CommandServer.ProcessMessage
    def process(self, line: str) -> str | None:
        """One command line, as LiveSplit handles it; returns its answer (None: it answers nothing)."""
        command, _, arg = line.partition(" ")
        self.lines.append(line)
        handler = getattr(self, f"_do_{command}", None)
        if command not in COMMANDS:
            self.rejected.append((line, "Invalid command"))
            return None
        if handler is None:
            self.rejected.append((line, "a LiveSplit command this stand-in does not model"))
            return None
        phase, before = self.timer.phase, self.timer.snapshot()
        try:
            answer = handler(arg)
        except (ValueError, IndexError) as exc:
            self.rejected.append((line, f"LiveSplit logs an error: {exc}"))
            return None
        if command not in QUERIES and (self.timer.snapshot() == before or
                                       (command in GAME_TIME_COMMANDS and phase in ("NotRunning", "Ended"))):
            self.ignored.append((line, phase))
        return answer

    def _do_starttimer(self, _arg: str) -> None:
        self.timer.start()

    _do_start = _do_starttimer

    def _do_split(self, _arg: str) -> None:
        stored = self.timer.split()
        if stored is not None:
            self.splits.append(stored)

    def _do_unsplit(self, _arg: str) -> None:
        self.timer.undo_split()

    _do_undosplit = _do_unsplit

    def _do_skipsplit(self, _arg: str) -> None:
        self.timer.skip_split()

    def _do_reset(self, _arg: str) -> None:
        self.timer.reset()

    def _do_pause(self, _arg: str) -> None:
        if self.timer.phase != "Paused":
            self.timer.pause()

    def _do_resume(self, _arg: str) -> None:
        if self.timer.phase == "Paused":
            self.timer.pause()

    def _do_setgametime(self, arg: str) -> None:
        if not arg:
            raise IndexError("setgametime without a time")
        self.timer.set_game_time(parse_time(arg))

    def _do_pausegametime(self, _arg: str) -> None:
        self.timer.set_game_paused(True)

    def _do_unpausegametime(self, _arg: str) -> None:
        self.timer.set_game_paused(False)

    def _do_getcurrenttimerphase(self, _arg: str) -> str:
        return self.timer.phase

    _do_gettimerphase = _do_getcurrenttimerphase

    def _do_ping(self, _arg: str) -> str:
        return "pong"

    def _do_getattemptcount(self, _arg: str) -> str:
        return str(self.run.attempt_count)

    def _do_getcompletedcount(self, _arg: str) -> str:
        return str(sum(1 for a in self.run.attempts if a.time.real is not None))

    # ----- the socket
    def _serve(self) -> None:
        buffer = b""
        while not self._stop.is_set():
            if self._client is None:
                try:
                    client, _ = self.server.accept()
                except OSError:
                    continue
                with self._lock:
                    self.accepted += 1
                if self.close_at_once:
                    client.close()
                    continue
                client.settimeout(0.05)
                with self._lock:
                    self._client, buffer = client, b""
                continue
            if not self.read:
                time.sleep(0.05)
                continue
            try:
                data = self._client.recv(4096)
            except socket.timeout:
                continue
            except OSError:
                data = b""
            if not data:
                with self._lock:
                    self._client = None
                continue
            buffer += data
            while b"\n" in buffer:       # StreamReader.ReadLine: a line ends at LF (a CR before it goes)
                raw, buffer = buffer.split(b"\n", 1)
                with self._lock:
                    answer = self.process(raw.decode("utf-8").rstrip("\r"))
                if answer is not None and self.answer and self._client is not None:
                    try:
                        self._client.sendall((answer + "\n").encode())
                    except OSError:
                        pass

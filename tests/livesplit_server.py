"""A stand-in LiveSplit Server for the tests: 127.0.0.1 only, records every command line it receives.

`FakeLiveSplit(answer=True)` reads CR LF terminated commands and, like LiveSplit,
answers the few query commands; `answer=False` reads but never answers;
`read=False` accepts and never reads at all. `drop()` closes the client's
connection (the server keeps listening). Every wait is bounded.
"""
from __future__ import annotations

import socket
import threading
import time

QUERIES = {"getcurrenttimerphase": "Running", "ping": "pong"}


class FakeLiveSplit:
    def __init__(self, answer: bool = True, read: bool = True, port: int = 0) -> None:
        self.answer, self.read = answer, read
        self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", port))
        self.server.listen(4)
        self.server.settimeout(0.1)
        self.port = self.server.getsockname()[1]
        self.lines: list[str] = []
        self.accepted = 0
        self._client: socket.socket | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        buffer = b""
        while not self._stop.is_set():
            if self._client is None:
                try:
                    client, _ = self.server.accept()
                except (socket.timeout, OSError):
                    continue
                client.settimeout(0.1)
                with self._lock:
                    self._client, buffer = client, b""
                    self.accepted += 1
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
            while b"\r\n" in buffer:
                line, buffer = buffer.split(b"\r\n", 1)
                text = line.decode("utf-8")
                with self._lock:
                    self.lines.append(text)
                if self.answer and text in QUERIES:
                    self._client.sendall((QUERIES[text] + "\r\n").encode())

    def drop(self) -> None:
        """Close the connection of the client (as a LiveSplit that was closed would)."""
        with self._lock:
            client, self._client = self._client, None
        if client is not None:
            client.shutdown(socket.SHUT_RDWR)
            client.close()

    def wait_for(self, predicate, timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                if predicate(self):
                    return True
            time.sleep(0.01)
        return False

    def close(self) -> None:
        self._stop.set()
        self.drop()
        self._thread.join(2)
        self.server.close()

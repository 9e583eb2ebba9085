"""A WebSocket endpoint on the game's own non-blocking sockets (wsproto speaks the protocol, with no
I/O of its own): for the LiveSplit One link's worker thread, never the game thread.

`Endpoint(hosts, port)` listens on each host (the first must open; the others, such as ::1 beside
127.0.0.1, are a bonus on a machine without IPv6). `poll(wait)` accepts connections and reads their
handshakes; `take()` hands over the newest connection whose handshake is done as a `Peer` (whole
text messages in `texts`, `send_text()`); a newer one closes the one before it, so a half-open
connection (a laptop that slept) never holds the endpoint. What is not a WebSocket (a browser tab on
http://localhost:PORT, a port scanner) gets wsproto's HTTP refusal or nothing, and is closed.
"""
from __future__ import annotations

import collections
import selectors
import socket
import time

from wsproto import ConnectionType, WSConnection
from wsproto.connection import ConnectionState
from wsproto.events import (AcceptConnection, CloseConnection, Event, Message, Ping, RejectConnection, Request,
                            TextMessage)
from wsproto.utilities import LocalProtocolError, RemoteProtocolError

HANDSHAKE_TIMEOUT = 5.0   # seconds a new connection has to finish its WebSocket handshake
MAX_PENDING = 4           # handshakes waiting at once (more: the oldest is closed)
READ_SIZE = 65536
WRITE_TIMEOUT = 3.0       # seconds the worker waits for a peer that does not read
CLOSE_WAIT = 0.5          # seconds a goodbye waits for the peer's


class Peer:
    """One TCP connection speaking WebSocket (wsproto over a non-blocking socket)."""

    def __init__(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        self.sock = sock
        self.ws = WSConnection(ConnectionType.SERVER)
        self.made = time.monotonic()
        self.open = False          # the handshake is done
        self.closed = False
        self.texts: collections.deque[str] = collections.deque()   # whole text messages received
        self._partial: list[str] = []

    def fileno(self) -> int:
        return self.sock.fileno()

    def write(self, data: bytes) -> None:
        """Send all of `data`: the worker waits for the socket, never the game."""
        view = memoryview(data)
        while view:
            try:
                sent = self.sock.send(view)
            except BlockingIOError:
                _wait_writable(self.sock, WRITE_TIMEOUT)
                continue
            view = view[sent:]

    def pump(self) -> None:
        """Read what arrived and answer the protocol's own frames (handshake, ping, close). A peer
        that breaks the protocol or the connection is closed, never the link."""
        while not self.closed:
            try:
                data = self.sock.recv(READ_SIZE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            try:
                self.ws.receive_data(data or None)
                self._events()
            except RemoteProtocolError as exc:      # not a WebSocket (a browser tab on http://...)
                self._refuse(exc)
            except (OSError, LocalProtocolError):
                self.closed = True
            if not data:
                self.closed = True

    def _refuse(self, error: RemoteProtocolError) -> None:
        try:
            if error.event_hint is not None and not self.open:
                self.write(self.ws.send(error.event_hint))     # wsproto's answer: 400 / 426
        except (OSError, LocalProtocolError):
            pass
        self.closed = True

    def _events(self) -> None:
        for event in self.ws.events():
            self._event(event)

    def _event(self, event: Event) -> None:
        if isinstance(event, Request):
            self.write(self.ws.send(AcceptConnection()))
            self.open = True
        elif isinstance(event, TextMessage):
            self._partial.append(event.data)
            if event.message_finished:
                self.texts.append("".join(self._partial))
                self._partial.clear()
        elif isinstance(event, Ping):
            self.write(self.ws.send(event.response()))
        elif isinstance(event, CloseConnection):
            if self.ws.state is ConnectionState.REMOTE_CLOSING:    # a goodbye to answer (not the end of the stream)
                self.write(self.ws.send(event.response()))
            self.closed = True
        elif isinstance(event, RejectConnection):
            self.closed = True

    def send_text(self, text: str) -> None:
        """One text message; a peer already gone is an OSError, as a dead socket is."""
        if self.closed or self.ws.state is not ConnectionState.OPEN:
            raise ConnectionResetError("the WebSocket connection is closed")
        self.write(self.ws.send(Message(data=text)))

    def close(self) -> None:
        """Say goodbye (a close frame), then wait a moment for the peer's own before closing: a
        socket closed with the peer's last messages unread is reset, and the goodbye lost with it."""
        if self.ws.state is ConnectionState.OPEN and not self.closed:
            try:
                self.write(self.ws.send(CloseConnection(code=1001, reason="the game stopped the link")))
                self.sock.shutdown(socket.SHUT_WR)
                self._linger(CLOSE_WAIT)
            except (OSError, LocalProtocolError):     # a peer gone already: nothing to say goodbye to
                pass
        self.closed = True
        try:
            self.sock.close()
        except OSError:
            pass

    def _linger(self, seconds: float) -> None:
        """Read and drop what the peer still sends, until it closes too or `seconds` pass."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0 and readable(self.sock, left):
            if not self.sock.recv(READ_SIZE):
                return


def _wait_writable(sock: socket.socket, timeout: float) -> None:
    with selectors.DefaultSelector() as ready:
        ready.register(sock, selectors.EVENT_WRITE)
        if not ready.select(timeout):
            raise TimeoutError("LiveSplit One does not read")


class Endpoint:
    """The listening sockets and the connections still shaking hands; `take()` hands over the
    newest LiveSplit One whose handshake is done."""

    def __init__(self, hosts: tuple[str, ...], port: int) -> None:
        self.listeners: list[socket.socket] = []
        self.pending: list[Peer] = []
        self.ready: Peer | None = None
        self._select = selectors.DefaultSelector()
        try:
            for i, host in enumerate(hosts):
                listener = self._listen(host, port, required=i == 0)
                if listener is not None:
                    self.listeners.append(listener)
                    self._select.register(listener, selectors.EVENT_READ, None)
        except OSError:
            self.close()
            raise

    @staticmethod
    def _listen(host: str, port: int, required: bool) -> socket.socket | None:
        """A listening socket; the IPv6 one is a bonus (a machine without IPv6 still links)."""
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        try:
            listener = socket.create_server((host, port), family=family)
        except OSError:
            if required:
                raise
            return None
        listener.setblocking(False)
        return listener

    def poll(self, wait: float) -> None:
        """Accept, read handshakes, and promote the finished ones (waits up to `wait` seconds)."""
        for key, _events in self._select.select(wait):
            if key.data is None:
                self._accept(key.fileobj)       # type: ignore[arg-type]
            else:
                key.data.pump()
        now = time.monotonic()
        for peer in list(self.pending):
            if peer.closed or (not peer.open and now - peer.made > HANDSHAKE_TIMEOUT):
                self._forget(peer)
            elif peer.open:
                self._forget(peer, close=False)
                if self.ready is not None:
                    self.ready.close()
                self.ready = peer

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                sock, _address = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:     # out of descriptors, a connection reset before accept: the next try
                return
            peer = Peer(sock)
            self.pending.append(peer)
            self._select.register(peer, selectors.EVENT_READ, peer)
            if len(self.pending) > MAX_PENDING:
                self._forget(self.pending[0])

    def _forget(self, peer: Peer, close: bool = True) -> None:
        self.pending.remove(peer)
        self._select.unregister(peer)
        if close:
            peer.close()

    def take(self) -> Peer | None:
        peer, self.ready = self.ready, None
        return peer

    def close(self) -> None:
        for peer in list(self.pending):
            self._forget(peer)
        if self.ready is not None:
            self.ready.close()
        for listener in self.listeners:
            listener.close()
        self._select.close()


def readable(sock: socket.socket, timeout: float) -> bool:
    with selectors.DefaultSelector() as ready:
        ready.register(sock, selectors.EVENT_READ)
        return bool(ready.select(timeout))

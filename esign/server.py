"""The HTTP server under the Tornado application (design.md §11, docs/operations.md):

- a cap on open connections below the process's file limit: at the cap the longest-idle connection
  is closed to admit a new one, so real clients keep being served during an idle-connection flood;
- an accept loop that survives running out of file descriptors (a warning a minute, a short pause;
  Tornado's own loop raises from the accept callback and spins with a traceback per attempt);
- idle (header) and body time-outs;
- a lingering close: an answer given before the request body was read (413, 401, ...) is followed by
  a half-close and the rest of the body is read and discarded for a few seconds, so the client reads
  the answer instead of meeting a connection reset;
- a graceful stop: no new connections, idle ones closed, requests in flight finish within a bound;
- a request Tornado cannot read (a malformed request line or header, a bad Content-Length, a broken
  chunked encoding, an unsupported Transfer-Encoding) answered in the Error shape, not Tornado's bare
  `400 Bad Request` without a body.
"""
from __future__ import annotations

import asyncio
import collections
import json
import logging
import resource
import socket
import time
import uuid

import tornado.httpserver
import tornado.httputil
import tornado.iostream
from tornado.ioloop import IOLoop

from esign.api.base import error_body

log = logging.getLogger("esign.server")

LINGER_SECONDS = 5.0  # how long the rest of an unread request body is drained after an early answer
ACCEPT_PAUSE_SECONDS = 0.5  # accepting pauses this long when accept() fails (out of file descriptors)
WARN_EVERY_SECONDS = 60.0
ACCEPTS_PER_WAKEUP = 128
DRAIN_READS_PER_WAKEUP = 16


def default_max_connections() -> int:
    """The soft file limit minus headroom for everything else the process opens (database pool,
    upload spool files, the PDF check's pipes, SMTP and webhook connections)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 1 << 20
    return max(soft - max(128, soft // 4), soft // 2)


# What tornado.http1connection writes, and nothing else, when it cannot read a request (HTTPInputError:
# the request line, a header, Content-Length, Transfer-Encoding or a chunk); the connection is closed after it
TORNADO_BARE_400 = b"HTTP/1.1 400 Bad Request\r\n\r\n"
MALFORMED = ("malformed HTTP request: its request line, a header, Content-Length, Transfer-Encoding or the chunked "
             "encoding of its body could not be read (RFC 9112)")


def malformed_request_answer() -> bytes:
    """The answer to a request Tornado could not read: 400 `bad_request` in the Error shape, with the
    headers every answer of the API carries; the connection closes after it."""
    request_id = uuid.uuid4().hex
    body = json.dumps(error_body(400, "bad_request", MALFORMED, request_id)).encode()
    head = ("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=UTF-8\r\n"
            f"Content-Length: {len(body)}\r\nX-Request-ID: {request_id}\r\nCache-Control: no-store\r\n"
            "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n")
    return head.encode() + body


class LingeringStream(tornado.iostream.IOStream):
    """An IOStream whose socket, when `linger` is set, goes to a lingering close instead of being
    closed at once (`BaseHandler.finish` sets it when it answers before the body was read).

    Tornado answers a request it cannot read with a bare 400 written straight to the stream from deep
    inside HTTP1Connection (no delegate or handler sees it): that exact write becomes the Error shape
    here, and the close after it lingers, so a client still sending its body reads the answer."""

    def __init__(self, sock, lingerer, **kwargs):
        super().__init__(sock, **kwargs)
        self.lingerer = lingerer
        self.linger = False

    def write(self, data, *args, **kwargs):
        if data == TORNADO_BARE_400:
            self.linger = True
            data = malformed_request_answer()
        return super().write(data, *args, **kwargs)

    def close_fd(self) -> None:
        if self.linger:
            sock, self.socket = self.socket, None
            self.lingerer(sock)
        else:
            super().close_fd()


class _Tracked(tornado.httputil.HTTPMessageDelegate):
    """Passes everything to the application's delegate; tells the server when a request starts."""

    def __init__(self, delegate, server: "Server", conn):
        self.delegate, self.server, self.conn = delegate, server, conn

    def headers_received(self, start_line, headers):
        self.server._idle.pop(self.conn, None)
        return self.delegate.headers_received(start_line, headers)

    def data_received(self, chunk):
        return self.delegate.data_received(chunk)

    def finish(self):
        return self.delegate.finish()

    def on_connection_close(self):
        return self.delegate.on_connection_close()


class Server(tornado.httpserver.HTTPServer):
    """Built by `esign.app.make_server` from `[server]`; the arguments of Tornado's HTTPServer plus
    `max_connections` (0 = `default_max_connections()`)."""

    def initialize(self, request_callback, max_connections: int = 0, **kwargs):
        super().initialize(request_callback, **kwargs)
        self.max_connections = max_connections or default_max_connections()
        # connections waiting for a request (keep-alive or not yet sent anything), longest-idle first
        self._idle: collections.OrderedDict = collections.OrderedDict()
        self._lingering: collections.OrderedDict = collections.OrderedDict()  # socket -> timer handle
        self._stopping = False
        self._warned: dict[str, float] = {}
        self._scratch = bytearray(64 * 1024)

    # --- accepting -------------------------------------------------------------------------------

    def add_sockets(self, sockets) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = self._accept_on(sock)

    def _accept_on(self, sock: socket.socket):
        io_loop = IOLoop.current()
        state = {"removed": False, "paused": False}

        def on_readable(fd, events):
            for _ in range(ACCEPTS_PER_WAKEUP):
                if state["removed"] or state["paused"]:
                    return
                try:
                    conn, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as exc:
                    # EMFILE/ENFILE/ENOBUFS: close the longest-idle connection and try again; with
                    # nothing to close, pause (the socket stays readable: retrying at once would spin)
                    self._warn("accept", "accepting a connection failed (%s); closing idle connections", exc)
                    if self._make_room():
                        continue
                    state["paused"] = True
                    io_loop.remove_handler(sock)
                    io_loop.call_later(ACCEPT_PAUSE_SECONDS, resume)
                    return
                self._admit(conn, address)

        def resume():
            if state["paused"] and not state["removed"]:
                state["paused"] = False
                io_loop.add_handler(sock, on_readable, IOLoop.READ)

        def remove():
            if not state["paused"] and not state["removed"]:
                io_loop.remove_handler(sock)
            state["removed"] = True

        io_loop.add_handler(sock, on_readable, IOLoop.READ)
        return remove

    def _admit(self, sock: socket.socket, address) -> None:
        if self.open_count() >= self.max_connections:
            if self._make_room():
                self._warn("evict", "connection cap of %d reached; closing the longest-idle connections",
                           self.max_connections)
            else:
                self._warn("cap", "connection cap of %d reached and every connection is busy; refusing new ones",
                           self.max_connections)
                sock.close()
                return
        stream = LingeringStream(sock, self._linger, max_buffer_size=self.max_buffer_size,
                                 read_chunk_size=self.read_chunk_size)
        self.handle_stream(stream, address)

    def open_count(self) -> int:
        """Open client sockets: connections and lingering closes."""
        return len(self._connections) + len(self._lingering)

    def _make_room(self) -> bool:
        """Close the oldest lingering close, else the longest-idle connection. False if all are busy."""
        if self._lingering:
            self._end_linger(next(iter(self._lingering)))
            return True
        if self._idle:
            conn, _ = self._idle.popitem(last=False)
            self._connections.discard(conn)
            conn.stream.close()
            return True
        return False

    def _warn(self, what: str, message: str, *args) -> None:
        now = time.monotonic()
        if now - self._warned.get(what, -WARN_EVERY_SECONDS) >= WARN_EVERY_SECONDS:
            self._warned[what] = now
            log.warning(message + " (logged at most once a minute)", *args)

    # --- requests --------------------------------------------------------------------------------

    def start_request(self, server_conn, request_conn):
        if self._stopping:
            server_conn.stream.close()  # its last request is answered; take no other
        self._idle[server_conn] = None
        return _Tracked(super().start_request(server_conn, request_conn), self, server_conn)

    def on_close(self, server_conn) -> None:
        self._idle.pop(server_conn, None)
        self._connections.discard(server_conn)

    def in_flight(self) -> int:
        """Connections with a request under way (read, handled or being answered)."""
        return sum(1 for conn in self._connections if conn not in self._idle)

    async def shutdown(self, grace: float) -> int:
        """Stop accepting, close idle connections, wait up to `grace` seconds for the requests in
        flight, then close what is left. Returns how many requests were cut off."""
        self.stop()
        self._stopping = True
        for conn in list(self._idle):
            conn.stream.close()
        deadline = time.monotonic() + grace
        while self.in_flight() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        cut = self.in_flight()
        for conn in list(self._connections):
            conn.stream.close()
        for sock in list(self._lingering):
            self._end_linger(sock)
        return cut

    # --- lingering close -------------------------------------------------------------------------

    def _linger(self, sock: socket.socket) -> None:
        try:
            sock.shutdown(socket.SHUT_WR)  # the answer is complete: FIN after it
        except OSError:
            sock.close()
            return
        loop = asyncio.get_running_loop()
        loop.add_reader(sock, self._drain, sock)
        self._lingering[sock] = loop.call_later(LINGER_SECONDS, self._end_linger, sock)

    def _drain(self, sock: socket.socket) -> None:
        for _ in range(DRAIN_READS_PER_WAKEUP):
            try:
                if not sock.recv_into(self._scratch):
                    break  # the client closed: done
            except BlockingIOError:
                return
            except OSError:
                break
        else:
            return
        self._end_linger(sock)

    def _end_linger(self, sock: socket.socket) -> None:
        timer = self._lingering.pop(sock, None)
        if timer is None:
            return
        timer.cancel()
        asyncio.get_running_loop().remove_reader(sock)
        sock.close()

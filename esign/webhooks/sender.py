"""One outgoing POST to an organisation's URL, shared by webhook deliveries and the enterprise
signed-PDF delivery, over kept-alive connections.

The URL is checked (esign.webhooks.urls: scheme, private/loopback/link-local addresses unless
allowed) right before sending, and the connection goes only to the addresses that were checked (no
second DNS query): each receiver — scheme, host, port and the checked addresses — has its own pool of
kept-alive connections (`Connections`, one per process, httpcore), so a burst to one receiver reuses a
few connections instead of opening one a delivery, and a changed DNS answer gets a pool of its own.
A connection the receiver has closed (`Connection: close`, its idle time-out) is not used again; a pool
unused for `KEEPALIVE_SECONDS` is closed. Redirects are not followed. The receiver's answer is its
status line: a 2xx status is a success even when the body after it is slow, cut off or too large (the
receiver has taken the delivery; calling it failed would send it again); the body is read and thrown
away, never stored or shown. Credentials in the URL (`https://user:p%40ss@host/`) are sent as HTTP
Basic authentication, percent-decoded as URLs spell them.
"""
from __future__ import annotations

import asyncio
import base64
import ssl
import time
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

import httpcore

from esign import tracing
from esign.webhooks import urls

KEEPALIVE_SECONDS = 5.0  # an idle connection (and a pool with no connection in use) is closed after this


@dataclass(frozen=True)
class Attempt:
    """The outcome of one POST. `error` is None exactly when the receiver answered 2xx."""

    status: int | None
    error: str | None
    elapsed_ms: int | None

    @property
    def success(self) -> bool:
        return self.error is None


class _PinnedBackend(httpcore.AsyncNetworkBackend):
    """Connects to the addresses that were checked, whatever the host: no second DNS query. They are
    tried in turn (the resolver's order), so one unreachable address does not fail the delivery. TLS
    still names and verifies the URL's host."""

    def __init__(self, addresses: tuple[str, ...]):
        self.addresses = addresses
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        for address in self.addresses[:-1]:
            try:
                return await self.inner.connect_tcp(address, port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout):
                continue
        return await self.inner.connect_tcp(self.addresses[-1], port, timeout, local_address, socket_options)

    async def sleep(self, seconds):
        await self.inner.sleep(seconds)


@dataclass
class _Pool:
    connections: httpcore.AsyncConnectionPool
    in_use: int = 0
    last_used: float = field(default_factory=time.monotonic)


class Connections:
    """This process's kept-alive connections to receivers, one pool per receiver (see the module).
    Closed with the process's services."""

    def __init__(self) -> None:
        self._pools: dict[tuple, _Pool] = {}
        self._tls: ssl.SSLContext | None = None
        self._closing: set[asyncio.Task] = set()  # pools being closed (held: the loop keeps only weak references)

    def _pool(self, target: urls.Target, parts) -> _Pool:
        now = time.monotonic()
        for key, idle in list(self._pools.items()):  # forget receivers not used for a while
            if not idle.in_use and now - idle.last_used > KEEPALIVE_SECONDS:
                del self._pools[key]
                task = asyncio.ensure_future(idle.connections.aclose())
                self._closing.add(task)
                task.add_done_callback(self._closing.discard)
        key = (parts.scheme, parts.hostname, parts.port, target.addresses)
        if key not in self._pools:
            if self._tls is None:
                self._tls = ssl.create_default_context()  # the system's trust store, as before
            self._pools[key] = _Pool(httpcore.AsyncConnectionPool(
                ssl_context=self._tls, max_connections=None, keepalive_expiry=KEEPALIVE_SECONDS,
                network_backend=_PinnedBackend(target.addresses)))
        return self._pools[key]

    async def post(self, target: urls.Target, body: bytes, headers: dict, timeout: float,
                   user_agent: str) -> tuple[int | None, str | None]:
        """POST `body` to the checked address. Returns (status or None, error message or None)."""
        parts = urlsplit(target.url)
        url, headers = target.url, {**headers, "User-Agent": user_agent}
        if parts.username is not None:  # sent percent-decoded, not as the URL spells them
            credentials = f"{unquote(parts.username)}:{unquote(parts.password or '')}".encode()
            headers["Authorization"] = "Basic " + base64.b64encode(credentials).decode()
            url = parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()
        pool = self._pool(target, parts)
        pool.in_use += 1
        code = None  # the status of the answer's start line, once it came
        try:
            async with asyncio.timeout(timeout):
                async with pool.connections.stream("POST", url, headers=list(headers.items()), content=body) as answer:
                    code = answer.status
                    async for _chunk in answer.aiter_stream():
                        pass
        except Exception as exc:  # noqa: BLE001 - time-out, connection refused, TLS failure, reset, ...
            if code is None or not 200 <= code < 300:
                return code, _failure(exc, timeout)
            # the body after a 2xx start line failed: the delivery was taken all the same
        finally:
            pool.in_use -= 1
            pool.last_used = time.monotonic()
        if 200 <= code < 300:
            return code, None
        return code, f"receiver answered HTTP {code}"

    async def close(self) -> None:
        pools, self._pools = list(self._pools.values()), {}
        for pool in pools:
            await pool.connections.aclose()
        await asyncio.gather(*self._closing)


def _failure(exc: BaseException, timeout: float) -> str:
    if isinstance(exc, (TimeoutError, httpcore.TimeoutException)):
        return f"timed out after {timeout:g} s"
    cause = exc  # the socket's own error, under the library's wrappings of it (ConnectionResetError, ...)
    while not isinstance(cause, OSError) and (cause.__cause__ or cause.__context__) is not None:
        cause = cause.__cause__ or cause.__context__
    return f"connection failed: {type(cause).__name__}: {cause}"[:500]


async def send(connections: Connections, url: str, body: bytes, headers: dict, config, user_agent: str) -> Attempt:
    """Check `url` now under the `[webhooks]` rules in `config` (allow_http, allow_private_networks,
    timeout_seconds) and POST `body` to it over `connections`; a refused URL is a failed attempt
    ("not sent: ...")."""
    try:
        target = await urls.check_url(url, allow_http=config.allow_http,
                                      allow_private_networks=config.allow_private_networks)
    except urls.UrlRefused as exc:
        return Attempt(None, f"not sent: {exc}", None)
    started = time.monotonic()
    with tracing.span("webhook POST", {"server.address": urlsplit(url).hostname or ""}) as span:
        status, error = await connections.post(target, body, headers, config.timeout_seconds, user_agent)
        if span is not None and status is not None:
            span.set_attribute("http.response.status_code", status)
    return Attempt(status, error, int((time.monotonic() - started) * 1000))

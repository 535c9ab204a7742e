"""One outgoing POST to an organisation's URL, shared by webhook deliveries and the enterprise
signed-PDF delivery.

The URL is checked (esign.webhooks.urls: scheme, private/loopback/link-local addresses unless
allowed) right before sending, and the connection goes only to the addresses that were checked (no
second DNS query). Redirects are not followed. The receiver's answer is its status line: a 2xx
status is a success even when the body after it is slow, cut off or too large (the receiver has
taken the delivery; calling it failed would send it again); the body is read and thrown away, never
stored or shown. Credentials in the URL (`https://user:p%40ss@host/`) are sent as HTTP Basic
authentication, percent-decoded as URLs spell them.
"""
from __future__ import annotations

import socket
import time
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

import tornado.netutil
from tornado import httputil
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.simple_httpclient import HTTPTimeoutError, SimpleAsyncHTTPClient

from esign import tracing
from esign.webhooks import urls


@dataclass(frozen=True)
class Attempt:
    """The outcome of one POST. `error` is None exactly when the receiver answered 2xx."""

    status: int | None
    error: str | None
    elapsed_ms: int | None

    @property
    def success(self) -> bool:
        return self.error is None


class _PinnedResolver(tornado.netutil.Resolver):
    """Answers every lookup with the addresses that were checked: no second DNS query. Tornado tries
    them in turn (the first family first), so one unreachable address does not fail the delivery."""

    def initialize(self, addresses: tuple[str, ...]):
        self.addresses = addresses

    async def resolve(self, host, port, family=socket.AF_UNSPEC):
        return [(socket.AF_INET6 if ":" in a else socket.AF_INET, (a, port)) for a in self.addresses]


async def post(target: urls.Target, body: bytes, headers: dict, timeout: float,
               user_agent: str) -> tuple[int | None, str | None]:
    """POST `body` to the checked address. Returns (status or None, error message or None)."""
    client = SimpleAsyncHTTPClient(force_instance=True, resolver=_PinnedResolver(addresses=target.addresses))
    url, parts, credentials = target.url, urlsplit(target.url), {}
    if parts.username is not None:  # tornado would send them still percent-encoded
        credentials = {"auth_username": unquote(parts.username), "auth_password": unquote(parts.password or ""),
                       "auth_mode": "basic"}
        url = parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()
    answered = []  # the status of the answer's start line, once it came

    def on_header(line: str) -> None:
        if not answered:
            answered.append(httputil.parse_response_start_line(line.rstrip()).code)

    request = HTTPRequest(url, method="POST", body=body, headers=headers, follow_redirects=False, **credentials,
                          connect_timeout=timeout, request_timeout=timeout, decompress_response=False,
                          header_callback=on_header, streaming_callback=lambda chunk: None, user_agent=user_agent)
    try:
        code = (await client.fetch(request, raise_error=False)).code
    except Exception as exc:  # noqa: BLE001 - time-out, connection refused, TLS failure, reset, ...
        if not (answered and 200 <= answered[0] < 300):
            return None, _failure(exc, timeout)
        code = answered[0]  # the body after a 2xx start line failed: the delivery was taken all the same
    finally:
        client.close()
    if 200 <= code < 300:
        return code, None
    return code, f"receiver answered HTTP {code}"


def _failure(exc: Exception, timeout: float) -> str:
    if isinstance(exc, HTTPTimeoutError):
        return f"timed out after {timeout:g} s"
    if isinstance(exc, HTTPClientError):
        return f"request failed: {exc.message}"
    return f"connection failed: {type(exc).__name__}: {exc}"[:500]


async def send(url: str, body: bytes, headers: dict, config, user_agent: str) -> Attempt:
    """Check `url` now under the `[webhooks]` rules in `config` (allow_http, allow_private_networks,
    timeout_seconds) and POST `body` to it; a refused URL is a failed attempt ("not sent: ...")."""
    try:
        target = await urls.check_url(url, allow_http=config.allow_http,
                                      allow_private_networks=config.allow_private_networks)
    except urls.UrlRefused as exc:
        return Attempt(None, f"not sent: {exc}", None)
    started = time.monotonic()
    with tracing.span("webhook POST", {"server.address": urlsplit(url).hostname or ""}) as span:
        status, error = await post(target, body, headers, config.timeout_seconds, user_agent)
        if span is not None and status is not None:
            span.set_attribute("http.response.status_code", status)
    return Attempt(status, error, int((time.monotonic() - started) * 1000))

"""Which webhook URLs may be called (SSRF protection, design.md §10).

`check_url` is run when a webhook is created or updated and again before every delivery attempt. It
returns the checked addresses, the only ones the attempt may connect to, so a DNS answer that changes
after the check cannot redirect the connection elsewhere.
"""
from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit


class UrlRefused(Exception):
    """The URL may not be called; the message says why (safe to show to the API client)."""


@dataclass(frozen=True)
class Target:
    url: str
    addresses: tuple[str, ...]  # the checked IP addresses the connection may go to, in the resolver's order


async def resolve(host: str, port: int) -> list[str]:
    """The host's addresses. Module-level so tests can replace it with a changing answer."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [info[4][0] for info in infos]


# Host names made only of digits, hex and dots are numbers to the C library (`2130706433`,
# `0x7f.1`, `0177.0.0.1`, `127.1`): read them the same way instead of passing them to a resolver.
_NUMERIC_HOST = re.compile(r"^(0x[0-9a-f]*|[0-9]+)(\.(0x[0-9a-f]*|[0-9]+))*\.?$", re.I)


def numeric_ipv4(host: str) -> ipaddress.IPv4Address | None:
    """The address of an inet_aton-style numeric host, None if `host` is not numeric.
    Raises UrlRefused for a numeric host that denotes no address (`999.1.1.1`)."""
    if not _NUMERIC_HOST.match(host):
        return None
    texts = host.rstrip(".").split(".")
    if len(texts) > 4:
        raise UrlRefused(f"{host!r} is not a valid address")
    parts = []
    for text in texts:
        if text.lower().startswith("0x"):
            parts.append(int(text[2:] or "0", 16))
        elif len(text) > 1 and text.startswith("0"):
            if not set(text) <= set("01234567"):
                raise UrlRefused(f"{host!r} is not a valid address")
            parts.append(int(text, 8))
        else:
            parts.append(int(text))
    # the last part fills every remaining byte: a.b.c.d, a.b.c(16 bits), a.b(24 bits), a(32 bits)
    *head, last = parts
    if any(p > 255 for p in head) or last >= 256 ** (4 - len(head)):
        raise UrlRefused(f"{host!r} is not a valid address")
    value = 0
    for p in head:
        value = value << 8 | p
    return ipaddress.IPv4Address(value << 8 * (4 - len(head)) | last)


def refusal(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str | None:
    """Why `ip` must not be called, or None when it is a public unicast address."""
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return "an IPv4-mapped IPv6 address"
        embedded = ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if embedded is not None and refusal(embedded):
            return "an IPv6 address embedding a non-public IPv4 address"
    for kind in ("unspecified", "loopback", "link_local", "multicast", "reserved", "private"):
        if getattr(ip, f"is_{kind}"):
            return f"{'an' if kind[0] in 'aeiou' else 'a'} {kind.replace('_', '-')} address"
    if not ip.is_global:  # shared (100.64/10), documentation, benchmarking and similar ranges
        return "not a public address"
    return None


async def check_url(url: str, *, allow_http: bool, allow_private_networks: bool) -> Target:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise UrlRefused(f"not a valid URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme != "https" and not (scheme == "http" and allow_http):
        raise UrlRefused("the URL must use https" if not allow_http else "the URL must use http or https")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise UrlRefused("the URL has no host")
    if port == 0:
        raise UrlRefused("the URL's port must be 1 to 65535")
    port = port or (443 if scheme == "https" else 80)

    literal = numeric_ipv4(host)
    if literal is None:
        try:
            literal = ipaddress.ip_address(host)
        except ValueError:
            pass
    if literal is not None:
        addresses = [literal]
    else:
        try:
            answers = await resolve(host, port)
        except (OSError, UnicodeError) as exc:
            raise UrlRefused(f"the host {host!r} cannot be resolved ({exc})") from None
        addresses = [ipaddress.ip_address(a.split("%")[0]) for a in answers]
        if not addresses:
            raise UrlRefused(f"the host {host!r} cannot be resolved")
    if not allow_private_networks:
        # every answer must be public: otherwise whichever the connection would pick decides
        for ip in addresses:
            reason = refusal(ip)
            if reason:
                raise UrlRefused(f"the host {host!r} is {reason} ({ip}); private networks are not allowed")
    return Target(url=url, addresses=tuple(dict.fromkeys(str(ip) for ip in addresses)))

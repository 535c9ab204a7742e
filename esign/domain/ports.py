"""What the domain uses of the process's services (esign.services.Services, built by the composition
root above it), as a Protocol: domain functions take `services: Services`, which mypy checks against
this without the domain importing upwards."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from esign.clock import Clock
from esign.config import Config
from esign.observability.metrics import Metrics
from esign.providers.base import BlobStorage, EmailProvider, GeoIPProvider, IdentityProvider, Provider, SigningLevelProvider
from esign.secrets import SecretBox
from esign.store import Store
from esign.store.records import Job, Json
from esign.webhooks.sender import Connections

T = TypeVar("T")


class Pool(Protocol):
    """A pool of child processes (esign.processes.ChildPool)."""

    async def run(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T: ...


class Checker(Protocol):
    """The PDF checking and drawing children (esign.pdf.probe.PdfChecker): each answer a dict."""

    async def check(self, path: str) -> Json: ...

    async def render(self, path: str, number: int, out: str, width: int | None = None, fmt: str = "png",
                     owner: str = "") -> Json: ...

    async def stamp(self, path: str, spec: str, out: str, owner: str = "") -> Json: ...

    async def textboxes(self, path: str, find: list[str], tags: bool = False) -> Json: ...

    async def page_runs(self, path: str, owner: str = "") -> Json: ...

    async def image(self, path: str, content_type: str) -> Json: ...

    async def verify(self, path: str, trust: list[str], seal: list[str]) -> Json: ...

    async def shared(self, key: str, make: Callable[[], Awaitable[T]]) -> T:
        """`make()`, run once for concurrent callers of the same `key`."""


class Services(Protocol):
    """What the domain reads of the process's services (never sets: each is a read-only property here)."""

    @property
    def config(self) -> Config: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def store(self) -> Store: ...

    @property
    def metrics(self) -> Metrics: ...

    @property
    def storage(self) -> BlobStorage: ...

    @property
    def email(self) -> EmailProvider: ...

    @property
    def sms(self) -> Provider:
        """An SmsProvider, or a CodeCheckingSmsProvider that sends its own codes only."""

    @property
    def identity(self) -> IdentityProvider: ...

    @property
    def geoip(self) -> GeoIPProvider: ...

    @property
    def signing_levels(self) -> dict[str, SigningLevelProvider]: ...

    @property
    def secrets(self) -> SecretBox:
        """Set by Services.start, before anything of the domain runs."""

    @property
    def key_material(self) -> dict[str, Any]:
        """The seal, internal CA and validation roots, loaded once (esign.domain.orgs.keys)."""

    @property
    def pdf_checker(self) -> Checker: ...

    @property
    def page_renderer(self) -> Checker: ...

    @property
    def finalizer(self) -> Pool: ...

    @property
    def webhook_connections(self) -> Connections:
        """Kept-alive connections to webhook receivers and delivery URLs (esign.webhooks.sender)."""

    async def emit(self, org_id: str, event_type: str, **fields: Any) -> Json | None: ...

    async def enqueue(self, kind: str, payload: Json, **options: Any) -> Job | None: ...

    async def geo(self, ip: str | None) -> Json: ...

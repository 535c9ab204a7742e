"""What the domain uses of the process's services (esign.services.Services, built by the composition
root above it), as a Protocol: domain functions take `services: Services`, which mypy checks against
this without the domain importing upwards."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from esign.clock import Clock
from esign.observability.metrics import Metrics
from esign.providers.base import BlobStorage, EmailProvider, GeoIPProvider, IdentityProvider, Provider, SigningLevelProvider
from esign.secrets import SecretBox
from esign.store import Store
from esign.store.records import Job, Json

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

    async def image(self, path: str, content_type: str) -> Json: ...

    async def shared(self, key: str, make: Callable[[], Awaitable[T]]) -> T:
        """`make()`, run once for concurrent callers of the same `key`."""


class Services(Protocol):
    #: esign.config.Config, whose sections (config.limits, config.signing ...) are set by name when it
    #: is loaded, so mypy cannot see them
    config: Any
    clock: Clock
    store: Store
    metrics: Metrics
    storage: BlobStorage
    email: EmailProvider
    sms: Provider  # an SmsProvider, or a CodeCheckingSmsProvider that sends its own codes only
    identity: IdentityProvider
    geoip: GeoIPProvider
    signing_levels: dict[str, SigningLevelProvider]
    secrets: SecretBox  # set by Services.start, before anything runs
    #: the seal, internal CA and validation roots, loaded once (esign.domain.orgs.keys)
    key_material: dict[str, Any]
    pdf_checker: Checker
    page_renderer: Checker
    finalizer: Pool

    async def emit(self, org_id: str, event_type: str, **fields: Any) -> Json | None: ...

    async def enqueue(self, kind: str, payload: Json, **options: Any) -> Job | None: ...

    async def geo(self, ip: str | None) -> Json: ...

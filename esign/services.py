"""Everything a handler or job needs, built once per process from the config: the store, the chosen
providers, the event bus, the job queue and the clock. No globals: tests build their own."""
from __future__ import annotations

import asyncio
import logging

from esign import __version__, logs, tracing
from esign import db as dbmod
from esign import job_registry as registry
from esign import plugins as pluginsmod
from esign.api.bounds import BodyLoader
from esign.clock import Clock
from esign.config import Config
from esign.domain.console import members as console_members
from esign.domain.mail.notifications import public_host
from esign.domain.orgs.provisioning import provision_from_config
from esign.domain.signer import upgrades
from esign.observability.metrics import Metrics
from esign.pdf.probe import PdfChecker
from esign.processes import ChildPool
from esign.secrets import SecretBox, new_token
from esign.store import Store
from esign.webhooks.delivery import install as install_webhooks
from esign.webhooks.sender import Connections

log = logging.getLogger("esign")


class Services:
    def __init__(self, config: Config, clock: Clock, database, pm):
        self.config = config
        self.clock = clock
        self.db = database
        self.pm = pm
        self.metrics = Metrics(__version__)  # this process's own registry (GET /metrics)
        dbmod.round_trips(database).observers.append(self.metrics.db_command)
        self.store = Store(database, clock)
        for cached in (self.store.api_keys, self.store.organizations, self.store.legal_holds):
            cached.cache.seconds = config.security.api_key_cache_seconds
        self.storage = pluginsmod.choose_provider(pm, config, "storage")
        self.email = pluginsmod.choose_provider(pm, config, "email")
        self.email.public_host = public_host(config)  # the SMTP client's default HELO name
        self.sms = pluginsmod.choose_provider(pm, config, "sms")
        self.identity = pluginsmod.choose_provider(pm, config, "identity")
        self.geoip = pluginsmod.choose_provider(pm, config, "geoip")
        self.signing_levels = pluginsmod.choose_signing_levels(pm, config)  # level -> provider
        for provider in self.providers:
            if provider.uses_database:
                provider.use_database(database)
        self.secrets: SecretBox | None = None
        self.key_material: dict = {}  # the seal, internal CA and validation roots, loaded once (esign.domain.orgs.keys)
        self.job_kinds = registry.job_kinds()  # kind -> JobKind (its lane)
        limits = config.limits
        self.pdf_checker = PdfChecker(limits.pdf_parse_timeout_seconds, limits.pdf_parse_memory_mb,
                                      limits.pdf_check_workers, limits.pdf_check_recycle_after,
                                      limits.active_content, observe=self.metrics.pdf_check,
                                      image_seconds=limits.page_image_timeout_seconds)
        # the signing page's page images and the stamping they are drawn from: children of their own
        self.page_renderer = PdfChecker(limits.page_image_timeout_seconds, limits.pdf_parse_memory_mb,
                                        limits.page_image_workers, limits.pdf_check_recycle_after,
                                        limits.active_content, image_seconds=limits.page_image_timeout_seconds)
        self.body_loader = BodyLoader()  # JSON bodies too large to load on the event loop
        self.finalizer = ChildPool("finalisation", config.jobs.finalize_processes)  # stamping and sealing
        self.webhook_connections = Connections()  # kept-alive connections to webhook receivers
        self.worker = None  # set by esign.job_registry.make_worker when this process runs jobs
        self._loop_watch: asyncio.Future | None = None  # esign_event_loop_lag_seconds, from start() to close()
        self.event_listeners = []  # async callables(event) run after an event is stored
        install_webhooks(self)

    @property
    def providers(self) -> tuple:
        return (self.storage, self.email, self.sms, self.identity, self.geoip, *self.signing_levels.values())

    async def start(self):
        await self.store.ensure_indexes()
        await self.store.jobs.assign_lanes({kind: job_kind.lane for kind, job_kind in self.job_kinds.items()})
        key = self.config.security.secret_key or await self.store.settings.get_or_create(
            "secret_key", lambda: new_token(nbytes=32))
        self.secrets = SecretBox(key, self.config.security.previous_secret_keys)
        for provider in self.providers:
            await provider.start()
        self._loop_watch = asyncio.ensure_future(self.metrics.watch_loop())

    async def close(self):
        if self._loop_watch is not None:
            self._loop_watch.cancel()
        if self.worker is not None:
            await self.worker.stop()
        for provider in self.providers:
            await provider.close()
        await self.pdf_checker.close()
        await self.page_renderer.close()
        await self.body_loader.close()
        await self.finalizer.close()
        await self.webhook_connections.close()
        dbmod.round_trips(self.db).observers.remove(self.metrics.db_command)

    async def emit(self, org_id: str, event_type: str, **fields) -> dict | None:
        """Record an event (audit trail and outbox) and tell in-process listeners. With `event_id`
        an event already recorded under that id is neither recorded nor told again (None)."""
        event = await self.store.events.append(org_id, event_type, origin=logs.origin(), trace=tracing.carrier(),
                                               **fields)
        if event is None:
            return None
        for listener in self.event_listeners:
            try:
                await listener(event)
            except Exception:  # noqa: BLE001 - a listener never breaks the operation that emitted
                log.exception("event listener failed for %s", event_type)
        return event

    async def enqueue(self, kind: str, payload: dict, **options):
        """Queue a job of a known kind in its lane (options: group, delay_seconds, dedupe_key,
        max_attempts). The job keeps the request id and organisation of the request (or job) that
        queues it, for its log lines (esign.logs.origin)."""
        lane = self.job_kinds[kind].lane
        job = await self.store.jobs.enqueue(kind, payload, lane=lane, origin=logs.origin(), trace=tracing.carrier(),
                                            **options)
        if self.worker is not None:
            self.worker.wake(lane)
        return job

    async def geo(self, ip: str | None) -> dict:
        """The place of `ip` from the GeoIP provider (`country`, `region`, `city`), or {}."""
        if not ip:
            return {}
        try:
            return await self.geoip.lookup(ip) or {}
        except Exception:  # noqa: BLE001 - a place is a nicety: the event is recorded without one
            log.exception("geo-ip lookup failed")
            return {}


async def build(config: Config, clock: Clock | None = None, pm=None, database=None) -> Services:
    if database is None:
        if dbmod.is_memory(config.database.url):
            log.warning("*** database.url is memory:// — the embedded database is NOT persistent: "
                        "every record is lost when this process exits. Set database.url to a MongoDB URL "
                        "for production. ***")
        database = dbmod.connect(config.database.url, config.database.name, timeout_ms=config.database.timeout_ms)
    services = Services(config, clock or Clock(), database, pm or pluginsmod.make_plugin_manager())
    await services.start()
    await provision_from_config(services)
    await console_members.provision_from_config(services)
    await upgrades.run(services)
    return services

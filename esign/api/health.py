import asyncio
import logging

from marshmallow import fields

from esign import __version__, db
from esign.api.base import BaseHandler, error_body
from esign.api.common import OutSchema, operation

log = logging.getLogger("esign")

READY_TIMEOUT_SECONDS = 5  # a check that has not answered by then counts as not ready


class Health(OutSchema):
    status = fields.String(required=True)


class Liveness(Health):
    version = fields.String(required=True, metadata={"description": "the running esign's version"})


class HealthzHandler(BaseHandler):
    @operation("Liveness: the process is up", tags=["health"], responses={200: Liveness}, errors=())
    def get(self):
        self.write_json({"status": "ok", "version": __version__})


async def _database(services) -> None:
    if not await db.ping(services.db):
        raise ConnectionError("the database does not answer a ping")


async def _storage(services) -> None:
    await services.storage.ready()


CHECKS = {"database": _database, "storage": _storage}


async def not_ready(services) -> list[dict]:
    """`{field, message}` for each component that is not ready (all checks run at once, each bounded)."""

    async def check(name, probe):
        try:
            await asyncio.wait_for(probe(services), READY_TIMEOUT_SECONDS)
            return None
        except Exception as exc:  # noqa: BLE001 - any failure of a probe means "not ready"
            log.warning("readyz: %s is not ready: %s", name, str(exc) or type(exc).__name__)  # the cause, for operators
            return {"field": name, "message": f"{name} is not ready"}

    results = await asyncio.gather(*(check(name, probe) for name, probe in CHECKS.items()))
    return [r for r in results if r]


class ReadyzHandler(BaseHandler):
    @operation("Readiness: the database answers and the blob storage takes writes", tags=["health"],
               responses={200: Health}, errors=(503,))
    async def get(self):
        failed = await not_ready(self.services)
        if not failed:
            self.write_json({"status": "ready"})
            return
        message = "not ready: " + ", ".join(f["field"] for f in failed)
        self.write_json(error_body(503, "upstream_unavailable", message, self.request_id, failed), 503)


ROUTES = [
    ("/healthz", HealthzHandler),
    ("/readyz", ReadyzHandler),
]

import asyncio
import logging

from marshmallow import fields

from esign import __version__
from esign.api.base import BaseHandler
from esign.api.common import operation
from esign.api.errors import error_body
from esign.domain.mail import bounces
from esign.schema import OutSchema, QueryBool, QuerySchema

log = logging.getLogger("esign")

READY_TIMEOUT_SECONDS = 5  # a check that has not answered by then counts as not ready


class Degradation(OutSchema):
    field = fields.String(required=True, metadata={"description": "the component: `mail`"})
    message = fields.String(required=True, metadata={"description": "why, in the operator's words"})


class Health(OutSchema):
    status = fields.String(required=True, metadata={"description": "`ok` (/healthz); `ready` or `degraded` (/readyz)"})
    degraded = fields.List(fields.Nested(Degradation), metadata={"description": (
        "/readyz with status `degraded`: components that fail without making the service unready, such as "
        "the sending side of mail (a relay's policy refusal, a login or TLS failure, an email given up) "
        "until the mail server accepts a message again")})


class ReadyQuery(QuerySchema):
    strict = QueryBool(load_default=False, metadata={"description": (
        "true: `degraded` answers 503 (code `degraded`, the components in `details`) instead of 200, for a "
        "probe that should alert on it; a load balancer keeps the default, since the API still works")})


class Liveness(Health):
    version = fields.String(required=True, metadata={"description": "the running esign's version"})


class HealthzHandler(BaseHandler):
    @operation("Liveness: the process is up", tags=["health"], responses={200: Liveness}, errors=(),
               description="200 while the process answers at all: it reads neither the database nor the blob "
                           "storage (that is `/readyz`). No API key.")
    def get(self):
        self.write_json({"status": "ok", "version": __version__})


async def _database(services) -> None:
    if not await services.store.ping():
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


async def degraded(services) -> list[dict]:
    """`{field, message}` for each component that fails without making the service unready: mail."""
    problem = await asyncio.wait_for(bounces.mail_problem(services), READY_TIMEOUT_SECONDS)
    return [{"field": "mail", "message": problem}] if problem else []


class ReadyzHandler(BaseHandler):
    @operation("Readiness: the database answers and the blob storage takes writes", tags=["health"],
               query=ReadyQuery, responses={200: Health}, errors=(422, 503),
               description="200 `ready`, or 200 `degraded` with the reason when mail cannot be sent for a reason "
                           "of the sending side (the API still works; the emails are retried); with "
                           "`strict=true`, `degraded` is a 503 (code `degraded`). 503 `upstream_unavailable` "
                           "when the database or the blob storage is not ready.")
    async def get(self):
        strict = self.query(ReadyQuery())["strict"]
        failed = await not_ready(self.services)
        if not failed:
            problems = await degraded(self.services)  # each failure was logged as an ERROR when it happened
            if problems and strict:
                message = "degraded: " + ", ".join(f["field"] for f in problems)
                self.write_json(error_body(503, "degraded", message, self.request_id, problems), 503)
                return
            self.write_json({"status": "degraded", "degraded": problems} if problems else {"status": "ready"})
            return
        message = "not ready: " + ", ".join(f["field"] for f in failed)
        self.write_json(error_body(503, "upstream_unavailable", message, self.request_id, failed), 503)


ROUTES = [
    ("/healthz", HealthzHandler),
    ("/readyz", ReadyzHandler),
]

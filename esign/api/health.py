from marshmallow import fields

from esign import db
from esign.api.base import BaseHandler
from esign.api.common import OutSchema, operation, route


class Health(OutSchema):
    status = fields.String(required=True)


@route("/healthz")
class HealthzHandler(BaseHandler):
    @operation("Liveness: the process is up", tags=["health"], responses={200: Health}, errors=())
    def get(self):
        self.write_json({"status": "ok"})


@route("/readyz")
class ReadyzHandler(BaseHandler):
    @operation("Readiness: the database answers", tags=["health"], responses={200: Health, 503: Health}, errors=())
    async def get(self):
        if await db.ping(self.services.db):
            self.write_json({"status": "ready"})
        else:
            self.write_json({"status": "database unreachable"}, 503)

"""Usage and quota of the current calendar month."""
from marshmallow import fields

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.domain.orgs.usage import usage_report
from esign.schema import OutSchema


class Metric(OutSchema):
    current = fields.Integer(required=True)
    limit = fields.Integer(required=True, metadata={"description": "0 when unlimited"})
    unlimited = fields.Boolean(required=True)
    percentage = fields.Integer(required=True)


class IdentityMetric(OutSchema):
    current = fields.Integer(required=True)
    cost_per_check = fields.Float(required=True)
    total_cost = fields.Float(required=True)
    month = fields.String(required=True, metadata={"description": "YYYY-MM"})


class Usage(OutSchema):
    signing_requests = fields.Nested(Metric, required=True, metadata={"description": "non-sandbox requests created this month"})
    storage = fields.Nested(Metric, required=True, metadata={"description": "megabytes of uploaded documents"})
    templates = fields.Nested(Metric, required=True)
    identity_verifications = fields.Nested(IdentityMetric, required=True)


class UsageHandler(APIHandler):
    @operation("Usage for the current period and plan limits", tags=["usage"], responses={200: Usage},
               description="Each counted resource beside the plan's limit: non-sandbox requests created this "
                           "month, megabytes of documents stored, templates, identity verifications.")
    async def get(self):
        self.write_json(Usage().dump(await usage_report(self.services, self.org)))


ROUTES = [
    ("/v1/usage", UsageHandler),
]

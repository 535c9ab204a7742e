"""Retention (docs/retention.md): the purge of one signing request, and the organisation's retention
policy with its preview. Every call needs the `admin` scope."""
from __future__ import annotations

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.request_handler import RequestHandler
from esign.api.retention_schemas import (
    PurgeBody,
    RetentionOverrideBody,
    RetentionPolicy,
    RetentionPolicyBody,
    RetentionPreview,
)
from esign.api.signing_request_schemas import SigningRequest
from esign.domain.requests import lifecycle
from esign.domain.retention import overrides, policy, purge


class PurgeHandler(RequestHandler):
    scope = "admin"

    @operation("Purge a finished signing request's content, or all of it (extension)", tags=["retention"],
               body=PurgeBody, idempotent=True, responses={202: SigningRequest},
               errors=(400, 401, 403, 404, 409, 422, 429),
               description="Requires the `admin` scope. Completed, cancelled or expired requests only (409 "
                           "invalid_state otherwise: delete a draft instead; also while the signed PDF is being "
                           "produced, or when the request was purged already; a request purged with "
                           "`purge_content` may be purged again with `purge_all`). The answer is the request with "
                           "`purge.state` `purging`: the job worker deletes its files, one job per file, and with "
                           "`purge_all` removes the personal data from the request and its events, then sets "
                           "`purged_at` and keeps the `tombstone` (docs/retention.md). From then on the request "
                           "changes no more, and its downloads and attachments answer 410 `purged`.")
    @idempotent
    async def post(self, request_id):
        body = await self.json_body(PurgeBody())
        request = await self.load(request_id)  # not load_for_change: a purged request may be purged of all
        lifecycle.check_changeable(request, self.sandbox, "signing request")
        started = await purge.begin(self.services, request, body["action"], body["reason"],
                                    by=lifecycle.api_actor(self.api_key))
        self.write_request(started, 202)


class RequestRetentionHandler(RequestHandler):
    @operation("Set a finished request's retention, or extend it (extension)", tags=["retention"],
               body=RetentionOverrideBody, responses={200: SigningRequest}, errors=(400, 401, 403, 404, 409, 422, 429),
               description="A completed, cancelled or expired request that is not purged (409 invalid_state "
                           "otherwise) is purged `after_days` after it ended with `action`, instead of by the "
                           "retention policy's rule; never sooner than `notice_days` from now, and not below "
                           "the organisation's `floor_days` of its state (422). The purge is scheduled at once "
                           "(`retention_purge_at`, `retention_rule`) and `signing_request.purge_scheduled` "
                           "recorded. A key with the `write` scope may only make the purge later (extend it after "
                           "a notice); an earlier one, or one of a request no rule would purge, needs `admin` "
                           "(403 insufficient_scope).")
    async def put(self, request_id):
        body = await self.json_body(RetentionOverrideBody())
        request = await self.load(request_id)
        lifecycle.check_changeable(request, self.sandbox, "signing request")
        updated = await overrides.override(self.services, request, body["after_days"], body["action"],
                                           may_shorten=self.has_scope("admin"))
        self.write_request(updated)


class RetentionPolicyHandler(APIHandler):
    scope = "admin"

    @operation("The organisation's retention policy (extension)", tags=["retention"],
               responses={200: RetentionPolicy},
               description="Requires the `admin` scope. `source` config: the deployment's `[retention]` default, "
                           "until the organisation sets its own.")
    async def get(self):
        self.write_json(RetentionPolicy().dump(await policy.effective(self.services, self.org_id)))

    @operation("Set the organisation's retention policy (extension)", tags=["retention"], body=RetentionPolicyBody,
               responses={200: RetentionPolicy}, errors=(400, 401, 403, 422, 429),
               description="Requires the `admin` scope. Replaces the policy whole: at most one rule per final "
                           "state (`completed`, `cancelled`, `expired`), each purging requests `after_days` after "
                           "they ended; `notice_days` before, `signing_request.purge_scheduled` is recorded. The "
                           "worker's sweep schedules and purges (docs/retention.md); a purge already scheduled "
                           "keeps its time.")
    async def put(self):
        body = await self.json_body(RetentionPolicyBody())
        self.write_json(RetentionPolicy().dump(await policy.put(self.services, self.org_id, body)))


class RetentionPreviewHandler(APIHandler):
    scope = "admin"

    @operation("What the retention policy would purge (extension)", tags=["retention"],
               responses={200: RetentionPreview},
               description="Requires the `admin` scope. As the worker's sweep applies them: for each rule of the "
                           "policy, each template with its own retention and the requests with their own, the "
                           "requests not purged that it would purge now (`now`: ended `after_days` ago or more, or "
                           "scheduled for now) and within the next 30 days (`next_30_days`, those included), legal "
                           "holds and the notice delay aside.")
    async def get(self):
        self.write_json(RetentionPreview().dump(await policy.preview(self.services, self.org_id)))


ROUTES = [
    ("/v1/retention-policy", RetentionPolicyHandler),
    ("/v1/retention-policy/preview", RetentionPreviewHandler),
    ("/v1/signing-requests/{request_id}/purge", PurgeHandler),
    ("/v1/signing-requests/{request_id}/retention", RequestRetentionHandler),
]

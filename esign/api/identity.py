"""Identity verification with a redirect-flow vendor over HTTP (esign.domain.signer.verification): the
vendor's webhook, the page the vendor sends the signer back to, and the signer's start and check
actions. The webhook needs no API key: the provider checks the vendor's signature over the raw body.
The return page needs none either and tells nothing about the result (its URL carries no secret)."""
from __future__ import annotations

import logging

from esign.api.base import UUID_RE, BaseHandler
from esign.api.common import operation
from esign.api.signer_page import SignerHandler, asset_url, csp, page_locale, render, signer_op
from esign.domain.signer import verification
from esign.errors import ApiError
from esign.providers.base import WebhookRefused

log = logging.getLogger("esign.identity")


class IdentityWebhookHandler(BaseHandler):
    @operation("Receive an identity vendor's result webhook", tags=["identity (vendors)"], responses={200: None},
               errors=(400, 404, 413, 502),
               description="`provider` is the `[identity] provider` identifier. The body is the vendor's own event, "
                           "checked by the provider against the vendor's signature (400 `bad_request` when it is not "
                           "the vendor's or is stale); the result is recorded once, so a replayed delivery changes "
                           "nothing. 200 `{received: true, changed}` also for events and sessions esign does not know "
                           "(so the vendor does not retry them); 502 when the provider must call the vendor and cannot "
                           "(the vendor delivers again). See docs/plugins-identity.md.")
    async def post(self, provider):
        headers = {name.lower(): value for name, value in self.request.headers.get_all()}
        try:
            changed = await verification.receive_webhook(self.services, provider, headers, self.body)
        except WebhookRefused as exc:
            log.warning("identity webhook for %s refused: %s", provider, exc)
            raise ApiError(400, "bad_request", f"webhook refused: {exc}") from None
        self.write_json({"received": True, "changed": changed})


class IdentityReturnHandler(BaseHandler):
    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")
        self.set_header("Content-Security-Policy", csp("'none'"))
        self.set_header("X-Frame-Options", "DENY")

    async def get(self, session_id):
        id_session = None
        if UUID_RE.match(session_id):
            id_session = await self.services.store.identity_sessions.by_id(session_id)
        if id_session is not None:
            try:  # the webhook may be late or lost: ask the vendor now
                await verification.refresh_identity(self.services, id_session, "return")
            except ApiError as exc:
                log.info("identity result of session %s not fetched on return: %s", session_id, exc.message)
        self.set_status(200 if id_session else 404)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(render("identity-return.html", page_locale(self), known=id_session is not None,
                           static_url=asset_url))


class IdentityStartHandler(SignerHandler):
    @signer_op("Start identity verification at the vendor (redirect-flow providers)",
               description="Opens a session at the identity vendor; `requirements.identity_verification.redirect_url` "
                           "is then the vendor's page to open (in a new tab). Calling again while that session is open "
                           "returns the same one. 502 when the vendor cannot be reached (nothing is recorded; try "
                           "again); 409 for a form-flow provider or a check already done; 403 with no attempts left.")
    async def post(self, token):
        await self.answer(await verification.start_identity(self.services, self.session, self.actor))


class IdentityCheckHandler(SignerHandler):
    @signer_op("Ask the vendor for the result of the open identity session",
               description="For when the vendor's webhook is late: fetches the result and records it once. "
                           "The vendor is asked at most once per session every `[signer] identity_fetch_seconds`; "
                           "in between this answers the stored state. "
                           "409 when no session waits for a result; 502 when the vendor cannot be reached.")
    async def post(self, token):
        await self.answer(await verification.check_identity(self.services, self.session, self.actor))


ROUTES = [
    ("/identity/webhooks/{provider}", IdentityWebhookHandler),
    ("/identity/return/{session_id}", IdentityReturnHandler),
    ("/sign/{token}/api/identity/start", IdentityStartHandler),
    ("/sign/{token}/api/identity/check", IdentityCheckHandler),
]

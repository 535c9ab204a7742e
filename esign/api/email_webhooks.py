"""Bounce webhooks of email providers' services (esign.domain.mail.bounces): no API key; the provider
checks the service's signature over the raw body."""
from __future__ import annotations

import logging

from esign.api.base import BaseHandler
from esign.api.common import operation
from esign.domain.mail import bounces
from esign.errors import ApiError
from esign.providers.base import WebhookRefused

log = logging.getLogger("esign.email")


class EmailWebhookHandler(BaseHandler):
    @operation("Receive an email service's bounce webhook", tags=["email (providers)"], responses={200: None},
               errors=(400, 404, 413),
               description="`provider` is the `[email] provider` identifier; 404 when it is not, or when that provider "
                           "has no bounce webhook (`EmailProvider.parse_bounce_webhook`). The body is the service's own "
                           "event, checked by the provider against the service's signature (400 `bad_request` when it "
                           "is not the service's). Each permanent failure of a signer's address marks the signer "
                           "`email_bounced_at` (a failure of the sending side: `email_failed_at` and `/readyz` "
                           "degraded), once: a replayed delivery records nothing new. 200 `{received: true, "
                           "recorded}` (the reports that named a known signing request).")
    async def post(self, provider):
        headers = {name.lower(): value for name, value in self.request.headers.get_all()}
        try:
            recorded = await bounces.receive_webhook(self.services, provider, headers, self.body)
        except WebhookRefused as exc:
            log.warning("bounce webhook for %s refused: %s", provider, exc)
            raise ApiError(400, "bad_request", f"webhook refused: {exc}") from None
        self.write_json({"received": True, "recorded": recorded})


ROUTES = [("/email/webhooks/{provider}", EmailWebhookHandler)]

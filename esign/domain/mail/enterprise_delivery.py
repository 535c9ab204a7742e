"""Enterprise delivery: the signed PDF's 1-hour download link POSTed to the organisation's endpoint
(spec "Signed-PDF delivery to an organisation endpoint"; design.md §6, §8, §10).

The body of an envelope of several documents also lists every one of them (`documents`: `{document_id,
name, signed_pdf_url}`, the first's link being `signed_pdf_url`).

When finalisation has made the signed PDF ready, `schedule` enqueues one durable `delivery.signed_pdf`
job per request (dedupe key `delivery:{request_id}`) if the organisation's plan has
`enterprise_delivery` and the organisation has a `delivery_url`. Sandbox requests are never
delivered: the endpoint is the organisation's production system.

Each run of the job makes one POST with a freshly signed download URL valid 1 hour (so a retry hours
later still carries a working link); the body is the spec's table, `X-Service-Signature` is the hex
HMAC-SHA256 of the raw body with the organisation's delivery secret, `X-Service-Event` is
`document.signed`. The URL is checked exactly like a webhook URL (esign.webhooks.sender: checked at
delivery, connection to the checked address, no redirects, `[webhooks] allow_http` /
`allow_private_networks`). Success is any 2xx within `[webhooks] timeout_seconds`. A failed attempt
is retried through the job queue after `[webhooks] retry_delays_seconds` (the same schedule as a
webhook), then given up.

Where the outcome is recorded: the request's `delivery` sub-document (MongoDB only; not part of the
API), `{status, attempts, last_attempt_at, last_response_status, last_error, delivered_at}` with
status `pending` → `delivered`, or `retrying` → ... → `failed` after the last attempt; `cancelled`
when the organisation lost the feature or its endpoint before an attempt. Failures are also logged
(request and organisation ids and the error; never the secret or the URL).
"""
from __future__ import annotations

import json
import logging
from typing import Any

from esign.clock import iso
from esign.domain.ports import Services
from esign.domain.requests import envelope, request_events
from esign.domain.requests.downloads import signed_url
from esign.jobs.kinds import JobKind, PermanentJobError, RetryLater
from esign.secrets import hmac_hex
from esign.store.records import Job, Json, SigningRequest
from esign.webhooks.sender import send

log = logging.getLogger("esign.delivery")

KIND = "delivery.signed_pdf"
EVENT = "document.signed"
URL_LIFETIME = 3600  # spec Limits: signed-PDF delivery URL lifetime 1 hour


def enabled_for(services: Services, org: Json | None) -> bool:
    return bool(org and org.get("delivery_url") and services.config.plan(org["plan"]).get("enterprise_delivery"))


async def schedule(services: Services, request: SigningRequest) -> None:
    """Enqueue the delivery of a ready signed PDF, once per request (safe to call again)."""
    if request.get("sandbox"):
        return
    org = await services.store.organizations.by_id(request["org_id"])
    if not enabled_for(services, org):
        return
    attempts = len(services.config.webhooks.retry_delays_seconds) + 1
    await services.store.signing_requests.set_delivery(
        request["id"], {"status": "pending", "attempts": 0, "last_error": None}, first=True)
    await services.enqueue(KIND, {"request_id": request["id"]}, dedupe_key=f"delivery:{request['id']}",
                           max_attempts=attempts)


def body_for(request: SigningRequest, url: str, documents: list[Json] | None = None) -> bytes:
    """The spec's body (`signed_pdf_url`: the first document's), and (extension) `documents`: every
    document of the request in order, each `{document_id, name, signed_pdf_url}`."""
    body = {
        "event": EVENT, "signing_request_id": request["id"], "document_name": request["document_name"],
        "completed_at": iso(request["completed_at"]), "signed_pdf_url": url, "expires_in": URL_LIFETIME,
        "signers": request_events.signers_summary(request),
    }
    if documents is not None:
        body["documents"] = documents
    return json.dumps(body, separators=(",", ":")).encode()


async def document_links(services: Services, request: SigningRequest) -> list[Json]:
    """Every document's signed PDF, each with a fresh 1-hour link (the first's as `signed_pdf_url` has it)."""
    return [{"document_id": d["id"], "name": d["name"],
             "signed_pdf_url": await signed_url(services, request, "signed", URL_LIFETIME, d["id"] if i else None)}
            for i, d in enumerate(envelope.of(request))]


async def deliver_signed_pdf(services: Services, payload: Json, job_record: Job) -> None:
    repo, config = services.store.signing_requests, services.config.webhooks
    request = await repo.by_id(payload["request_id"])
    if request is None or request.get("signed_pdf_status") != "ready":
        return  # deleted, or re-finalising: the next finalisation schedules nothing new (dedupe)
    org = await services.store.organizations.by_id(request["org_id"])
    if org is None or not enabled_for(services, org) or not org.get("delivery_secret_enc"):
        await repo.set_delivery(request["id"], {"status": "cancelled", "last_error": "delivery is no longer configured"})
        return
    try:
        secret = services.secrets.decrypt(org["delivery_secret_enc"])
    except ValueError as exc:  # stored under another service key: only set-delivery can fix it
        await repo.set_delivery(request["id"], {"status": "failed", "last_error": str(exc)})
        raise PermanentJobError(str(exc)) from None
    documents = await document_links(services, request)
    body = body_for(request, documents[0]["signed_pdf_url"], documents if len(documents) > 1 else None)
    headers = {"Content-Type": "application/json", "X-Service-Event": EVENT,
               "X-Service-Signature": hmac_hex(secret, body)}
    sent = await send(services.webhook_connections, org["delivery_url"], body, headers, config, user_agent="esign-delivery/1")
    attempt, now = job_record["attempts"], services.clock.now()
    record = {"attempts": attempt, "last_attempt_at": now, "last_response_status": sent.status, "last_error": sent.error}
    if sent.success:
        await repo.set_delivery(request["id"], {**record, "status": "delivered", "delivered_at": now})
        return
    final = attempt >= job_record["max_attempts"]
    await repo.set_delivery(request["id"], {**record, "status": "failed" if final else "retrying"})
    log.warning("signed-PDF delivery of request %s (organisation %s) attempt %s failed%s: %s", request["id"],
                org["id"], attempt, ", giving up" if final else "", sent.error)
    delays = config.retry_delays_seconds
    raise RetryLater(f"delivery failed: {sent.error}", delays[attempt - 1] if not final else 0)


JOBS = [JobKind(KIND, deliver_signed_pdf, lane="delivery")]
SWEEPS: list[Any] = []

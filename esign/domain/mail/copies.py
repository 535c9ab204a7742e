"""Everyone's copy of a completed request's signed PDF (the completion email, esign.domain.mail.notifications).

- Attached to the email when it is at most `[email] attach_max_mb` (0 = never attached; for an
  envelope every document's signed PDF, attached when they are at most that together), else the
  email carries a link: signers their own signing link (it keeps working after completion), cc
  recipients and the request's owner (who have no signing link) a copy link made here.
- A copy link is `{public_url}/copies/{request_id}?expires=<unix time>&sig=<HMAC>`: the HMAC of the
  service key covers the request and the expiry, which is the completion time plus `[signing]
  completed_link_days` (the window of the signers' own links), so the link in a re-sent message is
  the same. No API key; expiry on the service clock. Served by esign.api.copies.
"""
from __future__ import annotations

import datetime as dt
from typing import cast

from esign import i18n
from esign.clock import readable
from esign.domain.ports import Services
from esign.domain.requests import downloads, envelope, request_events
from esign.errors import ApiError, invalid_state, not_found
from esign.store.records import Json, SigningRequest

MB = 1024 * 1024


def _message(request_id: str, expires: int) -> str:
    return f"copy:{request_id}:{expires}"


def link_expires_at(services: Services, request: SigningRequest) -> dt.datetime:
    """Until when the copies of a completed request can be fetched: a signer's own link (showing the
    signed PDF) and the copy links of cc recipients and the owner."""
    completed_at = cast(dt.datetime, request["completed_at"])  # the request is completed
    return completed_at + dt.timedelta(days=services.config.signing.completed_link_days)


def copy_url(services: Services, request: SigningRequest) -> str:
    expires = downloads.unix(link_expires_at(services, request))
    query = downloads.signed_query(services, _message(request["id"], expires), expires)
    return f"{services.config.server.public_url}/copies/{request['id']}?{query}"


def check(services: Services, request_id: str, expires: str, sig: str) -> str | None:
    """Why a copy link does not work (`invalid`, `expired`), or None when it does."""
    return downloads.link_problem(services, lambda expires_at: _message(request_id, expires_at), expires, sig)


async def download(services: Services, request_id: str, expires: str, sig: str, actor: Json) -> SigningRequest:
    """The completed request whose signed PDF a copy link fetches: 403 for an invalid or expired link,
    404 for a request that is not completed, 409 while its signed PDF is not ready. A download that
    passed the checks is recorded (one `signing_event.downloaded`) before the file is streamed, as the
    signer's own download is."""
    why = check(services, request_id, expires, sig)
    if why == "invalid":
        raise ApiError(403, "forbidden", "this download link is invalid")
    request = await services.store.signing_requests.by_id(request_id)
    if request is None or request["status"] != "completed":
        raise not_found("signed document")
    if why == "expired":
        raise ApiError(403, "forbidden", "this download link expired on "
                       f"{readable(link_expires_at(services, request), seconds=False)}; ask the sender for a copy")
    if request.get("signed_pdf_status") != "ready":
        raise invalid_state("the signed PDF is still being prepared; try again later")
    await request_events.record_event(services, request, "signing_event.downloaded", actor=actor,
                                      metadata={"file": "signed", "via": "copy_link"})
    return request


async def file_locale(services: Services, request: SigningRequest) -> str:
    """The language a copy link's file is named in: that of the completion email to cc recipients and the
    owner (esign.domain.mail.notifications.email_locale), the organisation's `default_locale`, else English."""
    org = await services.store.organizations.by_id(request["org_id"])
    return i18n.negotiate(None, (org or {}).get("default_locale"))


async def attachments(services: Services, request: SigningRequest, locale: str) -> list[tuple[str, bytes]]:
    """The signed PDFs to attach, each `(file name, bytes)`: every document's of the request, in order;
    none when they are not ready or larger together than `[email] attach_max_mb` (the email then links
    to them: the copy link serves the combined PDF of an envelope of several documents), named in
    `locale` (the email's language). A blob that
    cannot be read (storage down, or missing although the PDFs are ready) raises, so the email job is
    retried rather than sent without the copies."""
    if request.get("signed_pdf_status") != "ready":
        return []
    keys: list[tuple[str, str]] = []
    total = 0
    for document in envelope.of(request):
        key = downloads.blob_key(request, "signed", document["id"])
        size = await services.storage.size(key) if key else None
        if key is None or size is None:
            raise KeyError(f"the signed PDF of document {document['id']} of request {request['id']} is missing "
                           f"from blob storage ({key})")
        keys.append((downloads.file_name(request, "signed", document["id"], locale), key))
        total += size
    if total > services.config.email.attach_max_mb * MB:
        return []
    return [(name, await services.storage.get_bytes(key)) for name, key in keys]

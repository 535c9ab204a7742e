"""Time-limited download links of signed PDFs: the storage provider's own presigned URL when it has
one, else an esign URL whose expiry and file are covered by an HMAC of the service key. Expiry
is measured on the service clock (`services.clock`), so tests can move time past it."""
from __future__ import annotations

import calendar
import urllib.parse

from esign.errors import ApiError, invalid_state

PROCESSING_RETRY_SECONDS = 3  # Retry-After of a download asked for while the signed PDF is being produced
LIFETIME = 24 * 3600  # GET .../download (spec: 24 hours); the enterprise delivery uses 1 hour


def unix(moment) -> int:
    """A stored (naive UTC) datetime as a Unix time, as signed links carry their expiry."""
    return calendar.timegm(moment.utctimetuple())


def signed_query(services, message: str, expires: int) -> str:
    """The query of a signed link: its expiry and the HMAC of `message` (which must cover it)."""
    return urllib.parse.urlencode({"expires": expires, "sig": services.secrets.sign(message)})


def link_problem(services, message_for, expires: str, sig: str) -> str | None:
    """Why a signed link does not work (`invalid`, `expired`), or None when it does; `message_for(expires)`
    is the text its HMAC covers."""
    try:
        expires_at = int(expires)
    except (TypeError, ValueError):
        return "invalid"
    if not services.secrets.verify(message_for(expires_at), sig):
        return "invalid"
    if expires_at <= unix(services.clock.now()):
        return "expired"
    return None


def _message(request_id: str, which: str, expires: int) -> str:
    return f"download:{request_id}:{which}:{expires}"


def storage_key(request: dict, which: str) -> str:
    """Where finalisation stores the signed PDF (`signed`) or the separate certificate (`certificate`):
    known from completion on, before the file exists (webhooks announce it)."""
    return f"orgs/{request['org_id']}/signed/{request['id']}/{which}.pdf"


def blob_key(request: dict, which: str) -> str | None:
    return request.get("certificate_blob_key" if which == "certificate" else "signed_blob_key")


async def signed_url(services, request: dict, which: str, lifetime: int) -> str:
    key = blob_key(request, which)
    filename = file_name(request, which)
    presigned = await services.storage.presigned_url(key, lifetime, filename)
    if presigned:
        return presigned
    expires = unix(services.clock.now()) + lifetime
    query = signed_query(services, _message(request["id"], which, expires), expires)
    return f"{services.config.server.public_url}/files/{request['id']}/{which}?{query}"


def verify(services, request_id: str, which: str, expires: str, sig: str) -> bool:
    return link_problem(services, lambda expires_at: _message(request_id, which, expires_at), expires, sig) is None


def file_name(request: dict, which: str) -> str:
    stem = request["document_name"].rsplit(".", 1)[0] or "document"
    return f"{stem}-certificate.pdf" if which == "certificate" else f"{stem}-signed.pdf"


async def download_link(services, request: dict, which: str) -> dict:
    if request["status"] != "completed":
        raise invalid_state(f"the signed PDF is available once the request is completed; it is {request['status']}")
    if request.get("signed_pdf_status") == "processing":
        raise ApiError(409, "invalid_state", "the signed PDF is still being produced (signed_pdf_status processing): "
                       "wait for the document.signed event, or retry after a few seconds",
                       headers={"Retry-After": str(PROCESSING_RETRY_SECONDS)})
    if request.get("signed_pdf_status") != "ready":
        raise invalid_state(f"the signed PDF is not ready yet (signed_pdf_status {request.get('signed_pdf_status')})")
    if which == "certificate" and not request.get("stamp_pdf_available"):
        raise invalid_state("this request has no separate certificate (separate_stamp_page is false)")
    url = await signed_url(services, request, which, LIFETIME)
    await services.emit(request["org_id"], "signing_event.downloaded", signing_request_id=request["id"],
                        metadata={"file": which}, sandbox=request.get("sandbox", False),
                        data={"signing_request_id": request["id"], "file": which})
    return {"download_url": url, "document_name": file_name(request, which)}

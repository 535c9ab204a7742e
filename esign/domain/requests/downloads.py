"""Time-limited download links of signed PDFs: the storage provider's own presigned URL when it has
one, else an esign URL whose expiry and file are covered by an HMAC of the service key. Expiry
is measured on the service clock (`services.clock`), so tests can move time past it."""
from __future__ import annotations

import calendar
import datetime as dt
import urllib.parse
from collections.abc import Callable
from typing import cast

from esign import i18n
from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.errors import ApiError, invalid_state, not_found, validation_error
from esign.store.records import Json, SigningRequest

PROCESSING_RETRY_SECONDS = 3  # Retry-After of a download asked for while the signed PDF is being produced
# the file names of downloads and attachments, in the reader's language (the API's: English)
FILE_NAMES = {"signed": i18n.N_("{name}-signed.pdf"), "certificate": i18n.N_("{name}-certificate.pdf"),
              "combined": i18n.N_("{name}-all-documents-signed.pdf")}
LIFETIME = 24 * 3600  # GET .../download (spec: 24 hours); the enterprise delivery uses 1 hour


def unix(moment: dt.datetime) -> int:
    """A stored (naive UTC) datetime as a Unix time, as signed links carry their expiry."""
    return calendar.timegm(moment.utctimetuple())


def signed_query(services: Services, message: str, expires: int) -> str:
    """The query of a signed link: its expiry and the HMAC of `message` (which must cover it)."""
    return urllib.parse.urlencode({"expires": expires, "sig": services.secrets.sign(message)})


def link_problem(services: Services, message_for: Callable[[int], str], expires: str, sig: str) -> str | None:
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


def _message(request_id: str, which: str, expires: int, document_id: str | None = None) -> str:
    if document_id is None:
        return f"download:{request_id}:{which}:{expires}"
    return f"download:{request_id}:{which}:{document_id}:{expires}"


def storage_key(request: SigningRequest, which: str, document_id: str | None = None) -> str:
    """Where finalisation stores the signed PDF (`signed`) of the first document or of `document_id`,
    the separate certificate (`certificate`) or the combined PDF of an envelope (`combined`): known
    from completion on, before the file exists (webhooks announce it)."""
    base = f"orgs/{request['org_id']}/signed/{request['id']}"
    if which == "signed" and document_id is not None and document_id != envelope.of(request)[0]["id"]:
        return f"{base}/documents/{document_id}/signed.pdf"
    return f"{base}/{which}.pdf"


def blob_key(request: SigningRequest, which: str, document_id: str | None = None) -> str | None:
    """The stored file: `certificate`, `combined` (the signed PDF itself for a one-document request) or
    `signed` (of the first document, or of `document_id`)."""
    if which == "certificate":
        return request.get("certificate_blob_key")
    if which == "combined":
        return request.get("combined_blob_key") or (request.get("signed_blob_key") if len(envelope.of(request)) == 1
                                                    else None)
    if document_id is None or document_id == envelope.of(request)[0]["id"]:
        return request.get("signed_blob_key")
    done = next((d for d in request.get("signed_documents") or () if d["document_id"] == document_id), None)
    return done and done["signed_blob_key"]


async def signed_url(services: Services, request: SigningRequest, which: str, lifetime: int, document_id: str | None = None) -> str:
    key = blob_key(request, which, document_id)
    filename = file_name(request, which, document_id)
    # the file exists: callers check `blob_key` first (a completed request's signed PDF always has one)
    presigned = await services.storage.presigned_url(cast(str, key), lifetime, filename)
    if presigned:
        return presigned
    expires = unix(services.clock.now()) + lifetime
    query = signed_query(services, _message(request["id"], which, expires, document_id), expires)
    if document_id is not None:
        query += "&" + urllib.parse.urlencode({"document": document_id})
    return f"{services.config.server.public_url}/files/{request['id']}/{which}?{query}"


def problem(services: Services, request_id: str, which: str, expires: str, sig: str, document_id: str | None = None) -> str | None:
    """Why a download link does not work (`invalid`, `expired`: link_problem), or None when it does."""
    return link_problem(services, lambda expires_at: _message(request_id, which, expires_at, document_id),
                        expires, sig)


def file_name(request: SigningRequest, which: str, document_id: str | None = None, locale: str = i18n.DEFAULT) -> str:
    """The name a file is downloaded or attached under, in `locale` (`offer-signed.pdf`,
    `offer-unterschrieben.pdf`; of an envelope's combined PDF `offer-all-documents-signed.pdf`)."""
    listed = envelope.by_id(request).get(document_id) if document_id else None
    name = listed["name"] if listed else None
    stem = (name or request["document_name"]).rsplit(".", 1)[0] or "document"
    kind = which if which == "certificate" or (which == "combined" and len(envelope.of(request)) > 1) else "signed"
    return i18n.translations(locale).gettext(FILE_NAMES[kind]).format(name=stem)


def wanted(request: SigningRequest, which: str, document_id: str | None, combined: bool) -> tuple[str, str | None]:
    """The file a download asks for, as (`which`, document id or None): 422 for `document_id` with
    `combined` or with the certificate (which covers the whole envelope), 404 for a document that is
    not one of the request's."""
    if document_id is not None and combined:
        raise validation_error([{"field": "combined", "message": "give document_id or combined=true, not both"}])
    if which == "certificate" and (document_id is not None or combined):
        raise validation_error([{"field": "file", "message": "the certificate covers every document of the request: "
                                                             "give no document_id or combined with file=certificate"}])
    if document_id is not None and document_id not in envelope.by_id(request):
        raise not_found("document of this signing request")
    return ("combined" if combined else which), document_id


def check_not_purged(request: SigningRequest) -> None:
    """410 `purged` once a purge has begun on the request (esign.domain.retention): its files are gone
    or going."""
    if request.get("purge"):
        raise ApiError(410, "purged", "the files of this signing request were purged; its tombstone keeps "
                                      "their SHA-256 (GET /v1/signing-requests/{id})")


async def download_link(services: Services, request: SigningRequest, which: str, document_id: str | None = None,
                        combined: bool = False, by: Json | None = None) -> Json:
    """A 24-hour link of the file asked for, recorded as `signing_event.downloaded` (`by`: who asked, when
    a console member did)."""
    check_not_purged(request)
    which, document_id = wanted(request, which, document_id, combined)
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
    if not blob_key(request, which, document_id):
        raise invalid_state("this file was not produced when the request was finalised (finalised before envelopes)")
    url = await signed_url(services, request, which, LIFETIME, document_id)
    metadata = {"file": which, **({"document_id": document_id} if document_id else {}), **({"by": by} if by else {})}
    await services.emit(request["org_id"], "signing_event.downloaded", signing_request_id=request["id"],
                        metadata=metadata, sandbox=request.get("sandbox", False),
                        data={"signing_request_id": request["id"], "file": which})
    return {"download_url": url, "document_name": file_name(request, which, document_id)}

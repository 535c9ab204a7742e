"""The `finalize` job: on completion, stamp the values, add the audit certificate, apply the
signing level's signatures, store the result, fire `document.signed`, start the enterprise delivery.

Each document of an envelope (esign.domain.requests.envelope) becomes a signed PDF of its own, stamped with its
own fields and carrying the certificate that lists every document; an envelope of several documents
also gets one combined PDF of them all (stored beside them, so that downloads are instant), signed
alike. `signed_documents` records each document's blob key and hashes (the first's also stay in
`signed_blob_key`, `original_sha256`, `stamped_sha256`); `combined_blob_key` the combined PDF's.

`ses` and `aes` are made here (esign.pdf.finalize); `qes` stamps here, hands the document to the
configured signing-level provider once per signer (`remote_signatures`, the contract of
SigningLevelProvider.sign) and seals the result here. The delivery job is queued (deduplicated) when
the PDF is ready, and again by a re-run that finds it ready, in case the process died in between.

Idempotent: a retried or re-claimed job overwrites the same blob keys and the record moves to
`ready` once (conditional update), so nothing is lost or done twice if a process dies half-way.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from typing import Any, cast

from esign import i18n, tracing
from esign.audit_chain import trail_json
from esign.clock import iso
from esign.domain.evidence import attachments, verification
from esign.domain.evidence.disclosure import DISCLOSURE, DISCLOSURE_VERSION
from esign.domain.mail import enterprise_delivery, notifications
from esign.domain.orgs.keys import internal_ca, long_term, signing_seal
from esign.domain.pages import stamping
from esign.domain.ports import Services
from esign.domain.requests import downloads, envelope, request_events, tags
from esign.jobs.kinds import JobKind, PermanentJobError
from esign.pdf.finalize import finalize_envelope, fingerprint, prepare_envelope
from esign.pdf.seal import seal_pdf, signer_field
from esign.providers.base import ProviderRejected, SigningLevelProvider
from esign.store.records import Document, Job, Json, RecordLike, SigningRequest

STUCK_AFTER = dt.timedelta(minutes=10)
# what a signing-level provider learns about each signer (never tokens or audit details)
SIGNER_KEYS = ("id", "name", "email", "phone", "signed_at", "phone_verified", "identity_verified",
               "identity_verified_name")


def certificate_signers(request: SigningRequest, images: dict[str, bytes]) -> list[Json]:
    """The signers as the certificate and the signatures page show them: times as datetimes, how
    they were verified, their adopted marks with the drawings' bytes."""
    return [{**s, "phone_verified": bool(s.get("phone_verified_at")),
             "identity_verified": bool(s.get("identity_verified")),
             "signature": stamping.stamped_mark(s.get("signature"), images) if s["status"] == "signed" else None,
             "initials": stamping.stamped_mark(s.get("initials"), images) if s["status"] == "signed" else None}
            for s in request["signers"]]


async def remote_signatures(provider: SigningLevelProvider, document: bytes, request: RecordLike, signers: list[Any],
                            timestamp_url: str | None) -> bytes:
    """The `qes` signatures: the provider signs the stamped document once per signer, in the order of
    `signers`, each time appending one incremental update (see SigningLevelProvider.sign)."""
    summary = {k: request[k] for k in ("id", "org_id", "document_name", "signing_level", "completed_at")}
    for index, signer in enumerate(signers, start=1):
        who = {k: signer.get(k) for k in SIGNER_KEYS}
        signed = await provider.sign(document, {
            "request": summary, "signer": who, "index": index, "count": len(signers),
            "field_name": signer_field(index), "reason": f"Signed by {signer['name']}",
            "timestamp_url": timestamp_url})
        if not isinstance(signed, bytes) or len(signed) <= len(document) or not signed.startswith(document):
            raise ProviderRejected(f"the {provider.identifier!r} signing provider did not append a signature "
                                   "to the document it was given (its result must extend the input)")
        document = signed
    return document


async def originals(services: Services, request: SigningRequest) -> list[Json]:
    """Every document of the request in order, as `esign.pdf.finalize.prepare_envelope` takes them
    (without their fields): `{document: {id, name, received_sha256}, original, active_content_removed}`."""
    parts = []
    for doc in envelope.of(request):
        # a request's documents are never removed (Documents.discard is for uploads no request uses)
        record = cast(Document, await services.store.documents.get(request["org_id"], doc["id"]))
        parts.append({"document": {"id": doc["id"], "name": doc["name"],
                                   "received_sha256": record.get("received_sha256")},
                      "original": await services.storage.get_bytes(record["blob_key"]),
                      "active_content_removed": record.get("active_content_removed", ())})
    return parts


def disclosure_texts(org: Json, request: SigningRequest) -> Json:
    """The consent disclosure as the signed PDF attaches it: its version and its text in each language
    a signer who agreed to it read it in (their emails' language, `notifications.email_locale`), in
    the order of `esign.i18n.LOCALES` (English when no signer consented: nothing else was shown)."""
    read = {notifications.email_locale(org, s, "signer") for s in request["signers"]
            if s.get("consented_at") or s["status"] == "signed"}
    return {"version": DISCLOSURE_VERSION,
            "texts": {locale: i18n.translations(locale).gettext(DISCLOSURE)
                      for locale in i18n.LOCALES if locale in (read or {i18n.DEFAULT})}}


async def _produce(services: Services, request: SigningRequest, parts: list[Json], images: dict[str, bytes], level: str,
                   files: list[Json]) -> Json:
    """Each document's signed PDF (`documents`: `{id, signed_pdf, original_sha256, stamped_sha256}`),
    the separate certificate or None, and the combined PDF of an envelope of several documents or None."""
    events = await services.store.events.for_request(request["org_id"], request["id"])
    org = await services.store.organizations.by_id(request["org_id"]) or {}
    seal = await signing_seal(services)
    timestamp_url = services.config.signing.timestamp_url or None
    signers = certificate_signers(request, images)
    stamped = stamping.stamp_fields(request, images, org.get("default_locale"))
    parts = [{**part, "fields": envelope.fields_of(request, part["document"]["id"], stamped)} for part in parts]
    # the organisation and a sender who is the organisation named as the emails name them (display name)
    named = {"organization_name": notifications.org_name(org), "owner_name": notifications.sender(request, org)} \
        if org else {}
    common = dict(request={**request, **named,
                           "organization_locale": org.get("default_locale"),
                           "verification_url": verification.url(services, request["verification_id"])
                           if request.get("verification_id") else None,
                           "disclosure": disclosure_texts(org, request)},
                  signers=signers, events=events, seal=seal,
                  separate_certificate=bool(request.get("separate_stamp_page")), timestamp_url=timestamp_url,
                  audit_trail=trail_json(request["id"], await services.store.events.trail(request["id"])),
                  long_term=await long_term(services), attachments=files)
    if level != "qes":
        ca = await internal_ca(services) if level == "aes" else None
        return await services.finalizer.run(finalize_envelope, parts, level=level, ca=ca, **common)
    prepared = await services.finalizer.run(prepare_envelope, parts, **common)
    view = {**request, "completed_at": iso(request["completed_at"])}
    who = [{**s, "signed_at": iso(s.get("signed_at"))} for s in signers if s["status"] == "signed"]

    async def sign(document: bytes, name: str) -> bytes:
        document = await remote_signatures(services.signing_levels["qes"], document, {**view, "document_name": name},
                                           who, timestamp_url)
        return await services.finalizer.run(seal_pdf, document, seal, timestamp_url=timestamp_url,
                                            long_term=common["long_term"])

    names = {part["document"]["id"]: part["document"]["name"] for part in parts}
    documents = [{"id": d["id"], "signed_pdf": await sign(d["document"], names[d["id"]]),
                  "original_sha256": d["original_sha256"], "stamped_sha256": d["stamped_sha256"]}
                 for d in prepared["documents"]]
    combined = prepared["combined"] and await sign(prepared["combined"], request["document_name"])
    return {"documents": documents, "certificate_pdf": prepared["certificate_pdf"], "combined_pdf": combined}


async def finalize_job(services: Services, payload: Json, job_record: Job) -> None:
    repo = services.store.signing_requests
    request = await repo.by_id(payload["request_id"])
    if request is None or request["status"] != "completed":
        return
    if request.get("signed_pdf_status") == "ready":
        # a run that died or failed after marking it ready: what follows, each part once
        await _announce(services, request)
        return
    level = request.get("signing_level", "ses")
    if level == "qes" and "qes" not in services.signing_levels:
        await _mark_failed(services, request, "no QES signing provider is configured")
        raise PermanentJobError("no QES signing provider")
    parts = await originals(services, request)
    try:
        images = await stamping.drawings(services, request)
        files = await attachments.for_signed_pdf(services, request)
    except (stamping.DrawingUnusable, attachments.Unusable) as exc:
        await _mark_failed(services, request, str(exc))
        raise PermanentJobError(str(exc)) from exc
    try:
        with services.metrics.finalizing(), tracing.span("finalize", {"esign.signing_level": level}):
            result = await _produce(services, request, parts, images, level, files)
    except ProviderRejected as exc:
        await _mark_failed(services, request, f"the signing provider refused: {exc}")
        raise
    except Exception as exc:
        if job_record["attempts"] >= job_record["max_attempts"]:
            await _mark_failed(services, request, f"{type(exc).__name__}: {exc}")
        raise
    signed_documents = []
    for document in result["documents"]:
        key = downloads.storage_key(request, "signed", document["id"])
        await services.storage.put_bytes(key, document["signed_pdf"])
        signed_documents.append({"document_id": document["id"], "signed_blob_key": key,
                                 "original_sha256": document["original_sha256"],
                                 "stamped_sha256": document["stamped_sha256"],
                                 "signed_sha256": hashlib.sha256(document["signed_pdf"]).hexdigest()})
    first = signed_documents[0]
    changes = {"signed_pdf_status": "ready", "signed_blob_key": first["signed_blob_key"],
               "pades_signed_at": services.clock.now(), "original_sha256": first["original_sha256"],
               "stamped_sha256": first["stamped_sha256"], "signed_documents": signed_documents,
               "signed_pdf_error": None, "seal_fingerprint": fingerprint(await signing_seal(services))}
    if result.get("combined_pdf"):
        combined_key = downloads.storage_key(request, "combined")
        await services.storage.put_bytes(combined_key, result["combined_pdf"])
        changes.update(combined_blob_key=combined_key, combined_sha256=hashlib.sha256(result["combined_pdf"]).hexdigest())
    if result.get("certificate_pdf"):
        certificate_key = downloads.storage_key(request, "certificate")
        await services.storage.put_bytes(certificate_key, result["certificate_pdf"])
        changes.update(certificate_blob_key=certificate_key, stamp_pdf_available=True,
                       certificate_sha256=hashlib.sha256(result["certificate_pdf"]).hexdigest())
    request = await repo.signed_pdf_ready(request["id"], changes)
    if request is None:
        return  # another run finished first
    await _announce(services, request)


async def _announce(services: Services, request: SigningRequest) -> None:
    """What follows the ready signed PDFs: `document.signed` for each document of the request (under an
    id of its own, so a run repeated after a failure here records it once), the enterprise delivery
    and everyone's copy (deduplicated)."""
    first = envelope.of(request)[0]["id"]
    expires_at = services.clock.now() + dt.timedelta(seconds=downloads.LIFETIME)
    for document in envelope.of(request):
        occasion = "document.signed" if document["id"] == first else f"{document['id']}:document.signed"
        url = await downloads.signed_url(services, request, "signed", downloads.LIFETIME, document["id"])
        await services.emit(request["org_id"], "document.signed", signing_request_id=request["id"],
                            sandbox=request.get("sandbox", False),
                            event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:{occasion}")), data={
                                "signing_request_id": request["id"], "document_id": document["id"],
                                "document_name": document["name"], "completed_at": iso(request["completed_at"]),
                                "signing_level": request.get("signing_level", "ses"),
                                "signed_pdf_storage_key": downloads.blob_key(request, "signed", document["id"]),
                                "download_url": url, "download_expires_at": iso(expires_at),
                                "signers": request_events.signers_summary(request), **tags.labels(request)})
    await enterprise_delivery.schedule(services, request)
    await notifications.send_copies(services, request)


async def _mark_failed(services: Services, request: SigningRequest, reason: str) -> None:
    await services.store.signing_requests.signed_pdf_failed(request["id"], reason[:1000])


async def stuck_finalizations(services: Services) -> None:
    """Re-queue finalisations that have made no progress for a while (their job was lost or gave up)."""
    cutoff = services.clock.now() - STUCK_AFTER
    repo = services.store.signing_requests
    for request in await repo.stuck_finalizations(cutoff, limit=100):
        await repo.signed_pdf_retried(request)
        await services.enqueue("finalize", {"request_id": request["id"]},
                               dedupe_key=f"finalize:{request['id']}:{request['version']}")


JOBS = [JobKind("finalize", finalize_job, lane="finalize")]
SWEEPS = [stuck_finalizations]

"""The `finalize` job: on completion, stamp the values, add the audit certificate, apply the
signing level's signatures, store the result, fire `document.signed`, start the enterprise delivery.

`ses` and `aes` are made here (esign.pdf.finalize); `qes` stamps here, hands the document to the
configured signing-level provider once per signer (`remote_signatures`, the contract of
SigningLevelProvider.sign) and seals the result here. The delivery job is queued (deduplicated) when
the PDF is ready, and again by a re-run that finds it ready, in case the process died in between.

Idempotent: a retried or re-claimed job overwrites the same blob keys and the record moves to
`ready` once (conditional update), so nothing is lost or done twice if a process dies half-way.
"""
from __future__ import annotations

import asyncio
import datetime as dt

from esign.clock import iso
from esign.db import ReturnDocument
from esign.domain import delivery, downloads, lifecycle
from esign.jobs.registry import job, sweep
from esign.jobs.worker import PermanentJobError
from esign.pdf.finalize import finalize, prepare
from esign.pdf.seal import InternalCA, SealMaterial, seal_pdf, signer_field
from esign.providers.base import ProviderRejected
from esign.store.base import out

STUCK_AFTER = dt.timedelta(minutes=10)
# what a signing-level provider learns about each signer (never tokens or audit details)
SIGNER_KEYS = ("id", "name", "email", "phone", "signed_at", "phone_verified", "identity_verified",
               "identity_verified_name")


async def _material(services, name: str, kind):
    """A key pair (`kind`: SealMaterial or InternalCA) kept in the settings collection, made once per
    deployment, read and decrypted once per process."""
    if name not in services.key_material:
        def create():
            cert, key = kind.generate().to_pem()
            return {"cert": cert.decode(), "key": services.secrets.encrypt(key.decode())}

        stored = await services.store.settings.get_or_create(name, create)
        services.key_material[name] = kind.from_pem(stored["cert"].encode(),
                                                    services.secrets.decrypt(stored["key"]).encode())
    return services.key_material[name]


async def seal_material(services) -> SealMaterial:
    cfg = services.config.signing
    if cfg.seal_certificate and cfg.seal_key:
        if "seal" not in services.key_material:
            with open(cfg.seal_certificate, "rb") as c, open(cfg.seal_key, "rb") as k:
                services.key_material["seal"] = SealMaterial.from_pem(c.read(), k.read())
        return services.key_material["seal"]
    return await _material(services, "seal", SealMaterial)


async def internal_ca(services) -> InternalCA:
    return await _material(services, "internal_ca", InternalCA)


def stamp_fields(request: dict) -> list[dict]:
    signers = {s["id"]: s for s in request["signers"]}
    out = []
    for f in request["fields"]:
        signer = signers.get(f["signer_id"])
        if not signer or signer["status"] != "signed":
            continue
        f = dict(f)
        if f["field_type"] in ("signature", "initials"):
            # initials without their own drawing are derived from the name by the stamper
            f["signature"] = signer.get("initials") if f["field_type"] == "initials" else signer.get("signature")
        elif f["field_type"] == "date" and not f.get("value"):
            f["value"] = f"{signer['signed_at']:%Y-%m-%d}"
        out.append(f)
    return out


def certificate_signers(request: dict) -> list[dict]:
    return [{**s, "sent_at": iso(s.get("sent_at")), "viewed_at": iso(s.get("viewed_at")),
             "signed_at": iso(s.get("signed_at")), "phone_verified": bool(s.get("phone_verified_at")),
             "identity_verified": bool(s.get("identity_verified"))} for s in request["signers"]]


async def remote_signatures(provider, document: bytes, request: dict, signers: list, timestamp_url) -> bytes:
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


async def _produce(services, request: dict, original: bytes, level: str) -> dict:
    events = await services.store.events.for_request(request["org_id"], request["id"])
    seal = await seal_material(services)
    timestamp_url = services.config.signing.timestamp_url or None
    view = {**request, "created_at": iso(request["created_at"]), "completed_at": iso(request["completed_at"])}
    common = dict(request=view, fields=stamp_fields(request), signers=certificate_signers(request),
                  events=[{**e, "created_at": iso(e["created_at"])} for e in events], seal=seal,
                  separate_certificate=bool(request.get("separate_stamp_page")), timestamp_url=timestamp_url)
    if level != "qes":
        ca = await internal_ca(services) if level == "aes" else None
        return await asyncio.to_thread(finalize, original, level=level, ca=ca, **common)
    prepared = await asyncio.to_thread(prepare, original, **common)
    document = await remote_signatures(services.signing_levels["qes"], prepared.pop("document"), view,
                                       common["signers"], timestamp_url)
    return {**prepared, "signed_pdf": await asyncio.to_thread(seal_pdf, document, seal, timestamp_url=timestamp_url)}


@job("finalize")
async def finalize_job(services, payload, job_record):
    repo = services.store.signing_requests
    request = await repo.by_id(payload["request_id"])
    if request is None or request["status"] != "completed":
        return
    if request.get("signed_pdf_status") == "ready":
        # a run that died after marking it ready: make sure the delivery was queued (deduplicated)
        await delivery.schedule(services, request)
        return
    level = request.get("signing_level", "ses")
    if level == "qes" and "qes" not in services.signing_levels:
        await _mark_failed(services, request, "no QES signing provider is configured")
        raise PermanentJobError("no QES signing provider")
    document = await services.store.documents.get(request["org_id"], request["document_id"])
    original = await services.storage.get_bytes(document["blob_key"])
    try:
        result = await _produce(services, request, original, level)
    except ProviderRejected as exc:
        await _mark_failed(services, request, f"the signing provider refused: {exc}")
        raise
    except Exception as exc:
        if job_record["attempts"] >= job_record["max_attempts"]:
            await _mark_failed(services, request, f"{type(exc).__name__}: {exc}")
        raise
    signed_key = downloads.storage_key(request, "signed")
    await services.storage.put_bytes(signed_key, result["signed_pdf"])
    changes = {"signed_pdf_status": "ready", "signed_blob_key": signed_key, "pades_signed_at": services.clock.now(),
               "original_sha256": result["original_sha256"], "stamped_sha256": result["stamped_sha256"],
               "signed_pdf_error": None}
    if result.get("certificate_pdf"):
        certificate_key = downloads.storage_key(request, "certificate")
        await services.storage.put_bytes(certificate_key, result["certificate_pdf"])
        changes.update(certificate_blob_key=certificate_key, stamp_pdf_available=True)
    request = out(await repo.col.find_one_and_update(
        {"_id": request["id"], "signed_pdf_status": {"$ne": "ready"}},
        {"$set": {**changes, "updated_at": services.clock.now()}, "$inc": {"version": 1}},
        return_document=ReturnDocument.AFTER))
    if request is None:
        return  # another run finished first
    await services.emit(request["org_id"], "document.signed", signing_request_id=request["id"],
                        sandbox=request.get("sandbox", False), data={
                            "signing_request_id": request["id"], "document_name": request["document_name"],
                            "completed_at": iso(request["completed_at"]), "signing_level": level,
                            "signed_pdf_storage_key": changes["signed_blob_key"],
                            "signers": lifecycle.signers_summary(request)})
    await delivery.schedule(services, request)


async def _mark_failed(services, request, reason):
    await services.store.signing_requests.col.update_one(
        {"_id": request["id"], "signed_pdf_status": "processing"},
        {"$set": {"signed_pdf_status": "failed", "signed_pdf_error": reason[:1000]}, "$inc": {"version": 1}})


@sweep
async def stuck_finalizations(services):
    """Re-queue finalisations that have made no progress for a while (their job was lost or gave up)."""
    cutoff = services.clock.now() - STUCK_AFTER
    for request in await services.store.signing_requests.due(
            {"status": "completed", "signed_pdf_status": {"$in": ["processing", "failed"]},
             "updated_at": {"$lte": cutoff}}, limit=100):
        await services.store.signing_requests.col.update_one(
            {"_id": request["id"], "version": request["version"]},
            {"$set": {"signed_pdf_status": "processing", "updated_at": services.clock.now()}, "$inc": {"version": 1}})
        await services.enqueue("finalize", {"request_id": request["id"]},
                               dedupe_key=f"finalize:{request['id']}:{request['version']}")

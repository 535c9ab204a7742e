"""The public verification of a completed request (`/v/{id}`, esign.api.verification): its
verification id, what anyone holding the id may learn, the check of a copy's hash, and the check of an
uploaded PDF with `esign verify`'s own checks.

A completed request gets a verification id when it completes (esign.domain.requests.lifecycle): 80
random bits from `secrets`, unrelated to the request id, written as 16 characters of Crockford's
base32 (no I, L, O or U) in groups of four, `K7QF-3M2P-X9TR-4WZ8`. The certificate of completion
prints it with the page's URL and a QR code of that URL (esign.pdf.certificate).

What the page shows is no personal data: the organisation's display name, the completion date, the
number of documents and pages, the signing level, the seal certificate's fingerprint, each signed
file's SHA-256 and a status (`valid`, `content_purged`, `revoked_by_sender` with `revoked_at`). The
signers' names, and the sender's reason for a revocation, only when the organisation opts in
(`[[organizations]] verification_names`); never an email, a title or any content.
"""
from __future__ import annotations

import re
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding

from esign.domain.evidence.audit import compare_with_store
from esign.domain.orgs import keys
from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.domain.requests.verification_id import parse
from esign.pdf.verify import Report
from esign.store.records import Json, SigningRequest

SHA256 = re.compile(r"[0-9a-f]{64}")


def url(services: Services, verification_id: str) -> str:
    return f"{services.config.server.public_url}/v/{verification_id}"


async def find(services: Services, text: str) -> SigningRequest | None:
    """The completed request whose verification id `text` is (typed in any of `parse`'s forms)."""
    verification_id = parse(text)
    if verification_id is None:
        return None
    return await services.store.signing_requests.by_verification_id(verification_id)


def status(request: SigningRequest) -> str:
    """`revoked_by_sender` (esign.domain.evidence.revocation) before `content_purged`: a revoked copy is
    not to be relied on, whether or not its files are kept."""
    if request.get("revoked_at"):
        return "revoked_by_sender"
    return "content_purged" if request.get("purged_at") else "valid"


def signed_files(request: SigningRequest) -> list[Json]:
    """Each signed file's SHA-256 (`kind` signed, combined or certificate): once purged the tombstone's
    (esign.domain.retention.tombstone, read from the blobs before they went), else the finalisation's."""
    tombstone = request.get("tombstone") or {}
    done = tombstone.get("documents") or request.get("signed_documents") or ()
    files: list[Json] = [{"kind": "signed", "document": number, "sha256": document["signed_sha256"]}
                         for number, document in enumerate(done, start=1) if document.get("signed_sha256")]
    for kind in ("combined", "certificate"):
        sha = request.get(f"{kind}_sha256")
        if sha:
            files.append({"kind": kind, "document": None, "sha256": sha})
    return files


def _fingerprint(request: SigningRequest) -> str | None:
    value = request.get("seal_fingerprint") or (request.get("tombstone") or {}).get("seal_fingerprint")
    return value.replace(":", "").lower() if value else None


async def public_view(services: Services, request: SigningRequest) -> Json:
    """What the page shows of `request` (JSON): no names unless the organisation opts in, never emails."""
    org = await services.store.organizations.by_id(request["org_id"]) or {}
    documents = envelope.of(request)
    pages = [d.get("page_count") for d in documents]
    view: dict[str, Any] = {
        "verification_id": request.get("verification_id"),
        "status": status(request),
        "organization": str(org.get("display_name") or org.get("name") or ""),
        "completed_at": request["completed_at"],
        "document_count": len(documents),
        "page_count": sum(p or 0 for p in pages) if all(pages) else None,
        "signing_level": request.get("signing_level", "ses"),
        "seal_fingerprint": _fingerprint(request),
        "files": signed_files(request),
        "revoked_at": request.get("revoked_at"),
    }
    if org.get("verification_names"):  # a purge of everything has emptied them
        view["signers"] = [s["name"] for s in request["signers"] if s.get("status") == "signed" and s.get("name")]
        if request.get("revoked_at"):
            view["revocation_reason"] = request.get("revocation_reason")
    return view


def matches(request: SigningRequest, sha256: str) -> bool:
    """Whether `sha256` (lower-case hex) is one of the request's signed files'."""
    return any(f["sha256"] == sha256 for f in signed_files(request))


async def deployment_trust(services: Services, create: bool = True
                           ) -> tuple[list[x509.Certificate], list[x509.Certificate]]:
    """(the certificates to trust, the seal certificates current first) of this deployment, as
    `esign verify --config` checks with: its certificates (earlier seals' too) and the roots of its
    validation data (its TSA's). `create`: made now when there is no seal yet (the server; the
    command line reads the deployment's and makes none)."""
    deployment = [cert for _, cert in await keys.labelled_certificates(services, create=create)]
    trust = [*deployment, *await keys.validation_roots(services, create=create)]
    return trust, await keys.seal_certificates(services, create=create)


def pem(certificates: list[x509.Certificate]) -> list[str]:
    return [c.public_bytes(Encoding.PEM).decode() for c in certificates]


async def check_upload(services: Services, path: str) -> Json:
    """`esign verify --config` on the PDF at `path`, in a bounded checking child (esign.pdf.probe):
    `{verdict, checks: [{ok, text}]}`, the audit trail compared with the database as the CLI does."""
    trust, seal = await deployment_trust(services)
    answer = await services.pdf_checker.verify(path, pem(trust), pem(seal))
    if not answer.get("ok"):
        return {"verdict": "NOT_VERIFIED", "checks": [{"ok": False, "text": answer.get("error", "")}]}
    report = Report([(ok, text) for ok, text in answer["findings"]], answer["trail"], answer["signer_checked"],
                    answer["verification_url"])
    if report.trail is not None:
        for ok, text in await compare_with_store(services, report.trail):
            report.add(ok, text)
    return {"verdict": report.verdict, "checks": [{"ok": ok, "text": text} for ok, text in report.findings]}

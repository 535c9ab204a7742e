"""The signer's side, free of HTTP: opening a link, what the signer sees, page images, consent, and
signing / declining / withdrawing with every check the page makes done again here.

A link token is either a signer's invitation token (`signers.token_hash`) or an embedded-signing
token (the `embed_tokens` collection, 60 minutes, bound to one origin and to the sending it was
issued in). Both are stored only as SHA-256 hashes and stop working once the request leaves `pending`,
except that a signer's own link keeps showing a completed request, with its signed PDF, for
`[signing] completed_link_days` after completion (`open_link(..., completed=True)`).
"""
from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import hashlib
from collections.abc import Sequence
from typing import Any, cast

from esign.clock import iso
from esign.domain.evidence import attachments
from esign.domain.evidence.disclosure import DISCLOSURE, DISCLOSURE_VERSION
from esign.domain.mail import copies
from esign.domain.pages import signer_values, stamping
from esign.domain.ports import Services
from esign.domain.requests import effects, envelope, lifecycle, links, request_events, roles, tags
from esign.domain.signer import page_images, routing, verification
from esign.errors import ApiError, invalid_state, not_found, upstream_unavailable, validation_error
from esign.pdf.render import page_geometry
from esign.pdf.stamp import initials_of, stamp_locale
from esign.providers.base import ProviderUnavailable
from esign.secrets import hash_token, new_token
from esign.store.records import Document, Field, Json, ListedDocument, RecordLike, Signer, SigningRequest

EMBED_SECONDS = 3600  # spec: an embedded URL is valid 60 minutes
class LinkError(ApiError):
    """A known link that no longer works. Carries the embedding origin of an embedded link, so the
    error page may still be framed by it and tell it (esign.error); the signer's `locale` and the
    organisation, so the page speaks their language; and the situation (`situation`) with the one
    name it mentions (`name`: the delegate, or who declined), so the page says what happened."""

    def __init__(self, status: int, code: str, message: str, request: SigningRequest, signer: Signer,
                 embed_origin: str | None, situation: str) -> None:
        super().__init__(status, code, message)
        self.request_id, self.signer_id, self.embed_origin = request["id"], signer["id"], embed_origin
        self.org_id, self.locale, self.situation = request["org_id"], signer.get("locale"), situation
        self.name = _situation_name(request, signer, situation)


def _situation_name(request: SigningRequest, signer: Signer, situation: str) -> str | None:
    """The person a link's error page names: the delegate a signer handed their place to, or the
    signer who declined (never an address)."""
    if situation == "delegated":
        return next((s["name"] for s in request["signers"] if s["id"] == signer.get("delegated_to")), None)
    if situation == "declined":
        return next((s["name"] for s in request["signers"] if s["status"] == "declined"), None)
    return None


def _closed_situation(request: SigningRequest, signer: Signer) -> str:
    """Why a known link of a request that is no longer pending does not work."""
    if request["status"] == "cancelled" and any(s["status"] == "declined" for s in request["signers"]):
        return "declined_self" if signer["status"] == "declined" else "declined"
    if request["status"] in ("cancelled", "completed"):
        return str(request["status"])
    return "expired" if request["status"] == "expired" else "closed"


@dataclasses.dataclass
class SignerSession:
    """An opened link: the request, the signer it belongs to, and the embedding origin (embedded links)."""

    request: SigningRequest
    signer: Signer
    embed_origin: str | None = None

    def updated(self, request: SigningRequest) -> "SignerSession":
        """The same link over a newer version of the request."""
        return SignerSession(request, lifecycle.find_signer(request, self.signer["id"]), self.embed_origin)


async def open_link(services: Services, token: str, completed: bool = False) -> SignerSession:
    """Find the request and signer of a link token. 404 for an unknown or expired link, 409 when the
    request is no longer pending; with `completed`, a signer's own (not an embedded) link of a
    completed request opens while `copies.link_expires_at` has not passed."""
    if not token or len(token) > 128:
        raise ApiError(404, "not_found", "this signing link is not valid")
    digest = hash_token(token)
    repo = services.store.signing_requests
    request = await repo.by_signer_token(digest)
    origin = None
    if request is not None:
        signer = next(s for s in request["signers"] if links.holds(s, digest))
    else:
        entry = await services.store.embed_tokens.by_hash(digest)
        request = await repo.by_id(entry["request_id"]) if entry else None
        if request is None:
            moved = await repo.by_moved_token(digest)
            if moved is not None:  # the signer was replaced or delegated (esign.domain.signer.routing)
                signer = next(s for s in moved["signers"] if digest in (s.get("moved_token_hashes") or ()))
                raise LinkError(410, "gone", routing.moved_message(signer), moved, signer, None,
                                signer.get("moved_reason") or "replaced")
        # a token of an earlier sending (the request expired and was reactivated since) is not valid
        if request is None or entry is None or entry["sent_at"] != request.get("sent_at"):
            raise ApiError(404, "not_found", "this signing link is not valid")
        signer, origin = lifecycle.find_signer(request, entry["signer_id"]), entry["origin"]
        if (moved_at := signer.get("moved_at")) and entry["expires_at"] - dt.timedelta(seconds=EMBED_SECONDS) <= moved_at:
            raise LinkError(410, "gone", routing.moved_message(signer), request, signer, origin,
                            signer.get("moved_reason") or "replaced")
        if entry["expires_at"] <= services.clock.now():
            raise LinkError(404, "not_found", "this embedded signing link has expired (links are valid 60 minutes)",
                            request, signer, origin, "link_expired")
    still_open = (origin is None and request["status"] == "completed"
                  and services.clock.now() < copies.link_expires_at(services, request))
    if completed and still_open:
        return SignerSession(request, signer)
    if request["status"] != "pending":
        after = ("nothing is left to sign; the link still opens the signed document" if still_open
                 else "the link no longer works")
        raise LinkError(409, "invalid_state", f"this signing request is {request['status']}; {after}",
                        request, signer, origin, _closed_situation(request, signer))
    if request["expires_at"] <= services.clock.now():
        raise LinkError(409, "invalid_state", "this signing request has expired; the link no longer works",
                        request, signer, origin, "expired")
    return SignerSession(request, signer, origin)


async def embed_links(services: Services, request: SigningRequest, origin: str) -> list[tuple[Signer, str]]:
    """(signer, token) for every signer who still has to sign: new embedded-signing tokens, valid
    EMBED_SECONDS and only framed by `origin`. Each is one document of its own (`embed_tokens`), so
    the request is not written at all. 409 unless the request is pending."""
    if request["status"] != "pending":
        raise invalid_state(f"embedded signing needs a pending request; it is {request['status']}")
    expires = services.clock.now() + dt.timedelta(seconds=EMBED_SECONDS)
    issued: list[tuple[Signer, str]] = []
    docs: list[Json] = []
    for signer in request["signers"]:
        if signer["status"] in ("signed", "declined", "delegated"):
            continue
        token = new_token(nbytes=32)
        issued.append((signer, token))
        docs.append({"_id": hash_token(token), "request_id": request["id"], "org_id": request["org_id"],
                     "signer_id": signer["id"], "origin": origin, "expires_at": expires,
                     "sent_at": request["sent_at"]})
    if docs:
        await services.store.embed_tokens.insert_many(docs)
    return issued



# --- what the signer sees ---------------------------------------------------------------------------

async def pages(services: Services, document: Document | None) -> list[Json]:
    """Page sizes as displayed, computed once per document and kept on the document record."""
    if document is None:
        raise not_found("document")
    if not document.get("pages"):
        pdf = await services.storage.get_bytes(document["blob_key"])
        geometry = await asyncio.to_thread(page_geometry, pdf)
        await services.store.documents.settle(document, geometry)
        return geometry
    return document["pages"]


async def first_image(services: Services, session: SignerSession, base_path: str) -> Json | None:
    """The URLs of the first page's image, which the signing page shows under whatever step comes
    first (consent, a code), for the page's answer to ask for it at once (esign.domain.signer.page_images.preload)
    rather than after its script and the signer API have answered (None: no page to show)."""
    request = session.request
    document = await services.store.documents.settled(request["org_id"], envelope.of(request)[0]["id"])
    if not document or not document.get("page_count"):
        return None
    default_locale = await page_images.org_locale(services, request)
    return page_images.urls(base_path, 1, 1, page_images.addresses(request, document, [1], default_locale=default_locale)[1])


def blocker(session: SignerSession) -> str | None:
    """Why this signer cannot sign right now (turn, verification), or None."""
    ok, why = lifecycle.can_sign(session.request, session.signer)
    if not ok:
        return why
    return verification.blocker(session.request, session.signer)


def can_withdraw(request: SigningRequest, signer: Signer) -> bool:
    return (request["status"] == "pending" and signer["status"] == "signed" and roles.kind(signer) == "signer"
            and not any(x["status"] == "signed" and x["order"] > signer["order"] for x in request["signers"]))


async def record_viewed(services: Services, session: SignerSession, actor: Json) -> SignerSession:
    """The page's script reports that it showed the document to a person (POST .../api/viewed):
    `viewed_at` and signer.viewed, once. Fetching the link or the signer API records nothing, so a
    mail scanner's prefetch or a link preview is not taken for the signer reading the document."""
    return session.updated(await lifecycle.view(services, session.request, session.signer["id"], actor=actor))


async def view(services: Services, session: SignerSession, base_path: str, actor: Json) -> Json:
    """The signer API's answer (what the signer sees); records nothing."""
    request = session.request
    documents = []
    for d in envelope.of(request):  # every document of the envelope, in order, each with its own pages
        record = await services.store.documents.settled(request["org_id"], d["id"])
        documents.append((d, record, await pages(services, record)))
    # composed in a thread: for a signer of 5000 fields it takes a tenth of a second, which the event
    # loop does not wait for
    default_locale = await page_images.org_locale(services, request)
    return await asyncio.to_thread(_composed, services, session, base_path, documents, default_locale)


def _composed(services: Services, session: SignerSession, base_path: str,
              listed: list[tuple[ListedDocument, Document | None, list[Json]]], default_locale: str | None) -> Json:
    """`view`'s answer from the envelope's documents (`listed`: each with its record and page geometry;
    `default_locale`: the organisation's, for the page images' addresses and the dates shown as stamped)."""
    request = session.request
    signer = session.signer
    today = services.clock.now().date()
    signed = signer["status"] == "signed"
    fields, names = [], {s["id"]: s["name"] for s in request["signers"]}
    for f in roles.shown_fields(request, signer):
        pattern, message = signer_values.client_pattern(f)
        fields.append({k: f.get(k) for k in (
            "id", "field_type", "page_number", "x_percent", "y_percent", "width_percent", "height_percent",
            "placeholder", "is_required", "options", "validation_type", "validation_pattern", "auto_source")}
            | {"document_id": envelope.document_of(request, f)["id"],
               "value": _shown_value(f, signer, today, default_locale), "mark": _mark(f, signer) if signed else None,
               "done": signed, "client_pattern": pattern, "pattern_message": message, "locked": bool(f.get("locked")),
               "prefilled_by": names.get(f.get("prefilled_by") or ""),
               "attachment": attachments.public(f.get("attachment"))})
    documents, all_pages = [], []
    for d, record, geometry in listed:
        address = page_images.addresses(request, cast(Document, record),  # `pages` refused None
                                        default_locale=default_locale)
        all_pages += [{**p, "document_id": d["id"], "document_order": d["order"],
                       **page_images.urls(base_path, d["order"], p["number"], address[p["number"]])} for p in geometry]
        documents.append({k: cast(RecordLike, d)[k] for k in envelope.DOCUMENT_KEYS} | {"page_count": len(geometry)}
                         | {"progress": progress([f for f in fields if f["document_id"] == d["id"]], signed)})
    why = blocker(session)
    witness = roles.handover(request, signer, services.clock.now())
    return {
        "request": {"id": request["id"], "document_name": request["document_name"], "status": request["status"],
                    "signing_order": request["signing_order"], "message": request.get("message"),
                    "sender_name": request.get("owner_name"), "expires_at": iso(request["expires_at"])},
        "signer": {"id": signer["id"], "name": signer["name"], "email": signer["email"], "status": signer["status"],
                   "type": signer.get("type") or "signer", "approver_signs": bool(signer.get("approver_signs"))},
        "fields": fields,
        "documents": documents,
        "pages": all_pages,
        "progress": progress(fields, signed),
        "signed_before": signed_before(request, signer),
        "requirements": verification.requirements(services, request, signer),
        "consent": {"given": bool(signer.get("consented_at")), "version": DISCLOSURE_VERSION, "text": DISCLOSURE},
        "can_sign": why is None,
        "reason": why,
        "can_decline": signer["status"] in lifecycle.ACTIVE_SIGNER and (signer.get("type") or "signer") == "signer",
        "can_withdraw": can_withdraw(request, signer),
        "can_delegate": bool(request.get("allow_delegation")) and lifecycle.can_sign(request, signer)[0]
        and roles.kind(signer) == "signer",
        "embed": {"origin": session.embed_origin} if session.embed_origin else None,
        "redirect": tags.redirects(request, signer),
        "witness_handover": {"name": witness["name"], "url": links.signing_url(services, request, witness)} if witness else None,
    }


def _shown_value(f: Field, signer: Signer, today: dt.date, default_locale: str | None) -> str | None:
    """The value a field shows: once the signer has signed, the value stored (a date: the day they
    signed, as stamped: esign.domain.pages.stamping.stamped_date); before, the prefilled value (a
    date: today)."""
    if signer["status"] == "signed":
        if f["field_type"] == "date" and (f.get("value") or signer.get("signed_at")):
            return stamping.stamped_date(f, signer, stamp_locale(signer, default_locale))
        return f.get("value")
    return signer_values.prefill(f, signer, today) if f["field_type"] != "date" else today.isoformat()


def _mark(f: Field, signer: Signer) -> Json | None:
    """What a signed signer's signature or initials field shows (as the stamps draw it): `{kind:
    typed, text}` or `{kind: drawn}` (the drawing is on the page image)."""
    if f["field_type"] not in ("signature", "initials"):
        return None
    mark = signer.get("initials") if f["field_type"] == "initials" else signer.get("signature")
    if mark is None and f["field_type"] == "initials":
        text = initials_of(signer.get("name") or "")
        return {"kind": "typed", "text": text} if text else None
    if mark is None:
        return None
    return {"kind": "typed", "text": mark.get("text")} if mark["kind"] == "typed" else {"kind": "drawn"}


def progress(fields: Sequence[RecordLike], signed: bool) -> Json:
    """`{total, remaining, done}`: how many of the signer's fields still need them. Every required
    field without a value counts, signature and initials fields included (each needs its mark); none
    once the signer has signed."""
    def needs(f: RecordLike) -> bool:
        if not f["is_required"] or signed:
            return False
        if f["field_type"] in ("signature", "initials"):
            return True
        if f["field_type"] == "checkbox":
            return str(f.get("value")).lower() != "true"
        return not f.get("value")
    remaining = sum(1 for f in fields if needs(f))
    return {"total": len(fields), "remaining": remaining, "done": signed}


def signed_before(request: SigningRequest, signer: Signer) -> list[Json]:
    """The other signers who have signed (before this one, once this one has), in the order they
    signed: `{name, signed_at}`."""
    mine = signer.get("signed_at") if signer["status"] == "signed" else None
    earlier = [s for s in request["signers"] if s["id"] != signer["id"] and s["status"] == "signed"
               and (at := s.get("signed_at")) and (mine is None or at <= mine)]
    return [{"name": s["name"], "signed_at": iso(s["signed_at"])}
            for s in sorted(earlier, key=lambda s: cast(dt.datetime, s["signed_at"]))]  # (those signed)


# --- what the signer does ---------------------------------------------------------------------------

async def give_consent(services: Services, session: SignerSession, actor: Json) -> SignerSession:
    """Record the electronic-records consent once (signing_event.consent_given)."""
    if session.signer.get("consented_at"):
        return session
    now = services.clock.now()
    signer_id = session.signer["id"]

    def build(r: SigningRequest) -> Json:
        if lifecycle.find_signer(r, signer_id).get("consented_at"):
            return {}
        return {"signers": [dict(s, consented_at=now) if s["id"] == signer_id else s for s in r["signers"]],
                "effects": effects.event_effects("signing_event.consent_given", signer_id, actor,
                                                   {"disclosure_version": DISCLOSURE_VERSION})}

    request = await lifecycle.transition(services, session.request, "pending", build)
    return session.updated(await lifecycle.follow(services, request))


async def sign(services: Services, session: SignerSession, body: Json, actor: Json) -> SigningRequest:
    """Check and record a signature: `{values, signature, initials?, consent: true}`."""
    why = blocker(session)
    if why:
        raise _refusal(session, why)
    if body.get("consent") is not True and not session.signer.get("consented_at"):
        raise validation_error([{"field": "consent", "message": "agree to sign electronically (consent: true) first"}])
    # off the event loop: `regex` patterns are matched with a time bound and without the GIL
    values, signature, initials = await asyncio.to_thread(
        signer_values.check_submission, session.request, session.signer, body.get("values"), body.get("signature"), body.get("initials"),
        services.clock.now().date())
    signature, initials = await store_drawings(services, session.request, [signature, initials])
    # consent given in the body is recorded by the signature's own change (one conditional update)
    return await lifecycle.sign(services, session.request, session.signer["id"], values, signature, actor=actor,
                                extra={"initials": initials}, consent={"disclosure_version": DISCLOSURE_VERSION})


def drawing_key(request: SigningRequest, sha256: str) -> str:
    """Drawings are named by their SHA-256 within their request: the same drawing adopted twice (as
    signature and initials, or in a retried submission) is one blob."""
    return f"orgs/{request['org_id']}/drawings/{request['id']}/{sha256}.png"


async def store_drawings(services: Services, request: SigningRequest, marks: list[Any]) -> list[Any]:
    """The checked marks with each drawing moved to blob storage: `{kind: "drawn", png}` becomes
    `{kind: "drawn", blob_key, sha256}` (the request document never holds the image). One blob per
    distinct drawing; typed marks and None pass unchanged. 502 when blob storage fails."""
    out, written = [], set()
    for mark in marks:
        if mark is None or mark["kind"] != "drawn":
            out.append(mark)
            continue
        digest = hashlib.sha256(mark["png"]).hexdigest()
        key = drawing_key(request, digest)
        if key not in written:
            try:
                await services.storage.put_bytes(key, mark["png"])
            except (OSError, ProviderUnavailable) as exc:
                raise upstream_unavailable(f"blob storage unavailable: {exc}") from exc
            written.add(key)
        out.append({"kind": "drawn", "blob_key": key, "sha256": digest})
    return out


def _refusal(session: SignerSession, why: str) -> ApiError:
    """Verification still missing is a 403; anything else (turn, state) is a 409."""
    if verification.blocker(session.request, session.signer) == why:
        return ApiError(403, "forbidden", why)
    return invalid_state(why)


async def signed_copy(services: Services, session: SignerSession, actor: Json) -> SigningRequest:
    """The completed request whose signed PDF the signer downloads through their link (recorded as
    `signing_event.downloaded`). 409 while the PDF is being produced or when it could not be."""
    request = session.request
    status = request.get("signed_pdf_status")
    if request["status"] != "completed":
        raise invalid_state("the signed PDF is available once everyone has signed")
    if status == "failed":
        raise invalid_state("the signed PDF could not be produced; please contact the sender")
    if status != "ready":
        raise invalid_state("the signed PDF is being prepared; try again in a moment")
    await request_events.record_event(services, request, "signing_event.downloaded", signer=session.signer, actor=actor,
                                 metadata={"file": "signed", "via": "signer_link"})
    return request


async def decline(services: Services, session: SignerSession, reason: str, actor: Json) -> SigningRequest:
    if not isinstance(reason, str) or not reason.strip():
        raise validation_error([{"field": "reason", "message": "say why you decline (1 to 1000 characters)"}])
    if len(reason) > 1000:
        raise validation_error([{"field": "reason", "message": "at most 1000 characters"}])
    return await lifecycle.decline(services, session.request, session.signer["id"], reason.strip(), actor=actor)


async def delegate(services: Services, session: SignerSession, body: Json, actor: Json) -> SigningRequest:
    """Hand the signer's place to another person ({name, email, reason}: esign.domain.signer.routing)."""
    reason = body["reason"].strip()
    if not reason:
        raise validation_error([{"field": "reason", "message": "say why you hand this on (1 to 1000 characters)"}])
    return await routing.delegate(services, session.request, session.signer["id"],
                                  {"name": body["name"], "email": body["email"]}, reason, actor=actor)


async def withdraw(services: Services, session: SignerSession, actor: Json) -> SigningRequest:
    return await lifecycle.withdraw(services, session.request, session.signer["id"], actor=actor)

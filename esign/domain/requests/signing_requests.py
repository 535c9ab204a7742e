"""Creating signing requests, replacing their fields, and the record views the API returns."""
from __future__ import annotations

import asyncio
import datetime as dt
import re
import warnings
from collections.abc import Sequence
from typing import Any, cast

import phonenumbers

from esign.domain.orgs.usage import reserve
from esign.domain.pages import placement
from esign.domain.pages.signer_values import MAX_TYPED, MAX_VALUE, js_difference, unsafe_character
from esign.domain.ports import Services
from esign.domain.requests import cancellation, cc_links, envelope, lifecycle, links, mail_queue, roles, tags
from esign.errors import ApiError, Problems, invalid_state, validation_error
from esign.providers.base import SmsProvider
from esign.store.base import new_id
from esign.store.records import Document, Field, Json, ListedDocument, RecordLike, Signer, SigningRequest

SIGNER_DEFAULTS: Json = {
    "type": "signer", "phone": None, "delivery": "email", "sms_failed_at": None, "locale": None, "display_name": None,
    "status": "pending", "signed_at": None, "declined_at": None,
    "viewed_at": None, "email_bounced_at": None, "email_failed_at": None, "decline_reason": None, "sent_at": None,
    "identity_verified": False, "identity_verified_at": None, "identity_verified_name": None,
    "identity_name_match_score": None, "identity_name_match_status": None, "identity_document_type": None,
    "identity_dob": None, "identity_address": None, "identity_document_number": None,
    "identity_document_expiry": None, "identity_document_issued_country": None,
    "identity_selfie_verified": False, "identity_device_vpn_detected": False, "identity_review_pending": False,
    "token_nonce": None, "token_hash": None,
    # delegation (esign.domain.signer.routing): who handed this place on, to whom, when and why
    "delegated_to": None, "delegated_from": None, "delegated_at": None, "delegation_reason": None,
    # the sender's own labels (esign.domain.requests.tags)
    "metadata_terms": [], "external_id": None, "redirect_url": None,
}


# --- size bounds (docs/operations.md): a signing request is one MongoDB document (16 MiB at most),
# so what can make it large is bounded here, before anything is written. Signers: 1 to 100 (create
# schema); drawings live in blob storage (esign.domain.signer.signing); embedded-signing tokens in their own
# collection. Fields: at most MAX_FIELDS, and together at most FIELDS_MAX_BYTES counted at their
# largest, i.e. with the longest value a signer may still enter in each (4 bytes per character, the
# most UTF-8 takes). With that the whole request stays below about 11.5 MiB whatever signers do; the
# sender's labels (esign.domain.requests.tags: metadata at most 256 KiB together, an external_id and a
# redirect_url of at most 255 and 2000 characters on the request and each signer) add at most 1.2 MiB.
MAX_FIELDS = 5000  # spec: fields per call; a call replaces every field, so also per request
FIELDS_MAX_BYTES = 10 * 1024 * 1024
FIELD_BYTES = 512  # a stored field without its strings: keys, ids, numbers, flags, filled_at
OPTION_BYTES = 16  # an option without its text
CHAR_BYTES = 4
# the longest value a signer may enter, by field type (select: the longest option)
LONGEST_VALUE = {"text": MAX_VALUE * CHAR_BYTES, "signature": MAX_TYPED * CHAR_BYTES,
                 "initials": MAX_TYPED * CHAR_BYTES, "date": len("2026-01-01"), "checkbox": len("false"),
                 # the file's description (name at most 255 characters, size, SHA-256, type, blob key)
                 "attachment": 1024 + 255 * CHAR_BYTES}


def _utf8(text: str | None) -> int:
    return len(text.encode()) if text else 0


def field_bytes(f: RecordLike) -> int:
    """The most a field can take in the stored request, whatever its signer enters."""
    options = f.get("options") or []
    longest = max((_utf8(o) for o in options), default=0) if f["field_type"] == "select" \
        else LONGEST_VALUE[f["field_type"]]
    return (FIELD_BYTES + _utf8(f.get("placeholder")) + _utf8(f.get("validation_pattern"))
            + _utf8((f.get("anchor") or {}).get("text")) + _utf8(f.get("text_tag"))
            + sum(_utf8(o) + OPTION_BYTES for o in options) + max(_utf8(f.get("value")), longest))


def check_fields_size(fields: Sequence[RecordLike], where: str, details: list[Any]) -> None:
    """At most MAX_FIELDS fields taking at most FIELDS_MAX_BYTES at their largest (422 detail otherwise)."""
    if len(fields) > MAX_FIELDS:
        details.append({"field": where, "message": f"at most {MAX_FIELDS} fields"})
        return
    total = sum(field_bytes(f) for f in fields)
    if total > FIELDS_MAX_BYTES:
        details.append({"field": where, "message": (
            f"these fields could take {total / 2**20:.1f} MB once filled in (placeholders, options, validation "
            f"patterns and the longest value a signer may enter in each, up to {MAX_VALUE} characters in a text "
            f"field); a signing request's fields may take at most {FIELDS_MAX_BYTES // 2**20} MB: use fewer "
            f"fields, fewer or shorter options, or fewer text fields")})


def check_signing_level(services: Services, level: str) -> None:
    if level == "qes" and not (services.config.signing.qes_provider and "qes" in services.signing_levels):
        raise ApiError(403, "plan_restricted", "qualified (qes) signatures need a QES signing provider; none is configured")


def check_identity_provider(services: Services, required: bool, details: list[Any]) -> None:
    """Identity verification can be required only when the identity provider can verify anyone: with
    one that cannot (`verifies` False, the builtin `none`) no signer could ever pass it (422 detail otherwise)."""
    if required and not services.identity.verifies:
        details.append({"field": "identity_verification_required",
                        "message": "no identity verification provider is configured on this server"})


def check_signers(services: Services, body: Json) -> None:
    """The signers of a create body: no email twice, a phone for each when phone verification is
    required, and each one's delivery and phone country possible here (422 with every problem)."""
    signers = body["signers"]
    details = duplicate_emails(signers) + role_problems(signers, body.get("signing_order") or "parallel") + cc_links.problems(signers)
    if body.get("phone_verification_required"):
        details += without_phone(signers)
    check_deliveries(services, signers, details)
    check_phone_countries(services, signers, details)
    if details:
        raise validation_error(details)


def check_deliveries(services: Services, signers: list[Json], details: list[Any]) -> None:
    """A signer reached by text (`delivery` sms or both) has a phone, and the SMS provider can text
    a message (an SmsProvider: a verification service only sends its own codes) (422 details otherwise)."""
    for i, s in enumerate(signers):
        if "sms" not in mail_queue.channels(s):
            continue
        if not s.get("phone"):
            details.append({"field": f"signers.{i}.phone", "message": f"required when delivery is {s['delivery']}"})
        if not isinstance(services.sms, SmsProvider):
            details.append({"field": f"signers.{i}.delivery", "message": (
                f"the configured SMS provider ({services.sms.identifier}) sends one-time codes only, not signing links")})


def check_phone_countries(services: Services, signers: list[Json], details: list[Any], prefix: str = "signers.{i}.") -> None:
    """With `[sms] allowed_countries`, a signer's phone (E.164, esign.schema.Phone) is of one of those
    countries (422 detail on the phone otherwise)."""
    allowed = services.config.sms.allowed_countries
    for i, s in enumerate(signers):
        if allowed and s.get("phone"):
            country = phonenumbers.region_code_for_number(phonenumbers.parse(s["phone"], None))
            if country not in allowed:
                details.append({"field": prefix.format(i=i) + "phone", "message": (
                    f"phone numbers of {country} are not accepted on this server (accepted: {', '.join(allowed)})")})


def duplicate_emails(signers: list[Json]) -> list[Json]:
    """The 422 details of each email given to two signers (case-insensitive), or none."""
    emails = [s["email"].lower() for s in signers]
    return [{"field": "signers", "message": f"duplicate signer email {email}"}
            for email in sorted({e for e in emails if emails.count(e) > 1})]


def role_problems(signers: list[Json], signing_order: str) -> list[Json]:
    """The 422 details of participants' types (esign.domain.requests.roles): a request has a signer,
    an approver comes no later than any signer or viewer (a sequential request's order), an assistant
    before the signers it assists."""
    types = [s.get("type") or "signer" for s in signers]
    details = [] if not types or "signer" in types else [  # none yet: a draft the editor fills in
        {"field": "signers", "message": "at least one participant of type signer"}]
    others = [s.get("order") or 1 for s, t in zip(signers, types) if t in ("signer", "viewer")]
    details += [{"field": f"signers.{i}.order", "message": "an approver acts before the signers and viewers: give it an "
                                                           "order no later than theirs"}
                for i, (s, t) in enumerate(zip(signers, types)) if t == "approver" and others
                and (s.get("order") or 1) > min(others)]
    details += [{"field": f"signers.{i}.approver_signs", "message": "only an approver may have approver_signs"}
                for i, (s, t) in enumerate(zip(signers, types)) if s.get("approver_signs") and t != "approver"]
    details += roles.witness_problems(signers)
    details += roles.assist_problems(signers, signer_orders(signing_order, signers) if signing_order == "sequential" else None)
    return details


def without_phone(signers: list[Json]) -> list[Json]:
    """The 422 details of signers without a phone, when the request asks for phone verification."""
    return [{"field": f"signers.{i}.phone", "message": "required when phone_verification_required is true"}
            for i, s in enumerate(signers) if not s.get("phone")]


async def create(services: Services, org: Json, api_key: Json, sandbox: bool, body: Json,
                 problems: Problems | None = None) -> SigningRequest:
    """`body` is the validated create body (plus optional template-derived settings). `body["id"]` and
    the signers' `id` may be given (sending from a template): inserting a request whose id exists then
    raises esign.store.signing_requests.RequestExists, so a retried bulk item can never create a second request.

    One validation pass: every check runs (those whose input the schema refused are skipped), and one
    422 lists every problem found, the schema's (`problems`: then `body` is what the schema did load) and
    theirs."""
    problems = problems or Problems()
    records: list[Document] | None = None
    if not problems.refused("document_id", "document_ids"):
        ids_key = problems.run(envelope.given_ids, body)
        if ids_key is not None:
            records = await problems.wait(envelope.load(services, org["id"], *ids_key, sandbox))
    signers: list[Signer] | None = None
    if not problems.refused("signers", "phone_verification_required"):
        problems.run(check_signers, services, body)
        orders = signer_orders(body.get("signing_order") or "parallel", body["signers"])
        signers = [cast(Signer, {**SIGNER_DEFAULTS, "id": s.get("id") or new_id(), "email": s["email"],
                                 "name": s["name"], "phone": s.get("phone"), "order": order, "locale": s.get("locale"),
                                 "delivery": s.get("delivery") or "email", **roles.stored(s),
                                 **cc_links.stored(s), **tags.stored(s)})
                   for s, order in zip(body["signers"], orders)]
        signers = roles.linked(signers)
        if not problems.refused("metadata", "redirect_url"):
            tags.check(body, org.get("embed_origins") or [], problems.details)
    if not problems.refused("identity_verification_required"):
        check_identity_provider(services, bool(body.get("identity_verification_required")), problems.details)
    stored: list[Field] | None = None
    if records is not None and signers is not None and not problems.refused("fields", "fields_from_text_tags"):
        listed = envelope.listing(records)
        placed = await problems.wait(placement.place_anchored(services, records, body.get("fields") or []))
        if placed is not None and body.get("fields_from_text_tags"):
            anchored, documents = placed, records
            placed = problems.run(lambda: anchored + placement.request_tag_fields(documents, body["signers"]))
        if placed is not None:
            # in a thread: checking 5000 fields takes ~50 ms, which the event loop would otherwise wait for
            stored = await problems.wait(asyncio.to_thread(stored_fields, signers, listed, placed))
    problems.raise_any()
    # no problem: every check ran and gave its result
    records, signers, stored = cast(list[Document], records), cast(list[Signer], signers), cast(list[Field], stored)
    document = records[0]
    emails = [s["email"].lower() for s in body["signers"]]
    level = body.get("signing_level") or "ses"
    check_signing_level(services, level)
    if not sandbox:
        await reserve(services, org, "signing_requests", "signing_requests_per_month", "signing requests")
    now = services.clock.now()
    identity = bool(body.get("identity_verification_required"))
    record = {
        "_id": body.get("id") or new_id(), "org_id": org["id"], "document_id": document["id"],
        "document_name": document["name"], "document_pages": document.get("page_count"), "documents": listed,
        "status": "draft",
        "signing_order": body.get("signing_order") or "parallel", "message": body.get("message"),
        "expires_at": now + dt.timedelta(days=body.get("expires_in_days") or 7), "created_at": now,
        "updated_at": now, "completed_at": None, "signers": signers, "fields": stored, "sandbox": sandbox,
        "identity_verification_required": identity,
        "phone_verification_required": bool(body.get("phone_verification_required")),
        "identity_payment_status": ("waived" if sandbox else "pending") if identity else None,
        "signed_pdf_status": "none", "signing_level": level, "pades_signed_at": None,
        "separate_stamp_page": bool(body.get("separate_stamp_page")), "stamp_pdf_available": False,
        "email_subject": body.get("email_subject"), "cc_emails": body.get("cc_emails") or [],
        "reminder_days": body.get("reminder_days"), "field_values": None,
        "owner_key_id": api_key["id"], "owner_name": api_key.get("owner_name") or org["name"],
        "owner_email": api_key.get("owner_email") or "", "signer_emails": emails, "signed_count": 0,
        "version": 0, "template_id": body.get("template_id"),
        "allow_delegation": bool(body.get("allow_delegation")), **tags.stored(body),
        **{key: body[key] for key in ("source", "public_link") if body.get(key)},  # a public link's visitor's
    }
    try:
        request = await services.store.signing_requests.insert(record)
    except BaseException:
        if not sandbox:
            await services.store.usage.release(org["id"], "signing_requests")
        raise
    # the signers' contacts are marked used by the worker from this event (esign.domain.mail.outbox)
    request = await lifecycle.record_created(services, request)
    if body.get("auto_send"):
        request = await lifecycle.send(services, request)
    return request


async def send(services: Services, request: SigningRequest, by: Json | None = None) -> SigningRequest:
    """`POST .../send`: a draft whose signing level this server can still give (403 otherwise, as at
    creation: the QES provider may have gone since), sent (esign.domain.requests.lifecycle.send)."""
    check_signing_level(services, request.get("signing_level", "ses"))
    return await lifecycle.send(services, request, by=by)


def signer_orders(signing_order: str, signers: list[Json]) -> list[int]:
    """Each signer's `order`. Sequential: a signer without one takes their place in the list (1, 2,
    3 ...), as a template's roles do, so that signers who give no order sign one after another in
    list order; a given `order` always wins (equal orders sign together). Parallel: a missing order
    is 1 (the spec's default; the order plays no part in who is invited)."""
    if signing_order == "sequential":
        return [s.get("order") or place for place, s in enumerate(signers, start=1)]
    return [s.get("order") or 1 for s in signers]


def send_warnings(request: SigningRequest) -> list[Json]:
    """What a sender should know about a request just sent, which does not stop it: signers with no
    field (they sign with an adopted signature only, on the signatures page)."""
    placed = {f["signer_id"] for f in request["fields"]}
    return [{"code": "signer_without_fields", "signer_id": s["id"], "email": s["email"],
             "message": f"{s['email']} has no field to fill in or sign; their adopted signature goes on a "
                        "signatures page at the end of the signed PDF"}
            for s in request["signers"] if s["id"] not in placed]


async def get(services: Services, org_id: str, request_id: str) -> SigningRequest:
    """The request as it stands now (expired once its `expires_at` has passed: lifecycle.settle)."""
    request = await services.store.signing_requests.require(org_id, request_id, "signing request")
    return await lifecycle.settle(services, request)


async def replace_fields(services: Services, request: SigningRequest, fields: list[Json],
                         problems: Problems | None = None, indexes: list[int] | None = None) -> SigningRequest:
    """Replace every field of a draft request (one atomic update). One validation pass: with the
    schema's `problems`, `fields` are the body's items it loaded (`indexes`: where each stood), checked
    too, and one 422 lists every problem."""
    if request["status"] != "draft":
        raise invalid_state(f"fields can be set only while the request is a draft; it is {request['status']}")
    problems = problems or Problems()
    listed = envelope.of(request)
    found = Problems()
    placed: list[Json] | None = fields
    if any(f.get("anchor") for f in fields):
        records = [await services.store.documents.get(request["org_id"], d["id"]) for d in listed]
        if None in records:
            raise invalid_state("a document of the request no longer exists; fields cannot be placed at anchors")
        placed = await found.wait(placement.place_anchored(services, cast(list[Document], records),  # none is None
                                                           fields))
    # in a thread: checking 5000 fields takes ~50 ms, which the event loop would otherwise wait for
    stored = None if placed is None else await found.wait(asyncio.to_thread(stored_fields, request["signers"],
                                                                            listed, placed))
    problems.add_renumbered(found, "fields", indexes)
    problems.raise_any()
    return await lifecycle.transition(services, request, "draft", lambda r: {"fields": stored})


def stored_fields(signers: Sequence[RecordLike], listed: Sequence[ListedDocument], fields: list[Json]) -> list[Field]:
    """Fields checked against the request's signers and documents (`listed`: the envelope's, in
    order), in their stored form (422 with every problem otherwise). A field names its signer by
    `signer_id`, or by `signer_email` (the create body, whose signers have no ids yet), and its
    document by `document_id` (default: the first)."""
    by_id = {s["id"]: s for s in signers}
    by_email = {s["email"].lower(): s["id"] for s in signers}
    page_counts = {d["id"]: d.get("page_count") for d in listed}
    details, placed = [], []
    for i, f in enumerate(fields):
        f = {**f, "document_id": str(f.get("document_id") or listed[0]["id"])}
        if f["document_id"] not in page_counts:
            details.append({"field": f"fields.{i}.document_id", "message": "not one of the request's documents"})
            continue
        pages = page_counts[f["document_id"]]
        if "signer_email" in f:
            email = f["signer_email"]
            f = {**{k: v for k, v in f.items() if k != "signer_email"}, "signer_id": by_email.get(email.lower())}
            if f["signer_id"] is None:
                details.append({"field": f"fields.{i}.signer_email", "message": f"{email} is not one of the signers"})
        elif str(f["signer_id"]) not in by_id:
            details.append({"field": f"fields.{i}.signer_id", "message": "not a signer of this signing request"})
        owner = by_id.get(str(f["signer_id"]))
        if owner is not None and (problem := roles.field_problem(owner, f.get("field_type") or "signature")):
            details.append({"field": f"fields.{i}.field_type", "message": problem})
        placed.append(f)
        if pages and f["page_number"] > pages:
            details.append({"field": f"fields.{i}.page_number", "message": f"the document has {pages} pages"})
        check_field_shape(f, f"fields.{i}", details)
    expanded = every_page(placed, page_counts)
    check_fields_size(expanded, "fields", details)
    if details:
        raise validation_error(details)
    return [cast(Field, {"id": new_id(), **{k: v for k, v in f.items() if k != "signer_id"}, "signer_id": str(f["signer_id"]),
                         "filled_at": None}) for f in expanded]


def every_page(fields: list[Json], page_counts: dict[str, int | None]) -> list[Json]:
    """Each field with `every_page` becomes one field per page of its document, at the same place
    (extension): initials adopted once are stamped on each."""
    out = []
    for f in fields:
        pages = page_counts.get(f["document_id"])
        if f.get("every_page") and pages:
            out += [{**f, "page_number": page} for page in range(1, pages + 1)]
        else:
            out.append(f)
    return out


def check_field_shape(f: RecordLike, where: str, details: list[Any]) -> None:
    """Rules shared by request fields and template role fields."""
    if f["field_type"] == "select" and not f.get("options"):
        details.append({"field": f"{where}.options", "message": "a select field needs options"})
    if f.get("validation_type") == "regex":
        if not f.get("validation_pattern"):
            details.append({"field": f"{where}.validation_pattern", "message": "required when validation_type is regex"})
        else:
            try:
                with warnings.catch_warnings():  # "possible nested set" ([[:alpha:]]): refused below anyway
                    warnings.simplefilter("ignore", FutureWarning)
                    re.compile(f["validation_pattern"])
            except re.error as exc:
                details.append({"field": f"{where}.validation_pattern", "message": f"not a valid regular expression: {exc}"})
            else:
                if construct := js_difference(f["validation_pattern"]):
                    details.append({"field": f"{where}.validation_pattern", "message": (
                        f"uses {construct}: the signing page checks values in JavaScript, which would not "
                        f"agree with the server")})
    for name, text in [("value", f.get("value")), *((f"options.{k}", o) for k, o in enumerate(f.get("options") or []))]:
        if text and (problem := unsafe_character(text)):
            details.append({"field": f"{where}.{name}", "message": problem})
    if "x_percent" not in f:  # placed at an anchor when the request is made (a template's role field)
        return
    if f["x_percent"] + f["width_percent"] > 100.0001 or f["y_percent"] + f["height_percent"] > 100.0001:
        details.append({"field": where, "message": "the field must lie within the page (x+width and y+height at most 100)"})


# --- views ------------------------------------------------------------------------------------------

SIGNER_FIELDS = ("id", "email", "name", "phone", "delivery", "sms_failed_at", "locale", "display_name", "order", "status",
                 "type", "signed_at", "declined_at", "approved_at", "rejected_at", "acknowledged_at", "prepared_at", "witnessed_at",
                 "viewed_at", "email_bounced_at", "email_failed_at", "decline_reason", "identity_verified", "identity_verified_at",
                 "identity_verified_name", "identity_name_match_score", "identity_name_match_status",
                 "identity_document_type", "identity_dob", "identity_address", "identity_document_number",
                 "identity_document_expiry", "identity_document_issued_country", "identity_selfie_verified",
                 "identity_device_vpn_detected", "identity_review_pending", "delegated_to", "delegated_from",
                 "delegated_at", "delegation_reason")


def field_views(request: SigningRequest, fields: list[Field] | None = None) -> list[Json]:
    """The request's fields (or those of `fields`) as the API shows them: each with its signer's name
    and the id of the envelope document it lies on (envelope.document_of: the first for a field stored
    before envelopes)."""
    names = {s["id"]: s["name"] for s in request["signers"]}
    documents = envelope.of(request)
    ids = {d["id"] for d in documents}
    return [{**f, "signer_name": names.get(f["signer_id"]),
             "document_id": f["document_id"] if f.get("document_id") in ids else documents[0]["id"]}
            for f in (request["fields"] if fields is None else fields)]


def full_view(services: Services, request: SigningRequest, api_key: Json | None = None, handover: bool = False) -> Json:
    """The record the API returns. `handover` (the answer of the call that sent the request): each
    signer with `delivery` `link` carries their `signing_url`, the sender's to hand over."""
    self_sign_url = None
    owner_email = (api_key or {}).get("owner_email", "").lower()
    if owner_email and request["status"] == "pending":
        for s in request["signers"]:
            if s["email"].lower() == owner_email and s.get("token_nonce") and s["status"] in lifecycle.ACTIVE_SIGNER:
                self_sign_url = links.signing_url(services, request, s)
    values = [{"field_id": f["id"], "signer_id": f["signer_id"], "field_type": f["field_type"], "value": f["value"]}
              for f in request["fields"] if f.get("value") is not None]
    def signer_view(s: Signer) -> Json:
        shown = (handover and s.get("delivery") == "link" and s.get("token_nonce")
                 and s["status"] in lifecycle.ACTIVE_SIGNER)
        return {**{k: s.get(k) for k in SIGNER_FIELDS}, **tags.shown(s), **cc_links.shown(s), **roles.stored(s),
                "signing_url": links.signing_url(services, request, s) if shown else None}

    return {**request, **tags.shown(request), "documents": envelope.of(request),
            "signers": [signer_view(s) for s in request["signers"]],
            "field_values": values or None, "self_sign_url": self_sign_url, "participants_progress": roles.progress(request),
            "cancellation": cancellation.of(request), "signed_pdf_available": request.get("signed_pdf_status") == "ready"}


def summary_view(request: SigningRequest) -> Json:
    return {**request, "total_signers": sum(s["status"] != "delegated" and roles.kind(s) == "signer" for s in request["signers"]),
            "participants_progress": roles.progress(request),
            "signed_count": roles.signed_count(request["signers"]),
            "signer_names": [s["name"] for s in request["signers"]], "owner_avatar_url": None,
            **tags.labels(request)}

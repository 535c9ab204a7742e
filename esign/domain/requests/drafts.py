"""Editing and deleting a draft: its settings and signers (`update`), one field (`update_field`,
`delete_field`), the whole draft (`delete`). Each change is one conditional update through
lifecycle.transition (filter: the request's id, status `draft` and the version it was read at), so a
send that wins the race keeps everything it sent and the edit is then refused (409); an edit that wins
is what the send sends. A deletion is one conditional delete whose filter holds `status: "draft"`.
The audit trail of a deleted draft is kept (the events are hash-chained per organisation:
esign.audit_chain) and ends with `signing_event.deleted`."""
from __future__ import annotations

import datetime as dt
import logging
from typing import cast

from esign.domain.ports import Services
from esign.domain.requests import cc_links, envelope, lifecycle, request_events, roles, tags
from esign.domain.requests.signing_requests import (
    SIGNER_DEFAULTS,
    check_deliveries,
    check_fields_size,
    check_phone_countries,
    duplicate_emails,
    role_problems,
    signer_orders,
    stored_fields,
    without_phone,
)
from esign.errors import ApiError, Problems, invalid_state, not_found, validation_error
from esign.store.base import new_id
from esign.store.records import Field, Json, Signer, SigningRequest

log = logging.getLogger("esign.drafts")
SETTINGS = ("message", "email_subject", "signing_order", "reminder_days", "cc_emails")
# what a signer's entry sets, as on create
SIGNER_INPUT = ("name", "email", "phone", "order", "locale", "delivery", "type", "notify_on")
# a request's labels (esign.domain.requests.tags), each replaced when given
LABELS = ("metadata", "external_id", "redirect_url")


def _check_draft(request: SigningRequest, what: str) -> None:
    if request["status"] != "draft":
        raise invalid_state(f"{what} only while the request is a draft; it is {request['status']}")


def _check_signers(services: Services, entries: list[Json], signing_order: str) -> None:
    """What the create body's signers must satisfy, checked before anything is read (422)."""
    details = duplicate_emails(entries) + role_problems(entries, signing_order) + cc_links.problems(entries)
    seen: set[str] = set()
    for i, s in enumerate(entries):
        if s.get("id") and str(s["id"]) in seen:
            details.append({"field": f"signers.{i}.id", "message": "this signer is listed twice"})
        seen.add(str(s.get("id")))
    check_deliveries(services, entries, details)
    check_phone_countries(services, entries, details)
    if details:
        raise validation_error(details)


def _check_labels(org: Json, request: SigningRequest, changes: Json, problems: Problems) -> None:
    """The labels' rules a schema cannot check alone (esign.domain.requests.tags.check) over the request as
    the edit leaves it: the redirect URLs given, the metadata of the request and its signers together."""
    if problems.refused("signers") or problems.refused("metadata"):
        return
    after = {"metadata": changes["metadata"] if "metadata" in changes else tags.metadata_of(request),
             "redirect_url": changes.get("redirect_url"),
             "signers": changes.get("signers") or [{"metadata": tags.metadata_of(s)} for s in request["signers"]]}
    tags.check(after, org.get("embed_origins") or [], problems.details)


def _new_signers(request: SigningRequest, entries: list[Json], signing_order: str) -> tuple[list[Signer], list[Field]]:
    """The draft's signers after the edit (each entry kept by `id`, or new) and its fields without
    those of the signers removed. 422 for an `id` that is not one of its signers, 409 for a change to
    a signer who has already acted (a reactivated request keeps its signatures)."""
    existing = {s["id"]: s for s in request["signers"]}
    details: list[Json] = []
    signers: list[Signer] = []
    for i, (entry, order) in enumerate(zip(entries, signer_orders(signing_order, entries))):
        given = {**{k: entry.get(k) for k in SIGNER_INPUT}, "order": order, "delivery": entry.get("delivery") or "email",
                 **tags.stored(entry), **roles.stored(entry)}
        sid = str(entry["id"]) if entry.get("id") else None
        if sid is None:
            signers.append(cast(Signer, {**SIGNER_DEFAULTS, **given, "id": new_id()}))
        elif sid not in existing:
            details.append({"field": f"signers.{i}.id", "message": "not a signer of this signing request"})
        else:
            old = existing[sid]
            # (`assists`, `witness_for`: emails given, ids stored; `witness_mode` not stored before it existed)
            before = {**roles.DEFAULTS, **old, "witness_mode": roles.witness_mode(old)}
            if old["status"] != "pending" and any(before.get(k) != v for k, v in given.items()
                                                  if k not in ("assists", "witness_for")):
                raise invalid_state(f"signer {sid} has {old['status']}; they can no longer be changed")
            signers.append(cast(Signer, {**old, **given}))
    if details:
        raise validation_error(details)
    signers = roles.linked(signers)
    kept = {s["id"]: s for s in signers}
    for s in request["signers"]:
        if s["id"] not in kept and s["status"] != "pending":
            raise invalid_state(f"signer {s['id']} has {s['status']}; they can no longer be removed")
    fields = [f for f in request["fields"] if f["signer_id"] in kept]
    # a participant whose new `type` may not have the fields they keep (docs/roles.md)
    problems = dict.fromkeys(p for f in fields if (p := roles.field_problem(kept[f["signer_id"]], f["field_type"])))
    if problems:
        raise validation_error([{"field": "signers", "message": problem} for problem in problems])
    return signers, fields


async def update(services: Services, request: SigningRequest, changes: Json,
                 problems: Problems | None = None) -> SigningRequest:
    """`PATCH /v1/signing-requests/{id}`: the settings given, and with `signers` the whole new list.
    One validation pass over the body (esign.errors.Problems): the schema's problems (`problems`; then
    `changes` is what it did load) and the signers' own in one 422; what needs the record as it is at
    the update (a signer id that is not the request's, a phone owed) is checked then."""
    _check_draft(request, "a signing request can be edited")
    problems = problems or Problems()
    if "signers" in changes and not problems.refused("signers"):
        problems.run(_check_signers, services, changes["signers"], changes.get("signing_order") or request["signing_order"])
    if any(k in changes for k in LABELS) or "signers" in changes:
        _check_labels(await services.store.organizations.authenticated(request["org_id"]) or {}, request, changes,
                      problems)
    problems.raise_any()
    now = services.clock.now()

    def build(r: SigningRequest) -> Json:
        out: Json = {k: changes[k] for k in SETTINGS if k in changes}
        out.update({k: v for k, v in tags.stored(changes).items() if k.removesuffix("_terms") in changes})
        if "expires_in_days" in changes:
            out["expires_at"] = now + dt.timedelta(days=changes["expires_in_days"])
        if "signers" in changes:
            signers, fields = _new_signers(r, changes["signers"], out.get("signing_order", r["signing_order"]))
            out.update({"signers": signers, "fields": fields, "signer_emails": [s["email"].lower() for s in signers]})
        if r.get("phone_verification_required") and (phoneless := without_phone(out.get("signers", r["signers"]))):
            raise validation_error(phoneless)
        return out

    return await lifecycle.transition(services, request, "draft", build)


def _find_field(request: SigningRequest, field_id: str) -> Field:
    for f in request["fields"]:
        if f["id"] == field_id:
            return f
    raise not_found("field")


def _relative(exc: ApiError) -> ApiError:
    """The 422 of a field checked as `fields.0`, naming the body's own keys (the whole field: "")."""
    return validation_error([{**d, "field": d["field"].removeprefix("fields.0").lstrip(".")} for d in exc.details])


async def update_field(services: Services, request: SigningRequest, field_id: str, changes: Json) -> SigningRequest:
    """`PATCH .../fields/{field_id}`: the field with `changes`, checked as `POST .../fields` checks one
    (its signer, document and page, the page's bounds, the fields' size bound). Moving a field placed at
    an anchor drops the anchor (it is then where the coordinates say)."""
    _check_draft(request, "fields can be changed")
    _find_field(request, field_id)
    moved = any(k in changes for k in ("document_id", "page_number", "x_percent", "y_percent"))

    def build(r: SigningRequest) -> Json:
        old = _find_field(r, field_id)
        merged: Json = {k: v for k, v in old.items() if k not in ("id", "filled_at", "every_page")}
        if moved:
            merged.pop("anchor", None)
        merged.update(changes)
        try:
            [new] = stored_fields(r["signers"], envelope.of(r), [merged])
        except ApiError as exc:
            raise _relative(exc) from None
        new.update({"id": field_id, "every_page": old.get("every_page", False)})
        fields = [new if f["id"] == field_id else f for f in r["fields"]]
        details: list[Json] = []
        check_fields_size(fields, "", details)
        if details:
            raise validation_error(details)
        return {"fields": fields}

    return await lifecycle.transition(services, request, "draft", build)


async def delete_field(services: Services, request: SigningRequest, field_id: str) -> SigningRequest:
    """`DELETE .../fields/{field_id}` of a draft."""
    _check_draft(request, "fields can be deleted")
    _find_field(request, field_id)

    def build(r: SigningRequest) -> Json:
        _find_field(r, field_id)
        return {"fields": [f for f in r["fields"] if f["id"] != field_id]}

    return await lifecycle.transition(services, request, "draft", build)


async def delete(services: Services, request: SigningRequest, by: Json | None = None) -> None:
    """`DELETE /v1/signing-requests/{id}` of a draft: the request goes (its documents stay: they are the
    organisation's, other requests may use them); its events stay, followed by `signing_event.deleted`.
    What an earlier change left undone is done first. The monthly count it took at creation stays."""
    _check_draft(request, "a signing request can be deleted")
    if request.get("effects"):
        request = await lifecycle.follow(services, request)
    repo = services.store.signing_requests
    if not await repo.delete_draft(request["org_id"], request["id"]):
        current = await repo.get(request["org_id"], request["id"])
        if current is None:
            raise not_found("signing request")
        _check_draft(current, "a signing request can be deleted")
        raise invalid_state("the signing request changed while it was being deleted; retry")
    log.info("draft signing request %s deleted", request["id"])
    try:  # under an id derived from the version deleted, so it is recorded once
        await request_events.record_event(services, {**request, "following": request["version"]},
                                          "signing_event.deleted", metadata={"by": by} if by else None)
    except Exception:  # noqa: BLE001 - the draft is deleted; the answer says so, the log that the event is missing
        log.exception("recording the deletion of draft signing request %s failed", request["id"])

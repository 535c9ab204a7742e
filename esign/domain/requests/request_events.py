"""The events of a signing request: recorded (audit trail and outbox) under ids derived from the change
that made them, and the `data` their webhooks carry (esign.webhooks.payloads declares its shape)."""
from __future__ import annotations

import uuid

from esign.clock import iso
from esign.domain.ports import Services
from esign.domain.requests import downloads, envelope, tags
from esign.store.records import Json, Signer, SigningRequest

FIELD_VALUES_MAX_BYTES = 256 * 1024  # the field values a completion webhook carries at most


async def record_event(services: Services, request: SigningRequest, event_type: str, signer: Signer | None = None,
                       actor: Json | None = None, metadata: Json | None = None, data: Json | None = None) -> None:
    """Record an event of the request. Recorded by `follow`, its id is derived from the transition's
    version, the type and the signer, so recording it again after a failure records nothing."""
    actor = actor or {}
    following = request.get("following")  # the version whose effects `follow` is doing
    event_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:{following}:{event_type}:"
                                                  f"{signer['id'] if signer else None}")) if following is not None else None
    await services.emit(request["org_id"], event_type, signing_request_id=request["id"], signer=signer,
                        ip_address=actor.get("ip_address"), user_agent=actor.get("user_agent"),
                        geo=await services.geo(actor.get("ip_address")), metadata=metadata,
                        data=data if data is not None else event_data(request, signer),
                        sandbox=request.get("sandbox", False), event_id=event_id)


def event_data(request: SigningRequest, signer: Signer | None = None) -> Json:
    """The webhook `data` of signing-request and signer events."""
    data = {"signing_request_id": request["id"], "status": request["status"], "document_id": request["document_id"],
            "document_name": request["document_name"], "sandbox": request.get("sandbox", False),
            **tags.labels(request)}
    if signer:
        data["signer"] = {"id": signer["id"], "email": signer["email"], "name": signer["name"],
                          "status": signer["status"], **tags.labels(signer)}
    if request["status"] == "completed":
        data["completed_at"] = iso(request.get("completed_at"))
        data["all_signers"] = signers_summary(request)
        data["signed_pdf_storage_key"] = downloads.storage_key(request, "signed")
        data["documents"] = [{"document_id": d["id"], "name": d["name"],
                              "signed_pdf_storage_key": downloads.storage_key(request, "signed", d["id"])}
                             for d in envelope.of(request)]
        data["field_values"] = field_values(request)
    return data


def field_values(request: SigningRequest) -> list[Json] | None:
    """What the signers filled in, for the completion webhook: each field's id, signer, name (its
    placeholder: a text tag's `name=`), type and value — a signature or initials `"signed"`, an
    attachment its file's name, an empty optional field null. None when they would take more than
    FIELD_VALUES_MAX_BYTES (a request may hold megabytes of values): GET the request for them."""
    values, size = [], 0
    for f in request["fields"]:
        if f["field_type"] in ("signature", "initials"):
            value = "signed" if _signed(request, f["signer_id"]) else None
        elif f["field_type"] == "attachment":
            value = (f.get("attachment") or {}).get("name")
        else:
            value = f.get("value")
        size += len(value or "") * 4 + len(f.get("placeholder") or "") * 4 + 200  # at most, as UTF-8 JSON
        if size > FIELD_VALUES_MAX_BYTES:
            return None
        values.append({"field_id": f["id"], "signer_id": f["signer_id"], "name": f.get("placeholder"),
                       "field_type": f["field_type"], "value": value})
    return values


def _signed(request: SigningRequest, signer_id: str) -> bool:
    return any(s["id"] == signer_id and s["status"] == "signed" for s in request["signers"])


def signers_summary(request: SigningRequest) -> list[Json]:
    """Who signed and when: in completion webhooks and emails, document.signed and the delivery."""
    return [{"name": s["name"], "email": s["email"], "signed_at": iso(s.get("signed_at"))} for s in request["signers"]
            if s["status"] != "delegated"]

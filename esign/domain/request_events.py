"""The events of a signing request: recorded (audit trail and outbox) under ids derived from the change
that made them, and the `data` their webhooks carry (esign.webhooks.payloads declares its shape)."""
from __future__ import annotations

import uuid

from esign.clock import iso
from esign.domain import downloads, envelope


async def record_event(services, request, event_type, signer=None, actor=None, metadata=None, data=None):
    """Record an event of the request. Recorded by `follow`, its id is derived from the transition's
    version, the type and the signer, so recording it again after a failure records nothing."""
    actor = actor or {}
    following = request.get("following")  # the version whose effects `follow` is doing
    event_id = str(uuid.uuid5(uuid.NAMESPACE_URL, f"esign:{request['id']}:{following}:{event_type}:"
                                                  f"{(signer or {}).get('id')}")) if following is not None else None
    await services.emit(request["org_id"], event_type, signing_request_id=request["id"], signer=signer,
                        ip_address=actor.get("ip_address"), user_agent=actor.get("user_agent"),
                        geo=await services.geo(actor.get("ip_address")), metadata=metadata,
                        data=data if data is not None else event_data(request, signer),
                        sandbox=request.get("sandbox", False), event_id=event_id)


def event_data(request: dict, signer: dict | None = None) -> dict:
    """The webhook `data` of signing-request and signer events."""
    data = {"signing_request_id": request["id"], "status": request["status"], "document_id": request["document_id"],
            "document_name": request["document_name"], "sandbox": request.get("sandbox", False)}
    if signer:
        data["signer"] = {"id": signer["id"], "email": signer["email"], "name": signer["name"],
                          "status": signer["status"]}
    if request["status"] == "completed":
        data["completed_at"] = iso(request.get("completed_at"))
        data["all_signers"] = signers_summary(request)
        data["signed_pdf_storage_key"] = downloads.storage_key(request, "signed")
        data["documents"] = [{"document_id": d["id"], "name": d["name"],
                              "signed_pdf_storage_key": downloads.storage_key(request, "signed", d["id"])}
                             for d in envelope.of(request)]
    return data


def signers_summary(request: dict) -> list[dict]:
    """Who signed and when: in completion webhooks and emails, document.signed and the delivery."""
    return [{"name": s["name"], "email": s["email"], "signed_at": iso(s.get("signed_at"))} for s in request["signers"]
            if s["status"] != "delegated"]

"""Participants' roles (issue 41 item 1, docs/roles.md) over real HTTP, mail in the Maildir: `type` on every
participant; approvers gate everyone else in a parallel request and a rejection cancels it, inviting
nobody; a viewer who never acknowledges keeps the request pending; a `cc` blocks nothing and gets the
copy; every misuse is a 422 or 409 in the Error shape."""
from __future__ import annotations

from esign.logs import ContextFilter
from tests.support import assert_error
from tests.support.mail import maildir
from tests.support.routing import sign_with
from tests.support.signing import make_request, spost, upload
from tests.support.webhooks import create_hook

APPROVER_1 = {"name": "Lee Legal", "email": "legal@example.test", "type": "approver"}
APPROVER_2 = {"name": "Fay Finance", "email": "finance@example.test", "type": "approver"}
SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}
VIEWER = {"name": "Val Viewer", "email": "val@example.test", "type": "viewer"}
COPY = {"name": "Cas Copy", "email": "cas@example.test", "type": "cc"}
OWNER = "ada@a.example.test"
ROLE_EVENTS = ["signer.approved", "signer.rejected", "signer.acknowledged", "signing_request.cancelled"]


INVITATIONS = {"signer": "Please sign", "approver": "Please approve", "viewer": "Please review"}


def invited(server, person) -> bool:
    """Invited by an email that asks this participant for what their type does."""
    subject = INVITATIONS.get(person.get("type", "signer"), "Please")
    return any(m["Subject"].startswith(subject) for m in maildir(server) if person["email"] in m["To"])


async def status_of(made, i) -> str:
    return (await made.get())["signers"][i]["status"]


async def test_every_approver_acts_before_anyone_else_is_invited(server, receiver):
    await create_hook(server.client, receiver.url(), events=ROLE_EVENTS)
    made = await make_request(server, [APPROVER_1, APPROVER_2, SIGNER, VIEWER, COPY], order="parallel",
                              fields={"sig": {"signer": 2}, "note": {"signer": 0, "field_type": "text"}})
    got = await made.get()
    assert [s["type"] for s in got["signers"]] == ["approver", "approver", "signer", "viewer", "cc"]
    assert [s["status"] for s in got["signers"]] == ["sent", "sent", "pending", "pending", "pending"]
    await server.run_jobs()
    assert invited(server, APPROVER_1) and invited(server, APPROVER_2)
    assert not invited(server, SIGNER) and not invited(server, VIEWER) and not invited(server, COPY)
    asked = [m for m in maildir(server) if APPROVER_1["email"] in m["To"]][0].get_body(("plain",)).get_content()
    assert "asks you to approve" in asked and "asks you to sign" not in asked and "sign it here" not in asked

    first = await made.token(0)
    # an approver neither signs nor declines; a required field of theirs is checked as a signer's is
    assert_error(await spost(server, first, "sign", {"signature": {"kind": "typed", "text": "Lee"}, "consent": True}),
                 409, "invalid_state")
    assert_error(await spost(server, first, "decline", {"reason": "no"}), 409, "invalid_state")
    assert_error(await spost(server, first, "approve", {}), 422, "validation_error")
    view = await spost(server, first, "approve", {"values": {made.fields["note"]: "Checked by legal"}})
    assert view.status == 200, view
    assert view.json["signer"] == {**view.json["signer"], "type": "approver", "status": "approved"}
    assert_error(await spost(server, first, "approve", {}), 409, "invalid_state")  # once
    await server.run_jobs()
    assert await status_of(made, 2) == "pending" and not invited(server, SIGNER)  # the second approver is still to act

    assert (await spost(server, await made.token(1), "approve")).status == 200
    await server.run_jobs()
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["approved", "approved", "sent", "sent", "pending"]
    assert invited(server, SIGNER) and invited(server, VIEWER) and not invited(server, COPY)
    assert got["field_values"] == [{"field_id": made.fields["note"], "signer_id": made.signer_ids[0],
                                    "field_type": "text", "value": "Checked by legal"}]

    viewer = await made.token(3)
    assert_error(await spost(server, viewer, "approve"), 409, "invalid_state")
    await sign_with(server, await made.token(2), SIGNER["name"])
    assert (await made.get())["status"] == "pending"  # the viewer has not acknowledged yet
    assert (await spost(server, viewer, "acknowledge")).status == 200
    got = await made.get()
    assert got["status"] == "completed"
    assert [s["status"] for s in got["signers"]] == ["approved", "approved", "signed", "acknowledged", "notified"]
    assert got["participants_progress"] == {"total": 4, "done": 4}
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert (listed["total_signers"], listed["signed_count"], listed["participants_progress"]) == (1, 1, {"total": 4, "done": 4})

    await server.run_jobs()
    assert any(m["Subject"].startswith("Completed") for m in maildir(server) if COPY["email"] in m["To"])
    hooks = [(r.json["event"], r.json["data"]) for r in receiver.at()]
    assert [(e, d["signer_email"], d["type"]) for e, d in hooks] == [
        ("signer.approved", APPROVER_1["email"], "approver"), ("signer.approved", APPROVER_2["email"], "approver"),
        ("signer.acknowledged", VIEWER["email"], "viewer")]


async def test_a_rejection_cancels_the_request_and_invites_nobody(server, receiver):
    await create_hook(server.client, receiver.url(), events=ROLE_EVENTS)
    made = await make_request(server, [APPROVER_1, APPROVER_2, SIGNER, VIEWER], order="parallel")
    token = await made.token(1)
    assert_error(await spost(server, token, "reject", {"reason": "   "}), 422, "validation_error")
    assert_error(await spost(server, token, "reject", {"reason": "x" * 1001}), 422, "validation_error")
    assert_error(await spost(server, token, "reject", {}), 422, "validation_error")
    resp = await spost(server, token, "reject", {"reason": "The budget is not approved"})
    assert resp.status == 200, resp
    assert resp.json == {"status": "rejected", "signing_request_id": made.id, "signer_id": made.signer_ids[1],
                         "reason": "The budget is not approved"}
    got = await made.get()
    assert got["status"] == "cancelled"
    assert [s["status"] for s in got["signers"]] == ["sent", "rejected", "pending", "pending"]
    assert got["signers"][1]["decline_reason"] == "The budget is not approved"
    assert_error(await spost(server, await made.token(0), "approve"), 409)  # nothing left to approve

    await server.run_jobs()
    assert not invited(server, SIGNER) and not invited(server, VIEWER)
    owner = [m for m in maildir(server) if OWNER in m["To"] and m["Subject"].startswith("Rejected")]
    assert len(owner) == 1
    text = owner[0].get_body(("plain",)).get_content()
    assert "The budget is not approved" in text and APPROVER_2["email"] in text
    hooks = {r.json["event"]: r.json["data"] for r in receiver.at()}
    assert hooks["signer.rejected"]["reason"] == "The budget is not approved"
    assert hooks["signer.rejected"]["type"] == "approver"
    assert hooks["signing_request.cancelled"]["cancellation"] == {
        "kind": "rejected", "reason": "The budget is not approved",
        "by": {"id": made.signer_ids[1], "name": APPROVER_2["name"], "email": APPROVER_2["email"]},
        "at": got["cancellation"]["at"]}


async def test_a_viewer_who_never_acknowledges_keeps_the_request_pending(server):
    made = await make_request(server, [SIGNER, VIEWER], order="parallel")
    await sign_with(server, await made.token(0), SIGNER["name"])
    await server.run_jobs()
    got = await made.get()
    assert got["status"] == "pending" and got["signers"][1]["status"] == "sent"
    assert got["participants_progress"] == {"total": 2, "done": 1}
    assert_error(await spost(server, await made.token(0), "acknowledge"), 409, "invalid_state")  # a signer does not


async def test_sequential_approver_takes_its_turn(server):
    made = await make_request(server, [{**APPROVER_1, "order": 1}, {**SIGNER, "order": 2}], order="sequential")
    assert [s["status"] for s in (await made.get())["signers"]] == ["sent", "pending"]
    assert (await spost(server, await made.token(0), "approve")).status == 200
    assert [s["status"] for s in (await made.get())["signers"]] == ["approved", "sent"]


async def create(server, signers, **extra):
    doc = await upload(server)
    return await server.client.post("/v1/signing-requests", {"document_id": doc, "signers": signers, **extra})


def field(email, field_type="signature"):
    return {"signer_email": email, "field_type": field_type, "x_percent": 10, "y_percent": 10,
            **({"options": ["a"]} if field_type == "select" else {})}


async def test_roles_are_validated(server):
    async def problems(signers, **extra):
        err = assert_error(await create(server, signers, **extra), 422, "validation_error")
        return {d["field"]: d["message"] for d in err["details"]}

    got = await problems([SIGNER, VIEWER], fields=[field(VIEWER["email"], "text")])
    assert "a viewer has no fields" in got["fields.0.field_type"]
    got = await problems([SIGNER, COPY], fields=[field(COPY["email"], "checkbox")])
    assert "a cc has no fields" in got["fields.0.field_type"]
    for kind in ("signature", "initials", "attachment"):
        got = await problems([SIGNER, APPROVER_1], fields=[field(APPROVER_1["email"], kind)])
        assert f"an approver fills no {kind} field" in got["fields.0.field_type"]
    got = await problems([APPROVER_1, VIEWER])
    assert got["signers"] == "at least one participant of type signer"
    got = await problems([{**SIGNER, "order": 1}, {**APPROVER_1, "order": 2}], signing_order="sequential")
    assert "an approver acts before" in got["signers.1.order"]
    got = await problems([{**SIGNER, "type": "notary"}])
    assert "signers.0.type" in got
    # an approver's own text field, a select: allowed
    ok = await create(server, [SIGNER, APPROVER_1], fields=[field(APPROVER_1["email"], "text"),
                                                            field(APPROVER_1["email"], "select")])
    assert ok.status == 201, ok
    assert [s["type"] for s in ok.json["signers"]] == ["signer", "approver"]
    # the fields call checks the same
    viewer = await create(server, [SIGNER, VIEWER])
    viewer_id = viewer.json["signers"][1]["id"]
    err = assert_error(await server.client.post(f"/v1/signing-requests/{viewer.json['id']}/fields", {"fields": [
        {"signer_id": viewer_id, "x_percent": 5, "y_percent": 5}]}), 422, "validation_error")
    assert "a viewer has no fields" in err["details"][0]["message"]


async def test_a_template_role_carries_its_type(server):
    doc = await upload(server)
    template = await server.client.post("/v1/templates", {"name": "Approved contract", "document_id": doc,
                                                          "signing_order": "parallel", "roles": [
        {"name": "Legal", "type": "approver"}, {"name": "Client", "fields": [{"x_percent": 10, "y_percent": 10}]}]})
    assert template.status == 201, template
    assert [r["type"] for r in template.json["roles"]] == ["approver", "signer"]
    sent = await server.client.post(f"/v1/templates/{template.json['id']}/send", {"signers": [
        {"role": "Legal", **{k: APPROVER_1[k] for k in ("name", "email")}}, {"role": "Client", **SIGNER}]})
    assert sent.status == 201, sent
    assert [(s["type"], s["status"]) for s in sent.json["signers"]] == [("approver", "sent"), ("signer", "pending")]


async def test_a_draft_edit_changes_a_type_within_the_rules(server):
    made = await make_request(server, [SIGNER, {**VIEWER, "type": "signer"}], send=False,
                              fields={"sig": {"signer": 1}})
    ids = made.signer_ids
    body = {"signers": [{**SIGNER, "id": ids[0]}, {**VIEWER, "id": ids[1]}]}
    err = assert_error(await server.client.patch(f"/v1/signing-requests/{made.id}", body), 422, "validation_error")
    assert "a viewer has no fields" in err["details"][0]["message"]
    body["signers"][1]["type"] = "approver"
    body["signers"][1]["order"] = 1
    err = assert_error(await server.client.patch(f"/v1/signing-requests/{made.id}", body), 422, "validation_error")
    assert "an approver fills no signature field" in err["details"][0]["message"]
    assert_error(await server.client.patch(f"/v1/signing-requests/{made.id}", {"signers": [{**COPY, "id": ids[1]}]}),
                 422, "validation_error")  # no signer left
    made_viewer = await make_request(server, [SIGNER, {**VIEWER, "type": "signer"}], send=False)
    resp = await server.client.patch(f"/v1/signing-requests/{made_viewer.id}", {"signers": [
        {**SIGNER, "id": made_viewer.signer_ids[0]}, {**VIEWER, "id": made_viewer.signer_ids[1]}]})
    assert resp.status == 200, resp
    assert [s["type"] for s in resp.json["signers"]] == ["signer", "viewer"]


async def test_an_operator_sees_each_action_in_the_metrics_and_the_log(server, caplog):
    made = await make_request(server, [APPROVER_1, SIGNER, VIEWER], order="parallel")
    caplog.set_level("INFO", logger="esign.roles")
    caplog.handler.addFilter(ContextFilter())  # as the service's own log handler: the request's context on each line
    resp = await spost(server, await made.token(0), "approve", {})
    assert resp.status == 200, resp
    assert (await spost(server, await made.token(2), "acknowledge")).status == 200
    other = await make_request(server, [APPROVER_1, SIGNER], order="parallel")
    assert (await spost(server, await other.token(0), "reject", {"reason": "No"})).status == 200
    metrics = (await server.client.get("/metrics", key=None)).body.decode()
    for action in ("approved", "acknowledged", "rejected"):
        assert f'esign_participant_actions_total{{action="{action}"}} 1.0' in metrics
    lines = [r for r in caplog.records if r.name == "esign.roles"]
    assert [r.getMessage().rsplit(" ", 1)[1] for r in lines] == ["approved", "acknowledged", "rejected"]
    assert lines[0].getMessage() == f"signing request {made.id}: approver {made.signer_ids[0]} approved"
    assert lines[0].request_id == resp.headers["X-Request-ID"]  # the id of the HTTP request that approved

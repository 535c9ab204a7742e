"""An approver who also signs (`approver_signs`, docs/roles.md) over real HTTP: its signature fields
are allowed, it approves by signing (still before anyone else in a parallel request), it may still
reject, and it is not counted as a signer."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.envelopes import download, flat_text
from tests.support.routing import sign_with
from tests.support.signing import make_request, sget, spost, typed
from tests.support.webhooks import create_hook

from .test_roles import APPROVER_1, SIGNER, create, field, invited

SIGNING_APPROVER = {**APPROVER_1, "approver_signs": True}


async def test_an_approver_who_signs_approves_by_signing(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signer.approved", "signer.signed"])
    made = await make_request(server, [SIGNING_APPROVER, SIGNER], order="parallel",
                              fields={"approval": {"signer": 0}, "initials": {"signer": 0, "field_type": "initials"},
                                      "sig": {"signer": 1}}, separate_stamp_page=True)
    got = await made.get()
    assert [(s["type"], s["approver_signs"], s["status"]) for s in got["signers"]] == [
        ("approver", True, "sent"), ("signer", False, "pending")]
    await server.run_jobs()
    assert invited(server, SIGNING_APPROVER) and not invited(server, SIGNER)  # it still acts first

    token = await made.token(0)
    view = (await sget(server, token)).json
    assert view["signer"]["approver_signs"] is True and view["can_sign"] is True
    assert view["can_decline"] is False and view["can_delegate"] is False
    err = assert_error(await spost(server, token, "approve", {}), 409, "invalid_state")
    assert "you approve by signing" in err["message"]
    assert_error(await spost(server, token, "decline", {"reason": "no"}), 409, "invalid_state")  # it rejects instead
    resp = await spost(server, token, "sign", {"signature": typed("Lee Legal"), "initials": typed("LL"), "consent": True})
    assert resp.status == 200, resp
    got = await made.get()
    approver = got["signers"][0]
    assert approver["status"] == "signed" and approver["approved_at"] == approver["signed_at"] is not None
    assert got["participants_progress"] == {"total": 2, "done": 1}
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert (listed["total_signers"], listed["signed_count"]) == (1, 0)  # the approver is not a signer
    assert_error(await spost(server, token, "withdraw"), 409, "invalid_state")  # the approval stands
    await server.run_jobs()
    assert invited(server, SIGNER)

    await sign_with(server, await made.token(1), SIGNER["name"])
    got = await made.get()
    assert got["status"] == "completed" and got["participants_progress"] == {"total": 2, "done": 2}
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert (listed["total_signers"], listed["signed_count"]) == (1, 1)
    await server.run_jobs()
    hooks = [(r.json["event"], r.json["data"]["signer_email"], r.json["data"].get("type"), r.json["data"].get("signed"))
             for r in receiver.at()]
    assert hooks == [("signer.approved", APPROVER_1["email"], "approver", True),
                     ("signer.signed", SIGNER["email"], None, None)]
    _, certificate = await download(server, made.id, "?file=certificate")
    assert "Approver:Approved" in flat_text(certificate)


async def test_an_approver_who_signs_may_still_reject(server):
    made = await make_request(server, [SIGNING_APPROVER, SIGNER], order="parallel", fields={"approval": {"signer": 0}})
    resp = await spost(server, await made.token(0), "reject", {"reason": "Wrong amount"})
    assert resp.status == 200, resp
    got = await made.get()
    assert got["status"] == "cancelled" and got["signers"][0]["status"] == "rejected"


async def test_only_an_approver_signs_with_approver_signs(server):
    err = assert_error(await create(server, [{**SIGNER, "approver_signs": True}]), 422, "validation_error")
    assert err["details"] == [{"field": "signers.0.approver_signs", "message": "only an approver may have approver_signs"}]
    # a signature field: refused to a plain approver, allowed to one who signs
    err = assert_error(await create(server, [SIGNER, APPROVER_1], fields=[field(APPROVER_1["email"])]), 422)
    assert "unless it also signs" in err["details"][0]["message"]
    for kind in ("signature", "initials", "attachment"):
        ok = await create(server, [SIGNER, SIGNING_APPROVER], fields=[field(APPROVER_1["email"], kind)])
        assert ok.status == 201, ok
    # a draft's edit sets it and takes it back
    made = await make_request(server, [SIGNER, APPROVER_1], send=False)
    for signs in (True, False):
        resp = await server.client.patch(f"/v1/signing-requests/{made.id}", {"signers": [
            {**SIGNER, "id": made.signer_ids[0]}, {**APPROVER_1, "id": made.signer_ids[1], "approver_signs": signs}]})
        assert resp.status == 200, resp
        assert [s["approver_signs"] for s in resp.json["signers"]] == [False, signs]

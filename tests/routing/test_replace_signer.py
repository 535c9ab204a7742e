"""Correcting a signer after sending (issue 25 item 5): POST .../signers/{id}/replace keeps the
signer's id, order and fields, invites the new address, clears a bounce, and the old link answers
410 saying the invitation moved; the event and the certificate show the change."""
from __future__ import annotations

from esign.domain.requests import lifecycle
from tests.support import assert_error
from tests.support.mail import link_of
from tests.support.routing import sign_with, signed_pdf, text_of
from tests.support.signing import ANN, BOB, make_request, sget, spost

NEW = {"name": "Ann Newman", "email": "ann.newman@example.test", "phone": "+12025550199"}


def replace_path(made, i=0):
    return f"/v1/signing-requests/{made.id}/signers/{made.signer_ids[i]}/replace"


async def test_replacing_an_invited_signer_moves_the_invitation(smtp_server, tmp_path):
    srv = smtp_server
    made = await make_request(srv, [ANN, BOB], fields={"a_sig": {}, "b_sig": {"signer": 1}})
    await srv.run_jobs()
    old_token = await made.token(0)
    assert (await sget(srv, old_token)).status == 200
    await srv.services.store.signing_requests.email_bounced(made.id, made.signer_ids[0])
    assert (await made.get())["signers"][0]["email_bounced_at"] is not None

    resp = await srv.client.post(replace_path(made), NEW)
    assert resp.status == 200, resp
    signer = resp.json["signers"][0]
    assert signer["id"] == made.signer_ids[0] and signer["order"] == 1
    assert (signer["name"], signer["email"], signer["phone"]) == (NEW["name"], NEW["email"], NEW["phone"])
    assert signer["status"] == "sent" and signer["email_bounced_at"] is None and signer["viewed_at"] is None
    record = await made.record()
    assert [f["signer_id"] for f in record["fields"]] == made.signer_ids  # the fields stay with the place

    # the old link says the invitation moved, on the API and on the page
    for answer in (await sget(srv, old_token), await spost(srv, old_token, "sign", {"signature": None}),
                   await sget(srv, old_token, path="")):
        assert answer.status == 410, answer
        assert b"invitation has moved" in answer.body
    assert_error(await sget(srv, old_token), 410, "gone")

    # the new address is invited, and its link works
    await srv.run_jobs()
    invitations = [m for m in srv.inbox.to(NEW["email"]) if m["Subject"].startswith("Please sign")]
    assert len(invitations) == 1
    new_token = link_of(invitations[0]).rsplit("/", 1)[1]
    view = await sget(srv, new_token)
    assert view.status == 200 and view.json["signer"]["email"] == NEW["email"]
    found = await srv.client.get(f"/v1/signing-requests?signer_email={NEW['email']}")
    assert [r["id"] for r in found.json["items"]] == [made.id]

    event = [e for e in await made.events() if e["event_type"] == "signing_request.signer_replaced"][0]
    assert event["metadata"]["previous_email"] == ANN["email"] and event["metadata"]["email"] == NEW["email"]

    await sign_with(srv, new_token, NEW["name"])
    await sign_with(srv, await made.token(1), BOB["name"])
    path, _, _ = await signed_pdf(srv, made.id, tmp_path)
    text = text_of(path)
    assert f"Signer 1: {NEW['name']}" in text and "Signed by Ann Example" not in text
    assert f"Signer replaced: Ann Example <{ANN['email']}> replaced by {NEW['name']} <{NEW['email']}>" in text


async def test_a_signer_not_yet_invited_is_replaced_without_an_invitation(server):
    made = await make_request(server, [ANN, BOB], order="sequential", fields={"b": {"signer": 1}})
    resp = await server.client.post(replace_path(made, 1), {"name": "Bea", "email": "bea@example.test"})
    assert resp.status == 200, resp
    bea = resp.json["signers"][1]
    assert bea["status"] == "pending" and bea["email"] == "bea@example.test" and bea["order"] == 2
    record = await made.record()
    assert lifecycle.find_signer(record, bea["id"])["token_nonce"] is None
    # a draft too
    draft = await make_request(server, [ANN], send=False)
    resp = await server.client.post(replace_path(draft), NEW)
    assert resp.status == 200 and resp.json["signers"][0]["status"] == "pending", resp


async def test_replace_refusals(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    # an address another signer has, bad input: 422 in the Error shape
    assert_error(await server.client.post(replace_path(made), {"name": "X", "email": "BOB@example.test"}), 422,
                 "validation_error")
    assert_error(await server.client.post(replace_path(made), {"name": "X", "email": "not an address"}), 422)
    assert_error(await server.client.post(replace_path(made), {"email": "x@example.test"}), 422)
    assert_error(await server.client.post(f"/v1/signing-requests/{made.id}/signers/"
                                          "00000000-0000-4000-8000-000000000000/replace", NEW), 404)
    # a sandbox key cannot change a live request
    assert_error(await server.client.post(replace_path(made), NEW, key="a_sandbox"), 403)
    # signed: 409
    await sign_with(server, await made.token(0), ANN["name"])
    assert_error(await server.client.post(replace_path(made), NEW), 409, "invalid_state")
    # declined (the request is cancelled with it): 409
    await spost(server, await made.token(1), "decline", {"reason": "no"})
    assert_error(await server.client.post(replace_path(made, 1), NEW), 409, "invalid_state")


async def test_replace_is_idempotent_with_a_key(server):
    made = await make_request(server, [ANN])
    headers = {"Idempotency-Key": "replace-1"}
    first = await server.client.request("POST", replace_path(made), json_body=NEW, headers=headers)
    again = await server.client.request("POST", replace_path(made), json_body=NEW, headers=headers)
    assert first.status == again.status == 200 and first.json == again.json
    assert (await made.event_types()).count("signing_request.signer_replaced") == 1

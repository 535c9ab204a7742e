"""A cancelled request's `cancellation` `{kind, reason, by, at}` over real HTTP (issue 41, docs/roles.md):
the record (`GET /v1/signing-requests/{id}`) shows what the `signing_request.cancelled` webhook carries,
for each way a request is cancelled: the sender's cancel, an approver's rejection, a signer's decline."""
from __future__ import annotations

import datetime as dt

from tests.support.signing import make_request, spost
from tests.support.webhooks import create_hook

APPROVER = {"name": "Lee Legal", "email": "legal@example.test", "type": "approver"}
SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}
OTHER = {"name": "Ola Other", "email": "ola@example.test"}


async def cancelled_both_ways(server, receiver, made) -> dict:
    """The record's `cancellation`, checked equal to the webhook's and near the server's clock."""
    await server.run_jobs()
    got = await made.get()
    assert got["status"] == "cancelled"
    hooks = [r.json["data"] for r in receiver.at() if r.json["event"] == "signing_request.cancelled"
             and r.json["data"]["signing_request_id"] == made.id]
    assert len(hooks) == 1
    assert hooks[0]["cancellation"] == got["cancellation"]
    at = dt.datetime.fromisoformat(got["cancellation"]["at"].replace("Z", "+00:00"))
    assert abs(at - server.services.clock.now().replace(tzinfo=dt.timezone.utc)) < dt.timedelta(minutes=5)
    return got["cancellation"]


async def test_the_sender_s_cancel_shows_its_reason_and_no_participant(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signing_request.cancelled"])
    made = await make_request(server, [SIGNER])
    assert (await made.get())["cancellation"] is None  # pending: none
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/cancel", {"reason": "Sent to the wrong client"})
    assert resp.status == 200, resp
    got = await cancelled_both_ways(server, receiver, made)
    assert {k: got[k] for k in ("kind", "reason", "by")} == {"kind": "cancelled", "reason": "Sent to the wrong client",
                                                              "by": None}

    bare = await make_request(server, [SIGNER])
    assert (await server.client.post(f"/v1/signing-requests/{bare.id}/cancel")).status == 200
    assert (await cancelled_both_ways(server, receiver, bare))["reason"] is None


async def test_an_approver_s_rejection_names_the_approver_and_the_reason(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signing_request.cancelled"])
    made = await make_request(server, [APPROVER, SIGNER], order="parallel")
    resp = await spost(server, await made.token(0), "reject", {"reason": "The budget is not approved"})
    assert resp.status == 200, resp
    got = await cancelled_both_ways(server, receiver, made)
    assert {k: got[k] for k in ("kind", "reason", "by")} == {
        "kind": "rejected", "reason": "The budget is not approved",
        "by": {"id": made.signer_ids[0], "name": APPROVER["name"], "email": APPROVER["email"]}}


async def test_a_signer_s_decline_names_the_signer_and_the_reason(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signing_request.cancelled"])
    made = await make_request(server, [SIGNER, OTHER], order="parallel")
    resp = await spost(server, await made.token(1), "decline", {"reason": "Wrong amount on page 2"})
    assert resp.status == 200, resp
    got = await cancelled_both_ways(server, receiver, made)
    assert {k: got[k] for k in ("kind", "reason", "by")} == {
        "kind": "declined", "reason": "Wrong amount on page 2",
        "by": {"id": made.signer_ids[1], "name": OTHER["name"], "email": OTHER["email"]}}
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert "cancellation" not in listed  # the list's summary carries no cancel fields

"""A fresh signing link for a signer over real HTTP (issue 37): `POST /v1/signing-requests/{id}/signers/
{signer_id}/signing-url` for email and SMS signers; the earlier link keeps working unless
`revoke_previous`; at most 5 working links; audited; refused once the signer has signed or declined,
before their turn, outside pending, for another organisation and with a bad body."""
from esign.domain.requests import fresh_links
from tests.support import assert_error
from tests.support.signing import ANN, BOB, make_request, sget, spost, typed

UNKNOWN = "00000000-0000-4000-8000-000000000000"


def url_of(made, i=0):
    return f"/v1/signing-requests/{made.id}/signers/{made.signer_ids[i]}/signing-url"


async def fresh(server, made, i=0, **body):
    resp = await server.client.post(url_of(made, i), body or None)
    assert resp.status == 201, resp
    assert resp.json["signer_id"] == made.signer_ids[i]
    assert resp.json["expires_at"] == (await made.get())["expires_at"]
    prefix = f"{server.services.config.server.public_url}/sign/"
    assert resp.json["signing_url"].startswith(prefix)
    return resp.json["signing_url"][len(prefix):]


async def opens(server, token) -> int:
    return (await sget(server, token)).status


async def test_fresh_link_beside_the_old_one(server):
    made = await make_request(server, signers=(ANN, BOB))
    old = await made.token(0)
    new = await fresh(server, made)
    assert new != old
    assert await opens(server, old) == 200 and await opens(server, new) == 200
    assert (await sget(server, new)).json["signer"]["email"] == ANN["email"]
    assert new == await made.token(0)  # the current link now: reminders carry it
    events = [e for e in await made.events() if e["event_type"] == "signing_event.link_issued"]
    assert len(events) == 1 and events[0]["signer_email"] == ANN["email"]
    assert events[0]["metadata"]["revoke_previous"] is False and events[0]["metadata"]["by"]["name"]
    # the signer record still carries no token
    assert "token" not in str((await made.get())["signers"])
    # either link signs
    assert (await spost(server, old, "sign", {"signature": typed(), "consent": True})).status == 200
    assert (await made.get())["signers"][0]["status"] == "signed"


async def test_revoke_previous(server):
    made = await make_request(server, signers=(ANN,))
    first = await made.token(0)
    second = await fresh(server, made)
    third = await fresh(server, made, revoke_previous=True)
    assert_error(await sget(server, first), 404, "not_found")
    assert_error(await sget(server, second), 404, "not_found")
    assert await opens(server, third) == 200
    events = [e for e in await made.events() if e["event_type"] == "signing_event.link_issued"]
    assert sorted(e["metadata"]["revoke_previous"] for e in events) == [False, True]


async def test_sms_and_link_signers(server):
    sms = dict(BOB, phone="+12025550199", delivery="sms")
    made = await make_request(server, signers=(sms, dict(ANN, delivery="link")))
    for i in (0, 1):
        old = await made.token(i)
        new = await fresh(server, made, i)
        assert await opens(server, old) == 200 and await opens(server, new) == 200


async def test_at_most_five_working_links(server):
    made = await make_request(server, signers=(ANN,))
    tokens = [await made.token(0)]
    for _ in range(fresh_links.MAX_LINKS - 1):
        tokens.append(await fresh(server, made))
    err = assert_error(await server.client.post(url_of(made), {}), 409, "invalid_state")
    assert "revoke_previous" in err["message"]
    assert [await opens(server, t) for t in tokens] == [200] * fresh_links.MAX_LINKS
    last = await fresh(server, made, revoke_previous=True)
    assert [await opens(server, t) for t in tokens] == [404] * fresh_links.MAX_LINKS
    assert await opens(server, last) == 200
    signer = (await made.record())["signers"][0]
    assert signer["earlier_token_hashes"] == []


async def test_replacing_or_delegating_the_signer_ends_every_link(server):
    made = await make_request(server, signers=(ANN,))
    old, new = await made.token(0), await fresh(server, made)
    replaced = await server.client.post(f"/v1/signing-requests/{made.id}/signers/{made.signer_ids[0]}/replace",
                                        {"name": "Dee", "email": "dee@example.test"})
    assert replaced.status == 200, replaced
    assert_error(await sget(server, old), 410, "gone")
    assert_error(await sget(server, new), 410, "gone")
    assert await opens(server, await made.token(0)) == 200
    # a signer who hands their place on keeps no working link either
    made = await make_request(server, signers=(ANN,), allow_delegation=True)
    old, new = await made.token(0), await fresh(server, made)
    handed = await spost(server, new, "delegate", {"name": "Dee", "email": "dee@example.test", "reason": "away"})
    assert handed.status == 200, handed
    assert_error(await sget(server, old), 410, "gone")
    assert_error(await sget(server, new), 410, "gone")


async def test_refusals(server):
    made = await make_request(server, signers=(ANN, BOB), order="sequential")
    # Bob's turn has not come: no link yet
    assert "not been invited" in assert_error(await server.client.post(url_of(made, 1)), 409, "invalid_state")["message"]
    assert_error(await server.client.post(url_of(made), {"revoke_previous": "yes"}), 422, "validation_error")
    assert_error(await server.client.post(url_of(made), {"surprise": True}), 422, "validation_error")
    assert_error(await server.client.post(url_of(made), key="b"), 404, "not_found")
    assert_error(await server.client.post(url_of(made), key="a_read"), 403, "insufficient_scope")
    assert_error(await server.client.post(f"/v1/signing-requests/{made.id}/signers/{UNKNOWN}/signing-url"), 404)
    err = assert_error(await server.client.post(url_of(made), headers={"Idempotency-Key": "k1"}), 400, "bad_request")
    assert "Idempotency-Key" in err["message"]
    assert [e for e in await made.events() if e["event_type"] == "signing_event.link_issued"] == []
    # once signed: refused
    assert (await spost(server, await made.token(0), "sign", {"signature": typed(), "consent": True})).status == 200
    assert "signed" in assert_error(await server.client.post(url_of(made)), 409, "invalid_state")["message"]
    # a draft, and a request declined (cancelled): refused
    drafted = await make_request(server, signers=(ANN,), send=False)
    assert_error(await server.client.post(url_of(drafted)), 409, "invalid_state")
    declined = await make_request(server, signers=(ANN,))
    assert (await spost(server, await declined.token(0), "decline", {"reason": "no"})).status == 200
    assert_error(await server.client.post(url_of(declined)), 409, "invalid_state")

"""Delegation by the signer (issue 25 item 6): with `allow_delegation`, POST /sign/{token}/api/delegate
hands the signer's place to another person, who takes the same order and fields and is invited when
it is their turn; the old link answers 410; the sender is emailed; `signer.delegated` reaches webhooks
with the delegate and the reason; the certificate shows the chain. An address already in the request
or a chain past `[signing] max_delegations` is 422."""
from __future__ import annotations

import re
import subprocess

from esign.domain.requests import lifecycle, links
from tests.support import assert_error
from tests.support.mail import link_of
from tests.support.routing import sign_with, signed_pdf, text_of
from tests.support.signing import ANN, BOB, make_request, sget, spost
from tests.support.webhooks import create_hook

DAN = {"name": "Dan Deputy", "email": "dan@example.test", "reason": "Dan signs contracts for our team"}


async def delegate(srv, token, person=DAN):
    return await spost(srv, token, "delegate", person)


async def test_delegation_hands_the_place_on(smtp_server, receiver, tmp_path):
    srv = smtp_server
    await create_hook(srv.client, receiver.url(), events=["signer.delegated"])
    made = await make_request(srv, [ANN, BOB], order="sequential", allow_delegation=True,
                              fields={"a_sig": {}, "a_text": {"field_type": "text"}, "b_sig": {"signer": 1}})
    assert (await made.get())["allow_delegation"] is True
    await srv.run_jobs()
    ann_token = await made.token(0)
    assert (await sget(srv, ann_token)).json["can_delegate"] is True

    resp = await delegate(srv, ann_token)
    assert resp.status == 200, resp
    dan_id = resp.json["delegate"]["id"]
    assert resp.json["status"] == "delegated" and resp.json["signer_id"] == made.signer_ids[0]
    assert resp.json["delegate"] == {"id": dan_id, "name": DAN["name"], "email": DAN["email"]}
    got = await made.get()
    ann, dan, bob = got["signers"]
    assert ann["status"] == "delegated" and ann["delegated_to"] == dan_id and ann["delegation_reason"] == DAN["reason"]
    assert dan["id"] == dan_id and dan["order"] == 1 and dan["delegated_from"] == ann["id"] and dan["status"] == "sent"
    assert bob["status"] == "pending"  # sequential: still waiting for the first place
    record = await made.record()
    assert {f["signer_id"] for f in record["fields"] if f["id"] in (made.fields["a_sig"], made.fields["a_text"])} \
        == {dan_id}

    # the old link moved
    answer = await sget(srv, ann_token)
    assert_error(answer, 410, "gone")
    assert b"passed on to someone else" in answer.body
    assert (await delegate(srv, ann_token)).status == 410

    await srv.run_jobs()
    invitation = [m for m in srv.inbox.to(DAN["email"]) if m["Subject"].startswith("Please sign")]
    assert len(invitation) == 1
    owner = [m for m in srv.inbox.to("ada@a.example.test") if m["Subject"].startswith("Delegated:")]
    assert len(owner) == 1
    text = owner[0].get_body(("plain",)).get_content()
    assert "dan@example.test" in text and DAN["reason"] in text and "ann@example.test" in text

    hooks = [r.json for r in receiver.at() if r.json["event"] == "signer.delegated"]
    assert len(hooks) == 1
    data = hooks[0]["data"]
    assert data["signer_id"] == ann["id"] and data["signer_email"] == ANN["email"]
    assert data["delegate"] == {"id": dan_id, "name": DAN["name"], "email": DAN["email"]}
    assert data["reason"] == DAN["reason"]

    dan_token = link_of(invitation[0]).rsplit("/", 1)[1]
    view = (await sget(srv, dan_token)).json
    assert sorted(f["id"] for f in view["fields"]) == sorted([made.fields["a_sig"], made.fields["a_text"]])
    await sign_with(srv, dan_token, DAN["name"], {made.fields["a_text"]: "ACME"})
    assert (await made.get())["signers"][2]["status"] == "sent"  # Bob's turn now
    await sign_with(srv, await made.token(1), BOB["name"])
    assert (await made.get())["status"] == "completed"
    path, _, _ = await signed_pdf(srv, made.id, tmp_path)
    text = text_of(path)
    assert f"Delegated to {DAN['name']} <{DAN['email']}>" in text and DAN["reason"] in text
    assert f"Delegated by {ANN['name']} <{ANN['email']}>" in text
    assert f"Signing delegated to {DAN['name']} <{DAN['email']}>" in text


async def test_aes_signs_for_those_who_signed_not_for_who_delegated(server, tmp_path):
    made = await make_request(server, [ANN], allow_delegation=True, signing_level="aes", fields={"sig": {}})
    resp = await delegate(server, await made.token(0))
    assert resp.status == 200, resp
    dan = lifecycle.find_signer(await made.record(), resp.json["delegate"]["id"])
    token = links.signing_url(server.services, await made.record(), dan).rsplit("/", 1)[1]
    await sign_with(server, token, DAN["name"])
    path, _, out = await signed_pdf(server, made.id, tmp_path)
    assert out.count("Signature is Valid") == 2, out  # Dan's and the seal
    assert "Dan Deputy" in subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout


async def test_delegation_refusals(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    assert_error(await delegate(server, await made.token(0)), 403, "forbidden")  # not allowed by the sender
    assert (await sget(server, await made.token(0))).json["can_delegate"] is False

    made = await make_request(server, [ANN, BOB], allow_delegation=True, fields={"a": {}, "b": {"signer": 1}})
    token = await made.token(0)
    for person, field in [({**DAN, "email": "BOB@example.test"}, "email"),  # already a signer
                          ({**DAN, "email": ANN["email"]}, "email"),  # oneself
                          ({**DAN, "email": "nope"}, "email"),
                          ({**DAN, "reason": ""}, "reason"),
                          ({"name": "Dan", "email": "dan@example.test"}, "reason")]:
        error = assert_error(await delegate(server, token, person), 422, "validation_error")
        assert error["details"][0]["field"] == field, error
    assert (await made.get())["signers"][0]["status"] == "sent"
    # after signing there is nothing to hand on
    await sign_with(server, token, ANN["name"])
    assert_error(await delegate(server, token), 409, "invalid_state")


async def test_at_most_max_delegations_in_a_row(server):
    made = await make_request(server, [ANN], allow_delegation=True, fields={"a": {}})
    token = await made.token(0)
    for i in range(1, 4):  # [signing] max_delegations = 3 by default
        resp = await delegate(server, token, {"name": f"D{i}", "email": f"d{i}@example.test", "reason": "away"})
        assert resp.status == 200, resp
        record = await made.record()
        token = links.signing_url(server.services, record, lifecycle.find_signer(
            record, resp.json["delegate"]["id"])).rsplit("/", 1)[1]
    error = assert_error(await delegate(server, token, {"name": "D4", "email": "d4@example.test", "reason": "away"}),
                         422, "validation_error")
    assert "at most 3 times" in error["message"]
    # a delegate earlier in the chain is part of the request: not again
    assert_error(await delegate(server, token, {"name": "D1", "email": "d1@example.test", "reason": "x"}), 422)
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["delegated", "delegated", "delegated", "sent"]
    summary = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert summary["total_signers"] == 1


async def test_delegation_people_understand(smtp_server):
    """Issue 39 item 5: the delegate's invitation names who passed it on and why; the delegating signer
    is told by email and, reached by text, by text; the sender's notice says the delegate was invited
    (they were: it was the delegating signer's turn); after completion the delegating signer's notice
    says they passed their place on and its link gives the signed copy (their own link moved)."""
    srv = smtp_server
    ann = {**ANN, "delivery": "both"}
    made = await make_request(srv, [ann, BOB], order="sequential", allow_delegation=True,
                              fields={"a_sig": {}, "b_sig": {"signer": 1}})
    await srv.run_jobs()
    assert (await delegate(srv, await made.token(0))).status == 200
    await srv.run_jobs()

    [invitation] = [m for m in srv.inbox.to(DAN["email"]) if m["Subject"].startswith("Please sign")]
    text = mail_text(invitation)
    assert f"{ANN['name']} passed this request on to you. Their reason:\n{DAN['reason']}\n" in text, text
    assert ANN["email"] not in text
    assert f"{ANN['name']} passed this request on to you." in invitation.get_body(("html",)).get_content()

    [confirmation] = [m for m in srv.inbox.to(ANN["email"]) if m["Subject"].startswith("Delegated:")]
    text = mail_text(confirmation)
    assert f"You handed your place as a signer of \"contract.pdf\" to {DAN['name']} on " in text, text
    assert f"Your reason:\n{DAN['reason']}\n" in text
    assert f"{DAN['name']} signs in your place and has been invited to sign." in text
    texted = [t for phone, t in srv.services.sms.sent if phone == ANN["phone"]]
    assert texted[-1] == (f"Org A: you handed your place as a signer of \"contract.pdf\" to {DAN['name']}. "
                          "Your link no longer works."), texted

    [owner] = [m for m in srv.inbox.to("ada@a.example.test") if m["Subject"].startswith("Delegated:")]
    text = mail_text(owner)
    assert f"{DAN['name']} signs in their place and has been invited to sign." in text, text
    assert "when it is their turn" not in text

    dan_token = link_of(invitation).rsplit("/", 1)[1]
    await sign_with(srv, dan_token, DAN["name"])
    await sign_with(srv, await made.token(1), BOB["name"])
    await srv.run_jobs()
    assert (await made.get())["signed_pdf_status"] == "ready"
    [completed] = [m for m in srv.inbox.to(ANN["email"]) if m["Subject"].startswith("Completed:")]
    text = mail_text(completed)
    assert f"You handed your place as a signer to {DAN['name']}." in text, text
    copy_link = re.search(r"http://\S+/copies/\S+", text)[0]  # not their own signing link, which moved
    assert "/sign/" not in text
    got = await srv.client.get(copy_link[len(srv.url):], key=None)
    assert got.status == 200 and got.headers["Content-Type"] == "application/pdf", got
    copy_text = [t for phone, t in srv.services.sms.sent if phone == ANN["phone"]][-1]
    assert "/copies/" in copy_text and "/sign/" not in copy_text, copy_text
    got = await srv.client.get(re.search(r"http://\S+", copy_text)[0][len(srv.url):], key=None)
    assert got.status == 200 and got.headers["Content-Type"] == "application/pdf", got


def mail_text(msg) -> str:
    return msg.get_body(("plain",)).get_content().replace("\r\n", "\n")

"""Invitations by text message (`delivery` per signer) through the builtin `log` SMS provider, on a real
server: the invitation, reminders and the completion notice are texted with the signing link on the `sms`
lane; `both` also emails; `link` sends nothing and shows the link to the sender only in the answer of the
call that sent the request; sandbox requests text nobody; a number the provider refuses for good is
`sms_failed_at` and `signing_event.sms_failed`; bad input is a 422. (The fake Twilio's outages and
refusals: plugins/esign-twilio/tests/test_twilio_delivery.py.)"""
from __future__ import annotations

import re

import pytest

from esign.domain.requests import links
from esign.job_registry import job_kinds
from esign.providers.base import ProviderRejected
from tests.support import assert_error, raw_db
from tests.support.signing import new_request, spost, typed

PHONE = "+442079460123"
ANN = {"name": "Ann", "email": "ann@example.test", "phone": PHONE}
BOB = {"name": "Bob", "email": "bob@example.test"}


def texts(server) -> list[tuple[str, str]]:
    return list(server.services.sms.sent)


async def events_of(server, request: dict) -> list[dict]:
    return await server.services.store.events.for_request(request["org_id"], request["id"])


async def emailed(server, request: dict) -> list[tuple[str, str]]:
    """(signer email, template) of every email the signers were sent."""
    return sorted((e["signer_email"], e["metadata"]["template"]) for e in await events_of(server, request)
                  if e["event_type"] == "signing_event.email_sent" and e.get("signer_email"))


def link_in(text: str) -> str:
    return re.search(r"http://\S+/sign/\S+", text).group(0)


async def test_sms_invitation_reminder_and_completion_are_texted_with_the_link(server):
    request = await new_request(server, signers=[{**ANN, "delivery": "sms"}], order="parallel")
    await server.run_jobs()
    [(phone, text)] = texts(server)
    assert phone == PHONE and text.startswith("Org A: Ada Admin asks you to sign")
    assert link_in(text) == links.signing_url(server.services, request, request["signers"][0])
    assert len(text) < 300
    assert await emailed(server, request) == []  # sms only: no invitation email
    job = await raw_db(server.services)["jobs"].find_one({"kind": "sms"})
    assert job["lane"] == "sms" and job["status"] == "done"
    assert "signing_event.sms_sent" in [e["event_type"] for e in await events_of(server, request)]

    resp = await server.client.post(f"/v1/signing-requests/{request['id']}/remind")
    assert resp.status == 200, resp
    await server.run_jobs()
    assert len(texts(server)) == 2 and "reminder" in texts(server)[1][1]

    token = link_in(texts(server)[1][1]).rsplit("/", 1)[1]
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).status == 200
    await server.run_jobs()
    assert len(texts(server)) == 3 and "signed by everyone" in texts(server)[2][1]
    assert await emailed(server, request) == []


async def test_both_emails_and_texts_and_email_default_texts_nobody(server):
    request = await new_request(server, signers=[{**ANN, "delivery": "both"}, {**BOB, "phone": "+12025550199"}],
                                order="parallel")
    await server.run_jobs()
    assert [p for p, _ in texts(server)] == [PHONE]  # Bob has a phone but the default delivery, email
    assert await emailed(server, request) == [("ann@example.test", "invitation"),
                                                     ("bob@example.test", "invitation")]
    got = (await server.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert [s["delivery"] for s in got["signers"]] == ["both", "email"]


async def test_link_delivery_sends_nothing_and_shows_the_link_to_the_sender_only_when_sent(server, document_id):
    body = {"document_id": document_id, "signing_order": "parallel", "auto_send": True,
            "signers": [{**BOB, "delivery": "link"}, {**ANN, "delivery": "sms"}]}
    resp = await server.client.post("/v1/signing-requests", body)
    assert resp.status == 201, resp
    bob, ann = resp.json["signers"]
    request = await server.services.store.signing_requests.by_id(resp.json["id"])
    assert bob["signing_url"] == links.signing_url(server.services, request, request["signers"][0])
    assert ann["signing_url"] is None  # only for the signer the sender hands the link to
    await server.run_jobs()
    assert [p for p, _ in texts(server)] == [PHONE]
    assert await emailed(server, request) == []
    again = (await server.client.get(f"/v1/signing-requests/{request['id']}")).json
    assert [s["signing_url"] for s in again["signers"]] == [None, None]  # the create answer only
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert "signing_url" not in str(listed)

    # a draft: the link comes with the answer of `send`
    draft = (await server.client.post("/v1/signing-requests", {**body, "auto_send": False,
                                                               "signers": [{**BOB, "delivery": "link"}]})).json
    assert draft["signers"][0]["signing_url"] is None
    sent = await server.client.post(f"/v1/signing-requests/{draft['id']}/send")
    assert sent.status == 200 and "/sign/" in sent.json["signers"][0]["signing_url"], sent


async def test_sandbox_requests_text_nobody(server, sample_pdf):
    doc = (await server.client.upload(sample_pdf, key="a_sandbox")).json["id"]
    resp = await server.client.post("/v1/signing-requests", {
        "document_id": doc, "auto_send": True, "signers": [{**ANN, "delivery": "both"}]}, key="a_sandbox")
    assert resp.status == 201, resp
    await server.run_jobs()
    assert texts(server) == []
    assert await raw_db(server.services)["jobs"].count_documents({"kind": "sms"}) == 0


async def test_a_number_refused_for_good_is_sms_failed_at_and_an_event(server, monkeypatch):
    sent = []

    async def refuse(phone, text):
        sent.append(phone)
        raise ProviderRejected("number blocked")

    monkeypatch.setattr(server.services.sms, "send", refuse)
    request = await new_request(server, signers=[{**ANN, "delivery": "sms"}], order="parallel")
    await server.run_jobs()
    await server.run_jobs()
    assert sent == [PHONE]  # not retried
    signer = (await server.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]
    assert signer["sms_failed_at"] is not None and signer["email_failed_at"] is None
    failed = [e for e in await events_of(server, request) if e["event_type"] == "signing_event.sms_failed"]
    assert len(failed) == 1 and "number blocked" in failed[0]["metadata"]["error"]
    assert failed[0]["metadata"]["template"] == "invitation"


@pytest.mark.parametrize("signer,field,says", [
    ({**BOB, "delivery": "sms"}, "signers.0.phone", "required when delivery is sms"),
    ({**BOB, "delivery": "both", "phone": None}, "signers.0.phone", "required when delivery is both"),
    ({**ANN, "delivery": "pigeon"}, "signers.0.delivery", "email, sms, both, link"),
    ({**ANN, "delivery": None}, "signers.0.delivery", "may not be null"),
    ({**ANN, "delivery": 3}, "signers.0.delivery", "Not a valid string"),
    ({**BOB, "delivery": "sms", "phone": "call me"}, "signers.0.phone", "must be a phone number"),
])
async def test_bad_delivery_is_a_422(server, document_id, signer, field, says):
    resp = await server.client.post("/v1/signing-requests", {"document_id": document_id, "signers": [signer]})
    error = assert_error(resp, 422, "validation_error")
    assert any(d["field"] == field and says in d["message"] for d in error["details"]), error
    assert not any("nknown field" in d["message"] for d in error["details"]), error


async def test_templates_and_bulk_rows_take_delivery(server, document_id):
    resp = await server.client.post("/v1/templates", {
        "name": "Offer", "document_id": document_id, "signing_order": "parallel",
        "roles": [{"name": "Candidate", "delivery": "sms"}, {"name": "Manager"}]})
    assert resp.status == 201, resp
    assert resp.json["roles"][0]["delivery"] == "sms"
    template_id = resp.json["id"]
    sent = await server.client.post(f"/v1/templates/{template_id}/send", {"signers": [
        {"role": "Candidate", **ANN}, {"role": "Manager", **BOB, "delivery": "link"}]})
    assert sent.status == 201, sent
    assert [(s["delivery"], s["signing_url"] is not None) for s in sent.json["signers"]] == [("sms", False), ("link", True)]
    missing = await server.client.post(f"/v1/templates/{template_id}/send", {"signers": [
        {"role": "Candidate", **BOB, "email": "cy@example.test"}, {"role": "Manager", **BOB}]})
    assert "signers.0.phone" in [d["field"] for d in assert_error(missing, 422)["details"]]
    bad_role = await server.client.post("/v1/templates", {"name": "X", "roles": [{"name": "A", "delivery": "fax"}]})
    assert [d["field"] for d in assert_error(bad_role, 422)["details"]] == ["roles.0.delivery"]
    assert "email, sms, both, link" in bad_role.json["error"]["details"][0]["message"]

    bulk = await server.client.post("/v1/bulk-send", {"template_id": template_id, "recipients": [
        {"signers": [{"role": "Candidate", **ANN, "email": "c1@example.test"},
                     {"role": "Manager", **BOB, "delivery": "both", "phone": "+12025550177"}]}]})
    assert bulk.status == 202, bulk
    await server.run_jobs()
    await server.run_jobs()
    assert sorted(p for p, _ in texts(server)) == sorted([PHONE, PHONE, "+12025550177"])
    bad_row = await server.client.post("/v1/bulk-send", {"template_id": template_id, "recipients": [
        {"signers": [{"role": "Candidate", **ANN, "delivery": "telex"}, {"role": "Manager", **BOB}]}]})
    [detail] = assert_error(bad_row, 422)["details"]
    assert detail["field"] == "recipients.0.signers.0.delivery" and "email, sms, both, link" in detail["message"]


def test_sms_jobs_run_on_their_own_lane(server):
    kind = job_kinds()["sms"]
    assert kind.lane == "sms" and kind.on_give_up is not None
    assert server.services.config.jobs.lane_sms == 4


@pytest.mark.parametrize("locale,starts", [("de", "Org A: Ada Admin bittet Sie, „"), ("ja", "Org A：Ada Admin から「"),
                                           ("ar", "\u2068Org A\u2069: يطلب منك \u2068Ada Admin\u2069 توقيع")])  # names isolated
async def test_texts_are_in_the_signers_language(server, locale, starts):
    request = await new_request(server, signers=[{**ANN, "delivery": "sms", "locale": locale}], order="parallel")
    await server.run_jobs()
    [(_, text)] = texts(server)
    assert text.startswith(starts), text
    assert link_in(text + " ") == links.signing_url(server.services, request, request["signers"][0])

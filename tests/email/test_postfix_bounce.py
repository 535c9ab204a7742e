"""Bounces with a real MTA (issue 27, item 1): the service sends through a private Postfix (Debian's
package, tests/support/postfix.py) on 127.0.0.1 that relays the signers' domain to an aiosmtpd
"remote" server. A mailbox the remote server does not have is refused there with 550 5.1.1 after
Postfix accepted the message; Postfix's bounce daemon writes the RFC 3464 notice to the VERP return
path, its virtual(8) agent delivers it into the Maildir the service polls (`[email] bounce_mailbox`),
and the signer is marked bounced with the reason. A refusal by Postfix's own policy (an unauthenticated
relay, a HELO name that is not fully qualified) is the sending side's problem: retried, never a
bounce, `/readyz` degraded, and delivered once the operator fixes the relay.

Skipped, with the reason, where Postfix is not installed or the tests do not run as root."""
from __future__ import annotations

import logging

import pytest

from tests.support import SAMPLE_PDF, raw_db, start_server, stop_server
from tests.support.postfix import BOUNCE_ADDRESS, SIGNERS, private_postfix, skip_reason

pytestmark = [pytest.mark.slow, pytest.mark.skipif(skip_reason() is not None, reason=skip_reason() or "")]

ANN = f"ann@{SIGNERS}"
BOB = f"bob@{SIGNERS}"


@pytest.fixture
def postfix():
    with private_postfix([BOB]) as relay:
        yield relay


async def serve(tmp_path, postfix, **email_settings):
    return await start_server(tmp_path, overrides={"email": {
        "provider": "smtp", "host": "127.0.0.1", "port": postfix.port, "helo_hostname": "esign.example.org",
        "bounce_address": BOUNCE_ADDRESS, "bounce_mailbox": postfix.maildir, **email_settings}})


async def invite(srv) -> str:
    doc = (await srv.client.upload(open(SAMPLE_PDF, "rb").read())).json["id"]
    resp = await srv.client.post("/v1/signing-requests", {"document_id": doc, "auto_send": True, "signers": [
        {"name": "Ann", "email": ANN, "order": 1}, {"name": "Bob", "email": BOB, "order": 1}]})
    assert resp.status == 201, resp
    return resp.json["id"]


async def signers(srv, request_id) -> dict[str, dict]:
    resp = await srv.client.get(f"/v1/signing-requests/{request_id}")
    assert resp.status == 200, resp
    return {s["email"]: s for s in resp.json["signers"]}


async def readyz(srv) -> dict:
    return (await srv.client.get("/readyz", key=None)).json


async def test_a_mailbox_the_remote_server_does_not_have_bounces_through_postfix_to_its_signer(tmp_path, postfix):
    postfix.start()
    srv = await serve(tmp_path, postfix)
    try:
        request_id = await invite(srv)
        await srv.run_jobs()  # both invitations handed to Postfix, which accepts them
        invitations = await raw_db(srv.services)["jobs"].find({"kind": "email"}).to_list(None)
        assert {j["status"] for j in invitations} == {"done"}, invitations

        async def notice_arrived():  # the run's later rounds sweep too, and may have read it already
            return postfix.remote.delivered_to(BOB) and (
                postfix.notices() or (await signers(srv, request_id))[ANN]["email_bounced_at"])

        await postfix.until(notice_arrived)
        assert postfix.remote.refused == [ANN]
        [received] = postfix.remote.delivered_to(BOB)
        assert "(Postfix)" in received["Received"]  # it went through Postfix, not straight to the remote
        if postfix.notices():
            assert (await signers(srv, request_id))[ANN]["email_bounced_at"] is None  # not before the sweep reads it

        await srv.run_jobs()  # the sweep reads the bounce mailbox
        ann, bob = (await signers(srv, request_id))[ANN], (await signers(srv, request_id))[BOB]
        assert ann["email_bounced_at"] is not None and ann["email_failed_at"] is None
        assert bob["status"] == "sent" and bob["email_bounced_at"] is None and bob["email_failed_at"] is None
        events = (await srv.client.get(f"/v1/signing-requests/{request_id}/events")).json
        [bounced] = [e for e in events if e["event_type"] == "signing_event.email_bounced"]
        assert "5.1.1" in bounced["metadata"]["error"] and "User unknown" in bounced["metadata"]["error"], bounced
        assert ANN in str(bounced), bounced
        assert postfix.notices() == []  # read once, removed
        assert await readyz(srv) == {"status": "ready"}  # a signer's bounce says nothing about the relay
    finally:
        await stop_server(srv)


POLICIES = {
    # a relay that relays only for clients that log in: the service has no SMTP login configured
    "relay access denied": (
        {"relay_domains": "", "smtpd_relay_restrictions": "permit_sasl_authenticated, reject_unauth_destination"},
        {}, "554 5.7.1", "Relay access denied",
        {"smtpd_relay_restrictions": "permit_mynetworks, permit_sasl_authenticated, reject_unauth_destination"}),
    # reject_non_fqdn_helo_hostname, and the service introduces itself as `localhost`
    "helo policy": (
        {}, {"helo_hostname": "localhost"}, "504 5.5.2", "Helo command rejected",
        {"smtpd_helo_restrictions": ""}),
}


@pytest.mark.parametrize("policy", POLICIES)
async def test_a_refusal_by_postfix_policy_is_retried_loudly_never_a_bounce(tmp_path, postfix, policy, caplog):
    postfix_settings, email_settings, code, text, fix = POLICIES[policy]
    postfix.remote.mailboxes.add(ANN)
    postfix.start(**postfix_settings)
    srv = await serve(tmp_path, postfix, **email_settings)
    try:
        request_id = await invite(srv)
        await srv.run_jobs()
        for signer in (await signers(srv, request_id)).values():
            assert signer["email_bounced_at"] is None and signer["email_failed_at"] is None, signer
        jobs = await raw_db(srv.services)["jobs"].find({"kind": "email"}).to_list(None)
        assert len(jobs) == 2 and all(j["status"] == "queued" and code in j["last_error"] for j in jobs), jobs
        assert any(code[4:] in r.getMessage() and r.levelno >= logging.ERROR for r in caplog.records)
        health = await readyz(srv)
        assert health["status"] == "degraded" and text in health["degraded"][0]["message"], health
        assert postfix.remote.messages == [] and postfix.notices() == []

        postfix.reconfigure(**fix)  # the operator fixes the relay: the retries get through
        for _ in range(12):
            srv.clock.advance(hours=1)
            await srv.run_jobs()
            if len(postfix.remote.messages) == 2 or not await raw_db(srv.services)["jobs"].count_documents(
                    {"kind": "email", "status": "queued"}):
                break
        await postfix.until(lambda: postfix.remote.delivered_to(ANN) and postfix.remote.delivered_to(BOB))
        assert await readyz(srv) == {"status": "ready"}
        await srv.run_jobs()  # the bounce mailbox is empty: nothing bounced
        for signer in (await signers(srv, request_id)).values():
            assert signer["email_bounced_at"] is None and signer["email_failed_at"] is None, signer
        assert postfix.notices() == []
    finally:
        await stop_server(srv)

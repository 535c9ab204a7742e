"""Signing links by text message through the fake Twilio, on a real esign server with `[sms] provider =
"twilio"`: a signer with `delivery` `sms` gets the invitation texted by Twilio's Messaging API; Twilio
down (503, a dropped connection) is retried on the `sms` lane until it takes the text; Twilio refusing
the number for good (21211) is `sms_failed_at` on the signer and `signing_event.sms_failed`, not retried;
an outage that outlasts `[jobs] message_retry_hours` ends the same way; `twilio-verify` (codes only)
cannot carry signing links: a 422."""
from __future__ import annotations

from twilio_support import sms_settings

from esign.domain.requests import links
from tests.support import SAMPLE_PDF, assert_error, raw_db, start_server, stop_server
from tests.support.signing import new_request

ANN = {"name": "Ann", "email": "ann@example.test", "phone": "+1 202 555-0123", "delivery": "sms"}


async def sms_job(srv) -> dict:
    return await raw_db(srv.services)["jobs"].find_one({"kind": "sms"})


async def signer_of(srv, request) -> dict:
    return (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json["signers"][0]


async def failed_events(srv, request) -> list[dict]:
    return [e for e in await srv.services.store.events.for_request(request["org_id"], request["id"])
            if e["event_type"] == "signing_event.sms_failed"]


async def test_twilio_down_is_retried_then_the_text_is_delivered(twilio, tmp_path):
    srv = await start_server(tmp_path, overrides={"sms": sms_settings(twilio.url)})
    try:
        twilio.faults += [(503, 20503), "drop"]
        request = await new_request(srv, signers=[ANN], order="parallel")
        await srv.run_jobs()
        job = await sms_job(srv)
        assert twilio.messages == [] and job["status"] == "queued" and "Twilio 503" in job["last_error"]
        for _ in range(6):
            srv.clock.advance(hours=1)
            await srv.run_jobs()
        [message] = twilio.messages
        assert message["To"] == "+12025550123" and message["From"]
        assert links.signing_url(srv.services, request, request["signers"][0]) in message["Body"]
        assert (await sms_job(srv))["status"] == "done"
        assert (await signer_of(srv, request))["sms_failed_at"] is None and await failed_events(srv, request) == []
    finally:
        await stop_server(srv)


async def test_a_number_twilio_refuses_is_sms_failed_at_and_an_event(twilio, tmp_path):
    srv = await start_server(tmp_path, overrides={"sms": sms_settings(twilio.url)})
    try:
        twilio.faults.append((400, 21211))
        request = await new_request(srv, signers=[ANN], order="parallel")
        await srv.run_jobs()
        srv.clock.advance(hours=2)
        await srv.run_jobs()
        assert len(twilio.requests) == 1 and twilio.messages == []  # refused for good: never retried
        assert (await sms_job(srv))["status"] == "failed"
        assert (await signer_of(srv, request))["sms_failed_at"] is not None
        [event] = await failed_events(srv, request)
        assert "21211" in event["metadata"]["error"] and event["metadata"]["template"] == "invitation"

        # a remind that gets through clears it
        assert (await srv.client.post(f"/v1/signing-requests/{request['id']}/remind")).status == 200
        await srv.run_jobs()
        assert len(twilio.messages) == 1 and (await signer_of(srv, request))["sms_failed_at"] is None
    finally:
        await stop_server(srv)


async def test_an_outage_beyond_the_retry_horizon_is_given_up_visibly(twilio, tmp_path):
    srv = await start_server(tmp_path, overrides={"sms": sms_settings(twilio.url), "jobs": {"message_retry_hours": 2}})
    try:
        twilio.faults += [(503, 20503)] * 50
        request = await new_request(srv, signers=[ANN], order="parallel")
        for _ in range(6):
            await srv.run_jobs()
            srv.clock.advance(hours=1)
        assert twilio.messages == [] and (await sms_job(srv))["status"] == "failed"
        assert (await signer_of(srv, request))["sms_failed_at"] is not None
        [event] = await failed_events(srv, request)
        assert "Twilio 503" in event["metadata"]["error"]
    finally:
        await stop_server(srv)


async def test_twilio_verify_cannot_carry_signing_links(twilio, tmp_path):
    srv = await start_server(tmp_path, overrides={"sms": sms_settings(twilio.url, "verify")})
    try:
        doc = (await srv.client.upload(SAMPLE_PDF.read_bytes())).json["id"]
        resp = await srv.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN]})
        error = assert_error(resp, 422, "validation_error")
        assert error["details"][0]["field"] == "signers.0.delivery" and "twilio-verify" in error["details"][0]["message"]
    finally:
        await stop_server(srv)

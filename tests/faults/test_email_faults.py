"""Email under a failing mail server: temporary refusals and provider faults are retried and never
bounce the signer; only a 5xx to RCPT TO is a bounce; an outage beyond the retry horizon is visible
(email_failed_at, an event, `esign jobs failed`) and a remind sends again; a DATA acknowledgement
that comes after the client time-out leads to copies with one Message-ID."""
from __future__ import annotations

import json
import logging
import os

import pytest

from esign import cli
from tests.support import raw_db, running_server, write_config
from tests.support.signing import new_request

ANN = [{"name": "Ann", "email": "ann@example.test", "order": 1}]


async def signer_view(srv, request_id) -> dict:
    resp = await srv.client.get(f"/v1/signing-requests/{request_id}")
    assert resp.status == 200, resp
    return resp.json["signers"][0]


async def email_job(srv) -> dict:
    return await raw_db(srv.services)["jobs"].find_one({"kind": "email", "payload.template": "invitation"})


async def retry_until_sent(srv, smtp, rounds=8):
    """Run the due jobs, moving the fake clock past each back-off, until the invitation is in."""
    for _ in range(rounds):
        await srv.run_jobs()
        if smtp.handler.messages:
            return
        srv.clock.advance(hours=1)
    raise AssertionError(f"never delivered: {smtp.handler.commands}")


@pytest.mark.parametrize("command,reply", [
    ("RCPT", "450 4.2.0 greylisted, try again later"),
    ("MAIL", "530 5.7.0 authentication required"),
    ("AUTH", "535 5.7.8 bad credentials"),
    ("DATA", "554 5.6.0 message refused"),
    ("MAIL", "421 4.3.2 too busy"),
])
async def test_refusal_other_than_a_permanent_rcpt_is_retried_never_a_bounce(srv, smtp, command, reply, caplog):
    smtp.handler.fail_next(command, reply, times=3)
    request = await new_request(srv, signers=ANN, order="parallel")
    await srv.run_jobs()
    assert smtp.handler.messages == []
    job = await email_job(srv)
    assert job["status"] == "queued" and reply[:3] in job["last_error"]
    await retry_until_sent(srv, smtp)
    assert len(smtp.handler.to("ann@example.test")) == 1
    signer = await signer_view(srv, request["id"])
    assert signer["email_bounced_at"] is None and signer["email_failed_at"] is None
    assert (await email_job(srv))["status"] == "done"
    faults = [r for r in caplog.records if r.name == "esign.jobs" and r.levelno == logging.ERROR]
    assert bool(faults) == reply.startswith("5")  # a provider fault is logged as an error, 4xx is not


async def test_permanent_rcpt_refusal_is_a_bounce(srv, smtp):
    smtp.handler.fail_next("RCPT", "550 5.1.1 no such user", times=5)
    request = await new_request(srv, signers=ANN, order="parallel")
    await srv.run_jobs()
    signer = await signer_view(srv, request["id"])
    assert signer["email_bounced_at"] is not None and signer["email_failed_at"] is None
    assert (await email_job(srv))["status"] == "failed"
    events = (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json
    assert "signing_event.email_bounced" in [e["event_type"] for e in events]
    srv.clock.advance(hours=2)
    await srv.run_jobs()
    assert smtp.handler.commands.count("RCPT 550 5.1.1 no such user") == 1  # not retried


async def test_outage_beyond_the_horizon_is_visible_and_remind_sends_again(srv, smtp, capsys):
    smtp.down()
    request = await new_request(srv, signers=ANN, order="parallel")
    horizon = srv.services.config.jobs.message_retry_hours
    attempts_before_horizon = 0
    for hour in range(int(horizon) + 3):
        await srv.run_jobs()
        job = await email_job(srv)
        if hour < horizon:
            assert job["status"] == "queued", job  # still trying within the horizon
            attempts_before_horizon = job["attempts"]
        srv.clock.advance(hours=1)
    await srv.run_jobs()
    job = await email_job(srv)
    assert job["status"] == "failed" and "smtp" in job["last_error"]
    assert attempts_before_horizon >= 20  # retried all along, at most an hour apart

    signer = await signer_view(srv, request["id"])
    assert signer["email_failed_at"] is not None and signer["email_bounced_at"] is None
    events = (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json
    assert [e["event_type"] for e in events].count("signing_event.email_failed") == 1
    polled = (await srv.client.get("/v1/events?event_type=signing_event.email_failed")).json
    assert [e["signing_request_id"] for e in polled["items"]] == [request["id"]]

    # the operator sees it
    args = cli._parser().parse_args(["jobs", "failed"])
    assert await cli.jobs_action(srv.services, args) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(j["id"], j["kind"], j["lane"]) for j in listed] == [(job["_id"], "email", "email")]
    assert "smtp" in listed[0]["last_error"] and listed[0]["attempts"] == job["attempts"]

    # the mail server is back: a remind reaches the signer and clears email_failed_at
    smtp.up()
    resp = await srv.client.post(f"/v1/signing-requests/{request['id']}/remind")
    assert resp.status == 200 and resp.json["sent_count"] == 1, resp
    await srv.run_jobs()
    assert [m["Subject"].startswith("Reminder") for m in smtp.handler.messages] == [True]
    assert (await signer_view(srv, request["id"]))["email_failed_at"] is None


async def test_operator_retries_a_failed_job(srv, smtp, capsys):
    smtp.down()
    await new_request(srv, signers=ANN, order="parallel")
    for _ in range(30):
        await srv.run_jobs()
        srv.clock.advance(hours=1)
    job = await email_job(srv)
    assert job["status"] == "failed"
    smtp.up()
    args = cli._parser().parse_args(["jobs", "retry", job["_id"]])
    assert await cli.jobs_action(srv.services, args) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["status"] == "queued" and shown["attempts"] == 0
    await srv.run_jobs()
    assert len(smtp.handler.to("ann@example.test")) == 1
    assert (await email_job(srv))["status"] == "done"
    # a job that is not failed (any more) cannot be retried
    assert await cli.jobs_action(srv.services, args) == 1


@pytest.mark.slow
async def test_late_data_acknowledgement_gives_copies_with_one_message_id(tmp_path, smtp):
    smtp.handler.data_delay = 2.5  # beyond the client's 1 s command time-out
    async with running_server(tmp_path, overrides=smtp.settings(timeout_seconds=1)) as srv:
        await new_request(srv, signers=ANN, order="parallel")
        await srv.run_jobs()
        job = await email_job(srv)
        assert job["status"] == "queued" and "Timeout" in job["last_error"], job
        smtp.handler.wait_for_messages(1)  # the server kept it after the client gave up
        smtp.handler.data_delay = 0
        srv.clock.advance(minutes=5)
        await srv.run_jobs()
        copies = smtp.handler.to("ann@example.test")
        assert len(copies) == 2
        assert len({m["Message-ID"] for m in copies}) == 1
        assert copies[0]["Message-ID"].endswith("@localhost>")
        assert (await email_job(srv))["status"] == "done"


@pytest.mark.parametrize("command", [["failed"], ["retry", "0000"]])
def test_jobs_commands_refuse_the_memory_database(tmp_path, command, capsys, monkeypatch):
    for name in [n for n in os.environ if n.startswith("ESIGN_")]:
        monkeypatch.delenv(name)
    with pytest.raises(SystemExit) as info:
        cli.main(["jobs", "--config", write_config(tmp_path), *command])
    assert info.value.code == 2
    assert "jobs commands need a persistent database" in capsys.readouterr().err


async def test_a_stored_address_that_cannot_be_written_bounces_at_once(srv, smtp):
    """An address stored before the API refused non-ASCII ones (josé@bücher.de) cannot go into a
    message header: the signer is bounced with the reason at the first attempt, never retried in
    silence; the other signer's invitation goes out (without a Reply-To to a non-ASCII owner)."""
    request = await new_request(srv, signers=ANN + [{"name": "Bob", "email": "bob@example.test", "order": 1}],
                                order="parallel", auto_send=False)
    await raw_db(srv.services)["signing_requests"].update_one(
        {"_id": request["id"]}, {"$set": {"signers.0.email": "josé@bücher.de", "signers.0.name": "José",
                                          "owner_email": "adå@a.example.test"}})
    assert (await srv.client.post(f"/v1/signing-requests/{request['id']}/send")).status == 200
    await srv.run_jobs()
    assert [m["To"] for m in smtp.handler.messages] == ["Bob <bob@example.test>"]
    assert smtp.handler.messages[0]["Reply-To"] is None  # the owner's stored address cannot be a header either
    signer = await signer_view(srv, request["id"])
    assert signer["email_bounced_at"] is not None and signer["email_failed_at"] is None
    job = await raw_db(srv.services)["jobs"].find_one({"kind": "email", "payload.signer_id": signer["id"]})
    assert job["status"] == "failed" and job["attempts"] == 1 and "not ASCII" in job["last_error"]
    events = (await srv.client.get(f"/v1/signing-requests/{request['id']}/events")).json
    bounced = [e for e in events if e["event_type"] == "signing_event.email_bounced"]
    assert len(bounced) == 1 and "internationalised addresses are not supported" in bounced[0]["metadata"]["error"]
    srv.clock.advance(hours=2)
    await srv.run_jobs()
    assert (await raw_db(srv.services)["jobs"].find_one({"_id": job["_id"]}))["attempts"] == 1  # not retried

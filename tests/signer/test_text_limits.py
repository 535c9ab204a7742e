"""Texts that cannot be pumped (issue 35, part 4), over HTTP against a real server with the `log` SMS
provider: a sandbox request texts no phone code (the log says one would have been sent; the code is
000000); phone codes are capped per signer (an hour, a day), per request and per organisation (a
day), answered 429 with Retry-After, logged with the request id, counted in /metrics and shown on the
signing page in the signer's language; `remind` reminds a signer at most once in `[notifications]
remind_signer_minutes`; a signer cannot delegate before passing the phone or identity check they owe;
phone numbers must exist, and `[sms] allowed_countries` refuses other countries' numbers."""
from __future__ import annotations

import asyncio
import datetime as dt
import logging
import re

import pytest
from prometheus_client.parser import text_string_to_metric_families

from esign import config as configmod
from esign.clock import FakeClock
from esign.domain.requests import lifecycle, links
from esign.logs import ContextFilter
from esign.providers.base import ProviderUnavailable
from tests.support import assert_error
from tests.support.browser import chromium, new_page
from tests.support.server import running_server, write_config
from tests.support.signing import ANN, make_request, sget, spost
from tests.support.templates import make_template, signers

DAN = {"name": "Dan Deputy", "email": "dan@example.test", "reason": "Dan signs contracts for our team"}


async def sms_total(client, outcome: str) -> float:
    """`esign_sms_total{outcome=...}` as GET /metrics says it."""
    resp = await client.get("/metrics", key=None)
    assert resp.status == 200, resp
    return sum(sample.value for family in text_string_to_metric_families(resp.body.decode())
               for sample in family.samples if sample.name == "esign_sms_total" and sample.labels == {"outcome": outcome})


def phone_signers(n: int) -> list[dict]:
    return [{"name": f"Signer {i}", "email": f"s{i}@example.test", "phone": f"+4420794601{i:02d}"} for i in range(n)]


def ten_o_clock() -> FakeClock:
    """A clock at 10:00 UTC tomorrow: the counters' windows (a clock hour, a UTC day) are known, and
    their TTL (by the real clock) lies ahead."""
    tomorrow = dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=1)
    return FakeClock(dt.datetime(tomorrow.year, tomorrow.month, tomorrow.day, 10, tzinfo=dt.timezone.utc))


def seconds_to(clock: FakeClock, **reset) -> int:
    now = clock.now()
    end = now.replace(minute=0, second=0, microsecond=0, **reset)
    end += dt.timedelta(days=1) if "hour" in reset else dt.timedelta(hours=1)
    return int((end - now).total_seconds())


async def ask(srv, token):
    """Ask for a code, then wait out the resend gap (`[signer] otp_resend_seconds`)."""
    resp = await spost(srv, token, "otp")
    srv.clock.advance(seconds=srv.services.config.signer.otp_resend_seconds + 1)
    return resp


# --- sandbox --------------------------------------------------------------------------------------

async def test_a_sandbox_request_texts_no_code_and_logs_what_would_have_been_sent(server, caplog):
    made = await make_request(server, [{**ANN, "delivery": "both"}], fields={"sig": {}}, key="a_sandbox",
                              phone_verification_required=True, allow_delegation=True)
    await server.run_jobs()
    assert len(server.services.sms.sent) == 0  # no invitation by text either
    token = await made.token(0)
    caplog.handler.addFilter(ContextFilter())
    with caplog.at_level(logging.INFO, logger="esign.sms"):
        resp = await spost(server, token, "otp")
    assert resp.status == 200, resp
    assert resp.json["requirements"]["phone_verification"]["code_sent"] is True
    assert len(server.services.sms.sent) == 0
    [line] = [r for r in caplog.records if r.name == "esign.sms"]
    assert made.id in line.getMessage() and "not texted" in line.getMessage() and "000000" in line.getMessage()
    assert line.request_id == resp.headers["X-Request-ID"]
    assert ANN["phone"] not in line.getMessage()  # masked, as in the audit trail
    assert await sms_total(server.client, "sandbox") == 1
    assert await sms_total(server.client, "sent") == 0
    # the sandbox code works, a wrong one does not
    assert_error(await spost(server, token, "otp/verify", {"code": "000001"}), 422, "validation_error")
    verified = await spost(server, token, "otp/verify", {"code": "000000"})
    assert verified.json["requirements"]["phone_verification"]["verified"] is True
    sent = [e for e in await made.events() if e["event_type"] == "signing_event.otp_sent"]
    assert [e["metadata"].get("sandbox") for e in sent] == [True]
    # a sandbox reminder texts nobody either
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/remind", key="a_sandbox")).json == {
        "sent_count": 0, "signers": []}
    await server.run_jobs()
    assert len(server.services.sms.sent) == 0


async def test_a_live_request_does_text_the_code(server):
    made = await make_request(server, fields={"sig": {}}, phone_verification_required=True)
    resp = await spost(server, await made.token(0), "otp")
    assert resp.status == 200 and [to for to, _ in server.services.sms.sent] == [ANN["phone"]]


# --- caps on codes --------------------------------------------------------------------------------

async def test_codes_are_capped_per_signer_an_hour_and_a_day(tmp_path, caplog):
    caplog.handler.addFilter(ContextFilter())
    async with running_server(tmp_path, clock=ten_o_clock()) as srv:
        cfg = srv.services.config.sms
        made = await make_request(srv, fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)
        for _ in range(cfg.codes_per_signer_hour):
            assert (await ask(srv, token)).status == 200
        with caplog.at_level(logging.WARNING, logger="esign.sms"):
            refused = await spost(srv, token, "otp")
        err = assert_error(refused, 429, "rate_limited")
        assert "in an hour" in err["message"]
        assert int(refused.headers["Retry-After"]) == seconds_to(srv.clock)
        [line] = [r for r in caplog.records if r.name == "esign.sms" and r.levelno == logging.WARNING]
        assert "codes_per_signer_hour" in line.getMessage() and made.id in line.getMessage()
        assert line.request_id == refused.headers["X-Request-ID"]
        assert len(srv.services.sms.sent) == cfg.codes_per_signer_hour
        assert await sms_total(srv.client, "capped") == 1

        srv.clock.advance(seconds=seconds_to(srv.clock))  # 11:00: a new hour, the same day
        for _ in range(cfg.codes_per_signer_day - cfg.codes_per_signer_hour):
            assert (await ask(srv, token)).status == 200
        srv.clock.advance(hours=1)
        refused = await spost(srv, token, "otp")
        assert "in a day" in assert_error(refused, 429, "rate_limited")["message"]
        assert int(refused.headers["Retry-After"]) == seconds_to(srv.clock, hour=0)
        assert len(srv.services.sms.sent) == cfg.codes_per_signer_day
        srv.clock.advance(seconds=seconds_to(srv.clock, hour=0))  # the next day
        assert (await spost(srv, token, "otp")).status == 200


async def test_codes_are_capped_per_request_and_per_organisation_a_day_even_when_asked_at_once(tmp_path):
    extra = "[sms]\ncodes_per_request_day = 3\ncodes_per_organisation_day = 5\n"
    async with running_server(tmp_path, extra, clock=ten_o_clock()) as srv:
        first = await make_request(srv, phone_signers(6), fields={"sig": {}}, phone_verification_required=True)
        tokens = [await first.token(i) for i in range(6)]
        answers = await asyncio.gather(*(spost(srv, t, "otp") for t in tokens))  # six signers at once
        assert sorted(a.status for a in answers) == [200] * 3 + [429] * 3
        refused = next(a for a in answers if a.status == 429)
        assert "this request" in assert_error(refused, 429, "rate_limited")["message"]
        assert int(refused.headers["Retry-After"]) == seconds_to(srv.clock, hour=0)
        assert len(srv.services.sms.sent) == 3

        second = await make_request(srv, phone_signers(3), fields={"sig": {}}, phone_verification_required=True)
        answers = [await spost(srv, await second.token(i), "otp") for i in range(3)]
        assert [a.status for a in answers] == [200, 200, 429]
        assert "sender's signers" in assert_error(answers[2], 429, "rate_limited")["message"]
        assert len(srv.services.sms.sent) == 5
        # another organisation has a budget of its own
        other = await make_request(srv, phone_signers(1), fields={"sig": {}}, key="b", phone_verification_required=True)
        assert (await spost(srv, await other.token(0), "otp")).status == 200


@pytest.mark.browser
async def test_the_page_says_in_the_signers_language_from_when_a_code_can_be_sent_again(tmp_path):
    async with running_server(tmp_path, "[sms]\ncodes_per_signer_hour = 1\n", clock=ten_o_clock()) as srv:
        made = await make_request(srv, [{**ANN, "locale": "de"}], fields={"sig": {}}, phone_verification_required=True)
        request = await made.record()
        link = links.signing_url(srv.services, request, lifecycle.find_signer(request, made.signer_ids[0]))
        async with chromium() as browser:
            page = await new_page(browser)
            await page.goto(link)
            await page.click("#otp-send")
            await page.locator("#otp-code:enabled").wait_for()
            srv.clock.advance(seconds=srv.services.config.signer.otp_resend_seconds + 1)
            await page.click("#otp-send")
            await page.locator("#otp-error", has_text="Derzeit können keine weiteren Codes gesendet werden. "
                                                      "Versuchen Sie es nach ").wait_for()
        assert len(srv.services.sms.sent) == 1


async def test_a_code_the_provider_could_not_send_is_not_counted(tmp_path):
    extra = "[sms]\ncodes_per_signer_hour = 1\n"
    async with running_server(tmp_path, extra, clock=ten_o_clock()) as srv:
        made = await make_request(srv, fields={"sig": {}}, phone_verification_required=True)
        token = await made.token(0)
        real = srv.services.sms.send_code

        async def down(*args):
            raise ProviderUnavailable("gateway down")

        srv.services.sms.send_code = down
        assert_error(await spost(srv, token, "otp"), 502, "upstream_unavailable")
        srv.services.sms.send_code = real
        assert (await spost(srv, token, "otp")).status == 200


# --- phone numbers --------------------------------------------------------------------------------

@pytest.mark.parametrize("phone", ["+1234", "0000", "1234", "+44 20 79", "+44 20 7946 0958 1234", "+1 555 0100"])
async def test_a_number_that_does_not_exist_is_422_on_replace_and_template_send(server, client, document_id, phone):
    made = await make_request(server)
    err = assert_error(await client.post(f"/v1/signing-requests/{made.id}/signers/{made.signer_ids[0]}/replace",
                                         {"name": "Ann", "email": "ann2@example.test", "phone": phone}), 422)
    assert [d["field"] for d in err["details"]] == ["phone"]
    template = await make_template(client, document_id)
    people = signers()
    people[1]["phone"] = phone
    err = assert_error(await client.post(f"/v1/templates/{template['id']}/send", {"signers": people}), 422)
    assert [d["field"] for d in err["details"]] == ["signers.1.phone"]


async def test_allowed_countries_refuse_other_countries_numbers_naming_the_field(tmp_path):
    async with running_server(tmp_path, '[sms]\nallowed_countries = ["gb", "DE"]\n') as srv:
        client = srv.client
        assert srv.services.config.sms.allowed_countries == ["DE", "GB"]
        made = await make_request(srv, [{**ANN, "phone": "+44 20 7946 0958"}])
        assert (await made.get())["signers"][0]["phone"] == "+442079460958"
        resp = await client.post("/v1/signing-requests", {"document_id": made.body["document_id"], "signers": [
            {"name": "Uma", "email": "uma@example.test", "phone": "+49 30 1234567"},
            {"name": "Ulf", "email": "ulf@example.test", "phone": "+1 202 555 0100"}]})
        err = assert_error(resp, 422, "validation_error")
        assert [d["field"] for d in err["details"]] == ["signers.1.phone"]
        assert "US" in err["details"][0]["message"]
        replaced = await client.post(f"/v1/signing-requests/{made.id}/signers/{made.signer_ids[0]}/replace",
                                     {"name": "Ann", "email": "ann2@example.test", "phone": "+1 202 555 0100"})
        assert [d["field"] for d in assert_error(replaced, 422)["details"]] == ["phone"]


def test_allowed_countries_must_be_region_codes(tmp_path):
    with pytest.raises(configmod.ConfigError, match="sms.allowed_countries"):
        configmod.load(write_config(tmp_path, '[sms]\nallowed_countries = ["UK"]\n'), environ={})


# --- remind ---------------------------------------------------------------------------------------

async def test_remind_reminds_a_signer_at_most_once_an_hour(server, client):
    people = [{**p, "delivery": "both"} for p in phone_signers(2)]
    made = await make_request(server, people)
    await server.run_jobs()
    invited = len(server.services.sms.sent)
    path = f"/v1/signing-requests/{made.id}/remind"
    first = await client.post(path)
    assert first.status == 200 and first.json["sent_count"] == 2
    again = await client.post(path)
    err = assert_error(again, 429, "rate_limited")
    assert "reminded" in err["message"]
    assert int(again.headers["Retry-After"]) == server.services.config.notifications.remind_signer_minutes * 60
    await server.run_jobs()
    assert len(server.services.sms.sent) == invited + 2
    reminded = [e for e in await made.events() if e["event_type"] == "signing_request.reminded"]
    assert len(reminded) == 1  # the refused call recorded nothing

    # a signer put in since can be reminded; the others are skipped until their hour is over
    server.clock.advance(minutes=30)
    new = {"name": "Nia", "email": "nia@example.test"}
    assert (await client.post(f"/v1/signing-requests/{made.id}/signers/{made.signer_ids[1]}/replace", new)).status == 200
    partly = await client.post(path)
    assert partly.json == {"sent_count": 1, "signers": ["nia@example.test"]}
    server.clock.advance(minutes=30)
    assert (await client.post(path)).json["sent_count"] == 1  # s0 again; Nia was reminded 30 minutes ago
    await server.run_jobs()
    reminded = [e["metadata"]["signers"] for e in await made.events() if e["event_type"] == "signing_request.reminded"]
    assert reminded == [["s0@example.test", "s1@example.test"], ["nia@example.test"], ["s0@example.test"]]
    texts = [to for to, text in list(server.services.sms.sent)[invited:] if "reminder" in text]
    assert sorted(texts) == sorted([people[0]["phone"], people[1]["phone"], people[0]["phone"]])  # Nia: by email


async def test_automatic_reminders_skip_a_signer_reminded_within_the_limit(tmp_path):
    async with running_server(tmp_path, "[notifications]\nremind_signer_minutes = 2880\n") as srv:  # two days
        made = await make_request(srv, [{**phone_signers(1)[0], "delivery": "sms"}], reminder_days=1)
        await srv.run_jobs()
        sent = []
        for _ in range(3):  # days 1, 2 and 3: reminded, skipped, reminded
            srv.clock.advance(days=1)
            await srv.run_jobs()
            sent.append(len([t for _, t in srv.services.sms.sent if "reminder" in t]))
        assert sent == [1, 1, 2]
        reminded = [e for e in await made.events() if e["event_type"] == "signing_request.reminded"]
        assert len(reminded) == 2 and all(e["metadata"]["automatic"] for e in reminded)


# --- delegation -----------------------------------------------------------------------------------

async def test_no_delegation_before_the_phone_check(server):
    made = await make_request(server, fields={"sig": {}}, phone_verification_required=True, allow_delegation=True)
    token = await made.token(0)
    err = assert_error(await spost(server, token, "delegate", DAN), 403, "forbidden")
    assert "phone" in err["message"]
    assert [s["status"] for s in (await made.get())["signers"]] == ["sent"]
    await spost(server, token, "otp")
    code = re.search(r"\b(\d{6})\b", server.services.sms.sent[-1][1]).group(1)
    assert (await spost(server, token, "otp/verify", {"code": code})).status == 200
    resp = await spost(server, token, "delegate", DAN)
    assert resp.status == 200, resp
    assert resp.json["delegate"]["email"] == DAN["email"]
    assert (await sget(server, token)).status == 410


async def test_no_delegation_before_the_identity_check(id_server):
    srv = id_server
    made = await make_request(srv, fields={"sig": {}}, identity_verification_required=True, allow_delegation=True)
    token = await made.token(0)
    err = assert_error(await spost(srv, token, "delegate", DAN), 403, "forbidden")
    assert "identity" in err["message"]
    proof = {"full_name": "Ann Example", "date_of_birth": "1985-04-12", "document_type": "passport",
             "document_number": "X12345678", "issued_country": "gb",
             "document_expiry": (srv.clock.now().date() + dt.timedelta(days=900)).isoformat()}
    approved = await spost(srv, token, "identity", proof)
    assert approved.json["requirements"]["identity_verification"]["status"] == "approved", approved
    assert (await spost(srv, token, "delegate", DAN)).status == 200

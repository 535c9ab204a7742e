"""Phone (SMS one-time code) and identity verification of a signer over the signer API, with the
`log` SMS provider (codes read from `services.sms.sent`), the builtin `basic` identity provider,
and the fake clock for code expiry and the lock."""
from __future__ import annotations

import asyncio
import datetime as dt
import re

from esign.providers.base import ProviderUnavailable
from tests.support import Hiccup, assert_error, raw_db
from tests.support.signing import ANN, BOB, make_request, sget, spost, typed, upload

SIGN = {"signature": typed(), "consent": True}


def last_code(srv, phone=ANN["phone"]) -> str:
    sent_to, text = srv.services.sms.sent[-1]
    assert sent_to == phone
    return re.search(r"\b(\d{6})\b", text).group(1)


def other_code(code: str) -> str:
    return f"{(int(code) + 1) % 10 ** 6:06d}"


async def otp_request(srv, signers=(ANN,)):
    return await make_request(srv, signers, fields={"sig": {}}, phone_verification_required=True)


def phone_state(resp):
    assert resp.status == 200, resp
    return resp.json["requirements"]["phone_verification"]


# --- phone ----------------------------------------------------------------------------------------

async def test_otp_required_then_verified(server):
    made = await otp_request(server)
    token = await made.token(0)
    view = (await sget(server, token)).json
    state = view["requirements"]["phone_verification"]
    assert state["required"] is True and state["verified"] is False and state["code_sent"] is False
    assert state["locked_until"] is None
    assert state["phone_hint"].endswith("23") and "555" not in state["phone_hint"]
    assert view["can_sign"] is False and "phone" in view["reason"]
    assert_error(await spost(server, token, "sign", SIGN), 403, "forbidden")
    assert_error(await spost(server, token, "otp/verify", {"code": "123456"}), 422, "validation_error")  # none sent

    sent_before = len(server.services.sms.sent)
    resp = await spost(server, token, "otp")
    assert phone_state(resp)["code_sent"] is True
    assert len(server.services.sms.sent) == sent_before + 1
    code = last_code(server)
    assert token not in server.services.sms.sent[-1][1]
    assert_error(await spost(server, token, "sign", SIGN), 403, "forbidden")  # sent, not verified

    resp = await spost(server, token, "otp/verify", {"code": f" {code} "})
    state = phone_state(resp)
    assert state["verified"] is True and resp.json["can_sign"] is True
    # done: no more codes, no more checks
    assert_error(await spost(server, token, "otp"), 409, "invalid_state")
    assert_error(await spost(server, token, "otp/verify", {"code": code}), 409, "invalid_state")
    assert (await spost(server, token, "sign", SIGN)).status == 200

    events = await made.events()
    types = [e["event_type"] for e in events]
    assert types.index("signing_event.otp_sent") < types.index("signing_event.otp_verified") < \
        types.index("signer.signed")
    sent = next(e for e in events if e["event_type"] == "signing_event.otp_sent")
    assert sent["signer_email"] == ANN["email"] and sent["metadata"]["phone"].endswith("23")
    assert "555" not in str(sent["metadata"]) and code not in str(events)


async def test_otp_wrong_three_times_locks_then_lifts(server):
    cfg = server.services.config.signer
    made = await otp_request(server)
    token = await made.token(0)
    await spost(server, token, "otp")
    code = last_code(server)
    wrong = other_code(code)
    first = assert_error(await spost(server, token, "otp/verify", {"code": wrong}), 422, "validation_error")
    assert "2 tries left" in first["details"][0]["message"]
    second = assert_error(await spost(server, token, "otp/verify", {"code": wrong}), 422, "validation_error")
    assert "1 try left" in second["details"][0]["message"]
    third = await spost(server, token, "otp/verify", {"code": wrong})
    assert_error(third, 429, "rate_limited")
    assert int(third.headers["Retry-After"]) == cfg.otp_lock_seconds

    failed = [e for e in await made.events() if e["event_type"] == "signing_event.otp_failed"]
    assert [e["metadata"]["attempt"] for e in failed] == [1, 2, 3]
    assert [e["metadata"]["locked"] for e in failed] == [False, False, True]

    # locked: even the right code, a new code and signing are refused
    resp = await spost(server, token, "otp/verify", {"code": code})
    assert_error(resp, 429, "rate_limited")
    assert 0 < int(resp.headers["Retry-After"]) <= cfg.otp_lock_seconds
    resp = await spost(server, token, "otp")
    assert_error(resp, 429, "rate_limited")
    assert int(resp.headers["Retry-After"]) > 0
    assert phone_state(await sget(server, token))["locked_until"] is not None
    assert_error(await spost(server, token, "sign", SIGN), 403, "forbidden")
    server.clock.advance(seconds=cfg.otp_lock_seconds - 2)
    resp = await spost(server, token, "otp/verify", {"code": code})
    assert_error(resp, 429, "rate_limited")
    assert int(resp.headers["Retry-After"]) <= 2
    assert len([e for e in await made.events() if e["event_type"] == "signing_event.otp_failed"]) == 3

    # the lock lifts after otp_lock_seconds; the old code was voided
    server.clock.advance(seconds=3)
    assert phone_state(await sget(server, token))["locked_until"] is None
    assert_error(await spost(server, token, "otp/verify", {"code": code}), 422, "validation_error")
    assert (await spost(server, token, "otp")).status == 200
    assert phone_state(await spost(server, token, "otp/verify", {"code": last_code(server)}))["verified"] is True
    assert (await spost(server, token, "sign", SIGN)).status == 200


async def test_otp_code_expiry(server):
    cfg = server.services.config.signer
    made = await otp_request(server)
    token = await made.token(0)
    await spost(server, token, "otp")
    code = last_code(server)
    server.clock.advance(seconds=cfg.otp_ttl_seconds)
    assert phone_state(await sget(server, token))["code_sent"] is False
    err = assert_error(await spost(server, token, "otp/verify", {"code": code}), 422, "validation_error")
    assert "expired" in err["details"][0]["message"]
    # a new code, still valid one second before it expires
    assert (await spost(server, token, "otp")).status == 200
    code = last_code(server)
    server.clock.advance(seconds=cfg.otp_ttl_seconds - 1)
    assert phone_state(await spost(server, token, "otp/verify", {"code": code}))["verified"] is True


async def test_otp_resend_too_soon(server):
    cfg = server.services.config.signer
    made = await otp_request(server)
    token = await made.token(0)
    assert (await spost(server, token, "otp")).status == 200
    first = last_code(server)
    resp = await spost(server, token, "otp")
    assert_error(resp, 429, "rate_limited")
    assert 0 < int(resp.headers["Retry-After"]) <= cfg.otp_resend_seconds + 1
    server.clock.advance(seconds=cfg.otp_resend_seconds - 5)
    assert_error(await spost(server, token, "otp"), 429, "rate_limited")
    assert len([e for e in await made.events() if e["event_type"] == "signing_event.otp_sent"]) == 1
    server.clock.advance(seconds=6)
    assert (await spost(server, token, "otp")).status == 200
    second = last_code(server)
    if second != first:  # the new code replaces the old one
        assert_error(await spost(server, token, "otp/verify", {"code": first}), 422, "validation_error")
    assert phone_state(await spost(server, token, "otp/verify", {"code": second}))["verified"] is True


async def test_otp_resend_does_not_reset_wrong_tries(server):
    """Three wrong tries lock the link (issue 4): asking for a new code in between must not give an
    attacker a fresh set of guesses, or the lock never comes."""
    cfg = server.services.config.signer
    made = await otp_request(server)
    token = await made.token(0)
    await spost(server, token, "otp")
    for _ in range(cfg.otp_max_attempts - 1):
        assert_error(await spost(server, token, "otp/verify", {"code": other_code(last_code(server))}), 422)
    server.clock.advance(seconds=cfg.otp_resend_seconds + 1)
    assert (await spost(server, token, "otp")).status == 200
    resp = await spost(server, token, "otp/verify", {"code": other_code(last_code(server))})
    assert_error(resp, 429, "rate_limited")


async def test_otp_asked_for_several_times_at_once_sends_one_text(server):
    """The resend gap is checked on the record the update is conditional on: five asks at once (a
    script pumping text messages) send one code, the others wait as after a resend too soon."""
    made = await otp_request(server)
    token = await made.token(0)
    before = len(server.services.sms.sent)
    answers = await asyncio.gather(*[spost(server, token, "otp") for _ in range(5)])
    assert sorted(r.status for r in answers) == [200] + [429] * 4
    assert all(r.headers.get("Retry-After") for r in answers if r.status == 429)
    assert len(server.services.sms.sent) == before + 1
    assert (await made.event_types()).count("signing_event.otp_sent") == 1
    assert phone_state(await spost(server, token, "otp/verify", {"code": last_code(server)}))["verified"] is True


async def test_otp_input_and_state_refusals(server):
    plain = await make_request(server, [ANN], fields={"sig": {}})
    token = await plain.token(0)
    assert_error(await spost(server, token, "otp"), 409, "invalid_state")
    assert_error(await spost(server, token, "otp/verify", {"code": "123456"}), 409, "invalid_state")

    made = await otp_request(server)
    token = await made.token(0)
    await spost(server, token, "otp")
    for bad in ("12345", "1234567", "abcdef", "", "12 34 56"):
        assert_error(await spost(server, token, "otp/verify", {"code": bad}), 422, "validation_error")
    # malformed codes are not counted as tries
    assert phone_state(await spost(server, token, "otp/verify", {"code": last_code(server)}))["verified"] is True
    assert "signing_event.otp_failed" not in await made.event_types()


async def test_otp_code_typed_with_another_scripts_digits(server):
    """A phone keyboard may give Arabic-Indic (or other) digits: they are read as the digits they are,
    so the right code is accepted and not counted as a wrong try."""
    made = await otp_request(server)
    token = await made.token(0)
    await spost(server, token, "otp")
    arabic = "".join(chr(0x0660 + int(d)) for d in last_code(server))
    assert phone_state(await spost(server, token, "otp/verify", {"code": f" {arabic} "}))["verified"] is True
    assert "signing_event.otp_failed" not in await made.event_types()


async def test_phone_verification_needs_every_signer_to_have_a_phone(server):
    doc = await upload(server)
    resp = await server.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN, BOB],
                                                             "phone_verification_required": True})
    err = assert_error(resp, 422, "validation_error")
    assert err["details"] == [{"field": "signers.1.phone", "message": "required when phone_verification_required is true"}]


# --- identity -------------------------------------------------------------------------------------

def identity(srv, **changes):
    today = srv.clock.now().date()
    body = {"full_name": "Ann Example", "date_of_birth": "1985-04-12", "document_type": "passport",
            "document_number": "X12345678", "document_expiry": (today + dt.timedelta(days=900)).isoformat(),
            "issued_country": "gb"}
    body.update(changes)
    return {k: v for k, v in body.items() if v is not None}


async def id_request(srv, signers=(ANN,), key="a"):
    return await make_request(srv, signers, fields={"sig": {}}, identity_verification_required=True, key=key)


async def identity_count(srv) -> int:
    resp = await srv.client.get("/v1/usage", key="a")
    assert resp.status == 200, resp
    return resp.json["identity_verifications"]["current"]


def id_state(resp):
    assert resp.status == 200, resp
    return resp.json["requirements"]["identity_verification"]


async def test_identity_rejected_then_approved(id_server):
    srv = id_server
    made = await id_request(srv)
    assert (await made.get())["identity_payment_status"] == "pending"
    token = await made.token(0)
    view = (await sget(srv, token)).json
    state = view["requirements"]["identity_verification"]
    assert state["required"] is True and state["status"] is None and state["attempts_left"] == 3
    assert set(state["document_types"]) >= {"passport", "id_card"}
    assert view["can_sign"] is False
    assert_error(await spost(srv, token, "sign", SIGN), 403, "forbidden")
    before = await identity_count(srv)

    resp = await spost(srv, token, "identity", identity(srv, full_name="Zed Quux"))
    state = id_state(resp)
    assert state["status"] == "rejected" and state["attempts_left"] == 2 and resp.json["can_sign"] is False
    assert_error(await spost(srv, token, "sign", SIGN), 403, "forbidden")
    events = await made.events()
    rejected = [e for e in events if e["event_type"] == "identity.rejected"]
    assert len(rejected) == 1 and rejected[0]["signer_email"] == ANN["email"]
    assert rejected[0]["metadata"]["provider"] == "basic" and rejected[0]["metadata"]["name_match_score"] < 0.7
    got = await made.get()
    signer = got["signers"][0]
    assert signer["identity_verified"] is False and signer["identity_name_match_status"] == "no_match"
    assert got["identity_payment_status"] == "charged"
    assert await identity_count(srv) == before + 1

    # a later attempt that passes lets the signer sign
    resp = await spost(srv, token, "identity", identity(srv))
    assert id_state(resp)["status"] == "approved" and resp.json["can_sign"] is True
    assert (await spost(srv, token, "sign", SIGN)).status == 200
    assert await identity_count(srv) == before + 2


async def test_identity_approved_fills_signer_fields(id_server):
    srv = id_server
    made = await id_request(srv)
    token = await made.token(0)
    before = await identity_count(srv)
    resp = await spost(srv, token, "identity", identity(srv, full_name="EXAMPLE, ann", address="1 High St, London"))
    assert id_state(resp)["status"] == "approved" and resp.json["can_sign"] is True
    types = await made.event_types()
    assert "identity.approved" in types and "identity.rejected" not in types and "signer.reviewed" not in types
    got = await made.get()
    s = got["signers"][0]
    assert s["identity_verified"] is True and s["identity_verified_at"] is not None
    assert s["identity_verified_name"] == "EXAMPLE, ann"
    assert s["identity_name_match_score"] == 1.0 and s["identity_name_match_status"] == "match"
    assert s["identity_document_type"] == "passport" and s["identity_dob"] == "1985-04-12"
    assert s["identity_document_issued_country"] == "GB" and s["identity_address"] == "1 High St, London"
    assert s["identity_document_expiry"] == identity(srv)["document_expiry"]
    number = s["identity_document_number"]
    assert number.endswith("5678") and "X1234" not in number and len(number) == len("X12345678")
    assert s["identity_review_pending"] is False
    assert got["identity_payment_status"] == "charged"
    assert await identity_count(srv) == before + 1
    usage = (await srv.client.get("/v1/usage")).json["identity_verifications"]
    assert usage["total_cost"] == round(usage["current"] * usage["cost_per_check"], 2)
    # done once: a second check is refused and not counted
    assert_error(await spost(srv, token, "identity", identity(srv)), 409, "invalid_state")
    assert await identity_count(srv) == before + 1
    assert (await spost(srv, token, "sign", SIGN)).json["request"]["status"] == "completed"
    # the full document number is stored nowhere
    for name in ("signing_requests", "events"):
        async for doc in raw_db(srv.services)[name].find({}):
            assert "X12345678" not in str(doc), name


async def test_identity_review(id_server):
    srv = id_server
    jon = {"name": "Jonathan Smith", "email": "jon@example.test"}
    made = await id_request(srv, signers=[jon])
    token = await made.token(0)
    resp = await spost(srv, token, "identity", identity(srv, full_name="Jonatan Smyth"))
    assert id_state(resp)["status"] == "review" and resp.json["can_sign"] is True
    types = await made.event_types()
    assert "signer.reviewed" in types and "identity.approved" not in types
    reviewed = next(e for e in await made.events() if e["event_type"] == "signer.reviewed")
    assert 0.7 <= reviewed["metadata"]["name_match_score"] < 0.9
    s = (await made.get())["signers"][0]
    assert s["identity_review_pending"] is True and s["identity_verified"] is False
    assert s["identity_name_match_status"] == "partial_match"
    assert_error(await spost(srv, token, "identity", identity(srv)), 409, "invalid_state")
    assert (await spost(srv, token, "sign", {"signature": typed("Jonathan Smith"), "consent": True})).status == 200


async def test_identity_sandbox_is_waived_and_uncounted(id_server):
    srv = id_server
    doc = await upload(srv, key="a_sandbox")
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True,
                              key="a_sandbox", document_id=doc)
    assert (await made.get())["identity_payment_status"] == "waived"
    before = await identity_count(srv)
    token = await made.token(0)
    assert id_state(await spost(srv, token, "identity", identity(srv, full_name="Zed Quux")))["status"] == "rejected"
    assert id_state(await spost(srv, token, "identity", identity(srv)))["status"] == "approved"
    assert (await made.get())["identity_payment_status"] == "waived"
    assert await identity_count(srv) == before
    assert "identity.approved" in await made.event_types()


async def test_identity_attempts_limit(id_server):
    srv = id_server
    limit = srv.services.config.signer.identity_max_attempts
    made = await id_request(srv)
    token = await made.token(0)
    before = await identity_count(srv)
    for i in range(limit):
        state = id_state(await spost(srv, token, "identity", identity(srv, full_name=f"Zed Quux {i}")))
        assert state["status"] == "rejected" and state["attempts_left"] == limit - i - 1
    err = assert_error(await spost(srv, token, "identity", identity(srv)), 403, "forbidden")
    assert "attempts" in err["message"]
    assert await identity_count(srv) == before + limit  # the refused one is not counted
    assert (await made.event_types()).count("identity.rejected") == limit
    view = (await sget(srv, token)).json
    assert view["can_sign"] is False and view["requirements"]["identity_verification"]["attempts_left"] == 0
    assert view["can_decline"] is True


async def test_identity_checks_sent_at_once_stay_within_the_attempt_limit(id_server):
    """Each check claims its attempt in one conditional update before the provider is asked: checks
    sent in parallel (each reading the same count) no longer all pass, nor all count toward the quota."""
    srv = id_server
    limit = srv.services.config.signer.identity_max_attempts
    made = await id_request(srv)
    token = await made.token(0)
    before = await identity_count(srv)
    answers = await asyncio.gather(*[spost(srv, token, "identity", identity(srv, full_name=f"Zed Quux {i}"))
                                     for i in range(limit + 3)])
    assert sorted(r.status for r in answers) == [200] * limit + [403] * 3
    assert (await made.event_types()).count("identity.rejected") == limit
    assert await identity_count(srv) == before + limit
    assert (await sget(srv, token)).json["requirements"]["identity_verification"]["attempts_left"] == 0


async def test_identity_provider_down_costs_no_attempt(id_server, monkeypatch):
    """The attempt claimed before asking the provider is given back when the provider cannot answer."""
    srv = id_server
    made = await id_request(srv)
    token = await made.token(0)
    before = await identity_count(srv)
    left = (await sget(srv, token)).json["requirements"]["identity_verification"]["attempts_left"]

    async def down(signer, submitted):
        raise ProviderUnavailable("the vendor is down")
    monkeypatch.setattr(srv.services.identity, "verify", down)
    for _ in range(left + 1):
        assert_error(await spost(srv, token, "identity", identity(srv)), 502, "upstream_unavailable")
    assert (await sget(srv, token)).json["requirements"]["identity_verification"]["attempts_left"] == left
    assert await identity_count(srv) == before
    monkeypatch.undo()
    assert id_state(await spost(srv, token, "identity", identity(srv)))["status"] == "approved"


async def test_identity_input_validation(id_server):
    srv = id_server
    made = await id_request(srv)
    token = await made.token(0)
    before = await identity_count(srv)
    today = srv.clock.now().date()
    cases = {
        "full_name": [""], "date_of_birth": ["12/04/1985", "1985-02-30", (today + dt.timedelta(days=1)).isoformat(),
                                             "1850-01-01"],
        "document_type": ["visa"], "document_number": ["12", "x" * 65],
        "document_expiry": [(today - dt.timedelta(days=1)).isoformat(), "never"],
        "issued_country": ["D1", "DEU", "d"],
    }
    for name, values in cases.items():
        for value in values:
            err = assert_error(await spost(srv, token, "identity", identity(srv, **{name: value})), 422,
                               "validation_error")
            assert name in [d["field"] for d in err["details"]], (name, value, err)
    missing = {k: v for k, v in identity(srv).items() if k != "document_number"}
    assert_error(await spost(srv, token, "identity", missing), 422, "validation_error")
    assert_error(await spost(srv, token, "identity", dict(identity(srv), selfie="x")), 422, "validation_error")
    state = id_state(await sget(srv, token))
    assert state["attempts_left"] == 3 and state["status"] is None
    assert await identity_count(srv) == before
    assert not [t for t in await made.event_types() if t.startswith("identity.")]


NO_PROVIDER = [{"field": "identity_verification_required",
                "message": "no identity verification provider is configured on this server"}]


async def test_identity_required_needs_a_provider(server):
    """The default `none` provider cannot verify anybody: requiring identity verification is refused
    when a request or a template is made, never left to fail at the signer."""
    doc = await upload(server)
    resp = await server.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN],
                                                             "identity_verification_required": True})
    assert assert_error(resp, 422, "validation_error")["details"] == NO_PROVIDER
    assert (await server.client.get("/v1/signing-requests")).json["total"] == 0
    resp = await server.client.post("/v1/templates", {"name": "T", "identity_verification_required": True})
    assert assert_error(resp, 422, "validation_error")["details"] == NO_PROVIDER
    template = await server.client.post("/v1/templates", {"name": "T", "document_id": doc,
                                                          "roles": [{"name": "Signer", "fields": []}]})
    assert template.status == 201, template
    resp = await server.client.patch(f"/v1/templates/{template.json['id']}", {"identity_verification_required": True})
    assert assert_error(resp, 422, "validation_error")["details"] == NO_PROVIDER
    # a template stored with it (made while a provider was configured) cannot send a request either
    await raw_db(server.services)["templates"].update_one({"_id": template.json["id"]},
                                                          {"$set": {"identity_verification_required": True}})
    resp = await server.client.post(f"/v1/templates/{template.json['id']}/send",
                                    {"signers": [{"name": ANN["name"], "email": ANN["email"], "role": "Signer"}]})
    assert assert_error(resp, 422, "validation_error")["details"] == NO_PROVIDER


async def test_identity_required_with_a_provider(id_server):
    doc = await upload(id_server)
    resp = await id_server.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN],
                                                                "identity_verification_required": True})
    assert resp.status == 201 and resp.json["identity_verification_required"] is True, resp
    resp = await id_server.client.post("/v1/templates", {"name": "T", "identity_verification_required": True})
    assert resp.status == 201 and resp.json["identity_verification_required"] is True, resp


async def test_identity_not_required_or_no_provider(server):
    plain = await make_request(server, [ANN], fields={"sig": {}})
    assert_error(await spost(server, await plain.token(0), "identity", identity(server)), 409, "invalid_state")
    # a request stored with it when a provider was configured: the `none` provider cannot verify
    # anybody, a clear 502, nothing counted
    made = await make_request(server, [ANN], fields={"sig": {}}, send=False)
    await raw_db(server.services)["signing_requests"].update_one(
        {"_id": made.id}, {"$set": {"identity_verification_required": True, "identity_payment_status": "pending"}})
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    token = await made.token(0)
    assert_error(await spost(server, token, "identity", identity(server)), 502, "upstream_unavailable")
    assert id_state(await sget(server, token))["attempts_left"] == 3
    assert (await made.get())["identity_payment_status"] == "pending"


async def test_phone_and_identity_together(id_server):
    srv = id_server
    made = await make_request(srv, [ANN], fields={"sig": {}}, phone_verification_required=True,
                              identity_verification_required=True)
    token = await made.token(0)
    assert id_state(await spost(srv, token, "identity", identity(srv)))["status"] == "approved"
    assert_error(await spost(srv, token, "sign", SIGN), 403, "forbidden")  # the phone is still missing
    await spost(srv, token, "otp")
    resp = await spost(srv, token, "otp/verify", {"code": last_code(srv)})
    assert resp.json["can_sign"] is True
    assert (await spost(srv, token, "sign", SIGN)).json["request"]["status"] == "completed"


async def test_identity_non_latin_name_approved(id_server):
    """A signer whose name is written in another script and who types it exactly as on the document
    is approved (and a different name in that script is not)."""
    srv = id_server
    made = await id_request(srv, signers=[{"name": "Анна Иванова", "email": "anna@example.test"}])
    token = await made.token(0)
    assert id_state(await spost(srv, token, "identity", identity(srv, full_name="Борис Петров")))["status"] \
        == "rejected"
    resp = await spost(srv, token, "identity", identity(srv, full_name="Анна Иванова"))
    assert id_state(resp)["status"] == "approved", resp.json["requirements"]


async def test_a_verified_phone_stays_verified_and_in_the_trail_when_the_event_store_fails(server):
    """The code is right and the verification is stored, then the event store fails: the signer is
    answered verified (not a 500 whose retry says the step is done), and `signing_event.otp_verified`
    is recorded by the signature that follows, before it."""
    made = await otp_request(server)
    token = await made.token(0)
    assert phone_state(await spost(server, token, "otp"))["code_sent"] is True
    Hiccup(server.services.store.events, "append")
    assert phone_state(await spost(server, token, "otp/verify", {"code": last_code(server)}))["verified"] is True
    assert (await spost(server, token, "sign", SIGN)).status == 200
    types = [e["event_type"] for e in await made.events()]
    assert types.count("signing_event.otp_verified") == 1
    assert types.index("signing_event.otp_sent") < types.index("signing_event.otp_verified") < \
        types.index("signer.signed")

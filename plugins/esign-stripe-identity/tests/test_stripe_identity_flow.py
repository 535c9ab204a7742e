"""A signer verifies their identity with Stripe Identity on a real esign server whose `[identity]
provider = "stripe"` points at the fake Stripe: the signer starts, Stripe's page "completes", the
signed webhook arrives, the signer signs. Refused webhooks (bad signature, stale timestamp), replays,
Stripe failing at start, and a lost webhook recovered when the signer comes back."""
from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse

import pytest
from stripe_fake import WEBHOOK_SECRET, sign
from stripe_support import stripe_server

from tests.support import assert_error, raw_db
from tests.support.signing import ANN, make_request, sget, spost, typed

SIGN = {"signature": typed(), "consent": True}


def id_state(resp) -> dict:
    assert resp.status == 200, resp
    return resp.json["requirements"]["identity_verification"]


async def started(srv, stripe):
    """A request needing identity, its signer's token, and the Stripe session the signer started."""
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    resp = await spost(srv, token, "identity/start")
    state = id_state(resp)
    assert state["status"] == "pending" and state["flow"] == "redirect", state
    sid = state["redirect_url"].rsplit("/", 1)[1]
    assert state["redirect_url"] == f"{stripe.url}/verify/{sid}" and sid in stripe.sessions
    return made, token, sid


async def sessions(srv) -> list[dict]:
    return await raw_db(srv.services)["identity_sessions"].find({}).to_list(None)


async def test_signer_verifies_with_stripe_then_signs(srv, stripe):
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    view = (await sget(srv, token)).json
    assert view["requirements"]["identity_verification"]["flow"] == "redirect"
    assert view["can_sign"] is False and "identity" in view["reason"]

    resp = await spost(srv, token, "identity/start")
    state = id_state(resp)
    sid = state["redirect_url"].rsplit("/", 1)[1]
    created = stripe.created[-1]
    assert created["type"] == "document" and created["metadata[esign_signing_request_id]"] == made.id
    assert created["client_reference_id"] == made.signer_ids[0] and created["provided_details[email]"] == ANN["email"]
    # the return URL brings the person back to esign without any secret in it
    back = urllib.parse.urlsplit(created["return_url"])
    assert f"{back.scheme}://{back.netloc}" == srv.url and token not in created["return_url"]
    assert re.fullmatch(r"/identity/return/[0-9a-f-]{36}", back.path) and not back.query
    # pending: cannot sign yet; starting again hands back the same session (no second check)
    assert resp.json["can_sign"] is False and "not finished" in resp.json["reason"]
    assert_error(await spost(srv, token, "sign", SIGN), 403, "forbidden")
    assert id_state(await spost(srv, token, "identity/start"))["redirect_url"].endswith(sid)
    assert len(stripe.created) == 1

    delivered = await stripe.finish(sid, "verified")
    assert delivered.code == 200 and json.loads(delivered.body) == {"received": True, "changed": True}
    view = (await sget(srv, token)).json
    assert view["requirements"]["identity_verification"]["status"] == "approved" and view["can_sign"] is True
    signer = (await made.get())["signers"][0]
    assert signer["identity_verified"] is True and signer["identity_verified_name"] == "Ann Example"
    assert signer["identity_document_type"] == "driving_licence" and signer["identity_dob"] == "1990-03-02"
    assert signer["identity_document_expiry"] == "2031-06-01" and signer["identity_document_issued_country"] == "GB"
    assert signer["identity_selfie_verified"] is True and signer["identity_name_match_status"] == "match"
    assert "London" in signer["identity_address"]
    types = await made.event_types()
    assert types.count("signing_event.identity_started") == 1 and types.count("identity.approved") == 1
    approved = next(e for e in await made.events() if e["event_type"] == "identity.approved")
    assert approved["metadata"]["via"] == "webhook" and approved["metadata"]["provider"] == "stripe"
    assert (await spost(srv, token, "sign", SIGN)).status == 200

    # the return page after the result: tells nothing and changes nothing
    page = await srv.client.get(back.path, key=None)
    assert page.status == 200 and "close this tab" in page.body.decode() and "Ann" not in page.body.decode()
    assert page.headers["Referrer-Policy"] == "no-referrer" and "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    [stored] = await sessions(srv)
    assert stored["status"] == "approved" and stored["settled_via"] == "webhook"
    log_text = json.dumps(stored, default=str)
    assert "sk_test" not in log_text and "whsec" not in log_text


async def test_webhook_signature_is_checked_and_replays_change_nothing(srv, stripe):
    made, token, sid = await started(srv, stripe)
    payload = await stripe.finish(sid, "verified", deliver=False)

    async def refused(resp, words):
        assert resp.code == 400, resp
        body = json.loads(resp.body)
        assert set(body) == {"error"} and body["error"]["code"] == "bad_request" and words in body["error"]["message"]
        assert WEBHOOK_SECRET not in body["error"]["message"]
        assert id_state(await sget(srv, token))["status"] == "pending"

    await refused(await stripe.deliver(payload, secret="whsec_someone_else"), "matches")
    await refused(await stripe.deliver(payload, timestamp=int(time.time()) - 301), "tolerance")
    await refused(await stripe.deliver(payload, timestamp=int(time.time()) + 301), "tolerance")
    await refused(await stripe.deliver(payload, header=""), "Stripe-Signature")
    await refused(await stripe.deliver(payload + b" ", header=sign(WEBHOOK_SECRET, payload, int(time.time()))), "matches")
    unreadable = b"not json"
    await refused(await stripe.deliver(unreadable), "cannot be read")
    # a rotated secret: Stripe sends one v1 per secret; one matching is enough
    t = int(time.time())
    both = sign("whsec_old_secret", payload, t) + "," + sign(WEBHOOK_SECRET, payload, t).split(",")[1]
    first = await stripe.deliver(payload, header=both)
    assert first.code == 200 and json.loads(first.body)["changed"] is True
    again = await stripe.deliver(payload)
    assert again.code == 200 and json.loads(again.body) == {"received": True, "changed": False}
    assert (await made.event_types()).count("identity.approved") == 1
    [stored] = await sessions(srv)
    assert stored["status"] == "approved"
    # a later, contradicting event for the settled session changes nothing either
    stripe.sessions[sid].update(status="canceled")
    late = await stripe.deliver(stripe.event(sid, "identity.verification_session.canceled"))
    assert late.code == 200 and json.loads(late.body)["changed"] is False
    assert id_state(await sget(srv, token))["status"] == "approved"


async def test_webhooks_esign_does_not_expect(srv, stripe):
    _made, token, sid = await started(srv, stripe)
    # an event type without a result, and a session of another application on the same Stripe account
    created = await stripe.deliver(stripe.event(sid, "identity.verification_session.created"))
    assert created.code == 200 and json.loads(created.body)["changed"] is False
    stripe.sessions["vs_other"] = dict(stripe.sessions[sid], id="vs_other", status="canceled")
    other = await stripe.deliver(stripe.event("vs_other", "identity.verification_session.canceled"))
    assert other.code == 200 and json.loads(other.body)["changed"] is False
    # a provider that is not the configured one
    resp = await srv.client.post("/identity/webhooks/onfido", {"x": 1}, key=None)
    assert_error(resp, 404, "not_found")
    assert id_state(await sget(srv, token))["status"] == "pending"


async def test_rejected_then_started_again_and_abandoned(srv, stripe):
    made, token, sid = await started(srv, stripe)
    assert (await stripe.finish(sid, "requires_input", error_code="document_expired")).code == 200
    view = (await sget(srv, token)).json
    state = view["requirements"]["identity_verification"]
    assert state["status"] == "rejected" and state["message"] == "the document has expired"
    assert state["attempts_left"] == 2 and state["redirect_url"] is None
    assert view["can_sign"] is False and "could not be verified" in view["reason"]
    assert_error(await spost(srv, token, "sign", SIGN), 403, "forbidden")
    assert "identity.rejected" in await made.event_types()

    second = id_state(await spost(srv, token, "identity/start"))["redirect_url"].rsplit("/", 1)[1]
    assert second != sid
    # the person leaves Stripe's page: they may start again
    assert (await stripe.finish(second, "requires_input", error_code="abandoned")).code == 200
    state = id_state(await sget(srv, token))
    assert state["status"] == "abandoned" and "left" in state["message"] and state["attempts_left"] == 1
    assert "signing_event.identity_abandoned" in await made.event_types()
    # a late result of the first session changes nothing now
    late = await stripe.deliver(stripe.event(sid, "identity.verification_session.requires_input"))
    assert late.code == 200 and json.loads(late.body)["changed"] is False

    third = id_state(await spost(srv, token, "identity/start"))["redirect_url"].rsplit("/", 1)[1]
    assert (await stripe.finish(third, "verified")).code == 200
    assert id_state(await sget(srv, token))["attempts_left"] == 0
    assert (await spost(srv, token, "sign", SIGN)).status == 200


async def test_no_attempts_left_after_rejections(srv, stripe):
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    for _ in range(srv.services.config.signer.identity_max_attempts):
        sid = id_state(await spost(srv, token, "identity/start"))["redirect_url"].rsplit("/", 1)[1]
        await stripe.finish(sid, "canceled")
    err = assert_error(await spost(srv, token, "identity/start"), 403, "forbidden")
    assert "attempts" in err["message"]


async def test_a_document_in_another_name_is_rejected(srv, stripe):
    made, token, sid = await started(srv, stripe)
    assert (await stripe.finish(sid, "verified", first_name="Zed", last_name="Quux")).code == 200
    state = id_state(await sget(srv, token))
    assert state["status"] == "rejected" and "does not match" in state["message"]
    signer = (await made.get())["signers"][0]
    assert signer["identity_verified"] is False and signer["identity_verified_name"] == "Zed Quux"
    assert signer["identity_name_match_status"] == "no_match"


@pytest.mark.slow
@pytest.mark.parametrize("fault", [503, 500, 429, "drop", "slow", 401])
async def test_stripe_failing_at_start_is_a_retryable_error_and_records_nothing(srv, stripe, fault):
    stripe.slow_seconds = 3  # beyond timeout_seconds = 2
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    usage_before = (await srv.client.get("/v1/usage")).json["identity_verifications"]["current"]
    stripe.faults.append(fault)
    err = assert_error(await spost(srv, token, "identity/start"), 502, "upstream_unavailable")
    assert "try again" in err["message"] and "sk_test" not in err["message"]
    assert await sessions(srv) == []
    state = id_state(await sget(srv, token))
    assert state["status"] is None and state["attempts_left"] == 3
    assert "signing_event.identity_started" not in await made.event_types()
    assert (await srv.client.get("/v1/usage")).json["identity_verifications"]["current"] == usage_before
    # Stripe back: the signer tries again at once and gets exactly one session
    state = id_state(await spost(srv, token, "identity/start"))
    assert state["status"] == "pending" and len(await sessions(srv)) == 1 and len(stripe.sessions) == 1
    assert (await srv.client.get("/v1/usage")).json["identity_verifications"]["current"] == usage_before + 1


async def test_stripe_refusing_for_good_at_start(srv, stripe):
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    stripe.faults.append(400)
    err = assert_error(await spost(srv, token, "identity/start"), 502, "upstream_unavailable")
    assert "ask the sender" in err["message"] and "Stripe 400" in err["message"]
    assert await sessions(srv) == []


async def test_lost_webhook_is_recovered_when_the_signer_returns(srv, stripe):
    made, token, sid = await started(srv, stripe)
    await stripe.finish(sid, "verified", deliver=False)  # the webhook never arrives
    assert id_state(await sget(srv, token))["status"] == "pending"
    back = urllib.parse.urlsplit(stripe.sessions[sid]["return_url"]).path
    stripe.faults.append(503)  # Stripe down at the return: the page still answers, nothing recorded
    page = await srv.client.get(back, key=None)
    assert page.status == 200 and id_state(await sget(srv, token))["status"] == "pending"
    srv.clock.advance(seconds=10)  # `[signer] identity_fetch_seconds` after the last fetch
    page = await srv.client.get(back, key=None)
    assert page.status == 200 and "close this tab" in page.body.decode()
    assert id_state(await sget(srv, token))["status"] == "approved"
    approved = next(e for e in await made.events() if e["event_type"] == "identity.approved")
    assert approved["metadata"]["via"] == "return"
    # the webhook arriving late now changes nothing
    late = await stripe.deliver(stripe.event(sid, "identity.verification_session.verified"))
    assert late.code == 200 and json.loads(late.body)["changed"] is False
    assert (await made.event_types()).count("identity.approved") == 1
    assert (await spost(srv, token, "sign", SIGN)).status == 200
    unknown = await srv.client.get("/identity/return/00000000-0000-4000-8000-000000000000", key=None)
    assert unknown.status == 404 and "does not work" in unknown.body.decode()


async def test_signer_asks_to_check_again(srv, stripe):
    _made, token, sid = await started(srv, stripe)
    state = id_state(await spost(srv, token, "identity/check"))  # not finished at Stripe yet
    assert state["status"] == "pending"
    await stripe.finish(sid, "verified", deliver=False)
    srv.clock.advance(seconds=10)
    stripe.faults.append("drop")
    assert_error(await spost(srv, token, "identity/check"), 502, "upstream_unavailable")
    srv.clock.advance(seconds=10)
    assert id_state(await spost(srv, token, "identity/check"))["status"] == "approved"
    # asked again (another tab, a click racing the return page): the state as it stands, Stripe not asked
    asked = fetches(stripe, sid)
    assert id_state(await spost(srv, token, "identity/check"))["status"] == "approved"
    assert fetches(stripe, sid) == asked


def fetches(stripe, sid) -> int:
    return sum(1 for method, uri in stripe.requests
               if method == "GET" and uri.startswith(f"/v1/identity/verification_sessions/{sid}"))


async def test_checks_and_returns_ask_stripe_at_most_once_per_interval(srv, stripe):
    """`[signer] identity_fetch_seconds` (10): clicks of "Check again" and loads of the return page
    within it are answered from the stored state; Stripe is asked again once it has passed."""
    _made, token, sid = await started(srv, stripe)
    back = urllib.parse.urlsplit(stripe.sessions[sid]["return_url"]).path
    assert id_state(await spost(srv, token, "identity/check"))["status"] == "pending"
    assert fetches(stripe, sid) == 1
    await stripe.finish(sid, "verified", deliver=False)
    many = await asyncio.gather(*[spost(srv, token, "identity/check") for _ in range(5)],
                                *[srv.client.get(back, key=None) for _ in range(5)])
    assert all(resp.status == 200 for resp in many)
    assert fetches(stripe, sid) == 1 and id_state(await sget(srv, token))["status"] == "pending"
    srv.clock.advance(seconds=9.5)
    assert id_state(await spost(srv, token, "identity/check"))["status"] == "pending"
    assert fetches(stripe, sid) == 1
    srv.clock.advance(seconds=0.5)
    both = await asyncio.gather(spost(srv, token, "identity/check"), srv.client.get(back, key=None))
    assert fetches(stripe, sid) == 2 and all(resp.status == 200 for resp in both)
    assert id_state(await sget(srv, token))["status"] == "approved"
    # a fetch that failed counts too: Stripe down is not asked at every click
    _made, token, sid = await started(srv, stripe)
    stripe.faults.append(503)
    assert_error(await spost(srv, token, "identity/check"), 502, "upstream_unavailable")
    assert id_state(await spost(srv, token, "identity/check"))["status"] == "pending"
    assert fetches(stripe, sid) == 1


async def test_webhook_needing_stripe_while_it_is_down_is_delivered_again(srv, stripe):
    _made, token, sid = await started(srv, stripe)
    payload = await stripe.finish(sid, "verified", deliver=False)
    stripe.faults.append(503)  # the verified event needs a fetch of the verified outputs
    first = await stripe.deliver(payload)
    assert first.code == 502 and json.loads(first.body)["error"]["code"] == "upstream_unavailable"
    assert id_state(await sget(srv, token))["status"] == "pending"
    assert (await stripe.deliver(payload)).code == 200  # Stripe retries
    assert id_state(await sget(srv, token))["status"] == "approved"


async def test_form_endpoint_is_refused_with_a_redirect_provider(srv):
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    form = {"full_name": "Ann Example", "date_of_birth": "1990-03-02", "document_type": "passport",
            "document_number": "123456789", "document_expiry": "2031-06-01", "issued_country": "GB"}
    err = assert_error(await spost(srv, token, "identity", form), 409, "invalid_state")
    assert "identity/start" in err["message"]


async def test_two_starts_at_once_leave_one_session(srv, stripe):
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    usage_before = (await srv.client.get("/v1/usage")).json["identity_verifications"]["current"]
    first, second = await asyncio.gather(spost(srv, token, "identity/start"), spost(srv, token, "identity/start"))
    urls = {id_state(first)["redirect_url"], id_state(second)["redirect_url"]}
    assert len(urls) == 1 and len(stripe.sessions) == 2, urls  # both reached Stripe; one session won
    state = id_state(await sget(srv, token))
    assert state["attempts_left"] == 2 and state["redirect_url"] in urls
    assert (await srv.client.get("/v1/usage")).json["identity_verifications"]["current"] == usage_before + 1
    assert (await made.event_types()).count("signing_event.identity_started") == 1
    # a loser's session, if Stripe opened one, is closed in esign's records and its events change nothing
    open_sessions = [s for s in await sessions(srv) if s["status"] == "pending"]
    assert len(open_sessions) == 1
    for sid in stripe.sessions:
        if not state["redirect_url"].endswith(sid):
            late = await stripe.finish(sid, "verified")
            assert late.code == 200 and json.loads(late.body)["changed"] is False
    assert id_state(await sget(srv, token))["status"] == "pending"


async def test_processing_is_still_pending(srv, stripe):
    _made, token, sid = await started(srv, stripe)
    stripe.sessions[sid].update(status="processing")
    resp = await stripe.deliver(stripe.event(sid, "identity.verification_session.processing"))
    assert resp.code == 200 and json.loads(resp.body)["changed"] is False
    assert id_state(await spost(srv, token, "identity/check"))["status"] == "pending"


async def test_a_matching_selfie_can_be_required(stripe, tmp_path):
    async with stripe_server(tmp_path, stripe, require_matching_selfie=True, stripe_version="2024-06-20") as server:
        await started(server, stripe)
        assert stripe.created[-1]["options[document][require_matching_selfie]"] == "true"


async def test_stripe_no_longer_knowing_the_session(srv, stripe):
    made, token, sid = await started(srv, stripe)
    payload = await stripe.finish(sid, "verified", deliver=False)
    del stripe.sessions[sid]  # Stripe answers 404 resource_missing from now on
    # a verified event whose session Stripe then does not know: accepted (no retry), nothing recorded
    resp = await stripe.deliver(payload)
    assert resp.code == 200 and json.loads(resp.body)["changed"] is False
    assert id_state(await sget(srv, token))["status"] == "pending"
    # asking again: the session is over, the signer may start a new one
    state = id_state(await spost(srv, token, "identity/check"))
    assert state["status"] == "abandoned" and "expired" in state["message"] and state["redirect_url"] is None
    assert "signing_event.identity_abandoned" in await made.event_types()
    assert id_state(await spost(srv, token, "identity/start"))["status"] == "pending"


async def test_the_provider_on_its_own(srv, stripe):
    """The three redirect-flow methods called directly, as esign calls them: a session opened at the
    fake Stripe, its signed webhook turned into a normalised result, the result fetched on return."""
    provider = srv.services.identity
    signer = {"id": "s1", "name": "Ann Example", "email": "ann@example.test", "phone": None,
              "signing_request_id": "r1"}
    session = await provider.start_session(signer, f"{srv.url}/identity/return/x1")
    assert session.reference in stripe.sessions and session.redirect_url.startswith(stripe.url)
    assert (await provider.fetch_result(session.reference)).status == "pending"

    payload = await stripe.finish(session.reference, "verified", deliver=False)
    t = int(time.time())
    result = await provider.verify_webhook({"stripe-signature": sign(WEBHOOK_SECRET, payload, t)}, payload)
    assert (result.status, result.reference, result.verified_name) == ("approved", session.reference, "Ann Example")
    assert (await provider.fetch_result(session.reference)).status == "approved"

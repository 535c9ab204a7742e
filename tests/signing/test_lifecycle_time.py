"""The signing request over time: expiry exactly at `expires_at` whether or not the sweep has run,
emails that would carry a dead link, and the automatic reminder schedule of sequential groups. Real
server over HTTP, real SMTP (aiosmtpd), the injectable clock."""
import datetime as dt
import email.utils

from esign.domain.requests import lifecycle
from esign.i18n import datetime_text
from tests.support import SAMPLE_PDF, Hiccup, assert_error

SIGNERS = [{"name": "Ann", "email": "ann@example.test", "order": 1},
           {"name": "Bob", "email": "bob@example.test", "order": 2}]


async def create(srv, **extra) -> dict:
    client = srv.client
    doc = (await client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    resp = await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS, "auto_send": True,
                                                      **extra})
    assert resp.status == 201, resp
    return resp.json


def subjects(srv) -> list[tuple[str, str]]:
    return sorted((m["To"], m["Subject"].split(":")[0]) for m in srv.inbox.messages)


async def test_expiry_takes_effect_at_expires_at_without_the_sweep(smtp_server):
    """No worker sweep between: at `expires_at` the API already answers `expired`, refuses reminders,
    cancelling and embedding, and lets an expired draft be reactivated (it said "reactivate first" and
    reactivate said "this needs expired"). Nobody is sent a reminder or cancellation with a dead link."""
    srv, client = smtp_server, smtp_server.client
    pending = await create(srv, expires_in_days=1)
    draft = await create(srv, expires_in_days=1, auto_send=False)
    await srv.run_jobs()
    srv.inbox.messages.clear()
    url = f"/v1/signing-requests/{pending['id']}"

    srv.clock.advance(days=1, milliseconds=-1)
    assert (await client.get(url)).json["status"] == "pending"
    srv.clock.advance(milliseconds=1)  # exactly expires_at
    got = await client.get(url)
    assert got.status == 200 and got.json["status"] == "expired"
    assert_error(await client.post(f"{url}/remind"), 409, "invalid_state")
    assert_error(await client.post(f"{url}/cancel"), 409, "invalid_state")
    assert_error(await client.post(f"{url}/embedded-url", {"allowed_origin": "https://app.example.test"}),
                 409, "invalid_state")
    events = [e["event_type"] for e in (await client.get(f"{url}/events")).json]
    assert events.count("signing_request.expired") == 1

    error = assert_error(await client.post(f"/v1/signing-requests/{draft['id']}/send"), 409, "invalid_state")
    assert "reactivate" in error["message"]
    reactivated = await client.post(f"/v1/signing-requests/{draft['id']}/reactivate", {"expires_in_days": 2})
    assert reactivated.status == 200 and reactivated.json["status"] == "draft", reactivated
    assert (await client.post(f"/v1/signing-requests/{draft['id']}/send")).json["status"] == "pending"

    srv.clock.advance(minutes=5)  # the sweep comes later and finds nothing more to do
    await srv.run_jobs()
    assert subjects(srv) == [("Ada Admin <ada@a.example.test>", "Expired"),
                             ("Ann <ann@example.test>", "Please sign"), ("Bob <bob@example.test>", "Please sign")]
    expired = next(m for m in srv.inbox.messages if m["Subject"].startswith("Expired"))
    # the time it expired, not the time it was noticed (as an English email gives it)
    when = datetime_text(dt.datetime.fromisoformat(pending['expires_at'][:-1]), "en", seconds=False)
    assert f"expired on {when}" \
        in expired.get_body(("plain",)).get_content()
    events = [e["event_type"] for e in (await client.get(f"{url}/events")).json]
    assert events.count("signing_request.expired") == 1


async def test_no_invitation_with_a_dead_link_after_expiry(smtp_server):
    """An invitation still queued when the request expires (the mail server was slow, the worker behind)
    is not sent, even before the expiry sweep has run: its link would not work."""
    srv = smtp_server
    await create(srv, expires_in_days=1)
    srv.clock.advance(days=1)
    await srv.worker.run_due()  # the email jobs only, no sweep
    assert srv.inbox.messages == []


async def test_next_sequential_group_reminded_after_its_own_invitation(smtp_server):
    """reminder_days 2: Ann signs after 47 hours; Bob, invited then, is reminded 2 days after his
    invitation, not an hour after it on Ann's schedule. Emails are dated by the service's clock."""
    srv = smtp_server
    created = await create(srv, signing_order="sequential", reminder_days=2, expires_in_days=30)
    await srv.run_jobs()
    request = await srv.services.store.signing_requests.by_id(created["id"])
    srv.clock.advance(hours=47)
    await lifecycle.sign(srv.services, request, request["signers"][0]["id"], {}, {"kind": "typed", "text": "Ann"})
    signed_at = srv.clock.now()
    await srv.run_jobs()
    srv.clock.advance(hours=2)
    await srv.run_jobs()
    assert subjects(srv) == [("Ann <ann@example.test>", "Please sign"), ("Bob <bob@example.test>", "Please sign")]
    srv.clock.advance(days=2, hours=-2)
    await srv.run_jobs()
    reminders = [m for m in srv.inbox.messages if m["Subject"].startswith("Reminder")]
    assert [m["To"] for m in reminders] == ["Bob <bob@example.test>"]
    assert email.utils.parsedate_to_datetime(reminders[0]["Date"]).replace(tzinfo=None) == \
        (signed_at + dt.timedelta(days=2)).replace(microsecond=0)


async def test_what_follows_a_transition_is_recovered_after_a_failure(smtp_server):
    """The send's update is stored, then the event store fails: the API answers the send (the request
    is pending; a 500 would have a client retry into 409). The invitations and `signing_request.sent`
    are not lost: the sweep does them a minute later, once. The same for the last signature
    (completion) and a cancel."""
    srv, client = smtp_server, smtp_server.client
    draft = await create(srv, auto_send=False)
    url = f"/v1/signing-requests/{draft['id']}"
    Hiccup(srv.services.store.events, "append", times=2)  # the first sweep fails too; it logs, the next one does it
    sent = await client.post(f"{url}/send")
    assert sent.status == 200 and sent.json["status"] == "pending"
    assert_error(await client.post(f"{url}/send"), 409, "invalid_state")
    await srv.run_jobs()
    assert srv.inbox.messages == []  # not before the grace: the request that failed might still be at it
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    assert subjects(srv) == [("Ann <ann@example.test>", "Please sign"), ("Bob <bob@example.test>", "Please sign")]
    events = [e["event_type"] for e in (await client.get(f"{url}/events")).json]
    assert events.count("signing_request.sent") == 1

    request = await srv.services.store.signing_requests.by_id(draft["id"])
    request = await lifecycle.sign(srv.services, request, request["signers"][0]["id"], {}, {"kind": "typed", "text": "Ann"})
    Hiccup(srv.services.store.events, "append")
    completed = await lifecycle.sign(srv.services, request, request["signers"][1]["id"], {}, {"kind": "typed", "text": "Bob"})
    assert completed["status"] == "completed"
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    srv.clock.advance(minutes=20)
    await srv.run_jobs()
    events = [e["event_type"] for e in (await client.get(f"{url}/events")).json]
    assert events.count("signer.signed") == 2 and events.count("signing_request.completed") == 1
    assert events.count("document.signed") == 1
    got = (await client.get(url)).json
    assert got["status"] == "completed" and got["signed_pdf_available"]
    assert len([m for m in srv.inbox.messages if m["Subject"].startswith("Completed")]) == 3  # Ann, Bob, the owner


async def test_a_cancel_whose_emails_failed_is_followed_by_the_sweep(smtp_server):
    """The job queue fails after the cancel is stored: the cancellation emails still go out, once."""
    srv, client = smtp_server, smtp_server.client
    created = await create(srv)
    url = f"/v1/signing-requests/{created['id']}"
    await srv.run_jobs()
    srv.inbox.messages.clear()
    Hiccup(srv.services.store.jobs, "enqueue")
    cancelled = await client.post(f"{url}/cancel", {"reason": "wrong file"})
    assert cancelled.status == 200 and cancelled.json["status"] == "cancelled"
    assert_error(await client.post(f"{url}/cancel"), 409, "invalid_state")
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    assert subjects(srv) == [("Ann <ann@example.test>", "Cancelled"), ("Bob <bob@example.test>", "Cancelled")]
    events = [e for e in (await client.get(f"{url}/events")).json if e["event_type"] == "signing_request.cancelled"]
    assert len(events) == 1 and events[0]["metadata"]["reason"] == "wrong file"  # and `by`: the API key that cancelled


async def test_a_change_does_what_the_one_before_left_undone(smtp_server):
    """Ann's signature is stored but its event is not (the event store failed); Bob signs before the
    sweep comes: his signature first records Ann's, so the trail has both, in order."""
    srv, client = smtp_server, smtp_server.client
    created = await create(srv, signing_order="parallel")
    await srv.run_jobs()
    request = await srv.services.store.signing_requests.by_id(created["id"])
    ann, bob = request["signers"]
    Hiccup(srv.services.store.events, "append")
    await lifecycle.sign(srv.services, request, ann["id"], {}, {"kind": "typed", "text": "Ann"})
    request = await srv.services.store.signing_requests.by_id(created["id"])
    await lifecycle.sign(srv.services, request, bob["id"], {}, {"kind": "typed", "text": "Bob"})
    events = [(e["event_type"], e.get("signer_email"))
              for e in (await client.get(f"/v1/signing-requests/{created['id']}/events")).json]
    signed = [e for e in events if e[0] == "signer.signed"]  # newest first
    assert signed == [("signer.signed", "bob@example.test"), ("signer.signed", "ann@example.test")]
    assert events.count(("signing_request.completed", None)) == 1


async def test_a_create_whose_event_failed_is_answered_once_and_its_event_follows(smtp_server):
    """The request is stored, then the event store fails: the create is answered 201 (a 500 would have
    the client's retry with the same Idempotency-Key make a second request), `signing_request.created`
    is recorded by the send that follows (auto_send) or the sweep, once, before `signing_request.sent`."""
    srv, client = smtp_server, smtp_server.client
    doc = (await client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    body = {"document_id": doc, "signers": SIGNERS}
    Hiccup(srv.services.store.events, "append")
    made = await client.post("/v1/signing-requests", body, headers={"Idempotency-Key": "draft-1"})
    assert made.status == 201 and made.json["status"] == "draft"
    again = await client.post("/v1/signing-requests", body, headers={"Idempotency-Key": "draft-1"})
    assert again.status == 201 and again.json["id"] == made.json["id"]
    assert (await client.get("/v1/signing-requests")).json["total"] == 1
    url = f"/v1/signing-requests/{made.json['id']}/events"
    assert (await client.get(url)).json == []
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    assert [e["event_type"] for e in (await client.get(url)).json] == ["signing_request.created"]

    Hiccup(srv.services.store.events, "append")  # with auto_send: the send first records the creation
    sent = await client.post("/v1/signing-requests", {**body, "auto_send": True})
    assert sent.status == 201 and sent.json["status"] == "pending"
    events = [e["event_type"] for e in (await client.get(f"/v1/signing-requests/{sent.json['id']}/events")).json]
    assert events == ["signing_request.sent", "signing_request.created"]  # newest first
    srv.clock.advance(minutes=2)
    await srv.run_jobs()
    events = [e["event_type"] for e in (await client.get(f"/v1/signing-requests/{sent.json['id']}/events")).json]
    assert events.count("signing_request.created") == 1

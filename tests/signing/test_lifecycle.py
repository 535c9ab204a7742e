"""The signer-side domain operations (view, sign, decline, withdraw) and sequential order, called
directly as the signer pages will call them; invitations through a real SMTP server."""
import pytest

from esign.domain.requests import lifecycle, links
from esign.errors import ApiError
from tests.support import raw_db, running_server
from tests.support.mail import Inbox, link_of, smtp_controller
from tests.support.signing import THREE, new_request


async def test_sequential_invitations_in_order(smtp_server):
    srv = smtp_server
    request = await new_request(srv, message="Hello from Ada", email_subject="Contract to sign",
                                cc_emails=[{"email": "legal@example.test", "name": "Legal"}])
    await srv.run_jobs()
    assert [m["To"] for m in srv.inbox.messages] == ["Ann <ann@example.test>"]
    invite = srv.inbox.messages[0]
    assert invite["Subject"] == "Contract to sign"
    assert "Hello from Ada" in invite.get_body(("plain",)).get_content()
    assert invite.get_body(("html",)) is not None
    ann, bob, cy = request["signers"]
    assert link_of(invite) == links.signing_url(srv.services, request, ann)
    # the link's token is stored only as a hash
    token = link_of(invite).rsplit("/", 1)[1]
    assert token not in str(await raw_db(srv.services)["signing_requests"].find_one({"_id": request["id"]}))

    with pytest.raises(ApiError) as exc:
        await lifecycle.sign(srv.services, request, bob["id"], {}, {"kind": "typed", "text": "Bob"})
    assert exc.value.status == 409

    request = await lifecycle.view(srv.services, request, ann["id"], {"ip_address": "127.0.0.9", "user_agent": "UA/1"})
    request = await lifecycle.sign(srv.services, request, ann["id"], {}, {"kind": "typed", "text": "Ann"},
                                   {"ip_address": "127.0.0.9", "user_agent": "UA/1"})
    await srv.run_jobs()
    # Bob and Cy share order 2: invited together, after Ann signed
    assert sorted(m["To"] for m in srv.inbox.messages[1:]) == ["Bob <bob@example.test>", "Cy <cy@example.test>"]
    for s in request["signers"][1:]:
        request = await lifecycle.sign(srv.services, request, s["id"], {}, {"kind": "typed", "text": s["name"]})
    assert request["status"] == "completed" and request["signed_pdf_status"] == "processing"
    await srv.run_jobs()
    completed = [m for m in srv.inbox.messages if m["Subject"].startswith("Completed")]
    # everyone's copy once the signed PDF is ready: signers, cc, and the owner of the API key
    assert sorted(m["To"] for m in completed) == ["Ada Admin <ada@a.example.test>", "Ann <ann@example.test>",
                                                  "Bob <bob@example.test>", "Cy <cy@example.test>",
                                                  "Legal <legal@example.test>"]
    events = [e["event_type"] for e in await srv.services.store.events.for_request(request["org_id"], request["id"])]
    assert events.count("signer.signed") == 3 and events.count("signer.viewed") == 1
    assert "signing_request.completed" in events
    viewed = [e for e in await srv.services.store.events.for_request(request["org_id"], request["id"])
              if e["event_type"] == "signer.viewed"][0]
    assert viewed["ip_address"] == "127.0.0.9" and viewed["user_agent"] == "UA/1"


async def test_decline_cancels_and_notifies(smtp_server):
    srv = smtp_server
    request = await new_request(srv, order="parallel")
    await srv.run_jobs()
    ann = request["signers"][0]
    request = await lifecycle.decline(srv.services, request, ann["id"], "wrong amount")
    assert request["status"] == "cancelled"
    assert lifecycle.find_signer(request, ann["id"])["status"] == "declined"
    await srv.run_jobs()
    cancelled = [m["To"] for m in srv.inbox.messages if m["Subject"].startswith("Cancelled")]
    assert sorted(cancelled) == ["Bob <bob@example.test>", "Cy <cy@example.test>"]
    events = [e["event_type"] for e in await srv.services.store.events.for_request(request["org_id"], request["id"])]
    events = [e for e in events if e != "signing_event.email_sent"]
    assert events[:2] == ["signing_request.cancelled", "signer.declined"]
    with pytest.raises(ApiError):
        await lifecycle.sign(srv.services, request, request["signers"][1]["id"], {}, None)


async def test_withdraw_rules(smtp_server):
    srv = smtp_server
    request = await new_request(srv)
    ann, bob, cy = request["signers"]
    request = await lifecycle.sign(srv.services, request, ann["id"], {}, {"kind": "typed", "text": "Ann"})
    request = await lifecycle.withdraw(srv.services, request, ann["id"])
    assert lifecycle.find_signer(request, ann["id"])["status"] == "withdrawn"
    assert lifecycle.find_signer(request, bob["id"])["status"] == "pending"  # back to waiting
    request = await lifecycle.sign(srv.services, request, ann["id"], {}, {"kind": "typed", "text": "Ann"})
    request = await lifecycle.sign(srv.services, request, bob["id"], {}, {"kind": "typed", "text": "Bob"})
    with pytest.raises(ApiError) as exc:
        await lifecycle.withdraw(srv.services, request, ann["id"])
    assert exc.value.status == 409 and "later signer" in exc.value.message
    request = await lifecycle.withdraw(srv.services, request, bob["id"])
    assert request["status"] == "pending"


async def test_smtp_down_is_retried_not_lost(tmp_path):
    smtp_down = {"email": {"provider": "smtp", "host": "127.0.0.1", "port": 9}}
    async with running_server(tmp_path, overrides=smtp_down) as srv:
        await new_request(srv, order="parallel")
        await srv.run_jobs()
        jobs = [j async for j in raw_db(srv.services)["jobs"].find({"kind": "email"})]
        assert len(jobs) == 3 and all(j["status"] == "queued" and j["attempts"] == 1 for j in jobs)
        assert all("smtp" in j["last_error"] for j in jobs)


async def test_bounce_recorded(tmp_path):
    class Refuser(Inbox):
        async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
            return "550 no such user"

    controller, port = smtp_controller(Refuser())
    try:
        email = {"email": {"provider": "smtp", "host": "127.0.0.1", "port": port}}
        async with running_server(tmp_path, overrides=email) as srv:
            request = await new_request(srv, signers=THREE[:1], order="parallel")
            await srv.run_jobs()
            got = (await srv.client.get(f"/v1/signing-requests/{request['id']}")).json
            assert got["signers"][0]["email_bounced_at"] is not None
            job = await raw_db(srv.services)["jobs"].find_one({"kind": "email"})
            assert job["status"] == "failed"
    finally:
        controller.stop()


async def test_reminder_sweep(smtp_server):
    srv = smtp_server
    request = await new_request(srv, signers=THREE[:1], order="parallel", )
    await srv.services.store.signing_requests.col.update_one({"_id": request["id"]}, {"$set": {
        "reminder_days": 2, "next_reminder_at": srv.clock.now() + __import__("datetime").timedelta(days=2)}})
    await srv.run_jobs()
    assert len(srv.inbox.messages) == 1
    srv.clock.advance(days=1)
    await srv.run_jobs()
    assert len(srv.inbox.messages) == 1
    srv.clock.advance(days=1, seconds=1)
    await srv.run_jobs()
    assert [m["Subject"].split(":")[0] for m in srv.inbox.messages] == ["Please sign", "Reminder"]

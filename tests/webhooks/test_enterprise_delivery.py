"""Enterprise signed-PDF delivery to a real local receiver: the spec's body and X-Service-Signature,
a download link that works without a key for exactly 1 hour, retries through the job queue, the
outcome recorded on the request, and no delivery for other plans, sandbox requests or refused URLs."""
import pytest

from esign import config as configmod
from esign.clock import iso
from esign.domain.mail import enterprise_delivery
from esign.domain.orgs import provisioning
from esign.jobs.kinds import PermanentJobError
from tests.support import running_server, start_server
from tests.support.signing import complete_request

SECRET = "delivery-secret-for-the-tests-0123"


async def enable_delivery(server, receiver, org_name="Org A"):
    org = await server.services.store.organizations.by_name(org_name)
    await provisioning.set_delivery(server.services, org, receiver.url("deliver"), SECRET)


async def delivered_request(server, client, receiver, sample_pdf, key="a"):
    upload = await client.upload(sample_pdf, "contract.pdf", key=key)
    request = await complete_request(server, client, upload.json["id"], key=key)
    await server.run_jobs()
    return await server.services.store.signing_requests.by_id(request["id"])


async def test_post_body_signature_and_one_hour_link(server, client, receiver, sample_pdf):
    await enable_delivery(server, receiver)
    request = await delivered_request(server, client, receiver, sample_pdf)
    assert request["signed_pdf_status"] == "ready"

    [got] = receiver.at("deliver")
    assert got.verifies(SECRET, "X-Service-Signature")
    assert not got.verifies(SECRET + "x", "X-Service-Signature")
    assert got.headers["Content-Type"] == "application/json"
    assert got.headers["X-Service-Event"] == "document.signed"
    body = got.json
    url = body.pop("signed_pdf_url")
    assert body == {
        "event": "document.signed", "signing_request_id": request["id"], "document_name": "contract.pdf",
        "completed_at": iso(request["completed_at"]), "expires_in": 3600,
        "signers": [{"name": s["name"], "email": s["email"], "signed_at": iso(s["signed_at"])}
                    for s in request["signers"]]}
    assert body["completed_at"].endswith("Z") and len(body["signers"]) == 2

    assert url.startswith(server.url + "/files/")
    path = url[len(server.url):]
    pdf = await client.get(path, key=None)
    assert pdf.status == 200 and pdf.body == await server.services.storage.get_bytes(request["signed_blob_key"])
    server.clock.advance(seconds=3599)
    assert (await client.get(path, key=None)).status == 200
    server.clock.advance(seconds=1)
    assert (await client.get(path, key=None)).status == 410  # expired after exactly one hour

    record = (await server.services.store.signing_requests.by_id(request["id"]))["delivery"]
    assert record["status"] == "delivered" and record["attempts"] == 1
    assert record["last_response_status"] == 200 and record["last_error"] is None and record["delivered_at"]
    await server.run_jobs()
    assert len(receiver.at("deliver")) == 1  # once per request


async def test_retried_on_500_until_delivered(server, client, receiver, sample_pdf):
    await enable_delivery(server, receiver)
    receiver.statuses["deliver"] = 500
    request = await delivered_request(server, client, receiver, sample_pdf)
    repo = server.services.store.signing_requests
    assert len(receiver.at("deliver")) == 1
    record = (await repo.by_id(request["id"]))["delivery"]
    assert record["status"] == "retrying" and record["attempts"] == 1
    assert record["last_response_status"] == 500 and record["last_error"] == "receiver answered HTTP 500"

    server.clock.advance(seconds=59)
    await server.run_jobs()
    assert len(receiver.at("deliver")) == 1, "a retry ran before its time"
    server.clock.advance(seconds=1)
    await server.run_jobs()
    assert len(receiver.at("deliver")) == 2
    receiver.statuses["deliver"] = 200
    server.clock.advance(seconds=300)
    await server.run_jobs()
    attempts = receiver.at("deliver")
    assert len(attempts) == 3 and all(a.verifies(SECRET, "X-Service-Signature") for a in attempts)
    # every attempt carries a fresh one-hour link
    assert len({a.json["signed_pdf_url"] for a in attempts}) == 3
    record = (await repo.by_id(request["id"]))["delivery"]
    assert record["status"] == "delivered" and record["attempts"] == 3 and record["last_error"] is None

    server.clock.advance(days=1)
    await server.run_jobs()
    assert len(receiver.at("deliver")) == 3


async def test_gives_up_after_the_retries(server, client, receiver, sample_pdf):
    await enable_delivery(server, receiver)
    receiver.statuses["deliver"] = 500
    request = await delivered_request(server, client, receiver, sample_pdf)
    for delay in (60, 300, 900, 86400):
        server.clock.advance(seconds=delay)
        await server.run_jobs()
    assert len(receiver.at("deliver")) == 4  # the first attempt and the three retries
    record = (await server.services.store.signing_requests.by_id(request["id"]))["delivery"]
    assert record["status"] == "failed" and record["attempts"] == 4 and record["last_response_status"] == 500


async def test_an_attempt_after_the_endpoint_went_away_is_not_made(server, client, receiver, sample_pdf):
    """A queued attempt re-checks the plan and the secret (the job handler run directly)."""
    await enable_delivery(server, receiver)
    request = await delivered_request(server, client, receiver, sample_pdf)
    services, orgs, repo = server.services, server.services.store.organizations, server.services.store.signing_requests
    org = await orgs.by_name("Org A")
    attempt = {"attempts": 2, "max_attempts": 4}
    await orgs.update(org["id"], {"delivery_secret_enc": "not-a-fernet-token"})
    with pytest.raises(PermanentJobError):
        await enterprise_delivery.deliver_signed_pdf(services, {"request_id": request["id"]}, attempt)
    record = (await repo.by_id(request["id"]))["delivery"]
    assert record["status"] == "failed" and "cannot be decrypted" in record["last_error"]
    await orgs.update(org["id"], {"plan": "pro"})
    await enterprise_delivery.deliver_signed_pdf(services, {"request_id": request["id"]}, attempt)
    assert (await repo.by_id(request["id"]))["delivery"]["status"] == "cancelled"
    assert len(receiver.at("deliver")) == 1  # only the first, successful delivery


async def test_not_delivered_for_sandbox_or_other_plans(server, client, receiver, sample_pdf):
    await enable_delivery(server, receiver)
    sandbox = await delivered_request(server, client, receiver, sample_pdf, key="a_sandbox")
    assert sandbox["sandbox"] and sandbox["signed_pdf_status"] == "ready" and "delivery" not in sandbox

    org_b = await server.services.store.organizations.by_name("Org B")  # plan pro
    with pytest.raises(provisioning.ProvisioningError) as refused:
        await provisioning.set_delivery(server.services, org_b, receiver.url("deliver"), SECRET)
    assert refused.value.code == "plan_restricted"
    # an endpoint left over from before a downgrade is not used either
    await server.services.store.organizations.update(org_b["id"], {
        "delivery_url": receiver.url("deliver"), "delivery_secret_enc": server.services.secrets.encrypt(SECRET)})
    pro = await delivered_request(server, client, receiver, sample_pdf, key="b")
    assert pro["signed_pdf_status"] == "ready" and "delivery" not in pro
    assert receiver.at("deliver") == []


async def test_private_address_refused_at_delivery(tmp_path, receiver, sample_pdf):
    async with running_server(tmp_path, overrides={"webhooks": {"allow_private_networks": False}}) as server:
        await enable_delivery(server, receiver)
        request = await delivered_request(server, server.client, receiver, sample_pdf)
        record = request["delivery"]
        assert record["status"] == "retrying" and record["last_response_status"] is None
        assert record["last_error"].startswith("not sent: ") and "private networks are not allowed" in record["last_error"]
        assert receiver.requests == []


async def test_config_needs_a_secret_and_an_enterprise_plan(tmp_path):
    org = '\n[[organizations]]\nname = "Org D"\nplan = "{plan}"\ndelivery_url = "https://d.example.test/in"\n'
    with pytest.raises(configmod.ConfigError, match="delivery_secret"):
        await start_server(tmp_path, org.format(plan="enterprise"))
    with pytest.raises(configmod.ConfigError, match="does not include signed-PDF delivery"):
        await start_server(tmp_path, org.format(plan="pro") + 'delivery_secret = "s"\n')


@pytest.mark.slow
@pytest.mark.parametrize("mode, error", [("hang", "timed out after 0.5 s"), ("reset", "connection failed"),
                                         ("refused", "connection failed"), ("stall", None)])
async def test_endpoint_slow_resetting_or_down_then_back(tmp_path, receiver, sample_pdf, mode, error):
    """A receiver that hangs past the time-out, resets or refuses the connection is retried until it
    is back; one that answered 200 and then stalls in its body has the delivery (not sent again)."""
    async with running_server(tmp_path, overrides={"webhooks": {"timeout_seconds": 0.5}}) as server:
        await enable_delivery(server, receiver)
        if mode == "refused":
            receiver.stop()
        else:
            receiver.modes["deliver"] = mode
        request = await delivered_request(server, server.client, receiver, sample_pdf)
        repo = server.services.store.signing_requests
        record = (await repo.by_id(request["id"]))["delivery"]
        if error is None:
            assert record["status"] == "delivered" and record["last_response_status"] == 200
        else:
            assert record["status"] == "retrying" and record["last_error"].startswith(error)
            assert record["last_response_status"] is None
        receiver.modes.clear()
        if mode == "refused":
            receiver.up()
        server.clock.advance(seconds=60)
        await server.run_jobs()
        record = (await repo.by_id(request["id"]))["delivery"]
        assert record["status"] == "delivered" and record["attempts"] == (1 if error is None else 2)
        assert len(receiver.answered_2xx("deliver")) == 1


async def test_a_finalisation_that_failed_after_the_pdf_was_ready_still_announces_it_once(
        server, client, receiver, sample_pdf):
    """The signed PDF is stored and marked ready, then recording `document.signed` fails (a database
    fail-over): the retried job records the event once, delivers to the endpoint once."""
    await enable_delivery(server, receiver)
    events = server.services.store.events
    real, failed = events.append, []

    async def append(org_id, event_type, **kw):
        if event_type == "document.signed" and not failed:
            failed.append(event_type)
            raise ConnectionError("connection reset by peer")
        return await real(org_id, event_type, **kw)

    events.append = append
    request = await delivered_request(server, client, receiver, sample_pdf)
    assert failed and request["signed_pdf_status"] == "ready"
    for _ in range(3):
        server.clock.advance(minutes=10)
        await server.run_jobs()
    trail = await client.get(f"/v1/signing-requests/{request['id']}/events")
    assert [e["event_type"] for e in trail.json].count("document.signed") == 1
    assert len(receiver.at("deliver")) == 1

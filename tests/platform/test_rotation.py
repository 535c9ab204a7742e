"""The rotation procedures of docs/operations.md ("Rotating secrets"), run step by step: the service key
(`[security] previous_secret_keys`, then `esign admin reencrypt-secrets`), the seal
(`[signing] previous_seal_certificates`), webhook secrets, the delivery secret and API keys."""
from __future__ import annotations

import datetime as dt
import shutil
import subprocess

import pytest
from cryptography import x509

from esign import db as dbmod
from esign.clock import FakeClock, iso, stored
from esign.domain.mail import copies, key_horizon
from esign.domain.orgs import provisioning, rotation
from esign.domain.requests import links
from esign.secrets import SecretBox
from esign.webhooks import signatures
from tests.support import KEYS, assert_error, start_server, stop_server
from tests.support.mail import link_of, maildir
from tests.support.processes import ROOT, clean_env
from tests.support.signing import complete_request, signed_pdf

OLD_KEY = "old-service-key-0123456789abcdef-rotation"
NEW_KEY = "new-service-key-0123456789abcdef-rotation"
SIGNERS = [{"name": "Rhea Rotation", "email": "rhea@example.test"}]


def security(current: str, previous=()) -> dict:
    return {"security": {"secret_key": current, "previous_secret_keys": list(previous)}}


async def test_the_service_key_rotates_without_breaking_what_it_made(tmp_path, sample_pdf):
    database, clock = dbmod.connect("memory://?strict", "esign_rotation"), FakeClock()
    # before: everything made with the old key
    old = await start_server(tmp_path, overrides=security(OLD_KEY), clock=clock, database=database)
    try:
        hook = (await old.client.post("/v1/webhooks", {"name": "rotating", "url": "http://127.0.0.1:9/hook",
                                                       "events": ["signing_request.sent"]})).json
        org = await old.services.store.organizations.by_name("Org A")
        await provisioning.set_delivery(old.services, org, "http://127.0.0.1:9/delivery", "delivery-secret-1234")
        document_id = (await old.client.upload(sample_pdf)).json["id"]
        done = await signed_pdf_request(old, document_id)
        old_download = (await old.client.get(f"/v1/signing-requests/{done}/download")).json["download_url"]
        pending = (await old.client.post("/v1/signing-requests", {"document_id": document_id, "signers": SIGNERS,
                                                                  "auto_send": True})).json
        request = await old.services.store.signing_requests.by_id(pending["id"])
        old_link = links.signing_url(old.services, request, request["signers"][0])
    finally:
        await stop_server(old)

    # step 1: the new key is current, the old one listed in previous_secret_keys
    mid = await start_server(tmp_path, overrides=security(NEW_KEY, [OLD_KEY]), clock=clock, database=database)
    try:
        path = old_download[len(old.url):]
        assert (await mid.client.get(path, key=None)).status == 200  # a download link signed before
        new_download = (await mid.client.get(f"/v1/signing-requests/{done}/download")).json["download_url"]
        query = new_download.split("?", 1)[1]
        expires, sig = (part.split("=", 1)[1] for part in query.split("&"))
        assert SecretBox(NEW_KEY).verify(f"download:{done}:signed:{expires}", sig)  # new links: the new key
        token = old_link.rsplit("/", 1)[1]
        assert (await mid.client.get(f"/sign/{token}", key=None)).status == 200  # the link in the invitation
        request = await mid.services.store.signing_requests.by_id(pending["id"])
        # a reminder sends the very same link, not one made with the new key
        assert links.signing_url(mid.services, request, request["signers"][0]).endswith(token)
        stored = await mid.services.store.webhooks.by_id(hook["id"])
        assert (await signatures.in_force(mid.services, stored))[0] == hook["secret"]
        org = await mid.services.store.organizations.by_name("Org A")
        assert mid.services.secrets.decrypt(org["delivery_secret_enc"]) == "delivery-secret-1234"
        # step 2: esign admin reencrypt-secrets
        counts = await rotation.reencrypt_secrets(mid.services)
        assert counts == {"webhook_secrets": 1, "delivery_secrets": 1, "keys": 0, "unreadable": 0,
                          "unreadable_items": []}
        assert await rotation.reencrypt_secrets(mid.services) == {**counts, "webhook_secrets": 0,
                                                                  "delivery_secrets": 0}  # nothing left
    finally:
        await stop_server(mid)

    # step 3: the old key dropped: stored secrets still read; what only the old key signed no longer works
    after = await start_server(tmp_path, overrides=security(NEW_KEY), clock=clock, database=database)
    try:
        stored = await after.services.store.webhooks.by_id(hook["id"])
        assert (await signatures.in_force(after.services, stored))[0] == hook["secret"]
        org = await after.services.store.organizations.by_name("Org A")
        assert after.services.secrets.decrypt(org["delivery_secret_enc"]) == "delivery-secret-1234"
        assert (await after.client.get(new_download[len(mid.url):], key=None)).status == 200
        assert (await after.client.get(old_download[len(old.url):], key=None)).status == 403
    finally:
        await stop_server(after)


async def test_the_printed_horizon_keeps_every_link_of_the_retiring_key(tmp_path, sample_pdf):
    """Step 3 as the docs say it: keep the old key listed until `previous_keys_needed_until.all`. Until
    then every kind of link it made works; dropping it earlier ends a live copy link; after it, dropping
    ends nothing that was still alive. And what no key decrypts is named, never shown."""
    database, clock = dbmod.connect("memory://?strict", "esign_rotation_horizon"), FakeClock()
    old = await start_server(tmp_path, overrides=security(OLD_KEY), clock=clock, database=database)
    try:
        document_id = (await old.client.upload(sample_pdf)).json["id"]
        done = await old.services.store.signing_requests.by_id(await signed_pdf_request(old, document_id))
        copy_link = copies.copy_url(old.services, done)[len(old.url):]
        pending = (await old.client.post("/v1/signing-requests", {"document_id": document_id, "signers": SIGNERS,
                                                                  "auto_send": True, "expires_in_days": 20})).json
        request = await old.services.store.signing_requests.by_id(pending["id"])
        signing_link = links.signing_url(old.services, request, request["signers"][0])[len(old.url):]
        await old.run_jobs()  # the invitation goes out with the link the old key made
        download = (await old.client.get(f"/v1/signing-requests/{done['id']}/download")).json["download_url"]
        hook = (await old.client.post("/v1/webhooks", {"name": "lost", "url": "http://127.0.0.1:9/hook",
                                                       "events": ["signing_request.sent"]})).json
    finally:
        await stop_server(old)
    await database["webhooks"].update_one({"_id": hook["id"]}, {"$set": {
        "secret": SecretBox("a key nobody kept").encrypt("whsec_lost")}})

    both = security(NEW_KEY, [OLD_KEY])
    mid = await start_server(tmp_path, overrides=both, clock=clock, database=database)
    try:
        counts = await rotation.reencrypt_secrets(mid.services)
        assert counts["unreadable"] == 1
        assert counts["unreadable_items"] == [{"kind": "webhook_secret", "org_id": done["org_id"],
                                               "webhook_id": hook["id"]}]
        horizon = await key_horizon.links_horizon(mid.services)
        for path in (copy_link, signing_link, download[len(old.url):]):
            assert (await mid.client.get(path, key=None)).status == 200, path
    finally:
        await stop_server(mid)
    assert "signing_links" not in horizon  # checked by their stored hash: no rotation ends them
    assert horizon["copy_links"] == iso(stored(done["completed_at"]) + dt.timedelta(days=30))  # completed_link_days
    assert horizon["download_links"] == iso(clock.now() + dt.timedelta(hours=24))
    assert horizon["all"] == max(v for k, v in horizon.items() if k != "all") == horizon["copy_links"]

    # dropped too early: the link in the invitation still opens (it is checked by its stored hash), and a
    # reminder, which cannot write that link again, issues a fresh one that works (recorded as such)
    early = await start_server(tmp_path, overrides=security(NEW_KEY), clock=clock, database=database)
    try:
        sent = {m["Message-ID"] for m in maildir(early)}
        assert (await early.client.post(f"/v1/signing-requests/{pending['id']}/remind", {})).json["sent_count"] == 1
        await early.run_jobs()
        [reminder] = [m for m in maildir(early) if m["Message-ID"] not in sent]
        assert reminder["Subject"].startswith("Reminder")
        reminded = link_of(reminder)[len(early.url):]
        assert reminded != signing_link
        for path in (signing_link, reminded):
            assert (await early.client.get(path, key=None)).status == 200, path
        events = (await early.client.get(f"/v1/signing-requests/{pending['id']}/events")).json
        issued = [e for e in events if e["event_type"] == "signing_event.link_issued"]
        assert [e["metadata"]["by"] for e in issued] == [{"service": "key_rotation"}]
        await early.run_jobs()  # nothing more to send: one reminder, one fresh link
        assert len(maildir(early)) == len(sent) + 1
    finally:
        await stop_server(early)

    # a day before the copy links' end: the old key is still needed for them
    clock.advance(days=29)  # the fake clock stands still between steps: done completed at its "now"
    for overrides, status in ((both, 200), (security(NEW_KEY), 403)):
        server = await start_server(tmp_path, overrides=overrides, clock=clock, database=database)
        try:
            assert (await server.client.get(copy_link, key=None)).status == status
        finally:
            await stop_server(server)
    # past `all`: with or without the old key, every link it made has ended on its own, the same way
    clock.advance(days=2)
    answers = []
    for overrides in (both, security(NEW_KEY)):
        server = await start_server(tmp_path, overrides=overrides, clock=clock, database=database)
        try:
            answers.append([(await server.client.get(path, key=None)).status
                            for path in (copy_link, download[len(old.url):], signing_link)])
        finally:
            await stop_server(server)
    # the copy link expired, the download link is gone, the request (never signed) expired; without the
    # old key an expired download link is told apart from a forged one no more (403 rather than 410)
    assert answers == [[403, 410, 409], [403, 403, 409]]


async def signed_pdf_request(server, document_id) -> str:
    """A completed request whose signed PDF is ready; its id."""
    request = await complete_request(server, server.client, document_id)
    await server.run_jobs()
    return request["id"]


def esign(*args) -> subprocess.CompletedProcess:
    return subprocess.run([str(ROOT / ".venv" / "bin" / "esign"), *args], capture_output=True, text=True,
                          timeout=180, env=clean_env())


@pytest.mark.slow
async def test_a_seal_rotation_keeps_earlier_seals_trusted_and_published(tmp_path, sample_pdf):
    config = str(tmp_path / "esign.toml")  # start_server's: the embedded database keeps keys in tmp_path/keys
    first = await start_server(tmp_path)
    try:
        document_id = (await first.client.upload(sample_pdf)).json["id"]
        before = await signed_pdf(first, first.client, document_id, "ses")
    finally:
        await stop_server(first)
    (tmp_path / "before.pdf").write_bytes(before)
    # step 1: keep the current seal's certificates
    proc = esign("seal", "export", "--config", config, "--out", str(tmp_path / "previous-seals.pem"))
    assert proc.returncode == 0, proc.stderr
    old_seal = x509.load_pem_x509_certificates((tmp_path / "previous-seals.pem").read_bytes())[0]
    # step 2: a new seal (here: the generated one removed, so the next start makes another), the old listed
    retired = tmp_path / "retired"
    retired.mkdir()
    for name in ("seal.crt", "seal.key"):
        shutil.move(tmp_path / "keys" / name, retired / name)
    extra = f'[signing]\nprevious_seal_certificates = "{tmp_path}/previous-seals.pem"\n'
    second = await start_server(tmp_path, extra)
    try:
        resp = await second.client.get("/v1/seal-certificate", key=None)
        document_id = (await second.client.upload(sample_pdf)).json["id"]
        after = await signed_pdf(second, second.client, document_id, "ses")
    finally:
        await stop_server(second)
    assert resp.status == 200
    certs = x509.load_pem_x509_certificates(resp.body)
    assert certs[0] != old_seal and old_seal in certs  # the new seal first, the earlier one still published
    labels = [line.split(":", 1)[0] for line in resp.body.decode().splitlines() if line.startswith("# ")]
    assert labels == ["# current seal", "# internal CA", "# previous seal"]
    assert " valid " in resp.body.decode().splitlines()[0]
    (tmp_path / "after.pdf").write_bytes(after)
    # step 3: `esign verify --config` verifies what either seal sealed
    for name in ("before.pdf", "after.pdf"):
        proc = esign("verify", str(tmp_path / name), "--config", config)
        assert proc.returncode == 0, (name, proc.stdout, proc.stderr)
    assert "earlier seal of this deployment" in esign("verify", str(tmp_path / "before.pdf"), "--config", config).stdout


async def test_webhook_delivery_and_api_keys_rotate(server, client):
    # webhook secret: regenerated, the previous one still signs deliveries for the overlap
    hook = (await client.post("/v1/webhooks", {"name": "rotating", "url": "http://127.0.0.1:9/hook",
                                               "events": ["signing_request.sent"]})).json
    fresh = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json
    stored = await server.services.store.webhooks.by_id(hook["id"])
    assert await signatures.in_force(server.services, stored) == (fresh["secret"], hook["secret"])
    # delivery secret: set again with `esign admin set-delivery ORG URL --secret NEW`
    org = await server.services.store.organizations.by_name("Org A")
    await provisioning.set_delivery(server.services, org, "http://127.0.0.1:9/delivery", "second-delivery-secret")
    org = await server.services.store.organizations.by_name("Org A")
    assert server.services.secrets.decrypt(org["delivery_secret_enc"]) == "second-delivery-secret"
    # API key: a new key, both work, the old one revoked
    new_key, record = await provisioning.create_key(server.services, org, name="rotated")
    assert (await client.get("/v1/webhooks", key=new_key)).status == 200
    assert (await client.get("/v1/webhooks")).status == 200
    old = await server.services.store.api_keys.by_key(KEYS["a"])
    assert await server.services.store.api_keys.revoke(old["id"])
    server.clock.advance(seconds=60)  # past `[security] api_key_cache_seconds`
    assert_error(await client.get("/v1/webhooks"), 401)
    assert (await client.get("/v1/webhooks", key=new_key)).status == 200

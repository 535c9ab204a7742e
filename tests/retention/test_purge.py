"""The purge of one signing request (issue 40, items 3 and 4; docs/retention.md): the `admin` scope,
the conditional start, the job worker's blob deletions, the tombstone, the redacted events whose chain
still verifies, 410 `purged` downloads, and a purge interrupted midway that completes once. Real
server over HTTP; the job worker run by the test (`run_jobs`)."""
from __future__ import annotations

import asyncio
import hashlib

import pytest

from esign.audit_chain import event_hash
from esign.domain.evidence.audit import compare_with_store
from esign.domain.orgs import keys
from esign.pdf.verify import check_pdf, fingerprint
from esign.store.base import out
from tests.support import SAMPLE_PDF, assert_error
from tests.support.retention import admin_key
from tests.support.signing import complete_request
from tests.support.store import Hiccup

PURGE_ALL = {"action": "purge_all", "reason": "retention period over"}
PURGE_CONTENT = {"action": "purge_content", "reason": "files no longer needed"}


async def upload(client) -> str:
    return (await client.upload(SAMPLE_PDF.read_bytes(), "purged-contract.pdf")).json["id"]


async def completed(server, client, document_id) -> dict:
    request = await complete_request(server, client, document_id)
    await server.run_jobs()
    return (await client.get(f"/v1/signing-requests/{request['id']}")).json


async def signed_pdf(server, client, request_id) -> bytes:
    link = (await client.get(f"/v1/signing-requests/{request_id}/download")).json["download_url"]
    return (await client.get(link[len(server.url):], key=None)).body


async def test_a_purge_needs_the_admin_scope_a_finished_request_and_a_valid_body(server, client):
    admin = await admin_key(server)
    doc = await upload(client)
    pending = (await client.post("/v1/signing-requests", {"document_id": doc, "auto_send": True, "signers": [
        {"name": "Ann Example", "email": "ann@example.test"}]})).json
    url = f"/v1/signing-requests/{pending['id']}/purge"
    assert_error(await client.post(url, PURGE_ALL), 403, "insufficient_scope")
    assert_error(await client.post(url, PURGE_ALL, key=admin), 409, "invalid_state")
    assert_error(await client.post(url, {"action": "shred", "reason": "x"}, key=admin), 422, "validation_error")
    assert_error(await client.post(url, {"action": "purge_all"}, key=admin), 422, "validation_error")
    assert_error(await client.post(url, {"action": "purge_all", "reason": "a\nb"}, key=admin), 422,
                 "validation_error")
    assert_error(await client.post("/v1/signing-requests/00000000-0000-4000-8000-000000000000/purge", PURGE_ALL,
                                   key=admin), 404, "not_found")
    draft = (await client.post("/v1/signing-requests", {"document_id": doc, "signers": [
        {"name": "Ann Example", "email": "ann@example.test"}]})).json
    said = assert_error(await client.post(f"/v1/signing-requests/{draft['id']}/purge", PURGE_ALL, key=admin), 409,
                        "invalid_state")
    assert "delete the draft" in said["message"]


@pytest.mark.slow
async def test_purge_all_keeps_the_tombstone_and_the_proof_and_removes_the_rest(server, client):
    admin = await admin_key(server)
    services = server.services
    doc = await upload(client)
    request = await completed(server, client, doc)
    rid = request["id"]
    pdf = await signed_pdf(server, client, rid)  # downloaded before the purge
    old_link = (await client.get(f"/v1/signing-requests/{rid}/download")).json["download_url"]
    stored = await services.store.signing_requests.by_id(rid)
    document = await services.store.documents.by_id(doc)
    before_events = await services.store.events.trail(rid)

    started = await client.post(f"/v1/signing-requests/{rid}/purge", PURGE_ALL, key=admin)
    assert started.status == 202, started
    assert started.json["purge"]["state"] == "purging" and started.json["purged_at"] is None
    assert_error(await client.get(f"/v1/signing-requests/{rid}/download"), 410, "purged")  # from the start
    assert_error(await client.post(f"/v1/signing-requests/{rid}/purge", PURGE_ALL, key=admin), 409, "invalid_state")
    await server.run_jobs()

    after = (await client.get(f"/v1/signing-requests/{rid}")).json
    assert after["purge"]["state"] == "done" and after["purged_at"]
    tomb = after["tombstone"]
    assert tomb["signing_request_id"] == rid and tomb["final_state"] == "completed"
    assert (tomb["action"], tomb["reason"], tomb["purged_at"]) == ("purge_all", PURGE_ALL["reason"], after["purged_at"])
    assert tomb["documents"] == [{"document_id": doc, "original_sha256": stored["original_sha256"],
                                  "stamped_sha256": stored["stamped_sha256"],
                                  "signed_sha256": hashlib.sha256(pdf).hexdigest()}]
    # the audit head and count before the purge (the purge request's event is the last)
    trail = await services.store.events.trail(rid)
    assert tomb["audit"]["event_count"] == len(before_events) + 1
    assert tomb["audit"]["head"] == trail[len(before_events)]["hash"]
    seal = await keys.seal_certificates(services, create=False)
    assert tomb["seal_fingerprint"] == fingerprint(seal[0])
    assert tomb["signing_level"] == "ses"
    # the personal data is gone from the request and its events
    assert {(s["name"], s["email"], s.get("phone")) for s in after["signers"]} == {("", "", None)}
    assert after["field_values"] is None
    purged = await services.store.signing_requests.by_id(rid)
    assert purged["signer_emails"] == [] and purged["owner_email"] == ""
    assert all(s.get("ip_address") is None and s.get("user_agent") is None for s in purged["signers"])
    events = (await client.get(f"/v1/signing-requests/{rid}/events")).json
    assert [e for e in events if e.get("signer_email") or e.get("signer_name") or e.get("ip_address")] == []
    assert "signing_event.purged" in {e["event_type"] for e in events}
    # the files are gone: 410 for the API and for a link handed out before
    assert_error(await client.get(f"/v1/signing-requests/{rid}/download"), 410, "purged")
    assert_error(await client.get(old_link[len(server.url):], key=None), 410, "purged")
    for key in (stored["signed_blob_key"], document["blob_key"]):
        assert await services.storage.size(key) is None, key
    assert (await services.store.documents.by_id(doc))["status"] == "purged"
    # the proof survives: the PDF downloaded before still verifies, its sealed trail matches the
    # redacted events, and the organisation's chain still links through them
    trust = [cert for _, cert in await keys.labelled_certificates(services, create=False)]
    report = await asyncio.to_thread(check_pdf, pdf, [*trust, *await keys.validation_roots(services, create=False)],
                                     seal)
    assert report.verified, report.text()
    findings = await compare_with_store(services, report.trail)
    assert all(ok for ok, _ in findings), findings
    day = after["purged_at"][:10]
    assert any(f"events redacted on {day}" in text for _, text in findings), findings
    # the organisation's chain: every event links to the one before it, and every event but the redacted
    # links still hashes to its `hash`
    chain = [e async for e in services.store.events.col.find({"org_id": purged["org_id"]}).sort("seq", 1)]
    assert all(e["prev_org_hash"] == before["hash"] for before, e in zip(chain, chain[1:]))
    assert [e["_id"] for e in chain if e.get("redacted_at") is None and event_hash(out(e)) != e["hash"]] == []
    assert len([e for e in chain if e.get("redacted_at")]) == len(before_events) + 1
    metrics = (await client.get("/metrics", key=None)).body.decode()
    assert 'esign_purges_total{action="purge_all"} 1.0' in metrics
    # and it changes no more
    assert_error(await client.post(f"/v1/signing-requests/{rid}/purge", PURGE_ALL, key=admin), 409, "invalid_state")


@pytest.mark.slow
async def test_purge_content_keeps_the_people_and_an_original_another_request_uses(server, client):
    admin = await admin_key(server)
    services = server.services
    doc = await upload(client)
    request = await completed(server, client, doc)
    other = await completed(server, client, doc)
    stored = await services.store.signing_requests.by_id(request["id"])
    assert (await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE_CONTENT, key=admin)).status == 202
    await server.run_jobs()
    after = (await client.get(f"/v1/signing-requests/{request['id']}")).json
    assert after["tombstone"]["action"] == "purge_content"
    assert [s["name"] for s in after["signers"]] == [s["name"] for s in request["signers"]]
    assert after["field_values"] is None
    assert await services.storage.size(stored["signed_blob_key"]) is None
    document = await services.store.documents.by_id(doc)
    assert await services.storage.size(document["blob_key"]) and document["status"] != "purged"  # the other uses it
    assert (await client.get(f"/v1/signing-requests/{other['id']}/download")).status == 200
    # the events keep their personal fields until a purge_all, which is allowed after a purge_content
    assert any(e.get("signer_email") for e in (await client.get(f"/v1/signing-requests/{request['id']}/events")).json)
    assert (await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE_ALL, key=admin)).status == 202
    await server.run_jobs()
    again = (await client.get(f"/v1/signing-requests/{request['id']}")).json
    assert again["tombstone"]["action"] == "purge_all" and {s["email"] for s in again["signers"]} == {""}


@pytest.mark.slow
async def test_a_purge_interrupted_midway_completes_once(server, client):
    admin = await admin_key(server)
    services = server.services
    doc = await upload(client)
    request = await completed(server, client, doc)
    stored = await services.store.signing_requests.by_id(request["id"])
    # the database fails after the tombstone, the blob jobs and the redaction, before the last step;
    # the storage fails the first deletion
    Hiccup(services.store.signing_requests, "purge_finish")
    Hiccup(services.storage, "delete")
    assert (await client.post(f"/v1/signing-requests/{request['id']}/purge", PURGE_ALL, key=admin)).status == 202
    await server.run_jobs()
    half = await services.store.signing_requests.by_id(request["id"])
    assert half["purge"]["state"] == "purging" and half["tombstone"]
    for _ in range(3):  # the retries are due after their back-off
        server.clock.advance(minutes=5)
        await server.run_jobs()
    done = await services.store.signing_requests.by_id(request["id"])
    assert done["purge"]["state"] == "done" and done["tombstone"] == {**half["tombstone"], "purged_at": done["purged_at"]}
    events = [e["event_type"] for e in await services.store.events.trail(request["id"])]
    assert events.count("signing_event.purged") == 1 and events.count("signing_event.purge_requested") == 1
    assert await services.storage.size(stored["signed_blob_key"]) is None
    metrics = (await client.get("/metrics", key=None)).body.decode()
    assert 'esign_purges_total{action="purge_all"} 1.0' in metrics

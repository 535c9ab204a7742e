"""A person's erasure request (issue 40 item 3; docs/retention.md): `POST /v1/erasure-requests` reports
every request the address signs as purging/purged, held (naming the holds) or kept (by the floor, or not
final), and purges through the job worker. Real server over HTTP; the clock replaced."""
from __future__ import annotations

from tests.support import SAMPLE_PDF, assert_error
from tests.support.public_links import link_of, start, template_of
from tests.support.retention import admin_key, cancelled
from tests.support.templates import bulk, offer_template, recipient

ERASE = {"email": "Jane.Doe@Example.test", "reason": "erasure request of 1 March"}


def outcomes(report) -> dict[str, str]:
    return {r["signing_request_id"]: r["outcome"] for r in report["records"]}


async def test_an_erasure_request_purges_reports_holds_and_the_floor(server, client):
    admin = await admin_key(server)
    services = server.services
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    first = await cancelled(client, doc, "jane.doe@example.test")
    held = await cancelled(client, doc, "JANE.DOE@example.test")
    other = await cancelled(client, doc, "someone.else@example.test")
    pending = (await client.post("/v1/signing-requests", {"document_id": doc, "auto_send": True,
                                                          "expires_in_days": 90, "signers": [
        {"name": "Jane Doe", "email": "jane.doe@example.test"}]})).json["id"]
    hold = (await client.post("/v1/legal-holds", {"name": "Doe v. Acme", "reason": "litigation",
                                                  "signing_request_ids": [held]}, key=admin)).json
    policy = {"rules": [], "notice_days": 0, "floor_days": {"cancelled": 30}}
    assert (await client.request("PUT", "/v1/retention-policy", json_body=policy, key=admin)).status == 200

    assert_error(await client.post("/v1/erasure-requests", ERASE), 403, "insufficient_scope")
    assert_error(await client.post("/v1/erasure-requests", {"email": "nope", "reason": "x"}, key=admin), 422,
                 "validation_error")
    assert_error(await client.post("/v1/erasure-requests", {"email": ERASE["email"]}, key=admin), 422,
                 "validation_error")

    # within the floor: kept, and nothing changes
    report = (await client.post("/v1/erasure-requests", ERASE, key=admin)).json
    assert outcomes(report) == {first: "kept", held: "held", pending: "kept"}
    rows = {r["signing_request_id"]: r for r in report["records"]}
    assert "30 days" in rows[first]["why"] and "pending" in rows[pending]["why"]
    assert rows[held]["legal_holds"] == [{"id": hold["id"], "name": "Doe v. Acme"}]
    assert report["counts"] == {"purging": 0, "purged": 0, "held": 1, "kept": 2} and not report["truncated"]
    assert (await services.store.signing_requests.by_id(first)).get("purge") is None

    # past the floor: purged with purge_all, through the job worker
    server.clock.advance(days=31)
    answer = await client.post("/v1/erasure-requests", ERASE, key=admin)
    assert answer.status == 202, answer
    assert outcomes(answer.json) == {first: "purging", held: "held", pending: "kept"}
    await server.run_jobs()
    purged = (await client.get(f"/v1/signing-requests/{first}")).json
    assert purged["purged_at"] and purged["tombstone"]["action"] == "purge_all"
    assert purged["tombstone"]["reason"] == ERASE["reason"] and {s["email"] for s in purged["signers"]} == {""}
    # the purged request no longer carries the address; the others stay as they were
    again = (await client.post("/v1/erasure-requests", ERASE, key=admin)).json
    assert outcomes(again) == {held: "held", pending: "kept"}
    assert (await client.get(f"/v1/signing-requests/{other}")).json.get("purged_at") is None

    # once the hold is released, the held request goes too
    assert (await client.delete(f"/v1/legal-holds/{hold['id']}", key=admin)).status == 200
    assert outcomes((await client.post("/v1/erasure-requests", ERASE, key=admin)).json)[held] == "purging"
    await server.run_jobs()
    assert (await client.get(f"/v1/signing-requests/{held}")).json["purged_at"]


async def test_a_rule_below_the_floor_is_refused(server, client):
    admin = await admin_key(server)
    policy = {"rules": [{"state": "completed", "after_days": 10, "action": "purge_all"}], "notice_days": 0,
              "floor_days": {"completed": 365}}
    said = assert_error(await client.request("PUT", "/v1/retention-policy", json_body=policy, key=admin), 422,
                        "validation_error")
    assert said["details"][0]["field"] == "rules.0.after_days"
    bad = {"rules": [], "notice_days": 0, "floor_days": {"draft": 3}}
    assert_error(await client.request("PUT", "/v1/retention-policy", json_body=bad, key=admin), 422,
                 "validation_error")


async def test_purge_all_scrubs_the_bulk_item_and_the_identity_sessions_of_the_request(server, client):
    admin = await admin_key(server)
    services = server.services
    template = await offer_template(client)
    job_id = (await bulk(client, template["id"], [recipient(1), recipient(2)])).json["bulk_job_id"]
    await server.run_jobs()
    first, second = (await client.get(f"/v1/bulk-jobs/{job_id}")).json["items"]
    rid = first["signing_request_id"]
    assert (await client.post(f"/v1/signing-requests/{rid}/cancel", {})).status == 200
    now = server.clock.now()
    for i, reference in enumerate(("vendor-ref-1", "vendor-ref-2")):
        await services.store.identity_sessions.insert({
            "_id": f"session-{i}", "provider": "test-vendor", "reference": reference, "org_id": first["id"],
            "request_id": rid, "signer_id": "s", "status": "rejected", "reason": "name mismatch: Person 1",
            "created_at": now, "updated_at": now, "expires_at": None})
    assert (await client.post(f"/v1/signing-requests/{rid}/purge", {"action": "purge_all", "reason": "gone"},
                              key=admin)).status == 202
    await server.run_jobs()
    items = (await client.get(f"/v1/bulk-jobs/{job_id}")).json["items"]
    assert items[0]["recipient_email"] is None and items[1]["recipient_email"] == second["recipient_email"]
    stored = [i async for i in services.store.bulk_items.col.find({"job_id": job_id}).sort("index", 1)]
    assert stored[0]["input"] is None and stored[1]["input"]
    sessions = [s async for s in services.store.identity_sessions.col.find({"request_id": rid})]
    assert {(s["reference"], s["reason"]) for s in sessions} == {("purged:session-0", None),
                                                                   ("purged:session-1", None)}


def others(report) -> dict[tuple[str, str], int]:
    return {(r["kind"], r["outcome"]): r["count"] for r in report["other_records"]}


async def test_an_erasure_request_covers_the_persons_other_records(server, client):
    """The contact, bulk rows, public link uses and identity sessions of the address: erased where nothing
    keeps them (their request purged now, or none), kept with their request otherwise, all held while a
    legal hold names the address; webhook deliveries store no body."""
    admin = await admin_key(server)
    store = server.services.store
    jane = "jane.doe@example.test"
    org_id = (await store.organizations.by_name("Org A"))["id"]
    assert (await client.post("/v1/contacts", {"name": "Jane Doe", "email": "Jane.Doe@example.test"})).status in (200, 201)
    template = await offer_template(client)
    row = {"signers": [{"name": "Jane Doe", "email": "Jane.Doe@Example.test", "role": "candidate"}],
           "variables": {"name": "Jane"}}
    job_id = (await bulk(client, template["id"], [row, row, recipient(3)])).json["bulk_job_id"]
    await server.run_jobs()
    made = [i["signing_request_id"] for i in (await client.get(f"/v1/bulk-jobs/{job_id}")).json["items"]]
    assert (await client.post(f"/v1/signing-requests/{made[0]}/cancel", {})).status == 200  # the other stays pending
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "waiver.pdf")).json["id"]
    link = await link_of(client, await template_of(client, doc), email_code=False)
    visit = await start(server, link, jane, name="Jane Doe")
    assert visit.status == 201, visit
    visited = visit.json["signing_request_id"]
    assert (await client.post(f"/v1/signing-requests/{visited}/cancel", {})).status == 200
    now = server.clock.now()
    for i, request_id in enumerate((made[0], made[1])):
        await store.identity_sessions.insert({
            "_id": f"session-{i}", "provider": "test-vendor", "reference": f"vendor-ref-{i}", "org_id": "o",
            "request_id": request_id, "signer_id": "s", "status": "rejected", "reason": "name mismatch: Jane Doe",
            "created_at": now, "updated_at": now, "expires_at": None})

    # a legal hold naming the address keeps every other record as it is
    hold = (await client.post("/v1/legal-holds", {"name": "Doe v. Acme", "reason": "litigation",
                                                  "signer_email": jane}, key=admin)).json
    report = (await client.post("/v1/erasure-requests", ERASE, key=admin)).json
    assert others(report) == {("contact", "held"): 0, ("bulk_item", "held"): 0, ("public_link_use", "held"): 0,
                              ("identity_session", "held"): 0, ("webhook_delivery", "not_stored"): 0}
    assert report["other_records"][0]["legal_holds"] == [{"id": hold["id"], "name": "Doe v. Acme"}]
    assert await store.contacts.col.count_documents({"org_id": org_id, "email_key": jane}) == 1
    assert (await client.delete(f"/v1/legal-holds/{hold['id']}", key=admin)).status == 200

    report = (await client.post("/v1/erasure-requests", ERASE, key=admin)).json
    assert outcomes(report) == {made[0]: "purging", made[1]: "kept", visited: "purging"}
    assert others(report) == {("contact", "deleted"): 1, ("bulk_item", "scrubbed"): 1, ("bulk_item", "kept"): 1,
                              ("public_link_use", "scrubbed"): 1, ("identity_session", "purging"): 1,
                              ("identity_session", "kept"): 1, ("webhook_delivery", "not_stored"): 0}
    await server.run_jobs()
    assert await store.contacts.col.count_documents({"org_id": org_id, "email_key": jane}) == 0
    items = (await client.get(f"/v1/bulk-jobs/{job_id}")).json["items"]
    assert [i["recipient_email"] for i in items] == [None, "Jane.Doe@Example.test", "person3@example.test"]
    uses = (await client.get(f"/v1/public-links/{link['id']}/uses")).json["items"]
    assert [(u["email"], u["open"]) for u in uses] == [("", False)]
    sessions = {s["_id"]: s["reference"]
                async for s in store.identity_sessions.col.find({"request_id": {"$in": made[:2]}})}
    assert sessions == {"session-0": "purged:session-0", "session-1": "vendor-ref-1"}
    assert jane not in (await client.get(f"/v1/public-links/{link['id']}/uses")).body.decode().lower()

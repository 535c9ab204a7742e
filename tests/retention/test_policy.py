"""The retention policy (issue 40, items 1 and 6; docs/retention.md): GET/PUT and the preview through
the API, and a year and more of rules run by the job worker's sweep with the clock replaced: notice
(`signing_request.purge_scheduled`), purge, a legal hold that keeps a request until released, and an
original kept while another live request uses it. Real server over HTTP."""
from __future__ import annotations

import pytest

from tests.support import SAMPLE_PDF, assert_error, raw_db
from tests.support.mail import maildir
from tests.support.retention import admin_key, cancelled
from tests.support.signing import complete_request

POLICY = {"rules": [{"state": "completed", "after_days": 365, "action": "purge_content"},
                    {"state": "cancelled", "after_days": 30, "action": "purge_all"}], "notice_days": 14}


async def test_the_policy_is_set_read_and_checked(server, client):
    admin = await admin_key(server)
    got = (await client.get("/v1/retention-policy", key=admin)).json
    assert got == {"rules": [], "notice_days": 14, "source": "config", "updated_at": None,
                   "floor_days": {}}
    assert_error(await client.get("/v1/retention-policy"), 403, "insufficient_scope")
    assert_error(await client.request("PUT", "/v1/retention-policy", json_body=POLICY), 403, "insufficient_scope")
    for bad in ({**POLICY, "rules": [POLICY["rules"][1], POLICY["rules"][1]]},
                {**POLICY, "notice_days": -1},
                {"rules": [{"state": "draft", "after_days": 3, "action": "purge_all"}], "notice_days": 1},
                {"rules": [{"state": "expired", "after_days": 0, "action": "purge_all"}], "notice_days": 1},
                {"rules": [{"state": "expired", "after_days": 3, "action": "shred"}], "notice_days": 1},
                {"notice_days": 1}):
        assert_error(await client.request("PUT", "/v1/retention-policy", json_body=bad, key=admin), 422, "validation_error")
    put = await client.request("PUT", "/v1/retention-policy", json_body=POLICY, key=admin)
    assert put.status == 200 and put.json["source"] == "organization" and put.json["rules"] == POLICY["rules"]
    assert (await client.get("/v1/retention-policy", key=admin)).json["rules"] == POLICY["rules"]
    other = await admin_key(server, "Org B")
    assert (await client.get("/v1/retention-policy", key=other)).json["source"] == "config"


@pytest.mark.slow
async def test_a_year_of_rules_notice_purge_hold_release_and_a_shared_original(server, client):
    admin = await admin_key(server)
    services = server.services
    shared = (await client.upload(SAMPLE_PDF.read_bytes(), "shared.pdf")).json["id"]
    own = (await client.upload(SAMPLE_PDF.read_bytes(), "own.pdf")).json["id"]
    assert (await client.request("PUT", "/v1/retention-policy", json_body=POLICY, key=admin)).status == 200
    contract = (await complete_request(server, client, shared))["id"]  # completed on day 0
    dropped = await cancelled(client, shared, "drop@example.test")  # cancelled on day 0, uses the same original
    held = await cancelled(client, own, "held@example.test")
    free = await cancelled(client, own, "free@example.test")
    await server.run_jobs()
    hold = (await client.post("/v1/legal-holds", {"name": "Dispute", "reason": "litigation",
                                                  "signer_email": "held@example.test"}, key=admin)).json
    shared_key = (await services.store.documents.by_id(shared))["blob_key"]

    async def state(request_id):
        return (await client.get(f"/v1/signing-requests/{request_id}")).json

    def notices():
        return [m for m in maildir(server) if m["Subject"].startswith("To be purged:")]

    async def scheduled_events():
        items = (await client.get("/v1/events?event_type=signing_request.purge_scheduled&limit=100")).json["items"]
        return sorted(e["signing_request_id"] for e in items)

    preview = (await client.get("/v1/retention-policy/preview", key=admin)).json
    assert [(r["state"], r["now"], r["next_30_days"]) for r in preview["rules"]] == [("completed", 0, 0),
                                                                                     ("cancelled", 0, 3)]
    day = 0
    seen: dict[str, int] = {}
    while day < 400:
        server.clock.advance(days=1)
        day += 1
        await server.run_jobs()
        for name, rid in (("contract", contract), ("dropped", dropped), ("held", held), ("free", free)):
            if name not in seen and (await state(rid))["purged_at"]:
                seen[name] = day
        if day == 15:  # the notice comes 14 days before day 30
            assert await scheduled_events() == []
        if day == 16:
            assert await scheduled_events() == sorted([dropped, held, free])
            assert (await state(free))["retention_rule"] == "cancelled after 30 days"
            mailed = notices()  # the owner is told, once per request
            assert len(mailed) == 3 and {m["To"].addresses[0].addr_spec for m in mailed} == {"ada@a.example.test"}
            text = mailed[0].get_body(("plain",)).get_content()
            assert "by the retention policy (rule: 30 days after it was cancelled)" in text and "legal hold" in text
        if day == 45:
            assert (await state(held))["purged_at"] is None and (await state(held))["legal_holds"]
            assert await services.storage.size(shared_key)  # the completed contract still uses it
            assert (await client.delete(f"/v1/legal-holds/{hold['id']}", key=admin)).status == 200
    # the cancelled ones on day 30 (the held one once released, within a day), the contract on day 365
    assert seen["free"] == seen["dropped"] == 30 and 45 < seen["held"] <= 47 and seen["contract"] == 365, seen
    assert (await state(free))["tombstone"]["rule"] == "cancelled after 30 days"
    assert {s["email"] for s in (await state(free))["signers"]} == {""}  # purge_all
    contract_now = await state(contract)
    assert contract_now["tombstone"]["action"] == "purge_content" and contract_now["signers"][0]["email"]
    assert await scheduled_events() == sorted([contract, dropped, held, free])  # each announced once
    assert len(notices()) == 4
    assert await services.storage.size(shared_key) is None  # unreferenced once the contract was purged


async def test_the_purge_notice_says_the_rule_in_the_owners_language(server, client):
    admin = await admin_key(server)
    org = await server.services.store.organizations.by_name("Org A")
    await raw_db(server.services)["organizations"].update_one({"_id": org["id"]}, {"$set": {"default_locale": "de"}})
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    policy = {"rules": [{"state": "cancelled", "after_days": 30, "action": "purge_all"}], "notice_days": 14}
    assert (await client.request("PUT", "/v1/retention-policy", json_body=policy, key=admin)).status == 200
    await cancelled(client, doc, "pat@example.test")
    server.clock.advance(days=17)
    await server.run_jobs()
    (notice,) = [m for m in maildir(server) if m["To"].addresses[0].addr_spec == "ada@a.example.test"]
    text = notice.get_body(("plain",)).get_content()
    assert "(Regel: 30 Tage nach der Stornierung)" in text and "cancelled" not in text, text

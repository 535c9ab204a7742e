"""A request's own retention (issue 40 item 1; docs/retention.md): `PUT .../retention` within the
organisation's floor, an earlier purge only with `admin`, the owner's extension with `write`, and the
sweep purging on the request's own date. Real server over HTTP; the clock replaced."""
from __future__ import annotations

import datetime as dt

from tests.support import SAMPLE_PDF, assert_error
from tests.support.retention import admin_key, cancelled

POLICY = {"rules": [{"state": "cancelled", "after_days": 90, "action": "purge_all"}], "notice_days": 14,
          "floor_days": {"cancelled": 30}}


def day(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


async def test_a_requests_own_retention_within_the_floor_and_its_extension(server, client):
    admin = await admin_key(server)
    assert (await client.request("PUT", "/v1/retention-policy", json_body=POLICY, key=admin)).status == 200
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    rid = await cancelled(client, doc, "pat@example.test")
    url = f"/v1/signing-requests/{rid}/retention"
    ended = (await server.services.store.signing_requests.by_id(rid))["cancelled_at"].replace(tzinfo=dt.timezone.utc)

    said = assert_error(await client.request("PUT", url, json_body={"after_days": 10, "action": "purge_all"},
                                             key=admin), 422, "validation_error")
    assert "30 days" in said["details"][0]["message"]
    assert_error(await client.request("PUT", url, json_body={"after_days": 60, "action": "purge_all"}), 403,
                 "insufficient_scope")  # sooner than the rule's 90 days: admin only
    assert_error(await client.request("PUT", url, json_body={"after_days": 60, "action": "shred"}, key=admin), 422,
                 "validation_error")
    set_60 = await client.request("PUT", url, json_body={"after_days": 60, "action": "purge_content"}, key=admin)
    assert set_60.status == 200, set_60
    assert day(set_60.json["retention_purge_at"]) == ended + dt.timedelta(days=60)
    assert set_60.json["retention_rule"] == "60 days set for this request"
    # the owner extends it (write scope), but may not bring it back sooner
    extended = await client.request("PUT", url, json_body={"after_days": 120, "action": "purge_all"})
    assert extended.status == 200 and day(extended.json["retention_purge_at"]) == ended + dt.timedelta(days=120)
    assert_error(await client.request("PUT", url, json_body={"after_days": 100, "action": "purge_all"}), 403,
                 "insufficient_scope")
    events = (await client.get("/v1/events?event_type=signing_request.purge_scheduled&limit=10")).json["items"]
    assert [e["signing_request_id"] for e in events] == [rid, rid]  # each new date announced

    server.clock.advance(days=119)
    await server.run_jobs()
    assert (await client.get(f"/v1/signing-requests/{rid}")).json["purged_at"] is None  # not on the rule's day 90
    server.clock.advance(days=2)
    await server.run_jobs()
    purged = (await client.get(f"/v1/signing-requests/{rid}")).json
    assert purged["purged_at"] and purged["tombstone"]["action"] == "purge_all"
    assert purged["tombstone"]["rule"] == "120 days set for this request"
    assert_error(await client.request("PUT", url, json_body={"after_days": 200, "action": "purge_all"}), 409,
                 "invalid_state")


async def test_only_an_ended_request_takes_a_retention(server, client):
    admin = await admin_key(server)
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    pending = (await client.post("/v1/signing-requests", {"document_id": doc, "auto_send": True, "signers": [
        {"name": "Pat Person", "email": "pat@example.test"}]})).json["id"]
    assert_error(await client.request("PUT", f"/v1/signing-requests/{pending}/retention",
                                      json_body={"after_days": 30, "action": "purge_all"}, key=admin), 409,
                 "invalid_state")
    # no rule for cancelled requests (the config's default): any date is sooner than never
    rid = await cancelled(client, doc, "pat@example.test")
    assert_error(await client.request("PUT", f"/v1/signing-requests/{rid}/retention",
                                      json_body={"after_days": 3000, "action": "purge_all"}), 403,
                 "insufficient_scope")

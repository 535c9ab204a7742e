"""A template's own retention (issue 40 item 1; docs/retention.md): set on `POST`/`PATCH /v1/templates`
within the organisation's floor, it takes the place of the state's rule for the requests made from the
template, unless a request has its own. Real server over HTTP; the clock replaced."""
from __future__ import annotations

import datetime as dt

from tests.support import SAMPLE_PDF, assert_error
from tests.support.retention import admin_key, cancelled
from tests.support.templates import field

POLICY = {"rules": [{"state": "cancelled", "after_days": 90, "action": "purge_content"}], "notice_days": 14,
          "floor_days": {"cancelled": 30}}
ROLES = [{"name": "Signer", "fields": [field()]}]


async def from_template(client, template_id, email) -> str:
    """The id of a request made from the template and cancelled."""
    sent = await client.post(f"/v1/templates/{template_id}/send", {"signers": [
        {"name": "Pat Person", "email": email, "role": "Signer"}]})
    assert sent.status == 201, sent
    assert (await client.post(f"/v1/signing-requests/{sent.json['id']}/cancel", {})).status == 200
    return sent.json["id"]


async def state(client, request_id) -> dict:
    return (await client.get(f"/v1/signing-requests/{request_id}")).json


async def test_a_templates_retention_applies_to_its_requests_within_the_floor(server, client):
    admin = await admin_key(server)
    assert (await client.request("PUT", "/v1/retention-policy", json_body=POLICY, key=admin)).status == 200
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    body = {"name": "Short-lived", "document_id": doc, "roles": ROLES}

    said = assert_error(await client.post("/v1/templates", {**body, "retention": {"after_days": 10,
                                                                                  "action": "purge_all"}}, key=admin),
                        422, "validation_error")
    assert said["details"][0]["field"] == "retention.after_days" and "30 days" in said["details"][0]["message"]
    assert_error(await client.post("/v1/templates", {**body, "retention": {"after_days": 40, "action": "shred"}},
                                   key=admin), 422, "validation_error")
    made = await client.post("/v1/templates", {**body, "retention": {"after_days": 40, "action": "purge_all"}},
                             key=admin)  # sooner than the rule's 90 days: admin only (below)
    assert made.status == 201, made
    assert made.json["retention"] == {"after_days": 40, "action": "purge_all"}
    url = f"/v1/templates/{made.json['id']}"
    assert_error(await client.patch(url, {"retention": {"after_days": 20, "action": "purge_all"}}, key=admin), 422,
                 "validation_error")
    patched = await client.patch(url, {"retention": {"after_days": 45, "action": "purge_all"}})  # later: any write key
    assert patched.status == 200 and patched.json["retention"]["after_days"] == 45, patched

    templated = await from_template(client, made.json["id"], "tess@example.test")
    own = await from_template(client, made.json["id"], "owen@example.test")
    plain = await cancelled(client, doc, "pat@example.test")
    ended = (await server.services.store.signing_requests.by_id(templated))["cancelled_at"].replace(
        tzinfo=dt.timezone.utc)
    # the request's own retention wins; a write key may set it later than its template's
    set_own = await client.request("PUT", f"/v1/signing-requests/{own}/retention",
                                   json_body={"after_days": 200, "action": "purge_content"})
    assert set_own.status == 200, set_own

    server.clock.advance(days=31)  # 45 - 14 days of notice: the template's requests are scheduled
    await server.run_jobs()
    scheduled = await state(client, templated)
    assert scheduled["retention_rule"] == "45 days set by its template"
    assert dt.datetime.fromisoformat(scheduled["retention_purge_at"].replace("Z", "+00:00")) == ended + dt.timedelta(days=45)
    assert (await state(client, plain)).get("retention_purge_at") is None  # its rule's 90 days are far
    assert (await state(client, own))["retention_rule"] == "200 days set for this request"

    server.clock.advance(days=14)
    await server.run_jobs()
    purged = await state(client, templated)
    assert purged["purged_at"] and purged["tombstone"]["action"] == "purge_all"
    assert purged["tombstone"]["rule"] == "45 days set by its template"
    assert not (await state(client, plain))["purged_at"] and not (await state(client, own))["purged_at"]

    server.clock.advance(days=31)  # day 76: the state's rule schedules the request not made from the template
    await server.run_jobs()
    assert (await state(client, plain))["retention_rule"] == "cancelled after 90 days"
    server.clock.advance(days=15)
    await server.run_jobs()
    assert (await state(client, plain))["tombstone"]["action"] == "purge_content"
    assert not (await state(client, own))["purged_at"]


async def test_only_an_admin_key_makes_a_templates_requests_purged_sooner(server, client):
    """A `write` key may set a template's retention only where it purges every final state's requests no
    sooner than they would be now (the template's current retention, else the state's rule; no rule:
    never); `admin` may shorten it down to the floor. 403 insufficient_scope otherwise, 422 below the floor."""
    admin = await admin_key(server)
    policy = {"rules": [{"state": "completed", "after_days": 365, "action": "purge_content"},
                        {"state": "cancelled", "after_days": 90, "action": "purge_all"},
                        {"state": "expired", "after_days": 90, "action": "purge_all"}],
              "notice_days": 14, "floor_days": {"cancelled": 30}}
    assert (await client.request("PUT", "/v1/retention-policy", json_body=policy, key=admin)).status == 200
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    body = {"name": "Kept", "document_id": doc, "roles": ROLES}

    def retention(days):
        return {"retention": {"after_days": days, "action": "purge_content"}}

    said = assert_error(await client.post("/v1/templates", {**body, **retention(100)}), 403, "insufficient_scope")
    assert "completed requests (now 365 days)" in said["message"] and "cancelled" not in said["message"], said
    made = await client.post("/v1/templates", {**body, **retention(400)})  # later than every rule
    assert made.status == 201, made
    url = f"/v1/templates/{made.json['id']}"
    assert_error(await client.patch(url, retention(380)), 403, "insufficient_scope")  # sooner than its own 400
    assert_error(await client.patch(url, {"retention": None}), 403, "insufficient_scope")  # back to the rules
    assert (await client.patch(url, retention(500))).status == 200
    assert (await client.patch(url, {"name": "Renamed"})).status == 200  # its retention left alone
    assert_error(await client.patch(url, retention(20), key=admin), 422, "validation_error")  # the floor binds admin
    assert (await client.patch(url, retention(40), key=admin)).json["retention"]["after_days"] == 40
    assert (await client.patch(url, retention(45))).status == 200  # later again: any write key
    assert (await client.get(url)).json["retention"] == {"after_days": 45, "action": "purge_content"}
    assert (await client.patch(url, {"retention": None}, key=admin)).json["retention"] is None

    # a state without a rule is never purged: a template retention purges it sooner, for admin only
    assert (await client.request("PUT", "/v1/retention-policy", key=admin, json_body={
        "rules": [{"state": "cancelled", "after_days": 90, "action": "purge_all"}], "notice_days": 14})).status == 200
    said = assert_error(await client.post("/v1/templates", {**body, **retention(4000)}), 403, "insufficient_scope")
    assert "completed requests (now never)" in said["message"] and "expired requests (now never)" in said["message"]
    assert (await client.post("/v1/templates", {**body, **retention(4000)}, key=admin)).status == 201

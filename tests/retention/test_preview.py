"""The retention preview (issue 40 item 1; docs/retention.md): `GET /v1/retention-policy/preview` counts
by the rules the sweep applies (esign.domain.retention.policy.applied): the policy's rules, a template's
own retention in place of them, and a request's own retention. Real server over HTTP; the clock
replaced, the sweep run day by day, the preview checked against what it then purges."""
from __future__ import annotations

from tests.support import SAMPLE_PDF
from tests.support.retention import admin_key, cancelled
from tests.support.templates import field

POLICY = {"rules": [{"state": "cancelled", "after_days": 90, "action": "purge_content"}], "notice_days": 14,
          "floor_days": {"cancelled": 30}}


def counts(preview: dict) -> tuple:
    """(the cancelled rule's, the template's, the requests' own) (now, next_30_days)."""
    (rule,), (template,), own = preview["rules"], preview["templates"], preview["requests"]
    return ((rule["now"], rule["next_30_days"]), (template["now"], template["next_30_days"]),
            (own["now"], own["next_30_days"]))


async def test_the_preview_counts_templates_and_requests_own_retention_as_the_sweep_applies_them(server, client):
    admin = await admin_key(server)
    assert (await client.request("PUT", "/v1/retention-policy", json_body=POLICY, key=admin)).status == 200
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    template = await client.post("/v1/templates", {"name": "Short-lived", "document_id": doc, "roles": [
        {"name": "Signer", "fields": [field()]}], "retention": {"after_days": 40, "action": "purge_all"}}, key=admin)
    assert template.status == 201, template
    sent = await client.post(f"/v1/templates/{template.json['id']}/send", {"signers": [
        {"name": "Tess Template", "email": "tess@example.test", "role": "Signer"}]})
    templated = sent.json["id"]
    assert (await client.post(f"/v1/signing-requests/{templated}/cancel", {})).status == 200
    plain = await cancelled(client, doc, "pat@example.test")
    own = await cancelled(client, doc, "owen@example.test")
    set_own = await client.request("PUT", f"/v1/signing-requests/{own}/retention", key=admin,
                                   json_body={"after_days": 60, "action": "purge_content"})
    assert set_own.status == 200, set_own

    async def preview() -> dict:
        answer = await client.get("/v1/retention-policy/preview", key=admin)
        assert answer.status == 200, answer
        return answer.json

    async def purged(request_id) -> bool:
        return bool((await client.get(f"/v1/signing-requests/{request_id}")).json["purged_at"])

    first = await preview()
    assert first["templates"][0]["template_id"] == template.json["id"]
    assert first["templates"][0]["after_days"] == 40 and first["templates"][0]["action"] == "purge_all"
    assert counts(first) == ((0, 0), (0, 0), (0, 0))
    expected = {15: ((0, 0), (0, 1), (0, 0)),  # the template's request is 40 days away, not the rule's 90
                35: ((0, 0), (0, 1), (0, 1)),  # scheduled by its template (day 26), the own one's day 60 near
                61: ((0, 1), (0, 0), (0, 0)),  # both purged; the plain one within 30 days of its 90
                80: ((0, 1), (0, 0), (0, 0)),  # scheduled by the rule (day 76)
                90: ((1, 1), (0, 0), (0, 0))}  # due now (the sweep begins it on its next run)
    for day in range(1, 91):
        server.clock.advance(days=1)
        if day in expected:
            assert counts(await preview()) == expected[day], day
        await server.run_jobs()
        if day == 40:
            assert await purged(templated) and not await purged(own) and not await purged(plain)
        if day == 60:
            assert await purged(own) and not await purged(plain)
    assert await purged(plain)

"""Bulk send from a template whose roles name other roles (docs/roles.md) over real HTTP: each row's request
has its assistant assisting and its witness witnessing that row's people, and a row may give the person of
a cc role `notify_on` (the role's otherwise); a row giving it to anyone else fails that item only."""
from __future__ import annotations

from tests.support.templates import bulk, field, offer_template

ROLES = [{"name": "Helper", "type": "assistant", "assists": ["Candidate"], "fields": []},
         {"name": "Candidate", "fields": [field(), field(field_type="text", y_percent=10, value="{{name}}")]},
         {"name": "Witness", "type": "witness", "witness_for": "candidate", "fields": [field(x_percent=50)]},
         {"name": "HR", "type": "cc", "notify_on": "sent", "fields": []}]


def row(i: int, **hr) -> dict:
    return {"signers": [{"name": f"Helper {i}", "email": f"helper{i}@example.test", "role": "helper"},
                        {"name": f"Person {i}", "email": f"person{i}@example.test", "role": "candidate"},
                        {"name": f"Witness {i}", "email": f"witness{i}@example.test", "role": "witness"},
                        {"name": "HR", "email": f"hr{i}@example.test", "role": "hr", **hr}],
            "variables": {"name": f"Person {i}"}}


async def test_bulk_rows_carry_the_roles_links_and_a_cc_rows_notify_on(server, client):
    t = await offer_template(client, roles=ROLES)
    misplaced = row(3)
    misplaced["signers"][1]["notify_on"] = "sent"  # not a cc: that item fails, the others go
    resp = await bulk(client, t["id"], [row(1), row(2, notify_on="completed"), misplaced])
    assert resp.status == 202, resp
    await server.run_jobs()
    job = (await client.get(f"/v1/bulk-jobs/{resp.json['bulk_job_id']}")).json
    assert [i["status"] for i in job["items"]] == ["succeeded", "succeeded", "failed"]
    assert job["items"][2]["error_message"] == ("validation_error: signers.1.notify_on: only a participant of type cc "
                                                "is notified: leave it out")
    for n, item in enumerate(job["items"][:2], start=1):
        request = (await client.get(f"/v1/signing-requests/{item['signing_request_id']}")).json
        helper, candidate, witness, hr = request["signers"]
        assert (helper["type"], helper["status"], helper["assists"]) == ("assistant", "sent", [candidate["id"]])
        assert candidate["email"] == f"person{n}@example.test" and candidate["status"] == "pending"
        assert (witness["type"], witness["witness_for"]) == ("witness", candidate["id"])
        assert (hr["type"], hr["notify_on"], hr["status"]) == (
            ("cc", "sent", "notified") if n == 1 else ("cc", "completed", "pending"))

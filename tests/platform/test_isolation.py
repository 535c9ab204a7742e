"""Organisations see nothing of each other (spec: Authentication): every operation that names a
resource by id, walked from the OpenAPI document, answers another organisation's key 404 with a
message that names none of the resource's data; resources referred to in a body are refused; lists
and the event stream never mix. Real server over HTTP."""
from __future__ import annotations

import json
import re

import pytest

from esign import openapi
from esign.app import all_routes
from esign.domain.orgs import provisioning
from tests.support import SAMPLE_PDF, assert_error
from tests.support.templates import bulk, offer_template, recipient

SIGNERS = [{"name": "Ann Private", "email": "ann.private@a.example.test"}]
BODIES = {  # valid for the owner, so that only the key decides the answer
    "POST /v1/signing-requests/{request_id}/cancel": {"reason": "Org A's secret reason"},
    "POST /v1/signing-requests/{request_id}/reactivate": {"expires_in_days": 3},
    "POST /v1/signing-requests/{request_id}/purge": {"action": "purge_all", "reason": "Org A's secret reason"},
    "POST /v1/signing-requests/{request_id}/revoke": {"reason": "Org A's secret reason"},
    "POST /v1/signing-requests/{request_id}/fields": {"fields": []},
    "POST /v1/signing-requests/{request_id}/embedded-url": {"allowed_origin": "https://app.a.example.test"},
    "PATCH /v1/webhooks/{webhook_id}": {"name": "renamed"},
    "PATCH /v1/templates/{template_id}": {"name": "renamed"},
    "POST /v1/signing-requests/{request_id}/signers/{signer_id}/replace": {"name": "X", "email": "x@b.example.test"},
    "PATCH /v1/signing-requests/{request_id}": {"message": "renamed"},
    "PATCH /v1/signing-requests/{request_id}/fields/{field_id}": {"x_percent": 5},
    "POST /v1/templates/{template_id}/send": {"signers": [{"name": "X", "email": "x@b.example.test", "role": "candidate"}]},
}


async def org_a_resources(server, client) -> dict:
    """One of everything in organisation A, by path parameter name."""
    template = await offer_template(client)
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "a-private.pdf")).json["id"]
    request = (await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS,
                                                          "auto_send": True})).json
    hook = (await client.post("/v1/webhooks", {"name": "a-hook", "url": "http://127.0.0.1:9/a-private",
                                               "events": ["signing_request.created"]})).json
    contact = (await client.post("/v1/contacts", {"name": "Carl Private", "email": "carl@a.example.test"})).json
    job = (await bulk(client, template["id"], [recipient(1)])).json
    await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS})  # an event for the hook
    await server.run_jobs()
    deliveries = (await client.get(f"/v1/webhooks/{hook['id']}/deliveries")).json
    delivery = (deliveries["items"] if isinstance(deliveries, dict) else deliveries)[0]
    session = (await client.post("/v1/authoring-sessions", {"mode": "request", "document_ids": [doc],
                                                            "defaults": {"signers": SIGNERS}})).json
    org_a = await server.services.store.organizations.by_name("Org A")
    admin_a, _ = await provisioning.create_key(server.services, org_a, ["read", "write", "admin"])
    hold = (await client.post("/v1/legal-holds", {"name": "Org A's hold", "reason": "a-private",
                                                  "signer_email": "ann.private@a.example.test"}, key=admin_a)).json
    link = (await client.post(f"/v1/templates/{template['id']}/public-links",
                              {"name": "a-private link", "public_role": "Candidate"})).json
    field = (await client.post(f"/v1/signing-requests/{request['id']}/fields", {"fields": [
        {"signer_id": request["signers"][0]["id"], "x_percent": 10, "y_percent": 10}]})).json
    return {"request_id": request["id"], "signer_id": request["signers"][0]["id"],
            "field_id": field[0]["id"] if isinstance(field, list) else "00000000-0000-4000-8000-000000000000",
            "template_id": template["id"], "webhook_id": hook["id"],
            "contact_id": contact["id"], "bulk_job_id": job["bulk_job_id"], "delivery_id": delivery["id"],
            "document_id": doc, "session_id": session["id"], "hold_id": hold["id"],
            "link_id": link["id"]}


@pytest.mark.slow
async def test_every_operation_on_another_organisations_resource_is_404(server, client):
    ids = await org_a_resources(server, client)
    # organisation B's key with every scope (`admin` too: the purge), so that only the organisation decides
    org_b = await server.services.store.organizations.by_name("Org B")
    key_b, _ = await provisioning.create_key(server.services, org_b, ["read", "write", "admin"])
    walked = []
    for path, operations in openapi.build(all_routes())["paths"].items():
        params = re.findall(r"{(\w+)}", path)
        if not path.startswith("/v1/") or not params:
            continue
        url = path.format(**{p: ids[p] for p in params})
        for method in operations:
            if method not in ("get", "post", "patch", "delete"):
                continue
            name = f"{method.upper()} {path}"
            walked.append(name)
            body = BODIES.get(name, {} if method in ("post", "patch") else None)
            resp = await client.request(method.upper(), url, json_body=body, key=key_b)
            err = assert_error(resp, 404, "not_found")
            said = json.dumps(err)
            for secret in ("Ann Private", "ann.private", "Carl", "a-private", "Offer letter", "Org A", "a-hook"):
                assert secret not in said, (name, said)
    assert len(walked) >= 20, walked  # the walk found the operations
    # the owner still has all of it, unchanged
    assert (await client.get(f"/v1/signing-requests/{ids['request_id']}")).json["status"] == "pending"
    assert (await client.get(f"/v1/templates/{ids['template_id']}")).json["name"] == "Offer letter"
    assert (await client.get(f"/v1/webhooks/{ids['webhook_id']}")).json["name"] == "a-hook"


async def test_another_organisations_resources_cannot_be_referred_to_or_listed(server, client):
    ids = await org_a_resources(server, client)
    refused = [
        await client.post("/v1/signing-requests", {"document_id": ids["document_id"], "signers": SIGNERS}, key="b"),
        await client.post("/v1/templates", {"name": "T", "document_id": ids["document_id"]}, key="b"),
        await client.post("/v1/bulk-send", {"template_id": ids["template_id"], "recipients": [recipient(2)]}, key="b"),
    ]
    for resp in refused:
        assert resp.status in (404, 422), resp
        assert "a-private" not in json.dumps(resp.json) and "Offer letter" not in json.dumps(resp.json)
    for path in ("/v1/signing-requests", "/v1/templates", "/v1/webhooks", "/v1/contacts", "/v1/documents",
                 "/v1/events"):
        listed = (await client.get(path, key="b")).json
        items = listed["items"] if isinstance(listed, dict) else listed
        assert items == [], (path, items)
    # a delivery is found only under its own webhook, never under one of the caller's
    own = (await client.post("/v1/webhooks", {"name": "b-hook", "url": "http://127.0.0.1:9/b",
                                              "events": ["signing_request.created"]}, key="b")).json
    assert_error(await client.post(f"/v1/webhooks/{own['id']}/deliveries/{ids['delivery_id']}/redeliver", key="b"),
                 404, "not_found")
    usage = (await client.get("/v1/usage", key="b")).json
    assert usage["signing_requests"]["current"] == 0 and usage["templates"]["current"] == 0

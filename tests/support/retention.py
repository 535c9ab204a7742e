"""Helpers of the retention tests (tests/retention): an `admin` key, and a cancelled request."""
from __future__ import annotations

from esign.domain.orgs import provisioning


async def admin_key(server, org_name: str = "Org A") -> str:
    org = await server.services.store.organizations.by_name(org_name)
    key, _ = await provisioning.create_key(server.services, org, ["read", "write", "admin"])
    return key


async def cancelled(client, document_id, email) -> str:
    """The id of a request sent to `email` and cancelled."""
    request = (await client.post("/v1/signing-requests", {"document_id": document_id, "auto_send": True, "signers": [
        {"name": "Pat Person", "email": email}]})).json
    assert (await client.post(f"/v1/signing-requests/{request['id']}/cancel", {})).status == 200
    return request["id"]

"""What a sender triggers through the API (send, remind, cancel) is recorded as the API key owner's,
and the certificate names them, not "esign (the service)" (issue 26: certificate honesty)."""
from __future__ import annotations

from esign.pdf.certificate_words import actor
from tests.support.signing import ANN, make_request


async def test_remind_and_cancel_through_the_api_name_the_key_owner(server):
    made = await make_request(server, [ANN], fields={"sig": {}})
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/remind", {}, key=made.key)).status == 200
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/cancel", {}, key=made.key)).status == 200
    request = await server.services.store.signing_requests.by_id(made.id)
    events = {e["event_type"]: e for e in await server.services.store.events.for_request(request["org_id"], made.id)}
    for kind in ("signing_request.sent", "signing_request.reminded", "signing_request.cancelled"):
        by = events[kind]["metadata"]["by"]
        assert by["name"] == "Ada Admin" and by["api_key_id"], kind
        assert actor(request, events[kind]).startswith("Ada Admin (sender, API key "), kind

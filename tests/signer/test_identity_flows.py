"""The identity endpoints of redirect-flow vendors on a server whose provider is the builtin form-flow
`basic` one: they refuse clearly, and the form keeps working. The redirect flow itself is tested
through plugins/esign-stripe-identity against a fake Stripe."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.signing import ANN, make_request, sget, spost


async def test_redirect_endpoints_with_a_form_provider(id_server):
    srv = id_server
    made = await make_request(srv, [ANN], fields={"sig": {}}, identity_verification_required=True)
    token = await made.token(0)
    state = (await sget(srv, token)).json["requirements"]["identity_verification"]
    assert state["flow"] == "form" and state["redirect_url"] is None and state["message"] is None
    err = assert_error(await spost(srv, token, "identity/start"), 409, "invalid_state")
    assert "POST /sign/{token}/api/identity" in err["message"]
    assert_error(await spost(srv, token, "identity/check"), 409, "invalid_state")
    # the webhook path names the configured provider, and only a redirect-flow one has webhooks
    assert_error(await srv.client.post("/identity/webhooks/basic", {"type": "x"}, key=None), 404, "not_found")
    assert_error(await srv.client.post("/identity/webhooks/stripe", {"type": "x"}, key=None), 404, "not_found")
    page = await srv.client.get("/identity/return/not-a-session", key=None)
    assert page.status == 404 and "does not work" in page.body.decode()
    assert page.headers["X-Frame-Options"] == "DENY"
    assert "signing_event.identity_started" not in await made.event_types()

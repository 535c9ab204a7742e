"""Where the OpenAPI document said one thing and the server did another (issue 37.5): the sign body's
`signature`, required by the server, is required in the document too (and its absence still answers
`signature_required` beside the body's other problems, not a bare validation error)."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.signing import make_request, spost


async def test_the_sign_body_requires_the_signature_the_server_requires(server):
    openapi = (await server.client.get("/v1/openapi.json", key=None)).json
    assert "signature" in openapi["components"]["schemas"]["SignBody"].get("required", [])
    made = await make_request(server, fields={"t": {"field_type": "text"}})
    error = assert_error(await spost(server, await made.token(0), "sign", {"consent": True}), 422,
                         "signature_required")
    assert sorted(d["field"] for d in error["details"]) == sorted(["signature", f"values.{made.fields['t']}"])

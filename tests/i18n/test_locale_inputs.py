"""A signer's language given where the issue names it (issue 26 item 1): on a template's role (the default
for its signer when a send gives none) and on contacts (the address book keeps it for the client)."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.templates import TEMPLATE, offer_template


async def test_a_roles_locale_is_its_signers_unless_the_send_gives_one(client):
    template = await offer_template(client, roles=[{**TEMPLATE["roles"][0], "locale": "de-AT"}])
    assert template["roles"][0]["locale"] == "de"
    signer = {"name": "Ann Lee", "email": "ann@example.test", "role": "candidate"}
    for given, expected in ((None, "de"), ("fr", "fr")):
        body = {"signers": [{**signer, **({"locale": given} if given else {})}], "variables": {"name": "Ann"}}
        resp = await client.post(f"/v1/templates/{template['id']}/send", body)
        assert resp.status == 201, resp
        assert resp.json["signers"][0]["locale"] == expected
    bad = await client.post("/v1/templates", {**TEMPLATE, "roles": [{**TEMPLATE["roles"][0], "locale": "tlh"}]})
    err = assert_error(bad, 422, "validation_error")
    assert "supported" in err["details"][0]["message"] and "de" in err["details"][0]["message"]


async def test_a_contact_keeps_its_language(client):
    made = await client.post("/v1/contacts", {"name": "Zoé", "email": "zoe@example.test", "locale": "fr-CA"})
    assert made.status == 201 and made.json["locale"] == "fr", made
    kept = await client.post("/v1/contacts", {"name": "Zoé M.", "email": "zoe@example.test"})
    assert kept.json["locale"] == "fr" and kept.json["name"] == "Zoé M."
    listed = (await client.get("/v1/contacts")).json["items"]
    assert [c["locale"] for c in listed if c["email"] == "zoe@example.test"] == ["fr"]
    cleared = await client.post("/v1/contacts", {"name": "Zoé", "email": "zoe@example.test", "locale": None})
    assert cleared.json["locale"] is None
    assert_error(await client.post("/v1/contacts", {"name": "X", "email": "x@example.test", "locale": "xx"}),
                 422, "validation_error")

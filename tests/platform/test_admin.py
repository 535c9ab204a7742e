"""`esign admin` commands against a live store (the test server's), checked through the API: a key
made by create-key authenticates, revoke-key locks it out, list-keys never shows a key or hash,
add-embed-origin allows embedding and remove-embed-origin stops it, set-delivery shows a generated secret once."""
from __future__ import annotations

import json

from esign import cli
from tests.support import assert_error


async def run(server, capsys, *argv) -> tuple[int, object]:
    args = cli._parser().parse_args(["admin", *argv])
    code = await cli.admin_action(server.services, args)
    captured = capsys.readouterr()
    out = captured.out.strip()
    return code, json.loads(out) if out else json.loads(captured.err)


async def test_create_org_and_key_then_revoke(server, client, capsys):
    code, org = await run(server, capsys, "create-org", "Acme", "--plan", "pro")
    assert code == 0 and org["name"] == "Acme" and org["plan"] == "pro"
    code, again = await run(server, capsys, "create-org", "Acme")
    assert code == 1 and again["error"]["code"] == "invalid_state"

    code, made = await run(server, capsys, "create-key", "Acme", "--owner-email", "ops@acme.test", "--name", "ci")
    assert code == 0 and made["key"].startswith("esk_live_") and len(made["key"]) >= 41
    assert (await client.get("/v1/documents", key=made["key"])).status == 200
    code, sandbox = await run(server, capsys, "create-key", org["id"], "--sandbox", "--scopes", "read")
    assert code == 0 and sandbox["key"].startswith("esk_test_") and sandbox["scopes"] == ["read"]
    assert (await client.get("/v1/documents", key=sandbox["key"])).headers["X-Service-Mode"] == "sandbox"

    code, listed = await run(server, capsys, "list-keys", "Acme")
    assert code == 0 and [k["id"] for k in listed] == [made["id"], sandbox["id"]]
    text = json.dumps(listed)
    assert made["key"] not in text and sandbox["key"] not in text and "hash" not in text

    code, revoked = await run(server, capsys, "revoke-key", made["id"])
    assert code == 0 and revoked == {"id": made["id"], "revoked": True}
    assert_error(await client.get("/v1/documents", key=made["key"]), 401, "unauthorized")
    code, _ = await run(server, capsys, "revoke-key", made["id"])
    assert code == 1


async def test_bad_input_is_refused(server, capsys):
    code, err = await run(server, capsys, "create-org", "Zed", "--plan", "platinum")
    assert code == 1 and "platinum" in err["error"]["message"]
    args = cli._parser().parse_args(["admin", "create-key", "Nobody"])
    assert await cli.admin_action(server.services, args) == 1
    assert "no organisation" in capsys.readouterr().err
    args = cli._parser().parse_args(["admin", "create-key", "Org A", "--scopes", "read,delete"])
    assert await cli.admin_action(server.services, args) == 2
    capsys.readouterr()
    args = cli._parser().parse_args(["admin", "create-key", "Org A", "--owner-email", "josé@bücher.de"])
    assert await cli.admin_action(server.services, args) == 2
    assert "--owner-email must be an email address in ASCII characters" in capsys.readouterr().err


async def test_add_embed_origin_allows_embedding(server, client, capsys, document_id):
    created = await client.post("/v1/signing-requests", {"document_id": document_id, "auto_send": True,
                                                         "signers": [{"name": "Ann", "email": "ann@example.test"}]})
    path = f"/v1/signing-requests/{created.json['id']}/embedded-url"
    assert_error(await client.post(path, {"allowed_origin": "https://portal.a.test"}), 403, "origin_not_allowed")
    code, org = await run(server, capsys, "add-embed-origin", "Org A", "https://portal.a.test/")
    assert code == 0 and "https://portal.a.test" in org["embed_origins"]
    assert (await client.post(path, {"allowed_origin": "https://portal.a.test"})).status == 201
    code, org = await run(server, capsys, "remove-embed-origin", "Org A", "https://portal.a.test/")
    assert code == 0 and "https://portal.a.test" not in org["embed_origins"]
    assert_error(await client.post(path, {"allowed_origin": "https://portal.a.test"}), 403, "origin_not_allowed")


async def test_set_delivery_shows_a_generated_secret_once(server, capsys):
    code, out = await run(server, capsys, "set-delivery", "Org A", "https://hooks.a.test/signed")
    assert code == 0 and out["delivery_url"] == "https://hooks.a.test/signed" and len(out["delivery_secret"]) >= 32
    org = await server.services.store.organizations.by_name("Org A")
    assert server.services.secrets.decrypt(org["delivery_secret_enc"]) == out["delivery_secret"]
    code, out = await run(server, capsys, "set-delivery", "Org A", "https://hooks.a.test/v2", "--secret", "s3cret-given")
    assert code == 0 and "delivery_secret" not in out
    code, err = await run(server, capsys, "set-delivery", "Org B", "https://hooks.b.test/")  # plan pro
    assert code == 1 and err["error"]["code"] == "plan_restricted"

from esign import __version__
from tests.support import assert_error


async def test_health_and_auth(client, document_id):
    assert (await client.get("/healthz", key=None)).json == {"status": "ok", "version": __version__}
    assert (await client.get("/readyz", key=None)).status == 200
    assert_error(await client.get("/v1/documents", key=None), 401, "unauthorized")
    resp = await client.get("/v1/documents")
    assert resp.status == 200 and resp.json["total"] == 1 and resp.json["items"][0]["id"] == document_id
    assert (await client.get("/v1/documents", key="b")).json["total"] == 0

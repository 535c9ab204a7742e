"""Embedded-signing tokens live in a collection of their own (one document per token, by hash, TTL),
so embedded-URL calls never grow the signing request."""
from __future__ import annotations

import bson

from esign.store.embed_tokens import KEEP_EXPIRED_SECONDS
from tests.support import assert_error, raw_db
from tests.support.signing import make_request, sget, spost, typed

SIGNERS = [{"name": f"Signer {i}", "email": f"signer{i}@example.test", "order": 1} for i in range(20)]


def size(record: dict) -> int:
    return len(bson.encode({**record, "_id": record["id"]}))


async def test_many_embedded_url_calls_leave_the_request_unchanged(server):
    made = await make_request(server, SIGNERS, fields={f"s{i}": {"signer": i} for i in range(20)})
    before = await made.record()
    first = await made.embedded()
    for _ in range(49):
        latest = await made.embedded()
    after = await made.record()
    assert after == before and size(after) < 64 * 1024  # not even its version moved
    assert await raw_db(server.services)["embed_tokens"].count_documents({}) == 50 * 20
    # every URL issued works (each one is somebody's open page), the first and the latest alike
    for tokens in (first, latest):
        view = await sget(server, tokens[made.signer_ids[3]])
        assert view.status == 200 and view.json["signer"]["id"] == made.signer_ids[3], view
    indexes = await server.services.store.embed_tokens.col.index_information()
    assert [i.get("expireAfterSeconds") for i in indexes.values() if i["key"] == [("expires_at", 1)]] == \
        [KEEP_EXPIRED_SECONDS]


async def test_embedded_tokens_of_an_earlier_sending_stop_working(server):
    """Reactivating an expired request and sending it again starts a new sending: embedded links of
    the earlier one are no longer valid (as invitation links)."""
    made = await make_request(server, fields={"sig": {}}, expires_in_days=1)
    server.clock.advance(hours=23, minutes=30)
    old = (await made.embedded())[made.signer_ids[0]]
    server.clock.advance(minutes=31)  # the request expires; the embedded URL would be valid 29 minutes more
    await server.run_jobs()
    assert (await made.get())["status"] == "expired"
    assert_error(await sget(server, old), 409, "invalid_state")
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/reactivate", {"expires_in_days": 3})
    assert resp.status == 200, resp
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    assert_error(await sget(server, old), 404, "not_found")
    assert_error(await spost(server, old, "sign", {"signature": typed(), "consent": True}), 404, "not_found")
    fresh = (await made.embedded())[made.signer_ids[0]]
    resp = await spost(server, fresh, "sign", {"signature": typed(), "consent": True})
    assert resp.status == 200 and resp.json["signer"]["status"] == "signed", resp

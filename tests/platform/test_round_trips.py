"""Database round trips per API operation (issue 16): counted by esign.db.RoundTrips (a command
listener on MongoDB, the embedded database's own count on memory://), and held to their budgets.
The same operations are measured by scripts/bench/bench_round_trips.py for docs/benchmarks.md."""
from __future__ import annotations

from esign import db as dbmod
from esign.store import Store
from tests.support import KEYS, SAMPLE_PDF, assert_error, running_server
from tests.support.signing import ANN, BOB, make_request, sget, spost, typed

# operation -> the most round trips it may take (authenticated, key and organisation cached)
BUDGETS = {
    "GET /v1/signing-requests/{id}": 2,
    "GET /v1/templates/{id}": 2,
    "GET /v1/webhooks/{id}": 2,
    "GET /v1/signing-requests": 3,
    "GET /v1/signing-requests?status=pending": 3,
    "GET /v1/documents": 3,
    "GET /v1/templates": 3,
    "GET /v1/contacts": 3,
    "GET /v1/webhooks": 3,
    "GET /v1/events": 3,
    "GET /v1/signing-requests/{id}/events": 3,
    # the rate counter, the document, the month's quota, the request, its event (after the head of the
    # organisation's chain this process remembers); the fan-out to webhooks and the contacts marked used
    # follow in the worker (esign.domain.mail.outbox): see docs/benchmarks.md
    "POST /v1/signing-requests": 5,
    "POST /v1/contacts": 5,
    "POST /v1/templates": 5,
    "POST /v1/webhooks": 5,
    # no target in the issue: held where they stand (docs/benchmarks.md), so a change that adds a
    # round trip to every signer action or send is seen
    "POST /v1/signing-requests/{id}/send": 7,
    # the signer's link, and nothing else: the document is kept by the process once its page geometry is
    # known (esign.store.documents.Documents.settled)
    "GET /sign/{token}/api": 1,
    # consent in the body: one change with the signature (esign.domain.requests.lifecycle.sign): the link,
    # the change, its two events, the next signer's invitation, the effects cleared
    "POST /sign/{token}/api/sign": 7,
}


async def count(srv, call) -> tuple[int, object]:
    """Round trips of one call, and its answer (the server runs no jobs in the background in tests)."""
    counter = dbmod.round_trips(srv.services.db)
    before = counter.total
    resp = await call()
    assert resp.status < 300, resp
    return counter.total - before, resp


async def measure(srv) -> dict[str, int]:
    """Round trips of each operation of BUDGETS (and a few more that have no budget) on a database
    holding a little of everything; each operation is warmed once (the rate counter exists)."""
    client = srv.client
    made = await make_request(srv, signers=(ANN, BOB))
    document_id = made.body["document_id"]
    created = {}

    async def create(name, path, body):
        created[name], response = await count(srv, lambda: client.post(path, body))
        return response.json

    await client.get("/v1/usage")  # the key's rate counter exists from here on
    template = await create("POST /v1/templates", "/v1/templates", {"name": "T", "document_id": document_id})
    hook = await create("POST /v1/webhooks", "/v1/webhooks", {"name": "h", "url": "http://127.0.0.1:9/hook",
                                                             "events": ["signing_request.created"]})
    await client.post("/v1/contacts", {"name": "C", "email": "c@example.test"})
    body = {"document_id": document_id, "signers": [ANN]}
    calls = {
        "GET /v1/signing-requests/{id}": lambda: client.get(f"/v1/signing-requests/{made.id}"),
        "GET /v1/templates/{id}": lambda: client.get(f"/v1/templates/{template['id']}"),
        "GET /v1/webhooks/{id}": lambda: client.get(f"/v1/webhooks/{hook['id']}"),
        "GET /v1/signing-requests": lambda: client.get("/v1/signing-requests"),
        "GET /v1/signing-requests?status=pending": lambda: client.get("/v1/signing-requests?status=pending"),
        "GET /v1/documents": lambda: client.get("/v1/documents"),
        "GET /v1/templates": lambda: client.get("/v1/templates"),
        "GET /v1/contacts": lambda: client.get("/v1/contacts"),
        "GET /v1/webhooks": lambda: client.get("/v1/webhooks"),
        "GET /v1/events": lambda: client.get("/v1/events"),
        "GET /v1/signing-requests/{id}/events": lambda: client.get(f"/v1/signing-requests/{made.id}/events"),
        "GET /v1/usage": lambda: client.get("/v1/usage"),
        "POST /v1/signing-requests": lambda: client.post("/v1/signing-requests", body),
        "POST /v1/contacts": lambda: client.post("/v1/contacts", {"name": "D", "email": "d@example.test"}),
    }
    results = {name: (await count(srv, call))[0] for name, call in calls.items()}
    results.update(created)
    draft = (await client.post("/v1/signing-requests", body)).json
    results["POST /v1/signing-requests/{id}/send"] = (await count(
        srv, lambda: client.post(f"/v1/signing-requests/{draft['id']}/send")))[0]
    token = await made.token(0)
    await sget(srv, token)  # warm-up, as the signing page does before anything: the document's page geometry, once
    results["GET /sign/{token}/api"] = (await count(srv, lambda: sget(srv, token)))[0]
    results["POST /sign/{token}/api/sign"] = (await count(
        srv, lambda: spost(srv, token, "sign", {"signature": typed(), "consent": True})))[0]
    return results


async def test_round_trips_per_operation_within_budget(server):
    results = await measure(server)
    over = {name: results[name] for name, most in BUDGETS.items() if results[name] > most}
    assert not over, f"over budget: {over}"
    print(results)


async def test_key_and_organisation_are_cached_and_revocation_is_immediate_here(tmp_path):
    async with running_server(tmp_path, overrides={"security": {"api_key_cache_seconds": 10.0}}) as srv:
        client = srv.client
        assert (await client.get("/v1/documents")).status == 200
        counter = dbmod.round_trips(srv.services.db)
        before = counter.by_command.copy()
        assert (await client.get("/v1/documents")).status == 200
        assert counter.by_command["find"] - before["find"] == 1  # the page; no key or organisation read
        # an upload counts the organisation's storage: that does not empty the cache
        assert (await client.upload(SAMPLE_PDF.read_bytes())).status == 201
        before = counter.by_command.copy()
        assert (await client.get("/v1/documents")).status == 200
        assert counter.by_command["find"] - before["find"] == 1
        # revoked in this process: refused on the very next request
        record = await srv.services.store.api_keys.by_key(KEYS["a"])
        assert await srv.services.store.api_keys.revoke(record["id"])
        assert_error(await client.get("/v1/documents"), 401, "unauthorized")
        assert (await client.get("/v1/documents", key="a_read")).status == 200


async def revoke_elsewhere(srv, key: str) -> None:
    """Revoke `key` as another process would (a second store on the same database, as `esign keys
    revoke-key` has), so this server's cache is not told."""
    other = Store(srv.services.db, srv.clock)
    record = await other.api_keys.by_key(key)
    assert await other.api_keys.revoke(record["id"])


async def test_revocation_by_another_process_takes_effect_within_the_cache_time(tmp_path):
    async with running_server(tmp_path, overrides={"security": {"api_key_cache_seconds": 10.0}}) as srv:
        client = srv.client
        assert (await client.get("/v1/documents")).status == 200
        await revoke_elsewhere(srv, KEYS["a"])
        assert (await client.get("/v1/documents")).status == 200  # still cached here
        srv.clock.advance(seconds=10)
        assert_error(await client.get("/v1/documents"), 401, "unauthorized")


async def test_cache_time_zero_reads_the_key_every_time(tmp_path):
    async with running_server(tmp_path, overrides={"security": {"api_key_cache_seconds": 0.0}}) as srv:
        client = srv.client
        assert (await client.get("/v1/documents")).status == 200
        await revoke_elsewhere(srv, KEYS["a"])
        assert_error(await client.get("/v1/documents"), 401, "unauthorized")

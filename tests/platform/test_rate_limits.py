"""Rate limits (issue 2, point 7): per key per minute, counted in the database so several server
processes share one budget; X-RateLimit-* on every answer, Retry-After on 429."""
from __future__ import annotations

import asyncio
import datetime as dt
import math

import bson
import tornado.httpserver
import tornado.netutil

from esign import services as servicesmod
from esign.app import make_app
from tests.support import KEYS, Client, assert_error, raw_db, running_server

LIMITED = "esk_live_rate_limited_five_00000000000"
LIMITED_2 = "esk_live_rate_limited_five_another_0000"
EXTRA = f"""
[[organizations]]
name = "Org Rate"
plan = "pro"
[[organizations.api_keys]]
key = "{LIMITED}"
rate_limit = 5
[[organizations.api_keys]]
key = "{LIMITED_2}"
rate_limit = 5
"""


def window_start(server):
    """Move the fake clock to the start of a minute so a test's requests share one window."""
    now = server.clock.now()
    server.clock.advance(seconds=60 - now.second, microseconds=-now.microsecond)


async def test_sixth_request_at_once_is_429_and_the_budget_comes_back_one_interval_at_a_time(tmp_path):
    """A limit of 5 a minute: five at once, then one every 12 s (GCRA); Reset says when the whole
    budget is back, Retry-After when the next request is allowed."""
    async with running_server(tmp_path, extra_config=EXTRA) as server:
        client = server.client
        start = server.clock.now()
        for i in range(5):
            resp = await client.get("/v1/documents", key=LIMITED)
            assert resp.status == 200, (i, resp)
            assert resp.headers["X-RateLimit-Limit"] == "5"
            assert resp.headers["X-RateLimit-Remaining"] == str(4 - i)
            assert int(resp.headers["X-RateLimit-Reset"]) == math.ceil(
                (start + dt.timedelta(seconds=12 * (i + 1))).replace(tzinfo=dt.timezone.utc).timestamp())

        server.clock.advance(seconds=5)
        resp = await client.get("/v1/documents", key=LIMITED)
        err = assert_error(resp, 429, "rate_limited")
        assert "5" in err["message"]
        assert resp.headers["Retry-After"] == "7"  # the next of the key's intervals
        assert resp.headers["X-RateLimit-Limit"] == "5"
        assert resp.headers["X-RateLimit-Remaining"] == "0"
        # Reset means the same on a 429 as on a 200: when the whole budget is back (not the next request)
        assert int(resp.headers["X-RateLimit-Reset"]) == math.ceil(
            (start + dt.timedelta(seconds=60)).replace(tzinfo=dt.timezone.utc).timestamp())
        # writes are limited too, and a refused request does nothing
        resp = await client.post("/v1/contacts", {"name": "R", "email": "r@example.test"}, key=LIMITED)
        assert_error(resp, 429, "rate_limited")
        assert "Retry-After" in resp.headers
        # another key, even of the same organisation, has its own budget
        assert (await client.get("/v1/documents", key=LIMITED_2)).status == 200
        assert (await client.get("/v1/documents", key="a")).status == 200

        server.clock.advance(seconds=7)  # one interval earned back: one request, not five
        resp = await client.get("/v1/contacts", key=LIMITED)
        assert resp.status == 200, resp
        assert resp.json["total"] == 0
        assert resp.headers["X-RateLimit-Remaining"] == "0"
        assert_error(await client.get("/v1/contacts", key=LIMITED), 429, "rate_limited")

        server.clock.advance(seconds=60)  # the whole budget is back
        resp = await client.get("/v1/contacts", key=LIMITED)
        assert resp.status == 200 and resp.headers["X-RateLimit-Remaining"] == "4"


async def test_default_rate_applies_to_keys_without_their_own(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"default_rate_per_minute": 3}}) as server:
        window_start(server)
        statuses = [(await server.client.get("/v1/usage", key="b")).status for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        resp = await server.client.get("/v1/usage", key="b")
        assert resp.headers["X-RateLimit-Limit"] == "3"
        assert int(resp.headers["Retry-After"]) == 20  # 60 s / 3


async def test_headers_on_every_authenticated_answer(client, sample_pdf):
    answers = [await client.get("/v1/documents"), await client.upload(sample_pdf),
               await client.post("/v1/contacts", {"name": ""}), await client.get("/v1/nope"),
               await client.delete("/v1/contacts/6f1c3a5e-0000-4000-8000-000000000000"),
               await client.post("/v1/contacts", {}, key="a_read")]
    assert [r.status for r in answers] == [200, 201, 422, 404, 404, 403]
    for resp in answers[:3] + answers[4:]:
        assert resp.headers["X-RateLimit-Limit"] == "1000", resp
        assert int(resp.headers["X-RateLimit-Remaining"]) < 1000
        assert int(resp.headers["X-RateLimit-Reset"]) > 0


async def test_concurrent_requests_never_exceed_the_budget(tmp_path):
    async with running_server(tmp_path, extra_config=EXTRA) as server:
        window_start(server)
        answers = await asyncio.gather(*(server.client.get("/v1/usage", key=LIMITED) for _ in range(12)))
        assert sorted(r.status for r in answers) == [200] * 5 + [429] * 7


async def test_two_server_processes_share_one_budget(tmp_path):
    """A second app over the same database (as a second process would be over one MongoDB)."""
    async with running_server(tmp_path, extra_config=EXTRA) as first:
        services2 = await servicesmod.build(first.services.config, first.clock, database=first.services.db)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        second_http = tornado.httpserver.HTTPServer(make_app(services2))
        second_http.add_sockets(sockets)
        second = Client(f"http://127.0.0.1:{sockets[0].getsockname()[1]}")
        try:
            window_start(first)
            statuses = []
            for i in range(6):
                client = first.client if i % 2 == 0 else second
                statuses.append((await client.get("/v1/documents", key=LIMITED)).status)
            assert statuses == [200, 200, 200, 200, 200, 429]
            resp = await second.get("/v1/documents", key=LIMITED)
            assert_error(resp, 429, "rate_limited")
            assert (await first.client.get("/v1/documents", key=LIMITED)).status == 429
            first.clock.advance(minutes=1)
            assert (await second.get("/v1/documents", key=LIMITED)).status == 200
        finally:
            second.close()
            second_http.stop()
            await services2.close()


# --- no window edge (issue 11, point 10; constant cost, issue 30) -----------------------------------

async def test_no_burst_of_twice_the_limit_across_a_minute_boundary(tmp_path):
    async with running_server(tmp_path, extra_config=EXTRA) as server:
        window_start(server)
        server.clock.advance(seconds=50)  # 10 s before a minute boundary
        for i in range(5):
            resp = await server.client.get("/v1/documents", key=LIMITED)
            assert resp.status == 200 and resp.headers["X-RateLimit-Remaining"] == str(4 - i)
        server.clock.advance(seconds=10)  # the boundary: a fixed window would allow 5 more now
        resp = await server.client.get("/v1/documents", key=LIMITED)
        assert_error(resp, 429, "rate_limited")
        assert resp.headers["Retry-After"] == "2" and resp.headers["X-RateLimit-Remaining"] == "0"
        server.clock.advance(seconds=1, microseconds=999_000)
        assert (await server.client.get("/v1/documents", key=LIMITED)).status == 429
        server.clock.advance(microseconds=1_000)  # 12 s after the five: one more, and only one
        statuses = [(await server.client.get("/v1/documents", key=LIMITED)).status for _ in range(3)]
        assert statuses == [200, 429, 429]


async def test_any_span_holds_at_most_the_burst_plus_the_rate(tmp_path):
    """A request every 2 s for 5 minutes at a limit of 5 a minute: no span of L seconds holds more
    than 5 + L / 12 allowed requests, and the budget is used (5 a minute after the first burst)."""
    async with running_server(tmp_path, extra_config=EXTRA) as server:
        allowed = []
        for _ in range(150):
            resp = await server.client.get("/v1/usage", key=LIMITED)
            assert resp.status in (200, 429)
            if resp.status == 200:
                allowed.append(server.clock.now())
            server.clock.advance(seconds=2)
        for i, t in enumerate(allowed):
            for u in allowed[i:]:
                span = (u - t).total_seconds()
                assert sum(1 for v in allowed if t <= v <= u) <= 5 + span / 12
        assert len(allowed) >= 5 + 5 * 4


async def test_remaining_and_reset_follow_the_rate(tmp_path):
    async with running_server(tmp_path, extra_config=EXTRA) as server:
        first = server.clock.now()
        for _ in range(3):
            resp = await server.client.get("/v1/documents", key=LIMITED)
            server.clock.advance(seconds=10)
        assert resp.headers["X-RateLimit-Remaining"] == "3"  # 2 s of the 12 earned back per 10 s
        assert int(resp.headers["X-RateLimit-Reset"]) == math.ceil((first + dt.timedelta(seconds=36)).replace(
            tzinfo=dt.timezone.utc).timestamp())
        server.clock.advance(seconds=35)  # past the reset: the whole budget was back
        resp = await server.client.get("/v1/documents", key=LIMITED)
        assert resp.headers["X-RateLimit-Remaining"] == "4"


async def test_the_state_is_one_small_document_whatever_the_limit(tmp_path):
    """Constant cost: a key limited to 1,000 a minute keeps the same few bytes as one limited to 60."""
    async with running_server(tmp_path) as server:
        store = server.services.store
        for limit, key in ((60, "k60"), (1000, "k1000")):
            for _ in range(limit + 5):
                await store.rate_limits.hit(key, limit)
        docs = {d["_id"]: d async for d in raw_db(server.services)["rate_limits"].find({})}
        for key in ("k60", "k1000"):
            assert set(docs[key]) == {"_id", "tat_us", "expires_at"}
            assert len(bson.encode(docs[key])) < 100


# --- failed API-key attempts ------------------------------------------------------------------------

async def test_failed_keys_are_throttled_per_address_before_any_database_work(tmp_path, monkeypatch):
    async with running_server(tmp_path, overrides={"server": {"xheaders": True}}) as server:
        client = server.client
        lookups = []
        real_by_hash = server.services.store.api_keys.by_hash

        async def counting_by_hash(key_hash):
            lookups.append(key_hash)
            return await real_by_hash(key_hash)

        monkeypatch.setattr(server.services.store.api_keys, "by_hash", counting_by_hash)
        attacker = {"X-Real-IP": "198.51.100.7"}
        for i in range(20):  # [limits] failed_auth_per_minute, default 20
            server.clock.advance(seconds=1)
            resp = await client.get("/v1/documents", key=f"esk_live_guess_{i:020d}", headers=attacker)
            assert_error(resp, 401, "unauthorized")
        assert len(lookups) == 20
        resp = await client.get("/v1/documents", key="esk_live_guess_again_000000000", headers=attacker)
        err = assert_error(resp, 429, "rate_limited")
        assert "invalid API keys" in err["message"]
        assert resp.headers["Retry-After"] == "41"  # when the first failure leaves the minute
        # even a valid key this process has not accepted before waits: nothing is looked up
        assert_error(await client.get("/v1/documents", key="a", headers=attacker), 429, "rate_limited")
        assert len(lookups) == 20
        # other addresses are not affected; no key at all is still a plain 401
        assert (await client.get("/v1/documents", key="a", headers={"X-Real-IP": "198.51.100.8"})).status == 200
        assert_error(await client.get("/v1/documents", key=None, headers=attacker), 401, "unauthorized")
        server.clock.advance(seconds=41)  # the first failure is a minute old: one more try
        assert (await client.get("/v1/documents", key="b", headers=attacker)).status == 200
        assert (await client.get("/v1/documents", key="esk_live_guess_last_0000000000", headers=attacker)).status == 401
        assert (await client.get("/v1/documents", key="esk_live_guess_more_0000000000", headers=attacker)).status == 429
        assert (await client.get("/v1/documents", key="c", headers=attacker)).status == 429


async def test_a_key_accepted_before_keeps_working_from_a_throttled_address(tmp_path):
    """Clients behind one address (a NAT, a company proxy, a reverse proxy without `xheaders`): one of
    them sending a stale key does not lock the others out."""
    async with running_server(tmp_path, overrides={"limits": {"failed_auth_per_minute": 3}}) as server:
        client = server.client
        assert (await client.get("/v1/documents", key="a")).status == 200
        for _ in range(3):
            assert_error(await client.get("/v1/documents", key="esk_live_stale_key_0000000000"), 401, "unauthorized")
        assert_error(await client.get("/v1/documents", key="esk_live_stale_key_0000000000"), 429, "rate_limited")
        server.clock.advance(seconds=30)  # long after the key cache (10 s) forgot the key
        for _ in range(5):
            assert (await client.get("/v1/documents", key="a")).status == 200
        assert_error(await client.get("/v1/documents", key="b"), 429, "rate_limited")  # not accepted before
        # a key revoked since is a guess like any other: refused, then throttled
        key = (await server.services.store.api_keys.by_key(KEYS["a"]))
        await server.services.store.api_keys.revoke(key["id"])
        server.clock.advance(seconds=31)  # the failures are a minute old
        assert_error(await client.get("/v1/documents", key="a"), 401, "unauthorized")
        for _ in range(2):
            assert_error(await client.get("/v1/documents", key="esk_live_stale_key_0000000000"), 401, "unauthorized")
        assert_error(await client.get("/v1/documents", key="a"), 429, "rate_limited")


async def test_the_failed_key_limit_is_configurable(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"failed_auth_per_minute": 2}}) as server:
        statuses = [(await server.client.get("/v1/usage", key="esk_live_wrong_wrong_wrong_wrong")).status
                    for _ in range(3)]
        assert statuses == [401, 401, 429]

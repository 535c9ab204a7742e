"""Rate limits (issue 2, point 7): per key per minute, counted in the database so several server
processes share one budget; X-RateLimit-* on every answer, Retry-After on 429."""
from __future__ import annotations

import asyncio

import tornado.httpserver
import tornado.netutil

from esign import services as servicesmod
from esign.app import make_app
from tests.conftest import Client, assert_error, start_server, stop_server

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


async def test_sixth_request_in_a_minute_is_429_until_the_window_resets(tmp_path):
    server = await start_server(tmp_path, extra_config=EXTRA)
    try:
        client = server.client
        window_start(server)
        reset = None
        for i in range(5):
            resp = await client.get("/v1/documents", key=LIMITED)
            assert resp.status == 200, (i, resp)
            assert resp.headers["X-RateLimit-Limit"] == "5"
            assert resp.headers["X-RateLimit-Remaining"] == str(4 - i)
            reset = reset or resp.headers["X-RateLimit-Reset"]
            assert resp.headers["X-RateLimit-Reset"] == reset
        assert int(reset) == int(server.clock.now().timestamp()) // 60 * 60 + 60

        server.clock.advance(seconds=20)
        resp = await client.get("/v1/documents", key=LIMITED)
        err = assert_error(resp, 429, "rate_limited")
        assert "5" in err["message"]
        assert resp.headers["Retry-After"] == "40"
        assert resp.headers["X-RateLimit-Limit"] == "5"
        assert resp.headers["X-RateLimit-Remaining"] == "0"
        assert resp.headers["X-RateLimit-Reset"] == reset
        # writes are limited too, and a refused request does nothing
        resp = await client.post("/v1/contacts", {"name": "R", "email": "r@example.test"}, key=LIMITED)
        assert_error(resp, 429, "rate_limited")
        assert "Retry-After" in resp.headers
        # another key, even of the same organisation, has its own budget
        assert (await client.get("/v1/documents", key=LIMITED_2)).status == 200
        assert (await client.get("/v1/documents", key="a")).status == 200

        server.clock.advance(seconds=40)  # the next minute
        resp = await client.get("/v1/contacts", key=LIMITED)
        assert resp.status == 200, resp
        assert resp.json["total"] == 0
        assert resp.headers["X-RateLimit-Remaining"] == "4"
        assert int(resp.headers["X-RateLimit-Reset"]) == int(reset) + 60
    finally:
        await stop_server(server)


async def test_default_rate_applies_to_keys_without_their_own(tmp_path):
    server = await start_server(tmp_path, overrides={"limits": {"default_rate_per_minute": 3}})
    try:
        window_start(server)
        statuses = [(await server.client.get("/v1/usage", key="b")).status for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        resp = await server.client.get("/v1/usage", key="b")
        assert resp.headers["X-RateLimit-Limit"] == "3"
        assert int(resp.headers["Retry-After"]) == 60
    finally:
        await stop_server(server)


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
    server = await start_server(tmp_path, extra_config=EXTRA)
    try:
        window_start(server)
        answers = await asyncio.gather(*(server.client.get("/v1/usage", key=LIMITED) for _ in range(12)))
        assert sorted(r.status for r in answers) == [200] * 5 + [429] * 7
    finally:
        await stop_server(server)


async def test_two_server_processes_share_one_budget(tmp_path):
    """A second app over the same database (as a second process would be over one MongoDB)."""
    first = await start_server(tmp_path, extra_config=EXTRA)
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
        await stop_server(first)

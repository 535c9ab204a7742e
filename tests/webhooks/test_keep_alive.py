"""Deliveries go over kept-alive connections (esign.webhooks.sender.Connections): a burst to one
receiver reuses a few connections, and a receiver that closes connections — `Connection: close` on
some answers, or all its connections between two bursts — loses and doubles no delivery."""
import asyncio
from collections import Counter

from tests.support import running_server
from tests.support.waiting import until
from tests.support.webhooks import create_hook, deliveries, emit, org_id

BURST = 60


async def records(server, hook) -> list[dict]:
    first = await deliveries(server.client, hook, "?limit=100")
    rest = await deliveries(server.client, hook, "?limit=100&offset=100") if first["total"] > 100 else {"items": []}
    return first["items"] + rest["items"]


async def burst(server, receiver, hook, org) -> list[str]:
    """Emit BURST events and wait until each has a delivery record that is no longer being sent."""
    events = [(await emit(server, org, fan_out=False))["id"] for _ in range(BURST)]
    server.worker.wake_outbox()

    async def settled():
        done = [d for d in await records(server, hook) if d["event_id"] in events and d["status"] != "sending"]
        return len(done) == BURST

    await until(settled)
    return events


async def test_a_burst_over_kept_alive_connections_loses_and_doubles_nothing(tmp_path, receiver):
    async with running_server(tmp_path, overrides={"webhooks": {"timeout_seconds": 10}}) as server:
        hook = await create_hook(server.client, receiver.url())
        org = await org_id(server)
        server.worker.start()
        receiver.close_every = 7  # every 7th answer closes its connection

        first = await burst(server, receiver, hook, org)
        await receiver.close_connections()  # the receiver drops every kept connection while idle
        await asyncio.sleep(0.2)
        second = await burst(server, receiver, hook, org)

        got = Counter(r.json["id"] for r in receiver.answered_2xx())
        assert got == Counter({event: 1 for event in first + second})  # each delivered, once
        assert len(receiver.requests) == 2 * BURST  # no attempt failed and was sent again
        made = await records(server, hook)
        assert len(made) == 2 * BURST
        assert all(r["success"] and r["attempt"] == 0 for r in made), [r for r in made if not r["success"]]
        # kept alive: far fewer connections than deliveries (a new one after each `Connection: close`,
        # and after the receiver closed them all; at most group_concurrency at a time)
        connections = {r.connection for r in receiver.requests}
        assert len(connections) <= 2 * BURST // 7 + 2 * 2 + 2, len(connections)

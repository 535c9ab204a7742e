"""Delivery history retention: a TTL index on `expires_at`, set when a record is stored from
`[webhooks] delivery_history_days` (and, for held records, `paused_retention_days`)."""
import datetime as dt

import pytest

from esign import config as configmod
from tests.support import running_server
from tests.support.webhooks import create_hook, emit, org_id


async def stored(server, hook) -> list[dict]:
    return await server.services.store.webhook_deliveries.col.find({"webhook_id": hook["id"]}).to_list(None)


async def test_ttl_index_on_expires_at(server):
    info = await server.services.store.webhook_deliveries.col.index_information()
    ttl = [spec for spec in info.values() if spec["key"] == [("expires_at", 1)]]
    assert len(ttl) == 1 and ttl[0]["expireAfterSeconds"] == 0


async def test_records_expire_after_the_history_days(server, client, receiver):
    receiver.statuses["hook"] = 500
    hook = await create_hook(client, receiver.url())
    await emit(server, await org_id(server))
    await server.run_jobs()
    server.clock.advance(seconds=60)
    await server.run_jobs()
    records = await stored(server, hook)
    assert len(records) == 2
    for record in records:
        assert record["expires_at"] - record["created_at"] == dt.timedelta(days=30)


async def test_held_records_are_kept_the_hold_and_the_history(server, client, receiver):
    hook = await create_hook(client, receiver.url())
    await client.patch(f"/v1/webhooks/{hook['id']}", {"status": "paused"})
    await emit(server, await org_id(server))
    [record] = await stored(server, hook)
    assert record["status"] == "pending"
    assert record["expires_at"] - record["created_at"] == dt.timedelta(days=7 + 30)
    assert record["hold_until"] - record["created_at"] == dt.timedelta(days=7)


async def test_history_days_are_configurable(tmp_path, receiver):
    async with running_server(tmp_path, overrides={"webhooks": {"delivery_history_days": 2,
                                                                "paused_retention_days": 3}}) as server:
        hook = await create_hook(server.client, receiver.url())
        await emit(server, await org_id(server))
        await server.run_jobs()
        await server.client.patch(f"/v1/webhooks/{hook['id']}", {"status": "paused"})
        await emit(server, await org_id(server))
        spans = sorted(r["expires_at"] - r["created_at"] for r in await stored(server, hook))
        assert spans == [dt.timedelta(days=2), dt.timedelta(days=5)]


@pytest.mark.parametrize("key", ["delivery_history_days", "paused_retention_days"])
def test_retention_must_be_at_least_a_day(tmp_path, key):
    path = tmp_path / "esign.toml"
    path.write_text(f"[webhooks]\n{key} = 0\n")
    with pytest.raises(configmod.ConfigError) as info:
        configmod.load(str(path), environ={})
    assert f"webhooks.{key}" in str(info.value)
    assert getattr(configmod.load(None, environ={}).webhooks, key) == {"delivery_history_days": 30,
                                                                        "paused_retention_days": 7}[key]

"""Processes starting together against one database: start-up provisioning of `[[organizations]]` and
their keys, `esign admin create-org` and the first-run bootstrap all succeed in every process and leave
one organisation and one key each.

mongomock never interleaves two calls, so the database is wrapped to yield to the event loop before and
after every awaited call: concurrent coroutines then interleave between any two database calls, which
is where a find-then-insert loses (both find nothing, the second insert hits the unique index)."""
from __future__ import annotations

import asyncio
import inspect

import pytest

from esign import config as configmod
from esign import db as dbmod
from esign import services as servicesmod
from esign.clock import FakeClock
from esign.domain.orgs import provisioning as prov

N = 8
KEY = "esk_live_race_provisioned_key_000000000"


class Yielding:
    """A database or collection whose awaited methods yield to the event loop before and after."""

    def __init__(self, target):
        self._target = target

    def __getitem__(self, name):
        return Yielding(self._target[name])

    def __getattr__(self, name):
        attr = getattr(self._target, name)
        if not inspect.iscoroutinefunction(attr):
            return attr

        async def call(*args, **kwargs):
            await asyncio.sleep(0)
            result = await attr(*args, **kwargs)
            await asyncio.sleep(0)
            return result

        return call


def config(tmp_path, extra=""):
    path = tmp_path / "esign.toml"
    path.write_text(f"""
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[[organizations]]
name = "Racing"
plan = "pro"
[[organizations.api_keys]]
key = "{KEY}"
scopes = ["read"]
{extra}""")
    return configmod.load(str(path), environ={})


@pytest.fixture
def database():
    return Yielding(dbmod.connect("memory://", "races"))


async def start_together(cfg, database, n=N):
    return await asyncio.gather(*(servicesmod.build(cfg, FakeClock(), database=database) for _ in range(n)))


async def close_all(all_services):
    for services in all_services:
        await services.close()


async def test_the_wrapper_really_interleaves(database):
    order = []

    async def writer(i):
        await database["probe"].insert_one({"i": i})
        order.append(i)
        await database["probe"].insert_one({"i": i})
        order.append(i)

    await asyncio.gather(writer(1), writer(2))
    assert order == [1, 2, 1, 2]  # without the wrapper mongomock runs each coroutine to its end: 1, 1, 2, 2


async def test_concurrent_start_up_provisioning_succeeds_everywhere(tmp_path, database):
    cfg = config(tmp_path)
    all_services = await start_together(cfg, database)  # any DuplicateKeyError would fail the gather
    try:
        orgs = await database["organizations"].find({"name": "Racing"}).to_list(None)
        keys = await database["api_keys"].find({}).to_list(None)
        assert len(orgs) == 1 and orgs[0]["plan"] == "pro"
        assert len(keys) == 1 and keys[0]["org_id"] == orgs[0]["_id"] and keys[0]["scopes"] == ["read"]
        for services in all_services:  # every process sees that one key
            assert (await services.store.api_keys.by_key(KEY))["id"] == keys[0]["_id"]
        # a restart with changed settings updates the same records
        cfg.organizations[0]["plan"] = "enterprise"
        cfg.organizations[0]["api_keys"][0]["scopes"] = ["read", "write"]
        await close_all(await start_together(cfg, database, 3))
        orgs = await database["organizations"].find({}).to_list(None)
        keys = await database["api_keys"].find({}).to_list(None)
        assert [(o["_id"], o["plan"]) for o in orgs] == [(orgs[0]["_id"], "enterprise")]
        assert [(k["_id"], k["scopes"]) for k in keys] == [(keys[0]["_id"], ["read", "write"])]
    finally:
        await close_all(all_services)


async def test_concurrent_create_org_makes_one_and_refuses_the_others(tmp_path, database):
    services = await servicesmod.build(config(tmp_path), FakeClock(), database=database)
    try:
        results = await asyncio.gather(*(prov.create_org(services, "Newco", "free") for _ in range(N)),
                                       return_exceptions=True)
        made = [r for r in results if isinstance(r, dict)]
        refused = [r for r in results if isinstance(r, prov.ProvisioningError)]
        assert len(made) == 1 and len(refused) == N - 1, results
        assert all(r.code == "invalid_state" for r in refused)
        assert await database["organizations"].count_documents({"name": "Newco"}) == 1
    finally:
        await services.close()


async def test_concurrent_first_runs_issue_one_key(tmp_path, database):
    cfg = configmod.load(None, environ={}, overrides={
        "storage": {"path": f"{tmp_path}/blobs"}, "email": {"path": f"{tmp_path}/mail"},
        "bootstrap": {"first_organization": "First"}})
    all_services = await start_together(cfg, database)
    try:
        firsts = await asyncio.gather(*(prov.bootstrap_first_organization(s) for s in all_services))
        issued = [f for f in firsts if f]
        assert len(issued) == 1 and issued[0]["organization"] == "First" and issued[0]["plan"] == "enterprise"
        assert await database["organizations"].count_documents({}) == 1
        assert await database["api_keys"].count_documents({}) == 1
        key = await all_services[0].store.api_keys.by_key(issued[0]["key"])
        assert key["scopes"] == ["read", "write"] and not key["sandbox"]
        # a restart (new processes, same database) issues nothing
        again = await start_together(cfg, database, 2)
        assert await asyncio.gather(*(prov.bootstrap_first_organization(s) for s in again)) == [None, None]
        await close_all(again)
        assert await database["api_keys"].count_documents({}) == 1
    finally:
        await close_all(all_services)


async def test_first_run_skips_a_database_that_has_organisations(tmp_path, database):
    cfg = config(tmp_path)
    cfg.bootstrap["first_organization"] = "First"
    services = await servicesmod.build(cfg, FakeClock(), database=database)  # provisions "Racing"
    try:
        assert await prov.bootstrap_first_organization(services) is None
        assert await services.store.organizations.by_name("First") is None
        cfg.organizations.clear()  # even if the config later declares nothing
        assert await prov.bootstrap_first_organization(services) is None
    finally:
        await services.close()


async def test_restart_keeps_what_admin_commands_changed(tmp_path, caplog):
    """A restart applies the config again: a revoked config-declared key stays revoked (and is named
    in a warning by its prefix, never itself), origins and delivery set by `esign admin` stay."""
    database = dbmod.connect("memory://?strict", "restart")
    cfg = config(tmp_path)
    cfg.organizations[0].update(plan="enterprise", embed_origins=["https://config.example"])
    services = await servicesmod.build(cfg, FakeClock(), database=database)
    try:
        org = await services.store.organizations.by_name("Racing")
        key = await services.store.api_keys.by_key(KEY)
        assert await services.store.api_keys.revoke(key["id"])
        await services.store.organizations.add_embed_origin(org["id"], "https://admin.example")
        await prov.set_delivery(services, org, "https://hook.example/in", "admin-secret")
    finally:
        await services.close()
    cfg.organizations[0]["embed_origins"] = ["https://config.example", "https://second.example"]
    caplog.set_level("WARNING", logger="esign")
    again = await start_together(cfg, database, 2)
    try:
        key = await again[0].store.api_keys.by_key(KEY)
        assert key["revoked_at"] is not None
        org = await again[0].store.organizations.by_name("Racing")
        assert org["embed_origins"] == ["https://config.example", "https://admin.example", "https://second.example"]
        assert org["delivery_url"] == "https://hook.example/in"
        assert again[0].secrets.decrypt(org["delivery_secret_enc"]) == "admin-secret"
        warnings = [r.getMessage() for r in caplog.records if "revoked" in r.getMessage()]
        assert warnings and all(KEY[:12] in w and KEY not in w and "remove it from the config" in w
                                for w in warnings)
    finally:
        await close_all(again)


async def test_delivery_declared_in_the_config_is_set_at_every_start(tmp_path):
    database = dbmod.connect("memory://?strict", "declared")
    cfg = config(tmp_path)
    cfg.organizations[0].update(plan="enterprise", delivery_url="https://config.example/in",
                                delivery_secret="config-secret")
    services = await servicesmod.build(cfg, FakeClock(), database=database)
    try:
        org = await services.store.organizations.by_name("Racing")
        await prov.set_delivery(services, org, "https://hook.example/in", "admin-secret")
    finally:
        await services.close()
    services = await servicesmod.build(cfg, FakeClock(), database=database)
    try:
        org = await services.store.organizations.by_name("Racing")
        assert org["delivery_url"] == "https://config.example/in"
        assert services.secrets.decrypt(org["delivery_secret_enc"]) == "config-secret"
    finally:
        await services.close()

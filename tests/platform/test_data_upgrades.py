"""Data upgrades at start-up bring documents stored by an earlier version to today's shape, once."""
from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import pathlib

from esign.domain.signer import upgrades
from tests.support import raw_db
from tests.support.images import data_url, ink_png, largest_png
from tests.support.signing import make_request, spost


async def _forget_upgrades(services):
    await raw_db(services)["data_upgrades"].delete_many({})


async def test_inline_drawings_move_to_blob_storage_and_finalise(server):
    """A request signed by an earlier version holds its drawings inline as data URLs (initials a copy):
    the upgrade stores each distinct drawing once in blob storage, the request refers to it by key and
    SHA-256, and the signed PDF is made from it."""
    made = await make_request(server, fields={"sig": {}, "ini": {"field_type": "initials", "y_percent": 40}})
    png = largest_png(seed=7)
    resp = await spost(server, await made.token(0), "sign", {"signature": {"kind": "drawn", "image": data_url(ink_png())},
                                                             "consent": True})
    assert resp.status == 200, resp
    # as an earlier version stored it: the drawing inline, twice, and no blob
    old = {"kind": "drawn", "image": data_url(png)}
    requests = raw_db(server.services)["signing_requests"]
    await requests.update_one({"_id": made.id}, {"$set": {"signers.0.signature": old, "signers.0.initials": old}})
    for blob in pathlib.Path(server.services.storage.root).rglob("*.png"):
        blob.unlink()
    await _forget_upgrades(server.services)

    await upgrades.run(server.services)

    signer = (await made.record())["signers"][0]
    digest = hashlib.sha256(png).hexdigest()
    assert set(signer["signature"]) == {"kind", "blob_key", "sha256"} and signer["signature"]["sha256"] == digest
    assert signer["initials"] == signer["signature"]
    assert await server.services.storage.get_bytes(signer["signature"]["blob_key"]) == png
    assert [d["_id"] async for d in raw_db(server.services)["data_upgrades"].find({})] == [
        u.name for u in upgrades.UPGRADES]
    # finished: a second run changes nothing, and so does the upgrade itself run again
    await upgrades.run(server.services)
    assert await upgrades.drawings_in_blob_storage(server.services) == 0

    await server.run_jobs()
    assert (await made.get())["signed_pdf_status"] == "ready"


async def test_processes_upgrading_together_store_each_drawing_once(server):
    made = await make_request(server, fields={"sig": {}})
    resp = await spost(server, await made.token(0), "sign", {"signature": {"kind": "drawn", "image": data_url(ink_png())},
                                                             "consent": True})
    assert resp.status == 200, resp
    png = largest_png(seed=3)
    await raw_db(server.services)["signing_requests"].update_one(
        {"_id": made.id}, {"$set": {"signers.0.signature": {"kind": "drawn", "image": data_url(png)}}})
    changed = await asyncio.gather(*(upgrades.drawings_in_blob_storage(server.services) for _ in range(3)))
    assert sum(changed) == 1
    signature = (await made.record())["signers"][0]["signature"]
    assert signature["sha256"] == hashlib.sha256(png).hexdigest()
    assert await server.services.storage.get_bytes(signature["blob_key"]) == png


async def test_bulk_job_with_a_template_copy_refers_to_its_version(server):
    db = raw_db(server.services)
    template = {"id": "tpl-old", "org_id": "org-x", "name": "NDA", "version": 3, "fields": [], "roles": []}
    await db["bulk_jobs"].insert_many([
        {"_id": "job-old", "org_id": "org-x", "template_id": "tpl-old", "template": template, "status": "queued"},
        {"_id": "job-new", "org_id": "org-x", "template_id": "tpl-old", "template_version": 3, "status": "completed"}])
    await _forget_upgrades(server.services)
    await upgrades.run(server.services)
    jobs = {d["_id"]: d async for d in db["bulk_jobs"].find({})}
    assert "template" not in jobs["job-old"] and jobs["job-old"]["template_version"] == 3
    assert jobs["job-new"] == {"_id": "job-new", "org_id": "org-x", "template_id": "tpl-old", "template_version": 3,
                               "status": "completed"}
    kept = await server.services.store.template_versions.at("tpl-old", 3)
    assert kept["name"] == "NDA" and kept["id"] == "tpl-old"


async def test_delivery_records_without_an_end_get_one(server):
    db = raw_db(server.services)
    # recent enough that the TTL index (which runs on the real clock) keeps it after the upgrade
    created = server.clock.now() - dt.timedelta(days=1)
    ends = created + dt.timedelta(days=90)
    await db["webhook_deliveries"].insert_many([{"_id": "old", "created_at": created},
                                                {"_id": "new", "created_at": created, "expires_at": ends}])
    await _forget_upgrades(server.services)
    await upgrades.run(server.services)
    records = {d["_id"]: d async for d in db["webhook_deliveries"].find({})}
    days = server.services.config.webhooks.delivery_history_days
    assert records["old"]["expires_at"] == created + dt.timedelta(days=days)
    assert records["new"]["expires_at"] == ends


async def test_contacts_stored_without_a_name_key_get_one_and_list_in_order(server, client):
    for name in ("Zoe", "Émile"):
        await client.post("/v1/contacts", {"name": name, "email": f"{len(name)}{name[-1]}@example.test"})
    db = raw_db(server.services)
    org_id = (await server.services.store.organizations.by_name("Org A"))["id"]
    await db["contacts"].insert_one({"_id": "old", "org_id": org_id, "name": "adam", "email": "adam@example.test",
                                     "email_key": "adam@example.test", "phone": None, "created_at": server.clock.now(),
                                     "updated_at": server.clock.now(), "last_used_at": server.clock.now()})
    await _forget_upgrades(server.services)
    await upgrades.run(server.services)
    assert (await db["contacts"].find_one({"_id": "old"}))["name_key"] == "adam"
    assert [c["name"] for c in (await client.get("/v1/contacts")).json["items"]] == ["adam", "Émile", "Zoe"]
    assert await upgrades.contact_name_keys(server.services) == 0

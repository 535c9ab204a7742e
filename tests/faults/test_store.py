"""The store against MongoDB's behaviour, on the strict embedded double: calls interleave, documents
over 16 MiB are refused as MongoDB refuses them (and answered 422 in the Error shape), queries no index
serves fail, index declarations migrate at start-up, and the quota reservation survives a race."""
from __future__ import annotations

import asyncio

import pytest

from esign import db as dbmod
from esign.clock import FakeClock
from esign.errors import ApiError
from esign.store.base import ASCENDING, Index, Repository
from tests.support import TEST_DATABASE_URL, assert_error
from tests.support.store import fresh_store

BIG = "x" * (9 * 1024 * 1024)


async def test_eight_concurrent_first_of_month_reservations_all_succeed():
    store = await fresh_store()
    results = await asyncio.gather(*[store.usage.reserve("org-1", "signing_requests", 100) for _ in range(8)])
    assert results == [True] * 8
    assert (await store.usage.month("org-1"))["signing_requests"] == 8


async def test_concurrent_reservations_never_overshoot_the_limit():
    store = await fresh_store()
    results = await asyncio.gather(*[store.usage.reserve("org-1", "signing_requests", 5) for _ in range(8)])
    assert sorted(results) == [False] * 3 + [True] * 5
    assert (await store.usage.month("org-1"))["signing_requests"] == 5
    results = await asyncio.gather(*[store.usage.reserve("org-1", "templates", 2) for _ in range(4)])
    assert sorted(results) == [False, False, True, True]  # a second metric on the month's existing counter


async def test_an_upsert_filtering_more_than_the_key_loses_the_race_as_on_mongodb():
    """The double opens MongoDB's window between an upsert's match and its insert."""
    col = dbmod.connect("memory://", "race")["counters"]
    query = {"_id": "m", "$or": [{"n": {"$lt": 10}}, {"n": {"$exists": False}}]}
    results = await asyncio.gather(*[col.update_one(query, {"$inc": {"n": 1}}, upsert=True) for _ in range(2)],
                                   return_exceptions=True)
    assert sum(isinstance(r, dbmod.DuplicateKeyError) for r in results) == 1
    results = await asyncio.gather(*[col.update_one({"_id": "k"}, {"$inc": {"n": 1}}, upsert=True) for _ in range(2)])
    assert (await col.find_one({"_id": "k"}))["n"] == 2  # equality on the key: retried, both count


async def test_calls_interleave():
    col = dbmod.connect("memory://", "interleave")["c"]
    order = []

    async def write(tag):
        order.append(f"{tag} start")
        await col.insert_one({"_id": tag})
        order.append(f"{tag} end")

    await asyncio.gather(write("a"), write("b"))
    assert order == ["a start", "b start", "a end", "b end"]


async def test_documents_over_16_mib_are_refused_as_mongodb_refuses_them():
    col = dbmod.connect("memory://", "sizes")["c"]
    with pytest.raises(dbmod.DocumentTooLarge):
        await col.insert_one({"_id": "big", "a": BIG, "b": BIG})
    await col.insert_one({"_id": "d", "a": BIG})
    with pytest.raises(dbmod.WriteError) as caught:
        await col.update_one({"_id": "d"}, {"$set": {"b": BIG}})
    assert dbmod.is_too_large(caught.value)
    with pytest.raises(dbmod.OperationFailure) as caught:
        await col.find_one_and_update({"_id": "d"}, {"$push": {"list": BIG}})
    assert dbmod.is_too_large(caught.value)
    assert set(await col.find_one({"_id": "d"})) == {"_id", "a"}  # nothing was written
    await col.update_one({"_id": "d"}, {"$set": {"a": BIG}})  # replacing a field does not grow it


async def test_the_store_answers_a_too_large_write_with_one_api_error():
    store = await fresh_store()
    await store.templates.insert({"_id": "t", "org_id": "o", "version": 1, "blob": BIG})
    with pytest.raises(ApiError) as caught:
        await store.templates.update_if({"id": "t", "org_id": "o", "version": 1}, {"other": BIG})
    assert (caught.value.status, caught.value.code) == (422, "record_too_large")
    with pytest.raises(ApiError):
        await store.templates.insert({"_id": "u", "org_id": "o", "a": BIG, "b": BIG})


async def test_queries_no_index_serves_fail_naming_the_query():
    store = await fresh_store()
    col = store.signing_requests.col
    with pytest.raises(dbmod.UnindexedQuery, match="signing_requests.*template_id"):
        await col.find_one({"template_id": "t"})
    with pytest.raises(dbmod.UnindexedQuery, match="sort"):  # the sort is not the index's next key
        await col.find({"org_id": "o", "status": "draft"}).sort("name", 1).to_list(None)
    with pytest.raises(dbmod.UnindexedQuery):  # a range field before the sort
        await col.find({"status": "pending", "expires_at": {"$lte": 1}}).sort("next_reminder_at", 1).to_list(None)
    with pytest.raises(dbmod.UnindexedQuery):  # the whole collection
        await col.count_documents({})
    with pytest.raises(dbmod.UnindexedQuery):  # a partial index serves only what its filter implies
        await store.events.col.find({"dispatch_pending": False}).sort("seq", 1).to_list(None)
    assert await col.find_one({"_id": "x", "status": "draft"}) is None  # by _id: always served
    assert await col.count_documents({"org_id": "o", "status": {"$in": ["draft", "pending"]}}) == 0
    assert await store.events.col.find({"dispatch_pending": True}).sort("seq", 1).to_list(None) == []


class Things(Repository):
    collection_name = "things"
    indexes = [Index("by_a", [("a", ASCENDING), ("b", ASCENDING)], unique=True, partial={"a": {"$type": "string"}}),
               Index("expires", [("expires_at", ASCENDING)], ttl_seconds=60)]


async def test_indexes_migrate_at_start_up():
    database = dbmod.connect("memory://?strict", "migrate")
    col = database["things"]
    await col.create_index([("a", 1), ("b", 1)], name="by_a", unique=True, sparse=True)  # options changed since
    await col.create_index([("expires_at", 1)], name="expires", expireAfterSeconds=3600)  # TTL changed since
    await col.create_index([("old", 1)], name="obsolete")
    await Things(database, FakeClock()).ensure_indexes()
    info = await col.index_information()
    assert set(info) == {"_id_", "by_a", "expires"}
    assert info["by_a"]["partialFilterExpression"] == {"a": {"$type": "string"}} and "sparse" not in info["by_a"]
    assert info["expires"]["expireAfterSeconds"] == 60
    await Things(database, FakeClock()).ensure_indexes()  # a second start changes nothing
    assert await col.index_information() == info


async def test_every_declared_index_is_created_with_its_name():
    store = await fresh_store()
    for repo in store._repos:
        info = await repo.col.index_information()
        assert set(info) - {"_id_"} == {index.name for index in repo.indexes}, repo.collection_name


@pytest.mark.skipif(not TEST_DATABASE_URL.startswith("memory://"), reason="builds a 17 MiB request: slow on a server")
async def test_an_oversized_request_is_refused_not_500(server, client, document_id):
    """The API's own bounds (body size, field sizes) refuse a request that would grow past MongoDB's
    limit before anything is written; a write that still would is refused by the store as 422
    `record_too_large`, never a 500."""
    created = await client.post("/v1/signing-requests", json_body={
        "document_id": document_id, "signers": [{"name": "Sam", "email": "sam@example.test"}]})
    assert created.status == 201, created
    request = created.json
    signer_id = request["signers"][0]["id"]
    options = [f"{n:03d}" + "o" * 252 for n in range(100)]
    fields = [{"signer_id": signer_id, "field_type": "select", "options": options, "x_percent": 10, "y_percent": 10,
               "width_percent": 10, "height_percent": 5} for _ in range(700)]
    resp = await client.post(f"/v1/signing-requests/{request['id']}/fields", json_body={"fields": fields})
    assert resp.status in (413, 422), resp
    # past the API's bounds: the store maps MongoDB's size error once
    repo = server.services.store.signing_requests
    record = await repo.by_id(request["id"])
    with pytest.raises(ApiError) as refused:
        await repo.replace_if(record, "draft", {"message": "m" * (17 * 1024 * 1024)})
    assert (refused.value.status, refused.value.code) == (422, "record_too_large")
    assert "16 MiB" in refused.value.message
    assert (await client.get(f"/v1/signing-requests/{request['id']}")).status == 200  # still usable


async def test_lists_cap_offset_and_walk_with_after_id(client, sample_pdf):
    assert_error(await client.get("/v1/documents?offset=10001"), 422, "validation_error")
    assert (await client.get("/v1/documents?offset=10000")).json == {"items": [], "total": 0, "has_more": False}
    for n in range(3):
        assert (await client.upload(sample_pdf, f"d{n}.pdf")).status == 201
    whole = [d["id"] for d in (await client.get("/v1/documents")).json["items"]]
    first = (await client.get("/v1/documents?limit=2")).json
    rest = (await client.get(f"/v1/documents?limit=2&after_id={first['items'][-1]['id']}")).json
    assert [d["id"] for d in first["items"] + rest["items"]] == whole and len(whole) == 3
    assert first["total"] == rest["total"] == 3
    assert_error(await client.get("/v1/documents?after_id=00000000-0000-4000-8000-000000000000"), 422, "validation_error")
    assert (await client.get("/v1/templates?after_id=x")).status == 422


async def test_an_after_id_cursor_reads_only_what_the_list_sorts_by(server, client, document_id, monkeypatch):
    """A template's roles or a request's fields may take megabytes: the record an `after_id` names is
    read with only its sort keys."""
    many = [{"name": "Signer", "fields": [{"field_type": "text", "x_percent": 1, "y_percent": 1, "value": "v" * 500}
                                          for _ in range(500)]}]
    templates = [(await client.post("/v1/templates", {"name": f"T{n}", "roles": many})).json["id"] for n in range(3)]
    one = [{"name": "Ann", "email": "ann@example.test"}]
    requests = [(await client.post("/v1/signing-requests", {"document_id": document_id, "signers": one})).json["id"]
                for _ in range(3)]
    await client.post("/v1/contacts", {"name": "Ann", "email": "ann@example.test"})
    await client.post("/v1/contacts", {"name": "Bob", "email": "bob@example.test"})
    store, reads = server.services.store, []
    for repo in (store.templates, store.signing_requests, store.documents, store.contacts):
        def spy(original, name):
            async def find_one(filter=None, projection=None, **kw):
                reads.append((name, projection))
                return await original(filter, projection, **kw)
            return find_one
        monkeypatch.setattr(repo.col, "find_one", spy(repo.col.find_one, repo.collection_name))
    contacts = [c["id"] for c in (await client.get("/v1/contacts")).json["items"]]
    for path, ids in [("/v1/templates", templates), ("/v1/signing-requests", requests), ("/v1/documents", [document_id]),
                      ("/v1/contacts", contacts)]:
        whole = [item["id"] for item in (await client.get(path)).json["items"]]
        rest = (await client.get(f"{path}?after_id={whole[0]}")).json["items"]
        assert [item["id"] for item in rest] == whole[1:] and sorted(whole) == sorted(ids), path
    assert {name for name, _ in reads} == {"templates", "signing_requests", "documents", "contacts"}
    assert all(projection is not None and "roles" not in projection and "fields" not in projection
               for _, projection in reads), reads


@pytest.mark.parametrize("sort", ["created_at", "updated_at", "expires_at"])
async def test_every_request_list_form_is_index_served_and_walks(client, document_id, sort):
    """The strict double fails any of these queries that no index serves."""
    made = []
    for n in range(3):
        resp = await client.post("/v1/signing-requests", json_body={
            "document_id": document_id, "signers": [{"name": f"S{n}", "email": "same@example.test"}]})
        made.append(resp.json["id"])
    for extra in ["", "&status=draft", "&signer_email=SAME@example.test", "&status=draft&signer_email=same@example.test",
                  "&created_after=2000-01-01T00:00:00Z", "&status=pending&created_before=2999-01-01T00:00:00Z"]:
        for order in ("asc", "desc"):
            seen, after = [], ""
            for _ in range(4):
                page = (await client.get(f"/v1/signing-requests?sort={sort}&order={order}&limit=2{extra}{after}")).json
                seen += [r["id"] for r in page["items"]]
                if not page["items"]:
                    break
                after = f"&after_id={page['items'][-1]['id']}"
            assert sorted(seen) == (sorted(made) if "pending" not in extra else []), (extra, order)
            assert len(seen) == len(set(seen))
    summary = (await client.get("/v1/signing-requests?limit=1")).json["items"][0]
    assert summary["signer_names"] and summary["total_signers"] == 1 and "fields" not in summary


async def test_event_numbers_are_per_organisation_and_continue_the_old_counter():
    store = await fresh_store()
    await store.db["counters"].insert_one({"_id": "events", "seq": 41})  # the deployment-wide counter of old
    a1, b1, a2 = [await store.events.append(org, "signing_request.sent") for org in ("a", "b", "a")]
    assert (a1["seq"], b1["seq"], a2["seq"]) == (42, 42, 43)
    events = await asyncio.gather(*[store.events.append("c", "signing_request.sent") for _ in range(5)])
    assert sorted(e["seq"] for e in events) == [42, 43, 44, 45, 46]  # concurrent first events: one counter

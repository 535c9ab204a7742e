"""GET /v1/events: newest first by sequence, a cursor that never skips or repeats, filters, scopes."""
import asyncio
import datetime as dt

from esign.clock import iso
from esign.store.base import new_id
from tests.support import assert_error
from tests.support.webhooks import emit, org_id

ITEM_FIELDS = {"id", "event_type", "signing_request_id", "signer_id", "signer_name", "signer_email",
               "ip_address", "country", "metadata", "created_at"}


async def poll(client, query="", key="a"):
    resp = await client.get(f"/v1/events{query}", key=key)
    assert resp.status == 200, resp
    return resp.json


async def test_cursor_over_1000_events_sharing_a_timestamp(server, client):
    org = await org_id(server)
    emitted = [(await emit(server, org))["id"] for _ in range(1050)]  # the fake clock does not move
    seen, cursor, arrived = [], None, []
    while True:
        page = await poll(client, "?limit=100" + (f"&after_id={cursor}" if cursor else ""))
        seen += [e["id"] for e in page["items"]]
        if not page["has_more"]:
            assert page["total"] == len(page["items"])
            break
        assert page["last_id"] == page["items"][-1]["id"] and page["limit"] == 100 and page["offset"] == 0
        cursor = page["last_id"]
        # new events keep arriving between pages: they are newer, so older pages never shift
        arrived += [(await emit(server, org))["id"] for _ in range(7)]
    assert seen == emitted[::-1], "every event exactly once, newest first"
    assert not set(arrived) & set(seen)
    newest = await poll(client, "?limit=7")
    assert [e["id"] for e in newest["items"]] == arrived[::-1][:7] and newest["has_more"] is True

    last = await poll(client, f"?after_id={emitted[0]}")
    assert last == {"items": [], "total": 0, "limit": 50, "offset": 0, "last_id": None, "has_more": False}


async def test_item_shape_offset_and_webhook_only_types(server, client, sample_pdf):
    org = await org_id(server)
    request_id = new_id()
    signer = {"id": new_id(), "name": "Sam Signer", "email": "sam@x.test"}
    signed = await emit(server, org, "signer.signed", signing_request_id=request_id, signer=signer,
                        ip_address="203.0.113.9", user_agent="UA", geo={"country": "DE", "city": "Berlin"},
                        metadata={"field_count": 2})
    assert (await client.upload(sample_pdf)).status == 201  # document.uploaded: webhook only
    await server.services.emit(org, "member.invited", data={"email": "new@x.test"})
    page = await poll(client)
    assert page["total"] == 1 and page["has_more"] is False
    [item] = page["items"]
    assert set(item) == ITEM_FIELDS
    assert item == {"id": signed["id"], "event_type": "signer.signed", "signing_request_id": request_id,
                    "signer_id": signer["id"], "signer_name": "Sam Signer", "signer_email": "sam@x.test",
                    "ip_address": "203.0.113.9", "country": "DE", "metadata": {"field_count": 2},
                    "created_at": iso(signed["created_at"])}
    assert (await poll(client, "?event_type=document.uploaded"))["total"] == 0

    for _ in range(4):
        await emit(server, org)
    page = await poll(client, "?limit=2&offset=2")
    assert page["total"] == 5 and len(page["items"]) == 2 and page["has_more"] is True
    page = await poll(client, "?limit=2&offset=4")
    assert [e["id"] for e in page["items"]] == [signed["id"]] and page["has_more"] is False


async def test_filters(server, client):
    org = await org_id(server)
    request_id = new_id()
    old = await emit(server, org, "signing_request.created", signing_request_id=request_id)
    server.clock.advance(seconds=5)
    downloaded = await emit(server, org, "signing_event.downloaded", signing_request_id=request_id)
    other = await emit(server, org, "signing_request.created")

    by_type = await poll(client, "?event_type=signing_event.downloaded")
    assert [e["id"] for e in by_type["items"]] == [downloaded["id"]]
    assert by_type["items"][0]["event_type"] == "signing_event.downloaded"
    by_request = await poll(client, f"?signing_request_id={request_id}")
    assert [e["id"] for e in by_request["items"]] == [downloaded["id"], old["id"]]
    after = iso(old["created_at"] + dt.timedelta(seconds=1))
    assert [e["id"] for e in (await poll(client, f"?after={after}"))["items"]] == [other["id"], downloaded["id"]]
    both = await poll(client, f"?event_type=signing_request.created&signing_request_id={request_id}")
    assert [e["id"] for e in both["items"]] == [old["id"]]


async def test_validation_scoping_and_scopes(server, client):
    org = await org_id(server)
    event = await emit(server, org)
    assert_error(await client.get(f"/v1/events?after_id={new_id()}"), 422, "validation_error")
    assert_error(await client.get(f"/v1/events?after_id={event['id']}", key="b"), 422, "validation_error")
    for query in ["?after_id=nope", "?limit=0", "?limit=101", "?offset=-1", "?after=yesterday",
                  "?signing_request_id=1", "?unknown=1"]:
        assert_error(await client.get(f"/v1/events{query}"), 422, "validation_error")
    assert (await poll(client, key="b"))["total"] == 0
    assert (await poll(client, key="a_read"))["total"] == 1
    assert_error(await client.get("/v1/events", key=None), 401, "unauthorized")
    await server.services.store.api_keys.create(org, "esk_live_org_a_write_only_00000000000", ["write"])
    assert_error(await client.get("/v1/events", key="esk_live_org_a_write_only_00000000000"), 403, "insufficient_scope")


async def test_after_never_misses_an_event_stored_later_with_an_older_clock(server, client):
    """A poller following new events with `after` = the newest `created_at` it has seen gets every event
    stored after its poll, even one whose writer read the clock earlier (another process's clock a
    little behind, or a slower concurrent append)."""
    org = await org_id(server)
    newest = await emit(server, org)
    seen = await poll(client)
    assert [e["id"] for e in seen["items"]] == [newest["id"]]
    server.clock.advance(seconds=-2)  # the next writer's clock is behind
    late = await emit(server, org, "signer.viewed")
    assert late["created_at"] >= newest["created_at"]
    page = await poll(client, f"?after={iso(newest['created_at'] - dt.timedelta(milliseconds=1))}")
    assert [e["id"] for e in page["items"]] == [late["id"], newest["id"]]


async def test_created_at_never_goes_back_along_the_order_under_concurrent_appends(server, client):
    org = await org_id(server)
    now = server.clock.now

    def ticking():  # every reading of the clock is 1 ms later
        server.clock.advance(milliseconds=1)
        return now()

    server.clock.now = ticking
    # an event that opens its request's chain needs no read before its insert; the others read the
    # request's head: their clock readings are older than events that overtake them
    kinds = ["signer.viewed", "signing_request.created"] * 10
    events = await asyncio.gather(*[server.services.emit(org, kind, signing_request_id=new_id()) for kind in kinds])
    in_order = sorted(events, key=lambda e: e["seq"])
    times = [e["created_at"] for e in in_order]
    assert times == sorted(times)
    page = await poll(client, "?limit=100")
    assert [e["id"] for e in page["items"]] == [e["id"] for e in in_order[::-1]]
    assert [e["created_at"] for e in page["items"]] == sorted((e["created_at"] for e in page["items"]), reverse=True)


async def test_an_offset_whose_plus_came_unencoded_says_how_to_send_it(server, client):
    """`?after=...+05:00` sent as is reaches the server with a space for the plus sign."""
    err = assert_error(await client.get("/v1/events?after=2026-11-23T10:00:00+05:00"), 422, "validation_error")
    assert "%2B" in err["details"][0]["message"] and err["details"][0]["field"] == "after"
    assert (await client.get("/v1/events?after=2026-11-23T10:00:00%2B05:00")).status == 200
    err = assert_error(await client.get("/v1/signing-requests?created_after=2026-11-23T10:00:00+0530"), 422,
                       "validation_error")
    assert "%2B" in err["details"][0]["message"]
    err = assert_error(await client.get("/v1/events?after=yesterday"), 422, "validation_error")
    assert "%2B" not in err["details"][0]["message"]


async def test_since_id_follows_new_events_forward_concurrent_appends_included(server, client):
    """A poller following `since_id` = the last page's `last_id` sees every event once, oldest first, while
    others are appended concurrently between and during its reads."""
    org = await org_id(server)
    first = (await emit(server, org))["id"]
    emitted = []

    async def appender():
        for _ in range(30):
            emitted.extend(e["id"] for e in await asyncio.gather(*(emit(server, org) for _ in range(5))))
            await asyncio.sleep(0)

    task = asyncio.ensure_future(appender())
    seen, cursor = [], first
    while True:
        page = await poll(client, f"?limit=20&since_id={cursor}")
        seen += [e["id"] for e in page["items"]]
        if page["items"]:
            assert page["last_id"] == page["items"][-1]["id"]
            cursor = page["last_id"]
        if task.done() and not page["has_more"]:
            break
        await asyncio.sleep(0)
    await task
    assert len(seen) == len(set(seen)) == 150, "every event exactly once"
    assert set(seen) == set(emitted)
    newest_first = [e["id"] for e in (await poll(client, "?limit=100&offset=0"))["items"]]
    newest_first += [e["id"] for e in (await poll(client, f"?limit=100&after_id={newest_first[-1]}"))["items"]]
    assert seen == newest_first[::-1][1:], "oldest first, in the order of the backward pages"
    empty = await poll(client, f"?since_id={seen[-1]}")
    assert (empty["items"], empty["last_id"], empty["has_more"]) == ([], None, False)
    assert_error(await client.get(f"/v1/events?since_id={new_id()}"), 422, "validation_error")
    assert_error(await client.get(f"/v1/events?since_id={first}&after_id={first}"), 422, "validation_error")

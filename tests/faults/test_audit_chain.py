"""The audit trail's hash chains (esign.audit_chain) under concurrent writers on the strict double,
whose calls interleave as MongoDB's do: one line per organisation and per request, no gap, no fork."""
from __future__ import annotations

import asyncio
import json

import pytest

from esign import db as dbmod
from esign.audit_chain import check_trail, event_hash, trail_json
from esign.clock import FakeClock
from esign.store import Store
from esign.store.events import Events
from tests.support.store import fresh_store


def assert_linear(events: list[dict], place: str, prev: str):
    events = sorted(events, key=lambda e: e[place])
    assert [e[place] for e in events] == list(range(events[0][place], events[0][place] + len(events)))
    for before, after in zip(events, events[1:]):
        assert after[prev] == before["hash"], (before[place], after[place])
    for event in events:
        assert event["hash"] == event_hash(event)


async def test_concurrent_writers_keep_one_chain_per_organisation_and_request():
    store = await fresh_store()
    # four processes' repositories on one database (each its own remembered heads), writing at once
    processes = [store.events] + [Events(store.events.db, store.events.clock) for _ in range(3)]
    writes = [processes[n % 4].append("org-1", "signer.viewed", signing_request_id=f"req-{n % 3}",
                                      data={"n": n}) for n in range(24)]
    writes += [processes[n].append("org-1", "member.invited") for n in range(4)]  # no request: org chain only
    written = await asyncio.gather(*writes)
    assert_linear(written, "seq", "prev_org_hash")
    assert written[0]["seq"] >= 1 and sorted(e["seq"] for e in written) == list(range(1, 29))
    for n in range(3):
        trail = await store.events.trail(f"req-{n}")
        assert len(trail) == 8 and trail[0]["prev_request_hash"] is None
        assert_linear(trail, "request_seq", "prev_request_hash")
        assert check_trail(json.loads(trail_json(f"req-{n}", trail))) == []


async def test_without_the_unique_indexes_the_same_writers_fork_the_chain():
    """The insert is the compare-and-swap only through the unique indexes: without them (no
    ensure_indexes) the same concurrent writers read one head and take one place twice."""
    store = Store(dbmod.connect("memory://", "no_indexes"), FakeClock())
    processes = [Events(store.events.db, store.events.clock) for _ in range(6)]  # as six processes
    written = await asyncio.gather(*[events.append("org-1", "signer.viewed", signing_request_id="r")
                                     for events in processes])
    assert len({e["seq"] for e in written}) < 6 and len({e["prev_org_hash"] for e in written}) < 6


async def test_concurrent_appends_of_one_process_take_their_places_in_turn():
    """Appends of one organisation in one process wait for each other: none tries a place another
    append here has taken (each event is one insert), the heads stored here are not read again, and
    the chains stay linear."""
    store = await fresh_store()
    trips = dbmod.round_trips(store.events.db)
    before = trips.by_command["insert"]
    written = await asyncio.gather(*[store.events.append("org-1", "signer.viewed", signing_request_id=f"r{n % 2}")
                                     for n in range(12)])
    assert trips.by_command["insert"] - before == 12
    # the heads of the organisation's and the requests' chains stored here are remembered: no more reads
    reads = trips.by_command["find"]
    written += await asyncio.gather(*[store.events.append("org-1", "signer.signed", signing_request_id=f"r{n % 2}")
                                      for n in range(6)])
    assert trips.by_command["find"] == reads
    assert_linear(written, "seq", "prev_org_hash")
    for n in range(2):
        assert_linear(await store.events.trail(f"r{n}"), "request_seq", "prev_request_hash")
    # another process's append takes the next place of r0: the insert here is refused, the head read
    other = await Events(store.events.db, store.events.clock).append("org-1", "signer.viewed", signing_request_id="r0")
    mine = await store.events.append("org-1", "signer.viewed", signing_request_id="r0")
    assert (mine["seq"], mine["prev_org_hash"]) == (other["seq"] + 1, other["hash"])
    assert (mine["request_seq"], mine["prev_request_hash"]) == (other["request_seq"] + 1, other["hash"])


async def test_creation_takes_the_first_place_unread_and_chains_after_an_earlier_event():
    """`signing_request.created` opens its request's chain without reading its head; when another
    event of the request already holds the first place, the unique index refuses the insert and the
    creation chains after it."""
    store = await fresh_store()
    created = await store.events.append("org-1", "signing_request.created", signing_request_id="r1")
    assert (created["request_seq"], created["prev_request_hash"]) == (1, None)
    earlier = await store.events.append("org-1", "signer.viewed", signing_request_id="r2")
    late = await store.events.append("org-1", "signing_request.created", signing_request_id="r2")
    assert (late["request_seq"], late["prev_request_hash"]) == (2, earlier["hash"])
    assert_linear(await store.events.trail("r2"), "request_seq", "prev_request_hash")


async def test_a_taken_place_in_a_request_chain_is_refused():
    store = await fresh_store()
    first = await store.events.append("org-1", "signer.viewed", signing_request_id="r")
    with pytest.raises(dbmod.DuplicateKeyError):
        await store.events.col.insert_one({"_id": "x", "org_id": "org-2", "seq": 1, "signing_request_id": "r",
                                           "in_request_chain": True, "request_seq": first["request_seq"]})
    await store.events.col.insert_one({"_id": "y", "org_id": "org-2", "seq": 2, "signing_request_id": None})
    await store.events.col.insert_one({"_id": "z", "org_id": "org-2", "seq": 3, "signing_request_id": None})


def test_a_changed_event_breaks_its_hash_and_the_next_link():
    events = []
    for n in range(3):
        event = {"id": f"e{n}", "org_id": "o", "seq": n + 1, "request_seq": n + 1, "event_type": "signer.viewed",
                 "signing_request_id": "r", "created_at": "2026-11-23T09:40:10.000Z",
                 "prev_request_hash": events[-1]["hash"] if events else None}
        events.append({**event, "hash": event_hash(event)})
    assert check_trail(json.loads(trail_json("r", events))) == []
    changed = json.loads(trail_json("r", events))
    changed["events"][1]["ip_address"] = "198.51.100.1"
    assert check_trail(changed) == ["event 2 (signer.viewed, 2026-11-23T09:40:10.000Z): its content does not match "
                                    "its hash (it was changed)"]
    removed = json.loads(trail_json("r", events))
    del removed["events"][1]
    assert any("does not follow" in p for p in check_trail(removed))


def test_events_repository_declares_the_chain_indexes():
    names = {index.name: index for index in Events.indexes}
    assert names["org_seq_unique"].unique and names["request_chain_unique"].unique


async def test_a_writer_that_dies_before_its_insert_leaves_no_gap(monkeypatch):
    """Nothing is reserved before the insert: a process that dies (here: its insert never happens)
    leaves the next event the place it would have taken."""
    store = await fresh_store()
    first = await store.events.append("org-1", "signer.viewed", signing_request_id="r")
    real_insert = store.events.col.insert_one

    async def dies(doc, **kwargs):
        raise ConnectionError("the process died")

    monkeypatch.setattr(store.events.col, "insert_one", dies)
    with pytest.raises(ConnectionError):
        await store.events.append("org-1", "signer.signed", signing_request_id="r")
    monkeypatch.setattr(store.events.col, "insert_one", real_insert)
    after = await store.events.append("org-1", "signer.signed", signing_request_id="r")
    assert (after["seq"], after["request_seq"]) == (first["seq"] + 1, first["request_seq"] + 1)
    assert after["prev_org_hash"] == after["prev_request_hash"] == first["hash"]


async def test_a_remembered_head_saves_the_read_and_a_stale_one_is_refused_and_read_again():
    """Each process remembers the head of an organisation's chain it last stored: its next append is
    one insert. Two processes (two stores on one database) appending in turn hold stale heads: the
    unique index refuses the place, the head is read, and the chain stays one line."""
    one = await fresh_store()
    two = Store(one.db, one.clock)
    counter = dbmod.round_trips(one.db)
    first = await one.events.append("org-1", "member.invited")
    before = counter.total
    second = await one.events.append("org-1", "member.invited")
    assert counter.total - before == 1 and (second["seq"], second["prev_org_hash"]) == (first["seq"] + 1, first["hash"])
    written = [first, second]
    for n in range(6):  # each store's remembered head is stale every time but the first
        written.append(await (one if n % 2 else two).events.append("org-1", "signer.viewed", signing_request_id="r"))
    assert_linear(written, "seq", "prev_org_hash")
    assert_linear(written[2:], "request_seq", "prev_request_hash")
    before = counter.total
    await two.events.append("org-1", "member.invited")  # stale: refused, read, stored
    assert counter.total - before == 3


async def test_appends_of_one_process_chain_after_each_other_without_reading_the_head(monkeypatch):
    """Concurrent appends of one process that lose their place to each other chain after the head the
    winner stored, without reading the organisation's head again (a sorted query over all its events:
    a bulk send's appends made it quadratic); the unique index still decides every place."""
    store = await fresh_store()
    await store.events.append("org-1", "member.invited")  # the head is known here from now on
    reads = []
    find_one = store.events.col.find_one

    async def spy(query, *args, **kwargs):
        reads.append(query)
        return await find_one(query, *args, **kwargs)

    monkeypatch.setattr(store.events.col, "find_one", spy)
    written = await asyncio.gather(*[store.events.append("org-1", "member.invited") for _ in range(24)])
    assert_linear(written, "seq", "prev_org_hash")
    assert sorted(e["seq"] for e in written) == list(range(2, 26))
    assert [q for q in reads if set(q) == {"org_id"}] == []
    # another process's event took the next place: the head is read, once, and the chain goes on after it
    other = Events(store.db, store.clock)
    await other.append("org-1", "member.invited")
    after = await store.events.append("org-1", "member.invited")
    assert after["seq"] == 27 and [q for q in reads if set(q) == {"org_id"}] == [{"org_id": "org-1"}]

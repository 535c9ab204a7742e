"""Contacts (create-or-update by email, search, paging, delete) and usage (four metrics from the plan
limits; storage counts uploads; sandbox never counts)."""
from __future__ import annotations

import re
import urllib.parse

import pytest

from tests.support import CORPUS, assert_error, raw_db
from tests.support.signing import make_request

CONTACT_KEYS = {"id", "name", "email", "phone", "locale", "last_used_at", "created_at", "updated_at"}  # locale: an extension
ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")


async def test_create_contact(client):
    resp = await client.post("/v1/contacts", {"name": "Ada Lovelace", "email": "ada@example.test",
                                              "phone": "+44 20 7946 0018"})
    assert resp.status == 201, resp
    c = resp.json
    assert set(c) == CONTACT_KEYS
    assert (c["name"], c["email"], c["phone"]) == ("Ada Lovelace", "ada@example.test", "+442079460018")
    for field in ("created_at", "updated_at", "last_used_at"):
        assert ISO.match(c[field]), c
    assert c["last_used_at"] == c["created_at"]
    no_phone = (await client.post("/v1/contacts", {"name": "Bob", "email": "bob@example.test"})).json
    assert no_phone["phone"] is None


async def test_same_email_any_case_updates_the_name_and_keeps_the_id(server, client):
    first = (await client.post("/v1/contacts", {"name": "Grace", "email": "Grace.Hopper@Example.test"})).json
    server.clock.advance(minutes=5)
    resp = await client.post("/v1/contacts", {"name": "Grace Hopper", "email": "grace.hopper@example.TEST",
                                              "phone": "+1 202 555 0100"})
    assert resp.status == 201, resp
    second = resp.json
    assert second["id"] == first["id"]
    assert second["name"] == "Grace Hopper" and second["phone"] == "+12025550100"
    assert second["created_at"] == first["created_at"]
    assert second["updated_at"] > first["updated_at"]
    listed = (await client.get("/v1/contacts")).json
    assert listed["total"] == 1 and listed["items"][0]["name"] == "Grace Hopper"


async def test_search_is_a_case_insensitive_substring_of_name_or_email(client):
    people = [("Alice Smith", "alice@corp.example.test"), ("Bob Jones", "bob@smithfield.example.test"),
              ("Carol White", "carol@other.example.test"), ("Dan (Ops) Brown", "dan.brown@corp.example.test")]
    for name, email in people:
        assert (await client.post("/v1/contacts", {"name": name, "email": email})).status == 201

    async def names(search):
        resp = await client.get("/v1/contacts?" + urllib.parse.urlencode({"search": search}))
        assert resp.status == 200, resp
        return sorted(c["name"] for c in resp.json["items"]), resp.json["total"]

    assert await names("smith") == (["Alice Smith", "Bob Jones"], 2)   # name of one, email of the other
    assert await names("SMITH") == (["Alice Smith", "Bob Jones"], 2)
    assert await names("CORP.example") == (["Alice Smith", "Dan (Ops) Brown"], 2)
    assert await names("white") == (["Carol White"], 1)
    assert await names("(ops)") == (["Dan (Ops) Brown"], 1)           # regex characters are literal
    assert await names(".*") == ([], 0)
    assert await names("nobody") == ([], 0)
    assert await names("s" * 100) == ([], 0)
    err = assert_error(await client.get("/v1/contacts?search=" + "s" * 101), 422, "validation_error")
    assert err["details"][0]["field"] == "search"
    # MongoDB refuses a regular expression holding a NUL byte: control characters are a 422, never a 500
    for control in ("%00", "a%0Ab", "%09"):
        err = assert_error(await client.get(f"/v1/contacts?search={control}"), 422, "validation_error")
        assert err["details"][0]["field"] == "search"


async def test_a_phone_left_out_is_kept_and_null_clears_it(server, client):
    first = (await client.post("/v1/contacts", {"name": "Ann", "email": "ann@example.test", "phone": "+1 202 555 0100"})).json
    # saved again from a signer list, which has no phone: the name changes, the phone stays
    again = (await client.post("/v1/contacts", {"name": "Ann Smith", "email": "ANN@example.test"})).json
    assert (again["id"], again["name"], again["phone"]) == (first["id"], "Ann Smith", "+12025550100")
    cleared = (await client.post("/v1/contacts", {"name": "Ann Smith", "email": "ann@example.test", "phone": None})).json
    assert cleared["id"] == first["id"] and cleared["phone"] is None
    # the list reads only what it shows
    org = await server.services.store.organizations.by_name("Org A")
    items = (await server.services.store.contacts.list(org["id"], None, 50, 0)).items
    assert [set(c) for c in items] == [CONTACT_KEYS]


async def test_the_list_is_in_alphabetical_order_whatever_the_case_or_accents(client):
    names = ["zoe", "Adam", "émile", "Bob", "adam", "Éva", "charlie"]
    for n, name in enumerate(names):
        assert (await client.post("/v1/contacts", {"name": name, "email": f"c{n}@example.test"})).status == 201
    listed = [c["name"] for c in (await client.get("/v1/contacts")).json["items"]]
    assert listed[2:] == ["Bob", "charlie", "émile", "Éva", "zoe"] and sorted(listed[:2]) == ["Adam", "adam"]
    walked, after = [], ""
    for _ in range(5):
        page = (await client.get(f"/v1/contacts?limit=2{after}")).json["items"]
        walked += [c["name"] for c in page]
        if not page:
            break
        after = f"&after_id={page[-1]['id']}"
    assert walked == listed
    # renamed: it moves to its new place
    await client.post("/v1/contacts", {"name": "Aaron", "email": "c0@example.test"})
    assert (await client.get("/v1/contacts?limit=1")).json["items"][0]["name"] == "Aaron"
    assert [c["name"] for c in (await client.get("/v1/contacts?search=É")).json["items"]] == ["émile", "Éva"]


async def test_contacts_page_with_limit_and_offset(client):
    for i in range(5):
        await client.post("/v1/contacts", {"name": f"Person {i}", "email": f"p{i}@example.test"})
    page = (await client.get("/v1/contacts?limit=2")).json
    assert page["total"] == 5 and [c["name"] for c in page["items"]] == ["Person 0", "Person 1"]
    page = (await client.get("/v1/contacts?limit=2&offset=4")).json
    assert page["total"] == 5 and [c["name"] for c in page["items"]] == ["Person 4"]
    page = (await client.get("/v1/contacts?limit=2&offset=2&search=person")).json
    assert page["total"] == 5 and [c["name"] for c in page["items"]] == ["Person 2", "Person 3"]
    for query in ("limit=0", "limit=101", "offset=-1"):
        assert_error(await client.get(f"/v1/contacts?{query}"), 422, "validation_error")
    assert len((await client.get("/v1/contacts?limit=100")).json["items"]) == 5


async def test_delete_contact(client):
    contact = (await client.post("/v1/contacts", {"name": "Temp", "email": "temp@example.test"})).json
    keep = (await client.post("/v1/contacts", {"name": "Keep", "email": "keep@example.test"})).json
    resp = await client.delete(f"/v1/contacts/{contact['id']}")
    assert resp.status == 204 and resp.body == b""
    assert_error(await client.delete(f"/v1/contacts/{contact['id']}"), 404, "not_found")
    assert_error(await client.delete(f"/v1/contacts/{contact['id'].upper()}"), 404, "not_found")
    listed = (await client.get("/v1/contacts")).json
    assert [c["id"] for c in listed["items"]] == [keep["id"]] and listed["total"] == 1
    # deleting an id in upper case finds the record too (UUIDs are case-insensitive)
    assert (await client.delete(f"/v1/contacts/{keep['id'].upper()}")).status == 204
    # the email is free again: a new contact gets a new id
    again = (await client.post("/v1/contacts", {"name": "Temp", "email": "temp@example.test"})).json
    assert again["id"] != contact["id"]


# --- usage -----------------------------------------------------------------------------------------------

def check_usage_shape(usage: dict):
    assert set(usage) == {"signing_requests", "storage", "templates", "identity_verifications"}
    for name in ("signing_requests", "storage", "templates"):
        metric = usage[name]
        assert set(metric) == {"current", "limit", "unlimited", "percentage"}, name
        assert all(isinstance(metric[k], int) and not isinstance(metric[k], bool)
                   for k in ("current", "limit", "percentage"))
        assert isinstance(metric["unlimited"], bool)
        assert metric["unlimited"] == (metric["limit"] == 0)
    ident = usage["identity_verifications"]
    assert set(ident) == {"current", "cost_per_check", "total_cost", "month"}
    assert isinstance(ident["current"], int) and isinstance(ident["cost_per_check"], (int, float))
    assert isinstance(ident["total_cost"], (int, float)) and re.match(r"^\d{4}-\d\d$", ident["month"])


@pytest.mark.parametrize("key, limits, cost", [
    ("a", {"signing_requests": 0, "storage": 0, "templates": 0}, 0.5),          # enterprise: unlimited
    ("b", {"signing_requests": 500, "storage": 10240, "templates": 100}, 1.0),  # pro
    ("free", {"signing_requests": 3, "storage": 1, "templates": 2}, 0.0),       # plan "small" from config
])
async def test_usage_reports_the_plan_limits(server, client, key, limits, cost):
    resp = await client.get("/v1/usage", key=key)
    assert resp.status == 200, resp
    usage = resp.json
    check_usage_shape(usage)
    for name, limit in limits.items():
        assert usage[name] == {"current": 0, "limit": limit, "unlimited": limit == 0, "percentage": 0}, name
    assert usage["identity_verifications"] == {"current": 0, "cost_per_check": cost, "total_cost": 0,
                                               "month": server.clock.now().strftime("%Y-%m")}


async def test_storage_counts_uploaded_megabytes_rounded_up(client):
    pdf = (CORPUS / "GeoTopo-komprimiert.pdf").read_bytes()  # 1.7 MB
    assert (await client.upload(pdf, key="b")).status == 201
    storage = (await client.get("/v1/usage", key="b")).json["storage"]
    assert storage == {"current": 2, "limit": 10240, "unlimited": False, "percentage": 0}
    small = (CORPUS / "minimal-document.pdf").read_bytes()
    assert (await client.upload(small, key="free")).status == 201
    storage = (await client.get("/v1/usage", key="free")).json["storage"]
    assert storage == {"current": 1, "limit": 1, "unlimited": False, "percentage": 100}
    # refused uploads are not counted
    assert_error(await client.upload(b"not a pdf", key="b"), 400, "invalid_pdf")
    assert (await client.get("/v1/usage", key="b")).json["storage"]["current"] == 2


async def test_templates_metric_counts_the_organisation_templates(server, client):
    org = await server.services.store.organizations.by_name("Org Small")
    await raw_db(server.services)["templates"].insert_many([{"_id": "t1", "org_id": org["id"]},
                                                       {"_id": "t2", "org_id": "someone-else"}])
    templates = (await client.get("/v1/usage", key="free")).json["templates"]
    assert templates == {"current": 1, "limit": 2, "unlimited": False, "percentage": 50}


async def test_usage_month_follows_the_clock(server, client):
    server.clock.advance(days=40)
    month = (await client.get("/v1/usage")).json["identity_verifications"]["month"]
    assert month == server.clock.now().strftime("%Y-%m")


async def used(client) -> dict:
    return {c["email"]: c["last_used_at"] for c in (await client.get("/v1/contacts")).json["items"]}


async def test_signers_contacts_are_marked_used_by_the_worker_and_never_by_a_sandbox_request(server, client):
    ann = (await client.post("/v1/contacts", {"name": "Ann", "email": "Ann@Example.test"})).json
    other = (await client.post("/v1/contacts", {"name": "Oz", "email": "oz@example.test"})).json
    server.clock.advance(minutes=5)
    sandbox = await make_request(server, signers=({"name": "Ann", "email": "ann@example.test"},), key="a_sandbox",
                                 send=False)
    await server.run_jobs()
    assert (await used(client))["Ann@Example.test"] == ann["created_at"]
    server.clock.advance(minutes=5)
    live = await make_request(server, signers=({"name": "Ann", "email": "ann@example.test"},), send=False)
    assert sandbox.body["sandbox"] is True and live.body["sandbox"] is False
    await server.run_jobs()  # the worker follows the request's creation (esign.domain.mail.outbox)
    assert (await used(client))["Ann@Example.test"] == live.body["created_at"]
    assert (await used(client))["oz@example.test"] == other["created_at"]
    # followed again (a worker that died before the event left the outbox): the time stays the creation's
    server.clock.advance(minutes=5)
    await raw_db(server.services)["events"].update_many({"event_type": "signing_request.created"},
                                                        {"$set": {"dispatch_pending": True}})
    await server.run_jobs()
    assert (await used(client))["Ann@Example.test"] == live.body["created_at"]


async def test_an_idempotency_key_replays_a_contact_write_and_refuses_another_body(server, client):
    """A retried create with its Idempotency-Key replays the first answer, even after the contact changed
    since: the retry does not write the name again."""
    body = {"name": "Ida", "email": "ida@example.test"}
    first = await client.post("/v1/contacts", body, headers={"Idempotency-Key": "contact-1"})
    assert first.status == 201 and "Idempotent-Replayed" not in first.headers
    await client.post("/v1/contacts", {"name": "Ida Renamed", "email": "ida@example.test"})
    again = await client.post("/v1/contacts", body, headers={"Idempotency-Key": "contact-1"})
    assert again.status == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    listed = (await client.get("/v1/contacts")).json
    assert [c["name"] for c in listed["items"]] == ["Ida Renamed"]
    assert_error(await client.post("/v1/contacts", {"name": "Other", "email": "other@example.test"},
                                   headers={"Idempotency-Key": "contact-1"}), 409, "idempotency_key_reused")

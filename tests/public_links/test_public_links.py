"""Public links from a template (issue 41 item 2, docs/public-links.md), over real HTTP: the owner's API,
the visitor's code by email (the Maildir provider), the request made only once the address is proven,
resuming by the proven address, `max_uses` under concurrent verifications, rotation, prefill, caps and
the QR code read back."""
from __future__ import annotations

import asyncio
import datetime as dt
import re

from esign.domain.public_links import prefill_token
from tests.support import assert_error, raw_db
from tests.support.public_links import NO_KEY, code_for, link_of, slug, start, template_of
from tests.support.qr import decode_png
from tests.support.routing import sign_with, signed_pdf, text_of
from tests.support.templates import field


async def requests_of(server, link):
    return await raw_db(server.services)["signing_requests"].count_documents({"public_link.id": link["id"]})


async def test_a_proven_address_makes_one_request_from_the_template_and_opens_its_signing_page(server, client, document_id):
    template = await template_of(client, document_id)
    link = await link_of(client, template, max_uses=5)
    assert link["url"] == f"{server.services.config.server.public_url}/p/{slug(link)}"
    assert link["prefill_secret"] and link["email_code"] is True and link["uses"] == 0
    again = await client.get(f"/v1/public-links/{link['id']}")
    assert again.status == 200 and "prefill_secret" not in again.json  # shown once

    page = await client.get(f"/p/{slug(link)}", **NO_KEY)
    assert page.status == 200 and b"Pool waiver" in page.body and b'src="/p/' in page.body
    image = await client.get(f"/p/{slug(link)}/pages/1.png", **NO_KEY)
    assert image.status == 200 and image.body.startswith(b"\x89PNG"), image
    resp = await start(server, link, "Vera@Example.test")
    assert resp.status == 202, resp
    assert await requests_of(server, link) == 0  # nothing before the address is proven
    code = code_for(server, "vera@example.test")

    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    assert_error(await client.post(f"/p/{slug(link)}/verify", {"email": "vera@example.test", "code": wrong},
                                   **NO_KEY), 400, "invalid_code")
    assert await requests_of(server, link) == 0  # a wrong code creates no request

    made = await client.post(f"/p/{slug(link)}/verify", {"email": "vera@example.test", "code": code,
                                                         "name": "Vera Visitor"}, **NO_KEY)
    assert made.status == 201, made
    request = (await client.get(f"/v1/signing-requests/{made.json['signing_request_id']}")).json
    assert request["status"] == "pending"
    assert [(s["name"], s["email"]) for s in request["signers"]] == [("Vera Visitor", "vera@example.test"),
                                                                      ("Hal Host", "host@example.test")]
    stored = await raw_db(server.services)["signing_requests"].find_one({"_id": request["id"]})
    assert stored["template_id"] == template["id"] and stored["source"] == "public_link"
    assert stored["public_link"] == {"id": link["id"], "name": "Pool waiver", "email_proven": True,
                                     "phone_proven": False}
    opened = await client.get(made.json["signing_url"].replace(server.services.config.server.public_url, ""), **NO_KEY)
    assert opened.status == 200 and b"<html" in opened.body

    # the same proven address resumes its unfinished request, never makes a second
    resumed = await client.post(f"/p/{slug(link)}/verify", {"email": "vera@example.test", "code": code}, **NO_KEY)
    assert resumed.status == 200 and resumed.json["signing_request_id"] == request["id"]
    assert (await client.get(f"/v1/public-links/{link['id']}")).json["uses"] == 1
    uses = (await client.get(f"/v1/public-links/{link['id']}/uses")).json["items"]
    assert [(u["email"], u["signing_request_id"], u["email_proven"]) for u in uses] == [
        ("vera@example.test", request["id"], True)]
    events = (await client.get("/v1/events?event_type=public_link.used")).json
    assert [e["event_type"] for e in events["items"]] == ["public_link.used"]


async def test_max_uses_is_never_exceeded_under_concurrent_verifications(server, client, document_id):
    link = await link_of(client, await template_of(client, document_id), max_uses=3)
    people = [f"p{i}@example.test" for i in range(8)]
    for address in people:
        assert (await start(server, link, address)).status == 202
    codes = {address: code_for(server, address) for address in people}
    answers = await asyncio.gather(*(client.post(f"/p/{slug(link)}/verify", {"email": a, "code": codes[a]}, **NO_KEY)
                                     for a in people))
    assert sorted(r.status for r in answers) == [201] * 3 + [410] * 5, answers
    assert await requests_of(server, link) == 3
    assert (await client.get(f"/v1/public-links/{link['id']}")).json["uses"] == 3
    assert_error(await client.post(f"/p/{slug(link)}/start", {"email": "late@example.test"}, **NO_KEY), 410, "gone")
    types = [e["event_type"] for e in (await client.get("/v1/events?limit=100")).json["items"]]
    assert types.count("public_link.used") == 3 and types.count("public_link.exhausted") == 1


async def test_rotate_makes_the_old_address_answer_410_and_the_qr_code_reads_back_as_the_link(server, client, document_id):
    link = await link_of(client, await template_of(client, document_id))
    png = await client.get(f"/p/{slug(link)}/qr.png", **NO_KEY)
    assert png.status == 200 and decode_png(png.body) == [link["url"]]
    svg = await client.get(f"/p/{slug(link)}/qr.svg", **NO_KEY)
    assert svg.status == 200 and svg.body.startswith(b"<svg")
    rotated = await client.post(f"/v1/public-links/{link['id']}/rotate")
    assert rotated.status == 200 and rotated.json["url"] != link["url"]
    assert_error(await client.post(f"/p/{slug(link)}/start", {"email": "a@example.test"}, **NO_KEY), 410, "gone")
    assert (await client.get(f"/p/{slug(link)}", **NO_KEY)).status == 410
    assert decode_png((await client.get(f"/p/{slug(rotated.json)}/qr.png", **NO_KEY)).body) == [rotated.json["url"]]
    assert (await start(server, rotated.json, "b@example.test")).status == 202


async def test_pause_delete_and_the_owner_s_checks(server, client, document_id):
    template = await template_of(client, document_id)
    assert_error(await client.post(f"/v1/templates/{template['id']}/public-links",
                                   {"name": "x", "public_role": "Guest"}), 422, "validation_error")  # Host has nobody
    assert_error(await client.post(f"/v1/templates/{template['id']}/public-links",
                                   {"name": "x", "public_role": "Nobody"}), 422, "validation_error")
    link = await link_of(client, template)
    paused = await client.patch(f"/v1/public-links/{link['id']}", {"paused": True})
    assert paused.status == 200 and paused.json["paused"] is True
    assert_error(await client.post(f"/p/{slug(link)}/start", {"email": "a@example.test"}, **NO_KEY), 409)
    assert "public_link.paused" in [e["event_type"] for e in (await client.get("/v1/events")).json["items"]]
    assert (await client.patch(f"/v1/public-links/{link['id']}", {"paused": False})).json["paused"] is False
    listed = (await client.get("/v1/public-links")).json
    assert [item["id"] for item in listed["items"]] == [link["id"]]
    assert (await client.delete(f"/v1/public-links/{link['id']}")).status == 204
    assert_error(await client.post(f"/p/{slug(link)}/start", {"email": "a@example.test"}, **NO_KEY), 404)


async def test_prefill_only_when_signed_with_the_secret_and_not_expired(server, client, document_id):
    roles = [{"name": "Guest", "fields": [field(), field(field_type="text", y_percent=10, value="Plan: {{plan}}")]},
             {"name": "Host", "fields": [field(x_percent=50)]}]
    link = await link_of(client, await template_of(client, document_id, roles))
    assert (await start(server, link, "pre@example.test")).status == 202
    code = code_for(server, "pre@example.test")
    later = server.clock.now() + dt.timedelta(hours=1)

    async def verify(prefill):
        return await client.post(f"/p/{slug(link)}/verify", {"email": "pre@example.test", "code": code,
                                                             "prefill": prefill}, **NO_KEY)

    assert_error(await verify(prefill_token("not the secret", {"plan": "Gold"}, later)), 400, "invalid_prefill")
    assert_error(await verify(prefill_token(link["prefill_secret"], {"plan": "Gold"},
                                            server.clock.now() - dt.timedelta(seconds=1))), 400, "invalid_prefill")
    assert await requests_of(server, link) == 0  # nothing stored
    made = await verify(prefill_token(link["prefill_secret"], {"plan": "Gold"}, later))
    assert made.status == 201, made
    stored = await raw_db(server.services)["signing_requests"].find_one({"_id": made.json["signing_request_id"]})
    assert "Plan: Gold" in [f.get("value") for f in stored["fields"]]


async def test_caps_answer_429_with_retry_after_in_the_same_words_for_any_address(server, client, document_id):
    link = await link_of(client, await template_of(client, document_id))
    per_address = server.services.config.public_links.start_per_address_minute
    for _ in range(per_address):
        assert (await start(server, link, "cap@example.test")).status == 202
    over = await start(server, link, "cap@example.test")
    assert_error(over, 429, "rate_limited")
    assert int(over.headers["Retry-After"]) >= 1
    # a code may be tried only so often per address, then 429 even with the right code
    code = code_for(server, "cap@example.test")
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for _ in range(server.services.config.public_links.verify_per_address_minute):
        assert (await client.post(f"/p/{slug(link)}/verify", {"email": "cap@example.test", "code": wrong},
                                  **NO_KEY)).status == 400
    blocked = await client.post(f"/p/{slug(link)}/verify", {"email": "cap@example.test", "code": code}, **NO_KEY)
    assert_error(blocked, 429, "rate_limited")
    assert re.sub(r"\d+", "N", blocked.json["error"]["message"]) == re.sub(r"\d+", "N", over.json["error"]["message"])
    assert await requests_of(server, link) == 0


async def test_allowed_domains_and_a_link_without_email_code(server, client, document_id):
    template = await template_of(client, document_id)
    only = await link_of(client, template, allowed_email_domains=["Example.org"])
    assert_error(await start(server, only, "x@example.test"), 422, "validation_error")
    assert (await start(server, only, "x@example.org")).status == 202
    direct = await link_of(client, template, email_code=False)
    made = await start(server, direct, "d@example.test")
    assert made.status == 201, made
    stored = await raw_db(server.services)["signing_requests"].find_one({"_id": made.json["signing_request_id"]})
    assert stored["public_link"]["email_proven"] is False


async def test_the_certificate_says_the_request_began_at_the_public_link_and_how_the_address_was_proven(
        server, client, document_id, tmp_path):
    template = await template_of(client, document_id, [{"name": "Guest", "fields": [field()]}])
    for proven in (True, False):
        link = await link_of(client, template, fixed_roles=[], email_code=proven, name=f"Gym waiver {proven}")
        address = f"gym-{str(proven).lower()}@example.test"
        made = await start(server, link, address)
        if proven:
            made = await client.post(f"/p/{slug(link)}/verify", {"email": address, "code": code_for(server, address)},
                                     **NO_KEY)
        assert made.status == 201, made
        await sign_with(server, made.json["signing_url"].rsplit("/", 1)[1], "Gwen Guest")
        path, *_ = await signed_pdf(server, made.json["signing_request_id"], tmp_path)
        text = text_of(path)
        assert f"The signer opened the public link Gym waiver {proven} and made this request themselves." in text
        assert ("proved their email address with a code sent to it" in text) is proven
        assert ("email address was not proven with a code" in text) is not proven
        assert "Request made from a public link" in text


async def test_one_address_makes_a_new_request_only_after_the_interval(server, client, document_id):
    link = await link_of(client, await template_of(client, document_id), email_code=False, per_person_interval_days=30)
    first = await start(server, link, "again@example.test")
    assert first.status == 201, first
    assert (await start(server, link, "again@example.test")).json["signing_request_id"] == \
        first.json["signing_request_id"]  # unfinished: resumed
    cancelled = await client.post(f"/v1/signing-requests/{first.json['signing_request_id']}/cancel", {})
    assert cancelled.status == 200, cancelled
    server.clock.advance(minutes=2)  # past the per-minute caps on asking
    too_soon = await start(server, link, "again@example.test")
    assert_error(too_soon, 429, "rate_limited")
    assert int(too_soon.headers["Retry-After"]) > 29 * 86400
    server.clock.advance(days=30, minutes=1)
    second = await start(server, link, "again@example.test")
    assert second.status == 201 and second.json["signing_request_id"] != first.json["signing_request_id"]
    assert await requests_of(server, link) == 2

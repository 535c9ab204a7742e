"""Phone codes on public links (issue 41 item 2, docs/public-links.md), over real HTTP with the log SMS
provider: only numbers of the link's allowed countries get a text, caps per number, prefix and link a
day answer 429, the breaker pauses phone codes (`public_link.paused`, `phone_breaker`) and stops texts
until the owner resumes them, and a proven texted code makes the request."""
from __future__ import annotations

import re

from tests.support import assert_error, raw_db
from tests.support.mail import maildir
from tests.support.public_links import NO_KEY, link_of, slug, template_of
from tests.support.server import running_server

GB = "+447400123456"
PHONE_LINK = {"phone_code": {"allowed_countries": ["gb", "IE"]}}


def config(**keys):
    lines = "\n".join(f"{k} = {v}" for k, v in {"start_per_address_minute": 100, "start_per_client_minute": 1000,
                                                "start_per_link_minute": 1000, **keys}.items())
    return f"[public_links]\n{lines}\n"


def texts(server):
    return list(server.services.sms.sent)


def texted_code(server, phone):
    sent = [text for number, text in texts(server) if number == phone]
    assert sent, f"no code was texted to {phone}"
    return re.search(r"\b(\d{6})\b", sent[-1]).group(1)


async def ask(server, link, phone, address="vera@example.test"):
    resp = await server.client.post(f"/p/{slug(link)}/start", {"name": "Vera Visitor", "email": address, "phone": phone},
                                    **NO_KEY)
    await server.run_jobs()
    return resp


async def made_from(server, link):
    return await raw_db(server.services)["signing_requests"].count_documents({"public_link.id": link["id"]})


async def test_only_allowed_countries_get_a_text_and_a_proven_phone_code_makes_the_request(server, client, document_id):
    template = await template_of(client, document_id)
    email_only = await link_of(client, template)
    assert email_only["phone_code"] is None and email_only["phone_paused"] is False
    assert_error(await ask(server, email_only, GB), 422, "validation_error")
    link = await link_of(client, template, **PHONE_LINK)
    assert link["phone_code"] == {"allowed_countries": ["GB", "IE"]}
    assert_error(await client.post(f"/v1/templates/{template['id']}/public-links",
                                   {"name": "x", "public_role": "guest", "phone_code": {"allowed_countries": ["XX"]},
                                    "fixed_roles": [{"role": "Host", "name": "H", "email": "host@example.test"}]}),
                 422, "validation_error")

    page = (await client.get(f"/p/{slug(link)}?lang=de", **NO_KEY)).body.decode()
    assert 'id="phone"' in page and "Zugelassene Länder: GB, IE." in page
    assert 'id="phone"' not in (await client.get(f"/p/{slug(email_only)}", **NO_KEY)).body.decode()

    refused = await ask(server, link, "+4930123456789")  # Germany: not allowed
    assert_error(refused, 422, "validation_error")
    assert "GB, IE" in refused.body.decode()
    db = raw_db(server.services)
    assert texts(server) == [] and await db["text_counts"].count_documents({}) == 0
    assert await db["rate_limits"].count_documents({"_id": {"$regex": "^public-link:"}}) == 0  # nothing counted

    assert (await ask(server, link, "+44 7400 123456")).status == 202
    assert [number for number, _ in texts(server)] == [GB]
    assert not [m for m in maildir(server) if "vera@example.test" in m["To"]]  # the code went by text only
    assert await made_from(server, link) == 0
    code = texted_code(server, GB)
    verify = f"/p/{slug(link)}/verify"
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    assert_error(await client.post(verify, {"email": "vera@example.test", "phone": GB, "code": wrong}, **NO_KEY),
                 400, "invalid_code")
    # the texted code proves the number with the address, not the address alone
    assert_error(await client.post(verify, {"email": "vera@example.test", "code": code}, **NO_KEY), 400, "invalid_code")
    assert await made_from(server, link) == 0

    made = await client.post(verify, {"email": "vera@example.test", "phone": GB, "code": code}, **NO_KEY)
    assert made.status == 201, made
    assert await made_from(server, link) == 1
    uses = (await client.get(f"/v1/public-links/{link['id']}/uses")).json["items"]
    assert [(u["email"], u["email_proven"], u["phone_proven"]) for u in uses] == [("vera@example.test", False, True)]
    request = await server.services.store.signing_requests.by_id(made.json["signing_request_id"])
    # what the certificate words ("proved a phone number with a code sent to it by text message")
    assert (request["public_link"]["email_proven"], request["public_link"]["phone_proven"]) == (False, True)
    metrics = (await client.get("/metrics", key=None)).body.decode()
    assert 'esign_public_link_visits_total{outcome="code_texted"} 1.0' in metrics
    assert 'esign_public_link_visits_total{outcome="phone_refused"} 1.0' in metrics


async def test_caps_per_number_prefix_and_link_a_day_answer_429_in_the_same_words(tmp_path, sample_pdf):
    extra = config(phone_per_number_day=2, phone_per_prefix_day=3, phone_per_link_day=5, phone_breaker_unproven_hour=100)
    async with running_server(tmp_path, extra_config=extra) as server:
        client = server.client
        link = await link_of(client, await template_of(client, await _document(server, sample_pdf)), **PHONE_LINK)
        assert [(await ask(server, link, GB)).status for _ in range(2)] == [202, 202]
        per_number = await ask(server, link, GB)
        assert_error(per_number, 429, "rate_limited")
        assert int(per_number.headers["Retry-After"]) >= 1
        assert (await ask(server, link, "+447400123999")).status == 202  # the prefix 740012 has had 3 now
        per_prefix = await ask(server, link, "+447400123555")
        assert_error(per_prefix, 429, "rate_limited")
        assert [(await ask(server, link, phone)).status for phone in ("+447811123456", "+353851234567")] == [202, 202]
        per_link = await ask(server, link, "+442079460123")  # the link has texted 5 today
        assert_error(per_link, 429, "rate_limited")
        words = {re.sub(r"\d+", "N", r.json["error"]["message"]) for r in (per_number, per_prefix, per_link)}
        assert len(words) == 1, words
        assert len(texts(server)) == 5
        server.clock.advance(days=1)
        assert (await ask(server, link, GB)).status == 202
        assert len(texts(server)) == 6


async def test_the_breaker_pauses_phone_codes_emits_public_link_paused_and_the_owner_resumes(tmp_path, sample_pdf):
    async with running_server(tmp_path, extra_config=config(phone_breaker_unproven_hour=3)) as server:
        client = server.client
        link = await link_of(client, await template_of(client, await _document(server, sample_pdf)), **PHONE_LINK)
        numbers = [f"+4474001231{i:02d}" for i in range(6)]
        # a proven code gives its text back: it does not count toward the breaker
        assert (await ask(server, link, numbers[0], "first@example.test")).status == 202
        proven = await client.post(f"/p/{slug(link)}/verify", {"email": "first@example.test", "phone": numbers[0],
                                                               "code": texted_code(server, numbers[0])}, **NO_KEY)
        assert proven.status == 201, proven
        for phone in numbers[1:4]:  # three codes texted and never proven
            assert (await ask(server, link, phone, f"{phone[-3:]}@example.test")).status == 202
        tripped = await ask(server, link, numbers[4], "pump@example.test")
        assert_error(tripped, 409, "invalid_state")
        assert len(texts(server)) == 4  # no text for the one that tripped it
        assert_error(await ask(server, link, numbers[5], "next@example.test"), 409, "invalid_state")
        assert len(texts(server)) == 4
        shown = (await client.get(f"/v1/public-links/{link['id']}")).json
        assert shown["phone_paused"] is True and shown["paused"] is False
        events = await raw_db(server.services)["events"].find({"event_type": "public_link.paused"}).to_list(None)
        assert [e["data"]["reason"] for e in events] == ["phone_breaker"]
        # the link keeps working by email
        by_email = await client.post(f"/p/{slug(link)}/start", {"email": "mail@example.test"}, **NO_KEY)
        assert by_email.status == 202, by_email
        resumed = await client.patch(f"/v1/public-links/{link['id']}", {"phone_paused": False})
        assert resumed.status == 200 and resumed.json["phone_paused"] is False
        assert (await ask(server, link, numbers[5], "next@example.test")).status == 202
        assert len(texts(server)) == 5


async def _document(server, sample_pdf):
    resp = await server.client.upload(sample_pdf, "contract.pdf")
    assert resp.status == 201, resp
    return resp.json["id"]

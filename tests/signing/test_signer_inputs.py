"""What a signer (or contact) is given as over HTTP: an email address in ASCII only (an OpenAPI
`email`; an internationalised address could be stored but never sent), a name that is not only
spaces, a phone number that exists, in international form (stored as E.164). Checked by every input that takes them: signing request
create, template send, bulk send, contacts; refused with 422 before anything is stored."""
from __future__ import annotations

import pytest

from esign.schema import EMAIL_RE, NOT_ASCII_EMAIL
from tests.support import assert_error, raw_db
from tests.support.templates import bulk, offer_template, recipient

ANN = {"name": "Ann", "email": "ann@example.test"}


async def create(client, document_id, signer):
    return await client.post("/v1/signing-requests", {"document_id": document_id, "auto_send": True,
                                                      "signers": [signer]})


def fields_of(err) -> dict:
    return {d["field"]: d["message"] for d in err["details"]}


@pytest.mark.parametrize("address", ["josé@bücher.de", "jose@bücher.de", "ann@例え.テスト", "аnn@example.test"])
async def test_a_non_ascii_email_is_422_everywhere(server, client, document_id, address):
    err = assert_error(await create(client, document_id, {"name": "José", "email": address}), 422, "validation_error")
    assert fields_of(err) == {"signers.0.email": NOT_ASCII_EMAIL}
    assert "ASCII" in err["message"]
    cc = {"document_id": document_id, "signers": [ANN], "cc_emails": [{"email": address}]}
    err = assert_error(await client.post("/v1/signing-requests", cc), 422, "validation_error")
    assert fields_of(err) == {"cc_emails.0.email": NOT_ASCII_EMAIL}

    template = await offer_template(client)
    person = recipient(1)
    person["signers"][0]["email"] = address
    err = assert_error(await bulk(client, template["id"], [recipient(0), person]), 422, "validation_error")
    assert fields_of(err) == {"recipients.1.signers.0.email": NOT_ASCII_EMAIL}
    err = assert_error(await client.post(f"/v1/templates/{template['id']}/send", person), 422, "validation_error")
    assert fields_of(err) == {"signers.0.email": NOT_ASCII_EMAIL}

    err = assert_error(await client.post("/v1/contacts", {"name": "José", "email": address}), 422, "validation_error")
    assert fields_of(err) == {"email": NOT_ASCII_EMAIL}
    db = raw_db(server.services)
    assert await db["signing_requests"].count_documents({}) == 0 and await db["bulk_jobs"].count_documents({}) == 0


@pytest.mark.parametrize("address,ok", [
    ("first.last+tag@sub.example.test", True), ("o'neil@example.test", True), ("a_b@x-y.example.test", True),
    ("ANN@EXAMPLE.TEST", True), ("ann@localhost", False), ("ann@example.test.", False), ("a b@example.test", False),
    ("ann@@example.test", False), ("<ann@example.test>", False), ('"ann"@example.test', False),
])
async def test_ascii_addresses_as_before(client, document_id, address, ok):
    assert bool(EMAIL_RE.match(address)) is ok
    resp = await create(client, document_id, {"name": "Ann", "email": address})
    if ok:
        assert resp.status == 201 and resp.json["signers"][0]["email"] == address, resp
    else:
        assert fields_of(assert_error(resp, 422, "validation_error")) == {"signers.0.email": "not a valid email address"}


@pytest.mark.parametrize("name", ["", "   ", "\u00a0\u2003", " \t "])
async def test_a_blank_name_is_422(client, document_id, name):
    err = assert_error(await create(client, document_id, {"name": name, "email": "ann@example.test"}), 422)
    assert "signers.0.name" in fields_of(err)
    template = await offer_template(client)
    person = recipient(1)
    person["signers"][0]["name"] = name
    err = assert_error(await bulk(client, template["id"], [person]), 422, "validation_error")
    assert "recipients.0.signers.0.name" in fields_of(err)
    err = assert_error(await client.post(f"/v1/templates/{template['id']}/send", person), 422, "validation_error")
    assert "signers.0.name" in fields_of(err)
    err = assert_error(await client.post("/v1/contacts", {"name": name, "email": "ann@example.test"}), 422)
    assert "name" in fields_of(err)


async def test_a_name_with_spaces_around_it_is_kept(client, document_id):
    resp = await create(client, document_id, {"name": " Ann Example ", "email": "ann@example.test"})
    assert resp.status == 201 and resp.json["signers"][0]["name"] == " Ann Example ", resp


@pytest.mark.parametrize("phone", ["call me", "12", "+", "++49 30 1234567", "030 1234567 ext 9", "1" * 21, " " * 51,
                                   " +49 30 1234567" + " " * 40,
                                   "+49 (30) 1234567\n", "49#301234", "+49 30 12345678 9012345678 9",
                                   # not in international form (no +), or no number that exists (phonenumbers)
                                   "1234", "0000", "(030) 123-45.67", "+1234", "+0000000", "+1 555 0100",
                                   "+44 20 7946 0958 1234", "+44 20 79", "+999 1234 5678", "+1 202 555 01"])
async def test_a_phone_that_cannot_be_a_number_is_422(client, document_id, phone):
    err = assert_error(await create(client, document_id, {**ANN, "phone": phone}), 422, "validation_error")
    assert "signers.0.phone" in fields_of(err)
    template = await offer_template(client)
    person = recipient(1)
    person["signers"][0]["phone"] = phone
    err = assert_error(await bulk(client, template["id"], [person]), 422, "validation_error")
    assert "recipients.0.signers.0.phone" in fields_of(err)
    err = assert_error(await client.post("/v1/contacts", {**ANN, "phone": phone}), 422, "validation_error")
    assert "phone" in fields_of(err)


@pytest.mark.parametrize("phone,stored", [
    ("+49 30 1234567", "+49301234567"), ("+44 (20) 7946-0958", "+442079460958"), ("+48.601.234.567", "+48601234567"),
    ("  +1 202 555 0100  ", "+12025550100"), ("+12025550100", "+12025550100"), ("", None), ("   ", None), (None, None),
    # digits of other scripts (issue 39 item 7): Arabic-Indic, Eastern Arabic-Indic, full-width
    ("+\u0669\u0666\u0666 \u0665\u0660 \u0661\u0662\u0663 \u0664\u0665\u0666\u0667", "+966501234567"),
    ("+\u06f9\u06f8 \u06f9\u06f1\u06f2 \u06f3\u06f4\u06f5 \u06f6\u06f7\u06f8\u06f9", "+989123456789"),
    ("\uff0b\uff18\uff11 \uff13 \uff11\uff12\uff13\uff14 \uff15\uff16\uff17\uff18", "+81312345678"),
])
async def test_phone_numbers_as_people_write_them(client, document_id, phone, stored):
    resp = await create(client, document_id, {**ANN, "phone": phone})
    assert resp.status == 201 and resp.json["signers"][0]["phone"] == stored, resp
    resp = await client.post("/v1/contacts", {**ANN, "phone": phone})
    assert resp.status == 201 and resp.json["phone"] == stored, resp

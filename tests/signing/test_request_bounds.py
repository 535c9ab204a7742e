"""The documented bounds on what makes a signing request (or template) document large: at most 5000
fields taking at most 10 MB at their largest, 100 options of 255 characters per field, 100 signers.
Beyond them: 422 validation_error (or 413 for a body over the server's limit), never 500."""
from __future__ import annotations

import datetime as dt
import json

import bson
import pytest

from esign.domain.requests import signing_requests
from tests.support import assert_error
from tests.support.signing import make_request, spost, sraw, typed

MONGODB_MAX = 16 * 1024 * 1024
FULL_OPTIONS = [f"{i:03d}" + "o" * 252 for i in range(100)]  # 100 options of 255 characters


def stored_size(record: dict) -> int:
    return len(bson.encode({**record, "_id": record["id"]}))


def select(signer_id, options, **extra):
    return {"signer_id": signer_id, "field_type": "select", "options": options, "x_percent": 1, "y_percent": 1,
            "width_percent": 5, "height_percent": 2, **extra}


async def draft(server, signers=None):
    return await make_request(server, signers or [{"name": "Ann Example", "email": "ann@example.test"}], send=False)


@pytest.mark.slow
async def test_5000_select_fields_are_accepted_signed_and_stay_bounded(server):
    made = await draft(server)
    signer = made.signer_ids[0]
    options = ["Yes", "No", "Not applicable", "Ask me later", "Ünïcödé ✓"]
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/fields",
                                    {"fields": [select(signer, options) for _ in range(5000)]})
    assert resp.status == 201 and len(resp.json) == 5000, resp
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    values = {f["id"]: options[i % 5] for i, f in enumerate(resp.json)}
    signed = await spost(server, await made.token(0), "sign", {"values": values, "signature": typed(),
                                                                 "consent": True})
    assert signed.status == 200 and signed.json["signer"]["status"] == "signed", signed
    record = await made.record()
    assert record["status"] == "completed"
    assert stored_size(record) <= signing_requests.FIELDS_MAX_BYTES < MONGODB_MAX


async def test_5000_fields_with_full_options_are_refused():
    """5000 select fields of 100 options of 255 characters (128 MB): over the fields bound."""
    details = []
    signing_requests.check_fields_size([{"field_type": "select", "options": FULL_OPTIONS}] * 5000, "fields", details)
    assert [d["field"] for d in details] == ["fields"] and "at most 10 MB" in details[0]["message"]
    details = []
    signing_requests.check_fields_size([{"field_type": "signature"}] * 5001, "fields", details)
    assert details == [{"field": "fields", "message": "at most 5000 fields"}]


async def test_full_options_over_http_are_refused_never_500(server):
    """650 select fields with full options (16.6 MB of JSON, 17.7 MiB once stored): refused before
    anything is written, by the fields bound (422) or the server's body limit (413)."""
    made = await draft(server)
    before = await made.record()
    body = {"fields": [select(made.signer_ids[0], FULL_OPTIONS) for _ in range(650)]}
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/fields", body)
    assert resp.status in (413, 422), resp
    error = assert_error(resp, resp.status)
    if resp.status == 422:
        assert error["code"] == "validation_error" and error["details"][0]["field"] == "fields"
        assert "at most 10 MB" in error["message"]
    assert await made.record() == before


@pytest.mark.slow
async def test_text_fields_count_with_their_longest_value(server):
    """A text field may receive 1000 characters (up to 4000 bytes): 2300 of them fit the bound, 2400
    do not; at the bound, signers filling every text field with the longest value they may enter
    leave the request well below MongoDB's limit."""
    made = await draft(server, [{"name": f"Signer {i}", "email": f"signer{i}@example.test"} for i in range(10)])
    text = {"field_type": "text", "x_percent": 1, "y_percent": 1, "width_percent": 5, "height_percent": 2}
    fields = [{**text, "signer_id": made.signer_ids[i % 10]} for i in range(2400)]
    error = assert_error(await server.client.post(f"/v1/signing-requests/{made.id}/fields", {"fields": fields}),
                         422, "validation_error")
    assert [d["field"] for d in error["details"]] == ["fields"]
    assert "could take 10.3 MB" in error["message"] and "fewer text fields" in error["message"]
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/fields", {"fields": fields[:2300]})
    assert resp.status == 201, resp
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    longest = "😀" * 1000  # 4000 bytes
    for i in range(10):
        mine = {f["id"]: longest for f in resp.json if f["signer_id"] == made.signer_ids[i]}
        body = json.dumps({"values": mine, "signature": typed(), "consent": True}, ensure_ascii=False).encode()
        signed = await sraw(server, await made.token(i), "sign", body)
        assert signed.status == 200, signed
    record = await made.record()
    assert record["status"] == "completed"
    assert 9 * 2**20 < stored_size(record) < signing_requests.FIELDS_MAX_BYTES + 64 * 1024 < MONGODB_MAX


def test_field_bytes_cover_the_stored_field():
    """FIELD_BYTES and OPTION_BYTES cover what MongoDB stores besides the strings counted."""
    worst = {"id": "0" * 36, "signer_id": "0" * 36, "field_type": "select", "page_number": 10000, "x_percent": 1.5,
             "y_percent": 1.5, "width_percent": 1.5, "height_percent": 1.5, "placeholder": "p" * 255,
             "is_required": True, "options": FULL_OPTIONS, "validation_type": "regex",
             "validation_pattern": "v" * 500, "auto_source": "signer_phone", "value": "x" * 255,
             "filled_at": dt.datetime(2026, 1, 1)}
    many = {"fields": [worst] * 1000}
    assert len(bson.encode(many)) < signing_requests.field_bytes(worst) * 1000
    assert len(bson.encode({"fields": [dict(worst, options=None, field_type="text", value="😀" * 1000)]})) < \
        signing_requests.field_bytes(dict(worst, options=None, field_type="text"))


async def test_template_fields_keep_the_same_bounds(server, document_id):
    text = {"field_type": "text", "x_percent": 1, "y_percent": 1, "width_percent": 5, "height_percent": 2}
    roles = [{"name": f"Role {i}", "order": 1, "fields": [text] * 600} for i in range(4)]  # 2400 text fields
    error = assert_error(await server.client.post("/v1/templates", {"name": "Big", "document_id": document_id,
                                                                    "roles": roles}), 422, "validation_error")
    assert [d["field"] for d in error["details"]] == ["roles"] and "at most 10 MB" in error["message"]
    roles[3]["fields"] = [text] * 500  # 2300
    resp = await server.client.post("/v1/templates", {"name": "Big", "document_id": document_id, "roles": roles})
    assert resp.status == 201, resp
    grown = roles + [{"name": "Extra", "order": 2, "fields": [text] * 100}]
    assert_error(await server.client.patch(f"/v1/templates/{resp.json['id']}", {"roles": grown}), 422,
                 "validation_error")


async def test_signers_are_bounded(server, document_id):
    signers = [{"name": f"S {i}", "email": f"s{i}@example.test"} for i in range(101)]
    error = assert_error(await server.client.post("/v1/signing-requests", {"document_id": document_id,
                                                                           "signers": signers}), 422)
    assert error["details"][0]["field"].startswith("signers")
    resp = await server.client.post("/v1/signing-requests", {"document_id": document_id, "signers": signers[:100]})
    assert resp.status == 201, resp

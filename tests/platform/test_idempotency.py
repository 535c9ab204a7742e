"""Idempotency-Key (design.md §6) on POST /v1/documents/upload: replay of the first answer, one
record created, 409 for another body or a request still running, 255-character bound, scoping per
API key, 24-hour memory, and two identical requests arriving at the same moment."""
from __future__ import annotations

import asyncio
import json

import pytest

from tests.support import CORPUS, assert_error, raw_db
from tests.support.documents import multipart, post_multipart


async def count_documents(server) -> int:
    return await raw_db(server.services)["documents"].count_documents({})


async def test_same_key_and_body_replays_the_first_answer(server, client, sample_pdf):
    headers = {"Idempotency-Key": "upload-contract-1"}
    first = await client.upload(sample_pdf, "contract.pdf", headers=headers)
    assert first.status == 201, first
    assert "Idempotent-Replayed" not in first.headers
    second = await client.upload(sample_pdf, "contract.pdf", headers=headers)
    assert second.status == 201, second
    assert second.headers["Idempotent-Replayed"] == "true"
    assert second.json == first.json
    assert second.headers["X-Request-ID"] != first.headers["X-Request-ID"]
    assert await count_documents(server) == 1
    listed = (await client.get("/v1/documents")).json
    assert listed["total"] == 1 and listed["items"][0]["id"] == first.json["id"]
    # a third retry still replays
    third = await client.upload(sample_pdf, "contract.pdf", headers=headers)
    assert third.json["id"] == first.json["id"] and third.headers["Idempotent-Replayed"] == "true"
    # without the header every upload creates a document
    assert (await client.upload(sample_pdf, "contract.pdf")).json["id"] != first.json["id"]
    assert await count_documents(server) == 2


async def test_same_key_with_another_body_is_409(server, client, sample_pdf):
    headers = {"Idempotency-Key": "reused-key"}
    assert (await client.upload(sample_pdf, "one.pdf", headers=headers)).status == 201
    other = (CORPUS / "minimal-document.pdf").read_bytes()
    err = assert_error(await client.upload(other, "two.pdf", headers=headers), 409, "idempotency_key_reused")
    assert "Idempotency-Key" in err["message"]
    # even the same file under another name is another body
    assert_error(await client.upload(sample_pdf, "renamed.pdf", headers=headers), 409, "idempotency_key_reused")
    assert await count_documents(server) == 1


async def test_key_length_bounds(server, client, sample_pdf):
    err = assert_error(await client.upload(sample_pdf, headers={"Idempotency-Key": "k" * 256}),
                       422, "validation_error")
    assert err["details"][0]["field"] == "Idempotency-Key"
    assert await count_documents(server) == 0
    assert (await client.upload(sample_pdf, headers={"Idempotency-Key": "k" * 255})).status == 201
    assert (await client.upload(sample_pdf, headers={"Idempotency-Key": "k"})).status == 201
    assert await count_documents(server) == 2


async def test_identical_requests_at_the_same_moment_create_one_document(server, client, sample_pdf):
    headers = {"Idempotency-Key": "simultaneous"}
    answers = await asyncio.gather(*(client.upload(sample_pdf, "same.pdf", headers=headers) for _ in range(4)))
    created = [r for r in answers if r.status == 201 and "Idempotent-Replayed" not in r.headers]
    assert len(created) == 1, answers
    for resp in answers:
        if resp is created[0]:
            continue
        if resp.status == 409:
            assert_error(resp, 409, "idempotency_in_progress")
        else:
            assert resp.status == 201 and resp.headers["Idempotent-Replayed"] == "true", resp
            assert resp.json["id"] == created[0].json["id"]
    assert await count_documents(server) == 1
    # once finished, a retry replays
    replay = await client.upload(sample_pdf, "same.pdf", headers=headers)
    assert replay.json["id"] == created[0].json["id"] and replay.headers["Idempotent-Replayed"] == "true"


async def test_keys_are_scoped_per_api_key(server, client, sample_pdf):
    headers = {"Idempotency-Key": "shared-name"}
    a = await client.upload(sample_pdf, "k.pdf", headers=headers, key="a")
    sandbox = await client.upload(sample_pdf, "k.pdf", headers=headers, key="a_sandbox")  # same org, other key
    b = await client.upload(sample_pdf, "k.pdf", headers=headers, key="b")                # other org
    assert [r.status for r in (a, sandbox, b)] == [201, 201, 201]
    assert len({a.json["id"], sandbox.json["id"], b.json["id"]}) == 3
    for r in (sandbox, b):
        assert "Idempotent-Replayed" not in r.headers
    assert await count_documents(server) == 3
    # each key replays its own answer
    again = await client.upload(sample_pdf, "k.pdf", headers=headers, key="b")
    assert again.json["id"] == b.json["id"] and again.headers["Idempotent-Replayed"] == "true"


async def test_keys_are_remembered_24_hours(server, client, sample_pdf):
    headers = {"Idempotency-Key": "daily"}
    first = await client.upload(sample_pdf, headers=headers)
    server.clock.advance(hours=23, minutes=59)
    assert (await client.upload(sample_pdf, headers=headers)).json["id"] == first.json["id"]
    server.clock.advance(minutes=2)
    later = await client.upload(sample_pdf, headers=headers)
    assert later.status == 201 and "Idempotent-Replayed" not in later.headers
    assert later.json["id"] != first.json["id"]


async def test_client_errors_are_remembered_too(server, client, sample_pdf):
    headers = {"Idempotency-Key": "bad-file"}
    first = await client.upload(b"this is not a PDF", headers=headers)
    assert_error(first, 400, "invalid_pdf")
    again = await client.upload(b"this is not a PDF", headers=headers)
    assert again.status == 400 and again.headers["Idempotent-Replayed"] == "true"
    replayed = assert_error(again, 400, "invalid_pdf")  # its request_id is this answer's X-Request-ID
    assert replayed["message"] == first.json["error"]["message"]
    assert replayed["request_id"] != first.json["error"]["request_id"]
    assert await count_documents(server) == 0


async def test_server_side_failures_are_not_remembered(server, client, sample_pdf, monkeypatch):
    from esign.providers.base import ProviderUnavailable

    calls = []
    real_put = server.services.storage.put_file

    async def flaky_put(key, path):
        calls.append(key)
        if len(calls) == 1:
            raise ProviderUnavailable("disk on fire")
        return await real_put(key, path)

    monkeypatch.setattr(server.services.storage, "put_file", flaky_put)
    headers = {"Idempotency-Key": "retry-after-502"}
    assert_error(await client.upload(sample_pdf, headers=headers), 502, "upstream_unavailable")
    assert await count_documents(server) == 0
    assert (await client.get("/v1/usage")).json["storage"]["current"] == 0  # the quota was given back
    retry = await client.upload(sample_pdf, headers=headers)
    assert retry.status == 201 and "Idempotent-Replayed" not in retry.headers
    assert await count_documents(server) == 1


@pytest.mark.parametrize("value", ["   ", ""])
async def test_blank_key_is_422(server, client, sample_pdf, value):
    resp = await client.upload(sample_pdf, headers={"Idempotency-Key": value})
    assert_error(resp, 422, "validation_error")
    assert await count_documents(server) == 0


async def test_a_key_left_running_by_a_dead_process_can_be_retried_after_the_lease(server):
    records = server.services.store.idempotency
    assert await records.begin("scope-1", "hash-a") is None  # the process then dies: never finished
    server.clock.advance(minutes=4)
    assert (await records.begin("scope-1", "hash-a"))["state"] == "running"  # maybe still working: 409
    server.clock.advance(minutes=2)
    assert (await records.begin("scope-1", "hash-b"))["body_hash"] == "hash-a"  # another body: still 409 reused
    assert await records.begin("scope-1", "hash-a") is None  # the retry takes the key over
    assert (await records.begin("scope-1", "hash-a"))["state"] == "running"  # and holds it against a second one
    await records.finish("scope-1", 201, {"id": "x"}, {})
    server.clock.advance(minutes=10)
    assert (await records.begin("scope-1", "hash-a"))["state"] == "done"  # finished answers are replayed, never re-run


async def test_a_retry_with_another_multipart_boundary_replays_the_first_answer(server, client, sample_pdf):
    """Issue 11, point 9: the fingerprint is what was uploaded (file SHA-256, file name, form
    fields), not the raw body with the client's random boundary."""
    headers = {"Idempotency-Key": "boundary-retry"}
    name_part = [("name", None, "Contract 2026".encode())]
    first = await post_multipart(client, multipart(sample_pdf, "c.pdf", boundary="AaB03x", extra_parts=name_part),
                                 boundary="AaB03x", headers=headers)
    assert first.status == 201, first
    again = await post_multipart(
        client, multipart(sample_pdf, "c.pdf", boundary="----WebKitFormBoundary7MA4YWxkTrZu0gW", extra_parts=name_part),
        boundary="----WebKitFormBoundary7MA4YWxkTrZu0gW", headers=headers)
    assert again.status == 201, again
    assert again.headers["Idempotent-Replayed"] == "true" and again.json == first.json
    assert await count_documents(server) == 1
    # another form field value, file name or file under the same key is another request
    for body in (multipart(sample_pdf, "c.pdf", boundary="x1", extra_parts=[("name", None, b"Other")]),
                 multipart(sample_pdf, "d.pdf", boundary="x1", extra_parts=name_part),
                 multipart(sample_pdf + b"\n", "c.pdf", boundary="x1", extra_parts=name_part)):
        assert_error(await post_multipart(client, body, boundary="x1", headers=headers), 409, "idempotency_key_reused")
    assert await count_documents(server) == 1


async def test_the_same_json_serialised_otherwise_replays_the_first_answer(server, client, document_id):
    """A retry that re-serialises the same JSON (indentation, key order, escapes) is the same request;
    another value under the same key is 409. A body that is not JSON is fingerprinted as bytes."""
    body = {"document_id": document_id, "signers": [{"name": "José", "email": "jose@example.test"}],
            "message": "Bitte unterschreiben"}
    headers = {"Idempotency-Key": "json-retry", "Content-Type": "application/json"}
    first = await client.post("/v1/signing-requests", body=json.dumps(body), headers=headers)
    assert first.status == 201, first
    reordered = {"message": body["message"], "signers": body["signers"], "document_id": document_id}
    for again in (json.dumps(reordered, indent=4), json.dumps(body, ensure_ascii=False),
                  json.dumps(body, separators=(",", ":")).encode("utf-8")):
        replay = await client.post("/v1/signing-requests", body=again, headers=headers)
        assert replay.status == 201 and replay.headers["Idempotent-Replayed"] == "true", replay
        assert replay.json == first.json
    changed = json.dumps({**body, "message": "Bitte unterschreiben!"})
    assert_error(await client.post("/v1/signing-requests", body=changed, headers=headers), 409, "idempotency_key_reused")
    assert await raw_db(server.services)["signing_requests"].count_documents({}) == 1
    # not JSON: the raw bytes; the same bytes replay the 400, other bytes are another request
    bad = {**headers, "Idempotency-Key": "not-json"}
    assert_error(await client.post("/v1/signing-requests", body=b"{nope", headers=bad), 400, "bad_request")
    assert (await client.post("/v1/signing-requests", body=b"{nope", headers=bad)).headers["Idempotent-Replayed"] == "true"
    assert_error(await client.post("/v1/signing-requests", body=b"{nope ", headers=bad), 409, "idempotency_key_reused")


async def test_a_done_operation_is_answered_when_its_answer_cannot_be_stored(server, client, document_id):
    """The request is created, then storing the answer under its key fails (a database hiccup): the
    client gets the 201 (a 500 would have it retry an operation that was done), and a retry meanwhile
    is told the key is still being processed, not given a second request."""
    records = server.services.store.idempotency
    real, failed = records.finish, []

    async def finish(*args, **kwargs):
        if not failed:
            failed.append(args)
            raise ConnectionError("connection reset by peer")
        return await real(*args, **kwargs)

    records.finish = finish
    body = {"document_id": document_id, "signers": [{"name": "Ann", "email": "ann@example.test"}]}
    made = await client.post("/v1/signing-requests", body, headers={"Idempotency-Key": "answer-lost"})
    assert failed and made.status == 201 and made.json["status"] == "draft"
    again = await client.post("/v1/signing-requests", body, headers={"Idempotency-Key": "answer-lost"})
    assert_error(again, 409, "idempotency_in_progress")
    assert (await client.get("/v1/signing-requests")).json["total"] == 1


async def test_a_replay_after_the_resource_was_deleted_answers_without_recreating_it(server, client):
    """A template created with an Idempotency-Key, then deleted: the same request again answers the
    original 201 (replayed) and makes nothing; the template stays deleted and the plan's count free."""
    body = {"name": "NDA", "roles": [{"name": "Buyer"}]}
    headers = {"Idempotency-Key": "template-then-deleted"}
    first = await client.post("/v1/templates", body, headers=headers)
    assert first.status == 201, first
    assert (await client.delete(f"/v1/templates/{first.json['id']}")).status == 204
    for _ in range(2):
        again = await client.post("/v1/templates", body, headers=headers)
        assert again.status == 201 and again.headers["Idempotent-Replayed"] == "true", again
        assert again.json == first.json
    assert_error(await client.get(f"/v1/templates/{first.json['id']}"), 404, "not_found")
    assert (await client.get("/v1/templates")).json["total"] == 0
    assert await raw_db(server.services)["templates"].count_documents({}) == 0
    # another body under the key is still refused; a new key makes a new template
    assert_error(await client.post("/v1/templates", {**body, "name": "NDA 2"}, headers=headers), 409,
                 "idempotency_key_reused")
    fresh = await client.post("/v1/templates", body, headers={"Idempotency-Key": "template-new"})
    assert fresh.status == 201 and fresh.json["id"] != first.json["id"]

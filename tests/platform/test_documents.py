"""Documents (issue 2, point 9): streamed upload checked before it is accepted — every PDF of the
corpus, non-PDFs, encrypted, truncated and hostile files, size limits — and the list."""
from __future__ import annotations

import asyncio
import hashlib
import io
import os
import tempfile
import time
import zlib

import pytest
from pypdf import PdfReader

from tests.support import CORPUS, KEYS, Hiccup, assert_error, raw_db
from tests.support.documents import MB, REFUSED, bomb_pdf, deflated_zeros, multipart, post_multipart, simple_pdf, sized_pdf
from tests.support.rawhttp import parse_answer, raw_exchange

# what the upload removes (esign.pdf.active): the form's submit button, the attached file
ACTIVE = {"pdflatex-forms.pdf": ["submit_form"], "with-attachment.pdf": ["embedded_files"]}
SHOWN = {"id", "name", "file_size", "page_count", "status", "created_at", "active_content_removed", "had_signatures"}
CORPUS_FILES = sorted(p.name for p in CORPUS.glob("*.pdf"))


def test_the_hand_made_zlib_stream_is_valid():
    data = deflated_zeros(3 * MB, chunk=MB)
    assert zlib.decompress(data) == bytes(3 * MB)
    assert len(data) < 10_000


# --- the corpus ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", CORPUS_FILES)
async def test_corpus_upload(server, client, name):
    data = (CORPUS / name).read_bytes()
    resp = await client.upload(data, name)
    if name in REFUSED:
        assert_error(resp, 400, "invalid_pdf")
        assert (await client.get("/v1/documents")).json["total"] == 0
        return
    assert resp.status == 201, resp
    body = resp.json
    # the spec's upload response, and (extensions) active content removed, earlier signatures and the
    # text tags found in the file (docs/placement.md)
    assert set(body) == {"id", "document_id", "name", "file_size", "status", "active_content_removed", "had_signatures",
                         "text_tags", "text_tag_errors", "text_tags_truncated"}
    assert body["text_tags"] == [] and body["text_tags_truncated"] is False
    assert body["id"] == body["document_id"]
    assert body["name"] == name and body["status"] == "ready" and body["had_signatures"] is False
    assert body["active_content_removed"] == ACTIVE.get(name, [])
    [doc] = (await client.get("/v1/documents")).json["items"]
    assert doc["id"] == body["id"] and doc["active_content_removed"] == ACTIVE.get(name, [])
    assert isinstance(doc["page_count"], int) and doc["page_count"] >= 1
    record = await raw_db(server.services)["documents"].find_one({"_id": body["id"]})
    stored = await server.services.storage.get_bytes(record["blob_key"])
    assert body["file_size"] == len(stored)
    # the copy the check wrote is stored (esign.pdf.normalise; without active content, as in
    # tests/hostile/test_active_content.py), with the upload's own hash beside its own
    assert len(PdfReader(io.BytesIO(stored)).pages) == doc["page_count"]
    assert record["sha256"] == hashlib.sha256(stored).hexdigest()
    assert record["received_sha256"] == hashlib.sha256(data).hexdigest()


def test_corpus_is_complete():
    assert len(CORPUS_FILES) == 23 and REFUSED <= set(CORPUS_FILES)


async def test_page_counts_and_record_shape(server, client):
    for name in ("pdflatex-4-pages.pdf", "minimal-document.pdf"):
        assert (await client.upload((CORPUS / name).read_bytes(), name)).status == 201
        server.clock.advance(seconds=1)
    items = (await client.get("/v1/documents")).json["items"]
    assert [(d["name"], d["page_count"]) for d in items] == [("minimal-document.pdf", 1), ("pdflatex-4-pages.pdf", 4)]
    for doc in items:
        assert set(doc) == SHOWN
        assert doc["status"] == "ready" and doc["created_at"].endswith("Z")


async def test_encrypted_pdf_is_refused_saying_so(client):
    resp = await client.upload((CORPUS / "libreoffice-writer-password.pdf").read_bytes())
    assert "encrypted" in assert_error(resp, 400, "invalid_pdf")["message"]


# --- bad files -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("data", [
    b"Hello, this is a text file and not a PDF at all.\n",
    b"\x89PNG\r\n\x1a\n" + bytes(2000),
    b"PK\x03\x04" + os.urandom(3000),
    b"%PDF-1.7\n",
    b"%PDF-1.7\n" + os.urandom(20000),
    simple_pdf().replace(b"/Kids [3 0 R]", b"/Kids [2 0 R]"),   # a page tree that loops on itself
    simple_pdf().replace(b"/Type /Pages", b"/Type /Nothing"),
], ids=["text", "png", "zip", "header-only", "random-after-header", "looping-page-tree", "no-page-tree"])
async def test_non_pdf_and_broken_pdf_are_invalid_pdf(server, client, data):
    assert_error(await client.upload(data, "bad.pdf"), 400, "invalid_pdf")
    assert await raw_db(server.services)["documents"].count_documents({}) == 0


async def test_empty_file_is_invalid_pdf(client):
    assert_error(await client.upload(b"", "empty.pdf"), 400, "invalid_pdf")


@pytest.mark.parametrize("name", ["pdflatex-4-pages.pdf", "GeoTopo-komprimiert.pdf", "cmyk-image.pdf"])
async def test_truncated_pdf_is_invalid_pdf(client, name):
    data = (CORPUS / name).read_bytes()
    assert_error(await client.upload(data[: len(data) // 2], "half.pdf"), 400, "invalid_pdf")


async def test_hand_made_pdf_is_accepted(client):
    resp = await client.upload(simple_pdf(), "hand.pdf")
    assert resp.status == 201, resp
    assert (await client.get("/v1/documents")).json["items"][0]["page_count"] == 1


@pytest.mark.slow
async def test_decompression_bomb_is_refused_within_the_parse_bound(server, client):
    bomb = bomb_pdf()
    assert len(bomb) < 4 * MB  # ~2 GB of content once inflated
    started = time.monotonic()
    resp = await client.upload(bomb, "bomb.pdf")
    took = time.monotonic() - started
    assert_error(resp, 400, "invalid_pdf")
    assert took < server.services.config.limits.pdf_parse_timeout_seconds + 5, took
    # the server is still fine
    assert (await client.upload(simple_pdf(), "after.pdf")).status == 201


# --- the multipart envelope ----------------------------------------------------------------------------

async def test_missing_file_part_is_400(client, sample_pdf):
    resp = await post_multipart(client, multipart(b"short", name="name", filename=None))
    assert "file" in assert_error(resp, 400, "bad_request")["message"]
    assert_error(await post_multipart(client, multipart(sample_pdf, name="document")), 400, "bad_request")
    resp = await post_multipart(client, b"--b0undaryXYZ--\r\n")
    assert_error(resp, 400, "bad_request")


async def test_not_multipart_is_400(client, sample_pdf):
    for ctype in ("application/pdf", "application/json", "text/plain", "multipart/form-data",
                  "multipart/mixed; boundary=b0undaryXYZ", ""):
        resp = await client.request("POST", "/v1/documents/upload", body=sample_pdf,
                                    headers={"Content-Type": ctype} if ctype else {})
        assert_error(resp, 400, "bad_request")
    assert (await client.get("/v1/documents")).json["total"] == 0


async def test_broken_multipart_is_400(client, sample_pdf):
    full = multipart(sample_pdf)
    for body in (full[: len(full) // 2],                                  # ends early
                 full.replace(b"--b0undaryXYZ--", b""),                   # no closing boundary
                 b"--b0undaryXYZ\r\nno colon here\r\n\r\ndata\r\n--b0undaryXYZ--\r\n",
                 b"--b0undaryXYZ\r\nContent-Disposition: attachment; name=\"file\"\r\n\r\nx\r\n--b0undaryXYZ--\r\n",
                 b"--b0undaryXYZXX" + bytes(100)):
        assert_error(await post_multipart(client, body), 400)
    twice = multipart(sample_pdf, extra_parts=[("file", "second.pdf", sample_pdf)])
    assert "exactly one" in assert_error(await post_multipart(client, twice), 400, "bad_request")["message"]
    assert (await client.get("/v1/documents")).json["total"] == 0


async def test_name_part_and_filename_cleaning(client, sample_pdf):
    resp = await post_multipart(client, multipart(sample_pdf, filename="../../etc/passwd.pdf"))
    assert resp.status == 201 and resp.json["name"] == "passwd.pdf"
    resp = await post_multipart(client, multipart(sample_pdf, filename="C:\\Users\\me\\x.pdf"))
    assert resp.json["name"] == "x.pdf"
    resp = await post_multipart(client, multipart(sample_pdf, extra_parts=[("name", None, "Vertrag Ä.pdf".encode())]))
    assert resp.json["name"] == "Vertrag Ä.pdf"
    resp = await post_multipart(client, multipart(sample_pdf, filename=None))
    assert resp.status == 201 and resp.json["name"]
    too_long = multipart(sample_pdf, extra_parts=[("name", None, b"n" * 5000)])
    assert_error(await post_multipart(client, too_long), 400, "bad_request")


async def test_the_stored_sha256_is_the_file_s_with_and_without_an_idempotency_key(server, client, sample_pdf):
    """The file is hashed once it is whole (beside the PDF check, or first for an Idempotency-Key)."""
    plain = (await client.upload(sample_pdf, "a.pdf")).json
    keyed = (await client.upload(sample_pdf, "b.pdf", headers={"Idempotency-Key": "sha"})).json
    replayed = await client.upload(sample_pdf, "b.pdf", headers={"Idempotency-Key": "sha"})
    assert replayed.headers.get("Idempotent-Replayed") == "true" and replayed.json["id"] == keyed["id"]
    assert_error(await client.upload(sample_pdf + b"\n", "b.pdf", headers={"Idempotency-Key": "sha"}), 409,
                 "idempotency_key_reused")
    documents = raw_db(server.services)["documents"]
    for made in (plain, keyed):  # the upload's, and the stored copy's (esign.pdf.normalise)
        record = await documents.find_one({"_id": made["id"]})
        assert record["received_sha256"] == hashlib.sha256(sample_pdf).hexdigest()
        stored = await server.services.storage.get_bytes(record["blob_key"])
        assert record["sha256"] == hashlib.sha256(stored).hexdigest()


async def test_uploads_leave_no_temporary_files(server, client, sample_pdf, tmp_path, monkeypatch):
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    assert (await client.upload(sample_pdf)).status == 201
    assert_error(await client.upload(b"junk"), 400, "invalid_pdf")
    assert_error(await post_multipart(client, multipart(sample_pdf)[:500]), 400)
    await asyncio.sleep(0.1)
    assert list(scratch.iterdir()) == []


async def test_document_uploaded_event_is_emitted(server, client, sample_pdf):
    seen = []

    async def listener(event):
        seen.append(event)

    server.services.event_listeners.append(listener)
    doc_id = (await client.upload(sample_pdf, "evt.pdf")).json["id"]
    assert [e["event_type"] for e in seen] == ["document.uploaded"]
    assert seen[0]["data"]["document_id"] == doc_id and seen[0]["data"]["page_count"] == 4
    assert_error(await client.upload(b"junk"), 400, "invalid_pdf")
    assert len(seen) == 1


# --- size limits ---------------------------------------------------------------------------------------

def upload_head(length: int, key=KEYS["a"], boundary="b0undaryXYZ") -> bytes:
    return (f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {key}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {length}\r\n\r\n").encode()


@pytest.mark.parametrize("claimed", [51 * MB, 10 * 1024 * MB, 10 ** 15])
async def test_oversized_content_length_is_413_before_the_body_is_sent(server, claimed):
    raw, took = await raw_exchange(server.port, upload_head(claimed))
    status, headers, body = parse_answer(raw)
    assert status == 413, raw[:300]
    assert body["error"]["code"] == "payload_too_large"
    assert body["error"]["request_id"] == headers["x-request-id"]
    assert took < 5


async def test_size_is_checked_before_the_key(server):
    """413 before the body is read, with or without a valid key (issue 11, point 7); a small upload
    with a wrong key is still 401."""
    raw, _ = await raw_exchange(server.port, upload_head(60 * MB, key="esk_live_wrong_wrong_wrong_wrong"))
    assert parse_answer(raw)[0] == 413
    raw, _ = await raw_exchange(server.port, upload_head(10, key="esk_live_wrong_wrong_wrong_wrong"))
    assert parse_answer(raw)[0] == 401


async def test_real_51_mb_body_is_413(server, client):
    body = multipart(os.urandom(51 * MB))
    raw, took = await raw_exchange(server.port, upload_head(len(body)),
                                   (body[i:i + MB] for i in range(0, len(body), MB)))
    status, _, answer = parse_answer(raw)
    assert status == 413 and answer["error"]["code"] == "payload_too_large"
    assert (await client.get("/v1/documents")).json["total"] == 0


async def test_file_just_over_50_mb_within_the_multipart_allowance_is_413(server, client):
    body = multipart(os.urandom(50 * MB + 1))  # Content-Length passes; the streamed file does not
    raw, _ = await raw_exchange(server.port, upload_head(len(body)),
                                (body[i:i + MB] for i in range(0, len(body), MB)), read_timeout=60)
    status, _, answer = parse_answer(raw)
    assert status == 413 and answer["error"]["code"] == "payload_too_large"
    assert (await client.get("/v1/documents")).json["total"] == 0
    assert (await client.get("/healthz", key=None)).status == 200


async def test_chunked_upload_over_50_mb_is_413(server, client):
    payload = multipart(os.urandom(52 * MB))
    head = (f"POST /v1/documents/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: {KEYS['a']}\r\n"
            f"Content-Type: multipart/form-data; boundary=b0undaryXYZ\r\nTransfer-Encoding: chunked\r\n\r\n").encode()
    chunks = [b"%x\r\n" % len(payload[i:i + MB]) + payload[i:i + MB] + b"\r\n" for i in range(0, len(payload), MB)]
    raw, _ = await raw_exchange(server.port, head, chunks + [b"0\r\n\r\n"], read_timeout=60)
    assert raw, "the connection was closed without an answer"
    status, _, answer = parse_answer(raw)
    assert status == 413 and answer["error"]["code"] == "payload_too_large"
    assert (await client.get("/v1/documents")).json["total"] == 0


@pytest.mark.slow
async def test_pdf_of_exactly_50_mb_is_accepted(server, client):
    pdf = sized_pdf(50 * MB)
    resp = await client.upload(pdf, "fifty.pdf")
    assert resp.status == 201, resp
    assert resp.json["file_size"] >= 50 * MB  # the copy stored (esign.pdf.normalise) keeps the padding


# --- list ----------------------------------------------------------------------------------------------

async def test_list_pages_newest_first(server, client, sample_pdf):
    ids = []
    for i in range(3):
        ids.append((await client.upload(sample_pdf, f"d{i}.pdf")).json["id"])
        server.clock.advance(seconds=1)
    everything = (await client.get("/v1/documents")).json
    assert everything["total"] == 3 and [d["id"] for d in everything["items"]] == ids[::-1]
    page = (await client.get("/v1/documents?limit=2")).json
    assert page["total"] == 3 and [d["id"] for d in page["items"]] == ids[:0:-1] and page["has_more"] is True
    page = (await client.get("/v1/documents?limit=2&offset=2")).json
    assert page["total"] == 3 and [d["id"] for d in page["items"]] == ids[:1] and page["has_more"] is False
    page = (await client.get(f"/v1/documents?limit=1&after_id={ids[2]}")).json
    assert [d["id"] for d in page["items"]] == ids[1:2] and page["has_more"] is True
    page = (await client.get(f"/v1/documents?limit=1&after_id={ids[1]}")).json
    assert [d["id"] for d in page["items"]] == ids[:1] and page["has_more"] is False
    page = (await client.get("/v1/documents?offset=3")).json
    assert page == {"items": [], "total": 3, "has_more": False}
    assert len((await client.get("/v1/documents?limit=1")).json["items"]) == 1
    assert len((await client.get("/v1/documents?limit=100&offset=0")).json["items"]) == 3


async def test_the_list_reads_only_what_it_shows(server, client, sample_pdf):
    """A document used by a signing page keeps the geometry of every page; the list never reads it
    (nor the blob key or the hash)."""
    doc = (await client.upload(sample_pdf, "d.pdf")).json
    await server.services.store.documents.set_pages(doc["id"], [{"width": 612, "height": 792}] * 4)
    org = await server.services.store.organizations.by_name("Org A")
    items, total, _ = await server.services.store.documents.list(org["id"], 50, 0)
    assert total == 1 and set(items[0]) == SHOWN
    listed = (await client.get("/v1/documents")).json["items"]
    assert [(d["id"], d["page_count"]) for d in listed] == [(doc["id"], 4)]


@pytest.mark.parametrize("query, field", [("limit=0", "limit"), ("limit=101", "limit"), ("limit=-1", "limit"),
                                          ("offset=-1", "offset"), ("limit=x", "limit"), ("colour=red", "colour")])
async def test_list_bounds_are_422(client, query, field):
    err = assert_error(await client.get(f"/v1/documents?{query}"), 422, "validation_error")
    assert field in {d["field"] for d in err["details"]}


# --- quota and sandbox ---------------------------------------------------------------------------------

async def test_storage_quota_is_403_quota_exceeded(server, client):
    big = sized_pdf(600 * 1024)
    one = await client.upload(big, "one.pdf", key="free")
    assert one.status == 201
    server.clock.advance(seconds=1)
    err = assert_error(await client.upload(big, "two.pdf", key="free"), 403, "quota_exceeded")
    assert "1 MB" in err["message"]
    small = await client.upload((CORPUS / "annotated_pdf.pdf").read_bytes(), "fits.pdf", key="free")
    assert small.status == 201
    listed = (await client.get("/v1/documents", key="free")).json
    assert [d["name"] for d in listed["items"]] == ["fits.pdf", "one.pdf"]
    usage = (await client.get("/v1/usage", key="free")).json["storage"]
    assert usage == {"current": 1, "limit": 1, "unlimited": False, "percentage": 100}
    org = await server.services.store.organizations.by_name("Org Small")
    assert org["storage_bytes"] == one.json["file_size"] + small.json["file_size"]  # the copies stored


async def test_concurrent_uploads_do_not_overshoot_the_quota(server, client):
    big = sized_pdf(400 * 1024)
    answers = await asyncio.gather(*(client.upload(big, f"c{i}.pdf", key="free") for i in range(4)))
    assert sorted(r.status for r in answers) == [201, 201, 403, 403]
    org = await server.services.store.organizations.by_name("Org Small")
    assert org["storage_bytes"] == sum(r.json["file_size"] for r in answers if r.status == 201)


async def test_a_sandbox_document_serves_sandbox_records_only(server, client, sample_pdf):
    """It was not counted toward the storage quota, so live requests and templates cannot use it
    (as live keys cannot send sandbox templates); sandbox records may use live documents."""
    sandbox_doc = (await client.upload(sample_pdf, "sandbox.pdf", key="a_sandbox")).json["id"]
    live_doc = (await client.upload(sample_pdf, "live.pdf", key="a")).json["id"]
    one = [{"name": "Ann", "email": "ann@example.test"}]
    err = assert_error(await client.post("/v1/signing-requests", {"document_id": sandbox_doc, "signers": one}),
                       403, "forbidden")
    assert "sandbox key" in err["message"]
    assert_error(await client.post("/v1/templates", {"name": "T", "document_id": sandbox_doc}), 403, "forbidden")
    live_t = (await client.post("/v1/templates", {"name": "T", "document_id": live_doc,
                                                  "roles": [{"name": "Signer"}]})).json
    assert_error(await client.patch(f"/v1/templates/{live_t['id']}", {"document_id": sandbox_doc}), 403, "forbidden")
    send = {"signers": [dict(one[0], role="signer")], "document_id": sandbox_doc}
    assert_error(await client.post(f"/v1/templates/{live_t['id']}/send", send), 403, "forbidden")
    assert await raw_db(server.services)["signing_requests"].count_documents({}) == 0
    # sandbox keys use either
    for doc in (sandbox_doc, live_doc):
        made = await client.post("/v1/signing-requests", {"document_id": doc, "signers": one}, key="a_sandbox")
        assert made.status == 201 and made.json["sandbox"] is True, made
        made = await client.post("/v1/templates", {"name": "S", "document_id": doc}, key="a_sandbox")
        assert made.status == 201 and made.json["sandbox"] is True, made
    assert (await client.post(f"/v1/templates/{live_t['id']}/send", send, key="a_sandbox")).status == 201


async def test_sandbox_upload_is_not_counted(server, client, sample_pdf):
    resp = await client.upload(sample_pdf, "sandbox.pdf", key="a_sandbox")
    assert resp.status == 201 and resp.headers["X-Service-Mode"] == "sandbox"
    assert (await client.get("/v1/usage", key="a")).json["storage"]["current"] == 0
    org = await server.services.store.organizations.by_name("Org A")
    assert org["storage_bytes"] == 0
    live = await client.upload(sample_pdf, "live.pdf", key="a")
    assert live.status == 201
    assert (await client.get("/v1/usage", key="a")).json["storage"]["current"] == 1
    org = await server.services.store.organizations.by_name("Org A")
    assert org["storage_bytes"] == live.json["file_size"]  # the copy stored (esign.pdf.normalise)


async def test_an_upload_whose_event_failed_is_undone_so_its_retry_is_the_only_copy(server, client, sample_pdf):
    """The document is stored, then recording `document.uploaded` fails: the upload is answered 500 and
    undone (record, blob, storage), so the client's retry makes the one document, counted once."""
    Hiccup(server.services.store.events, "append")
    assert (await client.upload(sample_pdf, "contract.pdf", headers={"Idempotency-Key": "up-1"})).status == 500
    assert (await client.get("/v1/documents")).json["items"] == []
    org = await server.services.store.organizations.by_name("Org A")
    assert org["storage_bytes"] == 0
    assert not [f for _, _, files in os.walk(server.services.storage.root) for f in files if f.endswith(".pdf")]
    again = await client.upload(sample_pdf, "contract.pdf", headers={"Idempotency-Key": "up-1"})
    assert again.status == 201
    assert [d["id"] for d in (await client.get("/v1/documents")).json["items"]] == [again.json["id"]]
    org = await server.services.store.organizations.by_name("Org A")
    assert org["storage_bytes"] == again.json["file_size"]

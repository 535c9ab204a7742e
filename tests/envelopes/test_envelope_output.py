"""Envelopes (issue 28, item 3): on completion each document is stamped with its own fields and
sealed as a PDF of its own, each carrying the certificate that lists every document (original and
stamped SHA-256); a combined PDF of them all is sealed too; downloads by `document_id` and
`combined=true`; `document.signed` per document; the completion emails attach every document."""
from __future__ import annotations

import asyncio
import hashlib
import io
import re
import uuid

import pytest
from esign_csc.testing import FakeCSCService
from pypdf import PdfReader

from esign.domain.mail.copies import copy_url
from esign.domain.orgs.keys import seal_material
from esign.domain.requests import links
from tests.support import assert_error, raw_db, running_server
from tests.support.documents import ONE_PAGE_PDF, SAMPLE_PDF
from tests.support.envelopes import assert_passes, download, flat_text
from tests.support.mail import links_in, mail_server, text_of
from tests.support.pdf_tools import first_revision, pdfsig, pyhanko_statuses
from tests.support.placement import SIGNERS, pdf
from tests.support.signing import spost

ANN, SAM = SIGNERS
CSC_TOKEN = "csc-envelope-token"
UPLOADS = [("offer.pdf", SAMPLE_PDF.read_bytes()), ("sale.pdf", pdf("reportlab.pdf")),
           ("benefits.pdf", ONE_PAGE_PDF.read_bytes())]


async def signed_envelope(srv, count: int = 3, **extra) -> tuple[dict, list[dict]]:
    """`count` documents, two signers with fields in each (by coordinates and by anchor), signed through
    the signer API, finalised: the stored request and the uploads ({id, name, sha256, stored_sha256})."""
    client = srv.client
    docs = []
    for name, data in UPLOADS[:count]:
        resp = await client.upload(data, name)
        assert resp.status == 201, resp
        record = await raw_db(srv.services)["documents"].find_one({"_id": resp.json["id"]})
        assert record["received_sha256"] == hashlib.sha256(data).hexdigest()
        # the upload's SHA-256, and the stored copy's (esign.pdf.normalise), the "original" signed
        docs.append({"id": resp.json["id"], "name": name, "sha256": record["received_sha256"],
                     "stored_sha256": record["sha256"]})
    fields = [{"signer_email": ANN["email"], "page_number": 4, "x_percent": 10, "y_percent": 80},
              {"signer_email": SAM["email"], "field_type": "date", "page_number": 4, "x_percent": 60, "y_percent": 80},
              {"signer_email": SAM["email"], "anchor": {"text": "Seller Signature:"}},
              {"signer_email": ANN["email"], "field_type": "date", "anchor": {"text": "Buyer Signature:"}}]
    if count == 3:
        fields.append({"signer_email": SAM["email"], "document_id": docs[2]["id"], "page_number": 1,
                       "x_percent": 50, "y_percent": 50})
    resp = await client.post("/v1/signing-requests", {"document_ids": [d["id"] for d in docs], "signers": SIGNERS,
                                                      "fields": fields, "auto_send": True, **extra})
    assert resp.status == 201, resp
    stored = await srv.services.store.signing_requests.by_id(resp.json["id"])
    for signer in stored["signers"]:
        token = links.signing_url(srv.services, stored, signer).rsplit("/", 1)[1]
        signed = await spost(srv, token, "sign", {"signature": {"kind": "typed", "text": signer["name"]},
                                                  "consent": True})
        assert signed.status == 200, signed
    await srv.run_jobs()
    request = await srv.services.store.signing_requests.by_id(stored["id"])
    assert request["status"] == "completed" and request["signed_pdf_status"] == "ready", request.get("signed_pdf_error")
    return request, docs


@pytest.mark.slow
async def test_three_documents_each_sealed_with_a_certificate_listing_all_and_a_combined_pdf(tmp_path):
    async with mail_server(tmp_path) as srv:
        request, docs = await signed_envelope(srv)
        done = request["signed_documents"]
        assert [d["document_id"] for d in done] == [d["id"] for d in docs]
        assert [d["original_sha256"] for d in done] == [d["stored_sha256"] for d in docs]  # the uploads as stored
        assert request["signed_blob_key"] == done[0]["signed_blob_key"]
        assert request["original_sha256"] == docs[0]["stored_sha256"] and request["stamped_sha256"] == done[0]["stamped_sha256"]
        assert len({d["signed_blob_key"] for d in done} | {request["combined_blob_key"]}) == 4

        # downloads: the first by default, any by document_id, all combined
        first, default = await download(srv, request["id"])
        assert first["document_name"] == "offer-signed.pdf"
        signed = []
        for doc in docs:
            answer, body = await download(srv, request["id"], f"?document_id={doc['id']}")
            assert answer["document_name"] == doc["name"].replace(".pdf", "-signed.pdf")
            assert body == await srv.services.storage.get_bytes(
                next(d["signed_blob_key"] for d in done if d["document_id"] == doc["id"]))
            signed.append(body)
        assert default == signed[0]
        answer, combined = await download(srv, request["id"], "?combined=true")
        assert answer["document_name"] == "offer-all-documents-signed.pdf"

        pages = [len(PdfReader(io.BytesIO(body)).pages) for body in signed]
        combined_pages = len(PdfReader(io.BytesIO(combined)).pages)
        certificate_pages = pages[2] - 1  # benefits.pdf has one page
        assert combined_pages == 4 + 2 + 1 + certificate_pages  # every document's pages, then the certificate

        for body in [*signed, combined]:
            await assert_passes(srv, body, tmp_path, 1)
            text = flat_text(body)
            for doc, stored in zip(docs, done):
                assert doc["name"] in text and doc["sha256"] in text and stored["stamped_sha256"] in text, doc
        # each document's certificate names it as the document signed; its fields only are stamped on it
        for doc, body in zip(docs, signed):
            assert re.search(r"Document" + re.escape(doc["name"]), flat_text(body)), doc["name"]
        def stamped_text(body: bytes, pages: int) -> str:
            return "".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages[:pages])

        offer, sale, benefits = stamped_text(signed[0], 4), stamped_text(signed[1], 2), stamped_text(signed[2], 1)
        assert "Ann Buyer" in offer and "Sam Seller" not in offer  # Ann's signature by coordinates, page 4
        assert "Sam Seller" in sale  # the anchored signature, stamped in its own document
        assert "Sam Seller" in benefits and "Ann Buyer" not in benefits

        # document.signed per document (ids of their own), completed lists every document's key
        events = await srv.services.store.events.for_request(request["org_id"], request["id"])
        signed_events = [e for e in events if e["event_type"] == "document.signed"]
        assert sorted(e["data"]["document_id"] for e in signed_events) == sorted(d["id"] for d in docs)
        assert len({e["id"] for e in signed_events}) == 3
        for e in signed_events:
            assert e["data"]["document_name"] == next(d["name"] for d in docs if d["id"] == e["data"]["document_id"])
        [completed] = [e for e in events if e["event_type"] == "signing_request.completed"]
        assert completed["data"]["signed_pdf_storage_key"] == done[0]["signed_blob_key"]
        assert completed["data"]["documents"] == [
            {"document_id": d["id"], "name": d["name"], "signed_pdf_storage_key": s["signed_blob_key"]}
            for d, s in zip(docs, done)]

        # everyone's copy: every signed document attached, each under its own name
        copies = [m for m in srv.inbox.messages if m["Subject"].startswith("Completed:")]
        assert len(copies) == 3  # the two signers and the owner
        for msg in copies:
            attached = [p for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"]
            assert [p.get_filename() for p in attached] == ["offer-signed.pdf", "sale-signed.pdf",
                                                           "benefits-signed.pdf"]
            assert [p.get_content() for p in attached] == signed

        # a run repeated after the PDFs were ready announces nothing twice
        await srv.services.enqueue("finalize", {"request_id": request["id"]})
        await srv.run_jobs()
        events = await srv.services.store.events.for_request(request["org_id"], request["id"])
        assert len([e for e in events if e["event_type"] == "document.signed"]) == 3


async def test_downloads_of_a_document_not_in_the_envelope_or_both_at_once_are_refused(server):
    request, docs = await signed_envelope(server, count=2)
    base = f"/v1/signing-requests/{request['id']}/download"
    assert_error(await server.client.get(f"{base}?document_id={uuid.uuid4()}"), 404, "not_found")
    assert_error(await server.client.get(f"{base}?document_id=nope"), 422, "validation_error")
    assert_error(await server.client.get(f"{base}?document_id={docs[1]['id']}&combined=true"), 422, "validation_error")
    assert_error(await server.client.get(f"{base}?file=certificate&combined=true"), 422, "validation_error")
    assert_error(await server.client.get(f"{base}?combined=yes"), 422, "validation_error")
    # the signed link names its document: another document under the same signature is refused
    link = (await server.client.get(f"{base}?document_id={docs[1]['id']}")).json["download_url"]
    swapped = link[len(server.url):].replace(docs[1]["id"], docs[0]["id"])
    assert_error(await server.client.get(swapped, key=None), 403)
    assert (await server.client.get(link[len(server.url):], key=None)).status == 200


@pytest.mark.slow
async def test_an_aes_envelope_of_two_documents_carries_every_signers_signature_in_each(server, tmp_path):
    request, docs = await signed_envelope(server, count=2, signing_level="aes")
    _, combined = await download(server, request["id"], "?combined=true")
    for doc in docs:
        _, body = await download(server, request["id"], f"?document_id={doc['id']}")
        await assert_passes(server, body, tmp_path, 3)  # Ann's, Sam's, the seal
    await assert_passes(server, combined, tmp_path, 3)
    assert all(d["sha256"] in flat_text(combined) for d in docs)


async def test_the_separate_certificate_lists_every_document(server, tmp_path):
    request, docs = await signed_envelope(server, count=2, separate_stamp_page=True)
    _, certificate = await download(server, request["id"], "?file=certificate")
    text = flat_text(certificate)
    for doc, stored in zip(docs, request["signed_documents"]):
        assert doc["sha256"] in text and stored["stamped_sha256"] in text
        _, body = await download(server, request["id"], f"?document_id={doc['id']}")
        assert hashlib.sha256(first_revision(body)).hexdigest() == stored["stamped_sha256"]  # what the seal signed
        await assert_passes(server, body, tmp_path, 1)


@pytest.fixture
async def qes_server(tmp_path, tsa):
    csc = FakeCSCService(token=CSC_TOKEN)
    for signer in SIGNERS:
        csc.add_credential(signer["email"], signer["name"])
    config = (f'[signing]\nqes_provider = "csc"\ntimestamp_url = "{tsa[0]}"\n'
              f'[plugins.csc]\nservice_url = "{csc.url}"\noauth_token = "{CSC_TOKEN}"\n')
    async with running_server(tmp_path, config) as server:
        yield server, csc
    csc.stop()


@pytest.mark.slow
async def test_a_qes_envelope_is_signed_remotely_document_by_document(qes_server, tsa, tmp_path):
    server, csc = qes_server
    request, docs = await signed_envelope(server, count=2, signing_level="qes")
    seal = await seal_material(server.services)
    _, combined = await download(server, request["id"], "?combined=true")
    bodies = [(await download(server, request["id"], f"?document_id={d['id']}"))[1] for d in docs]
    for body in [*bodies, combined]:
        blocks = pdfsig(body, tmp_path)
        assert len(blocks) == 3 and all("Signature Validation: Signature is Valid." in b for b in blocks), blocks
        assert "Total document signed" in blocks[-1]
        statuses = await asyncio.to_thread(pyhanko_statuses, body, csc.root, seal.certificate, tsa[1])
        assert len(statuses) == 3
        for status in statuses:
            assert status.intact and status.valid and status.trusted and status.bottom_line, status.pretty_print_details()
        assert all(d["sha256"] in flat_text(body) for d in docs)


async def test_the_signers_own_link_and_a_copy_link_give_every_document(server):
    request, docs = await signed_envelope(server, count=2)
    combined = await server.services.storage.get_bytes(request["combined_blob_key"])
    token = links.signing_url(server.services, request, request["signers"][0]).rsplit("/", 1)[1]
    own = await server.client.get(f"/sign/{token}/download", key=None)
    assert own.status == 200 and own.body == combined, own
    assert "offer-all-documents-signed.pdf" in own.headers["Content-Disposition"]
    copy = await server.client.get(copy_url(server.services, request)[len(server.url):], key=None)
    assert copy.status == 200 and copy.body == combined, copy


async def test_over_the_attachment_bound_together_the_copies_link_to_the_combined_pdf(tmp_path):
    # each signed PDF is below the bound, the two together above it
    async with mail_server(tmp_path, email={"attach_max_mb": 0.05}) as srv:
        request, _ = await signed_envelope(srv, count=2)
        sizes = [await srv.services.storage.size(d["signed_blob_key"]) for d in request["signed_documents"]]
        assert max(sizes) <= 0.05 * 1024 * 1024 < sum(sizes), sizes
        copies = [m for m in srv.inbox.messages if m["Subject"].startswith("Completed:")]
        assert len(copies) == 3
        for msg in copies:
            assert [p for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"] == []
        [owner] = [m for m in copies if "/copies/" in text_of(m)]
        [link] = [u for u in links_in(text_of(owner)) if "/copies/" in u]
        got = await srv.client.get(link[len(srv.url):], key=None)
        assert got.status == 200 and got.body == await srv.services.storage.get_bytes(request["combined_blob_key"])

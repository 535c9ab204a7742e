"""Signer attachments (issue 25 item 3): a field of type `attachment` takes a PDF, PNG or JPEG from
its signer (multipart, checked as uploads are), is required before signing when required, shows
`attachment` in the read shape, is downloaded by the sender, travels embedded in the signed PDF
(byte-identical, under the seal) and is listed with its SHA-256 on the certificate. Initials on
every page (item 4) are here too: one field per page, the initials stamped on each."""
from __future__ import annotations

import hashlib
import io
import struct
import subprocess
import zlib

import pytest
from PIL import Image
from pypdf import PdfReader

from esign.domain.requests import links
from tests.support import SAMPLE_PDF, assert_error, start_server, stop_server
from tests.support.images import png_bytes
from tests.support.routing import attach, sign_with, signed_pdf, text_of
from tests.support.signing import ANN, BOB, make_request, sget, spost, typed


def photo() -> bytes:
    img = Image.new("RGB", (320, 200), (200, 30, 30))
    for x in range(0, 320, 7):
        img.putpixel((x, x % 200), (0, 0, 0))
    return png_bytes(img)


def jpeg() -> bytes:
    return png_bytes(Image.new("RGB", (64, 48), (10, 120, 200)), fmt="JPEG")


def png_claiming(width: int, height: int) -> bytes:
    """A PNG header claiming a huge image, with a tiny compressed body (a decompression bomb's shape)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
            + chunk(b"IEND", b""))


async def test_attachments_travel_into_the_signed_pdf(server, tmp_path):
    made = await make_request(server, [ANN, BOB], fields={
        "sig": {}, "id_copy": {"field_type": "attachment"}, "proof": {"field_type": "attachment", "is_required": False},
        "proof_b": {"field_type": "attachment", "signer": 1}})
    token = await made.token(0)
    # required before signing
    error = assert_error(await spost(server, token, "sign", {"signature": typed(), "consent": True}), 422)
    assert [d["field"] for d in error["details"]] == [f"values.{made.fields['id_copy']}"]

    image, jpg = photo(), jpeg()
    resp = await attach(server, token, made.fields["id_copy"], image, "passport scan.png")
    assert resp.status == 200, resp
    shown = {f["id"]: f for f in resp.json["fields"]}[made.fields["id_copy"]]["attachment"]
    assert shown == {"name": "passport scan.png", "size": len(image), "sha256": hashlib.sha256(image).hexdigest(),
                     "content_type": "image/png"}
    resp = await attach(server, token, made.fields["proof"], SAMPLE_PDF.read_bytes(), "../../proof of address.pdf")
    assert resp.status == 200, resp
    assert {f["id"]: f for f in resp.json["fields"]}[made.fields["proof"]]["attachment"]["name"] == \
        "proof of address.pdf"
    # a PDF is kept as the upload check's normalised copy (esign.pdf.normalise), as documents are
    pdf = (await server.client.get(f"/v1/signing-requests/{made.id}/fields/{made.fields['proof']}/attachment")).body
    assert pdf.startswith(b"%PDF-") and pdf != SAMPLE_PDF.read_bytes()

    # the sender downloads it, byte for byte; the request document holds no bytes of it
    got = await server.client.get(f"/v1/signing-requests/{made.id}/fields/{made.fields['id_copy']}/attachment")
    assert got.status == 200 and got.body == image and got.headers["Content-Type"] == "image/png"
    assert "passport scan.png" in got.headers["Content-Disposition"]
    assert_error(await server.client.get(f"/v1/signing-requests/{made.id}/fields/{made.fields['proof_b']}/attachment"),
                 404, "not_found")
    assert_error(await server.client.get(f"/v1/signing-requests/{made.id}/fields/{made.fields['id_copy']}/attachment",
                                         key="b"), 404)
    record = await made.record()
    assert len(repr(record)) < 20_000
    field = {f["id"]: f for f in record["fields"]}[made.fields["id_copy"]]
    assert set(field["attachment"]) >= {"blob_key", "sha256"} and b"PNG" not in repr(record).encode()

    await sign_with(server, token, ANN["name"])
    bob = await made.token(1)
    assert (await attach(server, bob, made.fields["proof_b"], jpg, "bob.jpg")).status == 200
    await sign_with(server, bob, BOB["name"])
    path, body, _ = await signed_pdf(server, made.id, tmp_path)
    embedded = PdfReader(io.BytesIO(body)).attachments
    assert embedded["attachment-1-passport scan.png"] == [image]
    assert embedded["attachment-2-proof of address.pdf"] == [pdf]
    assert embedded["attachment-3-bob.jpg"] == [jpg]
    assert "audit-trail.json" in embedded
    text = text_of(path)
    assert "Attachments (embedded in this PDF)" in text
    for data in (image, pdf, jpg):
        assert hashlib.sha256(data).hexdigest() in text.replace(" ", "")


async def test_attachment_refusals(server):
    made = await make_request(server, [ANN], fields={"sig": {}, "file": {"field_type": "attachment"}})
    token, fid = await made.token(0), made.fields["file"]
    for data, name in [(b"just some text\n", "notes.txt"), (b"\x89PNG\r\n\x1a\n" + b"\0" * 64, "broken.png"),
                       (png_claiming(100_000, 100_000), "bomb.png"), (b"%PDF-1.7\nnot really a pdf\n", "fake.pdf"),
                       (b"\xff\xd8\xff\xe0" + b"garbage" * 20, "broken.jpg"), (b"", "empty.pdf")]:
        error = assert_error(await attach(server, token, fid, data, name), 422, "validation_error")
        assert error["details"][0]["field"] == "file", (name, error)
    assert_error(await attach(server, token, made.fields["sig"], photo()), 422)  # not an attachment field
    assert_error(await attach(server, token, "00000000-0000-4000-8000-000000000000", photo()), 404)
    assert_error(await attach(server, token, fid, photo(), part="document"), 400)
    assert (await sget(server, token)).json["fields"][1]["attachment"] is None
    assert (await attach(server, token, fid, photo())).status == 200
    await sign_with(server, token, ANN["name"])
    assert_error(await attach(server, token, fid, photo()), 409)  # nothing to change after signing


async def test_attachment_size_limit(tmp_path):
    srv = await start_server(tmp_path, overrides={"limits": {"attachment_mb": 1}})
    try:
        made = await make_request(srv, [ANN], fields={"file": {"field_type": "attachment"}})
        big = photo() + b"\0" * (1024 * 1024)  # over 1 MB: refused while it arrives
        assert_error(await attach(srv, await made.token(0), made.fields["file"], big, "big.png"), 413)
    finally:
        await stop_server(srv)


@pytest.mark.parametrize("via", ["fields", "create"])
async def test_initials_on_every_page(server, tmp_path, via):
    shape = {"field_type": "initials", "every_page": True, "x_percent": 85, "y_percent": 92, "width_percent": 10,
             "height_percent": 4, "page_number": 3}
    if via == "fields":
        made = await make_request(server, [ANN], fields={"sig": {}, "ini": shape})
        record = await made.record()
    else:
        doc = (await server.client.upload(SAMPLE_PDF.read_bytes())).json["id"]
        resp = await server.client.post("/v1/signing-requests", {
            "document_id": doc, "signers": [ANN], "auto_send": True,
            "fields": [{**shape, "signer_email": ANN["email"]}]})
        assert resp.status == 201, resp
        record = await server.services.store.signing_requests.by_id(resp.json["id"])
    initials = [f for f in record["fields"] if f["field_type"] == "initials"]
    assert sorted(f["page_number"] for f in initials) == [1, 2, 3, 4]
    assert {(f["x_percent"], f["y_percent"], f["every_page"]) for f in initials} == {(85, 92, True)}
    signer = record["signers"][0]
    token = links.signing_url(server.services, record, signer).rsplit("/", 1)[1]
    view = (await sget(server, token)).json
    assert sorted(f["page_number"] for f in view["fields"] if f["field_type"] == "initials") == [1, 2, 3, 4]
    resp = await spost(server, token, "sign", {"signature": typed(), "initials": typed("QZX"), "consent": True})
    assert resp.status == 200, resp
    path, _, _ = await signed_pdf(server, record["id"], tmp_path)
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout.split("\f")
    assert all("QZX" in pages[i] for i in range(4)), [("QZX" in p) for p in pages[:4]]

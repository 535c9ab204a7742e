"""Drawn signatures and initials live in blob storage (one blob per drawing, referenced by key and
SHA-256), never inside the signing-request document; they are capped at 256 KB as PNG."""
from __future__ import annotations

import hashlib
import io
import pathlib

import bson
import pytest
from PIL import Image
from pypdf import PdfReader

from esign.domain.pages.signer_values import MAX_DRAWING_BYTES
from tests.support import assert_error
from tests.support.images import data_url, ink_png, largest_png
from tests.support.signing import drawn, make_request, spost

SIX = [{"name": f"Signer {i}", "email": f"signer{i}@example.test", "order": 1} for i in range(6)]


def image_sizes(pdf: bytes) -> list[tuple[int, int]]:
    """(width, height) of every image XObject painted on the pages, also inside form XObjects."""
    found, seen = [], set()

    def walk(resources):
        for ref in (resources or {}).get("/XObject", {}).values():
            obj = ref.get_object()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if obj["/Subtype"] == "/Image":
                found.append((int(obj["/Width"]), int(obj["/Height"])))
            elif obj["/Subtype"] == "/Form":
                walk(obj.get("/Resources"))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        walk(page.get("/Resources"))
    return found


async def signed_pdf(server, made) -> bytes:
    link = await server.client.get(f"/v1/signing-requests/{made.id}/download", key=made.key)
    assert link.status == 200, link
    pdf = await server.client.get(link.json["download_url"][len(server.url):], key=None)
    assert pdf.status == 200
    return pdf.body


@pytest.mark.slow
async def test_six_signers_with_the_largest_drawings_complete_a_small_request(server):
    """Each of six signers adopts a drawn signature and drawn initials of the largest accepted size
    (2 x 256 KB each, 3 MB in all): every signature succeeds, the request completes, the stored
    document stays under 1 MiB, and the signed PDF carries all twelve drawings."""
    fields = {}
    for i in range(6):
        fields[f"sig{i}"] = {"signer": i, "y_percent": 5 + 12 * i, "height_percent": 6}
        fields[f"ini{i}"] = {"signer": i, "field_type": "initials", "x_percent": 60, "y_percent": 5 + 12 * i,
                             "height_percent": 6, "width_percent": 10}
    made = await make_request(server, SIX, fields=fields)
    images = {}
    for i in range(6):
        signature, initials = largest_png(seed=2 * i), largest_png(seed=2 * i + 1)
        assert len(signature) == len(initials) == MAX_DRAWING_BYTES
        images[i] = (signature, initials)
        resp = await spost(server, await made.token(i), "sign", {
            "signature": {"kind": "drawn", "image": data_url(signature)},
            "initials": {"kind": "drawn", "image": data_url(initials)}, "consent": True})
        assert resp.status == 200, resp
        assert b"data:image" not in resp.body

    stored = await made.record()
    assert stored["status"] == "completed"
    assert len(bson.encode({**stored, "_id": stored["id"]})) < 1024 * 1024
    storage = server.services.storage
    for i, signer in enumerate(stored["signers"]):
        for mark, png in zip((signer["signature"], signer["initials"]), images[i]):
            assert set(mark) == {"kind", "blob_key", "sha256"} and mark["kind"] == "drawn"
            assert mark["sha256"] == hashlib.sha256(png).hexdigest()
            assert await storage.get_bytes(mark["blob_key"]) == png
    # the API never shows a drawing
    full = await made.get()
    assert "blob_key" not in str(full) and [v["value"] for v in full["field_values"]].count("(drawn signature)") == 6

    await server.run_jobs()
    assert (await made.get())["signed_pdf_status"] == "ready"
    side = Image.open(io.BytesIO(images[0][0])).size
    assert image_sizes(await signed_pdf(server, made)).count(side) == 12  # twelve distinct drawings


async def test_initials_reference_the_signature_drawing(server):
    """Initials without a drawing of their own reference the signature's blob: one blob, two references."""
    made = await make_request(server, fields={"sig": {}, "ini": {"field_type": "initials", "y_percent": 40}})
    resp = await spost(server, await made.token(0), "sign", {"signature": drawn(), "consent": True})
    assert resp.status == 200, resp
    signer = (await made.record())["signers"][0]
    assert signer["initials"] == signer["signature"]
    assert signer["signature"]["sha256"] == hashlib.sha256(ink_png()).hexdigest()
    blobs = list(pathlib.Path(server.services.storage.root).rglob("*.png"))
    assert [b.name for b in blobs] == [f"{signer['signature']['sha256']}.png"]
    await server.run_jobs()
    assert (await made.get())["signed_pdf_status"] == "ready"
    assert (240, 80) in image_sizes(await signed_pdf(server, made))  # one image, painted in both boxes


async def test_drawing_over_the_cap_is_refused(server):
    made = await make_request(server, fields={"sig": {}})
    token = await made.token(0)
    too_big = largest_png(MAX_DRAWING_BYTES + 1)
    error = assert_error(await spost(server, token, "sign", {
        "signature": {"kind": "drawn", "image": data_url(too_big)}, "consent": True}), 422, "validation_error")
    assert error["details"] == [{"field": "signature.image",
                                 "message": "the drawing is larger than 256 KB (as PNG); draw it again smaller or "
                                            "type it"}]
    error = assert_error(await spost(server, token, "sign", {
        "signature": drawn(), "initials": {"kind": "drawn", "image": data_url(too_big)}, "consent": True}), 422)
    assert [d["field"] for d in error["details"]] == ["initials.image"]
    assert (await made.record())["signers"][0]["status"] == "sent"
    assert not list(pathlib.Path(server.services.storage.root).rglob("*.png"))  # nothing stored
    # the largest accepted drawing is accepted
    resp = await spost(server, token, "sign", {"signature": {"kind": "drawn", "image": data_url(largest_png())},
                                               "consent": True})
    assert resp.status == 200 and resp.json["signer"]["status"] == "signed", resp

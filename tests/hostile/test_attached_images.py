"""Images a signer attaches (issue 35, part 5) are decoded where PDFs are checked, in the bounded
checking children (esign.pdf.probe, esign.pdf.image_check), never in the API process: a 208 KB
single-colour 7000 x 7000 PNG decodes to 196 MB, and 24 of them at once leave the server's memory
flat. A truncated or corrupt PNG or JPEG is still refused with a 422 naming the file."""
from __future__ import annotations

import asyncio
import hashlib
import io
import re

import pytest
from PIL import Image

from esign.pdf.image_check import MAX_PIXELS
from tests.support import SAMPLE_PDF, Client, assert_error, running_server
from tests.support.images import png_bytes
from tests.support.processes import ServeProcess
from tests.support.signing import ANN, make_request, sget

MB = 1024 * 1024
PARALLEL = 24
BOUNDARY = "esignImageBoundary0123456789"
ORIGIN = "https://app.example.test"


def single_colour_png() -> bytes:
    """The finding's image: 7000 x 7000 RGBA of one colour, 208 KB as PNG (196 MB decoded)."""
    return png_bytes(Image.new("RGBA", (7000, 7000), (200, 30, 30, 255)))


async def attach(client: Client, token: str, field_id: str, data: bytes, filename: str):
    body = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{BOUNDARY}--\r\n".encode()
    return await client.request("POST", f"/sign/{token}/api/attachments/{field_id}", body=body, key=None, timeout=300,
                                headers={"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})


async def request_with_attachment_field(client: Client, document_id: str, n: int) -> tuple[str, str]:
    """A sent request whose one signer has an attachment field: (the signer's token, the field's id)."""
    email = f"signer{n}@example.test"
    made = await client.post("/v1/signing-requests", {
        "document_id": document_id, "auto_send": True, "signers": [{"name": f"Signer {n}", "email": email}],
        "fields": [{"signer_email": email, "field_type": "attachment", "x_percent": 10, "y_percent": 10}]})
    assert made.status == 201, made
    link = await client.post(f"/v1/signing-requests/{made.json['id']}/embedded-url", {"allowed_origin": ORIGIN})
    assert link.status == 201, link
    token = re.search(r"/sign/([^/?]+)", link.json["signers"][0]["embedded_url"]).group(1)
    view = await client.get(f"/sign/{token}/api", key=None)
    assert view.status == 200, view
    return token, view.json["fields"][0]["id"]


@pytest.mark.slow
async def test_many_huge_images_at_once_keep_the_server_memory_flat(tmp_path):
    image = single_colour_png()
    assert len(image) < 256 * 1024
    with Image.open(io.BytesIO(image)) as opened:
        assert opened.size == (7000, 7000) and 7000 * 7000 <= MAX_PIXELS  # accepted: within the bound
    srv = ServeProcess(tmp_path)
    client = Client(srv.url)
    try:
        up = await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")
        assert up.status == 201, up
        targets = [await request_with_attachment_field(client, up.json["id"], n) for n in range(PARALLEL)]
        srv.reset_peak_memory()
        before = srv.status("VmRSS")
        senders = [Client(srv.url) for _ in targets]  # each its own connection: none waits in a client's queue
        try:
            answers = await asyncio.gather(*(attach(sender, token, field_id, image, f"scan {i}.png")
                                             for i, (sender, (token, field_id)) in enumerate(zip(senders, targets))))
        finally:
            for sender in senders:
                sender.close()
        growth = srv.status("VmHWM") - before
        assert [a.status for a in answers] == [200] * PARALLEL, [a for a in answers if a.status != 200][:1]
        assert growth < 100 * MB, f"the server grew by {growth / MB:.0f} MB"
        for answer, (_, field_id) in zip(answers, targets):
            attached = {f["id"]: f for f in answer.json["fields"]}[field_id]["attachment"]
            assert attached["sha256"] == hashlib.sha256(image).hexdigest() and attached["content_type"] == "image/png"
        assert srv.stop() == 0
        assert "Traceback" not in srv.log()
    finally:
        client.close()
        srv.kill()


def truncated_png() -> bytes:
    whole = png_bytes(Image.effect_noise((300, 300), 64).convert("RGB"))
    return whole[:len(whole) // 2]


def truncated_jpeg() -> bytes:
    whole = png_bytes(Image.effect_noise((300, 300), 64).convert("RGB"), fmt="JPEG")
    return whole[:len(whole) // 2]


def corrupt_png() -> bytes:
    """A whole PNG whose compressed pixels were overwritten (its chunk checksum no longer matches)."""
    whole = bytearray(png_bytes(Image.effect_noise((300, 300), 64).convert("RGB")))
    start = whole.index(b"IDAT") + 100
    whole[start:start + 200] = b"\xff" * 200
    return bytes(whole)


def over_the_bound_png() -> bytes:
    """One pixel row more than MAX_PIXELS allows (7072 x 7072 = 50,013,184 pixels), 215 KB."""
    return png_bytes(Image.new("L", (7072, 7072), 0))


@pytest.mark.parametrize("make, name, says", [
    (truncated_png, "cut.png", "PNG image cannot be read"),
    (truncated_jpeg, "cut.jpg", "JPEG image cannot be read"),
    (corrupt_png, "broken.png", "PNG image cannot be read"),
    (over_the_bound_png, "huge.png", "at most 50 megapixels"),
])
async def test_a_broken_or_oversized_image_is_refused(server, make, name, says):
    made = await make_request(server, [ANN], fields={"file": {"field_type": "attachment"}})
    resp = await attach(server.client, await made.token(0), made.fields["file"], make(), name)
    error = assert_error(resp, 422, "validation_error")
    assert error["details"][0]["field"] == "file" and says in error["details"][0]["message"], error
    assert (await made.record())["fields"][0].get("attachment") is None


async def test_an_image_is_decoded_within_the_checking_childs_memory_bound(tmp_path):
    """With `pdf_parse_memory_mb = 256` the 196 MB the finding's PNG decodes to do not fit the child's
    address space: the image is refused (422), where the server's own process would have taken it; the
    child that ran out is replaced, and the next image is checked and taken."""
    async with running_server(tmp_path, overrides={"limits": {"pdf_parse_memory_mb": 256}}) as server:
        made = await make_request(server, [ANN], fields={"file": {"field_type": "attachment"}})
        token, field_id = await made.token(0), made.fields["file"]
        error = assert_error(await attach(server.client, token, field_id, single_colour_png(), "scan.png"),
                             422, "validation_error")
        assert error["details"] == [{"field": "file", "message": "the image needs too much memory to decode"}], error
        small = png_bytes(Image.new("RGB", (300, 200), (10, 120, 200)))
        resp = await attach(server.client, token, field_id, small, "scan.png")
        assert resp.status == 200, resp
        shown = {f["id"]: f for f in (await sget(server, token)).json["fields"]}[field_id]["attachment"]
        assert shown["sha256"] == hashlib.sha256(small).hexdigest()

"""Seen equals sealed (issue 39, item 1): the page images a signer is shown hide the text tags under
the same white covers the sealed file paints (esign.pdf.stamp, the same code), and an earlier signer's
values are drawn on that white ground, as in the sealed file.

reportlab.pdf of the placement corpus carries tags for two signers: Ann's signature and select, Sam's
date (page 1) and initials (page 2). Ann signs first; the pages Sam is then shown are compared, as
pixels at the same scale, with the same pages of the sealed PDF, outside Sam's own (still empty) fields."""
from __future__ import annotations

import io

from PIL import Image, ImageChops

from esign.pdf.render import render_page
from tests.support.page_images import fetch_image
from tests.support.placement import CORPUS, SIGNERS, upload
from tests.support.routing import sign_with, signed_pdf
from tests.support.signing import Made

SHADE = 48  # a pixel differs when a grey level differs by more than this (anti-aliasing differs less)
AT_MOST = 0.0002  # the share of the compared pixels that may differ (none did; the tags uncovered: 0.004)
MARGIN_PX = 2  # around a masked field


def box_px(image: Image.Image, box: list[float], margin: int = 0) -> tuple[int, int, int, int]:
    """[x, y, width, height] percent of the page as a pixel box of `image`, `margin` pixels larger."""
    x, y, w, h = box
    return (max(0, int(x * image.width / 100) - margin), max(0, int(y * image.height / 100) - margin),
            min(image.width, round((x + w) * image.width / 100) + margin),
            min(image.height, round((y + h) * image.height / 100) + margin))


def field_box(f: dict) -> list[float]:
    return [f["x_percent"], f["y_percent"], f["width_percent"], f["height_percent"]]


def ink(image: Image.Image, box: list[float]) -> int:
    """Dark pixels inside `box` (percent of the page)."""
    return sum(image.convert("L").crop(box_px(image, box)).histogram()[:128])


def differing(shown: Image.Image, sealed: Image.Image, masked: list[list[float]]) -> float:
    """The share of the pixels outside the `masked` boxes that differ by more than SHADE."""
    assert shown.size == sealed.size, (shown.size, sealed.size)
    diff = ImageChops.difference(shown.convert("L"), sealed.convert("L")).point(lambda v: 255 if v > SHADE else 0)
    for box in masked:
        diff.paste(0, box_px(diff, box, MARGIN_PX))
    return diff.histogram()[255] / (diff.width * diff.height)


async def test_the_page_a_later_signer_is_shown_is_the_sealed_page(server, tmp_path):
    client = server.client
    doc = await upload(client, "reportlab.pdf")
    signers = [{**s, "order": i} for i, s in enumerate(SIGNERS, start=1)]
    resp = await client.post("/v1/signing-requests", {"document_id": doc["id"], "signers": signers,
                                                      "signing_order": "sequential", "fields_from_text_tags": True})
    assert resp.status == 201, resp
    sent = await client.post(f"/v1/signing-requests/{resp.json['id']}/send")
    assert sent.status == 200, sent
    made = Made(server, sent.json, "a", {})
    ann_id, sam_id = made.signer_ids
    fields = (await made.record())["fields"]
    assert sorted((f["field_type"], f["page_number"], f["signer_id"] == sam_id) for f in fields) == [
        ("date", 1, True), ("initials", 2, True), ("select", 1, False), ("signature", 1, False)]
    pages = {n: [f for f in fields if f["page_number"] == n] for n in (1, 2)}

    # the first signer: every tag hidden already, her own and Sam's (the original shows them)
    ann = await made.token(0)
    for number, on_page in pages.items():
        shown = await fetch_image(server, f"/sign/{ann}/pages/{number}.png")
        original = Image.open(io.BytesIO(render_page(str(CORPUS / "reportlab.pdf"), number)))
        for f in on_page:
            assert ink(original, f["cover_box"]) > 50, (number, f["text_tag"])
            assert ink(shown, f["cover_box"]) == 0, (number, f["text_tag"])

    select = next(f for f in fields if f["field_type"] == "select")
    await sign_with(server, ann, "Ann Buyer", {select["id"]: "Green"})

    # the later signer: Ann's values on white, every tag hidden, as the sealed file will be
    sam = await made.token(1)
    shown = {n: await fetch_image(server, f"/sign/{sam}/pages/{n}.png") for n in pages}
    assert ink(shown[1], field_box(select)) > 50  # "Green", there to compare
    await sign_with(server, sam, "Sam Seller")
    _, sealed_pdf, _ = await signed_pdf(server, made.id, tmp_path)

    for number, on_page in pages.items():
        sealed = Image.open(io.BytesIO(render_page(sealed_pdf, number)))  # as the page images are drawn
        own = [field_box(f) for f in on_page if f["signer_id"] == sam_id]
        assert differing(shown[number], sealed, own) < AT_MOST, number

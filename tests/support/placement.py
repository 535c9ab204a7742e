"""What poppler (pdftotext -bbox, pdfinfo) says about the corpus documents: an independent reading
of where words are, to compare the placement engine's boxes with."""
from __future__ import annotations

import pathlib
import re
import subprocess
import xml.etree.ElementTree as ET

from esign.domain.requests import lifecycle

CORPUS = pathlib.Path(__file__).resolve().parent.parent / "corpus" / "placement"
PRODUCERS = ["reportlab.pdf", "libreoffice-docx.pdf", "chromium.pdf", "latex.pdf"]
TOLERANCE = 0.5  # percent of the page
SIGNERS = [{"name": "Ann Buyer", "email": "ann@example.test"}, {"name": "Sam Seller", "email": "sam@example.test"}]


def pdf(name: str) -> bytes:
    return (CORPUS / name).read_bytes()


def displayed_sizes(path: pathlib.Path) -> list[tuple[float, float]]:
    """Each page's size as displayed (pdfinfo's size, swapped for /Rotate 90 and 270)."""
    out = subprocess.run(["pdfinfo", "-f", "1", "-l", "1000", str(path)], capture_output=True, text=True,
                         check=True).stdout
    sizes = [tuple(map(float, m)) for m in re.findall(r"Page +\d+ size: +([\d.]+) x ([\d.]+)", out)]
    rotations = [int(r) for r in re.findall(r"Page +\d+ rot: +(\d+)", out)]
    return [(h, w) if rot % 180 == 90 else (w, h) for (w, h), rot in zip(sizes, rotations)]


def words(path: pathlib.Path) -> list[list[tuple[str, float, float, float, float]]]:
    """Per page, poppler's words as (text, x, y, width, height) in percent of the displayed page."""
    xml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    xml = re.sub(r"<!DOCTYPE[^>]*>", "", xml)
    root = ET.fromstring(xml)
    pages = []
    for page, (width, height) in zip(root.iter("{http://www.w3.org/1999/xhtml}page"), displayed_sizes(path)):
        found = []
        for w in page.iter("{http://www.w3.org/1999/xhtml}word"):
            x0, y0, x1, y1 = (float(w.get(k)) for k in ("xMin", "yMin", "xMax", "yMax"))
            found.append((w.text, 100 * x0 / width, 100 * y0 / height, 100 * (x1 - x0) / width,
                          100 * (y1 - y0) / height))
        pages.append(found)
    return pages


def phrase_boxes(path: pathlib.Path, phrase: str) -> list[tuple[int, float, float, float, float]]:
    """(page, x, y, width, height) of every run of consecutive poppler words that make `phrase`,
    the union of their boxes, in poppler's order."""
    parts = phrase.split()
    out = []
    for number, page in enumerate(words(path), start=1):
        for i in range(len(page) - len(parts) + 1):
            run = page[i:i + len(parts)]
            if [w[0] for w in run] == parts:
                x0, y0 = min(w[1] for w in run), min(w[2] for w in run)
                x1, y1 = max(w[1] + w[3] for w in run), max(w[2] + w[4] for w in run)
                out.append((number, x0, y0, x1 - x0, y1 - y0))
    return out


def near(a: float, b: float, tolerance: float = TOLERANCE) -> bool:
    return abs(a - b) <= tolerance


def assert_at(field: dict, box: tuple, dx: float = 0, dy: float = 0) -> None:
    page, x, y = box[:3]
    assert field["page_number"] == page, (field, box)
    assert near(field["x_percent"], x + dx) and near(field["y_percent"], y + dy), (field, box)


async def upload(client, name: str) -> dict:
    resp = await client.upload(pdf(name), name)
    assert resp.status == 201, resp
    return resp.json


async def complete(server, request_id: str) -> bytes:
    """Send, sign as every signer, produce the signed PDF; its bytes."""
    client = server.client
    assert (await client.post(f"/v1/signing-requests/{request_id}/send")).status == 200
    request = await server.services.store.signing_requests.by_id(request_id)
    for signer in request["signers"]:
        request = await lifecycle.sign(server.services, request, signer["id"], {},
                                       {"kind": "typed", "text": signer["name"]}, {"ip_address": "127.0.0.5"})
    await server.run_jobs()
    link = (await client.get(f"/v1/signing-requests/{request_id}/download")).json["download_url"]
    return (await client.get(link[len(server.url):], key=None)).body

"""The document as text, for a signer who cannot see the page images (issue 39 item 4): each page's text
layer (esign.pdf.textboxes.page_runs, read by a checking child) in reading order, line by line, with the
signer's own fields announced where they stand on the page, and the text tags left out where the page images
and the sealed file cover them (a field's `cover_box`). A page without a text layer (a scanned image) is marked `scanned`.

A document's runs are read once and kept in blob storage beside the document (`<document>/text.json`,
shared by every request of the document, as the original page images are); reading them in a child
bounds a hostile file's text in time and memory as the upload's check does.
"""
from __future__ import annotations

import json
import pathlib
import tempfile

from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.domain.signer import page_images
from esign.errors import ApiError, not_found
from esign.pdf.textboxes import TAG, lines
from esign.store.records import Document, Json, RecordLike, Signer, SigningRequest

TEXT_VERSION = 1  # raised whenever the runs are read differently: the kept ones are read again


async def _runs(services: Services, request: SigningRequest, document: Document) -> list[list[Json]]:
    """Each page's runs of `document`, kept in blob storage once read."""
    key = f"{document['blob_key'].rsplit('.', 1)[0]}/text-{TEXT_VERSION}.json"

    async def read() -> list[list[Json]]:
        try:
            return list(json.loads(await services.storage.get_bytes(key)))
        except KeyError:
            pass
        with tempfile.TemporaryDirectory(prefix="esign-text-") as folder:
            path = pathlib.Path(folder, "document.pdf")
            await page_images.download(services, document["blob_key"], path)
            done = await services.pdf_checker.page_runs(str(path), owner=request["org_id"])
        if not done.get("ok"):
            raise ApiError(400, "invalid_pdf", f"the document's text cannot be read: {done.get('error')}")
        await services.storage.put_bytes(key, json.dumps(done["pages"]).encode())
        return list(done["pages"])

    return await services.pdf_checker.shared(key, read)


def _covered(run: Json, covers: list[list[float]]) -> bool:
    """Whether a run overlaps one of the text tags' boxes the page images and the sealed file paint white."""
    x, y, w, h = (run[k] for k in ("x_percent", "y_percent", "width_percent", "height_percent"))
    return any(x < cx + cw and cx < x + w and y < cy + ch and cy < y + h for cx, cy, cw, ch in covers)


def _page(number: int, runs: list[Json], fields: list[RecordLike], covers: list[list[float]]) -> Json:
    """{"number", "scanned", "lines": [[part, ...], ...]}: a part is {"text": ...} or {"field": field};
    the text tags under `covers` left out, as the page images cover them."""
    placed = [dict(r) for r in runs] + [{"field": f, **{k: f[k] for k in ("x_percent", "y_percent", "height_percent")}}
                                        for f in fields]
    out = []
    for line in lines(placed):
        parts: list[Json] = []
        for item in line:
            if "field" in item:
                parts.append({"field": item["field"]})
                continue
            text = TAG.sub(" ", item["text"]).strip() if _covered(item, covers) else item["text"]
            if not text:
                continue
            if parts and "text" in parts[-1]:
                parts[-1]["text"] += " " + text
            else:
                parts.append({"text": text})
        if parts:
            out.append(parts)
    return {"number": number, "scanned": not runs, "lines": out}


async def document_text(services: Services, request: SigningRequest, signer: Signer) -> list[Json]:
    """Every document of the request (the envelope's, in order): {"order", "name", "pages": [page, ...]}
    with `signer`'s own fields on their pages (`_page`)."""
    out = []
    for d in envelope.of(request):
        document = await services.store.documents.settled(request["org_id"], d["id"])
        if document is None:
            raise not_found("document")
        runs = await _runs(services, request, document)
        on_it = envelope.fields_of(request, d["id"])
        pages = [_page(n, page_runs,
                       [f for f in on_it if int(f["page_number"]) == n and f["signer_id"] == signer["id"]],
                       [f["cover_box"] for f in on_it if int(f["page_number"]) == n and f.get("cover_box")])
                 for n, page_runs in enumerate(runs, start=1)]
        out.append({"order": d["order"], "name": d["name"], "pages": pages})
    return out


async def original(services: Services, request: SigningRequest, order: int) -> tuple[str, str]:
    """(blob key, file name) of the envelope's document `order` as it was uploaded, before anyone signed
    (404 for no such document)."""
    docs = envelope.of(request)
    if not 1 <= order <= len(docs):
        raise ApiError(404, "not_found", f"document {order} does not exist")
    document = await services.store.documents.settled(request["org_id"], docs[order - 1]["id"])
    if document is None:
        raise not_found("document")
    return document["blob_key"], docs[order - 1]["name"]

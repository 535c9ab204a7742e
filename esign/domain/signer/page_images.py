"""The signing page's images of the document as it stands: every value the signers have given so far
(text, checkbox, select, date, signatures, initials) stamped by the finalisation's own stamping
(esign.pdf.stands), so that what a signer sees is what is signed: each text tag under the white cover
the sealed file paints over it (esign.pdf.stamp, the same code), whether its field is filled yet or not.

Each page image has a content address: a hash of what is drawn on it (the document, the page, the
values stamped on that page, the text tags covered on it, and the names and request id their stamps
print; RENDER_VERSION). A page with no text tag that nobody has filled a field on keeps the address of
the original page and its image is shared by every request of the document; a page on which a value
was given or a tag is covered gets a new address, so a browser that
caches an image for the link's life (`immutable`) never shows a stale one, and an unchanged page
stays cached. The stamped PDF of a request's current state is made once, by a drawing child, and
kept in blob storage (`orgs/<org>/stands/<request>/<state>.pdf`, one per signature at most); the
images are drawn from it by a drawing child too and kept beside it. Nothing is drawn in the API
process.

The drawing children are a pool of their own (Services.page_renderer, `[limits] page_image_workers`),
apart from the upload-checking ones, so an upload never waits behind page images; organisations wait
for them in turn (esign.pdf.probe._Turns), so one organisation's many images do not hold up another's.
A drawing has `[limits] page_image_timeout_seconds`. A page image (or stamped PDF) that cannot be
drawn is remembered in blob storage beside where it would be kept (`<key>.failed`, what was answered
and when), and answered at once with the same error, by any process, for FAILURE_MEMO_SECONDS; then
it is tried again (a failure of a busy moment is not kept for ever).

Each document of an envelope (esign.domain.requests.envelope) has its own pages, images and stamped PDF: the
functions here take the document (by its order in the envelope, 1 for the first) and stamp only the
fields that lie on it.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import pathlib
import tempfile
from collections.abc import Iterable

from esign.domain.pages import stamping
from esign.domain.ports import Services
from esign.domain.requests import envelope
from esign.errors import ApiError, invalid_state, not_found
from esign.pdf.probe import STOPPING
from esign.pdf.render import FORMATS, WIDTHS
from esign.pdf.stands import spec_json
from esign.store.records import Document, Json, SigningRequest

RENDER_VERSION = 3  # raised whenever the pages are drawn differently: every address changes with it
STAMP_KEYS = ("id", "signer_id", "field_type", "page_number", "x_percent", "y_percent", "width_percent",
              "height_percent", "value", "signature", "cover_box", "locale")
DEFAULT_WIDTH = 960  # `image_url`; `image_srcset` offers every one of WIDTHS
FORMAT = "webp"
FAILURE_MEMO_SECONDS = 3600  # a page that could not be drawn is answered at once (the same error) this long
log = logging.getLogger("esign.pdf")


def _stamped(request: SigningRequest, document_id: str, images: Json,
             default_locale: str | None) -> tuple[list[Json], dict[str, str]]:
    """The fields of document `document_id` as the stamping takes them (those of the signers who have
    signed, in the language of their stamps: `default_locale` is the organisation's) and
    the names of those signers by id. `images` maps a drawing's blob key to its bytes, or (for
    addresses) to its SHA-256."""
    on_it = envelope.fields_of(request, document_id, stamping.stamp_fields(request, images, default_locale))
    fields = [{k: f[k] for k in STAMP_KEYS if k in f} for f in on_it]
    names = {s["id"]: s["name"] for s in request["signers"] if s["status"] == "signed"}
    return fields, names


def _digests(request: SigningRequest) -> dict[str, str]:
    """blob key -> SHA-256 of every drawing of a signed signer: what identifies a drawing on a page."""
    return {m["blob_key"]: m["sha256"] for s in request["signers"] if s["status"] == "signed"
            for m in (s.get("signature"), s.get("initials")) if m and m.get("kind") == "drawn"}


def _hash(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


async def org_locale(services: Services, request: SigningRequest) -> str | None:
    """The organisation's `default_locale`: the language of the stamps of a signer without a `locale`."""
    return (await services.store.organizations.authenticated(request["org_id"]) or {}).get("default_locale")


def addresses(request: SigningRequest, document: Document, numbers: Iterable[int] | None = None, *,
              default_locale: str | None) -> dict[int, str]:
    """page number -> the content address of its image (24 hex digits) for every page of `document`
    (the document record of one of the request's documents), or for the pages `numbers` only (one
    image asked for: not a hash of every page). `default_locale`: `org_locale`."""
    fields, names = _stamped(request, document["id"], _digests(request), default_locale)
    out = {}
    for number in numbers or range(1, (document.get("page_count") or 0) + 1):
        drawn = [f for f in fields if int(f["page_number"]) == number]
        what = {"v": RENDER_VERSION, "document": document["blob_key"], "page": number}
        if drawn:
            what |= {"request": request["id"], "fields": drawn,
                     "names": {f["signer_id"]: names.get(f["signer_id"]) for f in drawn}}
        out[number] = _hash(what)[:24]
    return out


def page_path(base_path: str, order: int, number: int) -> str:
    """Where page `number` of the envelope's document `order` lies under a signer's link: `/pages/{n}`
    for the first document (as before envelopes), `/documents/{order}/pages/{n}` for the others."""
    return f"{base_path}/pages/{number}" if order == 1 else f"{base_path}/documents/{order}/pages/{number}"


# how wide the signing page shows a page image (its main column: at most 980 px, 12 px padding), for the
# browser to choose from `image_srcset` (the page's <img sizes> and its <link rel=preload imagesizes>)
IMAGE_SIZES = "(max-width: 1004px) calc(100vw - 24px), 956px"


def preload(urls: Json) -> str:
    """A `Link` header that has the browser fetch a page image (`urls`) at the width it will show, while
    it is still reading the HTML (a header: the page's HTML never repeats the link's token)."""
    return (f'<{urls["image_url"]}>; rel=preload; as=image; fetchpriority=high; imagesrcset="{urls["image_srcset"]}"; '
            f'imagesizes="{IMAGE_SIZES}"')


def urls(base_path: str, order: int, number: int, address: str) -> Json:
    """`image_url` (DEFAULT_WIDTH) and `image_srcset` (every width) of page `number` of the envelope's
    document `order` at its address."""
    def url(width: int) -> str:
        return f"{page_path(base_path, order, number)}/{address}-{width}.{FORMAT}"
    return {"image_url": url(DEFAULT_WIDTH), "image_srcset": ", ".join(f"{url(w)} {w}w" for w in WIDTHS)}


async def _document(services: Services, request: SigningRequest, order: int, number: int) -> Document:
    """The document record of the envelope's document `order` (404 for no such document or page)."""
    docs = envelope.of(request)
    if not 1 <= order <= len(docs):
        raise ApiError(404, "not_found", f"document {order} does not exist")
    document = await services.store.documents.settled(request["org_id"], docs[order - 1]["id"])
    if document is None:
        raise not_found("document")
    if not 1 <= number <= (document.get("page_count") or 0):
        raise ApiError(404, "not_found", f"page {number} does not exist")
    return document


async def current_address(services: Services, request: SigningRequest, number: int, order: int = 1) -> str:
    """The content address of page `number` of document `order` now (404 for a page that does not exist)."""
    document = await _document(services, request, order, number)
    return addresses(request, document, [number], default_locale=await org_locale(services, request))[number]


async def image(services: Services, request: SigningRequest, number: int, width: int | None = None, fmt: str = "png",
                order: int = 1) -> bytes:
    """Page `number` of the envelope's document `order` as it stands, drawn by a drawing child
    (bounded in time and memory; a failure remembered) `width` pixels wide (one of WIDTHS; None: esign.pdf.render.SCALE) as
    `fmt`, cached in blob storage. Concurrent requests for one image wait for and share one drawing."""
    document = await _document(services, request, order, number)
    default_locale = await org_locale(services, request)
    fields, _ = _stamped(request, document["id"], _digests(request), default_locale)
    if not any(int(f["page_number"]) == number for f in fields):  # the original page, shared by every request
        key = _original_key(document, number, width, fmt)
        return await services.page_renderer.shared(
            key, lambda: _cached_or_drawn(services, request, document["blob_key"], number, key, width, fmt))
    address = addresses(request, document, [number], default_locale=default_locale)[number]
    key = _own_key(request, number, address, width, fmt)

    async def draw() -> bytes:
        try:
            return await services.storage.get_bytes(key)
        except KeyError:
            pass
        source = await _stamped_pdf(services, request, document, default_locale)
        return await _cached_or_drawn(services, request, source, number, key, width, fmt)

    return await services.page_renderer.shared(key, draw)


def _folder(request: SigningRequest) -> str:
    return f"orgs/{request['org_id']}/stands/{request['id']}"


def _original_key(document: Document, number: int, width: int | None, fmt: str) -> str:
    """The blob key of page `number` of the original `document` drawn `width` wide as `fmt`."""
    prefix = document["blob_key"].rsplit(".", 1)[0]
    return f"{prefix}/pages/{number}.png" if (fmt, width) == ("png", None) else \
        f"{prefix}/pages/{number}-{width or 'full'}.{fmt}"


def _own_key(request: SigningRequest, number: int, address: str, width: int | None, fmt: str) -> str:
    return f"{_folder(request)}/pages/{number}-{address}-{width or 'full'}.{fmt}"


def _stands_key(request: SigningRequest, document: Document, default_locale: str | None) -> str:
    fields, names = _stamped(request, document["id"], _digests(request), default_locale)
    state = hashlib.sha256(document["blob_key"].encode() + spec_json(request["id"], fields, names)).hexdigest()[:32]
    return f"{_folder(request)}/{RENDER_VERSION}-{state}.pdf"


def _with_memos(keys: Iterable[str]) -> list[str]:
    return [k for key in keys for k in (key, _memo(key))]


def original_keys(document: Document) -> list[str]:
    """Every blob key a page image of the original `document` may be cached under (shared by every
    request of the document; each with its failure memo): blob storage has no listing."""
    return _with_memos(_original_key(document, number, width, fmt) for number in range(1, (document.get("page_count") or 0) + 1)
                       for fmt in FORMATS for width in (None, *WIDTHS))


def request_keys(request: SigningRequest, document: Document, default_locale: str | None) -> list[str]:
    """Every blob key the request's own images and stamped PDFs of `document` may be cached under (each
    with its failure memo): those of each state the request went through, its signers having signed one
    after the other (by `signed_at`), up to its state now."""
    signed = sorted((s for s in request["signers"] if s["status"] == "signed"), key=lambda s: str(s["signed_at"]))
    keys = []
    for count in range(len(signed) + 1):
        now_signed = {s["id"] for s in signed[:count]}
        state: SigningRequest = {**request, "signers": [
            s if s["id"] in now_signed else {**s, "status": "pending"} for s in request["signers"]]}
        keys.append(_stands_key(state, document, default_locale))
        fields, _ = _stamped(state, document["id"], _digests(state), default_locale)
        drawn = sorted({int(f["page_number"]) for f in fields})
        found = addresses(state, document, drawn, default_locale=default_locale) if drawn else {}
        keys += [_own_key(state, number, address, width, fmt) for number, address in found.items()
                 for fmt in FORMATS for width in (None, *WIDTHS)]
    return _with_memos(sorted(set(keys)))


async def _stamped_pdf(services: Services, request: SigningRequest, document: Document,
                      default_locale: str | None) -> str:
    """The blob key of one of the request's documents as it stands now (the values given on it),
    made by a drawing child unless it was made before (a failure remembered as an image's is)."""
    key = _stands_key(request, document, default_locale)

    async def make() -> str:
        if await services.storage.size(key) is not None:
            return key
        await _remembered(services, key)
        try:
            images = await stamping.drawings(services, request)
        except stamping.DrawingUnusable as exc:
            raise invalid_state(f"the document as it stands cannot be shown: {exc}") from None
        drawn, drawn_names = _stamped(request, document["id"], images, default_locale)
        with tempfile.TemporaryDirectory(prefix="esign-stands-") as folder:
            original, spec, out = (pathlib.Path(folder, name) for name in ("original.pdf", "spec.json", "stands.pdf"))
            await download(services, document["blob_key"], original)
            await asyncio.to_thread(spec.write_bytes, spec_json(request["id"], drawn, drawn_names))
            done = await services.page_renderer.stamp(str(original), str(spec), str(out), owner=request["org_id"])
            await _outcome(services, key, done, f"the document cannot be shown: {done.get('error')}")
            await services.storage.put_file(key, str(out))
        return key

    return await services.page_renderer.shared(key, make)


async def download(services: Services, key: str, path: pathlib.Path) -> None:
    """The blob `key` written to the file `path` (for a child to read), a chunk at a time."""
    with path.open("wb") as fh:  # noqa: ASYNC230 - each write is done in a thread
        async for chunk in services.storage.stream(key):
            await asyncio.to_thread(fh.write, chunk)


async def _cached_or_drawn(services: Services, request: SigningRequest, source: str, number: int, key: str, width: int | None,
                           fmt: str) -> bytes:
    try:
        return await services.storage.get_bytes(key)
    except KeyError:
        pass
    await _remembered(services, key)
    with tempfile.TemporaryDirectory(prefix="esign-page-") as folder:  # the child reads and writes files
        pdf, out = pathlib.Path(folder, "document.pdf"), pathlib.Path(folder, f"page.{fmt}")
        await download(services, source, pdf)
        drawn = await services.page_renderer.render(str(pdf), number, str(out), width, fmt, owner=request["org_id"])
        await _outcome(services, key, drawn, f"page {number} cannot be shown: {drawn.get('error')}")
        data = await asyncio.to_thread(out.read_bytes)
    await services.storage.put_bytes(key, data)
    return data


def _memo(key: str) -> str:
    return key + ".failed"


async def _remembered(services: Services, key: str) -> None:
    """Raise again, at once, the error of a drawing of `key` that failed less than FAILURE_MEMO_SECONDS ago."""
    try:
        known = json.loads(await services.storage.get_bytes(_memo(key)))
    except KeyError:
        return
    if services.clock.now().timestamp() - known["at"] < FAILURE_MEMO_SECONDS:
        services.metrics.page_image("remembered")
        raise ApiError(400, "invalid_pdf", known["message"])


async def _outcome(services: Services, key: str, done: Json, message: str) -> None:
    """Count a drawing's answer `done`; when it failed, remember it (unless the service was stopping)
    and raise the 400 `message`."""
    if done.get("ok"):
        services.metrics.page_image("drawn")
        return
    services.metrics.page_image("too_slow" if done.get("too_slow") else "refused")
    remember = done.get("error") != STOPPING["error"]
    log.warning("%s (%s)%s", message, key, f"; answered at once for {FAILURE_MEMO_SECONDS} s" if remember else "")
    if remember:
        memo = {"message": message, "at": services.clock.now().timestamp()}
        await services.storage.put_bytes(_memo(key), json.dumps(memo).encode())
    raise ApiError(400, "invalid_pdf", message)

"""A purge deletes the page images cached for the signing page (issue 40 item 1; docs/retention.md): the
request's own images and "as it stands" PDFs of every state it went through, and the images of the
original pages, shared by every request of the document, only once no live request uses it. Real
server over HTTP; the blobs looked at in the local storage's folder."""
from __future__ import annotations

import pathlib

from esign.domain.signer import page_images
from tests.support.page_images import fetch_image
from tests.support.retention import admin_key
from tests.support.signing import ANN, BOB, make_request, sget, spost, typed, upload

TEXT = {"field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 88, "width_percent": 45,
        "height_percent": 5}
BOB_SIG = {"signer": 1, "field_type": "signature", "page_number": 2, "x_percent": 55, "y_percent": 88,
           "width_percent": 35, "height_percent": 10}
PURGE = {"action": "purge_content", "reason": "retention period over"}


def blobs(server) -> set[str]:
    root = pathlib.Path(server.services.storage.root)
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


async def seen(server, token) -> None:
    """The signer's page, every page image fetched at its default width."""
    view = (await sget(server, token)).json
    for page in view["pages"]:
        await fetch_image(server, page["image_url"])


async def test_a_purge_deletes_the_requests_page_images_and_the_shared_ones_once_unused(server):
    admin = await admin_key(server)
    doc = await upload(server)
    made = await make_request(server, [ANN, BOB], fields={"text": TEXT, "bob": BOB_SIG}, document_id=doc)
    ann = await made.token(0)
    await seen(server, ann)  # the original pages: no value given yet
    signed = await spost(server, ann, "sign", {"values": {made.fields["text"]: "ACME WIDGETS"},
                                               "signature": typed("Ann Example"), "consent": True})
    assert signed.status == 200, signed
    bob = await made.token(1)
    await seen(server, bob)  # page 1 with Ann's value
    assert (await spost(server, bob, "sign", {"signature": typed("Bob Stone"), "consent": True})).status == 200
    await server.run_jobs()
    other = await make_request(server, [ANN], fields={"text": TEXT}, document_id=doc)  # the same document, live
    await seen(server, await other.token(0))

    own = {k for k in blobs(server) if k.startswith("orgs/") and f"/stands/{made.id}/" in k}
    shared = {k for k in blobs(server) if "/pages/" in k and "/stands/" not in k}
    assert any(k.endswith(".webp") for k in own) and any(k.endswith(".pdf") for k in own), own
    assert shared, blobs(server)

    purge = await server.client.post(f"/v1/signing-requests/{made.id}/purge", PURGE, key=admin)
    assert purge.status == 202, purge
    await server.run_jobs()
    left = blobs(server)
    assert not own & left  # the request's own images and stamped PDFs are gone
    assert shared <= left  # the original's pages stay: another live request shows them

    assert (await server.client.post(f"/v1/signing-requests/{other.id}/cancel", {})).status == 200
    purge = await server.client.post(f"/v1/signing-requests/{other.id}/purge", PURGE, key=admin)
    assert purge.status == 202, purge
    await server.run_jobs()
    left = blobs(server)
    assert not shared & left  # nothing uses the document now: its page images went with it
    assert not [k for k in left if "/pages/" in k or "/stands/" in k], left


async def test_deleting_an_unused_document_deletes_its_page_images(server):
    doc = await upload(server)
    draft = await make_request(server, [ANN], fields={"text": TEXT}, document_id=doc, send=False)
    await page_images.image(server.services, await draft.record(), 2, 960, "webp")  # as a signing page draws it
    drawn = {k for k in blobs(server) if "/pages/" in k}
    assert drawn, blobs(server)
    assert (await server.client.delete(f"/v1/signing-requests/{draft.id}")).status == 204
    assert (await server.client.delete(f"/v1/documents/{doc}")).status == 204
    await server.run_jobs()
    assert not drawn & blobs(server)

"""Faults around what keeps signing requests small: drawings in blob storage (storage refusing a
write, a drawing lost from storage before the signed PDF is made)."""
from __future__ import annotations

import pathlib

from tests.support import assert_error
from tests.support.signing import drawn, make_request, spost


async def test_drawing_storage_failure_is_502_and_nothing_is_signed(server):
    """Blob storage that cannot take the drawing: 502 upstream_unavailable, the signer stays unsigned,
    and signing again once storage works succeeds."""
    made = await make_request(server, fields={"sig": {}})
    token = await made.token(0)
    # a file where the request's drawings folder must go: every write there fails (also as root)
    folder = pathlib.Path(server.services.storage.root) / "orgs" / (await made.record())["org_id"] / "drawings"
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_bytes(b"in the way")
    assert_error(await spost(server, token, "sign", {"signature": drawn(), "consent": True}), 502,
                 "upstream_unavailable")
    record = await made.record()
    assert record["status"] == "pending" and record["signers"][0]["status"] != "signed"
    assert "signer.signed" not in await made.event_types()

    folder.unlink()
    resp = await spost(server, token, "sign", {"signature": drawn(), "consent": True})
    assert resp.status == 200 and resp.json["signer"]["status"] == "signed", resp


async def test_lost_drawing_fails_the_signed_pdf_visibly_until_restored(server):
    """A drawing deleted from blob storage before finalisation: the signed PDF is `failed` at once (no
    retries that cannot help), nothing half-made is offered; once the blob is restored, the
    stuck-finalisation sweep makes the signed PDF."""
    made = await make_request(server, fields={"sig": {}})
    assert (await spost(server, await made.token(0), "sign", {"signature": drawn(), "consent": True})).status == 200
    mark = (await made.record())["signers"][0]["signature"]
    blob = pathlib.Path(server.services.storage.root) / mark["blob_key"]
    kept = blob.read_bytes()
    blob.unlink()
    await server.run_jobs()
    got = await made.get()
    assert got["status"] == "completed" and got["signed_pdf_status"] == "failed" and not got["signed_pdf_available"]
    assert_error(await server.client.get(f"/v1/signing-requests/{made.id}/download"), 409, "invalid_state")
    stored = await made.record()
    assert "missing from blob storage" in stored["signed_pdf_error"]

    # a changed blob is refused as well (its SHA-256 no longer matches)
    blob.write_bytes(kept[:-1] + b"\0")
    server.clock.advance(minutes=11)
    await server.run_jobs()
    assert "does not match its SHA-256" in (await made.record())["signed_pdf_error"]

    blob.write_bytes(kept)
    server.clock.advance(minutes=11)
    await server.run_jobs()
    assert (await made.get())["signed_pdf_status"] == "ready"

"""Issue 14 (items 1 and 2) over real HTTP: no signing without an adopted signature; the create body's
`fields` with `auto_send`; a signer's own link after completion (within and after `[signing]
completed_link_days`, on the fake clock), its download, and the links that still stop working."""
from __future__ import annotations

import os
import re
import shutil

from esign.api.pdf_download import content_disposition
from esign.domain.requests import downloads
from tests.support import assert_error, raw_db, running_server
from tests.support.signing import ANN, BOB, Made, drawn, make_request, sget, spost, typed, upload

DAY = 24 * 3600


# --- no completion without an adopted signature --------------------------------------------------------

async def test_signing_without_an_adopted_signature_is_refused(server):
    # a signer without any field, and one with a text field only (no signature field)
    bare = await make_request(server, [ANN])
    texty = await make_request(server, [BOB], fields={"t": {"field_type": "text"}})
    for made, body in ((bare, {"consent": True}), (bare, {"signature": None, "consent": True}),
                       (texty, {"values": {}, "consent": True})):
        error = assert_error(await spost(server, await made.token(0), "sign", body), 422, "signature_required")
        assert "adopt a signature" in error["message"]
        fields = [d["field"] for d in error["details"]]
        assert "signature" in fields
        if made is texty:  # the other problems are listed too
            assert f"values.{made.fields['t']}" in fields
        assert (await made.get())["status"] == "pending"
    # a signer with a signature field: the same refusal
    signed_field = await make_request(server, [ANN], fields={"s": {"field_type": "signature"}})
    assert_error(await spost(server, await signed_field.token(0), "sign", {"consent": True}), 422, "signature_required")
    assert (await signed_field.get())["signers"][0]["status"] != "signed"

    # adopting (typed or drawn) signs; the mark is stored on the signer as a signature field's is
    assert (await spost(server, await bare.token(0), "sign", {"signature": typed(), "consent": True})).status == 200
    resp = await spost(server, await texty.token(0), "sign", {"values": {texty.fields["t"]: "x"}, "signature": drawn(),
                                                              "consent": True})
    assert resp.status == 200 and resp.json["request"]["status"] == "completed", resp
    signer = (await bare.record())["signers"][0]
    assert signer["signature"] == {"kind": "typed", "text": "Ann Example"}
    assert signer["initials"] == {"kind": "typed", "text": "AE"}
    mark = (await texty.record())["signers"][0]["signature"]
    assert mark["kind"] == "drawn" and set(mark) == {"kind", "blob_key", "sha256"}
    assert len(await server.services.storage.get_bytes(mark["blob_key"])) > 0


async def test_withdrawing_clears_the_adopted_marks(server):
    made = await make_request(server, [ANN, BOB], order="sequential")
    token = await made.token(0)
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).status == 200
    assert (await spost(server, token, "withdraw")).status == 200
    signer = (await made.record())["signers"][0]
    assert signer["signature"] is None and signer["initials"] is None


# --- the create body's fields ----------------------------------------------------------------------

async def test_create_with_fields_and_auto_send_shows_the_signer_their_fields(server):
    doc = await upload(server)
    body = {"document_id": doc, "signers": [ANN, BOB], "auto_send": True, "fields": [
        {"signer_email": "ANN@example.test", "field_type": "signature", "x_percent": 10, "y_percent": 80},
        {"signer_email": BOB["email"], "field_type": "text", "x_percent": 10, "y_percent": 20,
         "placeholder": "Company", "page_number": 2},
        {"signer_email": BOB["email"], "field_type": "date", "x_percent": 40, "y_percent": 20}]}
    resp = await server.client.post("/v1/signing-requests", body)
    assert resp.status == 201, resp
    created = resp.json
    assert created["status"] == "pending" and created["field_values"] is None
    record = await server.services.store.signing_requests.by_id(created["id"])
    ann_id, bob_id = (s["id"] for s in created["signers"])
    assert [(f["signer_id"], f["field_type"]) for f in record["fields"]] == [
        (ann_id, "signature"), (bob_id, "text"), (bob_id, "date")]
    assert all("signer_email" not in f for f in record["fields"])
    assert record["fields"][1]["page_number"] == 2 and record["fields"][0]["width_percent"] == 20.0

    made = Made(server, created, "a", {})
    view = (await sget(server, await made.token(1))).json
    assert [(f["field_type"], f["placeholder"]) for f in view["fields"]] == [("text", "Company"), ("date", None)]
    assert [f["field_type"] for f in (await sget(server, await made.token(0))).json["fields"]] == ["signature"]
    listed = await server.client.get(f"/v1/signing-requests/{created['id']}")
    assert listed.json["status"] == "pending"


async def test_create_fields_are_checked_as_the_fields_operation_checks_them(server):
    doc = await upload(server)
    base = {"document_id": doc, "signers": [ANN], "auto_send": True}
    usage = (await server.client.get("/v1/usage")).json["signing_requests"]["current"]
    cases = [
        ({"signer_email": "nobody@example.test", "x_percent": 1, "y_percent": 1}, "fields.0.signer_email", 422),
        ({"signer_email": ANN["email"], "x_percent": 90, "y_percent": 1, "width_percent": 20}, "fields.0", 422),
        ({"signer_email": ANN["email"], "x_percent": 1, "y_percent": 1, "page_number": 99}, "fields.0.page_number", 422),
        ({"signer_email": ANN["email"], "field_type": "select", "x_percent": 1, "y_percent": 1}, "fields.0.options", 422),
        ({"signer_id": "7b0f2b8e-3d1c-4f8a-9a53-3f2f1f0f9c11", "x_percent": 1, "y_percent": 1}, "fields.0.signer_id", 422),
        ({"x_percent": 1, "y_percent": 1}, "fields.0.signer_email", 422),
    ]
    for field, detail, status in cases:
        error = assert_error(await server.client.post("/v1/signing-requests", {**base, "fields": [field]}), status)
        assert detail in [d["field"] for d in error["details"]], (field, error)
    assert (await server.client.get("/v1/signing-requests")).json["total"] == 0
    assert (await server.client.get("/v1/usage")).json["signing_requests"]["current"] == usage
    # no fields, an empty list: as before
    assert (await server.client.post("/v1/signing-requests", {**base, "fields": []})).status == 201


# --- the signer's link after completion ------------------------------------------------------------

async def completed(server, **extra):
    made = await make_request(server, [ANN], **extra)
    token = await made.token(0)
    resp = await spost(server, token, "sign", {"signature": typed(), "consent": True})
    assert resp.json["request"]["status"] == "completed", resp
    return made, token


async def test_the_link_shows_completed_and_downloads_the_signed_pdf_within_the_window(server):
    made, token = await completed(server)
    # before the signed PDF is ready: "being prepared", with a refresh; the download is refused
    page = await sget(server, token, "")
    assert page.status == 200 and page.headers["Content-Type"].startswith("text/html")
    html = page.body.decode()
    assert "Completed" in html and "being prepared" in html and f'href="/sign/{token}"' in html
    assert "/download" not in html
    # it reloads itself (no script: the page's CSP allows none) until the PDF is ready
    assert html.count('<meta http-equiv="refresh" content="10">') == 1 and "refreshes by itself" in html
    assert page.headers["Cache-Control"] == "no-store" and page.headers["Referrer-Policy"] == "no-referrer"
    refused = await sget(server, token, "/download")
    assert refused.status == 409 and "being prepared" in refused.body.decode()

    await server.run_jobs()
    record = await made.record()
    assert record["signed_pdf_status"] == "ready"
    html = (await sget(server, token, "")).body.decode()
    assert f'href="/sign/{token}/download"' in html and "being prepared" not in html
    assert 'http-equiv="refresh"' not in html
    got = await sget(server, token, "/download")
    assert got.status == 200 and got.headers["Content-Type"] == "application/pdf"
    assert got.headers["Content-Disposition"] == content_disposition(downloads.file_name(record, "signed"))
    assert got.body == await server.services.storage.get_bytes(record["signed_blob_key"])
    events = await made.events()
    downloaded = [e for e in events if e["event_type"] == "signing_event.downloaded"]
    assert len(downloaded) == 1 and downloaded[0]["signer_email"] == ANN["email"]
    assert downloaded[0]["metadata"] == {"file": "signed", "via": "signer_link"}

    # the signer API and every action still answer as for any request that left pending, without
    # saying that the link stopped working (it still opens the signed document)
    assert_error(await sget(server, token), 409, "invalid_state")
    for action, body in (("sign", {"signature": typed(), "consent": True}), ("decline", {"reason": "x"}),
                         ("withdraw", None), ("consent", None)):
        error = assert_error(await spost(server, token, action, body), 409, "invalid_state")
        assert "nothing is left to sign; the link still opens the signed document" in error["message"], error

    # the last second of the window still works; then the link answers as before completion's change
    server.clock.advance(seconds=30 * DAY - 1)
    assert (await sget(server, token, "/download")).status == 200
    server.clock.advance(seconds=1)
    page = await sget(server, token, "")
    assert page.status == 409 and "This document has been signed" in page.body.decode()
    assert "this link to the signed copy no longer works" in page.body.decode()
    assert (await sget(server, token, "/download")).status == 409
    assert "the link no longer works" in assert_error(await spost(server, token, "consent"), 409)["message"]


async def test_a_failed_signed_pdf_is_said_so(server):
    made, token = await completed(server)
    await raw_db(server.services)["signing_requests"].update_one({"_id": made.id},
                                                                 {"$set": {"signed_pdf_status": "failed"}})
    html = (await sget(server, token, "")).body.decode()
    assert "could not be produced" in html and "/download" not in html and 'http-equiv="refresh"' not in html
    got = await sget(server, token, "/download")
    assert got.status == 409 and "could not be produced" in got.body.decode()
    assert "The signed PDF cannot be downloaded" in got.body.decode() and "can no longer be signed" not in got.body.decode()


def after_signing_notes(html: str) -> tuple[str, str]:
    """What the signing page says once the signer has signed (pending, completed): its data attributes."""
    return re.search(r'data-pending-note="([^"]*)"', html)[1], re.search(r'data-completed-note="([^"]*)"', html)[1]


async def test_the_signing_page_promises_the_link_only_while_it_will_work(server):
    made = await make_request(server, [ANN, BOB])
    pending, done = after_signing_notes((await sget(server, await made.token(0), "")).body.decode())
    assert "this link lets you download the signed PDF" in pending and "reload this page" in done


async def test_completed_link_days_zero_stops_the_link_at_completion(tmp_path):
    async with running_server(tmp_path, overrides={"signing": {"completed_link_days": 0}}) as srv:
        # the signing page does not promise what the link will not do
        made = await make_request(srv, [ANN, BOB])
        html = (await sget(srv, await made.token(0), "")).body.decode()
        pending, done = after_signing_notes(html)
        assert pending == ("The others are being asked to sign. Once everyone has signed, you will get an email "
                           "about your copy of the signed PDF; this link then stops working.")
        assert done == "Everyone has signed: you will get an email about your copy of the signed PDF."
        assert "lets you download" not in html and "reload" not in html
        _, token = await completed(srv)
        assert (await sget(srv, token, "")).status == 409
        assert (await sget(srv, token, "/download")).status == 409


async def test_declined_cancelled_and_embedded_links_answer_as_before(server):
    declined = await make_request(server, [ANN])
    dtoken = await declined.token(0)
    assert (await spost(server, dtoken, "decline", {"reason": "no"})).status == 200
    cancelled = await make_request(server, [ANN])
    ctoken = await cancelled.token(0)
    assert (await server.client.post(f"/v1/signing-requests/{cancelled.id}/cancel")).status == 200
    for token in (dtoken, ctoken):
        page = await sget(server, token, "")
        assert page.status == 409 and "can no longer be signed" in page.body.decode()
        assert (await sget(server, token, "/download")).status == 409

    # an embedded link of a completed request: not the signer's own link
    made = await make_request(server, [ANN])
    embedded = (await made.embedded())[made.signer_ids[0]]
    assert (await spost(server, embedded, "sign", {"signature": typed(), "consent": True})).status == 200
    await server.run_jobs()
    assert (await sget(server, embedded, "")).status == 409
    assert (await sget(server, embedded, "/download")).status == 409
    assert (await sget(server, await made.token(0), "/download")).status == 200


async def test_a_signed_pdf_that_cannot_be_read_answers_502_and_then_downloads(server):
    made, token = await completed(server)
    await server.run_jobs()
    key = (await made.record())["signed_blob_key"]
    path = os.path.join(server.services.storage.root, *key.split("/"))
    shutil.move(path, path + ".aside")
    os.mkdir(path)  # a directory where the blob should be: reading fails (EISDIR)
    open(os.path.join(path, "x"), "wb").close()
    got = await sget(server, token, "/download")
    assert got.status == 502 and "Traceback" not in got.body.decode(), got
    shutil.rmtree(path)
    shutil.move(path + ".aside", path)
    assert (await sget(server, token, "/download")).status == 200

"""The public verification page (issue 40 item 5; docs/signing.md "Verification page"): a completed
request's verification id, printed on the sealed certificate with its URL and a QR code of it (decoded
back from the rendered page), `GET /v/{id}` (JSON and HTML: no names, no emails, not indexed, not
framable), "Check your copy" (`POST /v/{id}/check`), `POST /verify` (`esign verify`'s verdicts on an
uploaded PDF), a purged request's `content_purged`, identical 404s for unknown and malformed ids, and
the per-client rate limit. Real server over HTTP; the job worker run by the test."""
from __future__ import annotations

import asyncio
import hashlib
import io
import re

import pypdfium2
import pytest

from esign.domain.orgs import provisioning
from esign.pdf.seal import seal_pdf
from esign.pdf.verify import certificate_pages, check_pdf
from tests.support import assert_error, raw_db
from tests.support.pdf_tools import make_pdf
from tests.support.processes import esign_verify
from tests.support.qr import decode_png
from tests.support.server import running_server
from tests.support.verification import completed, upload_check

ID = re.compile(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}")
JSON = {"Accept": "application/json"}


def rendered_codes(pdf: bytes) -> list[str]:
    """The QR codes read back from the certificate pages, rendered as a scanner would see them."""
    document = pypdfium2.PdfDocument(pdf)
    found = []
    for index, _ in certificate_pages(pdf):
        image = document[index].render(scale=3).to_pil()
        png = io.BytesIO()
        image.save(png, format="PNG")
        found += decode_png(png.getvalue())
    return found


@pytest.mark.slow
async def test_the_sealed_certificate_prints_the_verification_url_and_its_qr_code(server, client, tmp_path):
    view, pdf = await completed(server, client)
    verification_id = view["verification_id"]
    assert ID.fullmatch(verification_id), verification_id
    assert verification_id.replace("-", "") not in view["id"].upper().replace("-", "")
    url = f"{server.url}/v/{verification_id}"
    assert rendered_codes(pdf) == [url]
    text = "\n".join(text for _, text in certificate_pages(pdf))
    assert verification_id in text and url in text
    # inside what the seal covers: the seal's revision holds the page, and the report names the URL
    report = await asyncio.to_thread(check_pdf, pdf)
    assert report.ok and report.verification_url == url, report.text()
    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf)
    cli = await asyncio.to_thread(esign_verify, path)
    assert f"gives its public verification page: {url}" in cli.stdout, cli.stdout + cli.stderr


@pytest.mark.slow
async def test_the_page_shows_no_personal_data_and_checks_copies_and_uploads(server, client, seal):
    view, pdf = await completed(server, client)
    verification_id = view["verification_id"]
    page = await client.get(f"/v/{verification_id}", key=None, headers=JSON)
    assert page.status == 200, page
    shown = page.json
    record = await server.services.store.signing_requests.by_id(view["id"])
    signed_sha = hashlib.sha256(pdf).hexdigest()
    assert shown["status"] == "valid" and shown["organization"] == "Org A"
    assert shown["document_count"] == 1 and shown["page_count"] == view["documents"][0]["page_count"]
    assert shown["signing_level"] == "ses" and shown["files"] == [{"kind": "signed", "document": 1, "sha256": signed_sha}]
    assert shown["seal_fingerprint"] == record["seal_fingerprint"] and re.fullmatch("[0-9a-f]{64}", record["seal_fingerprint"])
    text = page.body.decode()
    for personal in ("Zoë", "Ångström", "Bob", "example.test", "verified-contract", "Ada", view["id"]):
        assert personal not in text, personal
    # the same answer, typed in lower case without dashes, read with O for 0
    typed = verification_id.replace("-", "").lower().replace("0", "o")
    assert (await client.get(f"/v/{typed}", key=None, headers=JSON)).json == shown

    html = await client.get(f"/v/{verification_id}?lang=de", key=None)
    assert html.status == 200 and html.headers["Content-Type"].startswith("text/html")
    assert html.headers["X-Robots-Tag"] == "noindex, nofollow" and html.headers["Referrer-Policy"] == "no-referrer"
    assert html.headers["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in html.headers["Content-Security-Policy"]
    body = html.body.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in body and 'lang="de"' in body and signed_sha in body
    assert "Dokumentprüfung" in body and "Zoë" not in body

    check = f"/v/{verification_id}/check"
    assert (await client.post(check, {"sha256": signed_sha}, key=None)).json == {"match": True}
    assert (await client.post(check, {"sha256": hashlib.sha256(pdf + b"\n").hexdigest()}, key=None)).json == {
        "match": False}
    assert_error(await client.post(check, {"sha256": "not a hash"}, key=None), 422, "validation_error")

    genuine = await upload_check(client, pdf)
    assert genuine.status == 200 and genuine.json["verdict"] == "VERIFIED", genuine.json
    assert any("gives its public verification page" in c["text"] for c in genuine.json["checks"])
    # altered: one byte of the signed content changed
    at = pdf.index(b"/Type /Catalog") if b"/Type /Catalog" in pdf else len(pdf) // 3
    altered = pdf[:at] + bytes([pdf[at] ^ 0x01]) + pdf[at + 1:]
    answer = (await upload_check(client, altered)).json
    assert answer["verdict"] == "NOT_VERIFIED" and any(c["ok"] is False for c in answer["checks"]), answer
    # forged: a look-alike sealed by another key than this deployment's (the same name, "esign seal")
    forged = await asyncio.to_thread(seal_pdf, make_pdf(2), seal)
    answer = (await upload_check(client, forged)).json
    assert answer["verdict"] == "NOT_VERIFIED", answer
    # not a PDF at all
    assert (await upload_check(client, b"hello")).json["verdict"] == "NOT_VERIFIED"
    metrics = (await client.get("/metrics", key=None)).body.decode()
    assert 'esign_public_verifications_total{outcome="upload_verified"} 1.0' in metrics
    assert 'esign_public_verifications_total{outcome="copy_match"} 1.0' in metrics


@pytest.mark.slow
async def test_a_purged_request_says_content_purged_and_names_show_only_when_opted_in(server, client):
    view, pdf = await completed(server, client)
    verification_id = view["verification_id"]
    await raw_db(server.services).organizations.update_one({"name": "Org A"}, {"$set": {"verification_names": True}})
    named = (await client.get(f"/v/{verification_id}", key=None, headers=JSON)).json
    assert named["signers"] == ["Zoë Ångström", "Bob Signer"]
    assert "@" not in str(named)
    org = await server.services.store.organizations.by_name("Org A")
    admin, _ = await provisioning.create_key(server.services, org, ["read", "write", "admin"])
    purge = {"action": "purge_all", "reason": "retention period over"}
    assert (await client.post(f"/v1/signing-requests/{view['id']}/purge", purge, key=admin)).status == 202
    await server.run_jobs()
    shown = (await client.get(f"/v/{verification_id}", key=None, headers=JSON)).json
    assert shown["status"] == "content_purged" and shown["signers"] == []
    assert shown["files"] == [{"kind": "signed", "document": 1, "sha256": hashlib.sha256(pdf).hexdigest()}]
    html = (await client.get(f"/v/{verification_id}", key=None)).body.decode()
    assert 'data-status="content_purged"' in html
    assert (await client.post(f"/v/{verification_id}/check", {"sha256": hashlib.sha256(pdf).hexdigest()},
                              key=None)).json == {"match": True}


async def test_unknown_and_malformed_ids_answer_the_same_404(server, client):
    answers = []
    for text in ("K7QF-3M2P-X9TR-4WZ8", "not-an-id", "x" * 300, "K7QF3M2PX9TR4WZ8U"):
        for headers in (JSON, {}):
            resp = await client.get(f"/v/{text}", key=None, headers=headers)
            assert resp.status == 404 and resp.headers["X-Robots-Tag"] == "noindex, nofollow"
            body = resp.body.decode().replace(resp.headers["X-Request-ID"], "<id>")
            answers.append((bool(headers), resp.headers["Content-Type"], body))
        assert_error(await client.post(f"/v/{text}/check", {"sha256": "0" * 64}, key=None), 404, "not_found")
    assert len(set(a for a in answers if a[0])) == 1 and len(set(a for a in answers if not a[0])) == 1
    assert 'id="not-found"' in answers[1][2]


async def test_lookups_checks_and_uploads_are_rate_limited_per_client(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"verification_per_client_minute": 3}}) as srv:
        client = srv.client
        for _ in range(2):
            assert (await client.get("/v/K7QF-3M2P-X9TR-4WZ8", key=None, headers=JSON)).status == 404
        assert (await upload_check(client, b"%PDF-1.4")).status == 200
        refused = await client.get("/v/K7QF-3M2P-X9TR-4WZ8", key=None, headers=JSON)
        assert_error(refused, 429, "rate_limited")
        assert int(refused.headers["Retry-After"]) >= 1
        assert_error(await upload_check(client, b"%PDF-1.4"), 429, "rate_limited")
        assert (await client.get("/v/K7QF-3M2P-X9TR-4WZ8", key=None)).status == 429
        srv.clock.advance(seconds=61)
        assert (await client.get("/v/K7QF-3M2P-X9TR-4WZ8", key=None, headers=JSON)).status == 404

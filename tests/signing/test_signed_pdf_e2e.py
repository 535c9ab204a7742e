"""From upload to a downloaded signed PDF that poppler's pdfsig verifies."""
import subprocess
import urllib.parse

import pytest

from esign.domain.orgs import keys
from esign.domain.requests import lifecycle
from esign.pdf.finalize import fingerprint
from tests.support import assert_error
from tests.support.signing import SIGNERS, complete_request


@pytest.mark.parametrize("level", ["ses", "aes"])
async def test_download_verifies(server, client, document_id, tmp_path, level):
    request = await complete_request(server, client, document_id, signing_level=level)
    assert_error(await client.get(f"/v1/signing-requests/{request['id']}/download"), 409, "invalid_state")
    await server.run_jobs()
    got = (await client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["status"] == "completed" and got["signed_pdf_status"] == "ready" and got["signed_pdf_available"]
    assert got["pades_signed_at"] is not None
    link = await client.get(f"/v1/signing-requests/{request['id']}/download")
    assert link.status == 200 and link.json["document_name"] == "contract-signed.pdf"
    url = link.json["download_url"]
    pdf = await client.get(url[len(server.url):], key=None)
    assert pdf.status == 200 and pdf.body.startswith(b"%PDF") and pdf.headers["Content-Type"] == "application/pdf"
    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf.body)
    out = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout
    assert out.count("Signature is Valid") == (1 if level == "ses" else 3), out
    assert "Total document signed" in out
    # tampered or expired links are refused
    parts = urllib.parse.urlsplit(url)
    query = dict(urllib.parse.parse_qsl(parts.query))
    bad_sig = f"{parts.path}?expires={query['expires']}&sig={'0' * 64}"
    assert_error(await client.get(bad_sig, key=None), 403)
    later = f"{parts.path}?expires={int(query['expires']) + 1}&sig={query['sig']}"
    assert_error(await client.get(later, key=None), 403)
    events = [e["event_type"] for e in (await client.get(f"/v1/signing-requests/{request['id']}/events")).json]
    assert "signing_event.downloaded" in events


async def test_separate_certificate(server, client, document_id, tmp_path):
    request = await complete_request(server, client, document_id, separate_stamp_page=True)
    await server.run_jobs()
    got = (await client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["stamp_pdf_available"] is True
    link = await client.get(f"/v1/signing-requests/{request['id']}/download?file=certificate")
    assert link.status == 200
    pdf = await client.get(link.json["download_url"][len(server.url):], key=None)
    path = tmp_path / "certificate.pdf"
    path.write_bytes(pdf.body)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    assert "zoe@example.test" in text and request["id"] in text.replace("\n", "")


async def test_signatures_page_and_readable_certificate(server, client, document_id, tmp_path):
    """Bob has no signature field: the signature he adopted is stamped on a Signatures page. The
    certificate names the sender, reads the trail oldest first in words, and prints the seal's
    fingerprint; pdfsig verifies the file."""
    r = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": SIGNERS})).json
    zoe, bob = r["signers"]
    fields = [{"signer_id": zoe["id"], "x_percent": 10, "y_percent": 80, "width_percent": 30, "height_percent": 6},
              {"signer_id": bob["id"], "field_type": "text", "x_percent": 10, "y_percent": 10, "value": "ACME-42"}]
    assert (await client.post(f"/v1/signing-requests/{r['id']}/fields", {"fields": fields})).status == 201
    assert (await client.post(f"/v1/signing-requests/{r['id']}/send")).status == 200
    await server.run_jobs()  # the invitations go out
    request = await server.services.store.signing_requests.by_id(r["id"])
    for signer in request["signers"]:
        request = await lifecycle.sign(server.services, request, signer["id"], {},
                                       {"kind": "typed", "text": signer["name"]}, {"ip_address": "127.0.0.5"})
    await server.run_jobs()
    link = (await client.get(f"/v1/signing-requests/{request['id']}/download")).json["download_url"]
    path = tmp_path / "signed.pdf"
    path.write_bytes((await client.get(link[len(server.url):], key=None)).body)
    assert subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout.count("Signature is Valid") == 1
    pages = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout.split("\f")
    document_pages = request["document_pages"]
    signatures = " ".join(pages[document_pages].split())
    assert signatures.startswith("Signatures") and "Signed by Bob Signer" in signatures
    assert "Signed by Zoë Ångström" not in signatures  # hers is on her field
    certificate = " ".join(" ".join(pages[document_pages + 1:]).split())
    seal = await keys.seal_material(server.services)
    for expected in ["Certificate of completion", f"Sender {request['owner_name']}",
                     f"Seal certificate SHA-256 {fingerprint(seal)}", "followed by a signatures page"]:
        assert expected in certificate, expected
    trail = certificate.split("Audit trail", 1)[1]
    order = [trail.find(label) for label in ("Request created", "Request sent for signing",
                                             "Invitation email sent to zoe@example.test", "Document signed")]
    assert -1 not in order and order == sorted(order), order
    assert "signing_event." not in certificate and "esign (the service)" in trail


async def test_a_signed_download_sent_again_is_signed_again(server, client, document_id, tmp_path):
    """An organisation sends an esign-signed PDF out again (a counter-signature, an amendment): its
    earlier signatures cannot stay valid under the new stamps, are removed from the new signed file
    (esign.pdf.earlier), and every signature of that file verifies. It failed before: the upload's
    filled esign-signer-1 field made pyHanko refuse, until the job gave up."""
    first = await complete_request(server, client, document_id, signing_level="aes")
    await server.run_jobs()
    url = (await client.get(f"/v1/signing-requests/{first['id']}/download")).json["download_url"]
    signed = (await client.get(url[len(server.url):], key=None)).body
    again = await client.upload(signed, "contract-signed.pdf")
    assert again.status == 201, again
    second = await complete_request(server, client, again.json["id"], signing_level="aes")
    await server.run_jobs()
    got = (await client.get(f"/v1/signing-requests/{second['id']}")).json
    assert got["signed_pdf_status"] == "ready", got
    url = (await client.get(f"/v1/signing-requests/{second['id']}/download")).json["download_url"]
    path = tmp_path / "signed-again.pdf"
    path.write_bytes((await client.get(url[len(server.url):], key=None)).body)
    out = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout
    assert out.count("Signature is Valid") == 3 and out.count("Signature Field Name") == 3, out
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
    assert "carried 3 digital signatures" in " ".join(text.split())

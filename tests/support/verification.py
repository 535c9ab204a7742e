"""The verification page's tests (tests/verification): a completed request with its signed PDF, and a
PDF sent to `POST /verify` as the page's form sends it."""
from __future__ import annotations

from tests.support.documents import SAMPLE_PDF
from tests.support.signing import complete_request

BOUNDARY = "verifyTestBoundary7MA4YWxkTrZu0gW"


async def completed(server, client) -> tuple[dict, bytes]:
    """(the API's view of a request that was just completed and finalised, its signed PDF)."""
    document_id = (await client.upload(SAMPLE_PDF.read_bytes(), "verified-contract.pdf")).json["id"]
    request = await complete_request(server, client, document_id)
    await server.run_jobs()
    view = (await client.get(f"/v1/signing-requests/{request['id']}")).json
    link = (await client.get(f"/v1/signing-requests/{request['id']}/download")).json["download_url"]
    return view, (await client.get(link[len(server.url):], key=None)).body


async def upload_check(client, pdf: bytes):
    """`POST /verify` with `pdf` as the part `file`, no API key."""
    body = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"copy.pdf\"\r\n"
            f"Content-Type: application/pdf\r\n\r\n").encode() + pdf + f"\r\n--{BOUNDARY}--\r\n".encode()
    return await client.request("POST", "/verify", body=body, key=None,
                                headers={"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})

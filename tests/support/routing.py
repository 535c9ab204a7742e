"""Helpers of the routing tests: signing a request through its links over HTTP, the signed PDF of a
completed request and what pdfsig, pyHanko and pdftotext make of it."""
from __future__ import annotations

import io
import subprocess

from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import async_validate_pdf_signature

from tests.support.signing import spost, typed


async def sign_with(srv, token, name="Signer", values=None):
    resp = await spost(srv, token, "sign", {"signature": typed(name), "consent": True, "values": values or {}})
    assert resp.status == 200, resp
    return resp.json


async def signed_pdf(srv, request_id: str, tmp_path, key="a") -> tuple:
    """(path, bytes) of the finished signed PDF, after the jobs ran; pdfsig and pyHanko verify it."""
    await srv.run_jobs()
    got = await srv.client.get(f"/v1/signing-requests/{request_id}", key=key)
    assert got.json["signed_pdf_status"] == "ready", got
    link = (await srv.client.get(f"/v1/signing-requests/{request_id}/download", key=key)).json["download_url"]
    body = (await srv.client.get(link[len(srv.url):], key=None)).body
    path = tmp_path / f"{request_id}.pdf"
    path.write_bytes(body)
    out = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout
    assert "Signature is Valid" in out and "Signature is Invalid" not in out, out
    reader = PdfFileReader(io.BytesIO(body))
    for sig in reader.embedded_signatures:
        status = await async_validate_pdf_signature(sig)
        assert status.intact and status.valid, status.pretty_print_details()
    return path, body, out


def text_of(path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout.split())


BOUNDARY = "esignAttachmentBoundary0123456789"


async def attach(srv, token, field_id, data: bytes, filename="file.bin", part="file"):
    body = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{part}\"; filename=\"{filename}\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{BOUNDARY}--\r\n".encode()
    return await srv.client.request("POST", f"/sign/{token}/api/attachments/{field_id}", body=body, key=None,
                                    headers={"Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})

"""An envelope's signed output as an API client gets it, and the checks every signed PDF must pass."""
from __future__ import annotations

import asyncio
import io
import re

from cryptography import x509
from pypdf import PdfReader

from esign.pdf.verify import check_pdf
from tests.support.pdf_tools import assert_verified


async def download(srv, request_id: str, query: str = "") -> tuple[dict, bytes]:
    link = await srv.client.get(f"/v1/signing-requests/{request_id}/download{query}")
    assert link.status == 200, link
    got = await srv.client.get(link.json["download_url"][len(srv.url):], key=None)
    assert got.status == 200 and got.headers["Content-Type"] == "application/pdf", got
    return link.json, got.body


async def deployment(client) -> tuple[list, x509.Certificate]:
    certs = x509.load_pem_x509_certificates((await client.get("/v1/seal-certificate", key=None)).body)
    return certs, certs[0]


def flat_text(document: bytes) -> str:
    return re.sub(r"\s+", "", "".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages))


async def assert_passes(srv, document: bytes, tmp_path, signatures: int) -> None:
    """pdfsig, pyHanko (trusting the deployment's certificates) and `esign verify`'s checks."""
    trust, seal = await deployment(srv.client)
    await asyncio.to_thread(assert_verified, document, tmp_path, trust, signatures)
    report = await asyncio.to_thread(check_pdf, document, trust, seal)
    assert report.ok and report.verified, report.text()

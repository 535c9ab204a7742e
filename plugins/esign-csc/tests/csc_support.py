"""Helpers of the csc tests: the provider for a service, a signing context, and the independent
verifiers (pyHanko's validator, poppler's pdfsig)."""
from __future__ import annotations

import io
import shutil
import subprocess

from asn1crypto import x509 as asn1_x509
from cryptography.hazmat.primitives.serialization import Encoding
from esign_csc.provider import CSCProvider
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import async_validate_pdf_signature
from pyhanko_certvalidator import ValidationContext

TOKEN = "csc-plugin-test-token"


def provider(service, **settings) -> CSCProvider:
    defaults = {key: option.default for key, option in CSCProvider.options.items()}
    return CSCProvider({**defaults, "service_url": service.url, "oauth_token": TOKEN, **settings})


def context(name="Ada Lovelace", email="ada@example.test", index=1) -> dict:
    return {"request": {"id": "req-1", "org_id": "org-1", "document_name": "contract.pdf", "signing_level": "qes",
                        "completed_at": "2030-01-01T10:00:00.000Z"},
            "signer": {"id": f"s{index}", "name": name, "email": email, "signed_at": "2030-01-01T10:00:00.000Z"},
            "index": index, "count": 1, "field_name": f"esign-signer-{index}", "reason": f"Signed by {name}",
            "timestamp_url": None}


async def statuses(pdf: bytes, *roots) -> list:
    """pyHanko's validation of every signature, trusting only `roots` (cryptography certificates)."""
    trust = [asn1_x509.Certificate.load(c.public_bytes(Encoding.DER)) for c in roots]
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    return [await async_validate_pdf_signature(sig, ValidationContext(trust_roots=trust, allow_fetching=False))
            for sig in reader.embedded_signatures]


def pdfsig(pdf: bytes, tmp_path) -> list[str]:
    tool = shutil.which("pdfsig")
    assert tool, "pdfsig (poppler-utils) is required"
    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf)
    return subprocess.run([tool, str(path)], capture_output=True, text=True, timeout=60).stdout.split("Signature #")[1:]

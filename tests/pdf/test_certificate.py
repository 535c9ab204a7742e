"""The audit certificate carries who, when, from where, how verified, and both document hashes."""
from __future__ import annotations

import io
from datetime import datetime, timezone

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4

from esign.pdf.certificate import audit_certificate

NOW = datetime(2025, 1, 31, 12, 34, 56, tzinfo=timezone.utc)


def signer(i, **extra):
    return {"id": f"s{i}", "name": f"Zoë Müller {i}", "email": f"s{i}@example.test", "sent_at": NOW,
            "viewed_at": NOW, "signed_at": NOW, "ip_address": f"203.0.113.{i}",
            "user_agent": f"Mozilla/5.0 Agent-{i}", **extra}


def read(pdf: bytes) -> tuple[PdfReader, str]:
    reader = PdfReader(io.BytesIO(pdf))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


def test_contents():
    signers = [signer(1, phone_verified=True), signer(2, identity_verified=True), signer(3),
               signer(4, identity_review_pending=True)]
    events = [{"event_type": "signer.signed", "created_at": NOW, "signer_name": "Zoë Müller 1",
               "ip_address": "203.0.113.1"}]
    request = {"id": "req_42", "document_name": "Bail — Ōsaka.pdf", "signing_level": "aes"}
    pdf = audit_certificate(request, signers, events, "a" * 64, "b" * 64)
    reader, text = read(pdf)
    page = reader.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == tuple(map(round, A4))
    for expected in ["Certificate of completion", "req_42", "Bail — Ōsaka.pdf", "a" * 64, "b" * 64,
                     "2025-01-31 12:34:56 UTC", "signer.signed", "AES"]:
        assert expected in text, expected
    for s in signers:
        for key in ("name", "email", "ip_address", "user_agent"):
            assert s[key] in text, s[key]
    blocks = text.split("Signer ")[1:]
    assert "phone OTP" in blocks[0] and "identity check" not in blocks[0]
    assert "identity check" in blocks[1] and "phone OTP" not in blocks[1]
    assert "email link" in blocks[2] and "phone OTP" not in blocks[2] and "identity check" not in blocks[2]
    assert "identity check (needs review)" in " ".join(blocks[3].split())


def test_many_signers_take_several_pages():
    signers = [signer(i) for i in range(1, 31)]
    reader, text = read(audit_certificate({"id": "req_7"}, signers, [], "a" * 64, "b" * 64))
    assert len(reader.pages) >= 3
    assert all(s["email"] in text for s in signers)


def test_missing_times_and_cjk_names():
    pdf = audit_certificate({"id": "r"}, [{"name": "山田太郎", "email": "t@example.test"}], [], "a" * 64, "b" * 64)
    _, text = read(pdf)
    assert "山田太郎" in text and "—" in text

"""A certificate of completion's inputs for the tests: a request, its signers, events and integrity."""
from __future__ import annotations

from datetime import datetime, timedelta

from esign.pdf.certificate import Integrity

NOW = datetime(2026, 11, 23, 9, 40, 10)
TRAIL = datetime(2027, 1, 2, 3, 4, 5)  # another year than the signers' times, to count trail rows
INTEGRITY = Integrity(original_sha256="a" * 64, stamped_sha256="b" * 64, seal_fingerprint="c" * 64, page_count=3,
                      signatures_page=True)
REQUEST = {"id": "req_42", "document_name": "Bail — Ōsaka.pdf", "signing_level": "aes", "owner_name": "Sam Sender",
           "owner_email": "sam@acme.test", "organization_name": "ACME Ltd", "created_at": NOW, "completed_at": NOW,
           "fields": [{"field_type": "initials", "signer_id": "s1"}]}


def signer(i, **extra):
    return {"id": f"s{i}", "name": f"Zoë Müller {i}", "email": f"s{i}@example.test", "status": "signed",
            "sent_at": NOW, "viewed_at": NOW, "signed_at": NOW, "ip_address": f"203.0.113.{i}",
            "user_agent": f"Mozilla/5.0 Agent-{i}", **extra}


def event(n, kind, **extra):
    return {"event_type": kind, "created_at": TRAIL + timedelta(seconds=n), "seq": n, "signer_name": "Zoë Müller 1",
            "signer_email": "s1@example.test", "ip_address": "203.0.113.1", **extra}

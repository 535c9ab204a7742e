"""What finalisation adds to a PDF is bounded (issue 30): at most 40 KB plus 2 % of the input for a
one-signer request, and at most 12 KB more for each further signer, on every corpus file the service
accepts (1 to 117 pages). Finalised through esign.pdf.finalize as the finalisation job calls it: the
stamps, the certificate of completion, the embedded audit trail, the signatures and the seal."""
from __future__ import annotations

import io
from datetime import datetime

import pytest
from pypdf import PdfReader

from esign.audit_chain import event_hash, trail_json
from esign.pdf.finalize import finalize
from tests.support.documents import CORPUS, REFUSED
from tests.support.pdf_tools import drawn_signature, field

NOW = datetime(2026, 11, 27, 9, 30, 0)
# a signer's share of a signing request's trail, as the signing page records it
SIGNER_EVENTS = ["signing_event.email_sent", "signer.viewed", "signing_event.consent_given", "signing_event.otp_sent",
                 "signing_event.otp_verified", "signer.signed"]
# names in three scripts: each typed signature brings its own font subset
NAMES = ["Ada Lovelace", "山田 太郎", "محمد الأحمد"]
THREE_SIGNERS = ["pdflatex-outline.pdf", "GeoTopo-komprimiert.pdf"]  # object streams (grows most); the largest


def allowed(original: bytes, signers: int) -> float:
    return 40 * 1024 + 0.02 * len(original) + 12 * 1024 * (signers - 1)


def request_of(count: int, pages: int) -> dict:
    """A completed request of `count` signers: the first draws, the others type; each has a signature,
    initials, a date and a text field, on the first and last pages; its hash-chained trail."""
    signers = [{"id": f"s{i}", "name": NAMES[i], "email": f"s{i}@example.test", "status": "signed",
                "ip_address": "203.0.113.7", "sent_at": NOW, "viewed_at": NOW, "signed_at": NOW,
                "user_agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
                "signature": drawn_signature((600, 200)) if i == 0 else {"kind": "typed", "text": NAMES[i]},
                "initials": {"kind": "typed", "text": NAMES[i][:2]}} for i in range(count)]
    fields = []
    for i, s in enumerate(signers):
        y = 10 + 20 * i
        fields += [field("signature", pages, (10, y, 35, 8), signature=s["signature"], signer=s["id"], id=f"sig{i}"),
                   field("initials", 1, (80, y, 10, 5), signature=s["initials"], signer=s["id"], id=f"ini{i}"),
                   field("date", pages, (50, y, 20, 4), value="2026-11-27", signer=s["id"], id=f"date{i}"),
                   field("text", 1, (10, y, 40, 4), value=f"{s['name']}, 12 rue de la Paix", signer=s["id"],
                         id=f"text{i}")]
    kinds = ["signing_request.created", "signing_request.sent"] + SIGNER_EVENTS * count + ["signing_request.completed"]
    events, previous = [], None
    for n, kind in enumerate(kinds, start=1):
        s = signers[(n - 3) // len(SIGNER_EVENTS) % count]
        event = {"id": f"ev{n}", "org_id": "org", "signing_request_id": "req_growth", "event_type": kind,
                 "created_at": NOW, "seq": n, "request_seq": n, "prev_request_hash": previous,
                 "signer_name": s["name"], "signer_email": s["email"], "ip_address": "203.0.113.7",
                 "user_agent": s["user_agent"], "metadata": {"template": "invitation"}}
        event["hash"] = previous = event_hash(event)
        events.append(event)
    request = {"id": "req_growth", "document_name": "contract.pdf", "owner_name": "Sam Sender",
               "owner_email": "sam@example.test", "organization_name": "ACME", "created_at": NOW,
               "completed_at": NOW}
    return {"request": request, "fields": fields, "signers": signers, "events": events[::-1],
            "audit_trail": trail_json("req_growth", events)}


def accepted() -> list[str]:
    return sorted(p.name for p in CORPUS.glob("*.pdf") if p.name not in REFUSED)


def growth(original: bytes, signers: int, level: str, seal, ca) -> int:
    pages = len(PdfReader(io.BytesIO(original)).pages)
    request = request_of(signers, pages)
    request["request"]["signing_level"] = level
    signed = finalize(original, level=level, seal=seal, ca=ca, **request)["signed_pdf"]
    assert len(PdfReader(io.BytesIO(signed)).pages) > pages  # the certificate of completion was appended
    return len(signed) - len(original)


def test_the_corpus_spans_1_to_117_pages():
    pages = [len(PdfReader(CORPUS / name).pages) for name in accepted()]
    assert len(pages) >= 20 and min(pages) == 1 and max(pages) == 117


@pytest.mark.parametrize("name", accepted())
def test_one_signer_adds_at_most_40_kb_and_2_percent(name, seal, ca):
    """The default level (`ses`: the seal) on every accepted corpus file."""
    original = (CORPUS / name).read_bytes()
    added = growth(original, 1, "ses", seal, ca)
    assert added <= allowed(original, 1), f"{name}: {added} bytes added to {len(original)}"


@pytest.mark.slow
@pytest.mark.parametrize("name", THREE_SIGNERS)
@pytest.mark.parametrize("signers", [1, 3])
def test_each_further_signer_adds_at_most_12_kb(name, signers, seal, ca):
    """`aes`, the level that adds most: one signature per signer (their certificates), then the seal."""
    original = (CORPUS / name).read_bytes()
    added = growth(original, signers, "aes", seal, ca)
    assert added <= allowed(original, signers), f"{name}, {signers} signers: {added} bytes added to {len(original)}"

"""The certificate of completion, read as people read it (pdftotext, pypdfium2): the sender, the
document, what each hash covers, the seal fingerprint, each signer's verification and adopted marks,
and the trail oldest first in words, without rows left alone on a page."""
from __future__ import annotations

import dataclasses
import io
import re

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4

from esign.pdf.certificate import WIDOW, Integrity, audit_certificate
from esign.pdf.certificate_words import LABELS, SYSTEM
from esign.pdf.stamp import reference_id
from tests.support.certificates import INTEGRITY, NOW, REQUEST, event, signer
from tests.support.pdf_tools import drawn_signature, pdftotext, readable_text, render_gray


def dark_pixels(pdf: bytes) -> int:
    pages = len(PdfReader(io.BytesIO(pdf)).pages)
    return sum(sum(render_gray(pdf, n, 1.0).histogram()[:100]) for n in range(1, pages + 1))


def test_contents_read_in_order(tmp_path):
    signers = [signer(1, phone_verified=True, signature=drawn_signature(), initials={"kind": "typed", "text": "ZM"}),
               signer(2, identity_verified=True, signature={"kind": "typed", "text": "Zoë Müller 2"}),
               signer(3), signer(4, identity_review_pending=True)]
    kinds = ["signing_request.created", "signing_request.sent", "signing_event.email_sent", "signer.viewed",
             "signing_event.consent_given", "signing_event.otp_sent", "signing_event.otp_verified", "signer.signed",
             "signing_request.completed"]
    events = [event(n, kind, metadata={"template": "invitation"}, hash=f"{n:064x}") for n, kind in enumerate(kinds)]
    integrity = dataclasses.replace(INTEGRITY, chain_head=f"{8:064x}")
    pdf = audit_certificate(REQUEST, signers, events[::-1], integrity)  # newest first, as the store gives them
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == tuple(map(round, A4))
    text = pdftotext(pdf, tmp_path, "-layout")
    flat = " ".join(text.split())
    for expected in ["Certificate of completion", "req_42", "Bail — Ōsaka.pdf", "3, followed by a signatures page",
                     "Sam Sender <sam@acme.test>", "ACME Ltd", "AES", "November 23, 2026",
                     f"Original document SHA-256 {'a' * 64} Of the PDF file as uploaded",
                     f"Stamped document SHA-256 {'b' * 64} Of the PDF file written with every value and signature "
                     "drawn on its pages. The signatures page is appended to it. The audit trail is attached to it "
                     "(audit-trail.json). This is the file before this certificate",
                     f"Seal certificate SHA-256 {'c' * 64} Fingerprint of the service's seal certificate",
                     f"Audit chain head {8:064x}",  # the head of the embedded trail
                     "Adopted: drawn by hand", "Adopted: typed", f"Reference {reference_id('req_42', 's1')}",
                     "Signed by Zoë Müller 1"]:
        assert expected in flat, expected
    for s in signers:
        for key in ("name", "email", "ip_address", "user_agent"):
            assert s[key] in flat, s[key]
    blocks = flat.split("Signer ")[1:]
    assert "phone code (SMS)" in blocks[0] and "identity check" not in blocks[0]
    assert "identity check" in blocks[1] and "phone code" not in blocks[1]
    assert "email link" in blocks[2] and "phone code" not in blocks[2] and "identity check" not in blocks[2]
    assert "identity check (needs review)" in blocks[3]
    # the trail: oldest first, in words, readable times, the service as the sender of emails and codes
    trail = flat.split("Audit trail", 1)[1]
    labels = ["Request created", "Request sent for signing", "Invitation email sent to s1@example.test",
              "Document viewed", "Agreed to sign electronically", "Phone verification code sent to Zoë Müller 1",
              "Phone number verified with the code", "Document signed", LABELS["signing_request.completed"]]
    positions = [trail.find(label) for label in labels]
    assert -1 not in positions and positions == sorted(positions), list(zip(labels, positions))
    times = re.findall(r"January 2, 2027, 3:04:(\d\d)\W*AM UTC", trail)  # Babel's English, naming the zone
    assert times == [f"{5 + n:02d}" for n in range(len(kinds))]
    assert "signing_event" not in flat and "signer.signed" not in flat and "T03:04" not in flat
    rows = [line for line in text.splitlines() if "January 2, 2027" in line]
    assert SYSTEM in rows[2] and "Zoë Müller 1" not in rows[2].split("s1@example.test")[1]  # email_sent: the service
    assert "Sam Sender (sender)" in rows[0] and "Zoë Müller 1" in rows[3]


def test_adopted_marks_are_shown_as_images(tmp_path):
    """The drawing is an image on the page; the typed mark is in the handwriting font; both show ink."""
    signers = [signer(1, signature=drawn_signature()), signer(2, signature={"kind": "typed", "text": "Zoë"})]
    pdf = audit_certificate(REQUEST, signers, [], INTEGRITY)
    reader = PdfReader(io.BytesIO(pdf))
    assert sum(len(page.images) for page in reader.pages) == 1
    fonts = {str(f.get_object()["/BaseFont"]) for page in reader.pages
             for f in page["/Resources"].get("/Font", {}).values()}
    assert any("Kristi" in f for f in fonts), fonts
    without = audit_certificate(REQUEST, [signer(1), signer(2)], [], INTEGRITY)
    assert dark_pixels(pdf) - dark_pixels(without) > 200  # the marks are ink on the pages


def test_chain_head_only_when_there_is_an_embedded_trail(tmp_path):
    pdf = audit_certificate(REQUEST, [signer(1)], [event(0, "signer.signed")], INTEGRITY)
    assert "Audit chain head" not in pdftotext(pdf, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("signers", [1, 3])
def test_no_trail_rows_alone_on_a_page(tmp_path, signers):
    """Whatever the length of the trail, a page holding trail rows holds at least WIDOW of them
    (without the widow control, 49 events leave one row alone on the last page)."""
    for count in [4, *range(44, 54)]:
        events = [event(n, "signer.viewed") for n in range(count)]
        pdf = audit_certificate(REQUEST, [signer(i) for i in range(1, signers + 1)], events, INTEGRITY)
        per_page = [page.extract_text().count("January 2, 2027") for page in PdfReader(io.BytesIO(pdf)).pages]
        assert sum(per_page) == count
        assert all(n == 0 or n >= WIDOW for n in per_page), (count, per_page)


def test_many_signers_take_several_pages():
    signers = [signer(i) for i in range(1, 31)]
    reader = PdfReader(io.BytesIO(audit_certificate({"id": "req_7"}, signers, [], INTEGRITY)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert len(reader.pages) >= 3
    assert all(s["email"] in text for s in signers)
    for page in reader.pages:  # a signer's block is never split across pages
        page_text = page.extract_text()
        for name in re.findall(r"Signer \d+: Zoë Müller \d+", page_text):
            assert "User agent" in page_text.split(name, 1)[1], name


def test_missing_times_and_cjk_names(tmp_path):
    pdf = audit_certificate({"id": "r"}, [{"id": "s", "name": "山田太郎", "email": "t@example.test"}], [],
                            Integrity("a" * 64, "b" * 64))
    text = pdftotext(pdf, tmp_path)
    assert "山田太郎" in text and "—" in text and "Seal certificate" not in text


def test_right_to_left_hangul_and_emoji_names(tmp_path):
    """Arabic reads right to left in joined letters (pdftotext gives it back in logical order, the
    old left-to-right drawing read backwards: "هللا دبع دمحم"), Hangul and emoji are drawn."""
    names = ["محمد عبد الله", "김민준", "Zoë 🚀 Smith"]
    signers = [{"id": f"s{i}", "name": name, "email": f"s{i}@example.test", "signed_at": NOW,
                "signature": {"kind": "typed", "text": name}} for i, name in enumerate(names, start=1)]
    pdf = audit_certificate(REQUEST, signers, [], INTEGRITY)
    text = readable_text(pdf, tmp_path)
    assert "Signer 1: محمد عبد الله" in text, text
    assert text.count("محمد عبد الله") >= 3, text  # heading, "Signed by" label, typed mark
    assert "دمحم" not in text, text
    assert "Signer 2: 김민준" in text and "Signed by 김민준" in text, text
    fonts = {str(f.get_object()["/BaseFont"]) for page in PdfReader(io.BytesIO(pdf)).pages
             for f in page["/Resources"].get("/Font", {}).values()}
    assert any("NanumGothic" in f for f in fonts) and any("Symbola" in f for f in fonts), fonts

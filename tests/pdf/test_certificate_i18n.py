"""The certificate in the organisation's language and honest about what happened (issue 26): labels
and dates per locale read back with pdftotext; initials only for a signer who had an initials
field; the API key's owner as the actor of what the API triggered; the consent disclosure's version
and hash printed, its text embedded."""
from __future__ import annotations

import dataclasses
import hashlib
import io
import unicodedata

from pypdf import PdfReader

from esign.domain.evidence.disclosure import DISCLOSURE, DISCLOSURE_VERSION
from esign.pdf.certificate import audit_certificate
from esign.pdf.certificate_words import actor
from esign.pdf.finalize import DISCLOSURE_FILE, prepare
from tests.support.certificates import INTEGRITY, REQUEST, event, signer
from tests.support.pdf_tools import pdftotext

DISCLOSED = dataclasses.replace(INTEGRITY, disclosure_version=DISCLOSURE_VERSION, disclosures=(
    {"locale": "en", "file": DISCLOSURE_FILE, "sha256": hashlib.sha256(DISCLOSURE.encode()).hexdigest()},))
ENGLISH = {"en": DISCLOSURE}


def flat(pdf, tmp_path) -> str:
    return " ".join(unicodedata.normalize("NFKC", pdftotext(pdf, tmp_path)).split())


def test_german_certificate(tmp_path):
    events = [event(0, "signing_request.created"), event(1, "signer.viewed"), event(2, "signer.signed")]
    pdf = audit_certificate({**REQUEST, "organization_locale": "de"}, [signer(1, signature={"kind": "typed",
                            "text": "Zoë Müller 1"})], events, DISCLOSED)
    text = flat(pdf, tmp_path)
    for expected in ["Abschlusszertifikat", "Dokument", "Absender", "Integrität", "Unterzeichner 1: Zoë Müller 1",
                     "Prüfprotokoll (älteste zuerst, Zeiten in UTC)", "Anfrage erstellt", "Dokument angesehen",
                     "Dokument unterschrieben", "23. November 2026, 09:40:10 UTC", "2. Januar 2027, 03:04:05 UTC",
                     "Sam Sender (Absender)", "Festgelegt: getippt", "Einwilligungserklärung",
                     f"Version {DISCLOSURE_VERSION}. Ihr Text ist in jeder Sprache angehängt",
                     "Englisch: consent-disclosure.txt",
                     "3, gefolgt von einer Unterschriftenseite"]:
        assert expected in text, expected
    for english in ["Certificate of completion", "Audit trail", "Document viewed", "November 23"]:
        assert english not in text, english


def test_japanese_certificate(tmp_path):
    events = [event(0, "signing_request.created"), event(1, "signer.signed")]
    pdf = audit_certificate({**REQUEST, "organization_locale": "ja-JP"}, [signer(1, name="山田 花子")], events,
                            DISCLOSED)
    text = flat(pdf, tmp_path).replace(" ", "")
    for expected in ["完了証明書", "署名者1:山田花子", "監査証跡", "リクエストを作成", "文書に署名", "2026年11月23日9:40:10UTC",
                     "送信者"]:
        assert expected in text, expected
    assert "Certificate" not in text


def test_no_locale_is_english(tmp_path):
    pdf = audit_certificate({**REQUEST, "organization_locale": None}, [signer(1)], [], DISCLOSED)
    assert "Certificate of completion" in flat(pdf, tmp_path)


def test_initials_only_for_a_signer_who_had_an_initials_field(tmp_path):
    marks = {"signature": {"kind": "typed", "text": "Zoë Müller 1"}, "initials": {"kind": "typed", "text": "ZM"}}
    without = audit_certificate({**REQUEST, "fields": [{"field_type": "signature", "signer_id": "s1"}]},
                                [signer(1, **marks)], [], INTEGRITY)
    assert "Initials" not in flat(without, tmp_path)
    with_field = audit_certificate({**REQUEST, "fields": [{"field_type": "initials", "signer_id": "s1"}]},
                                   [signer(1, **marks)], [], INTEGRITY)
    assert "Initials" in flat(with_field, tmp_path)
    other = audit_certificate({**REQUEST, "fields": [{"field_type": "initials", "signer_id": "s2"}]},
                              [signer(1, **marks)], [], INTEGRITY)
    assert "Initials" not in flat(other, tmp_path)


def test_actor_of_what_the_api_triggered_is_the_api_key_owner():
    by = {"api_key_id": "key_1", "name": "Kim Keyholder"}
    reminded = {"event_type": "signing_request.reminded", "metadata": {"automatic": False, "by": by}}
    assert actor(REQUEST, reminded) == "Kim Keyholder (sender, API key key_1)"
    assert actor(REQUEST, {"event_type": "signing_request.reminded", "metadata": {"automatic": True}}) \
        == "esign (the service)"


def test_disclosure_version_hash_and_text_embedded(tmp_path, sample_pdf, seal):
    prepared = prepare(sample_pdf, request={**REQUEST, "disclosure": {"version": DISCLOSURE_VERSION,
                                                                       "texts": ENGLISH}},
                       fields=[], signers=[signer(1)], events=[], seal=seal)
    reader = PdfReader(io.BytesIO(prepared["document"]))
    assert reader.attachments[DISCLOSURE_FILE] == [DISCLOSURE.encode()]
    text = flat(prepared["document"], tmp_path)
    assert "Consent disclosure" in text and f"Version {DISCLOSURE_VERSION}" in text
    assert hashlib.sha256(DISCLOSURE.encode()).hexdigest() in text.replace(" ", "")


def test_signed_pdf_with_arabic_hebrew_japanese_and_russian_names(tmp_path, seal, ca):
    """An AES request of an Arabic-speaking organisation whose signers write their names in four
    scripts: pdfsig and pyHanko accept every signature and the seal; the certificate is in Arabic,
    the names shaped and in order (read back folded to letters, as test_certificate does)."""
    from esign.pdf.finalize import finalize
    from tests.support.pdf_tools import assert_verified, make_pdf, readable_text

    names = ["ليلى حداد", "דנה לוי", "山田 花子", "Анна Иванова"]
    signers = [signer(i, name=name, signature={"kind": "typed", "text": name}) for i, name in enumerate(names, 1)]
    request = {**REQUEST, "signing_level": "aes", "organization_locale": "ar",
               "disclosure": {"version": DISCLOSURE_VERSION, "texts": ENGLISH}}
    result = finalize(make_pdf(2, text=True), request=request, fields=[], signers=signers, events=[], level="aes",
                      seal=seal, ca=ca)
    assert_verified(result["signed_pdf"], tmp_path, [ca.certificate, seal.certificate], len(names) + 1)
    text = readable_text(result["signed_pdf"], tmp_path)
    assert "Certificate of completion" not in text
    for name in ["山田 花子", "Анна Иванова"]:
        assert name in text, name
    # right-to-left text is drawn in visual order: read back it comes reversed or logical, never scrambled
    for name in ["ليلى حداد", "דנה לוי", "شهادة الإتمام"]:
        assert name in text or name[::-1] in text or " ".join(w[::-1] for w in name.split()[::-1]) in text, name

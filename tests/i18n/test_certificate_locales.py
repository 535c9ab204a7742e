"""The certificate of completion says every sentence in the organisation's language (issue 26, items 1
and 5): the integrity paragraphs, the envelope's documents, the disclosure's languages, read back with
pdftotext in German, Japanese and Arabic with no English sentence left; the consent disclosure is
attached in each signer's language with its SHA-256 printed; `esign verify` reads certificates in
every language."""
from __future__ import annotations

import dataclasses
import hashlib
import io
import re
import unicodedata

import pytest
from pypdf import PdfReader

from esign import i18n
from esign.domain.evidence.disclosure import DISCLOSURE, DISCLOSURE_VERSION
from esign.domain.requests import links
from esign.pdf.certificate import audit_certificate
from esign.pdf.finalize import DISCLOSURE_FILE, finalize
from esign.pdf.verify import check_pdf
from tests.support.certificates import INTEGRITY, REQUEST, event, signer
from tests.support.documents import ONE_PAGE_PDF, SAMPLE_PDF
from tests.support.pdf_tools import make_pdf, pdftotext
from tests.support.placement import SIGNERS
from tests.support.signing import spost

GERMAN = i18n.translations("de").gettext(DISCLOSURE)
DOCUMENTS = ({"name": "offer.pdf", "page_count": 1, "signatures_page": True, "original_sha256": "1" * 64,
              "stamped_sha256": "2" * 64},
             {"name": "sale.pdf", "page_count": 3, "original_sha256": "3" * 64, "stamped_sha256": "4" * 64})
# every paragraph on: content removed at upload, earlier signatures, the trail, two disclosure languages
EVERYTHING = dataclasses.replace(
    INTEGRITY, chain_head="d" * 64, earlier_signatures=2, active_content_removed=("javascript", "embedded_files"),
    disclosure_version=DISCLOSURE_VERSION, documents=DOCUMENTS, disclosures=(
        {"locale": "en", "file": DISCLOSURE_FILE, "sha256": "e" * 64},
        {"locale": "de", "file": "consent-disclosure.de.txt", "sha256": hashlib.sha256(GERMAN.encode()).hexdigest()}))
COMBINED = dataclasses.replace(EVERYTHING, original_sha256=None)  # the combined PDF of the envelope
ENGLISH = ["Of the PDF file", "Of this PDF file", "Removed from the document", "It could run code",
           "digital signature", "still carries", "Fingerprint of the service", "Hash of the request",
           "Documents of this envelope", "documents:", "Original document", "Stamped document", "Combined document",
           "followed by a signatures page", "pages", "Active content", "Earlier signatures", "Audit chain head",
           "The audit trail is attached", "The signatures page is appended", "This is the file before",
           "Its text is attached", "German", "English", "embedded files", "Seal certificate"]
# English words that no name, file or hash on these certificates holds: any is an English sentence left
ENGLISH_WORDS = re.compile(r"\b(the|of|and|with|this|before|its|every|which|from|carried|removed)\b", re.I)


def read(pdf: bytes, tmp_path) -> str:
    """The certificate's text, letters folded (Arabic presentation forms), whitespace collapsed."""
    return " ".join(unicodedata.normalize("NFKC", pdftotext(pdf, tmp_path)).split())


def bare(text: str) -> str:
    """Without vowel marks (harakat, shadda), which come back placed around their letter in any order."""
    return "".join(c for c in text if unicodedata.category(c) != "Mn")


def certificates(locale: str, tmp_path) -> list[str]:
    """A document's certificate of an envelope of two documents, and the combined PDF's."""
    request = {**REQUEST, "organization_locale": locale}
    events = [event(0, "signing_request.created"), event(1, "signer.signed")]
    return [read(audit_certificate(request, [signer(1)], events, integrity), tmp_path)
            for integrity in (EVERYTHING, COMBINED)]


def assert_no_english(text: str) -> None:
    for english in ENGLISH:
        assert english not in text, english
    assert not ENGLISH_WORDS.search(text), ENGLISH_WORDS.search(text)


def test_german_certificate_has_every_paragraph_in_german(tmp_path):
    document, combined = certificates("de", tmp_path)
    for text in (document, combined):
        for german in [
            "Dokumente dieses Umschlags", "1. offer.pdf", "1 Seite, gefolgt von einer Unterschriftenseite",
            "2. sale.pdf", "3 Seiten", "SHA-256 des Originaldokuments (wie der Upload des Absenders angenommen wurde):",
            "SHA-256 des gestempelten Dokuments (vor dem Zertifikat, den Signaturen und dem Siegel):",
            "Beim Hochladen aus dem Dokument entfernt, bevor jemand es unterschrieb: JavaScript und eingebettete Dateien.",
            "Das hochgeladene Dokument trug 2 digitale Signaturen, die nicht erhalten bleiben",
            "Die eigene Kopie des Uploads beim Absender trägt sie weiterhin.",
            "Fingerabdruck des Siegelzertifikats des Dienstes (DER)", "openssl x509 -noout -fingerprint -sha256",
            "Hash des letzten Prüfereignisses der Anfrage", "Kopf der Prüfkette",
            "Das Prüfprotokoll ist ihr angehängt (audit-trail.json).",
            f"Version {DISCLOSURE_VERSION}. Ihr Text ist in jeder Sprache angehängt",
            "Englisch: consent-disclosure.txt", "Deutsch: consent-disclosure.de.txt",
            hashlib.sha256(GERMAN.encode()).hexdigest()]:
            assert german in text, german
        assert_no_english(text)
    assert "Die Unterschriftenseite ist ihr angefügt." in document and "SHA-256 des gestempelten Dokuments" in document
    assert "2 Dokumente: offer.pdf und sale.pdf" in combined and "SHA-256 des Gesamtdokuments" in combined
    assert "Bail — Ōsaka.pdf" in document  # a document's certificate names it


def test_japanese_certificate_has_every_paragraph_in_japanese(tmp_path):
    for text in certificates("ja", tmp_path):
        text = text.replace(" ", "")  # pdftotext spaces CJK runs its own way
        for japanese in ["このエンベロープの文書", "1ページ(続いて署名ページ)", "3ページ",
                         "原本のSHA-256(送信者のアップロードを受け付けた時点):",
                         "アップロード時、誰も署名する前に文書から削除されたもの:JavaScript、埋め込みファイル。",
                         "アップロードされた文書には2件の電子署名がありましたが、保持されていません。",
                         "サービスの封印証明書(DER)のフィンガープリント", "監査チェーンの先頭",
                         "監査証跡が添付されています(audit-trail.json)。", "英語:consent-disclosure.txt",
                         "ドイツ語:consent-disclosure.de.txt"]:
            assert japanese in text, japanese
        assert_no_english(text)


def test_arabic_certificate_has_every_paragraph_in_arabic(tmp_path):
    document, combined = certificates("ar", tmp_path)
    for text in (document, combined):
        text = bare(text)
        words = set(text.split())
        # right to left: runs come back in visual order, so each phrase is checked word by word
        for arabic in ["مستندات هذا المظروف", "صفحة، تليها صفحة التواقيع", "أُزيل من المستند عند رفعه، قبل أن يوقّعه أحد",
                       "حمل المستند المرفوع توقيعين رقميين", "بصمة شهادة ختم الخدمة", "رأس سلسلة التدقيق",
                       "سجل التدقيق مرفق به", "الإنجليزية", "الألمانية", "consent-disclosure.de.txt"]:
            missing = [w for w in (bare(w).strip("،.:") for w in arabic.split()) if w not in words and w not in text]
            assert not missing, (arabic, missing)
        assert_no_english(text)
    assert "مستندان" in combined  # two documents, the dual


def test_a_german_signers_pdf_attaches_the_german_disclosure_whose_hash_is_printed(tmp_path, seal):
    disclosure = {"version": DISCLOSURE_VERSION, "texts": {"en": DISCLOSURE, "de": GERMAN}}
    result = finalize(make_pdf(1, text=True), request={**REQUEST, "organization_locale": "ar", "signing_level": "ses",
                                                       "disclosure": disclosure},
                      fields=[], signers=[signer(1)], events=[], level="ses", seal=seal)
    attached = PdfReader(io.BytesIO(result["signed_pdf"])).attachments
    assert attached["consent-disclosure.de.txt"] == [GERMAN.encode()] and attached[DISCLOSURE_FILE] == [DISCLOSURE.encode()]
    text = read(result["signed_pdf"], tmp_path).replace(" ", "")
    assert hashlib.sha256(GERMAN.encode()).hexdigest() in text and hashlib.sha256(DISCLOSURE.encode()).hexdigest() in text


@pytest.mark.parametrize("locale", ["de", "ja", "ar"])
def test_esign_verify_reads_the_seal_fingerprint_printed_in_every_language(locale, seal):
    result = finalize(make_pdf(1, text=True), request={**REQUEST, "organization_locale": locale, "signing_level": "ses"},
                      fields=[], signers=[signer(1)], events=[], level="ses", seal=seal)
    report = check_pdf(result["signed_pdf"], [seal.certificate])
    assert (True, "the seal's certificate is the one whose fingerprint the certificate of completion prints "
                  "(page 2)") in report.findings, report.findings


async def test_an_envelope_signed_by_a_german_signer_carries_the_german_disclosure(server, tmp_path):
    """Through the API: Ann reads German (`locale`), Sam English (no locale, an organisation without
    one); each document of the envelope and the combined PDF attach both texts, each hash printed."""
    client = server.client
    ids = []
    for name, data in (("offer.pdf", SAMPLE_PDF.read_bytes()), ("benefits.pdf", ONE_PAGE_PDF.read_bytes())):
        resp = await client.upload(data, name)
        assert resp.status == 201, resp
        ids.append(resp.json["id"])
    signers = [{**SIGNERS[0], "locale": "de-DE"}, SIGNERS[1]]
    resp = await client.post("/v1/signing-requests", {"document_ids": ids, "signers": signers, "auto_send": True})
    assert resp.status == 201, resp
    stored = await server.services.store.signing_requests.by_id(resp.json["id"])
    for s in stored["signers"]:
        token = links.signing_url(server.services, stored, s).rsplit("/", 1)[1]
        signed = await spost(server, token, "sign", {"signature": {"kind": "typed", "text": s["name"]}, "consent": True})
        assert signed.status == 200, signed
    await server.run_jobs()
    request = await server.services.store.signing_requests.by_id(stored["id"])
    assert request["signed_pdf_status"] == "ready", request.get("signed_pdf_error")
    blobs = [d["signed_blob_key"] for d in request["signed_documents"]] + [request["combined_blob_key"]]
    assert len(blobs) == 3
    for key in blobs:
        pdf = await server.services.storage.get_bytes(key)
        attached = PdfReader(io.BytesIO(pdf)).attachments
        assert attached["consent-disclosure.de.txt"] == [GERMAN.encode()], sorted(attached)
        assert attached[DISCLOSURE_FILE] == [DISCLOSURE.encode()]
        assert not [name for name in attached if name.startswith("consent-disclosure.") and name.count(".") > 2
                    and ".de." not in name]  # no language nobody read
        text = read(pdf, tmp_path)
        assert "German: consent-disclosure.de.txt" in text and "English: consent-disclosure.txt" in text
        assert hashlib.sha256(GERMAN.encode()).hexdigest() in text.replace(" ", "")


def test_an_arabic_paragraph_that_wraps_reads_from_its_first_line(tmp_path):
    """Broken into lines in logical order: the first sentence of the combined PDF's hash paragraph is on
    the line above its last (reportlab breaking the reordered paragraph put it on the last line)."""
    _, combined = certificates("ar", tmp_path)
    text = bare(combined)
    first, last = "كما كتب مع كل مستند مختوم في المظروف", "هذا هو الملف قبل إضافة هذه الشهادة"
    assert first in text and last in text
    assert text.index(first) < text.index(last)


def _lines(pdf: bytes, tmp_path) -> list[list[tuple[float, float, str]]]:
    """The words of the certificate's first two pages, (x min, x max, text), line by line: the words
    of a page whose tops lie within 2 pt of each other (a label and its value: 0.4 pt apart)."""
    out = []
    for page in pdftotext(pdf, tmp_path, "-bbox", "-f", "1", "-l", "2").split("<page ")[1:]:
        lines: list[tuple[float, list]] = []
        for x0, y0, x1, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<', page):
            line = next((words for top, words in lines if abs(top - float(y0)) <= 2), None)
            if line is None:
                lines.append((float(y0), line := []))
            line.append((float(x0), float(x1), word))
        out += [words for _, words in lines]
    return out


@pytest.mark.parametrize("locale", ["ar", "de"])
def test_a_right_to_left_certificate_has_its_tables_columns_from_the_right(locale, tmp_path):
    """In Arabic a row's label is on the right of its value, and the audit trail's first column (the time)
    on the right of its last (the IP address), as a page laid out right to left has them; in German
    the other way round."""
    request = {**REQUEST, "organization_locale": locale}
    pdf = audit_certificate(request, [signer(1)], [event(0, "signing_request.created")], EVERYTHING)
    rows = [(line, value) for line in _lines(pdf, tmp_path) for value in line if value[2] in ("req_42", "203.0.113.1")
            and len(line) > 1 and not any(w[2] == "·" for w in line)]  # not the footer
    assert {value[2] for _, value in rows} == {"req_42", "203.0.113.1"}, rows
    for line, value in rows:
        others = [w for w in line if w is not value]
        if locale == "ar":
            assert all(w[0] > value[1] for w in others), (value, others)
        else:
            assert all(w[1] < value[0] for w in others), (value, others)

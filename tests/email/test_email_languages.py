"""Emails in their reader's language (issue 26 item 1), through the real mail path (aiosmtpd, and the
Maildir for the header tests): a signer's `locale`, else the organisation's `default_locale`, else
English; cc recipients and the owner in the organisation's; times in the locale, naming their zone;
`<html lang dir>`, Arabic right to left; translated subjects as header-safe as English ones."""
from __future__ import annotations

import re

import pytest

from esign.domain.requests import lifecycle
from tests.support.documents import SAMPLE_PDF
from tests.support.hostile_mail import BCC, BODY, assert_no_injection, send_invitation
from tests.support.mail import assert_reads_well, link_of, mail_server, text_of
from tests.support.signing import new_request

DORA = {"name": "Dora", "email": "dora@example.test", "locale": "de-AT"}
KENJI = {"name": "Kenji", "email": "kenji@example.test", "locale": "ja"}
AMAL = {"name": "Amal", "email": "amal@example.test", "locale": "ar"}
ANN = {"name": "Ann", "email": "ann@example.test"}
FR_KEY = "esk_live_societe_fr_read_write_000000000"
FRENCH_ORG = f"""
[[organizations]]
name = "Societe"
plan = "pro"
display_name = "Société Dupont"
default_locale = "fr"
[[organizations.api_keys]]
key = "{FR_KEY}"
owner_name = "Claire Dupont"
owner_email = "claire@dupont.example.test"
"""
GERMAN_MONTHS = "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember"
FRENCH_MONTHS = "janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre"
NB = "\u00a0"
FSI, PDI = "\u2068", "\u2069"


def html_of(msg) -> str:
    return msg.get_body(("html",)).get_content()


def one_to(srv, address: str):
    [msg] = [m for m in srv.inbox.messages if address in m["To"]]
    return msg


async def test_invitations_in_german_japanese_arabic_and_english(tmp_path):
    async with mail_server(tmp_path) as srv:
        await new_request(srv, signers=[DORA, KENJI, AMAL, ANN], order="parallel")
        await srv.run_jobs()
        assert len(srv.inbox.messages) == 4

        german = one_to(srv, "dora@example.test")
        assert german["Subject"] == "Bitte unterschreiben: doc.pdf"
        text = text_of(german)
        assert text.startswith("Hallo Dora,\n")
        assert "Ada Admin bittet Sie, „doc.pdf“ zu unterschreiben." in text
        assert "Öffnen Sie das Dokument und unterschreiben Sie es hier:\n" + link_of(german) + "\n" in text
        # the date in German, naming its zone: `Er gilt bis 23. November 2026, 09:40 UTC.`
        assert re.search(rf"Er gilt bis \d{{1,2}}\. ({GERMAN_MONTHS}) \d{{4}}, \d{{2}}:\d{{2}} UTC\.", text), text
        assert "Gesendet von Org A über esign." in text and "Please" not in text and "Hello" not in text
        assert_reads_well(text)
        html = html_of(german)
        assert '<html lang="de" dir="ltr">' in html
        assert "Ada Admin bittet Sie, <strong>doc.pdf</strong> zu unterschreiben." in html
        assert ">Prüfen und unterschreiben</a>" in html

        japanese = one_to(srv, "kenji@example.test")
        assert japanese["Subject"] == "署名のお願い：doc.pdf"
        text = text_of(japanese)
        assert text.startswith("Kenji 様\n") and "Ada Adminから「doc.pdf」への署名の依頼が届いています。" in text
        assert re.search(r"有効期限は\d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2} UTCです。", text), text
        assert '<html lang="ja" dir="ltr">' in html_of(japanese)

        arabic = one_to(srv, "amal@example.test")
        assert arabic["Subject"] == "يرجى التوقيع: doc.pdf"
        text = text_of(arabic)
        # every inserted name isolated (FSI ... PDI) in a right-to-left email
        assert text.startswith(f"مرحبًا {FSI}Amal{PDI}،\n") and f"يطلب منك {FSI}Ada Admin{PDI} توقيع «{FSI}doc.pdf{PDI}»." in text
        assert re.search(f"يعمل حتى {FSI}" + r"\d{1,2} [\u0600-\u06ff]+ \d{4}، ", text), text  # an Arabic month name
        html = html_of(arabic)
        assert '<html lang="ar" dir="rtl">' in html and "text-align:right" in html
        assert ">المراجعة والتوقيع</a>" in html
        assert arabic["From"].addresses[0].display_name == "Org A عبر esign"

        english = one_to(srv, "ann@example.test")  # no locale, an organisation without default_locale
        assert english["Subject"] == "Please sign: doc.pdf"
        assert '<html lang="en" dir="ltr">' in html_of(english)
        assert "Ada Admin asks you to sign \"doc.pdf\"." in text_of(english)


async def french_request(srv, signers, **extra) -> dict:
    doc = (await srv.client.upload(open(__import__("tests.conftest", fromlist=["SAMPLE_PDF"]).SAMPLE_PDF, "rb").read(),
                                   "contrat.pdf", key=FR_KEY)).json["id"]
    resp = await srv.client.post("/v1/signing-requests", {"document_id": doc, "signers": signers,
                                                          "signing_order": "parallel", "auto_send": True, **extra},
                                 key=FR_KEY)
    assert resp.status == 201, resp
    return await srv.services.store.signing_requests.by_id(resp.json["id"])


async def test_the_organisations_locale_for_signers_without_one_cc_recipients_and_the_owner(tmp_path):
    async with mail_server(tmp_path, FRENCH_ORG) as srv:
        request = await french_request(srv, [ANN, DORA], cc_emails=[{"email": "legal@example.test", "name": "Legal"}])
        await srv.run_jobs()
        french = one_to(srv, "ann@example.test")
        assert french["Subject"] == f"À signer{NB}: contrat.pdf"
        text = text_of(french)
        assert text.startswith("Bonjour Ann,\n")
        assert f"Claire Dupont vous invite à signer «{NB}contrat.pdf{NB}»." in text
        assert re.search(rf"Il est valable jusqu’au \d{{1,2}} ({FRENCH_MONTHS}) \d{{4}}, \d{{2}}:\d{{2}} (UTC|TU)\.",
                         text), text
        assert '<html lang="fr" dir="ltr">' in html_of(french)
        assert one_to(srv, "dora@example.test")["Subject"] == "Bitte unterschreiben: contrat.pdf"  # hers wins

        srv.inbox.messages.clear()
        for s in request["signers"]:
            request = await lifecycle.sign(srv.services, request, s["id"], {}, {"kind": "typed", "text": s["name"]})
        await srv.run_jobs()
        owner = one_to(srv, "claire@dupont.example.test")
        assert owner["Subject"] == f"Terminé{NB}: contrat.pdf"
        text = text_of(owner)
        assert text.startswith("Bonjour Claire Dupont,\n") and f"«{NB}contrat.pdf{NB}» a été signé par tous{NB}:" in text
        # the signers by name only: their addresses are theirs to give
        assert re.search(rf"  - Ann: signé le \d{{1,2}} ({FRENCH_MONTHS}) \d{{4}}", text), text
        assert "ann@example.test" not in text
        assert '<html lang="fr" dir="ltr">' in html_of(owner)
        assert_reads_well(text)
        cc = one_to(srv, "legal@example.test")
        assert cc["Subject"] == f"Terminé{NB}: contrat.pdf"
        assert f"Claire Dupont vous envoie une copie{NB}:" in text_of(cc)
        assert one_to(srv, "dora@example.test")["Subject"] == "Abgeschlossen: contrat.pdf"
        assert "unterschrieben am" in text_of(one_to(srv, "dora@example.test"))


async def test_the_owner_is_told_of_a_decline_in_the_organisations_language(tmp_path):
    async with mail_server(tmp_path, FRENCH_ORG) as srv:
        request = await french_request(srv, [DORA, ANN])
        await lifecycle.decline(srv.services, request, request["signers"][0]["id"], "Der Betrag stimmt nicht")
        await srv.run_jobs()
        owner = [m for m in srv.inbox.messages if "claire@dupont.example.test" in m["To"]]
        assert [m["Subject"] for m in owner] == [f"Refusé{NB}: contrat.pdf"]
        text = text_of(owner[0])
        assert re.search(rf"Dora <dora@example.test> a refusé de signer «{NB}contrat.pdf{NB}» le \d{{1,2}} "
                         rf"({FRENCH_MONTHS})", text), text
        assert f"Motif indiqué{NB}:\nDer Betrag stimmt nicht\n" in text
        cancelled = one_to(srv, "ann@example.test")  # the other signer, in the organisation's language
        assert cancelled["Subject"] == f"Annulé{NB}: contrat.pdf"


@pytest.mark.parametrize("locale,prefix", [("de", "Bitte unterschreiben: "), ("ar", "يرجى التوقيع: ")])
@pytest.mark.parametrize("file_name", [BCC, BODY])
async def test_a_translated_subject_writes_no_header(mail, file_name, locale, prefix):  # noqa: F811
    """The document name in a translated (and, in Arabic, non-ASCII, so encoded) subject is neutralised
    as in an English one (CVE-2024-6923)."""
    srv, sent = mail
    await send_invitation(srv, file_name, signers=[{"name": "Ann", "email": "ann@example.test", "locale": locale}])
    (recipients, raw), = sent()
    msg = assert_no_injection(raw, recipients)
    assert msg["Subject"] == prefix + file_name.replace("=?", "= ?")


async def test_an_envelope_is_named_by_every_document_in_the_readers_language(tmp_path):
    """An envelope's emails and signing page name all its documents, listed as the reader's language
    lists them, not only the first."""
    async with mail_server(tmp_path) as srv:
        ids = [(await srv.client.upload(SAMPLE_PDF.read_bytes(), name)).json["id"]
               for name in ("offer.pdf", "sale.pdf", "terms.pdf")]
        resp = await srv.client.post("/v1/signing-requests", {"document_ids": ids, "signers": [DORA, ANN],
                                                              "signing_order": "parallel", "auto_send": True})
        assert resp.status == 201, resp
        await srv.run_jobs()
        german, english = one_to(srv, "dora@example.test"), one_to(srv, "ann@example.test")
        assert german["Subject"] == "Bitte unterschreiben: offer.pdf, sale.pdf und terms.pdf"
        assert "Ada Admin bittet Sie, „offer.pdf, sale.pdf und terms.pdf“ zu unterschreiben." in text_of(german)
        assert english["Subject"] == "Please sign: offer.pdf, sale.pdf, and terms.pdf"
        page = await srv.client.get("/sign/" + link_of(german).rsplit("/sign/", 1)[1], key=None)
        assert page.status == 200, page
        html = page.body.decode()
        assert "<title>Unterschreiben: offer.pdf, sale.pdf und terms.pdf</title>" in html, html[:600]
        assert '<h1 id="title">offer.pdf, sale.pdf und terms.pdf</h1>' in html

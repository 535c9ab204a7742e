"""The contract's own words in the signer's language (issue 39, item 3): the labels of the stamps
("Signed by", the reference line), the dates stamped (Babel's medium form, naming the zone), the
signatures page and every row of the certificate, each email row naming its recipient.

A signer's stamps are in their `locale`, else the organisation's `default_locale`: Ann has a locale,
Bob none (his follow the organisation's). A German, an Arabic and a Japanese request are signed over
HTTP and the signed PDF read back with pdftotext: no English label is left."""
from __future__ import annotations

import datetime as dt
import pathlib
import re

import pytest

from esign import i18n
from esign.domain.mail.notifications import SUBJECTS
from esign.pdf import certificate_words
from esign.pdf.stamp import REFERENCE, SIGNATURES_PAGE, SIGNED_AT, SIGNED_BY
from tests.support import raw_db
from tests.support.pdf_tools import make_pdf
from tests.support.routing import sign_with, signed_pdf, text_of
from tests.support.signing import make_request, sget

ENGLISH_TIME = r"[A-Z][a-z]+ \d{1,2}, \d{4}|\d (AM|PM)\b"  # `November 28, 2026, 9:40:10 AM UTC`
# every English label the stamps and the certificate may print
ENGLISH = ["Signed by", "Ref. ", "Signatures", "Signed ", "Email sent", "email sent", "Certificate of completion",
           "Audit trail", "Reference", *certificate_words.LABELS.values(), *certificate_words.EMAIL_LABELS.values()]
# what each language prints: the stamps' labels of Ann (her locale) and Bob (the organisation's)
EXPECTED = {"de": ["Unterschrieben von Ann Example", "Referenz ", "Unterschriften", "Unterschrieben am",
                   "Einladungs-E-Mail gesendet an ann@example.test"],
            "ja": ["署名者:AnnExample", "参照番号", "署名日時:", "招待メールを送信(宛先:ann@example.test)"],
            "ar": []}  # Arabic is drawn in visual order: what pdftotext makes of it is checked for English only
FIELDS = {"sig": {"field_type": "signature", "x_percent": 10, "y_percent": 10, "width_percent": 40, "height_percent": 12},
          "date": {"field_type": "date", "x_percent": 10, "y_percent": 30, "width_percent": 30, "height_percent": 4,
                   "is_required": False},
          "bob_date": {"signer": 1, "field_type": "date", "x_percent": 10, "y_percent": 40, "width_percent": 30,
                       "height_percent": 4, "is_required": False}}


@pytest.mark.parametrize("locale", ["de", "ar", "ja"])
async def test_stamps_and_certificate_carry_no_english_label(server, tmp_path, locale):
    upload = await server.client.upload(make_pdf(1), "vertrag.pdf")
    assert upload.status == 201, upload
    ann = {"name": "Ann Example", "email": "ann@example.test", "locale": locale}
    bob = {"name": "Bob Stone", "email": "bob@example.test"}
    made = await make_request(server, [ann, bob], fields=FIELDS, send=False, document_id=upload.json["id"])
    org_id = (await made.record())["org_id"]
    await raw_db(server.services)["organizations"].update_one({"_id": org_id}, {"$set": {"default_locale": locale}})
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    await server.run_jobs()  # the invitations
    for i, name in enumerate(("Ann Example", "Bob Stone")):
        await sign_with(server, await made.token(i), name)
        if i == 0:  # her link opened again: her date as it is stamped, in her language
            ann_signed = (await made.record())["signers"][0]["signed_at"]
            shown = {f["id"]: f["value"] for f in (await sget(server, await made.token(0))).json["fields"]}
            assert shown[made.fields["date"]] == i18n.date_text(ann_signed, locale)
    path, _, _ = await signed_pdf(server, made.id, tmp_path)
    text = text_of(path)
    flat = text.replace(" ", "")

    for english in ENGLISH:
        assert english not in text, (english, text)
    assert not re.search(ENGLISH_TIME, text), text
    assert not re.search(r"\b\d{4}-\d\d-\d\d\b", text), text  # no ISO date: the locale's medium form
    for expected in EXPECTED[locale]:
        assert expected.replace(" ", "") in flat, (expected, text)
    record = await made.record()
    signed_at = {s["name"]: s["signed_at"] for s in record["signers"]}
    for name in ("Ann Example", "Bob Stone"):  # each date field: the day signed, as the language writes it
        day = i18n.date_text(signed_at[name], locale)
        assert (day.replace(" ", "") in flat or locale == "ar"), (day, text)


@pytest.mark.parametrize("locale", ["de", "ar", "ja"])
def test_every_label_of_stamps_and_certificate_rows_is_translated(locale):
    """(tests/i18n/test_catalogs.py checks that every catalog has them all.)"""
    words = i18n.translations(locale)
    for message in (SIGNED_BY, REFERENCE, SIGNATURES_PAGE, SIGNED_AT, certificate_words.EMAIL_SENT,
                    *certificate_words.EMAIL_LABELS.values()):
        assert words.gettext(message) != message, (locale, message)


def test_dates_in_the_medium_form_naming_the_zone():
    day, moment = dt.date(2026, 11, 28), dt.datetime(2026, 11, 28, 23, 30)
    assert i18n.date_text(day, "de") == i18n.date_text(moment, "de") == "28.11.2026 UTC"
    assert i18n.date_text(day, "ja") == "2026/11/28 UTC"
    assert i18n.date_text(day, "en") == "Nov 28, 2026 UTC"
    assert i18n.date_text(day, "fr") == "28 nov. 2026 TU"  # the zone named in the language
    assert i18n.date_text(moment, "de", dt.timezone(dt.timedelta(hours=2))).startswith("29.11.2026")


# a retention purge's events (docs/retention.md) come after the certificate was made, on a finished request,
# and the purge deletes the certificate: no certificate lists them; nor a revocation, made of a completed
# request whose certificate is sealed already (its verification page says it: docs/signing.md)
AFTER_THE_CERTIFICATE = {"signing_request.purge_scheduled", "signing_event.purge_requested", "signing_event.purged",
                         "signing_request.revoked"}


def test_every_event_a_certificate_lists_has_its_label():
    """Every event type the service records on a request (its pollable events) reads as words."""
    recorded = set()
    for path in pathlib.Path(certificate_words.__file__).parents[1].rglob("*.py"):
        recorded |= set(re.findall(r'"((?:signing_request|signing_event|signer|identity)\.[a-z_]+)"', path.read_text()))
    recorded -= {"signing_event.email_sent",  # labelled by its template (test_each_email_row_names_its_recipient)
                 "signing_event.deleted",  # a deleted draft has no certificate
                 *AFTER_THE_CERTIFICATE,
                 "signer.js", "signing_event.email_"}  # a file name and a prefix, not events
    assert sorted(recorded - set(certificate_words.LABELS)) == []


@pytest.mark.parametrize("template", sorted(set(SUBJECTS) - {"purge_notice"}))  # after the certificate, as above
def test_each_email_row_names_its_recipient(template):
    """Every email the service sends has its own row label, and names whom it went to: the signer,
    or (the sender's, a copy's) the recipient the event records."""
    assert template in certificate_words.EMAIL_LABELS
    to_owner = {"event_type": "signing_event.email_sent",
                "metadata": {"template": template, "to": "Ada Admin <ada@example.test>"}}
    token = certificate_words.LOCALE.set("de")
    try:
        text = certificate_words.event_text(to_owner)
    finally:
        certificate_words.LOCALE.reset(token)
    assert text.endswith("Ada Admin <ada@example.test>") and "Email" not in text, text

"""A link that no longer works says why, in its signer's language (issue 39 item 6): the link's own
signer's `locale` chooses the page's language once the link is recognised (over the browser's
Accept-Language), and each situation (handed over, cancelled, declined, expired, unknown link) has
its own heading and sentence, naming people by name, never by address. The cancellation email tells
the other signers who declined by name."""
from __future__ import annotations

import html
import re

import pytest

from esign.domain.requests import lifecycle
from tests.support.mail import text_of
from tests.support.signing import make_request, sget, spost

PEOPLE = {
    "de": ({"name": "Dora Keller", "email": "dora@example.test", "locale": "de"},
           {"name": "Layla Mansour", "email": "layla.decl@example.test", "locale": "de"}),
    "ar": ({"name": "أمل حداد", "email": "amal@example.test", "locale": "ar"},
           {"name": "ليلى منصور", "email": "layla.decl@example.test", "locale": "ar"}),
}
DELEGATE = {"name": "Dan Deputy", "email": "dan@example.test", "reason": "Dan signs for our team"}
# (heading, a piece of the sentence) of each situation, as the catalogs say them
EXPECTED = {
    "de": {"cancelled": ("Diese Anfrage wurde abgebrochen", "Der Absender hat diese Anfrage abgebrochen"),
           "declined": ("Diese Anfrage wurde abgelehnt", "Layla Mansour hat die Unterschrift abgelehnt"),
           "declined_self": ("Sie haben die Unterschrift abgelehnt", "Der Absender sieht Ihre Begründung"),
           "expired": ("Diese Anfrage ist abgelaufen", "Die Frist zum Unterschreiben ist abgelaufen"),
           "delegated": ("Sie haben diese Anfrage weitergegeben", "Sie haben Ihren Platz an Dan Deputy übergeben"),
           "unknown": ("Dieser Link funktioniert nicht", "Dieser Unterschriftslink ist ungültig")},
    "ar": {"cancelled": ("أُلغي هذا الطلب", "ألغى المرسل هذا الطلب"),
           "declined": ("رُفض هذا الطلب", "رفض ليلى منصور التوقيع"),
           "declined_self": ("لقد رفضت التوقيع", "يمكن للمرسل رؤية السبب الذي ذكرته"),
           "expired": ("انتهت صلاحية هذا الطلب", "انتهت مهلة التوقيع"),
           "delegated": ("لقد أحلت هذا الطلب إلى شخص آخر", "لقد تنازلت عن مكانك لـ Dan Deputy"),
           "unknown": ("هذا الرابط لا يعمل", "رابط التوقيع هذا غير صالح")},
}
ENGLISH = ("Something went wrong", "this signing request is", "this invitation has moved", "not valid")


async def page_of(srv, token, accept_language="en"):
    """The signing page's error page, as a browser that prefers `accept_language` gets it."""
    page = await sget(srv, token, "", headers={"Accept-Language": accept_language})
    assert page.headers["Content-Type"].startswith("text/html"), page
    return page


def read(page) -> tuple[str, str, str]:
    """(lang, heading, sentence) of an error page."""
    text = page.body.decode()
    lang = re.search(r'<html lang="([^"]+)"', text)[1]
    heading = html.unescape(re.search(r"<h1>(.*?)</h1>", text, re.S)[1].strip())
    sentence = re.search(r'<p id="error-message">(.*?)</p>', text, re.S)[1].strip()
    return lang, heading, html.unescape(re.sub(r"</?bdi>", "", sentence))


def assert_situation(page, locale: str, situation: str, status: int) -> None:
    assert page.status == status, page
    lang, heading, sentence = read(page)
    expected_heading, expected_sentence = EXPECTED[locale][situation]
    assert (lang, heading) == (locale, expected_heading), (situation, heading, sentence)
    assert expected_sentence in sentence, (situation, sentence)
    body = page.body.decode()
    assert "@example.test" not in body, (situation, sentence)  # names, never addresses
    assert not [words for words in ENGLISH if words in body], (situation, body)
    if locale == "ar":
        assert 'dir="rtl"' in body


@pytest.mark.parametrize("locale", ["de", "ar"])
async def test_each_situation_has_its_own_heading_and_sentence_in_the_signers_language(server, locale):
    signer, decliner = PEOPLE[locale]
    # the sender cancelled
    cancelled = await make_request(server, [signer])
    token = await cancelled.token(0)
    assert (await server.client.post(f"/v1/signing-requests/{cancelled.id}/cancel", {"reason": "superseded"})).status == 200
    assert_situation(await page_of(server, token), locale, "cancelled", 409)

    # another signer declined (named, not addressed); and the page of the one who declined
    declined = await make_request(server, [signer, decliner])
    token, theirs = await declined.token(0), await declined.token(1)
    assert (await spost(server, theirs, "decline", {"reason": "Falscher Betrag"})).status == 200
    assert_situation(await page_of(server, token), locale, "declined", 409)
    assert_situation(await page_of(server, theirs), locale, "declined_self", 409)

    # the signer handed their place on: the delegate's name
    handed = await make_request(server, [signer], allow_delegation=True, fields={"sig": {}})
    token = await handed.token(0)
    assert (await spost(server, token, "delegate", DELEGATE)).status == 200
    page = await page_of(server, token)
    assert_situation(page, locale, "delegated", 410)
    assert "<bdi>Dan Deputy</bdi>" in page.body.decode()  # isolated from the sentence around it (item 7)

    # the time to sign ran out: first while the request is still pending, then once the sweep expired it
    expiring = await make_request(server, [signer])
    token = await expiring.token(0)
    record = await expiring.record()
    server.clock.advance(seconds=(record["expires_at"] - server.clock.now()).total_seconds() + 1)
    assert_situation(await page_of(server, token), locale, "expired", 409)
    await lifecycle.expire_due(server.services)
    assert (await expiring.record())["status"] == "expired"
    assert_situation(await page_of(server, token), locale, "expired", 409)

    # a link nobody knows: no signer to ask, so the browser's language
    assert_situation(await page_of(server, "0" * 64, accept_language=locale), locale, "unknown", 404)


async def test_the_switcher_still_wins_and_english_reads_as_english(server):
    made = await make_request(server, [PEOPLE["de"][0]])
    token = await made.token(0)
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/cancel")).status == 200
    page = await sget(server, token, "?lang=en")
    assert read(page) == ("en", "This request was cancelled", "The sender cancelled this request, so the document "
                          "can no longer be signed. You do not need to do anything.")


async def test_the_cancellation_email_names_who_declined(smtp_server):
    srv = smtp_server
    dora, layla = PEOPLE["de"]
    made = await make_request(srv, [dora, layla])
    await srv.run_jobs()
    assert (await spost(srv, await made.token(1), "decline", {"reason": "Falscher Betrag"})).status == 200
    await srv.run_jobs()
    [cancelled] = [m for m in srv.inbox.to("dora@example.test") if m["Subject"].startswith("Abgebrochen")]
    text = text_of(cancelled)
    assert "wurde abgebrochen: Layla Mansour hat die Unterschrift abgelehnt." in text, text
    assert "layla.decl@example.test" not in text
    body = cancelled.get_body(("html",)).get_content()
    assert "Layla Mansour hat die Unterschrift abgelehnt" in body and "layla.decl@example.test" not in body

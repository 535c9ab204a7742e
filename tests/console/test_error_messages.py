"""The console's error page in the page's language, over real HTTP: a refusal of the domain (whose
message is English, as `/v1` answers it) shows its code's sentence translated, the English message only
as detail; the console's own messages are translated whole, without detail."""
from __future__ import annotations

import html

from esign import i18n
from esign.api.console import BAD_SEARCH, ERROR_SENTENCES
from esign.domain.console import members as console_members
from tests.support.console import CSRF, signed_in
from tests.support.signing import ANN, make_request

UNKNOWN = "00000000-0000-4000-8000-000000000000"


def _text(resp) -> str:
    return html.unescape(resp.body.decode())


async def test_a_domain_refusal_is_its_codes_sentence_in_the_page_language_with_the_english_detail(server):
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, "ada@a.example.test", "Ada", "admin")
    made = await make_request(server, [ANN])
    cancelled = await server.client.post(f"/v1/signing-requests/{made.id}/cancel", {})
    assert cancelled.status == 200, cancelled
    ada = await signed_in(server, "ada@a.example.test")
    page = await ada.get("/console/requests")  # the session's CSRF token, as every form carries it
    csrf = CSRF.search(page.body.decode()).group(1)
    # a reminder of a cancelled request: the domain's 409 invalid_state
    refused = await ada.post(f"/console/requests/{made.id}/remind?lang=de", {"csrf": csrf})
    assert refused.status == 409, refused
    text = _text(refused)
    english = (await server.client.post(f"/v1/signing-requests/{made.id}/remind")).json["error"]["message"]
    assert i18n.translations("de").gettext(ERROR_SENTENCES["invalid_state"]) in text
    assert ERROR_SENTENCES["invalid_state"] not in text
    assert f'<span lang="en" dir="ltr">{english}</span>' in text and "Einzelheiten:" in text
    # a request no one has: not_found, in Arabic
    missing = await ada.get(f"/console/requests/{UNKNOWN}?lang=ar")
    assert missing.status == 404, missing
    text = _text(missing)
    assert i18n.translations("ar").gettext(ERROR_SENTENCES["not_found"]) in text
    assert '<span lang="en" dir="ltr">signing request not found</span>' in text
    # the console's own refusal: translated whole, no detail
    own = await ada.get("/console/requests?lang=de&q=%21%21")
    assert own.status == 400, own
    text = _text(own)
    assert i18n.translations("de").gettext(BAD_SEARCH) in text and '<span lang="en"' not in text
    ada.close()

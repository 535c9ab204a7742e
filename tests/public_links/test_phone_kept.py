"""The number a public link's visitor proved with a texted code is kept on the signer of the request made for
them (docs/public-links.md "Phone codes"), over real HTTP with the log SMS provider: it is the signer's
`phone`, verified, so a template asking for phone verification does not text a second code, and the
certificate names the number among how the signer was verified."""
from __future__ import annotations

import re

from esign.logs import ContextFilter
from tests.support.public_links import NO_KEY, link_of, slug, template_of
from tests.support.routing import sign_with, signed_pdf, text_of
from tests.support.signing import sget
from tests.support.templates import field

GB = "+447400123456"


def texted_code(server, phone):
    sent = [text for number, text in server.services.sms.sent if number == phone]
    assert sent, f"no code was texted to {phone}"
    return re.search(r"\b(\d{6})\b", sent[-1]).group(1)


async def phone_template(client, document_id):
    template = await template_of(client, document_id, [{"name": "Guest", "fields": [field()]}])
    resp = await client.patch(f"/v1/templates/{template['id']}", {"phone_verification_required": True})
    assert resp.status == 200, resp
    return template


async def test_a_proven_number_is_the_signer_s_verified_phone_and_the_certificate_says_so(server, client, document_id,
                                                                                          tmp_path, caplog):
    caplog.set_level("INFO", logger="esign.public_links")
    caplog.handler.addFilter(ContextFilter())  # as the service's own log handler: the request's context on each line
    template = await phone_template(client, document_id)
    link = await link_of(client, template, fixed_roles=[], phone_code={"allowed_countries": ["GB"]}, name="Gym waiver")
    ask = await client.post(f"/p/{slug(link)}/start", {"name": "Vera Visitor", "email": "vera@example.test",
                                                       "phone": "+44 7400 123456"}, **NO_KEY)
    assert ask.status == 202, ask
    await server.run_jobs()
    made = await client.post(f"/p/{slug(link)}/verify", {"email": "vera@example.test", "phone": GB,
                                                         "code": texted_code(server, GB)}, **NO_KEY)
    assert made.status == 201, made
    request_id, token = made.json["signing_request_id"], made.json["signing_url"].rsplit("/", 1)[1]
    got = (await client.get(f"/v1/signing-requests/{request_id}")).json
    assert got["phone_verification_required"] is True
    assert got["signers"][0]["phone"] == GB
    events = [e["event_type"] for e in (await client.get(f"/v1/signing-requests/{request_id}/events")).json]
    assert "signing_event.otp_verified" in events
    [kept] = [r for r in caplog.records if "verified phone" in r.getMessage()]
    assert request_id in kept.getMessage() and kept.request_id == made.headers["X-Request-ID"]

    view = (await sget(server, token)).json
    assert view["requirements"]["phone_verification"]["verified"] is True  # the page's phone step is not shown
    texted = len(server.services.sms.sent)
    await sign_with(server, token, "Vera Visitor")  # no second code
    assert len(server.services.sms.sent) == texted
    path, *_ = await signed_pdf(server, request_id, tmp_path)
    text = " ".join(text_of(path).split())
    assert "proved a phone number with a code sent to it by text message" in text
    assert "phone code (SMS)" in text and "Phone number verified with the code" in text


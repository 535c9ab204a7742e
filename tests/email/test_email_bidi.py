"""Mixed-direction text in emails (issue 39 items 6 to 8), through a real SMTP server (aiosmtpd): every
name, address, date and document name put into a sentence is a bidirectional isolate where directions can
mix (`<bdi>` in the HTML part, FSI ... PDI in the plain-text part), so that a line reads in the order its
language has it in a plain-text reader, which takes each line's direction from its first strong letter
(the Unicode bidirectional algorithm, python-bidi: rules P2 and P3 skip isolates); signers are named to
each other by name, never by address; an envelope's completion email speaks of its documents in the
plural."""
from __future__ import annotations

import re

from bidi import get_base_level

from esign.domain.requests import lifecycle, links
from esign.pdf.fonts import visual
from tests.support.documents import SAMPLE_PDF
from tests.support.mail import BRAND_KEY, BRANDED, assert_reads_well, link_of, mail_server, text_of
from tests.support.pdf_tools import readable_text
from tests.support.signing import new_request

FSI, PDI = "\u2068", "\u2069"
LAYLA = {"name": "ليلى منصور", "email": "layla@example.test", "order": 1}
ANN = {"name": "Ann Lee", "email": "ann@example.test", "order": 1}


async def completed(srv, signers, **extra) -> dict:
    request = await new_request(srv, signers=signers, order="parallel", **extra)
    for s in request["signers"]:
        request = await lifecycle.sign(srv.services, request, s["id"], {}, {"kind": "typed", "text": s["name"]})
    assert request["status"] == "completed"
    await srv.run_jobs()
    return request


def completion_to(srv, address: str):
    """The completion email to `address` (the one carrying the signed copy)."""
    [msg] = [m for m in srv.inbox.messages if address in m["To"] and any(m.iter_attachments())]
    return msg


def signer_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("  - ")]


def html_of(msg) -> str:
    return msg.get_body(("html",)).get_content()


async def test_an_arabic_completion_emails_signer_list_reads_right_to_left_with_names_only(tmp_path):
    async with mail_server(tmp_path) as srv:
        await completed(srv, [{**ANN, "locale": "ar"}, {**LAYLA, "locale": "ar"}])
        for address in ("ann@example.test", "layla@example.test"):
            msg = completion_to(srv, address)
            text = text_of(msg)
            lines = signer_lines(text)
            assert len(lines) == 2, text
            for line, name in zip(lines, ("Ann Lee", "ليلى منصور")):
                # the name isolated: the line is Arabic (right to left), read from its right: the name, then
                # its state ("وُقّع" and the date, itself isolated)
                assert line.startswith(f"  - {FSI}{name}{PDI}: "), line
                assert get_base_level(line) == 1, line
                drawn = visual(line).rstrip()
                assert drawn.endswith(f"{visual(name)} -"), drawn
                state = line.split(": ", 1)[1]
                assert drawn.startswith(visual(state).strip()), (drawn, state)
                assert re.search(f"{FSI}" + r"\d{1,2} [\u0600-\u06ff]+ \d{4}", state), state  # the date, isolated
            # names, never addresses: the other signer's address is theirs to give
            assert "@example.test" not in text.replace(msg["To"].addresses[0].addr_spec, "")
            html = html_of(msg)
            assert "<li><bdi>Ann Lee</bdi>: " in html and "<li><bdi>ليلى منصور</bdi>: " in html
            assert "ann@example.test" not in html.replace(msg["To"].addresses[0].addr_spec, "") or \
                address == "ann@example.test"
            assert "&lt;layla@example.test&gt;" not in html and "&lt;ann@example.test&gt;" not in html


async def test_a_german_email_keeps_an_arabic_name_in_its_place(tmp_path):
    async with mail_server(tmp_path) as srv:
        await completed(srv, [{**ANN, "locale": "de"}, {**LAYLA, "locale": "de"}])
        msg = completion_to(srv, "ann@example.test")
        text = text_of(msg)
        assert_reads_well(text)
        lines = signer_lines(text)
        # a German line: left to right although it begins with an Arabic name, which stays one run
        arabic = next(line for line in lines if "ليلى" in line)
        assert arabic.startswith(f"  - {FSI}ليلى منصور{PDI}: unterschrieben "), arabic
        assert get_base_level(arabic) == 0, arabic
        assert visual(arabic).startswith(f"  - {visual('ليلى منصور')}: unterschrieben "), visual(arabic)
        # a Latin name in a German email needs no isolate: the line is as it always was
        latin = next(line for line in lines if "Ann Lee" in line)
        assert latin.startswith("  - Ann Lee: unterschrieben ") and FSI not in latin, latin
        assert "layla@example.test" not in text
        html = html_of(msg)
        assert "<li><bdi>ليلى منصور</bdi>: unterschrieben " in html and "<li>Ann Lee: unterschrieben " in html


async def test_an_envelopes_completion_email_speaks_of_its_documents_in_the_plural(tmp_path):
    async with mail_server(tmp_path) as srv:
        ids = [(await srv.client.upload(SAMPLE_PDF.read_bytes(), name)).json["id"] for name in ("offer.pdf", "sale.pdf")]
        resp = await srv.client.post("/v1/signing-requests", {"document_ids": ids, "signers": [
            ANN, {**LAYLA, "locale": "de"}], "signing_order": "parallel", "auto_send": True})
        assert resp.status == 201, resp
        envelope = await srv.services.store.signing_requests.by_id(resp.json["id"])
        for s in envelope["signers"]:
            envelope = await lifecycle.sign(srv.services, envelope, s["id"], {}, {"kind": "typed", "text": s["name"]})
        await srv.run_jobs()
        english, german = completion_to(srv, "ann@example.test"), completion_to(srv, "layla@example.test")
        text = text_of(english)
        assert "Your copies of the 2 signed documents are attached to this email." in text, text
        assert "signed document " not in text
        assert "Ihre Kopien der 2 unterschriebenen Dokumente sind dieser E-Mail beigefügt." in text_of(german)
        # the files named in the reader's language: attached, and the German signer's own download
        assert [p.get_filename() for p in english.iter_attachments()] == ["offer-signed.pdf", "sale-signed.pdf"]
        assert [p.get_filename() for p in german.iter_attachments()] == ["offer-unterschrieben.pdf",
                                                                        "sale-unterschrieben.pdf"]
        token = link_of(german).rsplit("/", 1)[1]
        own = await srv.client.get(f"/sign/{token}/download", key=None)
        assert own.status == 200, own
        assert "filename*=UTF-8''offer-alle-Dokumente-unterschrieben.pdf" in own.headers["Content-Disposition"]


async def test_the_certificate_names_the_organisation_as_its_emails_do(tmp_path):
    """One name for the organisation: its display name, in the emails and on the certificate of the
    signed PDF they carry (the certificate said its configured `name`)."""
    async with mail_server(tmp_path, BRANDED) as srv:
        doc = (await srv.client.upload(SAMPLE_PDF.read_bytes(), key=BRAND_KEY)).json["id"]
        resp = await srv.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN], "auto_send": True},
                                     key=BRAND_KEY)
        assert resp.status == 201, resp
        request = await srv.services.store.signing_requests.by_id(resp.json["id"])
        await lifecycle.sign(srv.services, request, request["signers"][0]["id"], {}, {"kind": "typed", "text": "Ann"})
        await srv.run_jobs()
        msg = completion_to(srv, "ann@example.test")
        assert "Sent by Brand & Co Legal through esign." in text_of(msg)
        [signed] = [p.get_content() for p in msg.iter_attachments()]
        text = readable_text(signed, tmp_path)
        assert "Organisation Brand & Co Legal" in text, text
        assert "Brand Co " not in text


async def test_an_arabic_text_message_reads_right_to_left_around_latin_names(server):
    """A text message has no markup to give it a direction: a phone takes it from its first strong letter,
    which was the Latin organisation's name; isolated, the text is Arabic from its start."""
    request = await new_request(server, signers=[{**ANN, "locale": "ar", "phone": "+442079460123",
                                                  "delivery": "sms"}], order="parallel")
    await server.run_jobs()
    [(_, text)] = server.services.sms.sent
    assert text.startswith(f"{FSI}Org A{PDI}: ") and f"{FSI}Ada Admin{PDI}" in text, text
    assert get_base_level(text) == 1, text
    link = links.signing_url(server.services, request, request["signers"][0])
    assert f" {link}" in text and f"{link}{PDI}" not in text  # the link bare, as phones linkify it

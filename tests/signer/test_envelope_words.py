"""An envelope of several documents in the signer's language (issue 39 item 8), over real HTTP and SMTP: the
completed page and the completion email's first sentence speak of the documents in the plural (ngettext),
and the copy link the owner gets names its file in the language of their email, not in English."""
from __future__ import annotations

import re

from esign.domain.requests import links
from tests.support import raw_db
from tests.support.documents import ONE_PAGE_PDF, SAMPLE_PDF
from tests.support.mail import links_in, mail_server, text_of
from tests.support.signing import sget, spost

SIGNERS = [{"name": "Anna Berger", "email": "anna@example.test", "locale": "de"},
           {"name": "Jonas Keller", "email": "jonas@example.test", "locale": "de"}]


async def signed_envelope(srv) -> dict:
    """Two documents (Angebot.pdf, Anhang.pdf) signed by both signers, in an organisation whose
    default_locale is German; the emails sent."""
    client = srv.client
    ids = []
    for name, data in (("Angebot.pdf", SAMPLE_PDF.read_bytes()), ("Anhang.pdf", ONE_PAGE_PDF.read_bytes())):
        resp = await client.upload(data, name)
        assert resp.status == 201, resp
        ids.append(resp.json["id"])
    fields = [{"signer_email": s["email"], "page_number": 1, "x_percent": 10 + 40 * i, "y_percent": 80}
              for i, s in enumerate(SIGNERS)]
    resp = await client.post("/v1/signing-requests", {"document_ids": ids, "signers": SIGNERS, "fields": fields,
                                                      "cc_emails": [{"email": "cc@example.test"}]})
    assert resp.status == 201, resp
    record = await srv.services.store.signing_requests.by_id(resp.json["id"])
    await raw_db(srv.services)["organizations"].update_one({"_id": record["org_id"]},
                                                           {"$set": {"default_locale": "de"}})
    assert (await client.post(f"/v1/signing-requests/{record['id']}/send")).status == 200
    record = await srv.services.store.signing_requests.by_id(record["id"])  # sent: the links' nonces
    for signer in record["signers"]:
        token = links.signing_url(srv.services, record, signer).rsplit("/", 1)[1]
        signed = await spost(srv, token, "sign", {"signature": {"kind": "typed", "text": signer["name"]},
                                                  "consent": True})
        assert signed.status == 200, signed
    await srv.run_jobs()
    request = await srv.services.store.signing_requests.by_id(record["id"])
    assert request["status"] == "completed" and request["signed_pdf_status"] == "ready"
    return request


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", "", html).split())


async def test_an_envelope_is_spoken_of_in_the_plural_and_its_copy_named_in_german(tmp_path):
    async with mail_server(tmp_path, email={"attach_max_mb": 0}) as srv:  # never attached: links
        request = await signed_envelope(srv)
        token = links.signing_url(srv.services, request, request["signers"][0]).rsplit("/", 1)[1]
        page = words((await sget(srv, token, "")).body.decode())
        assert "Alle haben diese 2 Dokumente unterschrieben. Sie wurden am" in page, page
        assert "Dieser Link zeigt die 2 unterschriebenen Dokumente bis" in page
        assert "Die 2 unterschriebenen Dokumente herunterladen" in page
        assert "dieses Dokument" not in page
        # the text view and the originals are for before signing: the completed request's link refuses them
        assert (await sget(srv, token, "/text")).status == 409
        assert (await sget(srv, token, "/documents/1/original.pdf")).status == 409

        completed = [m for m in srv.inbox.messages if m["Subject"].startswith("Abgeschlossen")]
        assert len(completed) == 4, [m["Subject"] for m in srv.inbox.messages]  # two signers, the cc, the owner
        for msg in completed:
            first = [line for line in text_of(msg).splitlines() if "unterschrieben:" in line][0]  # after the greeting
            assert "wurden von allen unterschrieben:" in first, first
            assert "Angebot.pdf" in first and "Anhang.pdf" in first
        [owner] = [m for m in completed if m["To"] not in {"cc@example.test"} and "/copies/" in text_of(m)
                   and "anna" not in m["To"] and "jonas" not in m["To"]]
        [link] = [u for u in links_in(text_of(owner)) if "/copies/" in u]
        got = await srv.client.get(link[len(srv.url):], key=None)
        assert got.status == 200, got
        assert "Angebot-alle-Dokumente-unterschrieben.pdf" in got.headers["Content-Disposition"]

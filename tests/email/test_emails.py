"""Emails people read, through a real SMTP server (aiosmtpd): everyone's copy of the signed PDF when
it is ready (attached below `[email] attach_max_mb`, else a link; cc recipients and the owner get a
copy link that works over HTTP until it expires), the owner told of completion, decline and expiry
(each switchable), a finalisation that keeps failing, storage that is down when a copy is sent,
organisation branding, and a plain-text part that reads well."""
from __future__ import annotations

import email.policy
import re
import shutil

import pytest

from esign import config as configmod
from esign.domain.mail import colours, notifications
from esign.domain.mail.copies import copy_url
from esign.domain.requests import lifecycle, links
from esign.jobs.worker import Worker
from tests.support import SAMPLE_PDF, raw_db, write_config
from tests.support.mail import BRAND_KEY, BRANDED, LEGAL, assert_reads_well, links_in, mail_server, text_of
from tests.support.signing import new_request

ANN = {"name": "Ann", "email": "ann@example.test", "order": 1}
BOB = {"name": "Bob", "email": "bob@example.test", "order": 1}
OWNER = "Ada Admin <ada@a.example.test>"
READABLE = r"\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC"
# an English email's time (Babel's, esign.i18n.datetime_text without seconds): `November 23, 2026, 9:40 AM UTC`
EMAIL_TIME = r"[A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC"


async def completed_request(srv, signers=(ANN,), **extra) -> dict:
    request = await new_request(srv, signers=list(signers), order="parallel", **extra)
    for s in request["signers"]:
        request = await lifecycle.sign(srv.services, request, s["id"], {}, {"kind": "typed", "text": s["name"]})
    assert request["status"] == "completed"
    return request


async def branded_request(srv, **extra) -> dict:
    """A request of Brand Co, whose API key names no owner."""
    doc = (await srv.client.upload(SAMPLE_PDF.read_bytes(), key=BRAND_KEY)).json["id"]
    resp = await srv.client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN], "auto_send": True,
                                                          **extra}, key=BRAND_KEY)
    assert resp.status == 201, resp
    return await srv.services.store.signing_requests.by_id(resp.json["id"])


def subject_to(srv, prefix: str) -> dict[str, object]:
    return {m["To"]: m for m in srv.inbox.messages if m["Subject"].startswith(prefix)}


def pdf_attachments(msg) -> list[bytes]:
    return [p.get_content() for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"]


def path_of(srv, url: str) -> str:
    assert url.startswith(srv.url), url
    return url[len(srv.url):]


async def test_everyone_gets_the_signed_pdf_attached_when_it_is_ready(tmp_path):
    async with mail_server(tmp_path) as srv:
        request = await completed_request(srv, signers=(ANN, BOB), cc_emails=[LEGAL])
        await srv.run_jobs()
        request = await srv.services.store.signing_requests.by_id(request["id"])
        assert request["signed_pdf_status"] == "ready"
        signed = await srv.services.storage.get_bytes(request["signed_blob_key"])
        copies = subject_to(srv, "Completed:")
        assert sorted(copies) == [OWNER, "Ann <ann@example.test>", "Bob <bob@example.test>",
                                  "Legal <legal@example.test>"]
        for to, msg in copies.items():
            assert pdf_attachments(msg) == [signed], to
            assert [p.get_filename() for p in msg.iter_attachments()] == ["doc-signed.pdf"]
            text = text_of(msg)
            assert "attached" in text and re.search(f"signed {EMAIL_TIME}", text), text
            assert_reads_well(text)
        # signers are sent to their own signing link, the others to a copy link
        ann, bob = request["signers"]
        assert links_in(text_of(copies["Ann <ann@example.test>"])) == [links.signing_url(srv.services, request, ann)]
        assert links_in(text_of(copies["Bob <bob@example.test>"])) == [links.signing_url(srv.services, request, bob)]
        assert "/copies/" in links_in(text_of(copies["Legal <legal@example.test>"]))[0]
        assert "Ada Admin sends you a copy" in text_of(copies["Legal <legal@example.test>"])

        # the fallback `[email] copy_wait_minutes` later, a finalisation run again: nothing twice
        await notifications.send_copies(srv.services, request)
        srv.clock.advance(minutes=61)
        await srv.run_jobs()
        assert len(srv.inbox.messages) == 4  # the copies (the invitations were stale before they went out)
        jobs = raw_db(srv.services)["jobs"]
        assert await jobs.count_documents({"kind": "email.copies", "status": "done"}) == 1


async def test_above_the_bound_a_link_and_the_cc_link_works_until_it_expires(tmp_path):
    async with mail_server(tmp_path, email={"attach_max_mb": 0.001}, signing={"completed_link_days": 5}) as srv:
        request = await completed_request(srv, cc_emails=[LEGAL])
        await srv.run_jobs()
        request = await srv.services.store.signing_requests.by_id(request["id"])
        signed = await srv.services.storage.get_bytes(request["signed_blob_key"])
        assert len(signed) > 1024
        copies = subject_to(srv, "Completed:")
        assert sorted(copies) == [OWNER, "Ann <ann@example.test>", "Legal <legal@example.test>"]
        for msg in copies.values():
            assert pdf_attachments(msg) == []
            assert "Download the signed document here:" in text_of(msg)
            assert_reads_well(text_of(msg))
        assert links_in(text_of(copies["Ann <ann@example.test>"])) == [
            links.signing_url(srv.services, request, request["signers"][0])]
        [link] = links_in(text_of(copies["Legal <legal@example.test>"]))
        assert links_in(text_of(copies[OWNER])) == [link]
        html = copies["Legal <legal@example.test>"].get_body(("html",)).get_content()
        assert link.replace("&", "&amp;") in html

        resp = await srv.client.get(path_of(srv, link), key=None)
        assert resp.status == 200, resp
        assert resp.body == signed and resp.headers["Content-Type"] == "application/pdf"
        assert 'filename="doc-signed.pdf"' in resp.headers["Content-Disposition"]
        # each download served is on the audit trail (`via: copy_link`); refused ones are not
        downloaded = await downloads_recorded(srv, request)
        assert len(downloaded) == 1 and downloaded[0]["metadata"] == {"file": "signed", "via": "copy_link"}
        assert downloaded[0]["ip_address"] == "127.0.0.1" and downloaded[0].get("signer_email") is None
        tampered = await srv.client.get(path_of(srv, link).replace("expires=", "expires=1"), key=None)
        assert tampered.status == 403 and tampered.json["error"]["message"] == "this download link is invalid"
        for bad in ("", "?expires=x&sig=y", "?expires=9999999999&sig=%C3%A9%00", "?sig=" + link.rpartition("sig=")[2]):
            resp = await srv.client.get(f"/copies/{request['id']}{bad}", key=None)
            assert resp.status == 403 and resp.json["error"]["code"] == "forbidden", (bad, resp)
        not_utf8 = await srv.client.get(f"/copies/{request['id']}?expires=1&sig=%FF", key=None)
        assert not_utf8.status == 400 and not_utf8.json["error"]["code"] == "bad_request"

        # the window is `[signing] completed_link_days` from completion, on the service clock
        srv.clock.advance(days=4, hours=23)
        assert (await srv.client.get(path_of(srv, link), key=None)).status == 200
        srv.clock.advance(hours=1)
        expired = await srv.client.get(path_of(srv, link), key=None)
        assert expired.status == 403 and expired.json["error"]["code"] == "forbidden"
        assert re.fullmatch(f"this download link expired on {READABLE}; ask the sender for a copy",
                            expired.json["error"]["message"])
        assert len(await downloads_recorded(srv, request)) == 2  # the one in the last hour of the window
        assert "5 days" not in text_of(copies[OWNER]) and re.search(f"works until {EMAIL_TIME}", text_of(copies[OWNER]))


async def downloads_recorded(srv, request) -> list[dict]:
    events = await raw_db(srv.services).events.find({"signing_request_id": request["id"]}).to_list(None)
    return [e for e in events if e["event_type"] == "signing_event.downloaded"]


async def test_without_a_link_window_the_copy_is_attached_or_asked_for(tmp_path):
    """`[signing] completed_link_days = 0`: no link works after completion, so none is sent."""
    for bound, expected in ((10.0, "Your copy of the signed document is attached to this email.\n"),
                            (0.001, "The signed document is too large to attach: ask Ada Admin for a copy.\n")):
        (tmp_path / str(bound)).mkdir()
        async with mail_server(tmp_path / str(bound), email={"attach_max_mb": bound},
                               signing={"completed_link_days": 0}) as srv:
            await completed_request(srv)
            await srv.run_jobs()
            copies = subject_to(srv, "Completed:")
            assert sorted(copies) == [OWNER, "Ann <ann@example.test>"]
            for msg in copies.values():
                text = text_of(msg)
                assert links_in(text) == [] and expected in text and "link" not in text, text
                assert "<a " not in msg.get_body(("html",)).get_content()
                assert_reads_well(text)


async def test_the_owner_is_told_of_completion_decline_and_expiry(tmp_path):
    async with mail_server(tmp_path) as srv:
        await completed_request(srv)
        declined = await new_request(srv, signers=[ANN, BOB], order="parallel")
        await lifecycle.decline(srv.services, declined, declined["signers"][1]["id"], "The amount in clause 4 is wrong")
        expiring = await new_request(srv, signers=[ANN], order="parallel", expires_in_days=1)
        await new_request(srv, signers=[ANN], order="parallel", expires_in_days=1, auto_send=False)  # a draft
        await srv.run_jobs()
        srv.clock.advance(days=1, minutes=1)
        await srv.run_jobs()
        assert (await srv.services.store.signing_requests.by_id(expiring["id"]))["status"] == "expired"

        owner = sorted((m["Subject"], m) for m in srv.inbox.messages if m["To"] == OWNER)
        assert [s for s, _ in owner] == ["Completed: doc.pdf", "Declined: doc.pdf", "Expired: doc.pdf"]
        (_, completed), (_, decline), (_, expiry) = owner
        assert pdf_attachments(completed)
        text = text_of(decline)
        assert re.search(f"Bob <bob@example.test> declined to sign \"doc.pdf\" on {EMAIL_TIME}", text), text
        assert "Their reason:\nThe amount in clause 4 is wrong\n" in text and declined["id"] in text
        assert "The amount in clause 4 is wrong" in decline.get_body(("html",)).get_content()
        text = text_of(expiry)
        assert re.search(f"expired on {EMAIL_TIME}", text) and "  - Ann: not signed\n" in text
        for msg in (completed, decline, expiry):
            assert_reads_well(text_of(msg))
            assert msg["Reply-To"] is None  # the owner is not asked to reply to themselves
        # signers are not sent the owner's emails; they reply to the owner
        assert not [m for m in srv.inbox.messages if m["To"] != OWNER and m["Subject"].startswith(("Declined", "Expired"))]
        invitation = next(m for m in srv.inbox.messages if m["Subject"].startswith("Please sign"))
        assert invitation["Reply-To"] == OWNER
        assert {m["Subject"].split(":")[0] for m in srv.inbox.messages} == {
            "Please sign", "Cancelled", "Completed", "Declined", "Expired"}
        for msg in srv.inbox.messages:
            assert_reads_well(text_of(msg))


async def test_owner_emails_can_be_switched_off(tmp_path):
    off = {"owner_on_completed": False, "owner_on_declined": False, "owner_on_expired": False}
    async with mail_server(tmp_path, notifications=off) as srv:
        await completed_request(srv, cc_emails=[LEGAL])
        declined = await new_request(srv, signers=[ANN, BOB], order="parallel")
        await lifecycle.decline(srv.services, declined, declined["signers"][0]["id"], "no")
        await new_request(srv, signers=[ANN], order="parallel", expires_in_days=1)
        await srv.run_jobs()
        srv.clock.advance(days=1, minutes=1)
        await srv.run_jobs()
        assert sorted(subject_to(srv, "Completed:")) == ["Ann <ann@example.test>", "Legal <legal@example.test>"]
        assert subject_to(srv, "Cancelled:")  # the other signer is still told
        assert [m for m in srv.inbox.messages if m["To"] == OWNER] == []


async def test_an_owner_without_an_address_falls_back_to_the_organisation(tmp_path):
    async with mail_server(tmp_path, BRANDED) as srv:
        request = await branded_request(srv)
        assert request["owner_email"] == ""
        await lifecycle.decline(srv.services, request, request["signers"][0]["id"], "not mine")
        await srv.run_jobs()
        [msg] = [m for m in srv.inbox.messages if m["Subject"].startswith("Declined")]
        assert msg["To"] == "Brand & Co Legal <contracts@brand.example.test>"
        assert msg["From"] == "Brand & Co Legal via esign <no-reply@localhost>"


async def test_a_finalisation_that_keeps_failing_sends_the_copies_without_the_pdf_after_the_wait(tmp_path):
    async with mail_server(tmp_path, email={"copy_wait_minutes": 30}) as srv:
        request = await new_request(srv, signers=[ANN], order="parallel", cc_emails=[LEGAL])
        document = await srv.services.store.documents.get(request["org_id"], request["document_id"])
        original = await srv.services.storage.get_bytes(document["blob_key"])
        await srv.services.storage.delete(document["blob_key"])  # the original is lost: finalisation fails
        request = await lifecycle.sign(srv.services, request, request["signers"][0]["id"], {},
                                       {"kind": "typed", "text": "Ann"})
        await srv.run_jobs()
        assert subject_to(srv, "Completed:") == {}  # waiting for the signed PDF
        srv.clock.advance(minutes=31)
        await srv.run_jobs()
        request = await srv.services.store.signing_requests.by_id(request["id"])
        assert request["signed_pdf_status"] != "ready"
        copies = subject_to(srv, "Completed:")
        assert sorted(copies) == [OWNER, "Ann <ann@example.test>", "Legal <legal@example.test>"]
        for msg in copies.values():
            assert pdf_attachments(msg) == []
            assert "still being prepared" in text_of(msg)
            assert_reads_well(text_of(msg))
        [link] = links_in(text_of(copies["Legal <legal@example.test>"]))
        early = await srv.client.get(path_of(srv, link), key=None)
        assert early.status == 409 and "still being prepared" in early.json["error"]["message"]

        # the original comes back from a backup: the finalisation succeeds, the same link now gives
        # the signed PDF, and nobody gets a second email
        await srv.services.storage.put_bytes(document["blob_key"], original)
        for _ in range(4):
            srv.clock.advance(minutes=15)
            await srv.run_jobs()
        request = await srv.services.store.signing_requests.by_id(request["id"])
        assert request["signed_pdf_status"] == "ready"
        resp = await srv.client.get(path_of(srv, link), key=None)
        assert resp.status == 200 and resp.body == await srv.services.storage.get_bytes(request["signed_blob_key"])
        assert len(srv.inbox.messages) == 3


async def test_a_copy_whose_pdf_cannot_be_read_is_retried_not_lost(tmp_path):
    async with mail_server(tmp_path) as srv:
        request = await completed_request(srv, cc_emails=[LEGAL])
        await Worker(srv.services, list(srv.services.job_kinds.values()), [], lanes=["finalize"]).run_due()
        request = await srv.services.store.signing_requests.by_id(request["id"])
        assert request["signed_pdf_status"] == "ready"
        signed = await srv.services.storage.get_bytes(request["signed_blob_key"])
        blob = tmp_path / "blobs" / request["signed_blob_key"]
        blob.unlink()
        blob.mkdir()  # storage down for this blob: reading it fails (EISDIR)
        await srv.run_jobs()
        assert subject_to(srv, "Completed:") == {}
        jobs = raw_db(srv.services)["jobs"]
        waiting = [j async for j in jobs.find({"kind": "email", "payload.template": "completed"})]
        assert len(waiting) == 3 and {j["status"] for j in waiting} == {"queued"}
        assert all("local blob storage" in j["last_error"] for j in waiting), waiting
        # the copy link meanwhile: 502 in the Error shape, never a 500 or a cut-off PDF
        resp = await srv.client.get(path_of(srv, copy_url(srv.services, request)), key=None)
        assert resp.status == 502 and resp.json["error"]["code"] == "upstream_unavailable", resp

        shutil.rmtree(blob)
        blob.write_bytes(signed)
        srv.clock.advance(minutes=5)
        await srv.run_jobs()
        copies = subject_to(srv, "Completed:")
        assert sorted(copies) == [OWNER, "Ann <ann@example.test>", "Legal <legal@example.test>"]
        assert all(pdf_attachments(m) == [signed] for m in copies.values())
        assert len([m for m in srv.inbox.messages if m["Subject"].startswith("Completed:")]) == 3


async def test_branding_and_readable_times(tmp_path):
    async with mail_server(tmp_path, BRANDED) as srv:
        await branded_request(srv, message="Please sign by Friday.\nThanks & regards <Brand>")
        await srv.run_jobs()
        [msg] = srv.inbox.messages
        html = msg.get_body(("html",)).get_content()
        assert 'src="https://logo.example.test/brand.png"' in html and 'alt="Brand &amp; Co Legal"' in html
        assert "#0a7d3b" in html and "#1f5fbf" not in html
        assert "background:#0a7d3b;color:#ffffff;" in html  # white reads on the green button
        assert 'style="color:#0a7d3b;word-break' in html  # and the green as the link's text on white
        assert "Thanks &amp; regards &lt;Brand&gt;" in html
        text = text_of(msg)
        assert "Brand & Co Legal asks you to sign \"doc.pdf\"." in text
        assert "Thanks & regards <Brand>" in text  # the sender's words as written
        assert re.search(f"It works until {EMAIL_TIME}\\.", text)
        assert_reads_well(text.replace("<Brand>", "Brand"))


@pytest.mark.parametrize("line,error", [
    ('logo_url = "http://logo.example.test/a.png"', "logo_url must be an https:// URL"),
    ('logo_url = "https://"', "logo_url must be an https:// URL"),
    ('accent_color = "green"', "accent_color must be a colour written #rrggbb"),
    ('accent_color = "#0a7d3"', "accent_color must be a colour written #rrggbb"),
    ('notify_email = "contracts"', "notify_email must be an email address"),
    ('notify_email = "verträge@brand.example.test"', "notify_email must be an email address in ASCII characters"),
    ('[[organizations.api_keys]]\nkey = "esk_live_x_read_write_000000000000"\nowner_email = "josé@bücher.de"',
     "api_keys[0].owner_email must be an email address in ASCII characters"),
])
def test_branding_is_checked_at_start_up(tmp_path, line, error):
    with pytest.raises(configmod.ConfigError) as info:
        configmod.load(write_config(tmp_path, f'[[organizations]]\nname = "X"\n{line}\n'), environ={})
    assert error in str(info.value)


@pytest.mark.parametrize("accent, ink, text", [
    ("#0a7d3b", "#ffffff", "#0a7d3b"),  # dark green: white on it, itself readable as text
    ("#1f5fbf", "#ffffff", "#1f5fbf"),  # esign's own blue
    ("#ffd400", "#111827", "#111827"),  # yellow: dark ink on it, and not used as text on white
    ("#f4b6c2", "#111827", "#111827"),  # pastel pink
    ("#000000", "#ffffff", "#000000"),
    ("#ffffff", "#111827", "#111827"),
])
def test_an_accent_colour_gets_the_text_colour_that_reads_on_it(accent, ink, text):
    chosen = colours.accent_colours(accent)
    assert chosen == {"accent": accent, "accent_ink": ink, "accent_text": text}
    other = "#111827" if ink == "#ffffff" else "#ffffff"
    assert colours.contrast(accent, ink) > colours.contrast(accent, other)
    assert colours.contrast(text, "#ffffff") >= 4.5


async def test_a_light_accent_gets_dark_text_on_its_button_and_dark_links(tmp_path):
    async with mail_server(tmp_path, BRANDED.replace("#0a7d3b", "#ffd400").replace("logo_url", "# logo_url")) as srv:
        await branded_request(srv)
        await srv.run_jobs()
        [msg] = srv.inbox.messages
        html = msg.get_body(("html",)).get_content()
        assert "background:#ffd400;color:#111827;" in html
        assert 'style="color:#111827;word-break' in html
        assert 'font-weight:600;color:#111827">Brand &amp; Co Legal' in html  # the name shown without a logo


@pytest.mark.parametrize("name", ['Zoë "Q" <z@evil.example>', 'Ünal, Bob <bob@evil.example>', 'Ann, "the" <a@evil.example>'])
async def test_a_signer_name_that_looks_like_an_address_stays_a_name(smtp_server, name):  # noqa: F811
    """A display name with quotes, commas or <...> that has to be encoded (not ASCII) was written as a
    second address in the To header (`Zoë "Q" <z@evil>` parsed as z@evil): the header names exactly
    the signer's address, with the name as given."""
    srv, client = smtp_server, smtp_server.client
    doc = (await client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    made = await client.post("/v1/signing-requests", {"document_id": doc, "auto_send": True,
                                                      "signers": [{"name": name, "email": "zoe@example.test"}]})
    assert made.status == 201, made
    await srv.run_jobs()
    [msg] = srv.inbox.messages
    [to] = msg["To"].addresses
    assert (to.display_name, to.addr_spec) == (name, "zoe@example.test")
    assert len(msg["From"].addresses) == 1
    assert len(msg["Reply-To"].addresses) == 1
    sent = [e for e in (await client.get(f"/v1/signing-requests/{made.json['id']}/events")).json
            if e["event_type"] == "signing_event.email_sent"]
    said = sent[0]["metadata"]["to"]  # readable (not MIME-encoded), and one address
    [to] = email.policy.default.header_factory("To", said).addresses
    assert "=?" not in said and (to.display_name, to.addr_spec) == (name, "zoe@example.test")

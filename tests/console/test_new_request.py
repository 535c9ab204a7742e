"""A new request from the console over real HTTP: 1 to 10 PDFs in one multipart form (the same upload
check as `POST /v1/documents/upload`), a draft of them owned by the member, and the editor; a member
signed in from the email in the Maildir prepares and sends it, another person signs, `esign verify`
passes on the signed PDF and the certificate names the member as the sender (both links, the
member's and the signer's, taken from the emails in the Maildir)."""
from __future__ import annotations

import pytest

from esign.domain.console import members as console_members
from tests.support.authoring import editor
from tests.support.console import CSRF, ConsoleBrowser, signed_in
from tests.support.mail import link_of, maildir
from tests.support.pdf_tools import pdftotext
from tests.support.processes import esign_verify
from tests.support.signing import PDF, spost, typed

SENDER = "ada@a.example.test"


async def _signed_in_member(server, name: str = "Ada Lovelace"):
    org = await server.services.store.organizations.by_name("Org A")
    member = await console_members.add_member(server.services, org, SENDER, name, "sender")
    return member, await signed_in(server, SENDER)


async def _drafts(server) -> int:
    org = await server.services.store.organizations.by_name("Org A")
    return len((await server.services.store.signing_requests.list(org["id"], limit=100)).items)


async def _csrf(browser) -> str:
    page = await browser.get("/console/requests/new")
    assert page.status == 200, page
    return CSRF.search(page.body.decode()).group(1)


@pytest.mark.slow  # two uploads checked, a request finalised and verified by `esign verify`
async def test_a_member_uploads_prepares_and_sends_another_signs_and_the_pdf_verifies(server, tmp_path):
    member, browser = await _signed_in_member(server)
    made = await browser.post_files("/console/requests/new", [("offer.pdf", PDF), ("annex.pdf", PDF)],
                                    csrf=await _csrf(browser))
    assert made.status == 303 and "/author/" in made.headers["Location"], made
    token = made.headers["Location"].rsplit("/author/", 1)[1]
    secret = (await server.client.post("/author/api/open", {"token": token}, key=None)).json["secret"]
    view = (await editor(server.client, secret, "GET", "/session")).json
    request_id = view["request"]["id"]
    assert [d["name"] for d in view["documents"]] == ["offer.pdf", "annex.pdf"]
    record = await server.services.store.signing_requests.by_id(request_id)
    assert (record["owner_name"], record["owner_email"], record["status"]) == ("Ada Lovelace", SENDER, "draft")
    listed = (await browser.get("/console/requests")).body.decode()
    assert f'data-id="{request_id}"' in listed  # the member's own, in their "mine" list

    changed = await editor(server.client, secret, "PATCH", f"/requests/{request_id}",
                           {"signers": [{"name": "Ann Example", "email": "ann@example.test"}]})
    assert changed.status == 200, changed
    sent = await editor(server.client, secret, "POST", f"/requests/{request_id}/send")
    assert sent.status == 200, sent
    record = await server.services.store.signing_requests.by_id(request_id)
    events = await server.services.store.events.for_request(record["org_id"], request_id)
    [sent_event] = [e for e in events if e["event_type"] == "signing_request.sent"]
    assert sent_event["metadata"]["by"]["member_id"] == member["id"]

    await server.run_jobs()  # the invitation, sent by email
    [invitation] = [m for m in maildir(server) if "ann@example.test" in m["To"]]
    token = link_of(invitation).rsplit("/sign/", 1)[1]
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).status == 200
    await server.run_jobs()
    page = (await browser.get(f"/console/requests/{request_id}")).body.decode()
    form_csrf = CSRF.search(page).group(1)
    got = await browser.post(f"/console/requests/{request_id}/download", {"csrf": form_csrf, "file": "combined"})
    assert got.status == 303, got
    pdf = (await server.client.get(got.headers["Location"][len(server.url):], key=None)).body
    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf)
    proc = esign_verify(path, "--config", tmp_path / "esign.toml")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    text = " ".join(pdftotext(pdf, tmp_path).split())
    assert "Ada Lovelace (sender)" in text and "API key" not in text
    browser.close()


async def test_the_form_refuses_no_file_too_many_files_a_bad_pdf_and_a_missing_token(server):
    _, browser = await _signed_in_member(server)
    csrf = await _csrf(browser)
    before = await _drafts(server)
    assert (await browser.post_files("/console/requests/new", [], csrf=csrf)).status == 400
    assert (await browser.post_files("/console/requests/new", [("", b"")], csrf=csrf)).status == 400
    eleven = [(f"d{i}.pdf", PDF) for i in range(11)]
    too_many = await browser.post_files("/console/requests/new", eleven, csrf=csrf)
    assert too_many.status == 400 and "at most 10" in too_many.body.decode()
    assert (await browser.post_files("/console/requests/new", [("x.pdf", b"not a pdf")], csrf=csrf)).status in (400, 422)
    assert (await browser.post_files("/console/requests/new", [("a.pdf", PDF)], csrf="forged")).status == 403
    assert (await browser.post_files("/console/requests/new", [("a.pdf", PDF)])).status == 403
    assert await _drafts(server) == before
    browser.close()


async def test_signed_out_the_form_and_its_post_lead_to_sign_in(server):
    stranger = ConsoleBrowser(server.url)
    assert (await stranger.get("/console/requests/new")).headers["Location"] == "/console/sign-in"
    posted = await stranger.post_files("/console/requests/new", [("a.pdf", PDF)], csrf="x")
    assert posted.status == 303 and posted.headers["Location"] == "/console/sign-in"
    stranger.close()

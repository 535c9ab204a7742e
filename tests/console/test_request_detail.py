"""A request's page in the console over real HTTP: participants and timeline, remind, cancel, replace a
signer, a `link` signer's fresh URL, downloads, opening a draft in the editor; each recorded with the
member as its actor, refused without the form's CSRF token, and reachable by its owner (a sender) or an
admin of its organisation only. A member opens a draft in the editor, sends it, another person signs,
and the certificate names the member as the sender."""
from __future__ import annotations

import re

import pytest

from esign.domain.console import members as console_members
from tests.support.authoring import editor
from tests.support.console import CSRF, ConsoleBrowser, linked_storage_server, signed_in
from tests.support.pdf_tools import pdftotext
from tests.support.signing import ANN, BOB, complete_request, make_request, spost, typed, upload

SENDER = "ada@a.example.test"  # owner of key `a`'s requests (tests/support/server.py)


async def _member(server, org_name: str, email: str, role: str, name: str = "") -> dict:
    org = await server.services.store.organizations.by_name(org_name)
    return await console_members.add_member(server.services, org, email, name or email.split("@")[0], role)


async def _csrf(browser: ConsoleBrowser, request_id: str) -> str:
    page = await browser.get(f"/console/requests/{request_id}")
    assert page.status == 200, page
    return CSRF.search(page.body.decode()).group(1)


async def _act(browser: ConsoleBrowser, request_id: str, action: str, **form):
    return await browser.post(f"/console/requests/{request_id}/{action}",
                              {"csrf": await _csrf(browser, request_id), **form})


def _by(events: list[dict], event_type: str) -> dict:
    [event] = [e for e in events if e["event_type"] == event_type]
    return event["metadata"]["by"]


async def test_a_member_reminds_replaces_and_cancels_each_recorded_with_them_as_actor(server):
    ada = await _member(server, "Org A", SENDER, "sender", "Ada Lovelace")
    made = await make_request(server, [ANN, BOB])
    browser = await signed_in(server, SENDER)
    page = (await browser.get(f"/console/requests/{made.id}")).body.decode()
    assert "Ann Example" in page and "Bob Stone" in page and "Invited" in page
    assert "Request sent for signing" in page  # the timeline, from the request's events
    await server.run_jobs()
    page = (await browser.get(f"/console/requests/{made.id}")).body.decode()
    assert "Invitation email sent" in page and "Other event" not in page

    # without the form's token nothing happens
    refused = await browser.post(f"/console/requests/{made.id}/remind", {"csrf": "forged"})
    assert refused.status == 403
    assert "signing_request.reminded" not in await made.event_types()

    done = await _act(browser, made.id, "remind")
    assert done.status == 303 and done.headers["Location"] == f"/console/requests/{made.id}?done=reminded"
    actor = {"member_id": ada["id"], "name": "Ada Lovelace", "email": SENDER}
    assert _by(await made.events(), "signing_request.reminded") == actor

    ann = made.signer_ids[0]
    replaced = await _act(browser, made.id, f"signers/{ann}/replace", name="Ann Other", email="ann.other@example.test")
    assert replaced.status == 303, replaced
    request = await made.record()
    assert request["signers"][0]["email"] == "ann.other@example.test"
    assert _by(await made.events(), "signing_request.signer_replaced") == actor
    bad = await _act(browser, made.id, f"signers/{ann}/replace", name="Ann", email="not an address")
    assert bad.status == 400
    bob = made.signer_ids[1]
    assert (await _act(browser, made.id, f"signers/{bob}/replace", name="Bo", email="bo@example.test",
                       phone="12")).status == 400
    with_phone = await _act(browser, made.id, f"signers/{bob}/replace", name="Bo Texted", email="bo@example.test",
                            phone="+1 202 555 0188")
    assert with_phone.status == 303, with_phone
    assert (await made.record())["signers"][1]["phone"] == "+12025550188"

    csrf = await _csrf(browser, made.id)
    cancelled = await _act(browser, made.id, "cancel", reason="Wrong contract")
    assert cancelled.status == 303
    assert (await made.record())["status"] == "cancelled"
    events = await made.events()
    assert _by(events, "signing_request.cancelled") == actor
    assert [e for e in events if e["event_type"] == "signing_request.cancelled"][0]["metadata"]["reason"] == \
        "Wrong contract"
    refused = await browser.post(f"/console/requests/{made.id}/remind", {"csrf": csrf})
    assert refused.status == 409  # the domain's own refusal, as a page
    metrics = (await server.client.get("/metrics", key=None)).body.decode()
    for action, count in (("reminded", 1), ("signer_replaced", 2), ("cancelled", 1), ("downloaded", 0)):
        assert f'esign_console_actions_total{{action="{action}"}} {count}.0' in metrics, action
    browser.close()


async def test_a_sender_reaches_their_own_requests_an_admin_all_and_no_one_another_organisations(server):
    await _member(server, "Org A", SENDER, "sender")
    await _member(server, "Org A", "boss@a.example.test", "admin")
    await _member(server, "Org B", "bea@b.example.test", "admin")
    adas = (await make_request(server, [ANN])).id
    sandys = (await make_request(server, [BOB], key="a_sandbox")).id  # owner sandy@a.example.test
    ada, boss, bea = [await signed_in(server, e) for e in (SENDER, "boss@a.example.test", "bea@b.example.test")]
    assert (await ada.get(f"/console/requests/{adas}")).status == 200
    assert (await ada.get(f"/console/requests/{sandys}")).status == 404
    assert (await boss.get(f"/console/requests/{sandys}")).status == 200
    assert (await bea.get(f"/console/requests/{adas}")).status == 404
    assert (await ada.get("/console/requests/not-an-id")).status == 404
    # an action on a request the member may not reach does nothing
    csrf = await _csrf(ada, adas)
    assert (await ada.post(f"/console/requests/{sandys}/cancel", {"csrf": csrf})).status == 404
    assert (await server.services.store.signing_requests.by_id(sandys))["status"] == "pending"
    # signed out: to sign-in, for the page and for its actions
    stranger = ConsoleBrowser(server.url)
    assert (await stranger.get(f"/console/requests/{adas}")).headers["Location"] == "/console/sign-in"
    assert (await stranger.post(f"/console/requests/{adas}/cancel", {"csrf": csrf})).status == 303
    assert (await server.services.store.signing_requests.by_id(adas))["status"] == "pending"
    for b in (ada, boss, bea, stranger):
        b.close()


async def test_a_link_signers_fresh_url_is_shown_and_works(server):
    ada = await _member(server, "Org A", SENDER, "sender")
    made = await make_request(server, [{**BOB, "delivery": "link"}, ANN])
    browser = await signed_in(server, SENDER)
    page = (await browser.get(f"/console/requests/{made.id}")).body.decode()
    bob, ann = made.signer_ids
    assert f"/signers/{bob}/link" in page and f"/signers/{ann}/link" not in page  # Ann's link goes by email
    shown = await _act(browser, made.id, f"signers/{bob}/link")
    assert shown.status == 200 and shown.headers["Cache-Control"] == "no-store"
    url = re.search(r'id="link" class="link" readonly value="([^"]+)"', shown.body.decode()).group(1)
    token = url.rsplit("/sign/", 1)[1]
    assert (await server.client.get(f"/sign/{token}/api", key=None)).status == 200
    assert _by(await made.events(), "signing_event.link_issued")["member_id"] == ada["id"]
    assert (await _act(browser, made.id, f"signers/{ann}/link")).status == 409
    browser.close()


@pytest.mark.slow  # a request finalised: sealed PDF and certificate
async def test_a_member_opens_a_draft_in_the_editor_sends_it_another_signs_and_the_certificate_names_them(
        server, tmp_path):
    ada = await _member(server, "Org A", SENDER, "sender", "Ada Lovelace")
    made = await make_request(server, [ANN], send=False, separate_stamp_page=True)
    browser = await signed_in(server, SENDER)
    assert (await browser.post(f"/console/requests/{made.id}/edit", {"csrf": "forged"})).status == 403
    opened = await _act(browser, made.id, "edit")
    assert opened.status == 303 and "/author/" in opened.headers["Location"], opened
    editor_page = await browser.get(opened.headers["Location"])
    assert editor_page.status == 200, editor_page  # the editor's page, for a session with no embed origin
    token = opened.headers["Location"].rsplit("/author/", 1)[1]
    secret = (await server.client.post("/author/api/open", {"token": token}, key=None)).json["secret"]
    view = await editor(server.client, secret, "GET", "/session")
    assert view.status == 200 and view.json["request"]["id"] == made.id
    sent = await editor(server.client, secret, "POST", f"/requests/{made.id}/send")
    assert sent.status == 200, sent
    assert _by(await made.events(), "signing_request.sent")["member_id"] == ada["id"]

    signed = await spost(server, await made.token(0), "sign", {"signature": typed(), "consent": True})
    assert signed.status == 200, signed
    await server.run_jobs()
    page = (await browser.get(f"/console/requests/{made.id}")).body.decode()
    assert "Certificate of completion" in page and "Signed PDF produced" in page
    document = (await made.record())["documents"][0]["id"]
    files = {}
    for which, extra in (("signed", {"document": document}), ("certificate", {})):
        got = await _act(browser, made.id, "download", file=which, **extra)
        assert got.status == 303, got
        pdf = await server.client.get(got.headers["Location"][len(server.url):], key=None)
        assert pdf.status == 200 and pdf.body.startswith(b"%PDF")
        files[which] = pdf.body
    certificate = pdftotext(files["certificate"], tmp_path)
    text = " ".join(certificate.split())
    # the draft's owner became the member, and the send is the member's: no API key is named
    assert "Ada Lovelace (sender)" in text and "API key" not in text
    downloaded = [e["metadata"].get("by") for e in await made.events() if e["event_type"] == "signing_event.downloaded"]
    assert downloaded and all(by["member_id"] == ada["id"] for by in downloaded)
    assert (await _act(browser, made.id, "download", file="everything")).status == 400
    browser.close()


async def test_a_drafts_page_offers_the_editor_and_no_reminder_or_download(server):
    """A draft shows the editor's button and no downloads; a pending request the reminder."""
    await _member(server, "Org A", SENDER, "sender")
    draft = await make_request(server, [ANN], send=False, document_id=await upload(server))
    browser = await signed_in(server, SENDER)
    page = (await browser.get(f"/console/requests/{draft.id}")).body.decode()
    assert f"/console/requests/{draft.id}/edit" in page and "/remind" not in page and "/download" not in page
    browser.close()


async def test_a_download_on_another_origin_is_a_link_to_follow_not_a_redirect(tmp_path):
    """The console's CSP (form-action 'self') would stop a form's redirect to the storage's own origin."""
    async with linked_storage_server(tmp_path) as server:
        await _member(server, "Org A", "boss@a.example.test", "admin")
        request = await complete_request(server, server.client, await upload(server))
        await server.run_jobs()
        browser = await signed_in(server, "boss@a.example.test")
        got = await _act(browser, request["id"], "download", file="signed")
        assert got.status == 200 and got.headers["Cache-Control"] == "no-store", got
        assert 'href="https://files.example.test/orgs/' in got.body.decode()
        browser.close()


async def test_a_members_editor_session_stops_when_the_member_is_gone(server):
    """A console member's authoring session has no API key: the member is checked at every call."""
    ada = await _member(server, "Org A", SENDER, "sender")
    made = await make_request(server, [ANN], send=False)
    browser = await signed_in(server, SENDER)
    opened = await _act(browser, made.id, "edit")
    token = opened.headers["Location"].rsplit("/author/", 1)[1]
    secret = (await server.client.post("/author/api/open", {"token": token}, key=None)).json["secret"]
    assert (await editor(server.client, secret, "GET", "/session")).status == 200
    await server.services.store.members.col.delete_one({"_id": ada["id"]})  # no command removes a member yet
    gone = await editor(server.client, secret, "GET", "/session")
    assert gone.status == 401 and gone.json["error"]["code"] == "unauthorized"
    browser.close()


async def test_a_requests_page_names_each_roles_status(server):
    """Approvers, viewers and copies show their own statuses on the request's page, not "Not invited yet"."""
    await _member(server, "Org A", SENDER, "sender")
    approver = {"name": "Lee Legal", "email": "legal@example.test", "type": "approver"}
    viewer = {"name": "Val Viewer", "email": "val@example.test", "type": "viewer"}
    copy = {"name": "Cas Copy", "email": "cas@example.test", "type": "cc", "notify_on": "sent"}
    made = await make_request(server, [approver, viewer, copy, ANN], order="parallel")
    assert (await spost(server, await made.token(0), "approve")).status == 200
    browser = await signed_in(server, SENDER)
    page = (await browser.get(f"/console/requests/{made.id}")).body.decode()
    states = dict(re.findall(r"<p>([^<]+?) · <span class=\"state\">([^<]+)</span>", page))
    assert states == {"legal@example.test": "Approved", "val@example.test": "Invited", "cas@example.test": "Notified",
                      ANN["email"]: "Invited"}, states
    assert (await spost(server, await made.token(1), "acknowledge")).status == 200
    page = (await browser.get(f"/console/requests/{made.id}")).body.decode()
    assert dict(re.findall(r"<p>([^<]+?) · <span class=\"state\">([^<]+)</span>", page))["val@example.test"] \
        == "Reviewed and acknowledged"

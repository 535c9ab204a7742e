"""The console's templates over real HTTP: the organisation's list (never another's), and "use": each
role mapped to a person and the request sent by the template send's domain function, owned and sent
by the member (recorded as actor); refused without the CSRF token or with a bad address."""
from __future__ import annotations

import re

from esign.domain.console import members as console_members
from tests.support.authoring import editor
from tests.support.console import CSRF, ConsoleBrowser, signed_in
from tests.support.signing import upload
from tests.support.templates import field, make_template

SENDER = "ada@a.example.test"
ROW = re.compile(r'<tr data-id="([0-9a-f-]+)">')


async def _template(server, key: str = "a", **extra) -> dict:
    body = {"name": "Non-disclosure agreement", "document_id": await upload(server, key), "signing_order": "sequential",
            "roles": [{"name": "Client", "order": 1, "fields": [field()]},
                      {"name": "Witness", "order": 2, "fields": [field(page_number=2)]}], **extra}
    resp = await server.client.post("/v1/templates", body, key=key)
    assert resp.status == 201, resp
    return resp.json


async def test_a_member_lists_the_templates_and_sends_one_with_a_person_for_each_role(server):
    org = await server.services.store.organizations.by_name("Org A")
    member = await console_members.add_member(server.services, org, SENDER, "Ada Lovelace", "sender")
    other = await server.services.store.organizations.by_name("Org B")
    await console_members.add_member(server.services, other, "bea@b.example.test", "Bea", "admin")
    template = await _template(server)
    theirs = await _template(server, key="b")
    ada, bea = await signed_in(server, SENDER), await signed_in(server, "bea@b.example.test")
    assert ROW.findall((await ada.get("/console/templates")).body.decode()) == [template["id"]]
    assert ROW.findall((await bea.get("/console/templates")).body.decode()) == [theirs["id"]]
    assert (await bea.get(f"/console/templates/{template['id']}")).status == 404
    assert (await ada.get("/console/templates?after=" + theirs["id"])).status == 400

    form_page = await ada.get(f"/console/templates/{template['id']}")
    assert form_page.status == 200 and "Who signs as Client?" in form_page.body.decode()
    csrf = CSRF.search(form_page.body.decode()).group(1)
    people = {"name-0": "Cleo Client", "email-0": "cleo@example.test", "name-1": "Wes Witness",
              "email-1": "wes@example.test"}
    assert (await ada.post(f"/console/templates/{template['id']}", {**people, "csrf": "forged"})).status == 403
    bad = await ada.post(f"/console/templates/{template['id']}", {**people, "email-1": "wes", "csrf": csrf})
    assert bad.status == 400 and "every role" in bad.body.decode()
    assert (await bea.post(f"/console/templates/{template['id']}", {**people, "csrf": csrf})).status in (403, 404)

    sent = await ada.post(f"/console/templates/{template['id']}", {**people, "csrf": csrf})
    assert sent.status == 303, sent
    request_id = re.fullmatch(r"/console/requests/([0-9a-f-]+)\?done=sent", sent.headers["Location"]).group(1)
    request = await server.services.store.signing_requests.by_id(request_id)
    assert request["status"] == "pending" and request["template_id"] == template["id"]
    assert (request["owner_name"], request["owner_email"]) == ("Ada Lovelace", SENDER)
    assert [(s["name"], s["email"], s["order"]) for s in request["signers"]] == [
        ("Cleo Client", "cleo@example.test", 1), ("Wes Witness", "wes@example.test", 2)]
    events = await server.services.store.events.for_request(request["org_id"], request_id)
    [sent_event] = [e for e in events if e["event_type"] == "signing_request.sent"]
    assert sent_event["metadata"]["by"]["member_id"] == member["id"]
    assert "The signing request was sent." in (await ada.get(sent.headers["Location"])).body.decode()
    for b in (ada, bea):
        b.close()
    assert (await ConsoleBrowser(server.url).get("/console/templates")).headers["Location"] == "/console/sign-in"


async def test_the_placeholders_of_a_template_are_filled_from_the_form(server):
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, SENDER, "Ada Lovelace", "admin")
    template = await make_template(server.client, await upload(server))  # {{first_name}}, {{ buyer_company }}
    ada = await signed_in(server, SENDER)
    page = (await ada.get(f"/console/templates/{template['id']}")).body.decode()
    assert '<label for="var-0">buyer_company</label>' in page and '<label for="var-1">first_name</label>' in page
    people = {"name-0": "Bea Buyer", "email-0": "bea@example.test", "name-1": "Sam Seller",
              "email-1": "sam@example.test", "csrf": CSRF.search(page).group(1)}
    too_long = await ada.post(f"/console/templates/{template['id']}", {**people, "var-0": "x" * 1001, "var-1": "Bea"})
    assert too_long.status == 400
    sent = await ada.post(f"/console/templates/{template['id']}", {**people, "var-0": "Acme Ltd", "var-1": "Bea"})
    assert sent.status == 303, sent
    request = await server.services.store.signing_requests.by_id(sent.headers["Location"].split("/")[3].split("?")[0])
    assert request["message"] == "Hello Bea, please sign." and request["email_subject"] == "Contract for Acme Ltd"
    assert "Buyer: Acme Ltd" in [f.get("value") for f in request["fields"]]
    ada.close()


async def test_a_member_opens_a_template_in_the_editor_and_renames_it(server):
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, SENDER, "Ada Lovelace", "sender")
    other = await server.services.store.organizations.by_name("Org B")
    await console_members.add_member(server.services, other, "bea@b.example.test", "Bea", "admin")
    template = await _template(server)
    ada, bea = await signed_in(server, SENDER), await signed_in(server, "bea@b.example.test")
    page = (await ada.get(f"/console/templates/{template['id']}")).body.decode()
    assert f"/console/templates/{template['id']}/edit" in page
    csrf = CSRF.search(page).group(1)
    assert (await ada.post(f"/console/templates/{template['id']}/edit", {"csrf": "forged"})).status == 403
    assert (await bea.post(f"/console/templates/{template['id']}/edit", {"csrf": csrf})).status in (403, 404)
    opened = await ada.post(f"/console/templates/{template['id']}/edit", {"csrf": csrf})
    assert opened.status == 303 and "/author/" in opened.headers["Location"], opened
    assert (await ada.get(opened.headers["Location"])).status == 200  # the editor's page
    token = opened.headers["Location"].rsplit("/author/", 1)[1]
    secret = (await server.client.post("/author/api/open", {"token": token}, key=None)).json["secret"]
    view = await editor(server.client, secret, "GET", "/session")
    assert view.status == 200 and view.json["template"]["id"] == template["id"], view
    renamed = await editor(server.client, secret, "PATCH", f"/templates/{template['id']}", {"name": "NDA, 2027"})
    assert renamed.status == 200, renamed
    assert (await server.client.get(f"/v1/templates/{template['id']}")).json["name"] == "NDA, 2027"
    metrics = (await server.client.get("/metrics", key=None)).body.decode()
    assert 'esign_console_actions_total{action="template_editor_opened"} 1.0' in metrics

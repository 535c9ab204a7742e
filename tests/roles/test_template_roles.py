"""Assistants, witnesses and a cc's `notify_on` on a template's roles (docs/roles.md) over real HTTP, mail in
the Maildir: an assistant role `assists` signer roles and a witness role is `witness_for` one, by name; a send
turns the names into the people given for them, so the request is the one a create body with their emails
makes; the assistant prefills, the witness is invited once its signer signed, and a cc role with
`notify_on: "sent"` gets its read-only link at send. Every bad link is a 422 naming the role's field, at
create and PATCH."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.mail import maildir
from tests.support.public_links import NO_KEY, code_for, link_of, slug, start
from tests.support.routing import sign_with
from tests.support.signing import Made, sget, spost, upload
from tests.support.templates import field

ROLES = [
    {"name": "Helper", "type": "assistant", "assists": ["boss"], "fields": []},
    {"name": "Boss", "fields": [field(), field(field_type="text", y_percent=20, placeholder="Company")]},
    {"name": "Witness", "type": "witness", "witness_for": "BOSS", "fields": [
        field(x_percent=50), field(field_type="text", x_percent=50, y_percent=20, placeholder="Witness name")]},
    {"name": "Copy", "type": "cc", "notify_on": "sent", "fields": []},
]
PEOPLE = {"Helper": ("Hal Helper", "hal@example.test"), "Boss": ("Bo Boss", "bo@example.test"),
          "Witness": ("Wes Witness", "wes@example.test"), "Copy": ("Cy Copy", "cy@example.test")}


def people(**extra) -> list[dict]:
    return [{"name": name, "email": email, "role": role, **extra.get(role, {})} for role, (name, email) in PEOPLE.items()]


async def template(server, roles=ROLES, **extra) -> dict:
    doc = await upload(server)
    resp = await server.client.post("/v1/templates", {"name": "Deed", "document_id": doc, "roles": roles, **extra})
    assert resp.status == 201, resp
    return resp.json


def shape(request: dict) -> list[tuple]:
    """Each participant's kind and links, the links by the linked person's email."""
    email = {s["id"]: s["email"] for s in request["signers"]}
    return [(s["email"], s["type"], s["status"], [email[a] for a in s["assists"]], email.get(s["witness_for"]),
             s["notify_on"]) for s in request["signers"]]


def mails_to(server, email: str) -> list:
    return [m for m in maildir(server) if email in m["To"]]


async def test_a_template_with_an_assistant_a_witness_and_an_early_cc_is_sent(server):
    t = await template(server)
    assert [(r["name"], r.get("assists"), r.get("witness_for"), r.get("notify_on")) for r in t["roles"]] == [
        ("Helper", ["boss"], None, None), ("Boss", None, None, None), ("Witness", None, "BOSS", None),
        ("Copy", None, None, "sent")]
    resp = await server.client.post(f"/v1/templates/{t['id']}/send", {"signers": people()})
    assert resp.status == 201, resp
    sent = resp.json
    assert shape(sent) == [
        ("hal@example.test", "assistant", "sent", ["bo@example.test"], None, None),
        ("bo@example.test", "signer", "pending", [], None, None),
        ("wes@example.test", "witness", "pending", [], "bo@example.test", None),
        ("cy@example.test", "cc", "notified", [], None, "sent")]

    made = Made(server, sent, "a", {})
    await server.run_jobs()
    assert len(mails_to(server, "cy@example.test")) == 1  # the cc's read-only link, at send
    assert mails_to(server, "bo@example.test") == [] and mails_to(server, "wes@example.test") == []
    record = await made.record()
    company = next(f["id"] for f in record["fields"] if f.get("placeholder") == "Company")
    token = await made.token(0)
    view = (await sget(server, token)).json
    assert view["signer"]["type"] == "assistant" and [f["id"] for f in view["fields"]] == [company]
    resp = await spost(server, token, "prepare", {"values": {company: "Acme Ltd"}})
    assert resp.status == 200, resp

    boss = (await sget(server, await made.token(1))).json
    [prefilled] = [f for f in boss["fields"] if f["id"] == company]
    assert (prefilled["value"], prefilled["prefilled_by"]) == ("Acme Ltd", "Hal Helper")
    await server.run_jobs()
    assert len(mails_to(server, "bo@example.test")) == 1 and mails_to(server, "wes@example.test") == []
    await sign_with(server, await made.token(1), "Bo Boss")
    assert [s["status"] for s in (await made.get())["signers"]] == ["prepared", "signed", "sent", "notified"]
    await server.run_jobs()
    assert len(mails_to(server, "wes@example.test")) == 1  # invited right after the signer it witnesses
    name = next(f["id"] for f in record["fields"] if f.get("placeholder") == "Witness name")
    await sign_with(server, await made.token(2), "Wes Witness", values={name: "Wes Witness"})
    done = await made.get()
    assert done["status"] == "completed" and done["signers"][2]["witnessed_at"]


async def test_a_public_link_request_takes_the_roles_links(server):
    """A public link's request is made from the template by the same send: the visitor's role is
    witnessed, and a fixed cc role's person may say `notify_on`."""
    t = await template(server, roles=[{"name": "Guest", "fields": [field()]},
                                      {"name": "Witness", "type": "witness", "witness_for": "guest",
                                       "fields": [field(x_percent=50)]},
                                      {"name": "Copy", "type": "cc", "notify_on": "sent", "fields": []}])
    link = await link_of(server.client, t, fixed_roles=[
        {"role": "Witness", "name": "Wes Witness", "email": "wes@example.test"},
        {"role": "copy", "name": "Cy Copy", "email": "cy@example.test", "notify_on": "completed"}])
    assert (await start(server, link, "vera@example.test")).status == 202
    resp = await server.client.post(f"/p/{slug(link)}/verify", {"email": "vera@example.test",
                                                                "code": code_for(server, "vera@example.test")}, **NO_KEY)
    assert resp.status == 201, resp
    request = (await server.client.get(f"/v1/signing-requests/{resp.json['signing_request_id']}")).json
    assert shape(request) == [("vera@example.test", "signer", "sent", [], None, None),
                              ("wes@example.test", "witness", "pending", [], "vera@example.test", None),
                              ("cy@example.test", "cc", "pending", [], None, "completed")]


async def test_role_links_are_validated_at_create_and_patch(server):
    async def refused(roles, **extra) -> list[dict]:
        doc = await upload(server)
        err = assert_error(await server.client.post("/v1/templates", {"name": "T", "document_id": doc,
                                                                      "roles": roles, **extra}), 422)
        return err["details"]

    signer = {"name": "Boss", "fields": [field()]}
    assert await refused([{"name": "Helper", "type": "assistant", "assists": ["Nobody"]}, signer]) == [
        {"field": "roles.0.assists", "message": "Nobody is not a signer role of this template"}]
    assert await refused([{"name": "Helper", "type": "assistant"}, signer]) == [
        {"field": "roles.0.assists", "message": "an assistant assists at least one signer: give their role names"}]
    # after the signer it assists in a sequential template
    assert await refused([signer, {"name": "Helper", "type": "assistant", "assists": ["Boss"]}]) == [
        {"field": "roles.1.order", "message": "an assistant prefills before the signers it assists: give it an order "
                                              "lower than Boss's"}]
    assert await refused([signer, {"name": "W", "type": "witness", "witness_for": "C"},
                          {"name": "C", "type": "cc"}]) == [
        {"field": "roles.1.witness_for", "message": "C is not a signer role of this template"}]
    assert await refused([signer, {"name": "W", "type": "witness"}]) == [
        {"field": "roles.1.witness_for", "message": "a witness witnesses one signer: give its role name"}]
    assert await refused([{**signer, "notify_on": "sent", "witness_for": "Boss", "assists": ["Boss"]}]) == [
        {"field": "roles.0.witness_for", "message": "only a witness has witness_for"},
        {"field": "roles.0.assists", "message": "only an assistant assists"},
        {"field": "roles.0.notify_on", "message": "only a participant of type cc is notified: leave it out"}]
    assert (await refused([{**signer, "notify_on": "later"}]))[0]["field"] == "roles.0.notify_on"

    t = await template(server)
    moved = [{**r, "order": 5 - i} for i, r in enumerate(ROLES)]  # the assistant now after its signer
    err = assert_error(await server.client.patch(f"/v1/templates/{t['id']}", {"roles": moved}), 422)
    assert [d["field"] for d in err["details"]] == ["roles.0.order"]
    # in parallel the assistant acts first whatever its order
    resp = await server.client.patch(f"/v1/templates/{t['id']}", {"roles": moved, "signing_order": "parallel"})
    assert resp.status == 200, resp
    err = assert_error(await server.client.patch(f"/v1/templates/{t['id']}", {"signing_order": "sequential"}), 422)
    assert [d["field"] for d in err["details"]] == ["roles.0.order"]


async def test_a_send_may_give_a_cc_roles_person_notify_on_and_nobody_else(server):
    t = await template(server)
    resp = await server.client.post(f"/v1/templates/{t['id']}/send", {"signers": people(Copy={"notify_on": "completed"})})
    assert resp.status == 201, resp
    assert shape(resp.json)[3] == ("cy@example.test", "cc", "pending", [], None, "completed")
    err = assert_error(await server.client.post(f"/v1/templates/{t['id']}/send",
                                                {"signers": people(Boss={"notify_on": "sent"})}), 422)
    assert err["details"] == [{"field": "signers.1.notify_on",
                               "message": "only a participant of type cc is notified: leave it out"}]


async def test_a_send_makes_what_a_create_body_with_emails_makes(server):
    t = await template(server)
    resp = await server.client.post(f"/v1/templates/{t['id']}/send", {"signers": people(), "auto_send": False})
    assert resp.status == 201, resp
    by_email = [{"name": n, "email": e, "order": i + 1} for i, (n, e) in enumerate(PEOPLE.values())]
    by_email[0].update(type="assistant", assists=["bo@example.test"])
    by_email[2].update(type="witness", witness_for="bo@example.test")
    by_email[3].update(type="cc", notify_on="sent")
    direct = await server.client.post("/v1/signing-requests", {"document_id": t["document_id"], "signers": by_email,
                                                               "signing_order": "sequential"})
    assert direct.status == 201, direct
    assert shape(resp.json) == shape(direct.json)
    assert [s["type"] for s in resp.json["signers"]] == ["assistant", "signer", "witness", "cc"]

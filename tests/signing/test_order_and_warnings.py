"""Order and fields as people mean them (issue 26, item 6), over HTTP: a sequential request whose
signers give no `order` invites them one at a time in list order (an explicit order still wins);
sending, or creating with `auto_send`, answers with `warnings` naming signers who have no field."""
from __future__ import annotations

from tests.support.signing import make_request, spost, typed, upload
from tests.support.templates import make_template
from tests.support.templates import signers as template_signers

ANN = {"name": "Ann Example", "email": "ann@example.test"}
BOB = {"name": "Bob Stone", "email": "bob@example.test"}
CY = {"name": "Cy Young", "email": "cy@example.test"}


def states(body: dict) -> list[tuple[str, int, str]]:
    return [(s["email"].split("@")[0], s["order"], s["status"]) for s in body["signers"]]


async def test_sequential_without_orders_invites_one_at_a_time_in_list_order(server):
    made = await make_request(server, [ANN, BOB, CY], order="sequential",
                              fields={"a": {}, "b": {"signer": 1}, "c": {"signer": 2}})
    assert states(made.body) == [("ann", 1, "sent"), ("bob", 2, "pending"), ("cy", 3, "pending")]
    assert made.body["warnings"] == []
    assert (await spost(server, await made.token(0), "sign", {"signature": typed(), "consent": True})).status == 200
    assert states(await made.get()) == [("ann", 1, "signed"), ("bob", 2, "sent"), ("cy", 3, "pending")]


async def test_explicit_orders_win_and_a_missing_one_takes_its_place(server):
    made = await make_request(server, [{**ANN, "order": 3}, BOB, {**CY, "order": 1}], order="sequential",
                              fields={"a": {}, "b": {"signer": 1}, "c": {"signer": 2}})
    assert states(made.body) == [("ann", 3, "pending"), ("bob", 2, "pending"), ("cy", 1, "sent")]
    # equal explicit orders sign together
    both = await make_request(server, [{**ANN, "order": 1}, {**BOB, "order": 1}], order="sequential",
                              fields={"a": {}, "b": {"signer": 1}})
    assert states(both.body) == [("ann", 1, "sent"), ("bob", 1, "sent")]
    # parallel: everyone at once, orders as given or 1
    par = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    assert states(par.body) == [("ann", 1, "sent"), ("bob", 1, "sent")]


async def test_sending_warns_of_signers_without_fields(server):
    client = server.client
    made = await make_request(server, [ANN, BOB, CY], fields={"a": {}})
    ids = {s["email"]: s["id"] for s in made.body["signers"]}
    warnings = made.body["warnings"]
    assert [(w["code"], w["email"], w["signer_id"]) for w in warnings] == [
        ("signer_without_fields", "bob@example.test", ids["bob@example.test"]),
        ("signer_without_fields", "cy@example.test", ids["cy@example.test"])]
    assert "bob@example.test" in warnings[0]["message"]
    # the sending itself is unchanged: everyone is invited
    assert [s["status"] for s in made.body["signers"]] == ["sent"] * 3
    # GET and drafts carry no warnings
    assert "warnings" not in await made.get()
    doc = await upload(server)
    draft = await client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN], "signing_order": "parallel"})
    assert draft.status == 201 and "warnings" not in draft.json
    # create with auto_send: the same warnings
    auto = await client.post("/v1/signing-requests", {"document_id": doc, "signers": [ANN, BOB], "auto_send": True,
                                                       "fields": [{"signer_email": ANN["email"], "x_percent": 10,
                                                                   "y_percent": 10}]})
    assert auto.status == 201, auto
    assert auto.json["status"] == "pending"
    assert [w["email"] for w in auto.json["warnings"]] == ["bob@example.test"]


async def test_template_send_warns_of_roles_without_fields(server):
    client = server.client
    doc = await upload(server)
    roles = [{"name": "Buyer", "fields": [{"x_percent": 10, "y_percent": 10}]}, {"name": "Seller"}]
    t = await make_template(client, doc, roles=roles, cc_emails=[], email_subject=None, default_message=None)
    sent = await client.post(f"/v1/templates/{t['id']}/send", {"signers": template_signers()})
    assert sent.status == 201, sent
    assert [(w["code"], w["email"]) for w in sent.json["warnings"]] == [("signer_without_fields", "seller@example.test")]


async def test_openapi_documents_the_warnings(server):
    spec = (await server.client.get("/v1/openapi.json", key=None)).json
    schemas = spec["components"]["schemas"]
    warnings = schemas["SigningRequest"]["properties"]["warnings"]
    assert "signer_without_fields" in warnings["description"]
    send = spec["paths"]["/v1/signing-requests/{request_id}/send"]["post"]
    assert "warnings" in send["description"]

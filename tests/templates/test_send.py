"""Sending from a template over real HTTP: role mapping, placeholders, defaults, document override,
drafts, idempotency, quota; invitations through a real SMTP server."""
import asyncio
import datetime as dt
import uuid

import pytest

from esign.api.templates import TemplateSend
from esign.clock import iso
from esign.domain.templating import templates as templates_domain
from tests.support import KEYS, SAMPLE_PDF, assert_error, raw_db
from tests.support.documents import ONE_PAGE_PDF
from tests.support.templates import VARIABLES, field, make_template, signers


async def send(client, template_id, key="a", headers=None, **body):
    body.setdefault("signers", signers())
    body.setdefault("variables", VARIABLES)
    return await client.post(f"/v1/templates/{template_id}/send", body, key=key, headers=headers)


async def test_send_maps_roles_copies_defaults_and_fills_placeholders(smtp_server):  # noqa: F811
    srv = smtp_server
    client = srv.client
    doc = (await client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    t = await make_template(client, doc, phone_verification_required=True, separate_stamp_page=True,
                            signing_level="aes")
    err = assert_error(await send(client, t["id"], signers=signers()[::-1]), 422, "validation_error")
    assert err["details"] == [{"field": "signers.1.phone", "message": "required when phone_verification_required is true"}]
    resp = await send(client, t["id"], signers=[dict(signers()[0], phone="+12025550199"), signers()[1]])
    assert resp.status == 201, resp
    r = resp.json
    assert r["status"] == "pending" and r["document_id"] == doc and r["signing_order"] == "sequential"
    assert r["message"] == "Hello Bea, please sign." and r["email_subject"] == "Contract for Acme Ltd"
    assert r["reminder_days"] == 3 and r["phone_verification_required"] is True and r["separate_stamp_page"] is True
    assert r["signing_level"] == "aes" and r["identity_verification_required"] is False
    assert r["cc_emails"] == [{"email": "legal@example.test", "name": None}, {"email": "boss@example.test", "name": "Boss"}]
    assert r["expires_at"] == iso(srv.clock.now() + dt.timedelta(days=14))
    buyer, seller = r["signers"]
    assert (buyer["email"], buyer["order"], buyer["status"]) == ("buyer@example.test", 1, "sent")
    assert (seller["email"], seller["order"], seller["status"], seller["phone"]) == ("seller@example.test", 2, "pending", "+12025550100")
    stored = await srv.services.store.signing_requests.by_id(r["id"])
    assert stored["template_id"] == t["id"]
    by_signer = {(f["signer_id"], f["page_number"]): f for f in stored["fields"]}
    assert set(by_signer) == {(buyer["id"], 1), (buyer["id"], 3), (seller["id"], 4)}
    assert by_signer[(buyer["id"], 3)]["value"] == "Buyer: Acme Ltd" and by_signer[(buyer["id"], 1)]["value"] is None
    # sequential: only the buyer is invited, with the filled-in subject and message
    await srv.run_jobs()
    assert [m["To"] for m in srv.inbox.messages] == ["Bea Buyer <buyer@example.test>"]
    assert srv.inbox.messages[0]["Subject"] == "Contract for Acme Ltd"
    assert "Hello Bea, please sign." in srv.inbox.messages[0].get_body(("plain",)).get_content()
    events = [e["event_type"] for e in await srv.services.store.events.for_request(stored["org_id"], r["id"])]
    assert events.count("signing_request.created") == 1 and events.count("signing_request.sent") == 1


async def test_overrides_and_drafts(server, client, document_id):
    t = await make_template(client, document_id)
    resp = await send(client, t["id"], message="Custom for {{first_name}}", expires_in_days=30, auto_send=False)
    assert resp.status == 201, resp
    r = resp.json
    assert r["status"] == "draft" and r["message"] == "Custom for Bea"
    assert r["expires_at"] == iso(server.clock.now() + dt.timedelta(days=30))
    assert [s["status"] for s in r["signers"]] == ["pending", "pending"]
    assert await server.services.store.jobs.count(kind="email") == 0
    # the draft can still be changed and then sent
    sent = await client.post(f"/v1/signing-requests/{r['id']}/send")
    assert sent.status == 200 and sent.json["status"] == "pending"
    # another document of the organisation; the role fields must fit its pages
    small = (await client.upload(ONE_PAGE_PDF.read_bytes(), "one.pdf")).json["id"]
    err = assert_error(await send(client, t["id"], document_id=small), 422, "validation_error")
    assert err["details"][0]["field"] == "document_id" and "page 3" in err["details"][0]["message"]
    await client.patch(f"/v1/templates/{t['id']}", {"roles": [{"name": "Buyer", "fields": [field()]},
                                                           {"name": "Seller", "order": 2}]})
    other = await send(client, t["id"], document_id=small)
    assert other.status == 201 and other.json["document_id"] == small and other.json["document_name"] == "one.pdf"


async def test_roles_without_order_sign_in_their_place_in_the_list(server, client, document_id):
    """A sequential template (the default) whose roles give no order: the first role's signer is
    invited, the second's only after the first signed (an order of 1 for both invited both at once)."""
    roles = [{"name": "Buyer"}, {"name": "Witness", "order": 5}, {"name": "Seller"}]
    t = (await client.post("/v1/templates", {"name": "In turn", "document_id": document_id, "roles": roles})).json
    assert t["signing_order"] == "sequential" and [r["order"] for r in t["roles"]] == [1, 5, 3]
    witness = {"name": "Wes Witness", "email": "witness@example.test", "role": "witness"}
    r = (await send(client, t["id"], signers=[*signers(), witness])).json
    assert [(s["email"], s["order"], s["status"]) for s in r["signers"]] == [
        ("buyer@example.test", 1, "sent"), ("seller@example.test", 3, "pending"), ("witness@example.test", 5, "pending")]
    patched = (await client.patch(f"/v1/templates/{t['id']}", {"roles": [{"name": "Seller"}, {"name": "Buyer"}]})).json
    assert [(r["name"], r["order"]) for r in patched["roles"]] == [("Seller", 1), ("Buyer", 2)]


async def test_template_without_document_needs_one(client, document_id):
    t = (await client.post("/v1/templates", {"name": "No doc", "roles": [{"name": "Signer"}]})).json
    one = [{"name": "Ann", "email": "ann@example.test", "role": "signer"}]
    err = assert_error(await send(client, t["id"], signers=one), 422, "validation_error")
    assert err["details"] == [{"field": "document_id", "message": "the template has no document; give document_id or document_ids"}]
    assert (await send(client, t["id"], signers=one, document_id=document_id)).status == 201
    other_org_doc = (await client.upload(ONE_PAGE_PDF.read_bytes(), key="b")).json["id"]
    assert_error(await send(client, t["id"], signers=one, document_id=other_org_doc), 422, "validation_error")


ROLE_CASES = [
    ([{"name": "Bea", "email": "b@example.test", "role": "Buyer"},
      {"name": "Wes", "email": "w@example.test", "role": "Witness"}],
     [("signers.1.role", "no template role named 'Witness'"), ("signers", "role 'Seller' has no signer")]),
    ([{"name": "Bea", "email": "b@example.test", "role": "Buyer"}], [("signers", "role 'Seller' has no signer")]),
    ([{"name": "Bea", "email": "b@example.test", "role": "Buyer"}, {"name": "Bo", "email": "c@example.test", "role": "BUYER"},
      {"name": "Sam", "email": "s@example.test", "role": "Seller"}], [("signers.1.role", "role 'Buyer' is given twice")]),
]


@pytest.mark.parametrize("given,expected", ROLE_CASES)
async def test_role_mapping_refusals(server, client, document_id, given, expected):
    t = await make_template(client, document_id)
    err = assert_error(await send(client, t["id"], signers=given), 422, "validation_error")
    for where, text in expected:
        assert any(d["field"] == where and text in d["message"] for d in err["details"]), err
    assert (await client.get("/v1/signing-requests")).json["total"] == 0


BAD_SEND = [
    ({"signers": []}, "signers"),
    ({"signers": signers() * 6}, "signers"),
    ({"signers": [dict(signers()[0], name="")]}, "signers.0.name"),
    ({"signers": [dict(signers()[0], name="x" * 256)]}, "signers.0.name"),
    ({"signers": [dict(signers()[0], role="")]}, "signers.0.role"),
    ({"signers": [dict(signers()[0], role="x" * 101)]}, "signers.0.role"),
    ({"signers": [dict(signers()[0], email="nope")]}, "signers.0.email"),
    ({"signers": [dict(signers()[0], order=1)]}, "signers.0.order"),
    ({"signers": [{"name": "a", "email": "a@b.test"}]}, "signers.0.role"),
    ({"variables": {"a": 1}}, "variables.a.value"),
    ({"variables": {"": "x"}}, "variables..key"),
    ({"variables": {f"k{i}": "v" for i in range(101)}}, "variables"),
    ({"variables": ["a"]}, "variables"),
    ({"message": "x" * 1001}, "message"),
    ({"expires_in_days": 0}, "expires_in_days"),
    ({"expires_in_days": 91}, "expires_in_days"),
    ({"auto_send": "yes please"}, "auto_send"),
    ({"document_id": "nope"}, "document_id"),
    ({"surprise": True}, "surprise"),
    ({"signers": signers(seller="BUYER@example.test")}, "signers"),  # duplicate emails in one request
]


@pytest.mark.parametrize("body,where", BAD_SEND, ids=[w + f"#{i}" for i, (_, w) in enumerate(BAD_SEND)])
async def test_send_bounds(client, document_id, body, where):
    t = await make_template(client, document_id)
    err = assert_error(await send(client, t["id"], **body), 422, "validation_error")
    assert where in [d["field"] for d in err["details"]], err


async def test_unreplaced_placeholders_are_refused(server, client, document_id):
    t = await make_template(client, document_id)
    err = assert_error(await send(client, t["id"], variables={"first_name": "Bea"}), 422, "validation_error")
    assert err["details"] == [{"field": "variables.buyer_company", "message":
                               "no value for the placeholder {{buyer_company}} used in email_subject, role 'Buyer' fields.1.value"}]
    err = assert_error(await send(client, t["id"], variables={}, message="Hi {{ who }}"), 422)
    assert [d["field"] for d in err["details"]] == ["variables.who", "variables.buyer_company"]
    # nothing was created and no quota used
    assert (await client.get("/v1/signing-requests")).json["total"] == 0
    # a value is inserted as it is, never expanded again; unused variables are ignored
    r = (await send(client, t["id"], variables={**VARIABLES, "first_name": "{{buyer_company}}", "unused": "x"})).json
    assert r["message"] == "Hello {{buyer_company}}, please sign."
    # bounds hold after filling in
    err = assert_error(await send(client, t["id"], variables={**VARIABLES, "buyer_company": "x" * 1000}), 422)
    assert {d["field"] for d in err["details"]} == {"variables"}
    err = assert_error(await send(client, t["id"], variables={**VARIABLES, "buyer_company": "A\r\nBcc: x@evil.test"}), 422)
    assert "one line" in err["details"][0]["message"]
    err = assert_error(await send(client, t["id"], variables=VARIABLES, message="{{first_name}}" * 300), 422)
    assert err["details"][0]["field"] == "message"


async def test_idempotent_send_returns_the_original(server, client, document_id):
    t = await make_template(client, document_id)
    headers = {"Idempotency-Key": "send-1"}
    first = await send(client, t["id"], headers=headers)
    again = await send(client, t["id"], headers=headers)
    assert first.status == again.status == 201 and first.json == again.json
    assert again.headers["Idempotent-Replayed"] == "true"
    assert (await client.get("/v1/signing-requests")).json["total"] == 1
    assert await server.services.store.jobs.count(kind="email") == 1  # the buyer, once
    assert_error(await send(client, t["id"], headers=headers, message="other"), 409, "idempotency_key_reused")


async def test_quota_scopes_sandbox_and_roleless_templates(server, client, document_id):
    doc = (await client.upload(ONE_PAGE_PDF.read_bytes(), key="free")).json["id"]
    t = (await client.post("/v1/templates", {"name": "One", "document_id": doc, "roles": [{"name": "Signer"}]},
                           key="free")).json
    one = [{"name": "Ann", "email": "ann@example.test", "role": "Signer"}]
    for _ in range(3):  # plan "small": 3 requests a month
        assert (await send(client, t["id"], key="free", signers=one)).status == 201
    assert_error(await send(client, t["id"], key="free", signers=one), 403, "quota_exceeded")
    assert_error(await send(client, t["id"], key="a_read", signers=one), 403, "insufficient_scope")
    # sandbox keys: a sandbox request, no invitation
    t2 = await make_template(client, document_id)
    mails = await server.services.store.jobs.count(kind="email")
    r = await send(client, t2["id"], key="a_sandbox")
    assert r.status == 201 and r.json["sandbox"] is True and r.headers["X-Service-Mode"] == "sandbox"
    assert await server.services.store.jobs.count(kind="email") == mails
    blank = (await client.post("/v1/templates", {"name": "Blank", "document_id": document_id})).json
    err = assert_error(await send(client, blank["id"]), 422)
    assert "the template's roles: none" in err["details"][0]["message"]


async def test_two_runs_of_one_item_at_once_make_one_request(server, client, document_id):
    """Two runs of one bulk item at once (a re-claimed item while the first run still works) create
    under the same request id: the second insert finds the id taken (esign.store.signing_requests
    .RequestExists) and completes the request the first made, without failing, a second request, a
    second event or a second quota count."""
    services = server.services
    t = await make_template(client, document_id)
    key = await services.store.api_keys.by_key(KEYS["a"])
    org = await services.store.organizations.authenticated(key["org_id"])
    template = await services.store.templates.get(org["id"], t["id"])
    body = TemplateSend().load({"signers": signers(), "variables": VARIABLES})
    before = (await services.store.usage.month(org["id"])).get("signing_requests", 0)
    request_id = str(uuid.uuid4())
    made = await asyncio.gather(*(templates_domain.create_request(services, org, key, False, template, body,
                                                                  request_id=request_id) for _ in range(2)))
    assert [r["id"] for r in made] == [request_id, request_id]
    stored = [r async for r in raw_db(services)["signing_requests"].find({"template_id": t["id"]})]
    assert [(r["_id"], r["status"]) for r in stored] == [(request_id, "pending")]
    kinds = [e["event_type"] for e in await services.store.events.for_request(org["id"], request_id)]
    assert sorted(kinds) == ["signing_request.created", "signing_request.sent"]
    assert (await services.store.usage.month(org["id"]))["signing_requests"] == before + 1

"""Templates over real HTTP: create, list, get, update, delete; every bound; org scoping; quota."""
import asyncio

import pytest

from tests.support import SAMPLE_PDF, Hiccup, assert_error, running_server
from tests.support.templates import field, make_template, template_body

READ_KEYS = {"id", "name", "description", "document_id", "document_ids", "signing_order", "default_message", "default_expiry_days",
             "reminder_days", "email_subject", "identity_verification_required", "phone_verification_required",
             "signing_level", "separate_stamp_page", "cc_emails", "roles", "retention", "sandbox", "created_at", "updated_at"}
SUMMARY_KEYS = {"id", "name", "description", "document_id", "document_ids", "signing_order", "role_count", "created_at", "updated_at"}


async def test_create_get_list_shapes(server, client, document_id):
    t = await make_template(client, document_id, separate_stamp_page=True, phone_verification_required=True)
    assert set(t) == READ_KEYS
    assert list(t)[:4] == ["id", "name", "description", "document_id"]
    assert t["document_id"] == document_id and t["signing_order"] == "sequential" and t["default_expiry_days"] == 14
    assert t["cc_emails"] == [{"email": "legal@example.test", "name": None}, {"email": "boss@example.test", "name": "Boss"}]
    assert [r["name"] for r in t["roles"]] == ["Buyer", "Seller"] and t["roles"][1]["order"] == 2
    # role fields: the field create shape without signer_id, defaults filled in
    f = t["roles"][0]["fields"][0]
    assert "signer_id" not in f and f["width_percent"] == 20.0 and f["height_percent"] == 5.0 and f["is_required"] is True
    assert t["separate_stamp_page"] is True and t["phone_verification_required"] is True and t["sandbox"] is False
    got = await client.get(f"/v1/templates/{t['id']}", key="a_read")
    assert got.status == 200 and got.json == t

    server.clock.advance(seconds=1)
    minimal = (await client.post("/v1/templates", {"name": "Blank"})).json
    assert minimal["roles"] == [] and minimal["cc_emails"] == [] and minimal["document_id"] is None
    assert (minimal["signing_order"], minimal["default_expiry_days"], minimal["signing_level"]) == ("sequential", 7, "ses")
    assert minimal["reminder_days"] is None and minimal["identity_verification_required"] is False

    page = (await client.get("/v1/templates")).json
    assert page["total"] == 2 and [s["id"] for s in page["items"]] == [minimal["id"], t["id"]]  # newest first
    assert set(page["items"][1]) == SUMMARY_KEYS and page["items"][1]["role_count"] == 2
    second = (await client.get("/v1/templates?limit=1&offset=1")).json
    assert second["total"] == 2 and [s["id"] for s in second["items"]] == [t["id"]]
    for query in ("limit=0", "limit=101", "offset=-1", "limit=x", "surprise=1"):
        assert_error(await client.get(f"/v1/templates?{query}"), 422, "validation_error")
    assert (await client.get("/v1/templates", key="b")).json == {"items": [], "total": 0, "has_more": False}


def long(n):
    return "x" * n


ROLE = {"name": "Signer", "fields": [field()]}
BAD_BODIES = [
    ({}, "name"),
    ({"name": ""}, "name"),
    ({"name": long(256)}, "name"),
    ({"name": 5}, "name"),
    ({"name": "T", "description": long(1001)}, "description"),
    ({"name": "T", "default_message": long(1001)}, "default_message"),
    ({"name": "T", "default_expiry_days": 0}, "default_expiry_days"),
    ({"name": "T", "default_expiry_days": 91}, "default_expiry_days"),
    ({"name": "T", "reminder_days": 0}, "reminder_days"),
    ({"name": "T", "reminder_days": 31}, "reminder_days"),
    ({"name": "T", "email_subject": long(256)}, "email_subject"),
    ({"name": "T", "email_subject": "two\nlines"}, "email_subject"),
    ({"name": "T", "signing_level": "xes"}, "signing_level"),
    ({"name": "T", "signing_order": "random"}, "signing_order"),
    ({"name": "T", "document_id": "not-a-uuid"}, "document_id"),
    ({"name": "T", "document_id": "00000000-0000-4000-8000-000000000000"}, "document_id"),
    ({"name": "T", "identity_verification_required": "maybe"}, "identity_verification_required"),
    ({"name": "T", "surprise": 1}, "surprise"),
    ({"name": "T", "cc_emails": ["not-an-email"]}, "cc_emails.0.email"),
    ({"name": "T", "cc_emails": [{"email": "a@b.test", "role": "x"}]}, "cc_emails.0.role"),
    ({"name": "T", "cc_emails": [42]}, "cc_emails.0"),
    ({"name": "T", "cc_emails": [f"c{i}@b.test" for i in range(21)]}, "cc_emails"),
    ({"name": "T", "roles": [dict(ROLE, name=f"R{i}") for i in range(11)]}, "roles"),
    ({"name": "T", "roles": [dict(ROLE, name="")]}, "roles.0.name"),
    ({"name": "T", "roles": [dict(ROLE, name=long(101))]}, "roles.0.name"),
    ({"name": "T", "roles": [dict(ROLE, order=0)]}, "roles.0.order"),
    ({"name": "T", "roles": [ROLE, dict(ROLE, name="SIGNER")]}, "roles.1.name"),
    ({"name": "T", "roles": [dict(ROLE, extra=1)]}, "roles.0.extra"),
    ({"name": "T", "roles": [{"name": "R", "fields": [{"x_percent": 1}]}]}, "roles.0.fields.0.y_percent"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(signer_id="00000000-0000-4000-8000-000000000000")]}]},
     "roles.0.fields.0.signer_id"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(x_percent=101)]}]}, "roles.0.fields.0.x_percent"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(width_percent=81)]}]}, "roles.0.fields.0.width_percent"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(height_percent=0.5)]}]}, "roles.0.fields.0.height_percent"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(page_number=0)]}]}, "roles.0.fields.0.page_number"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(page_number=10001)]}]}, "roles.0.fields.0.page_number"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(placeholder=long(256))]}]}, "roles.0.fields.0.placeholder"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(value=long(1001))]}]}, "roles.0.fields.0.value"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(field_type="stamp")]}]}, "roles.0.fields.0.field_type"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(field_type="select")]}]}, "roles.0.fields.0.options"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(validation_type="regex")]}]},
     "roles.0.fields.0.validation_pattern"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(validation_type="regex", validation_pattern="(")]}]},
     "roles.0.fields.0.validation_pattern"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field(x_percent=90)]}]}, "roles.0.fields.0"),
    ({"name": "T", "roles": [{"name": "R", "fields": [field()] * 2501}, {"name": "S", "fields": [field()] * 2500}]},
     "roles"),
]


@pytest.mark.parametrize("body,where", BAD_BODIES, ids=[w + f"#{i}" for i, (_, w) in enumerate(BAD_BODIES)])
async def test_create_bounds(client, body, where):
    err = assert_error(await client.post("/v1/templates", body), 422, "validation_error")
    assert where in [d["field"] for d in err["details"]], err


async def test_fields_must_lie_on_the_documents_pages(client, document_id):
    body = template_body(document_id)
    body["roles"][1]["fields"].append(field(page_number=5))
    err = assert_error(await client.post("/v1/templates", body), 422, "validation_error")
    assert err["details"] == [{"field": "roles.1.fields.1.page_number", "message": "the document has 4 pages"}]
    # another organisation's document is unknown here
    assert_error(await client.post("/v1/templates", template_body(document_id), key="b"), 422, "validation_error")


async def test_malformed_bodies(client):
    assert_error(await client.post("/v1/templates", body=b"{", headers={"Content-Type": "application/json"}), 400)
    assert_error(await client.post("/v1/templates", body=b"[]", headers={"Content-Type": "application/json"}), 400)
    assert_error(await client.post("/v1/templates"), 400)


async def test_qes_needs_a_provider(client):
    assert_error(await client.post("/v1/templates", {"name": "Q", "signing_level": "qes"}), 403, "plan_restricted")


async def test_update(server, client, document_id):
    t = await make_template(client, document_id)
    server.clock.advance(seconds=5)
    resp = await client.patch(f"/v1/templates/{t['id']}", {"name": "Renamed", "description": None})
    assert resp.status == 200, resp
    u = resp.json
    assert u["name"] == "Renamed" and u["description"] is None and u["updated_at"] > t["updated_at"]
    assert {k: v for k, v in u.items() if k not in ("name", "description", "updated_at")} == \
        {k: v for k, v in t.items() if k not in ("name", "description", "updated_at")}
    # roles replace the whole list; cc strings are stored as {email, name}
    u = (await client.patch(f"/v1/templates/{t['id']}", {"roles": [{"name": "Only", "fields": []}],
                                                          "cc_emails": ["x@example.test"], "signing_order": "parallel"})).json
    assert [r["name"] for r in u["roles"]] == ["Only"] and u["roles"][0]["order"] == 1
    assert u["cc_emails"] == [{"email": "x@example.test", "name": None}] and u["signing_order"] == "parallel"
    assert (await client.get(f"/v1/templates/{t['id']}")).json == u
    # the document may go; fields are then checked against the next one given
    assert (await client.patch(f"/v1/templates/{t['id']}", {"document_id": None})).json["document_id"] is None

    cases = [({}, ""), ({"name": None}, "name"), ({"name": ""}, "name"), ({"default_expiry_days": None}, "default_expiry_days"),
             ({"roles": [{"name": "A"}, {"name": "a"}]}, "roles.1.name"), ({"roles": [{"order": 1}]}, "roles.0.name"),
             ({"reminder_days": 31}, "reminder_days"), ({"id": t["id"]}, "id"),
             ({"document_id": "00000000-0000-4000-8000-000000000000"}, "document_id")]
    for body, where in cases:
        err = assert_error(await client.patch(f"/v1/templates/{t['id']}", body), 422, "validation_error")
        assert where in [d["field"] for d in err["details"]], (body, err)
    # a field beyond the document's pages, whichever of the two changes
    on_page_9 = [{"name": "R", "fields": [field(page_number=9)]}]
    assert (await client.patch(f"/v1/templates/{t['id']}", {"roles": on_page_9})).status == 200
    err = assert_error(await client.patch(f"/v1/templates/{t['id']}", {"document_id": document_id}), 422)
    assert err["details"][0]["field"] == "roles.0.fields.0.page_number"
    err = assert_error(await client.patch(f"/v1/templates/{t['id']}", {"roles": on_page_9, "document_id": document_id}), 422)
    assert_error(await client.patch(f"/v1/templates/{t['id']}", {"signing_level": "qes"}), 403, "plan_restricted")
    assert_error(await client.patch(f"/v1/templates/{t['id']}"), 400, "bad_request")


async def test_delete_leaves_requests_alone(client, document_id):
    from tests.support.templates import VARIABLES, signers

    t = await make_template(client, document_id)
    request = (await client.post(f"/v1/templates/{t['id']}/send", {"signers": signers(), "variables": VARIABLES})).json
    resp = await client.delete(f"/v1/templates/{t['id']}")
    assert resp.status == 204 and resp.body == b""
    assert_error(await client.get(f"/v1/templates/{t['id']}"), 404, "not_found")
    assert_error(await client.delete(f"/v1/templates/{t['id']}"), 404, "not_found")
    assert_error(await client.patch(f"/v1/templates/{t['id']}", {"name": "x"}), 404, "not_found")
    after = await client.get(f"/v1/signing-requests/{request['id']}")
    sent_only = {"warnings"}  # the answer of the call that sent it says what the sender should know
    assert after.status == 200 and after.json == {k: v for k, v in request.items() if k not in sent_only}


async def test_org_scoping_scopes_and_ids(client, document_id):
    t = await make_template(client, document_id)
    for method, path in (("GET", ""), ("PATCH", ""), ("DELETE", ""), ("POST", "/send")):
        body = {"name": "x"} if method == "PATCH" else {"signers": [{"name": "a", "email": "a@b.test", "role": "Buyer"}]}
        resp = await client.request(method, f"/v1/templates/{t['id']}{path}", key="b",
                                    json_body=body if method in ("PATCH", "POST") else None)
        assert_error(resp, 404, "not_found")
    assert_error(await client.get("/v1/templates/not-a-uuid"), 404, "not_found")
    assert_error(await client.post("/v1/templates", {"name": "x"}, key="a_read"), 403, "insufficient_scope")
    assert_error(await client.patch(f"/v1/templates/{t['id']}", {"name": "x"}, key="a_read"), 403, "insufficient_scope")
    assert_error(await client.delete(f"/v1/templates/{t['id']}", key="a_read"), 403, "insufficient_scope")
    assert_error(await client.get("/v1/templates", key=None), 401, "unauthorized")
    assert (await client.get(f"/v1/templates/{t['id']}")).status == 200


async def test_idempotent_create(client):
    headers = {"Idempotency-Key": "tpl-1"}
    first = await client.post("/v1/templates", {"name": "Once"}, headers=headers)
    again = await client.post("/v1/templates", {"name": "Once"}, headers=headers)
    assert first.status == again.status == 201 and first.json == again.json
    assert again.headers["Idempotent-Replayed"] == "true"
    assert (await client.get("/v1/templates")).json["total"] == 1
    assert_error(await client.post("/v1/templates", {"name": "Other"}, headers=headers), 409, "idempotency_key_reused")


SMALL_SANDBOX = "esk_test_org_small_sandbox_000000000000"


async def test_template_quota_and_sandbox_templates(tmp_path):
    sandbox_key = f'[[organizations.api_keys]]\nkey = "{SMALL_SANDBOX}"\nsandbox = true\n'
    async with running_server(tmp_path, sandbox_key) as srv:
        client = srv.client
        # plan "small" allows 2 templates; concurrent creations never overshoot
        results = await asyncio.gather(*[client.post("/v1/templates", {"name": f"T{i}"}, key="free") for i in range(5)])
        assert sorted(r.status for r in results) in ([201, 201, 403, 403, 403], [201, 403, 403, 403, 403])
        while (await client.get("/v1/templates", key="free")).json["total"] < 2:
            assert (await client.post("/v1/templates", {"name": "more"}, key="free")).status == 201
        err = assert_error(await client.post("/v1/templates", {"name": "T3"}, key="free"), 403, "quota_exceeded")
        assert "2 templates" in err["message"]
        usage = (await client.get("/v1/usage", key="free")).json["templates"]
        assert usage == {"current": 2, "limit": 2, "unlimited": False, "percentage": 100}
        # sandbox keys never count: their templates are marked sandbox and only sandbox keys send them
        sandbox = await client.post("/v1/templates", {"name": "Test", "roles": [{"name": "Signer"}]}, key=SMALL_SANDBOX)
        assert sandbox.status == 201 and sandbox.json["sandbox"] is True
        assert (await client.get("/v1/usage", key="free")).json["templates"]["current"] == 2
        doc = (await client.upload(SAMPLE_PDF.read_bytes(), key=SMALL_SANDBOX)).json["id"]
        send = {"document_id": doc, "signers": [{"name": "S", "email": "s@example.test", "role": "signer"}]}
        err = assert_error(await client.post(f"/v1/templates/{sandbox.json['id']}/send", send, key="free"), 403, "forbidden")
        assert "sandbox" in err["message"]
        sent = await client.post(f"/v1/templates/{sandbox.json['id']}/send", send, key=SMALL_SANDBOX)
        assert sent.status == 201 and sent.json["sandbox"] is True
        # deleting one frees its place
        first = (await client.get("/v1/templates?limit=100", key="free")).json["items"]
        live = [t for t in first if t["id"] != sandbox.json["id"]]
        assert (await client.delete(f"/v1/templates/{live[0]['id']}", key="free")).status == 204
        assert (await client.post("/v1/templates", {"name": "again"}, key="free")).status == 201


async def test_a_template_whose_quota_check_failed_is_not_kept(server, client):
    """The template is inserted, then counting its place against the plan fails (a database hiccup):
    the create is answered 500 and the template removed, so the client's retry makes the only one."""
    Hiccup(server.services.store.templates, "rank")
    assert (await client.post("/v1/templates", {"name": "Once"}, key="free", headers={"Idempotency-Key": "t-1"})).status == 500
    assert (await client.get("/v1/templates", key="free")).json["total"] == 0
    again = await client.post("/v1/templates", {"name": "Once"}, key="free", headers={"Idempotency-Key": "t-1"})
    assert again.status == 201
    assert [t["id"] for t in (await client.get("/v1/templates", key="free")).json["items"]] == [again.json["id"]]

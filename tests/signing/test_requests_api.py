"""Signing requests over real HTTP: create, list, get, send, cancel, remind, reactivate, fields."""
import asyncio

from marshmallow import Schema, fields

from esign.api.signing_request_schemas import SigningRequest
from esign.domain.requests import lifecycle, links
from tests.support import assert_error
from tests.support.mail import maildir

SIGNERS = [{"name": "Ann Signer", "email": "ann@example.test", "order": 1},
           {"name": "Bob Signer", "email": "bob@example.test", "order": 2}]


async def create(client, document_id, key="a", **extra):
    body = {"document_id": document_id, "signers": SIGNERS, **extra}
    resp = await client.post("/v1/signing-requests", body, key=key)
    assert resp.status == 201, resp
    return resp.json


async def test_create_draft_shape(client, document_id):
    r = await create(client, document_id, message="Please sign")
    assert r["status"] == "draft" and r["signing_order"] == "parallel" and r["message"] == "Please sign"
    assert r["document_name"] == "contract.pdf" and r["sandbox"] is False
    assert [s["status"] for s in r["signers"]] == ["pending", "pending"]
    for key in ("signed_pdf_available", "signed_pdf_status", "signing_level", "cc_emails", "self_sign_url",
                "identity_payment_status", "reminder_days", "completed_at", "expires_at", "created_at"):
        assert key in r
    assert r["signed_pdf_status"] == "none" and r["signing_level"] == "ses"
    assert "token_hash" not in str(r) and "token_nonce" not in str(r)
    got = await client.get(f"/v1/signing-requests/{r['id']}")
    assert got.status == 200 and got.json == r


async def test_create_validation(client, document_id):
    cases = [
        {"signers": SIGNERS},
        {"document_id": document_id, "signers": []},
        {"document_id": document_id, "signers": [{"name": "", "email": "a@b.test"}]},
        {"document_id": document_id, "signers": [{"name": "A", "email": "not-an-email"}]},
        {"document_id": document_id, "signers": [{"name": "A", "email": "a@b.test", "order": 0}]},
        {"document_id": document_id, "signers": SIGNERS, "expires_in_days": 91},
        {"document_id": document_id, "signers": SIGNERS, "signing_order": "random"},
        {"document_id": document_id, "signers": [SIGNERS[0], dict(SIGNERS[0], name="Again")]},
        {"document_id": "00000000-0000-4000-8000-000000000000", "signers": SIGNERS},
        {"document_id": document_id, "signers": SIGNERS, "surprise": 1},
    ]
    for body in cases:
        err = assert_error(await client.post("/v1/signing-requests", body), 422, "validation_error")
        assert err["details"], body


async def test_other_org_and_scopes(client, document_id):
    r = await create(client, document_id)
    assert_error(await client.get(f"/v1/signing-requests/{r['id']}", key="b"), 404, "not_found")
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/send", key="b"), 404)
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/send", key="a_read"), 403, "insufficient_scope")
    assert (await client.get(f"/v1/signing-requests/{r['id']}", key="a_read")).status == 200
    # another organisation's document cannot be used
    assert_error(await client.post("/v1/signing-requests", {"document_id": document_id, "signers": SIGNERS}, key="b"), 422)


async def test_send_parallel_and_sequential(server, client, document_id):
    r = await create(client, document_id)
    sent = await client.post(f"/v1/signing-requests/{r['id']}/send")
    assert sent.status == 200 and sent.json["status"] == "pending"
    assert [s["status"] for s in sent.json["signers"]] == ["sent", "sent"]
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/send"), 409, "invalid_state")

    seq = await create(client, document_id, signing_order="sequential", auto_send=True)
    assert seq["status"] == "pending"
    assert [s["status"] for s in seq["signers"]] == ["sent", "pending"]


async def event_types(client, request_id) -> list[str]:
    return [e["event_type"] for e in (await client.get(f"/v1/signing-requests/{request_id}/events")).json]


async def test_concurrent_sends_one_winner(server, client, document_id):
    r = await create(client, document_id)
    answers = await asyncio.gather(*[client.post(f"/v1/signing-requests/{r['id']}/send") for _ in range(8)])
    assert sorted(a.status for a in answers) == [200] + [409] * 7
    # one send took place: one `signing_request.sent`, one invitation to each signer (parallel order)
    await server.run_jobs()
    assert (await event_types(client, r["id"])).count("signing_request.sent") == 1
    assert sorted(m["To"] for m in maildir(server)) == ["Ann Signer <ann@example.test>", "Bob Signer <bob@example.test>"]


async def test_concurrent_cancels_one_winner(client, document_id):
    r = await create(client, document_id, auto_send=True)
    answers = await asyncio.gather(*[client.post(f"/v1/signing-requests/{r['id']}/cancel", {"reason": "x"})
                                     for _ in range(8)])
    assert sorted(a.status for a in answers) == [200] + [409] * 7
    ok = [a for a in answers if a.status == 200][0]
    assert ok.json == {"status": "cancelled", "id": r["id"]}
    assert (await event_types(client, r["id"])).count("signing_request.cancelled") == 1


async def test_cancel_rules(client, document_id):
    draft = await create(client, document_id)
    resp = await client.post(f"/v1/signing-requests/{draft['id']}/cancel")  # body optional
    assert resp.status == 200 and resp.json["status"] == "cancelled"
    assert_error(await client.post(f"/v1/signing-requests/{draft['id']}/cancel"), 409, "invalid_state")
    other = await create(client, document_id)
    assert_error(await client.post(f"/v1/signing-requests/{other['id']}/cancel", {"reason": "x" * 501}), 422)


async def test_remind(client, document_id):
    draft = await create(client, document_id)
    assert_error(await client.post(f"/v1/signing-requests/{draft['id']}/remind"), 409, "invalid_state")
    seq = await create(client, document_id, signing_order="sequential", auto_send=True)
    resp = await client.post(f"/v1/signing-requests/{seq['id']}/remind")
    assert resp.status == 200 and resp.json == {"sent_count": 1, "signers": ["ann@example.test"]}
    par = await create(client, document_id, auto_send=True)
    resp = await client.post(f"/v1/signing-requests/{par['id']}/remind")
    assert resp.json["sent_count"] == 2


async def test_expiry_and_reactivate(server, client, document_id):
    r = await create(client, document_id, auto_send=True, expires_in_days=1)
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/reactivate", {"expires_in_days": 3}), 409)
    server.clock.advance(days=1, seconds=1)
    await server.run_jobs()
    got = (await client.get(f"/v1/signing-requests/{r['id']}")).json
    assert got["status"] == "expired"
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/reactivate", {"expires_in_days": 91}), 422)
    re = await client.post(f"/v1/signing-requests/{r['id']}/reactivate", {"expires_in_days": 3})
    assert re.status == 200 and re.json["status"] == "draft"
    assert [s["status"] for s in re.json["signers"]] == ["pending", "pending"]
    assert (await client.post(f"/v1/signing-requests/{r['id']}/send")).json["status"] == "pending"
    types = [e["event_type"] for e in (await client.get(f"/v1/signing-requests/{r['id']}/events")).json]
    # the owner was emailed of the expiry (the invitations were stale before they went out)
    assert types == ["signing_request.sent", "signing_event.reactivated", "signing_event.email_sent",
                     "signing_request.expired", "signing_request.sent", "signing_request.created"]


async def test_fields(client, document_id):
    r = await create(client, document_id)
    ann, bob = r["signers"]
    fields = [{"signer_id": ann["id"], "x_percent": 10, "y_percent": 80},
              {"signer_id": bob["id"], "field_type": "select", "options": ["A", "B"], "page_number": 4,
               "x_percent": 50, "y_percent": 50, "width_percent": 30, "height_percent": 5}]
    resp = await client.post(f"/v1/signing-requests/{r['id']}/fields", {"fields": fields})
    assert resp.status == 201, resp
    assert [f["signer_name"] for f in resp.json] == ["Ann Signer", "Bob Signer"]
    assert resp.json[0]["width_percent"] == 20.0 and resp.json[0]["height_percent"] == 5.0
    # replace-all
    resp = await client.post(f"/v1/signing-requests/{r['id']}/fields", {"fields": fields[:1]})
    assert len(resp.json) == 1
    bad = [
        {"fields": []},
        {"fields": [dict(fields[0], x_percent=101)]},
        {"fields": [dict(fields[0], width_percent=0.5)]},
        {"fields": [dict(fields[0], height_percent=41)]},
        {"fields": [dict(fields[0], page_number=0)]},
        {"fields": [dict(fields[0], page_number=5)]},  # document has 4 pages
        {"fields": [dict(fields[0], field_type="select")]},
        {"fields": [dict(fields[0], signer_id="00000000-0000-4000-8000-000000000000")]},
        {"fields": [dict(fields[0], placeholder="p" * 256)]},
        {"fields": [dict(fields[0], value="v" * 1001)]},
        {"fields": [dict(fields[0], validation_type="regex", validation_pattern="(")]},
        {"fields": [dict(fields[0], field_type="stamp")]},
    ]
    for body in bad:
        assert_error(await client.post(f"/v1/signing-requests/{r['id']}/fields", body), 422, "validation_error")
    await client.post(f"/v1/signing-requests/{r['id']}/send")
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/fields", {"fields": fields[:1]}), 409)


async def test_list_filters_and_sort(server, client, document_id):
    ids = []
    for i in range(3):
        r = await create(client, document_id, auto_send=(i == 1))
        ids.append(r["id"])
        server.clock.advance(seconds=10)
    listing = (await client.get("/v1/signing-requests")).json
    assert listing["total"] == 3 and [i["id"] for i in listing["items"]] == ids[::-1]
    item = listing["items"][0]
    assert item["total_signers"] == 2 and item["signed_count"] == 0
    assert item["signer_names"] == ["Ann Signer", "Bob Signer"] and item["owner_name"] == "Ada Admin"
    assert item["owner_email"] == "ada@a.example.test" and item["owner_avatar_url"] is None
    assert (await client.get("/v1/signing-requests?status=pending")).json["total"] == 1
    asc = (await client.get("/v1/signing-requests?order=asc&limit=2&offset=1")).json
    assert [i["id"] for i in asc["items"]] == ids[1:] and asc["total"] == 3
    assert (await client.get("/v1/signing-requests?signer_email=ANN@example.test")).json["total"] == 3
    assert (await client.get("/v1/signing-requests?signer_email=nobody@example.test")).json["total"] == 0
    first = listing["items"][-1]["created_at"]
    assert (await client.get(f"/v1/signing-requests?created_after={first}")).json["total"] == 2
    assert (await client.get(f"/v1/signing-requests?created_before={first}")).json["total"] == 0
    for q in ("status=done", "limit=0", "limit=101", "offset=-1", "sort=name", "order=up", "created_after=yesterday",
              "signer_email=" + "x" * 256):
        assert_error(await client.get(f"/v1/signing-requests?{q}"), 422, "validation_error")
    assert (await client.get("/v1/signing-requests", key="b")).json["total"] == 0


async def test_idempotent_create_sends_once(server, client, document_id):
    body = {"document_id": document_id, "signers": SIGNERS, "auto_send": True}
    headers = {"Idempotency-Key": "create-1"}
    first = await client.post("/v1/signing-requests", body, headers=headers)
    second = await client.post("/v1/signing-requests", body, headers=headers)
    assert first.status == second.status == 201 and first.json["id"] == second.json["id"]
    assert (await client.get("/v1/signing-requests")).json["total"] == 1
    assert await server.services.store.jobs.count(kind="email") == 2  # one invitation per signer, not four
    assert_error(await client.post("/v1/signing-requests", dict(body, message="other"), headers=headers), 409,
                 "idempotency_key_reused")


async def test_sandbox(server, client, document_id):
    sandbox_doc = (await client.upload(open(__import__("tests.conftest", fromlist=["SAMPLE_PDF"]).SAMPLE_PDF, "rb").read(),
                                       key="a_sandbox")).json["id"]
    resp = await client.post("/v1/signing-requests", {"document_id": sandbox_doc, "signers": SIGNERS, "auto_send": True},
                             key="a_sandbox")
    assert resp.status == 201 and resp.json["sandbox"] is True and resp.headers["X-Service-Mode"] == "sandbox"
    remind = await client.post(f"/v1/signing-requests/{resp.json['id']}/remind", key="a_sandbox")
    assert remind.json == {"sent_count": 0, "signers": []}
    assert await server.services.store.jobs.count(kind="email") == 0
    events = (await client.get(f"/v1/signing-requests/{resp.json['id']}/events", key="a_sandbox")).json
    assert "signing_request.reminded" in [e["event_type"] for e in events]
    usage = (await client.get("/v1/usage")).json
    assert usage["signing_requests"]["current"] == 0
    # the sandbox upload counted toward no storage quota: a live request cannot use it
    error = assert_error(await client.post("/v1/signing-requests", {"document_id": sandbox_doc, "signers": SIGNERS}), 403,
                         "forbidden")
    assert "sandbox key" in error["message"]


async def test_quota(server, client, sample_pdf):
    doc = (await client.upload(sample_pdf, key="free")).json["id"]
    for _ in range(3):
        assert (await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS}, key="free")).status == 201
    assert_error(await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS}, key="free"),
                 403, "quota_exceeded")
    usage = (await client.get("/v1/usage", key="free")).json["signing_requests"]
    assert usage == {"current": 3, "limit": 3, "unlimited": False, "percentage": 100}


async def test_embedded_url(server, client, document_id):
    r = await create(client, document_id)
    body = {"allowed_origin": "https://app.example.test"}
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/embedded-url", body), 409, "invalid_state")
    await client.post(f"/v1/signing-requests/{r['id']}/send")
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/embedded-url",
                                   {"allowed_origin": "https://evil.example.test"}), 403, "origin_not_allowed")
    assert_error(await client.post(f"/v1/signing-requests/{r['id']}/embedded-url", {"allowed_origin": "x"}), 422)
    resp = await client.post(f"/v1/signing-requests/{r['id']}/embedded-url", body)
    assert resp.status == 201 and resp.json["expires_in_seconds"] == 3600
    assert resp.json["allowed_origin"] == "https://app.example.test"
    urls = [s["embedded_url"] for s in resp.json["signers"]]
    assert len(urls) == 2 and all(u.startswith(server.url + "/sign/") and u.endswith("?embed=1") for u in urls)


async def test_download_needs_completion(client, document_id):
    r = await create(client, document_id, auto_send=True)
    assert_error(await client.get(f"/v1/signing-requests/{r['id']}/download"), 409, "invalid_state")


async def test_self_sign_url(server, client, document_id):
    body = {"document_id": document_id, "auto_send": True,
            "signers": [{"name": "Ada Admin", "email": "ADA@a.example.test"}, SIGNERS[1]]}
    r = (await client.post("/v1/signing-requests", body)).json
    assert r["self_sign_url"].startswith(server.url + "/sign/")
    request = await server.services.store.signing_requests.by_id(r["id"])
    assert r["self_sign_url"].endswith(links.signer_token(server.services, request, request["signers"][0]))
    # the other key's owner is not a signer
    assert (await client.get(f"/v1/signing-requests/{r['id']}", key="a_read")).json["self_sign_url"] is None


async def test_download_while_the_signed_pdf_is_produced_says_when_to_retry(server, client, document_id):
    """Completed, signed PDF still processing: 409 invalid_state with Retry-After and a message naming
    document.signed; failed: 409 without Retry-After; ready: the link."""
    r = await create(client, document_id, auto_send=True)
    request = await server.services.store.signing_requests.by_id(r["id"])
    for s in request["signers"]:
        request = await lifecycle.sign(server.services, request, s["id"], {}, {"kind": "typed", "text": s["name"]})
    got = (await client.get(f"/v1/signing-requests/{r['id']}")).json
    assert (got["status"], got["signed_pdf_status"]) == ("completed", "processing")
    resp = await client.get(f"/v1/signing-requests/{r['id']}/download")
    err = assert_error(resp, 409, "invalid_state")
    assert 1 <= int(resp.headers["Retry-After"]) <= 10
    assert "document.signed" in err["message"] and "retry" in err["message"]

    await server.services.store.signing_requests.signed_pdf_failed(r["id"], "tsa down")
    resp = await client.get(f"/v1/signing-requests/{r['id']}/download")
    err = assert_error(resp, 409, "invalid_state")
    assert "Retry-After" not in resp.headers and "failed" in err["message"]

    await server.run_jobs()  # the finalisation job queued at completion
    resp = await client.get(f"/v1/signing-requests/{r['id']}/download")
    assert resp.status == 200 and "Retry-After" not in resp.headers, resp


async def test_the_answer_is_marshmallows_without_its_accessor_for_each_field(client, document_id, monkeypatch):
    """Response schemas read each value straight from the view (esign.api.common.OutSchema): the
    answer is what marshmallow's own serialisation gives, and its per-field accessor is left for what
    the view lacks (a field's default)."""
    r = await create(client, document_id, message="Please sign")
    accessed = []
    serialize = fields.Field.serialize
    monkeypatch.setattr(fields.Field, "serialize",
                        lambda self, attr, obj, **kw: (accessed.append(attr), serialize(self, attr, obj, **kw))[1])
    got = await client.get(f"/v1/signing-requests/{r['id']}")
    assert got.status == 200 and got.json == r
    fields_of_a_request = len(SigningRequest().dump_fields)
    assert len(accessed) < fields_of_a_request // 2, accessed  # before: every field of the request and its signers
    accessed.clear()
    view = {**{name: None for name in SigningRequest().dump_fields}, **got.json, "unknown": 1}
    theirs = Schema._serialize(SigningRequest(), view)  # marshmallow's, field by field
    assert SigningRequest().dump(view) == theirs and len(accessed) >= fields_of_a_request

"""The editor's API over real HTTP with the page bypassed (issue 38 item 2): the token swapped once for
a secret, a second tab retiring the first, idle and absolute expiry on the test clock, a revoked session
and a revoked API key, and every capability refused on the server."""
from __future__ import annotations

import logging

import pytest
import tornado.httpclient
from prometheus_client.parser import text_string_to_metric_families

from esign.logs import ContextFilter
from tests.support import KEYS, SAMPLE_PDF, assert_error
from tests.support.authoring import ANN, BOB, create_session, editor, editor_upload, open_editor, opened

FIELD = {"x_percent": 10, "y_percent": 10, "page_number": 1}


async def test_the_token_is_swapped_for_a_secret_and_a_second_tab_retires_the_first(client, document_id):
    made = await create_session(client, document_id)
    first = await open_editor(client, made)
    assert first.status == 201 and first.json["session"]["state"] == "open"
    one = first.json["secret"]
    view = await editor(client, one, "GET", "/session")
    assert view.status == 200 and view.json["request"]["id"] == made["request_id"]
    [document] = view.json["documents"]
    assert document["id"] == document_id and len(document["pages"]) == document["page_count"] > 0
    assert document["pages"][0]["number"] == 1 and document["pages"][0]["width"] > 0
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "open"
    two = await opened(client, made)  # the URL opened in another tab
    assert two != one
    assert_error(await editor(client, one, "GET", "/session"), 401, "opened_elsewhere")
    assert (await editor(client, two, "GET", "/session")).status == 200
    assert_error(await editor(client, "eas_not-a-secret", "GET", "/session"), 401, "unauthorized")
    assert_error(await client.get("/author/api/session", key=None), 401, "unauthorized")
    assert_error(await client.get("/author/api/session", key=None, headers={"Authorization": f"Bearer {KEYS['a']}"}),
                 401, "unauthorized")  # an API key is no secret of the editor


async def test_the_token_must_be_opened_within_its_time(server, client, document_id):
    made = await create_session(client, document_id, open_within_seconds=60)
    server.clock.advance(seconds=61)
    assert_error(await open_editor(client, made), 401, "session_expired")
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "expired"
    assert_error(await client.post("/author/api/open", {"token": "ea_unknown"}, key=None), 401, "unauthorized")


async def test_the_secret_idles_out_after_30_minutes(server, client, document_id):
    made = await create_session(client, document_id)
    secret = await opened(client, made)
    for _ in range(3):  # each call restarts the idle time
        server.clock.advance(minutes=29)
        assert (await editor(client, secret, "GET", "/session")).status == 200
    server.clock.advance(minutes=31)
    assert_error(await editor(client, secret, "GET", "/session"), 401, "session_expired")
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "expired"
    assert_error(await open_editor(client, made), 401, "session_expired")


async def test_the_session_ends_8_hours_after_it_was_opened(server, client, document_id):
    made = await create_session(client, document_id, open_within_seconds=3600)
    secret = await opened(client, made)
    server.clock.advance(minutes=20)
    secret = await opened(client, made)  # reopening within the token's time does not restart the 8 hours
    for minutes in [20] * 22 + [19]:  # busy every 20 minutes up to 7 h 59 min after the first opening
        server.clock.advance(minutes=minutes)
        assert (await editor(client, secret, "GET", "/session")).status == 200
    server.clock.advance(minutes=1)
    assert_error(await editor(client, secret, "GET", "/session"), 401, "session_expired")


async def test_a_revoked_session_and_a_revoked_key_end_the_editor_at_its_next_call(server, client, document_id):
    made = await create_session(client, document_id)
    secret = await opened(client, made)
    assert (await client.delete(f"/v1/authoring-sessions/{made['id']}")).status == 200
    assert_error(await editor(client, secret, "GET", "/session"), 410, "session_revoked")
    other = await create_session(client, document_id)
    secret = await opened(client, other)
    key = await server.services.store.api_keys.by_key(KEYS["a"])
    assert await server.services.store.api_keys.revoke(key["id"])
    assert_error(await editor(client, secret, "GET", "/session"), 401, "unauthorized")
    assert_error(await open_editor(client, other), 401, "unauthorized")


async def fields_of(client, request_id: str) -> list[dict]:
    return (await client.get(f"/v1/signing-requests/{request_id}/fields")).json


async def test_a_field_type_not_allowed_is_a_422_naming_the_field(client, document_id):
    made = await create_session(client, document_id, capabilities={"field_types": ["signature", "date"]})
    secret = await opened(client, made)
    signer = (await editor(client, secret, "GET", "/session")).json["request"]["signers"][0]["id"]
    fields = [{**FIELD, "signer_id": signer, "field_type": t} for t in ("signature", "date", "date", "text")]
    err = assert_error(await editor(client, secret, "POST", f"/requests/{made['request_id']}/fields",
                                    {"fields": fields}), 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["fields.3.field_type"]
    assert await fields_of(client, made["request_id"]) == []
    placed = await editor(client, secret, "POST", f"/requests/{made['request_id']}/fields", {"fields": fields[:3]})
    assert placed.status == 201 and len(await fields_of(client, made["request_id"])) == 3
    assert (await client.get(f"/v1/authoring-sessions/{made['id']}")).json["state"] == "saved"


async def test_sending_needs_the_send_capability(client, document_id):
    made = await create_session(client, document_id, capabilities={"send": False})
    secret = await opened(client, made)
    assert_error(await editor(client, secret, "POST", f"/requests/{made['request_id']}/send"), 403, "capability_denied")
    assert (await client.get(f"/v1/signing-requests/{made['request_id']}")).json["status"] == "draft"
    allowed = await create_session(client, document_id, external_id="crm-1",
                                   acting_user={"name": "Pat Sender", "email": "pat@a.example.test"})
    secret = await opened(client, allowed)
    sent = await editor(client, secret, "POST", f"/requests/{allowed['request_id']}/send")
    assert sent.status == 200 and sent.json["status"] == "pending"
    events = (await client.get(f"/v1/signing-requests/{allowed['request_id']}/events")).json
    by = next(e for e in events if e["event_type"] == "signing_request.sent")["metadata"]["by"]
    assert (by["name"], by["authoring_session_id"], by["external_id"]) == ("Pat Sender", allowed["id"], "crm-1")
    assert (await client.get(f"/v1/authoring-sessions/{allowed['id']}")).json["state"] == "sent"
    assert_error(await editor(client, secret, "POST", f"/requests/{allowed['request_id']}/send"), 409, "invalid_state")


async def test_signers_and_settings_within_the_capabilities(client, document_id):
    made = await create_session(client, document_id, capabilities={"edit_signers": False, "edit_settings": False})
    secret = await opened(client, made)
    path = f"/requests/{made['request_id']}"
    assert_error(await editor(client, secret, "PATCH", path, {"signers": [ANN, BOB]}), 403, "capability_denied")
    assert_error(await editor(client, secret, "PATCH", path, {"message": "changed"}), 403, "capability_denied")
    capped = await create_session(client, document_id, capabilities={"max_signers": 2}, locked=["message"],
                                  defaults={"signers": [ANN], "message": "fixed"})
    secret = await opened(client, capped)
    path = f"/requests/{capped['request_id']}"
    three = [ANN, BOB, {"name": "Cy Young", "email": "cy@example.test"}]
    err = assert_error(await editor(client, secret, "PATCH", path, {"signers": three}), 422, "validation_error")
    assert err["details"][0]["field"] == "signers"
    err = assert_error(await editor(client, secret, "PATCH", path, {"message": "changed"}), 422, "validation_error")
    assert err["details"][0]["field"] == "message"
    edited = await editor(client, secret, "PATCH", path, {"signers": [ANN, BOB], "message": "fixed",
                                                          "email_subject": "Your contract"})
    assert edited.status == 200 and [s["email"] for s in edited.json["signers"]] == [ANN["email"], BOB["email"]]
    draft = (await client.get(f"/v1/signing-requests/{capped['request_id']}")).json
    assert draft["message"] == "fixed" and draft["email_subject"] == "Your contract" and len(draft["signers"]) == 2


@pytest.mark.parametrize("method, suffix, body", [
    ("PATCH", "", {"message": "x"}),
    ("POST", "/fields", {"fields": [{**FIELD, "signer_id": "00000000-0000-4000-8000-000000000000"}]}),
    ("POST", "/send", None),
])
async def test_a_session_reaches_its_own_draft_only(client, document_id, method, suffix, body):
    made = await create_session(client, document_id)
    secret = await opened(client, made)
    own_org = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [ANN]})).json
    b_doc = (await client.upload(SAMPLE_PDF.read_bytes(), "x.pdf", key="b")).json["id"]
    org_b = (await client.post("/v1/signing-requests", {"document_id": b_doc, "signers": [ANN]}, key="b")).json
    other_ids = [own_org["id"], org_b["id"], "00000000-0000-4000-8000-000000000000", "not-a-uuid"]
    for other in other_ids:
        assert_error(await editor(client, secret, method, f"/requests/{other}{suffix}", body), 404, "not_found")
    assert (await client.get(f"/v1/signing-requests/{own_org['id']}")).json["status"] == "draft"


async def metric(client, event: str) -> float:
    resp = await client.get("/metrics", key=None)
    assert resp.status == 200, resp
    for family in text_string_to_metric_families(resp.body.decode()):
        for sample in family.samples:
            if sample.name == "esign_authoring_sessions_total" and sample.labels == {"event": event}:
                return sample.value
    raise AssertionError(f"no esign_authoring_sessions_total{{event={event!r}}}")


async def test_operators_see_sessions_in_the_metrics_and_the_log(client, document_id, caplog):
    caplog.set_level(logging.INFO, logger="esign.authoring")
    caplog.handler.addFilter(ContextFilter())  # as the service's log handlers do (esign.logs)
    assert await metric(client, "refused") == 0
    made = await create_session(client, document_id, capabilities={"send": False})
    one = await opened(client, made)
    await opened(client, made)
    await editor(client, one, "GET", "/session")
    refused = await editor(client, await opened(client, made), "POST", f"/requests/{made['request_id']}/send")
    assert refused.status == 403
    assert [await metric(client, e) for e in ("created", "opened", "opened_elsewhere", "refused")] == [1, 3, 1, 1]
    line = next(r for r in caplog.records if "refused" in r.getMessage())
    assert made["id"] in line.getMessage() and getattr(line, "request_id", None) == refused.headers["X-Request-ID"]


async def test_uploads_need_the_upload_capability_and_stay_within_max_documents(client, document_id):
    pdf = SAMPLE_PDF.read_bytes()
    made = await create_session(client, document_id, capabilities={"upload": False})
    secret = await opened(client, made)
    assert_error(await editor_upload(client, secret, made["request_id"], pdf), 403, "capability_denied")
    capped = await create_session(client, document_id, capabilities={"max_documents": 2})
    secret = await opened(client, capped)
    added = await editor_upload(client, secret, capped["request_id"], pdf, "annex.pdf")
    assert added.status == 201, added
    assert [d["name"] for d in added.json["documents"]] == ["contract.pdf", "annex.pdf"]
    assert_error(await editor_upload(client, secret, capped["request_id"], pdf), 403, "capability_denied")
    draft = (await client.get(f"/v1/signing-requests/{capped['request_id']}")).json
    assert len(draft["documents"]) == 2
    field = {**FIELD, "signer_id": draft["signers"][0]["id"], "document_id": draft["documents"][1]["id"]}
    placed = await editor(client, secret, "POST", f"/requests/{capped['request_id']}/fields", {"fields": [field]})
    assert placed.status == 201 and placed.json[0]["document_id"] == draft["documents"][1]["id"]
    assert_error(await editor_upload(client, secret, made["request_id"], pdf), 404, "not_found")


async def test_save_as_template_needs_its_capability_and_makes_a_usable_template(client, document_id):
    made = await create_session(client, document_id)
    secret = await opened(client, made)
    path = f"/requests/{made['request_id']}/template"
    assert_error(await editor(client, secret, "POST", path, {"name": "Offer"}), 403, "capability_denied")
    assert (await client.get("/v1/templates")).json["items"] == []
    allowed = await create_session(client, document_id, capabilities={"save_as_template": True},
                                   defaults={"signers": [ANN, BOB], "signing_order": "sequential"})
    secret = await opened(client, allowed)
    signers = (await editor(client, secret, "GET", "/session")).json["request"]["signers"]
    fields = [{**FIELD, "signer_id": signers[0]["id"]}, {**FIELD, "signer_id": signers[1]["id"], "y_percent": 50},
              {**FIELD, "signer_id": signers[1]["id"], "field_type": "date", "y_percent": 60}]
    assert (await editor(client, secret, "POST", f"/requests/{allowed['request_id']}/fields", {"fields": fields})).status == 201
    assert_error(await editor(client, secret, "POST", f"/requests/{allowed['request_id']}/template", {}), 422)
    saved = await editor(client, secret, "POST", f"/requests/{allowed['request_id']}/template", {"name": "Offer"})
    assert saved.status == 201 and saved.json["name"] == "Offer"
    template = (await client.get(f"/v1/templates/{saved.json['id']}")).json
    assert template["document_id"] == document_id and template["signing_order"] == "sequential"
    assert [(r["name"], len(r["fields"])) for r in template["roles"]] == [("Signer 1", 1), ("Signer 2", 2)]
    sent = await client.post(f"/v1/templates/{template['id']}/send", {"signers": [
        {**ANN, "role": "Signer 1"}, {**BOB, "role": "Signer 2"}]})
    assert sent.status == 201, sent
    assert len((await client.get(f"/v1/signing-requests/{sent.json['id']}/fields")).json) == 3
    assert (await client.get(f"/v1/signing-requests/{allowed['request_id']}")).json["status"] == "draft"


@pytest.mark.parametrize("method, suffix, body, headers, status", [
    ("POST", "/open", b"not json", {"Content-Type": "application/json"}, 400),
    ("POST", "/open", b"[1, 2]", {"Content-Type": "application/json"}, 400),
    ("POST", "/open", b'{"token": ""}', {"Content-Type": "application/json"}, 422),
    ("POST", "/open", b'{"token": "' + b"x" * 500 + b'"}', {"Content-Type": "application/json"}, 422),
    ("POST", "/open", b"token=x", {"Content-Type": "application/x-www-form-urlencoded"}, 400),
    ("PATCH", "/requests/{id}", b"{}", {"Content-Type": "application/json"}, 422),
    ("PATCH", "/requests/{id}", b'{"signers": "all"}', {"Content-Type": "application/json"}, 422),
    ("POST", "/requests/{id}/fields", b'{"fields": [{"field_type": "signature"}]}', {"Content-Type": "application/json"}, 422),
    ("POST", "/requests/{id}/template", b'{"name": "a\\nb"}', {"Content-Type": "application/json"}, 422),
    ("POST", "/requests/{id}/documents", b"%PDF-1.4", {"Content-Type": "application/pdf"}, 400),
    ("GET", "/requests/{id}/send", None, {}, 405),
])
async def test_bad_input_to_the_editor_is_answered_in_the_error_shape(client, document_id, method, suffix, body,
                                                                      headers, status):
    made = await create_session(client, document_id, capabilities={"save_as_template": True})
    secret = await opened(client, made)
    path = "/author/api" + suffix.replace("{id}", made["request_id"])
    resp = await client.request(method, path, body=body, key=None,
                                headers={**headers, "Authorization": f"Bearer {secret}"})
    assert_error(resp, status)


async def test_the_drafts_page_images_are_read_with_the_secret_at_their_content_address(client, document_id, sample_pdf):
    made = await create_session(client, document_id)
    secret = await opened(client, made)
    view = (await editor(client, secret, "GET", "/session")).json
    pages = view["documents"][0]["pages"]
    assert len(pages) == 4
    first = pages[0]["image_url"]
    assert first.startswith(f"/author/api/requests/{made['request_id']}/pages/1/") and first.endswith("-960.webp")
    assert len(pages[0]["image_srcset"].split(", ")) == 4
    resp = await client.request("GET", first, key=None, headers={"Authorization": f"Bearer {secret}"})
    assert resp.status == 200 and resp.headers["Content-Type"] == "image/webp" and resp.body[8:12] == b"WEBP"
    assert "immutable" in resp.headers["Cache-Control"] and resp.headers["Cache-Control"].startswith("private")
    assert_error(await client.request("GET", first, key=None), 401, "unauthorized")
    # an address that is no longer the page's goes to the current one; a page that does not exist is 404
    stale = first.rsplit("/", 1)[0] + "/" + "0" * 24 + "-960.webp"
    moved = await tornado.httpclient.AsyncHTTPClient().fetch(
        client.base_url + stale, headers={"Authorization": f"Bearer {secret}"}, follow_redirects=False, raise_error=False)
    assert moved.code == 302 and moved.headers["Location"] == first
    missing = first.replace("/pages/1/", "/pages/9/")
    assert (await client.request("GET", missing, key=None, headers={"Authorization": f"Bearer {secret}"})).status == 404
    # another draft's pages (of this organisation) are not the session's
    other = await create_session(client, document_id)
    elsewhere = first.replace(made["request_id"], other["request_id"])
    assert_error(await client.request("GET", elsewhere, key=None, headers={"Authorization": f"Bearer {secret}"}),
                 404, "not_found")
    # a second document of the envelope: `/documents/2/pages/...`
    annex = await editor_upload(client, secret, made["request_id"], sample_pdf)
    assert annex.status == 201, annex
    view = (await editor(client, secret, "GET", "/session")).json
    second = view["documents"][1]["pages"][0]["image_url"]
    assert f"/author/api/requests/{made['request_id']}/documents/2/pages/1/" in second
    resp = await client.request("GET", second, key=None, headers={"Authorization": f"Bearer {secret}"})
    assert resp.status == 200 and resp.headers["Content-Type"] == "image/webp"

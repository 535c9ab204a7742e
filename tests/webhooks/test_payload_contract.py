"""The webhook contract (issue 29): every event type's delivered body, `data` included, validated against
the schema the OpenAPI document publishes for it (the callbacks of `POST /v1/webhooks`: a named
component, `<EventType>Delivery`, and the headers), each event produced through the real service and
received by a real HTTP receiver.

The published schemas are open (receivers are told to ignore unknown fields, so fields may be added
later); here every object is closed: a delivery carries exactly what its schema declares, every
required key present, nothing undeclared. And every declared field is delivered at least once, so a
field published but never filled (as `reason` and `signers` were) fails.

A new event type is covered by declaring it in `esign.webhooks.payloads.DATA_SCHEMAS` (that publishes
it, makes it subscribable and fills its deliveries) and adding to `produce_every_event` below a step
that makes the service emit it: until then this test fails, naming the event type it received none of.
"""
from __future__ import annotations

import copy

from openapi_schema_validator import OAS30Validator, oas30_format_checker

from esign.domain.mail import bounces
from esign.domain.orgs import provisioning
from esign.domain.requests import links
from esign.webhooks.payloads import DATA_SCHEMAS

ANN = {"name": "Ann Example", "email": "ann@example.test"}
BOB = {"name": "Bob Stone", "email": "bob@example.test"}
CANCEL_REASON = "The amount is wrong"
DECLINE_REASON = "I never agreed to this"
REJECT_REASON = "The budget is not approved"
CY = {"name": "Cy Young", "email": "cy@example.test"}


async def _request(client, signers, key="a", send=True, **extra) -> dict:
    doc = await client.upload(extra.pop("pdf"), "contract.pdf", key=key)
    assert doc.status == 201, doc
    fields = [{"signer_email": s["email"], "field_type": "signature", "page_number": 1, "x_percent": 10,
               "y_percent": 10 + 10 * i, "width_percent": 20, "height_percent": 5} for i, s in enumerate(signers)
              if s.get("type", "signer") == "signer"]  # only a signer has a signature field (docs/roles.md)
    resp = await client.post("/v1/signing-requests", {"document_id": doc.json["id"], "signers": signers,
                                                      "fields": fields, "auto_send": send, **extra}, key=key)
    assert resp.status == 201, resp
    return resp.json


async def _token(server, request: dict, i: int) -> str:
    """Signer i's link token, as the invitation carries it."""
    stored = await server.services.store.signing_requests.by_id(request["id"])
    return links.signing_url(server.services, stored, stored["signers"][i]).rsplit("/", 1)[1]


async def _signer(server, token, action="", body=None):
    if action:
        resp = await server.client.post(f"/sign/{token}/api/{action}", body, key=None)
    else:
        resp = await server.client.get(f"/sign/{token}/api", key=None)
    assert resp.status == 200, resp
    return resp.json


def _sign(name):
    return {"signature": {"kind": "typed", "text": name}, "consent": True}


async def produce_every_event(server, client, pdf) -> None:
    """Make the service emit every event type it delivers, through its API where it has one."""
    org = await server.services.store.organizations.by_name("Org A")
    # member.invited (a key for a new owner; keys are made by configuration or the CLI, not the API)
    await provisioning.create_key(server.services, org, owner_name="Nia Novak", owner_email="nia@a.example.test")
    await provisioning.create_key(server.services, org, owner_email="noname@a.example.test")  # name: null
    # document.uploaded (each request below uploads its document); signing_request.created, .sent, .reminded,
    # signer.viewed, .signed, .withdrawn, signing_request.completed, document.signed
    signed = await _request(client, [ANN, BOB], pdf=pdf)
    remind = await client.post(f"/v1/signing-requests/{signed['id']}/remind")
    assert remind.status == 200 and remind.json["signers"] == [ANN["email"], BOB["email"]], remind
    ann, bob = await _token(server, signed, 0), await _token(server, signed, 1)
    await _signer(server, ann)
    await _signer(server, ann, "viewed")  # the page reports that it was shown (a link fetch records nothing)
    await _signer(server, ann, "sign", _sign(ANN["name"]))
    await _signer(server, ann, "withdraw")
    await _signer(server, ann, "sign", _sign(ANN["name"]))
    await _signer(server, bob, "sign", _sign(BOB["name"]))
    # signing_request.revoked: its sender no longer stands by the completed request (once its PDF is sealed)
    await server.run_jobs()
    assert (await client.post(f"/v1/signing-requests/{signed['id']}/revoke", {"reason": "Sent in error"})).status == 200
    # signing_request.cancelled with a reason, and without one (a draft)
    cancelled = await _request(client, [ANN], pdf=pdf)
    resp = await client.post(f"/v1/signing-requests/{cancelled['id']}/cancel", {"reason": CANCEL_REASON})
    assert resp.status == 200, resp
    draft = await _request(client, [BOB], pdf=pdf, send=False)
    assert (await client.post(f"/v1/signing-requests/{draft['id']}/cancel", {})).status == 200
    # signer.declined (and the signing_request.cancelled it causes)
    declined = await _request(client, [ANN, BOB], pdf=pdf)
    await _signer(server, await _token(server, declined, 0), "decline", {"reason": DECLINE_REASON})
    # signing_request.expired, of a sandbox request
    expiring = await _request(client, [ANN], key="a_sandbox", pdf=pdf, expires_in_days=1)
    server.clock.advance(days=1)
    assert (await client.get(f"/v1/signing-requests/{expiring['id']}", key="a_sandbox")).json["status"] == "expired"
    # signing_request.signer_replaced (Bob's address corrected), signer.delegated (Ann hands over to Dan)
    routed = await _request(client, [ANN, BOB], pdf=pdf, allow_delegation=True)
    resp = await client.post(f"/v1/signing-requests/{routed['id']}/signers/{routed['signers'][1]['id']}/replace",
                             {"name": "Cat Example", "email": "cat@example.test"})
    assert resp.status == 200, resp
    await _signer(server, await _token(server, routed, 0), "delegate",
                  {"name": "Dan Example", "email": "dan@example.test", "reason": "on leave this week"})
    # signer.approved, signer.acknowledged; signer.rejected (and the signing_request.cancelled it causes)
    approved = await _request(client, [{**ANN, "type": "approver"}, {**BOB, "type": "viewer"}, CY], pdf=pdf)
    await _signer(server, await _token(server, approved, 0), "approve", {})
    await _signer(server, await _token(server, approved, 1), "acknowledge")
    signing = await _request(client, [{**ANN, "type": "approver", "approver_signs": True}, BOB], pdf=pdf)
    await _signer(server, await _token(server, signing, 0), "sign", _sign(ANN["name"]))  # signer.approved, signed
    witnessed = await _request(client, [ANN, {**BOB, "type": "witness", "witness_for": ANN["email"]}], pdf=pdf)
    await _signer(server, await _token(server, witnessed, 0), "sign", _sign(ANN["name"]))
    await _signer(server, await _token(server, witnessed, 1), "sign", _sign(BOB["name"]))  # signer.witnessed
    prepared = await _request(client, [{**ANN, "type": "assistant", "assists": [BOB["email"]]}, BOB], pdf=pdf)
    await _signer(server, await _token(server, prepared, 0), "prepare", {})  # signer.prepared
    rejected = await _request(client, [{**ANN, "type": "approver"}, BOB], pdf=pdf)
    resp = await client.post(f"/sign/{await _token(server, rejected, 0)}/api/reject", {"reason": REJECT_REASON}, key=None)
    assert resp.status == 200, resp
    # signing_event.email_bounced and .email_failed: what the mail server reports (no API call makes them)
    mailed = await server.services.store.signing_requests.by_id((await _request(client, [ANN], pdf=pdf))["id"])
    await bounces.record_bounce(server.services, mailed, mailed["signers"][0], "550 5.1.1 <ann@example.test>: unknown")
    await bounces.record_failed(server.services, mailed, mailed["signers"][0], "554 5.7.1 Relay access denied",
                                "invitation")
    # legal_hold.applied and .released; signing_request.purge_scheduled (the retention policy's notice of the
    # cancelled requests above: their purge is 30 days away)
    admin, _ = await provisioning.create_key(server.services, org, ["read", "write", "admin"])
    hold = await client.post("/v1/legal-holds", {"name": "Audit", "reason": "review", "signer_email": ANN["email"]},
                             key=admin)
    assert hold.status == 201 and (await client.delete(f"/v1/legal-holds/{hold.json['id']}", key=admin)).status == 200
    policy = {"rules": [{"state": "cancelled", "after_days": 30, "action": "purge_content"}], "notice_days": 30}
    assert (await client.request("PUT", "/v1/retention-policy", json_body=policy, key=admin)).status == 200
    # public_link.used and .exhausted (a link of one use, without a code), .paused (docs/public-links.md)
    doc = (await client.upload(pdf)).json["id"]
    template = await client.post("/v1/templates", {"name": "Waiver", "document_id": doc, "roles": [{"name": "Guest"}]})
    link = await client.post(f"/v1/templates/{template.json['id']}/public-links",
                             {"name": "Waiver", "public_role": "Guest", "email_code": False, "max_uses": 1})
    slug = link.json["url"].rsplit("/p/", 1)[1]
    used = await client.post(f"/p/{slug}/start", {"email": "visitor@example.test"}, key=None)
    assert used.status == 201, used
    assert (await client.patch(f"/v1/public-links/{link.json['id']}", {"paused": True})).status == 200
    await server.run_jobs()


def _resolved(schema, components: dict):
    """The schema with every `$ref` replaced by what it names (none of these schemas is recursive)
    and every object closed: no property it does not declare."""
    if isinstance(schema, list):
        return [_resolved(s, components) for s in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        prefix = "#/components/schemas/"
        assert schema["$ref"].startswith(prefix), schema
        return _resolved(copy.deepcopy(components[schema["$ref"][len(prefix):]]), components)
    out = {k: _resolved(v, components) if k in ("properties", "items", "allOf", "anyOf", "oneOf") else v
           for k, v in schema.items()}
    if "properties" in out:
        out["properties"] = {name: _resolved(s, components) for name, s in schema["properties"].items()}
        out["additionalProperties"] = False
    return out


def _published(openapi: dict) -> dict:
    """event type -> (the delivery body's schema, its header parameters), as the OpenAPI document publishes
    them. Each body is a named component (what a generated client names its type after, issue 37), and so
    is each object in it."""
    callbacks = openapi["paths"]["/v1/webhooks"]["post"]["callbacks"]
    components = openapi["components"]["schemas"]
    out = {}
    for event_type, callback in callbacks.items():
        [(expression, item)] = callback.items()
        assert expression == "{$request.body#/url}", expression
        schema = item["post"]["requestBody"]["content"]["application/json"]["schema"]
        assert set(schema) == {"$ref"}, (event_type, "the delivery's schema is not a named component")
        for prop in components[schema["$ref"].rsplit("/", 1)[1]]["properties"].values():
            assert prop.get("type") != "object" or "$ref" in prop, (event_type, "an inline object", prop)
        out[event_type] = schema, {p["name"]: p for p in item["post"]["parameters"] if p["in"] == "header"}
    return out


def _check_headers(headers, declared: dict) -> None:
    """The headers a delivery came with are the declared ones, each valid against its schema."""
    sent = {name.lower(): value for name, value in headers.items()}
    got = {name: sent[name.lower()] for name in declared if name.lower() in sent}
    assert {name for name, p in declared.items() if p["required"]} <= set(got), (sorted(got), sorted(declared))
    for name, value in got.items():
        errors = [e.message for e in OAS30Validator(declared[name]["schema"], format_checker=oas30_format_checker)
                  .iter_errors(value)]
        assert not errors, (name, value, errors)


async def test_every_delivery_is_its_published_schema(server, client, receiver, sample_pdf):
    openapi = (await client.get("/v1/openapi.json")).json
    published = _published(openapi)
    subscribable = openapi["components"]["schemas"]["WebhookCreate"]["properties"]["events"]["items"]["enum"]
    assert set(published) == set(subscribable) == set(DATA_SCHEMAS)
    hook = await client.post("/v1/webhooks", {"name": "contract", "url": receiver.url(), "events": subscribable})
    assert hook.status == 201, hook

    await produce_every_event(server, client, sample_pdf)

    by_type: dict[str, list[dict]] = {}
    for got in receiver.requests:
        assert got.verifies(hook.json["secret"])
        _check_headers(got.headers, published[got.headers["X-Webhook-Event"]][1])
        by_type.setdefault(got.headers["X-Webhook-Event"], []).append(got.json)
    missing = sorted(set(published) - set(by_type))
    assert not missing, (f"no delivery of {missing}: give produce_every_event in {__name__} a step that makes the "
                         f"service emit each (every event type of payloads.DATA_SCHEMAS is published and must be "
                         f"checked against its schema)")
    components = openapi["components"]["schemas"]
    for event_type, bodies in by_type.items():
        schema = _resolved(published[event_type][0], components)
        validator = OAS30Validator(schema, format_checker=oas30_format_checker)
        for body in bodies:
            errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(body)]
            assert not errors, (event_type, errors, body)
            assert body["event"] == event_type
        declared = set(schema["properties"]["data"]["properties"])
        delivered = set().union(*(b["data"] for b in bodies))
        assert declared == delivered, (f"{event_type}: declared but never delivered {sorted(declared - delivered)}",
                                       bodies)

    # the values published as `reason` and `signers` are the ones given
    def data(event_type):
        return [b["data"] for b in by_type[event_type]]

    assert [d["reason"] for d in data("signer.declined")] == [DECLINE_REASON]
    assert sorted(d["reason"] or "" for d in data("signing_request.cancelled")) == [
        "", CANCEL_REASON, f"declined by {ANN['email']}", f"rejected by {ANN['email']}"]
    assert [d["reason"] for d in data("signer.rejected")] == [REJECT_REASON]
    assert [d.get("cancellation", {}).get("kind") for d in data("signing_request.cancelled")].count("rejected") == 1
    assert [d["signers"] for d in data("signing_request.reminded")] == [[ANN["email"], BOB["email"]]]
    assert [d["sandbox"] for d in data("signing_request.expired")] == [True]

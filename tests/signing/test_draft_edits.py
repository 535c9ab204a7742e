"""Editing and deleting a draft over real HTTP (issue 37): PATCH of the request (settings, signers
added, changed and removed), PATCH and DELETE of one field, DELETE of the draft; each refused once
sent, for another organisation, and for a bad body; a PATCH racing a send."""
import asyncio

from tests.support import assert_error
from tests.support.signing import ANN, BOB, CY, make_request, spost, typed

UNKNOWN = "00000000-0000-4000-8000-000000000000"


async def draft(server, **extra):
    """A draft for Ann and Bob (parallel), a signature field for each."""
    return await make_request(server, signers=(ANN, BOB), send=False,
                              fields={"ann": {"signer": 0}, "bob": {"signer": 1, "page_number": 2}}, **extra)


async def test_patch_settings(server):
    made = await draft(server)
    before = await made.get()
    resp = await server.client.patch(f"/v1/signing-requests/{made.id}", {
        "message": "Please sign by Friday", "email_subject": "Contract", "expires_in_days": 30, "reminder_days": 3,
        "cc_emails": [{"email": "legal@example.test"}]})
    assert resp.status == 200, resp
    r = resp.json
    assert (r["message"], r["email_subject"], r["reminder_days"]) == ("Please sign by Friday", "Contract", 3)
    assert r["cc_emails"] == [{"email": "legal@example.test", "name": None}]
    assert r["expires_at"] > before["expires_at"] and r["status"] == "draft"
    assert r["signers"] == before["signers"] and r["signing_order"] == "parallel"
    assert await made.get() == r
    # null clears what may be null; a key left out stays
    r = (await server.client.patch(f"/v1/signing-requests/{made.id}", {"message": None})).json
    assert r["message"] is None and r["email_subject"] == "Contract"


async def test_patch_signers_added_changed_removed(server):
    made = await draft(server)
    ann_id, bob_id = made.signer_ids
    resp = await server.client.patch(f"/v1/signing-requests/{made.id}", {"signing_order": "sequential", "signers": [
        {"name": "Cy Young", "email": "cy@example.test"},
        {"id": ann_id, "name": "Ann Other", "email": "ann.other@example.test", "phone": "+12025550123"}]})
    assert resp.status == 200, resp
    r = resp.json
    assert [s["email"] for s in r["signers"]] == ["cy@example.test", "ann.other@example.test"]
    assert r["signers"][1]["id"] == ann_id and r["signers"][1]["name"] == "Ann Other"
    assert r["signers"][0]["id"] not in (ann_id, bob_id)
    assert [s["order"] for s in r["signers"]] == [1, 2]  # sequential: the list's order, as on create
    # Bob's field went with him; Ann's stayed hers
    fields = (await server.client.get(f"/v1/signing-requests/{made.id}/fields")).json
    assert [(f["id"], f["signer_id"], f["signer_name"]) for f in fields] == [(made.fields["ann"], ann_id, "Ann Other")]
    # the list's signer_email filter follows the new signers
    for email, found in (("ann.other@example.test", True), ("bob@example.test", False), ("cy@example.test", True)):
        page = (await server.client.get(f"/v1/signing-requests?signer_email={email}")).json
        assert (made.id in [i["id"] for i in page["items"]]) is found, email
    # sending invites the new list, in its order
    sent = (await server.client.post(f"/v1/signing-requests/{made.id}/send")).json
    assert [s["status"] for s in sent["signers"]] == ["sent", "pending"]


async def test_patch_labels(server):
    """metadata, external_id and redirect_url of the request and of each signer, as on create: given,
    replaced, removed; the list's filters follow; their rules hold over the edited request."""
    made = await draft(server)
    ann_id, bob_id = made.signer_ids
    url = f"/v1/signing-requests/{made.id}"
    r = (await server.client.patch(url, {"metadata": {"deal": "42"}, "external_id": "crm-7",
                                         "redirect_url": "https://app.example.test/done"})).json
    assert (r["metadata"], r["external_id"], r["redirect_url"]) == ({"deal": "42"}, "crm-7", "https://app.example.test/done")
    listed = (await server.client.get("/v1/signing-requests?metadata[deal]=42")).json["items"]
    assert [i["id"] for i in listed] == [made.id]
    assert [i["id"] for i in (await server.client.get("/v1/signing-requests?external_id=crm-7")).json["items"]] == [made.id]
    r = (await server.client.patch(url, {"signers": [
        {"id": ann_id, **ANN, "metadata": {"employee": "e-1"}, "external_id": "person-1"}, {"id": bob_id, **BOB}]})).json
    assert (r["signers"][0]["metadata"], r["signers"][0]["external_id"]) == ({"employee": "e-1"}, "person-1")
    assert r["metadata"] == {"deal": "42"}  # left out: unchanged
    r = (await server.client.patch(url, {"metadata": {}, "external_id": None, "redirect_url": None})).json
    assert (r["metadata"], r["external_id"], r["redirect_url"]) == ({}, None, None)
    assert (await server.client.get("/v1/signing-requests?external_id=crm-7")).json["items"] == []
    # the rules of create: an http redirect outside the embed origins, a bad key, too much metadata in all
    big = {f"k{i}": "v" * 1000 for i in range(100)}
    for body, field in (({"redirect_url": "http://app.example.test/"}, "redirect_url"),
                        ({"metadata": {"bad key": "x"}}, "metadata.bad key.key"),
                        ({"external_id": ""}, "external_id"),
                        ({"signers": [{"id": ann_id, **ANN, "redirect_url": "http://x.example.test/"}]},
                         "signers.0.redirect_url"),
                        ({"metadata": big, "signers": [{**ANN, "metadata": big}, {**BOB, "metadata": big}]}, "metadata")):
        err = assert_error(await server.client.patch(url, body), 422, "validation_error")
        assert field in [d["field"] for d in err["details"]], (body, err)


async def test_patch_validation(server):
    made = await draft(server)
    ann_id = made.signer_ids[0]
    cases = [
        ({}, ""),
        ({"surprise": 1}, "surprise"),
        ({"expires_in_days": 91}, "expires_in_days"),
        ({"expires_in_days": "7"}, "expires_in_days"),
        ({"signing_order": "random"}, "signing_order"),
        ({"message": "x" * 1001}, "message"),
        ({"signers": []}, "signers"),
        ({"signers": [{"name": "A", "email": "not-an-email"}]}, "signers.0.email"),
        ({"signers": [{"name": "A", "email": "a@example.test", "order": 0}]}, "signers.0.order"),
        ({"signers": [ANN, dict(ANN, name="Again")]}, "signers"),
        ({"signers": [{"id": UNKNOWN, "name": "A", "email": "a@example.test"}]}, "signers.0.id"),
        ({"signers": [{"id": ann_id, **ANN}, {"id": ann_id, **BOB}]}, "signers.1.id"),
        ({"signers": [{"id": "not-a-uuid", **ANN}]}, "signers.0.id"),
        ({"signers": [dict(BOB, delivery="sms")]}, "signers.0.phone"),
    ]
    for body, field in cases:
        err = assert_error(await server.client.patch(f"/v1/signing-requests/{made.id}", body), 422, "validation_error")
        assert field in [d["field"] for d in err["details"]], (body, err)
    assert_error(await server.client.request("PATCH", f"/v1/signing-requests/{made.id}", body=b"[1",
                                             headers={"Content-Type": "application/json"}), 400, "bad_request")
    assert len((await made.get())["signers"]) == 2  # nothing changed
    # a request that asks for phone verification keeps a phone for every signer
    strict = await make_request(server, signers=(ANN,), send=False, phone_verification_required=True)
    err = assert_error(await server.client.patch(f"/v1/signing-requests/{strict.id}", {"signers": [BOB]}), 422)
    assert err["details"][0]["field"] == "signers.0.phone"


async def test_edits_refused_once_sent_and_for_others(server):
    made = await draft(server)
    path = f"/v1/signing-requests/{made.id}"
    field = f"{path}/fields/{made.fields['ann']}"
    assert_error(await server.client.patch(path, {"message": "x"}, key="b"), 404, "not_found")
    assert_error(await server.client.delete(path, key="b"), 404, "not_found")
    assert_error(await server.client.patch(field, {"x_percent": 5}, key="b"), 404, "not_found")
    assert_error(await server.client.delete(field, key="b"), 404, "not_found")
    assert_error(await server.client.patch(path, {"message": "x"}, key="a_read"), 403, "insufficient_scope")
    assert_error(await server.client.delete(path, key="a_sandbox"), 403, "forbidden")  # a live draft
    assert (await server.client.post(f"{path}/send")).status == 200
    for resp in (await server.client.patch(path, {"message": "x"}), await server.client.delete(path),
                 await server.client.patch(field, {"x_percent": 5}), await server.client.delete(field)):
        assert "pending" in assert_error(resp, 409, "invalid_state")["message"]
    assert (await made.get())["status"] == "pending"
    assert_error(await server.client.patch(f"/v1/signing-requests/{UNKNOWN}", {"message": "x"}), 404, "not_found")


async def test_patch_and_delete_one_field(server):
    made = await draft(server)
    path = f"/v1/signing-requests/{made.id}/fields"
    ann_id, bob_id = made.signer_ids
    resp = await server.client.patch(f"{path}/{made.fields['ann']}", {
        "x_percent": 50, "page_number": 3, "field_type": "text", "placeholder": "Title", "signer_id": bob_id})
    assert resp.status == 200, resp
    f = resp.json
    assert (f["id"], f["x_percent"], f["page_number"], f["field_type"], f["placeholder"], f["signer_id"]) == (
        made.fields["ann"], 50, 3, "text", "Title", bob_id)
    assert f["y_percent"] == 10 and f["signer_name"] == "Bob Stone"  # left as it was
    listed = (await server.client.get(path)).json
    assert [x["id"] for x in listed] == [made.fields["ann"], made.fields["bob"]] and listed[0] == f
    bad = [({"page_number": 99}, "page_number"), ({"x_percent": 90}, ""), ({"signer_id": UNKNOWN}, "signer_id"),
           ({"field_type": "select"}, "options"), ({"x_percent": 101}, "x_percent"), ({"value": "x" * 1001}, "value"),
           ({"anchor": {"text": "Date:"}}, "anchor"), ({}, ""), ({"validation_type": "regex"}, "validation_pattern")]
    for body, field in bad:
        err = assert_error(await server.client.patch(f"{path}/{made.fields['ann']}", body), 422, "validation_error")
        assert field in [d["field"] for d in err["details"]], (body, err)
    assert (await server.client.get(path)).json == listed  # nothing changed
    assert_error(await server.client.patch(f"{path}/{UNKNOWN}", {"x_percent": 5}), 404, "not_found")
    # delete one: the other stays; again: 404
    assert (await server.client.delete(f"{path}/{made.fields['bob']}")).status == 204
    assert [x["id"] for x in (await server.client.get(path)).json] == [made.fields["ann"]]
    assert_error(await server.client.delete(f"{path}/{made.fields['bob']}"), 404, "not_found")
    assert_error(await server.client.delete(f"{path}/not-a-uuid"), 404)
    assert ann_id in made.signer_ids


async def test_delete_draft(server):
    made = await draft(server)
    path = f"/v1/signing-requests/{made.id}"
    resp = await server.client.delete(path)
    assert resp.status == 204 and not resp.body
    assert_error(await server.client.get(path), 404, "not_found")
    assert_error(await server.client.get(f"{path}/events"), 404, "not_found")
    assert_error(await server.client.delete(path), 404, "not_found")  # again: nothing made again
    assert await made.record() is None
    # the document stays; the audit trail stays, ending with the deletion and who asked for it
    assert (await server.client.get(f"/v1/documents/{made.body['document_id']}")).status == 200
    events = (await server.client.get(f"/v1/events?signing_request_id={made.id}")).json["items"]
    assert [e["event_type"] for e in events] == ["signing_event.deleted", "signing_request.created"]
    assert events[0]["metadata"]["by"]["name"]
    assert made.id not in [i["id"] for i in (await server.client.get("/v1/signing-requests")).json["items"]]
    # a cancelled draft is no longer a draft
    other = await draft(server)
    assert (await server.client.post(f"/v1/signing-requests/{other.id}/cancel")).status == 200
    assert_error(await server.client.delete(f"/v1/signing-requests/{other.id}"), 409, "invalid_state")


async def test_patch_racing_send_keeps_the_send(server):
    """A PATCH adding a signer and a send at once: whichever wins, the request ends sent with every
    signer it holds invited, one `signing_request.sent`, and the PATCH either in it or refused (409)."""
    for _ in range(4):
        made = await make_request(server, signers=(ANN,), send=False)
        patch, send = await asyncio.gather(
            server.client.patch(f"/v1/signing-requests/{made.id}", {"signers": [{"id": made.signer_ids[0], **ANN}, CY]}),
            server.client.post(f"/v1/signing-requests/{made.id}/send"))
        assert send.status == 200, send
        record = await made.record()
        assert record["status"] == "pending"
        if patch.status == 200:
            assert [s["email"] for s in record["signers"]] == [ANN["email"], CY["email"]]
        else:
            assert_error(patch, 409, "invalid_state")
            assert [s["email"] for s in record["signers"]] == [ANN["email"]]
        assert all(s["status"] == "sent" and s["token_hash"] for s in record["signers"])
        sent = [e for e in await made.events() if e["event_type"] == "signing_request.sent"]
        assert len(sent) == 1 and sent[0]["metadata"]["invited"] == [s["email"] for s in record["signers"]]


async def test_a_reactivated_drafts_signed_signer_stays(server):
    """A request that expired after Ann signed comes back as a draft with her signature: she can be
    neither changed nor removed (409); the others can."""
    made = await make_request(server, signers=(ANN, BOB), expires_in_days=1)
    assert (await spost(server, await made.token(0), "sign", {"signature": typed(), "consent": True})).status == 200
    server.clock.advance(days=1)
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/reactivate", {"expires_in_days": 2})).status == 200
    path = f"/v1/signing-requests/{made.id}"
    ann_id, bob_id = made.signer_ids
    ann = {"id": ann_id, **{k: ANN[k] for k in ("name", "email", "phone")}}
    for signers in ([{**ann, "name": "Ann Changed"}, {"id": bob_id, **BOB}], [{"id": bob_id, **BOB}]):
        assert "signed" in assert_error(await server.client.patch(path, {"signers": signers}), 409, "invalid_state")["message"]
    resp = await server.client.patch(path, {"signers": [ann, CY]})
    assert resp.status == 200, resp
    assert [(s["email"], s["status"]) for s in resp.json["signers"]] == [(ANN["email"], "signed"), (CY["email"], "pending")]

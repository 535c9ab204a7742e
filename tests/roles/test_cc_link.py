"""A `cc` participant's read-only link (`notify_on: "sent"`, issue 41, docs/roles.md) over real HTTP, mail in
the Maildir: at send the cc becomes `notified` and is emailed a link that opens the document and nothing
else (every action through it a 403, its status never a signer's); at completion it still gets its copy,
and the certificate says which cc had the link; `notify_on` on anyone but a cc, or of another value, is a 422."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.mail import link_of, maildir
from tests.support.routing import sign_with, signed_pdf, text_of
from tests.support.signing import make_request, sget, spost

SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}
EARLY = {"name": "Eli Early", "email": "eli@example.test", "type": "cc", "notify_on": "sent", "locale": "de"}
LATE = {"name": "Lou Late", "email": "lou@example.test", "type": "cc"}


def mail_to(server, person) -> list:
    return [m for m in maildir(server) if person["email"] in m["To"]]


async def test_a_cc_notified_at_send_gets_a_read_only_link_and_its_copy_at_completion(server, tmp_path):
    made = await make_request(server, [SIGNER, EARLY, LATE], order="parallel", message="For the board")
    got = await made.get()
    early, late = got["signers"][1], got["signers"][2]
    assert (early["status"], early["notify_on"]) == ("notified", "sent") and early["notified_at"]
    assert (late["status"], late["notify_on"], late["notified_at"]) == ("pending", "completed", None)
    assert got["signers"][0]["notify_on"] is None
    await server.run_jobs()
    assert mail_to(server, LATE) == []
    [sent] = mail_to(server, EARLY)
    assert sent["Subject"].startswith("Zur Kenntnis: ")  # in the cc's language
    text = sent.get_body(("plain",)).get_content()
    assert "zur Kenntnis: Sie müssen nichts unterschreiben" in text and "For the board" in text
    token = link_of(sent).rsplit("/", 1)[1]

    view = await sget(server, token)
    assert view.status == 200, view
    assert (view.json["signer"]["type"], view.json["signer"]["status"], view.json["can_sign"]) == ("cc", "notified", False)
    assert view.json["fields"] == []
    assert (await sget(server, token, "/pages/1.png")).status == 200  # the document
    assert (await server.client.get(f"/sign/{token}", key=None)).status == 200  # the page
    for action, body in [("sign", {"signature": {"kind": "typed", "text": "Eli"}, "consent": True}),
                         ("decline", {"reason": "no"}), ("viewed", None), ("consent", None), ("otp", None),
                         ("acknowledge", None), ("approve", {}), ("reject", {"reason": "no"}),
                         ("delegate", {"name": "X", "email": "x@example.test", "reason": "away"})]:
        assert_error(await spost(server, token, action, body), 403, "forbidden")
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["sent", "notified", "pending"]
    assert "signer.viewed" not in await made.event_types()

    await sign_with(server, await made.token(0), SIGNER["name"])
    await server.run_jobs()
    got = await made.get()
    assert got["status"] == "completed"
    assert [s["status"] for s in got["signers"]] == ["signed", "notified", "notified"]
    assert [m["Subject"].split(":")[0] for m in mail_to(server, EARLY)] == ["Zur Kenntnis", "Completed"]
    assert [m["Subject"].split(":")[0] for m in mail_to(server, LATE)] == ["Completed"]
    path, *_ = await signed_pdf(server, made.id, tmp_path)
    certificate = " ".join(text_of(path).split())
    assert "Copy recipient: Read-only link sent with the request; copy sent on completion" in certificate
    assert "Copy recipient: Copy sent on completion" in certificate  # the cc notified at completion only


async def test_notify_on_is_for_a_cc_only_and_sent_or_completed(server):
    resp = await server.client.post("/v1/signing-requests", {
        "document_id": (await make_request(server, [SIGNER], send=False)).body["document_id"],
        "signers": [{**SIGNER, "notify_on": "sent"}, {**LATE, "notify_on": "later"}]})
    error = assert_error(resp, 422, "validation_error")
    assert {d["field"] for d in error["details"]} >= {"signers.1.notify_on"}
    resp = await server.client.post("/v1/signing-requests", {
        "document_id": (await make_request(server, [SIGNER], send=False)).body["document_id"],
        "signers": [{**SIGNER, "notify_on": "sent"}, LATE]})
    error = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in error["details"]] == ["signers.0.notify_on"]


async def test_a_draft_s_edit_sets_notify_on(server):
    made = await make_request(server, [SIGNER, LATE], send=False)
    ids = made.signer_ids
    resp = await server.client.patch(f"/v1/signing-requests/{made.id}", {"signers": [
        {**SIGNER, "id": ids[0]}, {**LATE, "id": ids[1], "notify_on": "sent"}]})
    assert resp.status == 200, resp
    assert resp.json["signers"][1]["notify_on"] == "sent"
    error = assert_error(await server.client.patch(f"/v1/signing-requests/{made.id}", {"signers": [
        {**SIGNER, "id": ids[0], "notify_on": "sent"}, {**LATE, "id": ids[1]}]}), 422, "validation_error")
    assert [d["field"] for d in error["details"]] == ["signers.0.notify_on"]
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    await server.run_jobs()
    assert [s["status"] for s in (await made.get())["signers"]] == ["sent", "notified"]
    assert [m["Subject"].split(":")[0] for m in mail_to(server, LATE)] == ["For your information"]

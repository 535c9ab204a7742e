"""An assistant (docs/roles.md) over real HTTP, mail in the Maildir: it prefills the text, checkbox and
select fields of the signers it `assists` before they are invited (never a signature, initials,
attachment or date field), the signer sees the values as prefilled by it and may change them unless a
field is `locked`; `signer.prepared` with `type`, the count in `participants_progress`, the certificate's
line; every misuse a 422 or 409 in the Error shape."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.envelopes import download, flat_text
from tests.support.mail import maildir
from tests.support.routing import sign_with
from tests.support.signing import make_request, sget, spost, upload
from tests.support.webhooks import create_hook

from .test_roles import SIGNER, create, field

ASSISTANT = {"name": "Pat Assistant", "email": "pat@example.test", "type": "assistant", "assists": [SIGNER["email"]]}
OTHER = {"name": "Ona Other", "email": "ona@example.test"}
FIELDS = {"company": {"signer": 1, "field_type": "text", "placeholder": "Company"},
          "ref": {"signer": 1, "field_type": "text", "placeholder": "Reference", "locked": True},
          "plan": {"signer": 1, "field_type": "select", "options": ["Basic", "Plus"]},
          "sig": {"signer": 1}, "initials": {"signer": 1, "field_type": "initials"},
          "when": {"signer": 1, "field_type": "date"},
          "theirs": {"signer": 2, "field_type": "text", "is_required": False}}


def invited(server, person, subject) -> bool:
    return any(m["Subject"].startswith(subject) for m in maildir(server) if person["email"] in m["To"])


async def test_an_assistant_prefills_a_signers_fields_before_they_are_invited(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signer.prepared"])
    made = await make_request(server, [{**ASSISTANT, "order": 1}, {**SIGNER, "order": 2}, {**OTHER, "order": 2}],
                              order="sequential", fields=FIELDS, separate_stamp_page=True)
    got = await made.get()
    assert [(s["type"], s["status"]) for s in got["signers"]] == [
        ("assistant", "sent"), ("signer", "pending"), ("signer", "pending")]
    assert got["signers"][0]["assists"] == [made.signer_ids[1]]
    await server.run_jobs()
    assert invited(server, ASSISTANT, "Please fill in") and not invited(server, SIGNER, "Please sign")
    text = [m for m in maildir(server) if ASSISTANT["email"] in m["To"]][0].get_body(("plain",)).get_content()
    assert "asks you to fill in fields of" in text

    token = await made.token(0)
    view = (await sget(server, token)).json
    assert view["signer"]["type"] == "assistant" and view["can_sign"] is False
    # the page shows the assistant the fillable fields of the signer it assists, no one else's
    assert sorted(f["id"] for f in view["fields"]) == sorted(made.fields[k] for k in ("company", "ref", "plan"))
    assert_error(await spost(server, token, "approve"), 409, "invalid_state")
    for name in ("sig", "initials", "when"):
        err = assert_error(await spost(server, token, "prepare", {"values": {made.fields[name]: "x"}}), 422)
        assert err["details"][0]["field"] == f"values.{made.fields[name]}"
    err = assert_error(await spost(server, token, "prepare", {"values": {made.fields["theirs"]: "x"}}), 422)
    assert err["details"][0]["message"] == "not a field of a signer you assist"
    assert_error(await spost(server, token, "prepare", {"values": {made.fields["plan"]: "Gold"}}), 422)
    resp = await spost(server, token, "prepare", {"values": {
        made.fields["company"]: "Acme Ltd", made.fields["ref"]: "PO-7", made.fields["plan"]: "Plus"}})
    assert resp.status == 200, resp
    assert resp.json["signer"]["status"] == "prepared"
    assert_error(await spost(server, token, "prepare", {"values": {}}), 409, "invalid_state")  # once
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["prepared", "sent", "sent"]
    assert got["participants_progress"] == {"total": 3, "done": 1}
    await server.run_jobs()
    assert invited(server, SIGNER, "Please sign")

    signer = await made.token(1)
    assert_error(await spost(server, signer, "prepare", {"values": {}}), 409, "invalid_state")  # a signer does not
    shown = {f["id"]: f for f in (await sget(server, signer)).json["fields"]}
    assert (shown[made.fields["company"]]["value"], shown[made.fields["company"]]["prefilled_by"],
            shown[made.fields["company"]]["locked"]) == ("Acme Ltd", ASSISTANT["name"], False)
    assert shown[made.fields["ref"]]["locked"] is True
    # a locked value stays; another may be changed
    err = assert_error(await spost(server, signer, "sign", {
        "signature": {"kind": "typed", "text": "Sam"}, "consent": True, "values": {made.fields["ref"]: "PO-8"}}), 422)
    assert err["details"] == [{"field": f"values.{made.fields['ref']}",
                               "message": "this field is locked: it keeps the value it was given"}]
    await sign_with(server, signer, SIGNER["name"], values={made.fields["company"]: "Acme Group", made.fields["ref"]: "PO-7"})
    await sign_with(server, await made.token(2), OTHER["name"])
    got = await made.get()
    assert got["status"] == "completed" and got["participants_progress"] == {"total": 3, "done": 3}
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert (listed["total_signers"], listed["signed_count"]) == (2, 2)  # the assistant is not a signer
    values = {v["field_id"]: v["value"] for v in got["field_values"]}
    assert (values[made.fields["company"]], values[made.fields["ref"]], values[made.fields["plan"]]) == (
        "Acme Group", "PO-7", "Plus")
    fields = {f["id"]: f for f in (await server.client.get(f"/v1/signing-requests/{made.id}/fields")).json}
    assert fields[made.fields["plan"]]["prefilled_by"] == made.signer_ids[0] and fields[made.fields["ref"]]["locked"]

    await server.run_jobs()
    hooks = [r.json["data"] for r in receiver.at()]
    assert [(h["signer_email"], h["type"], h["fields"]) for h in hooks] == [(ASSISTANT["email"], "assistant", 3)]
    _, certificate = await download(server, made.id, "?file=certificate")
    assert "Assistant:Prefilled3fieldsforSamSigner" in flat_text(certificate)


async def test_in_a_parallel_request_the_assistant_acts_first(server):
    made = await make_request(server, [SIGNER, ASSISTANT], order="parallel", fields={"company": {
        "signer": 0, "field_type": "text"}})
    assert [s["status"] for s in (await made.get())["signers"]] == ["pending", "sent"]
    assert (await spost(server, await made.token(1), "prepare")).status == 200  # nothing prefilled: done all the same
    assert [s["status"] for s in (await made.get())["signers"]] == ["sent", "prepared"]


async def test_assistants_are_validated(server):
    async def problems(signers, **extra):
        err = assert_error(await create(server, signers, **extra), 422, "validation_error")
        return {d["field"]: d["message"] for d in err["details"]}

    got = await problems([SIGNER, {**ASSISTANT, "assists": []}])
    assert "assists at least one signer" in got["signers.1.assists"]
    got = await problems([SIGNER, {**ASSISTANT, "assists": ["nobody@example.test"]}])
    assert got["signers.1.assists"] == "nobody@example.test is not a signer of this request"
    got = await problems([{**SIGNER, "assists": [OTHER["email"]]}, OTHER])
    assert got["signers.0.assists"] == "only an assistant assists"
    got = await problems([{**SIGNER, "order": 1}, {**ASSISTANT, "order": 2}], signing_order="sequential")
    assert "lower than" in got["signers.1.order"]
    got = await problems([SIGNER, ASSISTANT], fields=[field(ASSISTANT["email"], "text")])
    assert "an assistant has no fields" in got["fields.0.field_type"]
    # a template role that is an assistant or a witness names whom (tests/roles/test_template_roles.py)
    for kind, key in (("assistant", "assists"), ("witness", "witness_for")):
        resp = await server.client.post("/v1/templates", {"name": "T", "document_id": await upload(server), "roles": [
            {"name": "Helper", "type": kind}, {"name": "Client"}]})
        assert f"roles.0.{key}" in {d["field"] for d in assert_error(resp, 422, "validation_error")["details"]}

"""A witness (docs/roles.md) over real HTTP, mail in the Maildir: it is invited right after the signer it
is `witness_for` signs (remote witnessing), signs its own witness block (signature, name, address
fields), becomes `signed` with `witnessed_at` (`signer.witnessed` with `type`), is not counted as a
signer, and the certificate says whose signature it witnessed; every misuse a 422 or 409."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.envelopes import download, flat_text
from tests.support.mail import maildir, text_of
from tests.support.routing import sign_with
from tests.support.signing import make_request, spost
from tests.support.webhooks import create_hook

from .test_roles import SIGNER, create

WITNESS = {"name": "Wes Witness", "email": "wes@example.test", "type": "witness", "witness_for": SIGNER["email"]}
OTHER = {"name": "Ona Other", "email": "ona@example.test"}
BLOCK = {"w_sig": {"signer": 1}, "w_name": {"signer": 1, "field_type": "text", "placeholder": "Witness name"},
         "w_address": {"signer": 1, "field_type": "text", "placeholder": "Witness address"}, "sig": {"signer": 0},
         "other": {"signer": 2}}


def mails_to(server, person) -> int:
    return sum(person["email"] in m["To"] for m in maildir(server))


async def test_a_witness_is_invited_once_its_signer_signed_and_signs_its_block(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signer.witnessed"])
    made = await make_request(server, [SIGNER, WITNESS, OTHER], order="parallel", fields=BLOCK,
                              separate_stamp_page=True)
    got = await made.get()
    assert [(s["type"], s["status"]) for s in got["signers"]] == [
        ("signer", "sent"), ("witness", "pending"), ("signer", "sent")]
    assert got["signers"][1]["witness_for"] == made.signer_ids[0]
    await server.run_jobs()
    assert mails_to(server, WITNESS) == 0  # not before the signer it witnesses has signed
    await sign_with(server, await made.token(2), OTHER["name"])  # someone else's signature changes nothing
    await server.run_jobs()
    assert mails_to(server, WITNESS) == 0 and (await made.get())["signers"][1]["status"] == "pending"

    await sign_with(server, await made.token(0), SIGNER["name"])
    got = await made.get()
    assert got["status"] == "pending" and got["signers"][1]["status"] == "sent"
    assert got["participants_progress"] == {"total": 3, "done": 2}
    await server.run_jobs()
    assert mails_to(server, WITNESS) == 1
    [invited] = [m for m in maildir(server) if WITNESS["email"] in m["To"]]  # asked to witness, naming whom
    assert invited["Subject"].startswith("Please witness a signature: ")
    assert "asks you to witness the signature of Sam Signer on" in text_of(invited), text_of(invited)
    token = await made.token(1)
    assert_error(await spost(server, token, "decline", {"reason": "no"}), 409, "invalid_state")
    assert_error(await spost(server, token, "approve"), 409, "invalid_state")
    assert_error(await spost(server, token, "sign", {"signature": {"kind": "typed", "text": "Wes"}, "consent": True}),
                 422)  # the witness block's name and address are required
    await sign_with(server, token, WITNESS["name"], values={made.fields["w_name"]: "Wes Witness",
                                                            made.fields["w_address"]: "1 High Street, Leeds"})
    got = await made.get()
    witness = got["signers"][1]
    assert got["status"] == "completed" and witness["status"] == "signed"
    assert witness["witnessed_at"] == witness["signed_at"] is not None
    listed = (await server.client.get("/v1/signing-requests")).json["items"][0]
    assert (listed["total_signers"], listed["signed_count"], listed["participants_progress"]) == (
        2, 2, {"total": 3, "done": 3})

    await server.run_jobs()
    hooks = [r.json["data"] for r in receiver.at()]
    assert [(h["signer_email"], h["type"]) for h in hooks] == [(WITNESS["email"], "witness")]
    _, certificate = await download(server, made.id, "?file=certificate")
    assert "Witness:WitnessedthesignatureofSamSigner" in flat_text(certificate)


async def test_in_a_sequential_request_the_witness_comes_right_after_its_signer(server):
    made = await make_request(server, [{**SIGNER, "order": 1}, {**WITNESS, "order": 3}, {**OTHER, "order": 2}],
                              order="sequential")
    await sign_with(server, await made.token(0), SIGNER["name"])
    # the witness and the next in order are invited together, whatever the witness's order
    assert [s["status"] for s in (await made.get())["signers"]] == ["signed", "sent", "sent"]


async def test_witnesses_are_validated(server):
    async def problems(signers, **extra):
        err = assert_error(await create(server, signers, **extra), 422, "validation_error")
        return {d["field"]: d["message"] for d in err["details"]}

    got = await problems([SIGNER, {k: v for k, v in WITNESS.items() if k != "witness_for"}])
    assert "a witness witnesses one signer" in got["signers.1.witness_for"]
    got = await problems([SIGNER, {**WITNESS, "witness_for": "nobody@example.test"}])
    assert got["signers.1.witness_for"] == "nobody@example.test is not a signer of this request"
    got = await problems([{**SIGNER, "witness_for": OTHER["email"]}, OTHER])
    assert got["signers.0.witness_for"] == "only a witness has witness_for"
    got = await problems([SIGNER, {**WITNESS, "email": SIGNER["email"]}])  # the witness's address is its own
    assert got["signers"] == f"duplicate signer email {SIGNER['email']}"

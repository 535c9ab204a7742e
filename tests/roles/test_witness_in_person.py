"""A witness in person (docs/roles.md, issue 41) over real HTTP, mail in the Maildir and texts through the
log SMS provider: it is never emailed nor texted; right after the signer it witnesses signed, that signer's
own page (and nobody else's, never before) offers the hand-over to the witness's link; the witness signs
its block there, `signer.witnessed` says `mode: in_person` and the certificate "(in person)"."""
from __future__ import annotations

from tests.support import assert_error
from tests.support.envelopes import download, flat_text
from tests.support.mail import maildir
from tests.support.routing import sign_with
from tests.support.signing import make_request, sget
from tests.support.webhooks import create_hook

from .test_roles import SIGNER, create
from .test_witness import BLOCK, OTHER, WITNESS, mails_to

IN_PERSON = {**WITNESS, "witness_mode": "in_person", "phone": "+442079460126", "delivery": "both"}


async def handover(server, token):
    resp = await sget(server, token)
    assert resp.status == 200, resp
    return resp.json["witness_handover"]


async def test_the_signer_hands_the_device_to_its_witness_who_signs_there(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signer.witnessed"])
    made = await make_request(server, [SIGNER, IN_PERSON, OTHER], order="parallel", fields=BLOCK, separate_stamp_page=True)
    got = await made.get()
    assert [s["witness_mode"] for s in got["signers"]] == [None, "in_person", None]
    signer, other = await made.token(0), await made.token(2)
    assert await handover(server, signer) is None  # never before it signed
    await sign_with(server, other, OTHER["name"])
    assert await handover(server, other) is None  # never to another signer

    signed = await sign_with(server, signer, SIGNER["name"])
    assert (await made.get())["signers"][1]["status"] == "sent"
    offered = await handover(server, signer)
    assert signed["witness_handover"] == offered  # the answer to the signature offers it at once
    assert offered["name"] == WITNESS["name"] and "/sign/" in offered["url"]
    assert await handover(server, other) is None
    await server.run_jobs()
    assert mails_to(server, WITNESS) == 0  # no invitation by email ...
    assert [n for n, _ in server.services.sms.sent if n == IN_PERSON["phone"]] == []  # ... nor by text
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/remind")).status in (200, 429)
    await server.run_jobs()
    assert mails_to(server, WITNESS) == 0 and [n for n, _ in server.services.sms.sent if n == IN_PERSON["phone"]] == []

    witness = offered["url"].rsplit("/", 1)[1]
    view = (await sget(server, witness)).json
    assert view["signer"]["type"] == "witness" and view["can_sign"] and view["witness_handover"] is None
    await sign_with(server, witness, WITNESS["name"], values={made.fields["w_name"]: "Wes Witness",
                                                              made.fields["w_address"]: "1 High Street, Leeds"})
    got = await made.get()
    assert got["status"] == "completed" and got["signers"][1]["witnessed_at"] is not None
    await server.run_jobs()
    server.clock.advance(hours=2)  # past `[email] copy_wait_minutes`: everyone's copy is out
    await server.run_jobs()
    copies = [(m["To"], m["Subject"]) for m in maildir(server)]  # everyone's copy but the witness's
    assert (f"{SIGNER['name']} <{SIGNER['email']}>", "Completed: contract.pdf") in copies
    assert not [to for to, _ in copies if WITNESS["email"] in to]  # invited, then its copy: not the witness
    [hook] = [r.json["data"] for r in receiver.at()]
    assert (hook["type"], hook["mode"]) == ("witness", "in_person")
    _, certificate = await download(server, made.id, "?file=certificate")
    assert "Witness:WitnessedthesignatureofSamSigner(inperson)" in flat_text(certificate)


async def test_the_hand_over_is_offered_only_right_after_signing(server):
    made = await make_request(server, [SIGNER, IN_PERSON], order="parallel", fields={
        k: v for k, v in BLOCK.items() if k != "other"})
    signer = await made.token(0)
    await sign_with(server, signer, SIGNER["name"])
    assert await handover(server, signer) is not None
    server.clock.advance(minutes=31)
    assert await handover(server, signer) is None


async def test_a_remote_witness_is_not_handed_over_and_says_so(server, receiver):
    await create_hook(server.client, receiver.url(), events=["signer.witnessed"])
    made = await make_request(server, [SIGNER, WITNESS], order="parallel")
    assert (await made.get())["signers"][1]["witness_mode"] == "remote"
    signer = await made.token(0)
    await sign_with(server, signer, SIGNER["name"])
    assert await handover(server, signer) is None
    await sign_with(server, await made.token(1), WITNESS["name"])
    await server.run_jobs()
    assert [r.json["data"]["mode"] for r in receiver.at()] == ["remote"]


async def test_witness_mode_is_validated(server):
    err = assert_error(await create(server, [{**SIGNER, "witness_mode": "in_person"}]), 422, "validation_error")
    assert {d["field"]: d["message"] for d in err["details"]} == {"signers.0.witness_mode": "only a witness has witness_mode"}
    err = assert_error(await create(server, [SIGNER, {**WITNESS, "witness_mode": "video"}]), 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["signers.1.witness_mode"]
    err = assert_error(await create(server, [SIGNER, {**WITNESS, "witness_mode": 3}]), 422, "validation_error")
    assert [d["field"] for d in err["details"]] == ["signers.1.witness_mode"]

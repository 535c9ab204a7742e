"""Text messages (`delivery` `sms`/`both`) to participants who do not sign (issue 41, docs/roles.md), through
the log SMS provider on a real server: an approver is asked to approve, a viewer to review, a cc with
`notify_on: sent` is told the document is for their information — never to sign — in their language."""
from __future__ import annotations

from tests.support.routing import sign_with
from tests.support.signing import make_request, spost

APPROVER = {"name": "Lee Legal", "email": "legal@example.test", "type": "approver", "phone": "+442079460123",
            "delivery": "sms"}
VIEWER = {"name": "Val Viewer", "email": "val@example.test", "type": "viewer", "phone": "+442079460124",
          "delivery": "both", "locale": "de"}
COPY = {"name": "Cas Copy", "email": "cas@example.test", "type": "cc", "notify_on": "sent", "phone": "+442079460125",
        "delivery": "sms", "locale": "fr"}
SIGNER = {"name": "Sam Signer", "email": "sam@example.test"}


def texts_to(server, person) -> list[str]:
    return [text for number, text in server.services.sms.sent if number == person["phone"]]


async def test_approvers_viewers_and_copies_are_texted_their_own_words(server):
    made = await make_request(server, [APPROVER, VIEWER, COPY, SIGNER], order="parallel")
    await server.run_jobs()
    [asked] = texts_to(server, APPROVER)
    assert asked.startswith("Org A: Ada Admin asks you to approve \"") and "/sign/" in asked
    [told] = texts_to(server, COPY)
    assert told.startswith("Org A : Ada Admin vous envoie « ") and "pour information" in told and "/sign/" in told
    assert texts_to(server, VIEWER) == []  # not invited before the approver approved

    assert (await server.client.post(f"/v1/signing-requests/{made.id}/remind")).status == 200
    await server.run_jobs()
    assert texts_to(server, APPROVER)[1].startswith("Org A: reminder, please approve \"")

    assert (await spost(server, await made.token(0), "approve")).status == 200
    await server.run_jobs()
    [review] = texts_to(server, VIEWER)
    assert review.startswith("Org A: Ada Admin bittet Sie, „") and "zu prüfen" in review
    every = [text for _, text in server.services.sms.sent]
    assert not [t for t in every if "sign" in t.split("/sign/")[0] or "unterschreiben" in t or "signer" in t]


async def test_an_assistant_is_texted_to_fill_in_not_to_sign(server):
    helper = {"name": "Ada Assist", "email": "ada.assist@example.test", "type": "assistant", "phone": "+442079460126",
              "delivery": "sms", "locale": "de", "assists": [SIGNER["email"]]}
    await make_request(server, [helper, SIGNER], order="parallel")
    await server.run_jobs()
    [asked] = texts_to(server, helper)
    assert asked.startswith("Org A: Ada Admin bittet Sie, Felder in „") and "auszufüllen" in asked and "/sign/" in asked


async def test_a_witness_is_texted_to_witness_once_its_signer_signed(server):
    witness = {"name": "Wes Witness", "email": "wes@example.test", "type": "witness", "phone": "+442079460127",
               "delivery": "sms", "witness_for": SIGNER["email"]}
    made = await make_request(server, [SIGNER, witness], order="parallel",
                              fields={"sig": {"signer": 0}, "w_sig": {"signer": 1}})
    await server.run_jobs()
    assert texts_to(server, witness) == []
    await sign_with(server, await made.token(0), SIGNER["name"])
    await server.run_jobs()
    [asked] = texts_to(server, witness)
    assert asked.startswith("Org A: Ada Admin asks you to witness a signature on \"") and "/sign/" in asked

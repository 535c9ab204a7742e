"""The records the service stores have the shapes esign.store.records declares: every key written is
declared there, and every required key is written (a key added without its declaration, or declared
required but left out, fails here). mypy checks the code against the declarations; this checks the
declarations against what is stored."""
from esign.store import records
from tests.support.signing import complete_request
from tests.support.store import raw_db
from tests.support.templates import make_template
from tests.support.webhooks import create_hook


def shape_problems(doc: dict, declared, where: str) -> list[str]:
    """What in the stored `doc` (`_id` read as `id`) the TypedDict `declared` does not allow."""
    keys = {"id" if k == "_id" else k for k in doc}
    allowed = declared.__required_keys__ | declared.__optional_keys__
    return ([f"{where}: {k!r} is stored but not declared in {declared.__name__}" for k in sorted(keys - allowed)]
            + [f"{where}: {k!r} is required by {declared.__name__} but not stored"
               for k in sorted(declared.__required_keys__ - keys)])


def request_problems(doc: dict) -> list[str]:
    found = shape_problems(doc, records.SigningRequest, "signing request")
    for i, signer in enumerate(doc["signers"]):
        found += shape_problems(signer, records.Signer, f"signers.{i}")
    for i, field in enumerate(doc["fields"]):
        found += shape_problems(field, records.Field, f"fields.{i}")
    for i, listed in enumerate(doc.get("documents") or []):
        found += shape_problems(listed, records.ListedDocument, f"documents.{i}")
    for i, signed in enumerate(doc.get("signed_documents") or []):
        found += shape_problems(signed, records.SignedDocument, f"signed_documents.{i}")
    return found


async def test_stored_records_have_their_declared_shapes(server, client, document_id, receiver):
    hook = await create_hook(client, receiver.url(), events=["signing_request.completed"])
    template = await make_template(client, document_id)
    request = await complete_request(server, client, document_id, allow_delegation=True)
    await server.run_jobs()  # the finalisation (signed PDF keys), the emails and the webhook delivery
    db = raw_db(server.services)

    stored = await db["signing_requests"].find_one({"_id": request["id"]})
    assert stored["status"] == "completed" and stored["signed_pdf_status"] == "ready"
    problems = request_problems(stored)
    problems += shape_problems(await db["documents"].find_one({"_id": document_id}), records.Document, "document")
    stored_template = await db["templates"].find_one({"_id": template["id"]})
    problems += shape_problems(stored_template, records.Template, "template")
    for i, role in enumerate(stored_template["roles"]):
        problems += shape_problems(role, records.Role, f"roles.{i}")
        for j, field in enumerate(role["fields"]):
            problems += shape_problems(field, records.RoleField, f"roles.{i}.fields.{j}")
    problems += shape_problems(await db["webhooks"].find_one({"_id": hook["id"]}), records.Webhook, "webhook")
    jobs = [job async for job in db["jobs"].find({})]
    assert {job["kind"] for job in jobs} >= {"finalize", "email", "webhooks.deliver"}, [job["kind"] for job in jobs]
    for job in jobs:
        problems += shape_problems(job, records.Job, f"job {job['kind']}")
    assert problems == []


def test_a_stored_key_the_declaration_lacks_is_found():
    """The check itself: an undeclared key and a missing required key are both named."""
    signer = {"id": "s", "email": "a@example.test", "name": "A", "status": "pending", "nickname": "Al"}
    problems = shape_problems(signer, records.Signer, "signers.0")
    assert "signers.0: 'nickname' is stored but not declared in Signer" in problems
    assert "signers.0: 'order' is required by Signer but not stored" in problems

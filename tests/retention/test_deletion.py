"""Deletion on demand (issue 40 item 3; docs/retention.md): an unused document (409 `in_use` naming what
uses it), and a finished bulk job's items. Real server over HTTP; the job worker run by the test."""
from __future__ import annotations

from tests.support import SAMPLE_PDF, assert_error
from tests.support.templates import TEMPLATE, bulk, offer_template, recipient

SIGNERS = [{"name": "Ann Example", "email": "ann@example.test"}]


async def storage_bytes(server) -> int:
    return (await server.services.store.organizations.by_name("Org A"))["storage_bytes"]


async def test_an_unused_document_is_deleted_through_the_job_worker_and_a_used_one_is_409(server, client):
    services = server.services
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    record = await services.store.documents.by_id(doc)
    used_before = await storage_bytes(server)
    draft = (await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS})).json
    said = assert_error(await client.delete(f"/v1/documents/{doc}"), 409, "in_use")
    assert f"signing request {draft['id']}" in said["message"]
    template = (await client.post("/v1/templates", {**TEMPLATE, "document_id": doc})).json
    assert (await client.delete(f"/v1/signing-requests/{draft['id']}")).status == 204
    said = assert_error(await client.delete(f"/v1/documents/{doc}"), 409, "in_use")
    assert said["message"].count("template ") == 1 and template["id"] in said["message"]
    assert (await client.delete(f"/v1/templates/{template['id']}")).status == 204
    assert await services.storage.size(record["blob_key"])

    assert (await client.delete(f"/v1/documents/{doc}")).status == 204
    assert_error(await client.get(f"/v1/documents/{doc}"), 404, "not_found")
    assert doc not in {d["id"] for d in (await client.get("/v1/documents")).json["items"]}
    assert_error(await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS}), 422,
                 "validation_error")
    assert_error(await client.delete(f"/v1/documents/{doc}"), 404, "not_found")
    assert await storage_bytes(server) == used_before - record["file_size"]
    await server.run_jobs()
    assert await services.storage.size(record["blob_key"]) is None
    assert await services.store.documents.by_id(doc) is None
    assert_error(await client.delete("/v1/documents/not-an-id"), 404, "not_found")


async def test_a_document_whose_file_is_gone_already_is_deleted_once(server, client):
    services = server.services
    doc = (await client.upload(SAMPLE_PDF.read_bytes(), "contract.pdf")).json["id"]
    record = await services.store.documents.by_id(doc)
    await services.storage.delete(record["blob_key"])  # a key already gone is success
    assert (await client.delete(f"/v1/documents/{doc}")).status == 204
    await server.run_jobs()
    assert await services.store.documents.by_id(doc) is None
    jobs = [j async for j in services.store.jobs.col.find({"kind": "retention.delete_blob"})]
    # the file's own job, and one per key its pages' images may be cached under (none was drawn)
    assert [(j["status"], j["attempts"]) for j in jobs if j["payload"]["key"] == record["blob_key"]] == [("done", 1)]
    assert {(j["status"], j["attempts"]) for j in jobs} == {("done", 1)}, jobs


async def test_a_finished_bulk_jobs_items_are_deleted_and_its_counts_kept(server, client):
    services = server.services
    template = await offer_template(client)
    job_id = (await bulk(client, template["id"], [recipient(i) for i in range(3)])).json["bulk_job_id"]
    said = assert_error(await client.delete(f"/v1/bulk-jobs/{job_id}/items"), 409, "invalid_state")
    assert "queued" in said["message"]
    await server.run_jobs()
    before = (await client.get(f"/v1/bulk-jobs/{job_id}")).json
    assert before["status"] == "completed" and len(before["items"]) == 3
    assert_error(await client.delete(f"/v1/bulk-jobs/{job_id}/items", key="b"), 404, "not_found")

    deleted = await client.delete(f"/v1/bulk-jobs/{job_id}/items")
    assert deleted.status == 202, deleted
    assert deleted.json["items"] == [] and deleted.json["total_count"] == 3 and deleted.json["success_count"] == 3
    assert_error(await client.delete(f"/v1/bulk-jobs/{job_id}/items"), 409, "invalid_state")
    await server.run_jobs()
    assert await services.store.bulk_items.col.count_documents({"job_id": job_id}) == 0
    after = (await client.get(f"/v1/bulk-jobs/{job_id}")).json
    assert {k: after[k] for k in ("status", "total_count", "success_count", "failure_count", "items")} == {
        "status": "completed", "total_count": 3, "success_count": 3, "failure_count": 0, "items": []}
    # the requests it made stay
    for item in before["items"]:
        assert (await client.get(f"/v1/signing-requests/{item['signing_request_id']}")).status == 200

"""The strict database (MongoDB's 16 MiB per document, enforced by `memory://?strict`): an envelope
at the limits — 10 documents with the longest names, 100 signers and 5,000 fields spread over the
documents, each as large as the fields bound lets 5,000 fields be — is accepted, filled in by its
signer and stays under 16 MiB; one field more is a 422, never a 500."""
from __future__ import annotations

import bson
import pytest

from esign.domain.requests import envelope, links, signing_requests
from tests.support import assert_error, running_server
from tests.support.documents import SAMPLE_PDF
from tests.support.signing import spost, typed

MONGODB_MAX = 16 * 1024 * 1024
PAGES = 4  # SAMPLE_PDF
PLACEHOLDER = 255  # the longest placeholder
OPTIONS = 4


def stored_size(record: dict) -> int:
    return len(bson.encode({**record, "_id": record["id"]}))


def largest_select(document_id: str, page: int, n: int) -> dict:
    """A select field with the longest placeholder and the longest options that still let
    MAX_FIELDS of them fit FIELDS_MAX_BYTES (counted with the longest option as its value)."""
    budget = signing_requests.FIELDS_MAX_BYTES // signing_requests.MAX_FIELDS
    length = (budget - signing_requests.FIELD_BYTES - PLACEHOLDER - OPTIONS * signing_requests.OPTION_BYTES) \
        // (OPTIONS + 1)
    options = [f"{n:04d}{i}" + "o" * (length - 5) for i in range(OPTIONS)]
    return {"signer_email": "signer0@example.test", "document_id": document_id, "field_type": "select",
            "page_number": page, "x_percent": 1, "y_percent": 1, "width_percent": 5, "height_percent": 2,
            "placeholder": "p" * PLACEHOLDER, "options": options}


@pytest.mark.slow
async def test_the_largest_envelope_stays_under_16_mib(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"json_body_mb": 16}}) as server:
        client = server.client
        ids = []
        for i in range(envelope.MAX_DOCUMENTS):
            resp = await client.upload(SAMPLE_PDF.read_bytes(), f"{i}" + "n" * 250 + ".pdf")
            assert resp.status == 201, resp
            ids.append(resp.json["id"])
        signers = [{"name": f"Signer {i} " + "s" * 80, "email": f"signer{i}@example.test"} for i in range(100)]
        fields = [largest_select(ids[n % len(ids)], n // len(ids) % PAGES + 1, n)
                  for n in range(signing_requests.MAX_FIELDS)]
        total = sum(signing_requests.field_bytes(f) for f in fields)
        assert 0.99 * signing_requests.FIELDS_MAX_BYTES < total <= signing_requests.FIELDS_MAX_BYTES

        over = assert_error(await client.post("/v1/signing-requests", {
            "document_ids": ids, "signers": signers, "fields": fields + fields[:1]}), 422, "validation_error")
        assert over["details"][0]["field"] == "fields", over

        resp = await client.post("/v1/signing-requests", {"document_ids": ids, "signers": signers, "fields": fields})
        assert resp.status == 201, resp
        request_id = resp.json["id"]
        assert [len(d["name"]) for d in resp.json["documents"]] == [255] * envelope.MAX_DOCUMENTS
        assert (await client.post(f"/v1/signing-requests/{request_id}/send")).status == 200
        made = await client.get(f"/v1/signing-requests/{request_id}/fields")
        assert len(made.json) == signing_requests.MAX_FIELDS
        assert {f["document_id"] for f in made.json} == set(ids)

        # the signer picks the longest option everywhere: every field at its largest
        record = await server.services.store.signing_requests.by_id(request_id)
        values = {f["id"]: max(f["options"], key=len) for f in made.json}
        token = links.signing_url(server.services, record, record["signers"][0]).rsplit("/", 1)[1]
        signed = await spost(server, token, "sign", {"values": values, "signature": typed(), "consent": True})
        assert signed.status == 200, signed
        record = await server.services.store.signing_requests.by_id(request_id)
        assert all(f["value"] for f in record["fields"])
        assert 9 * 2**20 < stored_size(record) < MONGODB_MAX

        # one field more, on a draft's fields too: 422, and the draft is unchanged
        draft = await client.post("/v1/signing-requests", {"document_ids": ids, "signers": signers[:1]})
        assert draft.status == 201, draft
        signer_id = draft.json["signers"][0]["id"]
        shapes = [{**{k: v for k, v in f.items() if k != "signer_email"}, "signer_id": signer_id}
                  for f in fields + fields[:1]]
        error = assert_error(await client.post(f"/v1/signing-requests/{draft.json['id']}/fields", {"fields": shapes}),
                             422, "validation_error")
        assert error["details"][0]["field"] == "fields"
        assert (await client.get(f"/v1/signing-requests/{draft.json['id']}/fields")).json == []

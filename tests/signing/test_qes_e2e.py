"""QES end to end through the first-party esign-csc plugin, installed as a distribution (entry point in
the `esign` group) and configured by `[signing] qes_provider` and `[plugins.csc]`: a qes request is
accepted, signed, finalised by the remote CSC service (a real local one) and sealed, and the
downloaded PDF verifies with pdfsig and pyHanko. Without a provider, qes is 403 plan_restricted."""
import asyncio

import pytest
from esign_csc.testing import FakeCSCService

from esign.domain.orgs.keys import seal_material
from tests.support import assert_error, running_server
from tests.support.pdf_tools import pdfsig, pyhanko_statuses
from tests.support.signing import SIGNERS, complete_request

TOKEN = "csc-e2e-token"


@pytest.fixture
async def csc():
    service = FakeCSCService(token=TOKEN)
    for signer in SIGNERS:
        service.add_credential(signer["email"], signer["name"])
    yield service
    service.stop()


@pytest.fixture
async def qes_server(tmp_path, csc, tsa):  # noqa: F811
    config = (f'[signing]\nqes_provider = "csc"\ntimestamp_url = "{tsa[0]}"\n'
              f'[plugins.csc]\nservice_url = "{csc.url}"\noauth_token = "{TOKEN}"\n')
    async with running_server(tmp_path, config) as server:
        yield server


async def qes_request(server, sample_pdf):
    upload = await server.client.upload(sample_pdf, "contract.pdf")
    assert upload.status == 201, upload
    return await complete_request(server, server.client, upload.json["id"], signing_level="qes")


@pytest.mark.slow
async def test_qes_request_is_signed_remotely_and_sealed(qes_server, csc, tsa, sample_pdf, tmp_path):  # noqa: F811
    server, client = qes_server, qes_server.client
    request = await qes_request(server, sample_pdf)
    assert request["status"] == "completed" and request["signing_level"] == "qes"
    await server.run_jobs()

    got = (await client.get(f"/v1/signing-requests/{request['id']}")).json
    assert got["signed_pdf_status"] == "ready" and got["signing_level"] == "qes" and got["pades_signed_at"]
    link = (await client.get(f"/v1/signing-requests/{request['id']}/download")).json
    pdf = (await client.get(link["download_url"][len(server.url):], key=None)).body

    blocks = pdfsig(pdf, tmp_path)
    assert len(blocks) == 3, blocks  # one remote signature per signer, then the service's seal
    for block in blocks:
        assert "Signature Validation: Signature is Valid." in block, block
    assert "Total document signed" in blocks[-1]
    seal = await seal_material(server.services)
    statuses = await asyncio.to_thread(pyhanko_statuses, pdf, csc.root, seal.certificate, tsa[1])
    for status in statuses:
        assert status.intact and status.valid and status.trusted and status.bottom_line, status.pretty_print_details()
        stamp = status.timestamp_validity  # PAdES B-T: the remote signatures too
        assert stamp is not None and stamp.intact and stamp.valid and stamp.trusted
    emails = [s.signing_cert.subject.native.get("email_address") for s in statuses]
    assert emails == [SIGNERS[0]["email"], SIGNERS[1]["email"], None]
    assert len(csc.called("signatures/signHash")) == 2
    assert [b["userID"] for b in csc.called("credentials/list")] == [s["email"] for s in SIGNERS]


@pytest.mark.slow
async def test_remote_failures_retry_then_fail_then_recover(qes_server, csc, sample_pdf):
    """Unavailable: the finalisation is retried. Rejected: the signed PDF is `failed` with the reason,
    and the stuck-finalisation sweep tries again later."""
    server = qes_server
    repo = server.services.store.signing_requests
    csc.failures["signatures/signHash"] = 503
    request = await qes_request(server, sample_pdf)
    await server.run_jobs()
    assert (await repo.by_id(request["id"]))["signed_pdf_status"] == "processing"

    csc.failures["signatures/signHash"] = 403
    server.clock.advance(minutes=1)  # past the job's back-off
    await server.run_jobs()
    failed = await repo.by_id(request["id"])
    assert failed["signed_pdf_status"] == "failed" and "HTTP 403" in failed["signed_pdf_error"]

    csc.failures.clear()
    server.clock.advance(minutes=11)
    await server.run_jobs()
    assert (await repo.by_id(request["id"]))["signed_pdf_status"] == "ready"


async def test_qes_without_a_provider_is_plan_restricted(client, document_id):
    body = {"document_id": document_id, "signers": SIGNERS, "signing_level": "qes"}
    assert_error(await client.post("/v1/signing-requests", body), 403, "plan_restricted")

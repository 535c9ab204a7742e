"""PAdES B-T, B-LT and B-LTA against certomancer's TSA, OCSP responder and CRL served on 127.0.0.1
(tests/ltv/pki.py): the seal's certificate is issued by the test PKI (`[signing] seal_certificate`),
every signature is timestamped, validation data is embedded, B-LTA adds a document timestamp; pdfsig
and pyHanko validate, and pyHanko validates offline from the embedded data alone. A TSA that is down,
slow or refusing: the finalisation is retried, what fails is visible, no half-signed PDF is stored."""
from __future__ import annotations

import asyncio
import io
import subprocess

import pytest
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from esign_csc.testing import FakeCSCService
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.validation import validate_pdf_signature, validate_pdf_timestamp
from pyhanko.sign.validation.dss import DocumentSecurityStore
from pyhanko_certvalidator import ValidationContext

from esign.config import ConfigError
from esign.domain.requests import downloads
from esign.pdf import seal as seal_module
from esign.pdf.verify import check_pdf
from tests.support import running_server, start_server
from tests.support.pdf_tools import tool
from tests.support.pki import LocalPKI
from tests.support.processes import esign_verify
from tests.support.signing import SIGNERS, complete_request, signed_pdf

pytestmark = pytest.mark.slow  # PAdES long-term validation against a local PKI


@pytest.fixture
def pki(tmp_path):
    service = LocalPKI(tmp_path / "pki")
    yield service
    service.close()


def ltv_server(tmp_path, pki, level):
    cert, key = pki.seal_files()
    roots = tmp_path / "roots.pem"
    roots.write_bytes(pki.pem("root"))
    return running_server(tmp_path, f'[signing]\nseal_certificate = "{cert}"\nseal_key = "{key}"\n'
                                    f'timestamp_url = "{pki.tsa_url}"\npades_level = "{level}"\n'
                                    f'validation_roots = "{roots}"\n')


async def until_failed(server, request_id: str) -> dict:
    """Run the jobs, an hour apart, until the signed PDF has failed for good (at most 12 rounds); the
    request as stored then."""
    repo = server.services.store.signing_requests
    for _ in range(12):
        await server.run_jobs()
        if (await repo.by_id(request_id))["signed_pdf_status"] == "failed":
            break
        server.clock.advance(hours=1)
    return await repo.by_id(request_id)


def _asn1(cert: x509.Certificate) -> asn1_x509.Certificate:
    return asn1_x509.Certificate.load(cert.public_bytes(Encoding.DER))


def pades_level(pdf: bytes, roots: list[x509.Certificate]) -> str:
    """The PAdES baseline level pyHanko finds, validating from the file alone (no fetching, revocation
    hard-fail): B-LTA when document timestamps cover the signatures, B-LT when the DSS holds the
    revocation data every signature needs, B-T when every signature has a valid timestamp."""
    reader = PdfFileReader(io.BytesIO(pdf), strict=False)
    trust = [_asn1(c) for c in roots]
    signatures = reader.embedded_regular_signatures
    for sig in signatures:
        status = validate_pdf_signature(sig, ValidationContext(trust_roots=trust, allow_fetching=False))
        assert status.bottom_line, status.pretty_print_details()
        stamp = status.timestamp_validity
        if stamp is None or not (stamp.intact and stamp.valid and stamp.trusted):
            return "B-B"
    try:
        dss = DocumentSecurityStore.read_dss(reader)
    except Exception:  # noqa: BLE001 - no DSS
        return "B-T"
    if not (dss.ocsps or dss.crls):
        return "B-T"
    for sig in signatures:
        status = validate_pdf_signature(sig, dss.as_validation_context(
            {"trust_roots": trust, "allow_fetching": False, "revocation_mode": "hard-fail"}))
        if not status.bottom_line:
            return "B-T"
    stamps = reader.embedded_timestamp_signatures
    if not stamps:
        return "B-LT"
    for stamp in stamps:
        status = validate_pdf_timestamp(stamp, validation_context=ValidationContext(trust_roots=trust,
                                                                                  allow_fetching=False))
        assert status.valid and status.intact, status.pretty_print_details()
    return "B-LTA"


@pytest.mark.parametrize("level,signing_level", [("B-T", "ses"), ("B-LT", "aes"), ("B-LTA", "ses"),
                                                 ("B-LTA", "aes")])
async def test_each_level_validates_and_pyhanko_finds_it(tmp_path, pki, sample_pdf, level, signing_level):
    async with ltv_server(tmp_path, pki, level) as server:
        upload = await server.client.upload(sample_pdf, "contract.pdf")
        pdf = await signed_pdf(server, server.client, upload.json["id"], signing_level)
        bundle = x509.load_pem_x509_certificates((await server.client.get("/v1/seal-certificate", key=None)).body)
    root = x509.load_pem_x509_certificate(pki.pem("root"))
    assert bundle[0].subject.rfc4514_string() == "CN=Acme seal,O=esign test PKI,C=BE" and bundle[1] == root
    pki.close()  # the PKI is gone: what follows reads only what the PDF carries
    roots = [root, bundle[-1]]  # the test PKI's root (seal, TSA, OCSP) and the internal CA (AES signers)
    assert await asyncio.to_thread(pades_level, pdf, roots) == level
    report = await asyncio.to_thread(check_pdf, pdf, roots, bundle[0])
    assert report.ok, report.text()
    assert "has a timestamp" in report.text()
    path = tmp_path / "ltv.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([tool("pdfsig"), str(path)], capture_output=True, text=True, timeout=60).stdout
    blocks = out.split("Signature #")[1:]
    signatures = [b for b in blocks if "ETSI.CAdES.detached" in b]
    assert len(signatures) == (1 if signing_level == "ses" else 3), out
    assert all("Signature is Valid" in b for b in signatures), out
    # poppler lists the B-LTA document timestamp but does not check RFC 3161 document timestamps
    assert len(blocks) - len(signatures) == (1 if level == "B-LTA" else 0), out
    proc = esign_verify(path, "--config", tmp_path / "esign.toml")  # trusts the deployment's validation_roots
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert ("verifies (PAdES B-LTA)" in proc.stdout) == (level == "B-LTA"), proc.stdout


@pytest.mark.parametrize("mode", ["down", "refuse"])
async def test_a_tsa_that_fails_retries_then_fails_visibly_then_recovers(tmp_path, pki, sample_pdf, mode):
    async with ltv_server(tmp_path, pki, "B-LTA") as server:
        repo = server.services.store.signing_requests
        pki.mode = mode
        upload = await server.client.upload(sample_pdf, "contract.pdf")
        request = await complete_request(server, server.client, upload.json["id"])
        await server.run_jobs()
        assert (await repo.by_id(request["id"]))["signed_pdf_status"] == "processing"  # retried later
        calls = pki.tsa_calls
        for _ in range(12):  # every retry, until the job gives up
            server.clock.advance(hours=1)
            await server.run_jobs()
            if (await repo.by_id(request["id"]))["signed_pdf_status"] == "failed":
                break
        failed = await repo.by_id(request["id"])
        assert pki.tsa_calls > calls
        assert failed["signed_pdf_status"] == "failed", failed["signed_pdf_status"]
        assert failed["signed_pdf_error"].startswith(f"TimestampUnavailable: the timestamp authority {pki.tsa_url} "
                                                     "gave no timestamp ("), failed["signed_pdf_error"]
        assert str(503 if mode == "down" else 400) in failed["signed_pdf_error"], failed["signed_pdf_error"]
        assert not failed.get("signed_blob_key")
        assert not await server.services.storage.size(downloads.storage_key(failed, "signed"))  # nothing half-signed

        pki.mode = "ok"  # the stuck-finalisation sweep tries again
        server.clock.advance(minutes=11)
        await server.run_jobs()
        assert (await repo.by_id(request["id"]))["signed_pdf_status"] == "ready"


async def test_a_tsa_slower_than_the_timeout_fails_visibly(tmp_path, pki, sample_pdf, monkeypatch):
    monkeypatch.setattr(seal_module, "FETCH_TIMEOUT", 0.5)  # the server runs in this process
    async with ltv_server(tmp_path, pki, "B-T") as server:
        pki.mode, pki.delay = "slow", 1.5
        upload = await server.client.upload(sample_pdf, "contract.pdf")
        request = await complete_request(server, server.client, upload.json["id"])
        failed = await until_failed(server, request["id"])
        assert failed["signed_pdf_status"] == "failed" and not failed.get("signed_blob_key"), failed
        assert failed["signed_pdf_error"].startswith("TimestampUnavailable: "), failed["signed_pdf_error"]
        assert "Timeout" in failed["signed_pdf_error"] or "timed out" in failed["signed_pdf_error"], \
            failed["signed_pdf_error"]


async def test_a_slow_tsa_is_waited_for(tmp_path, pki, sample_pdf):
    async with ltv_server(tmp_path, pki, "B-T") as server:
        pki.mode, pki.delay = "slow", 2.0
        upload = await server.client.upload(sample_pdf, "contract.pdf")
        request = await complete_request(server, server.client, upload.json["id"])
        await server.run_jobs()
        assert (await server.services.store.signing_requests.by_id(request["id"]))["signed_pdf_status"] == "ready"


@pytest.mark.parametrize("extra,message", [
    ('pades_level = "B-LT"\n', "signing.pades_level B-LT needs signing.timestamp_url"),
    ('pades_level = "B-X"\n', "signing.pades_level must be one of B-B, B-T, B-LT, B-LTA"),
    ('pades_level = "B-B"\ntimestamp_url = "http://127.0.0.1:9/"\n', "signing.pades_level B-B means no timestamp"),
])
async def test_inconsistent_levels_stop_start_up(tmp_path, extra, message):
    with pytest.raises(ConfigError, match=message):
        await start_server(tmp_path, f"[signing]\n{extra}")


async def test_revocation_data_that_cannot_be_fetched_fails_b_lt_visibly(tmp_path, pki, sample_pdf):
    """Hard-fail: without the OCSP responses and CRLs the certificates name, no B-LT PDF is made."""
    async with ltv_server(tmp_path, pki, "B-LT") as server:
        pki.mode = "revocation-down"
        upload = await server.client.upload(sample_pdf, "contract.pdf")
        request = await complete_request(server, server.client, upload.json["id"])
        failed = await until_failed(server, request["id"])
        assert failed["signed_pdf_status"] == "failed", failed
        assert failed["signed_pdf_error"].startswith("ValidationDataUnavailable: ") and \
            "no revocation information could be found for the end-entity certificate Common Name: Acme seal" \
            in failed["signed_pdf_error"], failed["signed_pdf_error"]
        assert not failed.get("signed_blob_key")


async def test_qes_signatures_get_their_validation_data_too(tmp_path, pki, sample_pdf):
    """The remote (QES) signatures are made by the provider; before the seal, their validation data is
    added (their CA root listed in `[signing] validation_roots`)."""
    csc = FakeCSCService(token="t")
    for signer in SIGNERS:
        csc.add_credential(signer["email"], signer["name"])
    cert, key = pki.seal_files()
    roots = tmp_path / "roots.pem"
    roots.write_bytes(pki.pem("root") + csc.root.public_bytes(Encoding.PEM))
    try:
        async with running_server(tmp_path, f'[signing]\nseal_certificate = "{cert}"\nseal_key = "{key}"\n'
                                            f'timestamp_url = "{pki.tsa_url}"\npades_level = "B-LTA"\n'
                                            f'validation_roots = "{roots}"\nqes_provider = "csc"\n'
                                            f'[plugins.csc]\nservice_url = "{csc.url}"\noauth_token = "t"\n') as server:
            upload = await server.client.upload(sample_pdf, "contract.pdf")
            pdf = await signed_pdf(server, server.client, upload.json["id"], "qes")
    finally:
        csc.stop()
    pki.close()
    trust = [x509.load_pem_x509_certificate(pki.pem("root")), csc.root]
    assert await asyncio.to_thread(pades_level, pdf, trust) == "B-LTA"
    report = await asyncio.to_thread(check_pdf, pdf, trust, x509.load_pem_x509_certificate(pki.pem("seal")))
    assert report.ok, report.text()

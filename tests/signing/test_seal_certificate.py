"""The seal a relying party can verify: `GET /v1/seal-certificate` and `esign seal export` give the
certificates to trust, and a signed PDF verifies with pyHanko and pdfsig trusting only those; on the
embedded database the keys survive a restart; the seal's subject is `[signing] seal_name`."""
from __future__ import annotations

import asyncio
import subprocess

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.x509.oid import NameOID

from esign import config as configmod
from esign import db as dbmod
from esign import services as servicesmod
from esign.clock import FakeClock
from esign.domain.orgs import keys
from tests.support import assert_error, running_server, write_config
from tests.support.pdf_tools import pdfsig, pyhanko_statuses, tool
from tests.support.processes import ROOT, clean_env
from tests.support.signing import complete_request, signed_pdf


def nss_trusting(tmp_path, pem: bytes) -> str:
    """An NSS database (pdfsig's trust store) that trusts only the certificates of `pem`."""
    db = tmp_path / "nss"
    db.mkdir()
    subprocess.run([tool("certutil"), "-N", "-d", f"sql:{db}", "--empty-password"], check=True, timeout=60)
    for n, cert in enumerate(x509.load_pem_x509_certificates(pem)):
        path = tmp_path / f"trusted-{n}.pem"
        path.write_bytes(cert.public_bytes(Encoding.PEM))
        subprocess.run([tool("certutil"), "-A", "-d", f"sql:{db}", "-n", f"esign-{n}", "-t", "CT,C,C", "-i",
                        str(path)], check=True, timeout=60)
    return f"sql:{db}"


@pytest.mark.parametrize("level", ["ses", "aes"])
async def test_a_signed_pdf_verifies_trusting_only_the_published_certificates(server, client, document_id,
                                                                             tmp_path, level):
    pdf = await signed_pdf(server, client, document_id, level)
    resp = await client.get("/v1/seal-certificate", key=None)
    assert resp.status == 200 and resp.headers["Content-Type"] == "application/x-pem-file"
    assert resp.headers["Cache-Control"] == "public, max-age=3600"
    certs = x509.load_pem_x509_certificates(resp.body)
    assert len(certs) == 2  # the seal, then the internal CA
    assert certs[0].subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value == "esign seal"
    assert certs[1].extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    statuses = await asyncio.to_thread(pyhanko_statuses, pdf, *certs)  # pyHanko runs its own loop
    assert len(statuses) == (1 if level == "ses" else 3)
    for status in statuses:
        assert status.bottom_line, status.pretty_print_details()
    assert all(not s.trusted for s in await asyncio.to_thread(pyhanko_statuses, pdf))  # nothing else makes them trusted

    path = tmp_path / "signed.pdf"
    path.write_bytes(pdf)
    out = subprocess.run([tool("pdfsig"), "-nssdir", nss_trusting(tmp_path, resp.body), str(path)],
                         capture_output=True, text=True, timeout=60).stdout
    assert out.count("Signature is Valid") == len(statuses), out
    assert out.count("Certificate is Trusted") == len(statuses), out
    untrusted = pdfsig(pdf, tmp_path)
    assert not any("Certificate is Trusted" in block for block in untrusted)


@pytest.mark.slow
async def test_the_cli_exports_what_the_endpoint_serves_and_keys_survive_a_restart(tmp_path, document_id,
                                                                                  server, client):
    served = (await client.get("/v1/seal-certificate", key=None)).body
    config = str(tmp_path / "esign.toml")  # the server fixture's
    out = tmp_path / "seal.pem"
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "esign"), "seal", "export", "--config", config,
                           "--out", str(out)], capture_output=True, text=True, timeout=120, env=clean_env())
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == served  # another process, the same embedded-database deployment: same keys
    key_files = sorted(p.name for p in (tmp_path / "keys").iterdir())
    assert key_files == ["internal_ca.crt", "internal_ca.key", "seal.crt", "seal.key"]
    assert oct((tmp_path / "keys" / "seal.key").stat().st_mode & 0o777) == "0o600"
    async with running_server(tmp_path) as again:  # a restart: a new embedded database, the same seal
        assert (await again.client.get("/v1/seal-certificate", key=None)).body == served


async def test_the_seal_names_the_configured_service(tmp_path):
    async with running_server(tmp_path, '[signing]\nseal_name = "Acme Signing Service"\n') as srv:
        pem = (await srv.client.get("/v1/seal-certificate", key=None)).body
    seal, ca = x509.load_pem_x509_certificates(pem)
    assert seal.subject.rfc4514_string() == "CN=Acme Signing Service"
    assert ca.subject.rfc4514_string() == "CN=Acme Signing Service internal CA"


async def test_an_unreadable_configured_seal_is_a_503_not_a_500(tmp_path):
    (tmp_path / "seal.pem").write_text("not a certificate")
    async with running_server(tmp_path, f'[signing]\nseal_certificate = "{tmp_path}/seal.pem"\n'
                                        f'seal_key = "{tmp_path}/missing.key"\n') as srv:
        resp = await srv.client.get("/v1/seal-certificate", key=None)
    assert_error(resp, 503, "upstream_unavailable")


async def test_a_seal_past_its_certificate_is_not_used_to_sign(server, client, document_id):
    """Sealed with an expired certificate, a PDF fails validation in every reader: the finalisation
    refuses, retries, and finally says why on the request; the certificate is still published (it
    verifies what it sealed while valid)."""
    seal = x509.load_pem_x509_certificates((await client.get("/v1/seal-certificate", key=None)).body)[0]
    server.clock.advance(seconds=(seal.not_valid_after_utc.replace(tzinfo=None) - server.clock.now()).total_seconds() + 86400)
    request = await complete_request(server, client, document_id)
    repo = server.services.store.signing_requests
    for _ in range(12):  # every attempt, past each back-off
        await server.run_jobs()
        server.clock.advance(hours=1)
    done = await repo.by_id(request["id"])
    assert done["signed_pdf_status"] == "failed" and "expired on" in done["signed_pdf_error"]
    assert not done.get("signed_blob_key")
    assert (await client.get("/v1/seal-certificate", key=None)).status == 200


async def test_keys_in_the_database_under_another_service_key_stop_start_up(tmp_path):
    """On MongoDB the seal's private key is stored encrypted with `[security] secret_key`: started with
    another key (a restored backup, a rotated variable), start-up stops naming the key, no traceback
    (the database is the strict double here, under a MongoDB URL so the keys go to `settings`)."""
    database = dbmod.connect("memory://?strict", "esign_keys_test")
    made = []
    for secret in ("first-service-key-0123456789abcdef", "other-service-key-0123456789abcdef"):
        cfg = configmod.load(write_config(tmp_path), environ={}, overrides={
            "database": {"url": "mongodb://127.0.0.1:9/"}, "security": {"secret_key": secret}})
        services = await servicesmod.build(cfg, FakeClock(), database=database)
        try:
            made.append(await keys.signing_seal(services))
        except configmod.ConfigError as exc:
            made.append(exc)
        finally:
            await services.close()
    assert made[0].certificate.subject.rfc4514_string() == "CN=esign seal"
    assert isinstance(made[1], configmod.ConfigError)
    assert "stored in the database cannot be decrypted with security.secret_key" in str(made[1])

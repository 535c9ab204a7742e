"""A local RFC 3161 timestamp server (pyHanko's DummyTimeStamper over HTTP), and a test PKI served on
127.0.0.1 by certomancer: a root CA that issues the seal's certificate, a
timestamp authority (RFC 3161), an OCSP responder and a CRL, all over real HTTP (certomancer's Animator
WSGI app in a werkzeug server thread). `mode` makes the TSA fail as the fault tests need."""
from __future__ import annotations

import contextlib
import http.server
import pathlib
import threading
import time
from datetime import datetime, timedelta, timezone

from asn1crypto import keys as asn1_keys
from asn1crypto import tsp
from asn1crypto import x509 as asn1_x509
from certomancer.integrations.animator import Animator, AnimatorArchStore
from certomancer.registry import CertomancerConfig
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper
from werkzeug.serving import make_server


@contextlib.contextmanager
def local_tsa():
    """A local RFC 3161 server (pyHanko's DummyTimeStamper over HTTP); yields (url, TSA certificate,
    the Content-Type of each request it answered)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "test TSA")])
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(datetime.now(timezone.utc) - timedelta(days=1))
            .not_valid_after(datetime.now(timezone.utc) + timedelta(days=30))
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
            .sign(key, hashes.SHA256()))
    stamper = DummyTimeStamper(
        tsa_cert=asn1_x509.Certificate.load(cert.public_bytes(serialization.Encoding.DER)),
        tsa_key=asn1_keys.PrivateKeyInfo.load(key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())))
    requests = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["Content-Length"]))
            requests.append(self.headers["Content-Type"])
            reply = stamper.request_tsa_response(tsp.TimeStampReq.load(body)).dump()
            self.send_response(200)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/tsa", cert, requests
    finally:
        server.shutdown()
        server.server_close()
        thread.join()

VALID = {"valid-from": "2020-01-01T00:00:00+0000", "valid-to": "2100-01-01T00:00:00+0000"}
KEYS = ("root", "seal", "tsa", "ocsp")


def _key_usage(*usages) -> dict:
    return {"id": "key_usage", "critical": True, "smart-value": {"schema": "key-usage", "params": list(usages)}}


REVOCATION = [{"id": "crl_distribution_points", "smart-value": {"schema": "crl-dist-url",
                                                                  "params": {"crl-repo-names": ["root"]}}},
              {"id": "authority_information_access", "smart-value": {"schema": "aia-urls",
                                                                      "params": {"ocsp-responder-names": ["root"]}}}]


def _config() -> dict:
    return {
        "keysets": {"esign-test": {"keys": {name: {"path": f"{name}.key.pem"} for name in KEYS}}},
        "pki-architectures": {"esign-test": {
            "keyset": "esign-test",
            "entity-defaults": {"country-name": "BE", "organization-name": "esign test PKI"},
            "entities": {"root": {"common-name": "Test Root CA"}, "seal": {"common-name": "Acme seal"},
                         "tsa": {"common-name": "Test TSA"}, "ocsp": {"common-name": "Test OCSP responder"}},
            "certs": {
                "root": {"subject": "root", "subject-key": "root", "issuer": "root", "authority-key": "root",
                         "validity": VALID, "extensions": [
                             {"id": "basic_constraints", "critical": True, "value": {"ca": True}},
                             _key_usage("digital_signature", "key_cert_sign", "crl_sign")]},
                "seal": {"issuer": "root", "validity": VALID,
                         "extensions": [_key_usage("digital_signature", "non_repudiation"), *REVOCATION]},
                "tsa": {"issuer": "root", "validity": VALID, "extensions": [
                    _key_usage("digital_signature"),
                    {"id": "extended_key_usage", "critical": True, "value": ["time_stamping"]}, *REVOCATION]},
                "ocsp": {"issuer": "root", "validity": VALID, "extensions": [
                    _key_usage("digital_signature"),
                    {"id": "extended_key_usage", "critical": True, "value": ["ocsp_signing"]},
                    {"id": "ocsp_no_check"}]},
            },
            "services": {
                "ocsp": {"root": {"for-issuer": "root", "responder-cert": "ocsp", "signing-key": "ocsp"}},
                "crl-repo": {"root": {"for-issuer": "root", "signing-key": "root", "simulated-update-schedule": "P7D"}},
                "time-stamping": {"tsa": {"signing-key": "tsa", "signing-cert": "tsa"}},
            },
        }},
    }


class LocalPKI:
    """Serves the PKI on 127.0.0.1; `mode` is "ok", "down" (the TSA answers 503), "slow" (the TSA
    answers after `delay`), "refuse" (the TSA answers 400, refusing the request) or "revocation-down"
    (the OCSP responder and the CRL answer 503)."""

    def __init__(self, directory: pathlib.Path):
        directory.mkdir(parents=True, exist_ok=True)
        for name in KEYS:
            key = ec.generate_private_key(ec.SECP256R1())
            (directory / f"{name}.key.pem").write_bytes(key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
        self.mode = "ok"
        self.delay = 0.0
        self.tsa_calls = 0
        self.server = make_server("127.0.0.1", 0, self._app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        config = CertomancerConfig(_config(), key_search_dir=str(directory), external_url_prefix=self.url)
        self.arch = config.get_pki_arch("esign-test")
        self.animator = Animator(AnimatorArchStore(config.pki_archs), with_web_ui=False)
        self.tsa_url = f"{self.url}/esign-test/tsa/tsa"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.directory = directory

    def _app(self, environ, start_response):
        path = environ.get("PATH_INFO", "")
        if self.mode == "revocation-down" and ("/ocsp/" in path or "/crls/" in path):
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"down for maintenance"]
        if "/tsa/" in path:
            self.tsa_calls += 1
            if self.mode == "down":
                start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
                return [b"down for maintenance"]
            if self.mode == "refuse":
                start_response("400 Bad Request", [("Content-Type", "text/plain")])
                return [b"request refused"]
            if self.mode == "slow":
                time.sleep(self.delay)
        return self.animator(environ, start_response)

    def pem(self, label: str) -> bytes:
        return _pem(self.arch.get_cert(label).dump())

    def seal_files(self) -> tuple[pathlib.Path, pathlib.Path]:
        """The seal's certificate chain (seal, root) and key as `[signing] seal_certificate/seal_key` take them."""
        cert, key = self.directory / "seal-chain.pem", self.directory / "seal.key.pem"
        cert.write_bytes(self.pem("seal") + self.pem("root"))
        return cert, key

    def close(self):
        self.server.shutdown()
        self.thread.join(5)


def _pem(der: bytes) -> bytes:
    return x509.load_der_x509_certificate(der).public_bytes(serialization.Encoding.PEM)

"""A small but real CSC API v2 service for tests: Tornado on 127.0.0.1, a root CA and per-user signing
keys made with cryptography, and the four endpoints the plugin uses (credentials/list,
credentials/info, credentials/authorize, signatures/signHash). It checks the bearer token, the PIN
and the SAD, signs the submitted hashes with the credential's key, and records every call.

    service = FakeCSCService(token="t0ken")
    credential_id = service.add_credential("ada@example.test", "Ada Lovelace")
    ... [plugins.csc] service_url = service.url, oauth_token = "t0ken" ...
    service.stop()
"""
from __future__ import annotations

import base64
import datetime as dt
import json
import secrets
from dataclasses import dataclass, field

import tornado.httpserver
import tornado.netutil
import tornado.web
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import Prehashed
from cryptography.x509.oid import NameOID

SHA256 = "2.16.840.1.101.3.4.2.1"
RSA_SHA256 = "1.2.840.113549.1.1.11"
RSA = "1.2.840.113549.1.1.1"
ECDSA_SHA256 = "1.2.840.10045.4.3.2"


def _name(common_name: str, email: str | None = None) -> x509.Name:
    attrs = [x509.NameAttribute(NameOID.COMMON_NAME, common_name)]
    if email:
        attrs.append(x509.NameAttribute(NameOID.EMAIL_ADDRESS, email))
    return x509.Name(attrs)


def _certificate(subject, public_key, issuer, issuer_key, *, ca: bool) -> x509.Certificate:
    now = dt.datetime.now(dt.timezone.utc)
    return (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public_key)
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + dt.timedelta(days=365))
            .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=not ca, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False, key_cert_sign=ca,
                                         crl_sign=ca, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
            .sign(issuer_key, hashes.SHA256()))


def _b64(cert: x509.Certificate) -> str:
    return base64.b64encode(cert.public_bytes(serialization.Encoding.DER)).decode()


@dataclass
class Credential:
    id: str
    user_id: str
    key: object
    chain: list
    pin: str | None = None  # set: explicit authorisation with this PIN (credentials/authorize)
    sads: dict = field(default_factory=dict)  # SAD -> hashes it authorises

    @property
    def algorithms(self) -> list[str]:
        return [ECDSA_SHA256] if isinstance(self.key, ec.EllipticCurvePrivateKey) else [RSA_SHA256, RSA]


class CSCError(Exception):
    def __init__(self, status: int, error: str, description: str):
        super().__init__(description)
        self.status, self.error, self.description = status, error, description


class _Handler(tornado.web.RequestHandler):
    async def post(self, endpoint):
        service: FakeCSCService = self.settings["service"]
        try:
            body = json.loads(self.request.body or b"{}")
            service.calls.append((endpoint, dict(body), self.request.headers.get("Authorization")))
            if endpoint in service.failures:
                status = service.failures[endpoint]
                raise CSCError(status, "server_error" if status >= 500 else "invalid_request", "injected failure")
            if self.request.headers.get("Authorization") != f"Bearer {service.token}":
                raise CSCError(401, "invalid_token", "the access token is not valid")
            method = getattr(service, "_" + endpoint.replace("/", "_"), None)
            if method is None:
                raise CSCError(404, "invalid_request", f"unknown endpoint {endpoint}")
            answer = method(body)
        except CSCError as exc:
            self.set_status(exc.status)
            answer = {"error": exc.error, "error_description": exc.description}
        except (ValueError, KeyError, TypeError) as exc:
            self.set_status(400)
            answer = {"error": "invalid_request", "error_description": f"{type(exc).__name__}: {exc}"}
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps(answer))


class FakeCSCService:
    def __init__(self, token: str = "csc-test-token"):
        self.token = token
        self.calls: list[tuple[str, dict, str | None]] = []
        self.failures: dict[str, int] = {}  # endpoint -> HTTP status to answer instead
        self.credentials: dict[str, Credential] = {}
        self.root_key = ec.generate_private_key(ec.SECP256R1())
        name = _name("Fake QTSP Root CA")
        self.root = _certificate(name, self.root_key.public_key(), name, self.root_key, ca=True)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        self.port = sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = tornado.httpserver.HTTPServer(
            tornado.web.Application([(r"/csc/v2/(.+)", _Handler)], service=self))
        self.server.add_sockets(sockets)

    def stop(self):
        self.server.stop()

    def add_credential(self, user_id: str, name: str, *, key: str = "rsa", pin: str | None = None) -> str:
        private = rsa.generate_private_key(65537, 2048) if key == "rsa" else ec.generate_private_key(ec.SECP256R1())
        cert = _certificate(_name(name, user_id), private.public_key(), self.root.subject, self.root_key, ca=False)
        credential = Credential(f"cred-{secrets.token_hex(6)}", user_id, private, [cert, self.root], pin)
        self.credentials[credential.id] = credential
        return credential.id

    def called(self, endpoint: str) -> list[dict]:
        return [body for name, body, _ in self.calls if name == endpoint]

    def _credential(self, body) -> Credential:
        credential = self.credentials.get(body.get("credentialID"))
        if credential is None:
            raise CSCError(400, "invalid_request", "Invalid parameter credentialID")
        return credential

    def _credentials_list(self, body):
        return {"credentialIDs": [c.id for c in self.credentials.values() if c.user_id == body.get("userID")]}

    def _credentials_info(self, body):
        c = self._credential(body)
        public = c.key.public_key()
        return {"description": "fake qualified signing key",
                "key": {"status": "enabled", "algo": c.algorithms, "len": public.key_size},
                "cert": {"status": "valid", "certificates": [_b64(x) for x in c.chain]},
                "auth": {"mode": "explicit" if c.pin else "implicit"}, "SCAL": "2" if c.pin else "1",
                "multisign": 1}

    def _credentials_authorize(self, body):
        c = self._credential(body)
        pins = [d.get("value") for d in body.get("authData", []) if d.get("id") == "PIN"]
        if not c.pin or pins != [c.pin]:
            raise CSCError(400, "invalid_pin", "the PIN is invalid")
        sad = secrets.token_urlsafe(16)
        c.sads[sad] = list(body["hashes"])
        return {"SAD": sad, "expiresIn": 300}

    def _signatures_signHash(self, body):
        c = self._credential(body)
        digests = [base64.b64decode(h) for h in body["hashes"]]
        if c.pin and c.sads.pop(body.get("SAD"), None) != body["hashes"]:
            raise CSCError(400, "invalid_request", "Invalid SAD")
        if body.get("hashAlgorithmOID") != SHA256 or body["signAlgo"] not in c.algorithms:
            raise CSCError(400, "invalid_request", "unsupported hash or signature algorithm")
        if isinstance(c.key, ec.EllipticCurvePrivateKey):
            sigs = [c.key.sign(d, ec.ECDSA(Prehashed(hashes.SHA256()))) for d in digests]
        else:
            sigs = [c.key.sign(d, padding.PKCS1v15(), Prehashed(hashes.SHA256())) for d in digests]
        return {"signatures": [base64.b64encode(s).decode() for s in sigs]}

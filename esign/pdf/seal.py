"""PAdES signatures with pyHanko, and the keys and certificates they are made with.

Signing is CPU work and pyHanko's sync API runs its own event loop: call these functions from a
worker thread, never from the server's event loop thread.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import io
from dataclasses import dataclass

from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import PrivateKeyTypes
from cryptography.x509.oid import NameOID
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import fields, signers
from pyhanko.sign.general import SigningError
from pyhanko.sign.timestamps import HTTPTimeStamper
from pyhanko.sign.timestamps.common_utils import TimestampRequestError
from pyhanko.sign.validation import add_validation_info
from pyhanko_certvalidator import ValidationContext
from pyhanko_certvalidator.fetchers.requests_fetchers import RequestsFetcherBackend
from pyhanko_certvalidator.registry import SimpleCertificateStore

SEAL_YEARS = 10
CA_YEARS = 20
SIGNER_DAYS = 3 * 365
SEAL_FIELD = "esign-seal"  # the seal's signature field (esign.pdf.verify expects the last signature there)


@dataclass
class SealMaterial:
    """A private key and its certificate chain, the key's own certificate first."""

    key: PrivateKeyTypes
    chain: list[x509.Certificate]

    @property
    def certificate(self) -> x509.Certificate:
        return self.chain[0]

    @classmethod
    def generate(cls, common_name: str = "esign seal") -> "SealMaterial":
        key = ec.generate_private_key(ec.SECP256R1())
        name = _name(common_name)
        cert = _cert(name, key.public_key(), name, key, dt.timedelta(days=365 * SEAL_YEARS), ca=False)
        return cls(key, [cert])

    @classmethod
    def from_pem(cls, cert_pem: bytes, key_pem: bytes) -> "SealMaterial":
        """`cert_pem` holds the chain, the key's certificate first."""
        key = serialization.load_pem_private_key(key_pem, password=None)
        chain = x509.load_pem_x509_certificates(cert_pem)
        if _spki(chain[0].public_key()) != _spki(key.public_key()):
            raise ValueError("the private key does not match the first certificate")
        return cls(key, chain)

    def to_pem(self) -> tuple[bytes, bytes]:
        certs = b"".join(c.public_bytes(serialization.Encoding.PEM) for c in self.chain)
        key = self.key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption())
        return certs, key

    def __reduce__(self):
        """Pickled as PEM (cryptography's keys and certificates are not picklable): finalisation runs in
        a child process (esign.processes), which is handed the seal through a pipe, never a file."""
        return SealMaterial.from_pem, self.to_pem()

    def signer(self) -> signers.SimpleSigner:
        certs = [asn1_x509.Certificate.load(c.public_bytes(serialization.Encoding.DER)) for c in self.chain]
        key = self.key.private_bytes(serialization.Encoding.DER, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption())
        # the registry holds the rest of the chain: pyHanko adds the signing certificate itself (given
        # here too, it would be embedded twice)
        return _SizedSigner(signing_cert=certs[0], signing_key=asn1_keys.PrivateKeyInfo.load(key),
                            cert_registry=SimpleCertificateStore.from_certs(certs[1:]))


class _SizedSigner(signers.SimpleSigner):
    """pyHanko sizes the space it reserves for a signature from a trial one, plus half again as a margin
    (~1.8 KB of zeros in every signature of esign's). Made from a key of ours, a signature's size is
    known but for its value: an ECDSA value's DER length varies by a few bytes, so the trial signature
    is given the longest one; its size is then exact (`tight_size_estimates`, used unless a
    timestamp authority adds its token, whose size is not known in advance)."""

    async def async_sign_raw(self, data: bytes, digest_algorithm: str, dry_run: bool = False) -> bytes:
        signature = self.sign_raw(data, digest_algorithm)
        if dry_run:
            return signature.ljust(_longest_signature(self.signing_cert.public_key), b"\0")
        return signature


def _longest_signature(public_key) -> int:
    """The longest signature value `public_key` verifies, in bytes: an RSA signature is as long as the
    modulus; an ECDSA one is a DER SEQUENCE of two INTEGERs, each at most the curve order's length
    plus a sign byte."""
    size = (public_key.bit_size + 7) // 8
    if public_key.algorithm != "ec":
        return size
    body = 2 * (2 + size + 1)
    return body + (2 if body < 128 else 3)


class InternalCA:
    """The service's own CA, which issues a certificate to each signer for AES signatures."""

    def __init__(self, material: SealMaterial):
        self.material = material

    @classmethod
    def generate(cls, common_name: str = "esign internal CA") -> "InternalCA":
        key = ec.generate_private_key(ec.SECP256R1())
        name = _name(common_name)
        cert = _cert(name, key.public_key(), name, key, dt.timedelta(days=365 * CA_YEARS), ca=True)
        return cls(SealMaterial(key, [cert]))

    @classmethod
    def from_pem(cls, cert_pem: bytes, key_pem: bytes) -> "InternalCA":
        return cls(SealMaterial.from_pem(cert_pem, key_pem))

    def to_pem(self) -> tuple[bytes, bytes]:
        return self.material.to_pem()

    @property
    def certificate(self) -> x509.Certificate:
        return self.material.certificate

    def issue_seal(self, common_name: str) -> SealMaterial:
        """The service seal's key and certificate, issued by this CA (so that a relying party trusts one
        root for the seal and the AES signers, and pdfsig's NSS accepts it: it refuses a self-signed
        end-entity certificate as a trust anchor)."""
        return self._issue(_name(common_name), dt.timedelta(days=365 * SEAL_YEARS))

    def issue(self, name: str, email: str) -> SealMaterial:
        return self._issue(_name(name, email), dt.timedelta(days=SIGNER_DAYS), email=email)

    def _issue(self, subject: x509.Name, validity: dt.timedelta, email: str | None = None) -> SealMaterial:
        key = ec.generate_private_key(ec.SECP256R1())
        cert = _cert(subject, key.public_key(), self.certificate.subject, self.material.key, validity, ca=False,
                     email=email)
        return SealMaterial(key, [cert, *self.material.chain])


def _spki(public_key) -> bytes:
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def _name(common_name: str, email: str | None = None) -> x509.Name:
    attrs = [x509.NameAttribute(NameOID.COMMON_NAME, common_name[:64] or "-")]
    if email:
        attrs.append(x509.NameAttribute(NameOID.EMAIL_ADDRESS, email))
    return x509.Name(attrs)


def _cert(subject, public_key, issuer, issuer_key, validity, *, ca: bool,
          email: str | None = None) -> x509.Certificate:
    now = dt.datetime.now(dt.timezone.utc)
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(issuer).public_key(public_key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5)).not_valid_after(now + validity)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca else None), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=not ca, key_encipherment=False,
            data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
            encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public_key), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                       critical=False)
    )
    if email:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.RFC822Name(email)]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


@dataclass(frozen=True)
class LongTerm:
    """PAdES B-LT / B-LTA (`[signing] pades_level`): each signature embeds its validation data
    (certificates, OCSP responses, CRLs, fetched from the URLs in the certificates) in the document
    security store; B-LTA adds a document timestamp. `roots` are the trust anchors those chains are
    built to (the seal's, the internal CA's, the TSA's)."""

    level: str
    roots: tuple[x509.Certificate, ...]

    def __reduce__(self):
        """Pickled with its roots as PEM (see SealMaterial.__reduce__)."""
        return _long_term, (self.level, b"".join(c.public_bytes(serialization.Encoding.PEM) for c in self.roots))

    def context(self) -> ValidationContext:
        return ValidationContext(
            trust_roots=[asn1_x509.Certificate.load(c.public_bytes(serialization.Encoding.DER)) for c in self.roots],
            allow_fetching=True, revocation_mode="hard-fail",
            fetcher_backend=RequestsFetcherBackend(per_request_timeout=FETCH_TIMEOUT))

    def apply(self, meta: signers.PdfSignatureMetadata) -> signers.PdfSignatureMetadata:
        return dataclasses.replace(meta, embed_validation_info=True, validation_context=self.context(),
                                   use_pades_lta=self.level == "B-LTA")

    def add_to_earlier_signatures(self, pdf_bytes: bytes) -> bytes:
        """The validation data of every signature already in `pdf_bytes` (those a remote QES provider
        made), each in an incremental update (allowed after a signature), before the seal."""
        count = len(PdfFileReader(io.BytesIO(pdf_bytes), strict=False).embedded_regular_signatures)
        for index in range(count):
            signature = PdfFileReader(io.BytesIO(pdf_bytes), strict=False).embedded_regular_signatures[index]
            pdf_bytes = add_validation_info(signature, self.context(), output=io.BytesIO()).getvalue()
        return pdf_bytes


FETCH_TIMEOUT = 30  # seconds, for the TSA and for each OCSP or CRL fetch


class _KeepMetadata(IncrementalPdfFileWriter):
    """An incremental update that leaves the document's metadata as it is. pyHanko writes the
    catalogue, the Info dictionary and the XMP metadata again in every update (a new modification
    date and producer; 1.3 KB). A signer's signature is made during finalisation, moments before the
    seal, whose update writes them once for all (`seal_pdf`)."""

    def _update_meta(self):
        pass


def _sign(pdf_bytes: bytes, material: SealMaterial, meta: signers.PdfSignatureMetadata,
          timestamp_url: str | None, long_term: LongTerm | None = None, *, metadata: bool = True) -> bytes:
    writer = (IncrementalPdfFileWriter if metadata else _KeepMetadata)(io.BytesIO(pdf_bytes), strict=False)
    timestamper = HTTPTimeStamper(timestamp_url, timeout=FETCH_TIMEOUT) if timestamp_url else None
    if long_term is not None:
        meta = long_term.apply(meta)
    meta = dataclasses.replace(meta, tight_size_estimates=timestamper is None)
    pdf_signer = signers.PdfSigner(meta, signer=material.signer(), timestamper=timestamper)
    try:
        return pdf_signer.sign_pdf(writer, output=io.BytesIO()).getvalue()
    except TimestampRequestError as exc:
        raise TimestampUnavailable(f"the timestamp authority {timestamp_url} gave no timestamp ({_cause(exc)})") from exc
    except SigningError as exc:
        if long_term is None:
            raise
        raise ValidationDataUnavailable(f"{exc}: the validation data of PAdES {long_term.level} could not be "
                                        f"gathered ({_cause(exc)})") from exc


def _cause(exc: BaseException) -> str:
    """What `exc` was raised from, as `Type: message` (`exc` itself when raised from nothing)."""
    cause = exc.__cause__ or exc.__context__ or exc
    return f"{type(cause).__name__}: {cause}"


class TimestampUnavailable(Exception):
    """The TSA did not answer with a timestamp (down, slow past FETCH_TIMEOUT, or refusing)."""


class ValidationDataUnavailable(Exception):
    """B-LT / B-LTA: a certificate chain could not be built or its OCSP / CRL could not be fetched."""


def seal_pdf(pdf_bytes: bytes, material: SealMaterial, *, timestamp_url: str | None = None,
             long_term: LongTerm | None = None) -> bytes:
    """An incremental PAdES signature (ETSI.CAdES.detached) over the whole file; with
    `timestamp_url`, an RFC 3161 signature timestamp from that TSA (PAdES B-T); with `long_term`,
    B-LT or B-LTA (then the validation data and document timestamp follow in later updates)."""
    meta = signers.PdfSignatureMetadata(
        field_name=SEAL_FIELD, reason="Sealed by esign: the document and its audit certificate are complete",
        md_algorithm="sha256", subfilter=fields.SigSeedSubFilter.PADES)
    if long_term is not None:
        try:
            pdf_bytes = long_term.add_to_earlier_signatures(pdf_bytes)
        except Exception as exc:  # noqa: BLE001 - path building and fetching fail in many ways: say which
            raise ValidationDataUnavailable(f"the validation data of the earlier signatures (PAdES {long_term.level}) "
                                            f"could not be gathered ({type(exc).__name__}: {exc})") from exc
    return _sign(pdf_bytes, material, meta, timestamp_url, long_term)


def signer_field(index: int) -> str:
    """The signature field of the `index`-th signer (1-based), for every signing level."""
    return f"esign-signer-{index}"


def sign_pdf_for_signer(pdf_bytes: bytes, material: SealMaterial, signer_name: str, field_name: str, *,
                        timestamp_url: str | None = None, long_term: LongTerm | None = None) -> bytes:
    meta = signers.PdfSignatureMetadata(
        field_name=field_name, name=signer_name, reason=f"Signed by {signer_name}", md_algorithm="sha256",
        subfilter=fields.SigSeedSubFilter.PADES)
    # one document timestamp (B-LTA) is added after the seal, the last signature; a signer's carries B-LT
    signer_term = long_term and dataclasses.replace(long_term, level="B-LT")
    return _sign(pdf_bytes, material, meta, timestamp_url, signer_term, metadata=False)


def _long_term(level: str, roots_pem: bytes) -> LongTerm:
    return LongTerm(level, tuple(x509.load_pem_x509_certificates(roots_pem)) if roots_pem else ())

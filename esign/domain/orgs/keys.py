"""The deployment's signing keys: the seal (which signs every finished PDF) and the internal CA (which
issues each AES signer a certificate), and the PEM bundle a relying party trusts.

Where they live:
- `[signing] seal_certificate` / `seal_key`: the seal is read from those files (an organisation's own
  certificate, e.g. issued by a public CA); the internal CA is still generated.
- MongoDB: made once per deployment and kept in the `settings` collection, the private key encrypted
  with the service key, so every process of the deployment shares them.
- the embedded database (memory://): kept as PEM files (private keys mode 0600) in `[signing] key_dir`
  (default: `keys` beside `[storage] path`, i.e. ./var/keys), because the database — and a generated
  service key with it — is gone at every restart while a seal must stay the same.
- `[signing] key_store = "files"` keeps them there on MongoDB too (a volume every process mounts, as the
  Docker image's config does), so no database dump carries a private key.

A generated seal's certificate is issued by the internal CA (one root to trust for the seal and the AES
signers). A key is made with the subject `[signing] seal_name` and keeps it: changing the name later does not
re-issue an existing seal (delete the stored key to start a new one; PDFs sealed before stay verifiable
with the old certificate).
"""
from __future__ import annotations

import datetime as dt
import os
import pathlib
from collections.abc import Callable
from typing import TypeVar, cast

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from esign.clock import readable, to_utc_naive
from esign.config import Config, ConfigError, Section
from esign.domain.ports import Services
from esign.pdf.seal import InternalCA, LongTerm, SealMaterial
from esign.store import is_embedded
from esign.store.records import Json

#: a kind of key material (_material)
M = TypeVar("M", SealMaterial, InternalCA)


def key_dir(config: Config) -> pathlib.Path:
    configured = config.signing.key_dir
    if configured:
        return pathlib.Path(configured)
    if "path" in config.storage:  # beside the local storage's directory when one is configured
        return pathlib.Path(config.storage["path"]).parent / "keys"
    return pathlib.Path("./var/keys")


def in_files(config: Config) -> bool:
    """Whether made keys are kept as files in key_dir (memory://, or `[signing] key_store = "files"`)."""
    return is_embedded(config.database.url) or config.signing.key_store == "files"


class KeyFileError(ConfigError, ValueError):
    """A key or certificate that cannot be used, named by its config key or file: a configuration error
    at start-up, a ValueError to what reads the seal later (GET /v1/seal-certificate answers 503)."""


class NoKeyMaterial(Exception):
    """A command that only reads the deployment's keys (`esign seal export`, `esign verify --config`)
    found none where the config points: it never makes them (a new seal would be the wrong one)."""


def _file_pair(directory: pathlib.Path, name: str, make: Callable[[], tuple[bytes, bytes]] | None) -> tuple[bytes, bytes]:
    """The (certificate, key) PEM files `name`.crt / `name`.key in `directory`, written first from
    `make()` if absent (`make` None: NoKeyMaterial). The key file is created exclusively (O_EXCL), so two
    processes racing keep one."""
    cert_path, key_path = directory / f"{name}.crt", directory / f"{name}.key"
    if not key_path.exists():
        if make is None:
            raise NoKeyMaterial(f"no seal found in {directory.resolve()} ([signing] key_dir; {key_path.name} is "
                                "missing); run it with the deployment's --config")
        directory.mkdir(parents=True, exist_ok=True)
        cert, key = make()
        try:
            fd = os.open(key_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            tmp = cert_path.with_suffix(".crt.tmp")
            tmp.write_bytes(cert)
            os.replace(tmp, cert_path)  # the certificate is in place before the key has content
            with os.fdopen(fd, "wb") as f:
                f.write(key)
    return cert_path.read_bytes(), key_path.read_bytes()


def _loaded(kind: type[M], cert: bytes, key: bytes, where: str) -> M:
    try:
        return kind.from_pem(cert, key)
    except ValueError as exc:
        raise KeyFileError(f"{where}: not a readable PEM certificate and matching private key ({exc})") from None


async def _material(services: Services, name: str, kind: type[M], generate: Callable[[], M], create: bool) -> M:
    """A key pair (`kind`: SealMaterial or InternalCA, made by `generate()` unless not `create`: then
    NoKeyMaterial) made once per deployment (see the module docstring for where), read and decrypted
    once per process."""
    if name not in services.key_material:
        def make() -> tuple[bytes, bytes]:
            return generate().to_pem()

        if in_files(services.config):
            directory = key_dir(services.config)
            cert, key = _file_pair(directory, name, make if create else None)
            where = f"{directory / name}.crt and .key"
        else:
            def stored_form() -> Json:
                cert, key = make()
                return {"cert": cert.decode(), "key": services.secrets.encrypt(key.decode())}

            settings = services.store.settings
            stored = await (settings.get_or_create(name, stored_form) if create else settings.get(name))
            if stored is None:
                raise NoKeyMaterial(f"no seal found in the database {services.config.database.name!r} (no {name!r} "
                                    "setting); run it with the deployment's --config")
            where = f"the {name} stored in the database"
            try:
                cert, key = stored["cert"].encode(), services.secrets.decrypt(stored["key"]).encode()
            except ValueError:
                raise KeyFileError(f"{where} cannot be decrypted with security.secret_key: start with the "
                                   "service key this deployment's keys were made with") from None
        services.key_material[name] = _loaded(kind, cert, key, where)
    return cast(M, services.key_material[name])  # loaded by this function as `kind`


def _read(key: str, path: str) -> bytes:
    try:
        return pathlib.Path(path).read_bytes()
    except OSError as exc:
        raise KeyFileError(f"{key} {path!r}: cannot be read ({exc.strerror or exc})") from None


def configured_seal(cfg: Section) -> SealMaterial | None:
    """The seal of `[signing] seal_certificate` / `seal_key`, or None when neither is set; a KeyFileError
    naming the key when only one is set, a file cannot be read or holds no PEM, or the key does not
    match the certificate."""
    if not (cfg.seal_certificate or cfg.seal_key):
        return None
    if not (cfg.seal_certificate and cfg.seal_key):
        given, missing = ("seal_certificate", "seal_key") if cfg.seal_certificate else ("seal_key", "seal_certificate")
        raise KeyFileError(f"signing.{given} is set but signing.{missing} is not: set both (your own seal) or neither "
                          "(a generated seal)")
    cert, key = _read("signing.seal_certificate", cfg.seal_certificate), _read("signing.seal_key", cfg.seal_key)
    try:
        x509.load_pem_x509_certificates(cert)
    except ValueError as exc:
        raise KeyFileError(f"signing.seal_certificate {cfg.seal_certificate!r}: not a PEM certificate ({exc})") from None
    try:
        serialization.load_pem_private_key(key, password=None)
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"signing.seal_key {cfg.seal_key!r}: not an unencrypted PEM private key ({exc})") from None
    try:
        return SealMaterial.from_pem(cert, key)
    except ValueError:
        raise KeyFileError(f"signing.seal_key {cfg.seal_key!r} does not match the first certificate of "
                          f"signing.seal_certificate {cfg.seal_certificate!r}") from None


def configured_roots(cfg: Section) -> list[x509.Certificate]:
    """The certificates of `[signing] validation_roots` (none when unset); a KeyFileError naming the key
    when the file cannot be read or holds no PEM certificate."""
    if not cfg.validation_roots:
        return []
    try:
        return x509.load_pem_x509_certificates(_read("signing.validation_roots", cfg.validation_roots))
    except ValueError as exc:
        raise KeyFileError(f"signing.validation_roots {cfg.validation_roots!r}: not a PEM file of certificates "
                          f"({exc})") from None


async def seal_material(services: Services, create: bool = True) -> SealMaterial:
    cfg = services.config.signing
    if "seal" not in services.key_material:
        seal = configured_seal(cfg)
        if seal is not None:
            services.key_material["seal"] = seal
    if "seal" in services.key_material:
        return cast(SealMaterial, services.key_material["seal"])
    ca = await internal_ca(services, create)
    return await _material(services, "seal", SealMaterial, lambda: ca.issue_seal(cfg.seal_name), create)


EXPIRY_NOTICE = dt.timedelta(days=30)  # start-up warns when the seal expires sooner


class SealOutOfDate(ConfigError, ValueError):
    """The seal's certificate is not valid now: what it signed, no reader would accept."""


async def signing_seal(services: Services) -> SealMaterial:
    """The seal to sign with now: `seal_material`, refused (SealOutOfDate) outside its certificate's
    validity. (What it sealed while valid stays verifiable: the trust bundle keeps publishing it.)"""
    seal = await seal_material(services)
    cert, now = seal.certificate, services.clock.now()  # the clock is naive UTC; the certificate's times are not
    where = "signing.seal_certificate" if services.config.signing.seal_certificate else "the generated seal"
    if now < to_utc_naive(cert.not_valid_before_utc):
        raise SealOutOfDate(f"{where}: its certificate is not valid before {readable(cert.not_valid_before_utc)}")
    if now >= to_utc_naive(cert.not_valid_after_utc):
        raise SealOutOfDate(f"{where}: its certificate expired on {readable(cert.not_valid_after_utc)}; "
                            "renew it (the seal of every signed PDF would fail validation)")
    return seal


def expiry_notice(services: Services, seal: SealMaterial) -> str | None:
    """A warning for start-up when the seal's certificate expires within EXPIRY_NOTICE."""
    ends = to_utc_naive(seal.certificate.not_valid_after_utc)
    if ends - services.clock.now() < EXPIRY_NOTICE:
        return (f"the seal's certificate expires on {readable(ends)}: renew it before then, or signed PDFs "
                "stop being made")
    return None


async def internal_ca(services: Services, create: bool = True) -> InternalCA:
    name = f"{services.config.signing.seal_name} internal CA"
    return await _material(services, "internal_ca", InternalCA, lambda: InternalCA.generate(name), create)


def previous_seals(cfg: Section) -> list[x509.Certificate]:
    """The certificates of `[signing] previous_seal_certificates`: the seals (and their issuers) this
    deployment signed with before a seal rotation, still trusted for what they sealed."""
    if not cfg.previous_seal_certificates:
        return []
    try:
        return x509.load_pem_x509_certificates(_read("signing.previous_seal_certificates",
                                                     cfg.previous_seal_certificates))
    except ValueError as exc:
        raise KeyFileError(f"signing.previous_seal_certificates {cfg.previous_seal_certificates!r}: not a PEM file of "
                          f"certificates ({exc})") from None


async def labelled_certificates(services: Services, create: bool = True) -> list[tuple[str, x509.Certificate]]:
    """(label, certificate) of everything a relying party trusts, in this order: the seal's certificate
    chain (the seal's own certificate first, then its issuers: the internal CA for a generated seal,
    the configured chain otherwise), the internal CA's certificate unless already there (it issues the
    AES signers' certificates; AES is always offered), then the certificates of earlier seals
    (`[signing] previous_seal_certificates`) not already there. Not `create`: NoKeyMaterial when the
    deployment has no keys yet."""
    seal = await seal_material(services, create)
    ca = await internal_ca(services, create)
    if "previous_seals" not in services.key_material:  # read once per process, like the seal
        services.key_material["previous_seals"] = previous_seals(services.config.signing)
    out = [("current seal", seal.chain[0])]
    out += [("internal CA" if c == ca.certificate else "issuer of the current seal", c) for c in seal.chain[1:]]
    if ca.certificate not in seal.chain:
        out.append(("internal CA", ca.certificate))
    seen = [c for _, c in out]
    for cert in services.key_material["previous_seals"]:
        if cert not in seen:
            seen.append(cert)
            out.append(("previous seal" if not _is_ca(cert) else "issuer of a previous seal", cert))
    return out


def _is_ca(cert: x509.Certificate) -> bool:
    try:
        return cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    except x509.ExtensionNotFound:
        return False


async def trust_bundle(services: Services, create: bool = True) -> bytes:
    """The PEM bundle of `labelled_certificates`, each certificate after a `# <label>` line naming what it
    is, its subject and its validity (text outside the PEM blocks, which PEM readers skip)."""
    return b"".join(
        f"# {label}: {cert.subject.rfc4514_string()}, valid {readable(cert.not_valid_before_utc)} to "
        f"{readable(cert.not_valid_after_utc)}\n".encode() + cert.public_bytes(serialization.Encoding.PEM)
        for label, cert in await labelled_certificates(services, create))


async def seal_certificates(services: Services, create: bool = True) -> list[x509.Certificate]:
    """The deployment's seal certificates, current first then previous: a PDF sealed with any of them
    was sealed by this deployment (`esign verify --config`)."""
    return [cert for label, cert in await labelled_certificates(services, create) if label.endswith(" seal")]


async def validation_roots(services: Services, create: bool = True) -> list[x509.Certificate]:
    """The trust anchors of the validation data: the last certificate of the seal's chain, the internal
    CA's, and those of `[signing] validation_roots` (a PEM file: the TSA's root, roots of your seal)."""
    seal = await seal_material(services, create)
    ca = await internal_ca(services, create)
    if "validation_roots" not in services.key_material:  # read once per process, like the seal
        services.key_material["validation_roots"] = configured_roots(services.config.signing)
    roots = [seal.chain[-1], ca.certificate, *services.key_material["validation_roots"]]
    return list(dict.fromkeys(roots))


async def long_term(services: Services) -> LongTerm | None:
    """B-LT or B-LTA as `[signing] pades_level` asks, else None (B-B, or B-T with a timestamp_url)."""
    level = services.config.signing.pades_level
    if level not in ("B-LT", "B-LTA"):
        return None
    return LongTerm(level, tuple(await validation_roots(services)))

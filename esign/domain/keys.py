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

A generated seal's certificate is issued by the internal CA (one root to trust for the seal and the AES
signers). A key is made with the subject `[signing] seal_name` and keeps it: changing the name later does not
re-issue an existing seal (delete the stored key to start a new one; PDFs sealed before stay verifiable
with the old certificate).
"""
from __future__ import annotations

import os
import pathlib

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from esign import db as dbmod
from esign.pdf.seal import InternalCA, LongTerm, SealMaterial


def key_dir(config) -> pathlib.Path:
    configured = config.signing.key_dir
    return pathlib.Path(configured) if configured else pathlib.Path(config.storage.path).parent / "keys"


def _file_pair(directory: pathlib.Path, name: str, make) -> tuple[bytes, bytes]:
    """The (certificate, key) PEM files `name`.crt / `name`.key in `directory`, written first from
    `make()` if absent. The key file is created exclusively (O_EXCL), so two processes racing keep one."""
    cert_path, key_path = directory / f"{name}.crt", directory / f"{name}.key"
    if not key_path.exists():
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


async def _material(services, name: str, kind, generate):
    """A key pair (`kind`: SealMaterial or InternalCA, made by `generate()`) made once per deployment
    (see the module docstring for where), read and decrypted once per process."""
    if name not in services.key_material:
        def make() -> tuple[bytes, bytes]:
            return generate().to_pem()

        if dbmod.is_memory(services.config.database.url):
            cert, key = _file_pair(key_dir(services.config), name, make)
        else:
            def create():
                cert, key = make()
                return {"cert": cert.decode(), "key": services.secrets.encrypt(key.decode())}

            stored = await services.store.settings.get_or_create(name, create)
            cert, key = stored["cert"].encode(), services.secrets.decrypt(stored["key"]).encode()
        services.key_material[name] = kind.from_pem(cert, key)
    return services.key_material[name]


async def seal_material(services) -> SealMaterial:
    cfg = services.config.signing
    if cfg.seal_certificate and cfg.seal_key:
        if "seal" not in services.key_material:
            with open(cfg.seal_certificate, "rb") as c, open(cfg.seal_key, "rb") as k:
                services.key_material["seal"] = SealMaterial.from_pem(c.read(), k.read())
        return services.key_material["seal"]
    ca = await internal_ca(services)
    return await _material(services, "seal", SealMaterial, lambda: ca.issue_seal(cfg.seal_name))


async def internal_ca(services) -> InternalCA:
    name = f"{services.config.signing.seal_name} internal CA"
    return await _material(services, "internal_ca", InternalCA, lambda: InternalCA.generate(name))


async def trust_bundle(services) -> bytes:
    """The PEM a relying party trusts: the seal's certificate chain (the seal's own certificate first,
    then its issuers: the internal CA for a generated seal, the configured chain otherwise), then the
    internal CA's certificate unless already there (it issues the AES signers' certificates; AES is
    always offered)."""
    seal = await seal_material(services)
    ca = await internal_ca(services)
    chain = [*seal.chain, *([] if ca.certificate in seal.chain else [ca.certificate])]
    return b"".join(c.public_bytes(serialization.Encoding.PEM) for c in chain)


async def validation_roots(services) -> list[x509.Certificate]:
    """The trust anchors of the validation data: the last certificate of the seal's chain, the internal
    CA's, and those of `[signing] validation_roots` (a PEM file: the TSA's root, roots of your seal)."""
    seal = await seal_material(services)
    ca = await internal_ca(services)
    roots = [seal.chain[-1], ca.certificate]
    path = services.config.signing.validation_roots
    if path:
        roots += x509.load_pem_x509_certificates(pathlib.Path(path).read_bytes())
    return list(dict.fromkeys(roots))


async def long_term(services) -> LongTerm | None:
    """B-LT or B-LTA as `[signing] pades_level` asks, else None (B-B, or B-T with a timestamp_url)."""
    level = services.config.signing.pades_level
    if level not in ("B-LT", "B-LTA"):
        return None
    return LongTerm(level, tuple(await validation_roots(services)))

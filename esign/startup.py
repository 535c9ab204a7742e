"""Start-up refusals and warnings of `esign serve` and `esign worker` that protect an operator from a
misleading default (docs/operations.md, "Running esign with Docker"), the worker's health check, and the file the
first API key is written to.

- In the Docker image (`ESIGN_IMAGE=1`, set by the Dockerfile) the Maildir provider is refused unless
  chosen explicitly with `ESIGN_EMAIL_PROVIDER=maildir`: mail written to a Maildir in the volume reaches
  no signer.
- A loopback `server.public_url` (given, or derived from a wildcard listening address) while listening
  on a non-loopback address puts an address only this machine reaches in every invitation: refused
  unless `[server] allow_loopback_public_url = true`.
- A seal generated and stored in MongoDB (every database dump carries its private key) is a WARNING
  naming the fix: `[signing] seal_certificate` / `seal_key` files (e.g. Docker secrets).
"""
from __future__ import annotations

import ipaddress
import json
import os
import urllib.parse

from esign import db as dbmod
from esign.config import ConfigError, listening_url

IMAGE_VARIABLE = "ESIGN_IMAGE"  # set to 1 by the Dockerfile


def image_refusal(cfg, environ=os.environ) -> None:
    """ConfigError when running in the image with the Maildir provider not chosen explicitly."""
    if environ.get(IMAGE_VARIABLE) == "1" and cfg.email["provider"] == "maildir" \
            and environ.get("ESIGN_EMAIL_PROVIDER") != "maildir":
        raise ConfigError("email.provider is maildir: in the Docker image mail would go to a folder in the volume and "
                          "no signer would receive anything; set ESIGN_EMAIL_PROVIDER=smtp with ESIGN_EMAIL_HOST, "
                          "ESIGN_EMAIL_PORT, ESIGN_EMAIL_USERNAME, ESIGN_EMAIL_PASSWORD (or ESIGN_EMAIL_PROVIDER=maildir "
                          "to keep the Maildir on purpose)")


def _is_loopback(hostname: str) -> bool:
    if hostname == "localhost":
        return True
    try:
        return ipaddress.ip_address(hostname).is_loopback
    except ValueError:
        return False


def loopback_refusal(cfg, host: str) -> None:
    """ConfigError when `host` (where `esign serve` listens) is not loopback but the links' origin is."""
    if cfg.server.allow_loopback_public_url or _is_loopback(host):
        return
    url = listening_url(host, 0) if cfg.public_url_derived else cfg.server.public_url
    if _is_loopback(urllib.parse.urlsplit(url).hostname or ""):
        given = "is not set" if cfg.public_url_derived else f"is {cfg.server.public_url}"
        raise ConfigError(f"server.public_url {given} while the server listens on {host or 'every interface'}: links in "
                          "emails would point at this machine's loopback address; set server.public_url "
                          "(ESIGN_SERVER_PUBLIC_URL) to the address signers reach, or [server] "
                          "allow_loopback_public_url = true if loopback links are intended")


def seal_storage_notice(cfg) -> str | None:
    """The start-up WARNING when the seal's private key is generated and kept in MongoDB."""
    if dbmod.is_memory(cfg.database.url) or cfg.signing.seal_certificate or cfg.signing.key_store == "files":
        return None
    return ("the seal's private key is generated and stored in the database, so every database dump carries it: "
            "set [signing] seal_certificate and seal_key (ESIGN_SIGNING_SEAL_CERTIFICATE, ESIGN_SIGNING_SEAL_KEY) to "
            "PEM files, e.g. Docker secrets under /run/secrets, or [signing] key_store = \"files\" to keep a made "
            "seal in key_dir (docs/signing.md, \"Where the keys live\")")


def helo_notice(email_provider) -> str | None:
    """The start-up WARNING when the SMTP client would introduce itself (EHLO) with a name that is not
    fully qualified (`localhost`, a container's bare host name): many mail servers refuse it."""
    name = getattr(email_provider, "helo_hostname", None)
    if not name or ("." in name and name != "localhost.localdomain"):
        return None
    return (f"the SMTP client introduces itself to the mail server as {name!r}, which is not a fully-qualified "
            "name, and many mail servers refuse it (504 5.5.2 Helo command rejected): set [server] public_url to "
            "the service's DNS name, or [email] helo_hostname")


def write_key_file(path: str, first: dict) -> None:
    """Write the first organisation's key to `path`, readable by this user only (created 0600; an existing
    file is not replaced: the key is written once)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(json.dumps({k: first[k] for k in ("organization", "organization_id", "key")}) + "\n")


async def worker_check(cfg, lanes) -> str | None:
    """`esign worker --check`: None when the database answers a ping and the worker's lanes are
    configured (each lane run at least one at a time), else what is wrong."""
    if dbmod.is_memory(cfg.database.url):
        return "database.url is memory://: no separate worker runs on it"
    database = dbmod.connect(cfg.database.url, cfg.database.name, timeout_ms=cfg.database.timeout_ms)
    try:
        if not await dbmod.ping(database):
            return "the database (database.url) does not answer a ping"
    finally:
        database.client.close()
    idle = [lane for lane in lanes if cfg.jobs.get(f"lane_{lane}", 1) < 1]
    return f"lanes without a slot: {', '.join(idle)}" if idle else None

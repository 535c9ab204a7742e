"""Signing links: a signer's link token is an HMAC of the request id, the signer id and a nonce made
at each send, keyed with the service key, so the database holds only its hash and the mailer can still
put the token in the link; a new send (a resend, a replaced signer) makes a new link and the old one
stops working."""
from __future__ import annotations

from esign.domain.ports import Services
from esign.secrets import hash_token
from esign.store.records import Signer, SigningRequest


def _made(services: Services, request: SigningRequest, signer: Signer) -> list[str]:
    """The signer's link token as each configured key (the current one first) makes it."""
    return services.secrets.signatures(f"signer-link:{request['id']}:{signer['id']}:{signer['token_nonce']}")


def signer_token(services: Services, request: SigningRequest, signer: Signer) -> str:
    """The signer's link token, derived from the service key and a per-send nonce, so the database
    holds only its hash and the mailer can still put it in the link. After a key rotation a link sent
    before stays the same: the token is the one (of the current and previous keys) whose hash is stored."""
    made, stored = _made(services, request, signer), signer.get("token_hash")
    return next((token for token in made if stored and hash_token(token) == stored), made[0])


def reproducible(services: Services, request: SigningRequest, signer: Signer) -> bool:
    """Whether the signer's current link can be written into a message again: false once the key that
    made it has left `[security] previous_secret_keys` (the link itself still opens: it is checked by its
    stored hash, not by the key)."""
    stored = signer.get("token_hash")
    return not stored or any(hash_token(token) == stored for token in _made(services, request, signer))


def signing_url(services: Services, request: SigningRequest, signer: Signer) -> str:
    return f"{services.config.server.public_url}/sign/{signer_token(services, request, signer)}"


def holds(signer: Signer, token_hash: str) -> bool:
    """Whether `token_hash` is one of the signer's working links: the current one, or an earlier one
    kept working when a fresh link was issued (esign.domain.requests.fresh_links)."""
    return signer.get("token_hash") == token_hash or token_hash in (signer.get("earlier_token_hashes") or ())

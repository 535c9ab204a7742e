"""Signing links: a signer's link token is an HMAC of the request id, the signer id and a nonce made
at each send, keyed with the service key, so the database holds only its hash and the mailer can still
put the token in the link; a new send (a resend, a replaced signer) makes a new link and the old one
stops working."""
from __future__ import annotations

from esign.domain.ports import Services
from esign.secrets import hash_token
from esign.store.records import Signer, SigningRequest


def signer_token(services: Services, request: SigningRequest, signer: Signer) -> str:
    """The signer's link token, derived from the service key and a per-send nonce, so the database
    holds only its hash and the mailer can still put it in the link. After a key rotation a link sent
    before stays the same: the token is the one (of the current and previous keys) whose hash is stored."""
    made = services.secrets.signatures(f"signer-link:{request['id']}:{signer['id']}:{signer['token_nonce']}")
    stored = signer.get("token_hash")
    return next((token for token in made if stored and hash_token(token) == stored), made[0])


def signing_url(services: Services, request: SigningRequest, signer: Signer) -> str:
    return f"{services.config.server.public_url}/sign/{signer_token(services, request, signer)}"


def holds(signer: Signer, token_hash: str) -> bool:
    """Whether `token_hash` is one of the signer's working links: the current one, or an earlier one
    kept working when a fresh link was issued (esign.domain.requests.fresh_links)."""
    return signer.get("token_hash") == token_hash or token_hash in (signer.get("earlier_token_hashes") or ())

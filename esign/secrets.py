"""Hashing of API keys and signer tokens, encryption of stored secrets, and signed URLs.

The service key comes from `[security] secret_key` or, when empty, is generated once and kept in the
database (`settings` collection) so every process of one deployment shares it.

Rotation (`[security] previous_secret_keys`, docs/operations.md "Rotating secrets"): what is
made now (encrypted secrets, signed links, signer-link tokens) uses the current key; what was made under
a previous key is still read (decrypted, verified) with it. Stored secrets are not re-encrypted lazily
on read (a read never writes): they move to the current key when they are set again, or all at once
with `esign admin reencrypt-secrets`, after which the previous key can be dropped.
"""
import base64
import hashlib
import hmac
import secrets as _secrets

from cryptography.fernet import Fernet, InvalidToken, MultiFernet


def new_token(prefix: str = "", nbytes: int = 32) -> str:
    """A random URL-safe token (256 bits by default)."""
    return prefix + _secrets.token_urlsafe(nbytes)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def hmac_hex(secret: str | bytes, body: bytes) -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def _fernet(master_key: str) -> Fernet:
    digest = hashlib.sha256(("esign-encryption:" + master_key).encode()).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


def _sign_key(master_key: str) -> bytes:
    return hashlib.sha256(("esign-signing:" + master_key).encode()).digest()


class SecretBox:
    """Encrypts secrets at rest (webhook and delivery secrets) and signs URLs, from the master key;
    reads what was made under the `previous` keys too (key rotation)."""

    def __init__(self, master_key: str, previous: list[str] | tuple = ()):
        keys = [master_key, *(k for k in previous if k and k != master_key)]
        self._current = _fernet(master_key)
        self._fernet = MultiFernet([_fernet(k) for k in keys])  # encrypts with the first, decrypts with any
        self._sign_keys = [_sign_key(k) for k in keys]

    def encrypt(self, plaintext: str) -> str:
        return self._current.encrypt(plaintext.encode()).decode()

    def is_current(self, token: str) -> bool:
        """Whether `token` (from `encrypt`) was made with the current key."""
        try:
            self._current.decrypt(token.encode())
        except InvalidToken:
            return False
        return True

    def decrypt(self, token: str) -> str:
        try:
            return self._fernet.decrypt(token.encode()).decode()
        except InvalidToken:
            raise ValueError("secret cannot be decrypted with this service key") from None

    def sign(self, message: str) -> str:
        """The HMAC of `message` under the current key."""
        return hmac_hex(self._sign_keys[0], message.encode())

    def signatures(self, message: str) -> list[str]:
        """The HMAC of `message` under each key in force, the current key's first."""
        return [hmac_hex(key, message.encode()) for key in self._sign_keys]

    def verify(self, message: str, signature: str) -> bool:
        """Whether `signature` is the HMAC of `message` under the current or a previous key."""
        # on bytes: compare_digest refuses a str with non-ASCII characters (a hostile `sig=%C3%A9`)
        given = (signature or "").encode("utf-8", "replace")
        return any([hmac.compare_digest(expected.encode(), given) for expected in self.signatures(message)])

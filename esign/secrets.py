"""Hashing of API keys and signer tokens, encryption of stored secrets, and signed URLs.

The service key comes from `[security] secret_key` or, when empty, is generated once and kept in the
database (`settings` collection) so every process of one deployment shares it.
"""
import base64
import hashlib
import hmac
import secrets as _secrets

from cryptography.fernet import Fernet, InvalidToken


def new_token(prefix: str = "", nbytes: int = 32) -> str:
    """A random URL-safe token (256 bits by default)."""
    return prefix + _secrets.token_urlsafe(nbytes)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def hmac_hex(secret: str | bytes, body: bytes) -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(key, body, hashlib.sha256).hexdigest()


class SecretBox:
    """Encrypts secrets at rest (webhook and delivery secrets) and signs URLs, from one master key."""

    def __init__(self, master_key: str):
        digest = hashlib.sha256(("esign-encryption:" + master_key).encode()).digest()
        self._fernet = Fernet(base64.urlsafe_b64encode(digest))
        self._sign_key = hashlib.sha256(("esign-signing:" + master_key).encode()).digest()

    def encrypt(self, plaintext: str) -> str:
        return self._fernet.encrypt(plaintext.encode()).decode()

    def decrypt(self, token: str) -> str:
        try:
            return self._fernet.decrypt(token.encode()).decode()
        except InvalidToken:
            raise ValueError("secret cannot be decrypted with this service key") from None

    def sign(self, message: str) -> str:
        return hmac_hex(self._sign_key, message.encode())

    def verify(self, message: str, signature: str) -> bool:
        # on bytes: compare_digest refuses a str with non-ASCII characters (a hostile `sig=%C3%A9`)
        return hmac.compare_digest(self.sign(message).encode(), (signature or "").encode("utf-8", "replace"))

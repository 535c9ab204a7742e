"""The consent disclosure a signer agrees to before signing electronically: its text (translated by the
catalogs: esign/i18n/babel.cfg extracts it) and its version, recorded with each consent and printed, with
a hash of the text, on the certificate of completion (the text attached)."""

DISCLOSURE_VERSION = "2026-11"
DISCLOSURE = (
    "By continuing you agree to receive this document and sign it electronically. Your electronic "
    "signature has the same effect as a handwritten one. The sender receives the signed document with "
    "an audit certificate recording your name, email address, IP address, browser and the times you "
    "viewed and signed. You may decline to sign instead, or ask the sender for a paper copy."
)

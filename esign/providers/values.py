"""The values that cross the provider contract (esign.providers.base, which names them too): what an
email provider's `send` and bounce webhook return (`EmailResult`, `BounceReport`) with the helpers that
classify SMTP refusals (`enhanced_status`, `recipient_refusal`), and what identity providers return
(`IdentityResult` with its IDENTITY_STATUSES, `IdentitySession`). docs/plugin-reference.md lists them
under "Values" and "Helpers".
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import re
from typing import Any


@dataclasses.dataclass
class EmailResult:
    """What `EmailProvider.send` returns: `message_id`, the id the mail system knows the message by."""

    message_id: str


@dataclasses.dataclass
class BounceReport:
    """One recipient's delivery failure as a provider's bounce webhook tells it (`parse_bounce_webhook`).
    `recipient` is the address that failed, `status` its RFC 3463 status (`5.1.1`; empty when unknown),
    `reason` the remote server's words. esign finds the signer by `return_path` (the message's envelope
    sender, the VERP address esign set in `Return-Path`) when the provider reports it — a report whose
    return path carries no valid token is ignored —, else by `request_id` (the message's `X-Esign-Request`
    header, as the provider recorded the message it sent) and `recipient`. `permanent` False (a delay) is
    ignored."""

    recipient: str
    status: str = ""
    reason: str = ""
    return_path: str = ""
    request_id: str = ""
    permanent: bool = True


ENHANCED_STATUS = re.compile(r"^\s*([245])\.(\d{1,3})\.(\d{1,3})\b")


def enhanced_status(text: str) -> str | None:
    """The RFC 3463 enhanced status code an SMTP reply text or a DSN `Status:` starts with (`5.7.1`), or None."""
    match = ENHANCED_STATUS.match(text or "")
    return ".".join(match.groups()) if match else None


def recipient_refusal(code: int, text: str) -> bool:
    """Whether a permanent SMTP refusal of RCPT TO (or a DSN's failure) is about the recipient (a bounce):
    the enhanced code's subject is the address (`5.1.x`) or the mailbox (`5.2.x`), or, without an
    enhanced code, the reply is a bare 550, 551 or 553 (no such user, not local, bad mailbox name). A
    refusal of the sending side — policy and security (`5.7.x`: relay denied, login required), protocol
    (`5.5.x`: HELO refused), the relay's own system (`5.3.x`), routing, the message (`5.6.x`) — is not."""
    if not 500 <= code < 600:
        return False
    status = enhanced_status(text)
    if status is None:
        return code in (550, 551, 553)
    return status.split(".")[1] in ("1", "2")


#: normalised identity statuses: `approved` (the person is who the document says and the check passed),
#: `rejected` (the check failed), `review` (not decided: the form flow lets the signer sign with
#: identity_review_pending; in the redirect flow the vendor decides later), `pending` (the person has
#: not finished, or the vendor is still working), `abandoned` (the person left or the session was
#: cancelled or expired: they may start again)
IDENTITY_STATUSES = ("approved", "rejected", "review", "pending", "abandoned")


@dataclasses.dataclass
class IdentityResult:
    """Outcome of an identity check, normalised (see IDENTITY_STATUSES; the form flow's `verify` answers
    only approved, rejected or review).

    `reference` (redirect flow) is the vendor's session the result belongs to, as `start_session` returned it.
    The verified fields are what the vendor read from the document (None when it did not say):
    `verified_name` (the full name), `document_type` (passport, id_card, driving_licence,
    residence_permit), `date_of_birth` and `document_expiry` (YYYY-MM-DD), `document_number` (stored
    masked to its last 4 characters), `issued_country` (ISO 3166 alpha-2), `address` (one line).
    `name_match_score` (0..1) is how well the verified name matches the signer's; None lets esign
    compute it. `reason` says why a check was rejected or abandoned, in words the signer may read (no
    personal data). `details` keys read by esign: `name_match_status` (match, partial_match,
    no_match; recorded as the signer's `identity_name_match_status`, by default approved → match, review
    → partial_match, rejected → no_match), `selfie_verified` (a liveness or selfie check passed:
    `identity_selfie_verified`) and `vpn_detected` (`identity_device_vpn_detected`), booleans; others
    are ignored. The verified fields land on the signer record and on the audit certificate."""

    status: str
    verified_name: str | None = None
    name_match_score: float | None = None
    details: dict[str, Any] = dataclasses.field(default_factory=dict)
    reference: str | None = None
    document_type: str | None = None
    date_of_birth: str | None = None
    document_number: str | None = None
    document_expiry: str | None = None
    issued_country: str | None = None
    address: str | None = None
    reason: str | None = None


@dataclasses.dataclass
class IdentitySession:
    """A verification session a redirect-flow vendor opened (what `start_session` returns): `reference` (the vendor's id of it,
    unique per vendor, at most 255 characters), `redirect_url` (the vendor's page the signer is sent to, http or https) and
    `expires_at` (an aware datetime after which the URL no longer works, or None)."""

    reference: str
    redirect_url: str
    expires_at: dt.datetime | None = None

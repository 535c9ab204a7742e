"""Provider base classes, one per kind and capability. A plugin subclasses one, sets `identifier`
(the name chosen in config), `contract_version` (the CONTRACT_VERSION it was written for) and
`options` (the config keys it reads, each an `Option`), and returns the class from the matching hook
in `esign.hookspecs`.

A capability is a base class, never a flag: identity checks are `FormIdentityProvider` or
`RedirectIdentityProvider`; an SMS service that makes and checks its own codes is a
`CodeCheckingSmsProvider`. esign dispatches on `isinstance`.

Every method is async unless marked otherwise. The methods a provider must write are abstract
(`abc.abstractmethod`): a class that leaves one out cannot be instantiated, and esign refuses to start
with it, naming the missing methods; the others have a working default. This module's docstrings are
the contract (with those of esign.providers.values, the values returned): docs/plugin-reference.md is
generated from them (esign.plugin_reference), and docs/plugins.md is the guide around it, with an
example plugin per kind.

Errors are classified once, here in the providers:
- ProviderUnavailable: a temporary failure (network down, time-out, a 4xx SMTP reply): API callers
  get 502 `upstream_unavailable` and background jobs are retried with back-off.
- ProviderFault (a ProviderUnavailable): the provider itself refuses to work (a 5xx to SMTP MAIL FROM,
  AUTH or DATA: bad credentials, a blocked sender); retried like a temporary failure but logged as an
  error for the operator. Never a bounce of the recipient.
- ProviderRejected: a permanent refusal of this one recipient or input (an SMTP refusal of the
  recipient, `5.1.x`/`5.2.x` or a bare 550: see `recipient_refusal`): jobs record it (a bounce) and
  do not retry; the signer API answers 422 on the field.
- KeyError: storage only, no such blob (404, or the caller's own handling).
- esign.config.ConfigError, raised from `__init__` or `start`: the settings cannot work; start-up stops
  with the message.

The messages of these exceptions may reach API callers and logs: never put a credential in them.
"""
from __future__ import annotations

import abc
import dataclasses
from email.message import EmailMessage
from typing import Any, AsyncIterator, ClassVar

from esign.providers.values import (
    ENHANCED_STATUS,
    IDENTITY_STATUSES,
    BounceReport,
    EmailResult,
    IdentityResult,
    IdentitySession,
    enhanced_status,
    recipient_refusal,
)

# the values are named here too: a plugin imports the whole contract from this module
__all__ = ["CONTRACT_VERSION", "ENHANCED_STATUS", "IDENTITY_STATUSES", "BlobStorage", "BounceReport", "CodeCheckingSmsProvider",
           "EmailProvider", "EmailResult", "FormIdentityProvider", "GeoIPProvider", "IdentityProvider",
           "IdentityResult", "IdentitySession", "Option", "Provider", "ProviderFault", "ProviderRejected",
           "ProviderUnavailable", "RedirectIdentityProvider", "SigningLevelProvider", "SmsProvider",
           "WebhookRefused", "enhanced_status", "recipient_refusal"]


class ProviderUnavailable(Exception):
    """Temporary failure of an upstream service; the operation may succeed when retried."""


class ProviderFault(ProviderUnavailable):
    """The upstream refuses to work for reasons of its own or of its configuration (not of the
    recipient); retried, and logged as an error because an operator usually has to act."""


class ProviderRejected(Exception):
    """Permanent refusal by an upstream service (for example a bounced address); do not retry."""


#: the version of this provider contract. Raised when a change to the base classes, the hooks or the
#: option declaration would break a provider written for the one before; a provider states the version
#: it was written for in `contract_version`, and esign refuses to start with a chosen provider written
#: for another. 1: capabilities as flags (`flow`, `checks_codes`) and options as bare defaults;
#: 2: capabilities as base classes, options as `Option` declarations.
CONTRACT_VERSION = 2

OPTION_TYPES = (str, int, float, bool, list)


@dataclasses.dataclass(frozen=True)
class Option:
    """One config key a provider reads from its section (`[storage]`, `[sms]`, ...; `[plugins.<identifier>]`
    for signing levels). esign checks every key at start-up before the provider is made: an unknown key,
    a value of the wrong type and a `required` key left out or empty stop start-up with a message naming
    the provider and the key. The value of a `secret` key (a password, an API key) is never shown in a
    message or a log line. `type` defaults to the default's type (one of str, int, float, bool, list;
    an Option without a default needs a `type`, and its default is then the type's empty value); `help`
    is one line for the operator. Values from the environment (`ESIGN_<SECTION>_<KEY>`) are converted to
    the type before the check; `settings` then holds every declared key. Checks that span keys or ranges
    stay in the provider's `__init__`."""

    default: Any = None
    help: str = ""
    required: bool = False
    secret: bool = False
    type: type | None = None
    #: the values allowed (empty: any of the type)
    choices: tuple = ()
    #: values of an earlier release still accepted, each read as the value it maps to (checked before the type)
    aliases: tuple = ()

    def __post_init__(self):
        if self.type is None:
            if self.default is None:
                raise TypeError("an Option without a default needs a type")
            object.__setattr__(self, "type", type(self.default))
        if self.type not in OPTION_TYPES:
            raise TypeError(f"an Option's type is one of {', '.join(t.__name__ for t in OPTION_TYPES)}")
        if self.default is None:
            object.__setattr__(self, "default", self.type())
        elif self.type is float and type(self.default) is int:
            object.__setattr__(self, "default", float(self.default))
        elif type(self.default) is not self.type:
            raise TypeError(f"an Option's default {self.default!r} is not a {self.type.__name__}")


class Provider(abc.ABC):  # noqa: B024 - the base of every kind; each kind's base declares its abstract methods
    """The common base of every kind: its identity, its options and its lifecycle (`__init__`,
    `use_database`, `start`, `close`)."""

    #: the name chosen in config (`[storage] provider = "<identifier>"`), unique per kind (required)
    identifier: ClassVar[str] = ""
    #: the CONTRACT_VERSION this provider was written for (0: not stated, which esign refuses)
    contract_version: ClassVar[int] = 0
    #: the config keys this provider reads from its section, each declared as an `Option`
    options: ClassVar[dict[str, Option]] = {}
    #: True for a provider that keeps its data in esign's own database (GridFS storage): the core then
    #: calls `use_database` with it before `start`
    uses_database: ClassVar[bool] = False

    def __init__(self, settings: dict[str, Any]):
        """Called once at start-up, before `start`. `settings` is the provider's config section, already
        checked against `options` (every declared key present, typed, required ones given, defaults
        filled in); the default keeps it as `self.settings`. Check the settings here and raise
        `esign.config.ConfigError` naming the key (`storage.bucket: ...`) when they cannot work. No
        I/O: `start` is for that."""
        self.settings = settings

    def use_database(self, database) -> None:
        """Only when `uses_database`: called once before `start` with esign's database handle (motor's
        AsyncIOMotorDatabase on MongoDB, esign.db.MemoryDatabase under `memory://`). The default keeps
        it as `self.database`. Other providers are never given the database: esign's own data is
        reached only through its repositories."""
        self.database = database

    async def start(self) -> None:  # noqa: B027 - optional: a provider with something to start overrides it
        """Called once when the service starts (after `use_database`), before any other method: open
        clients, check the upstream. Raise `esign.config.ConfigError` when the configuration is wrong
        for good (no such bucket, access denied); when the upstream is merely unreachable, log a
        warning and return (the readiness check reports it). The default does nothing."""

    async def close(self) -> None:  # noqa: B027 - optional: a provider with something to close overrides it
        """Called once when the service stops: close clients and files. The default does nothing."""


class BlobStorage(Provider):
    """Stores opaque blobs under string keys such as `orgs/<id>/documents/<id>.pdf` (`/`-separated,
    never starting with `/`). Documents, signed PDFs, certificates and drawings all go through it;
    several esign hosts share one storage, so a blob written by one must be readable by the others."""

    @abc.abstractmethod
    async def put_file(self, key: str, path: str) -> int:
        """Store the file at local `path` under `key`, replacing any blob there; read it in chunks
        (uploads may be large). The caller deletes `path` afterwards and never writes to it again: a
        provider may keep the file itself, as the local one does with a hard link. Returns the stored
        size in bytes. Raises ProviderUnavailable (or ProviderFault) when the storage cannot take it."""
        raise NotImplementedError

    @abc.abstractmethod
    async def put_bytes(self, key: str, data: bytes) -> int:
        """Store `data` under `key`, replacing any blob there: a reader sees the old blob or the new
        one, never a mix. Returns the size in bytes (`len(data)`). Errors as `put_file`."""
        raise NotImplementedError

    @abc.abstractmethod
    async def get_bytes(self, key: str) -> bytes:
        """Return the whole blob. Raises KeyError when there is none, ProviderUnavailable when the
        storage cannot answer."""
        raise NotImplementedError

    @abc.abstractmethod
    async def stream(self, key: str, chunk_size: int = 256 * 1024) -> AsyncIterator[bytes]:
        """An async generator (`async def` with `yield`): the blob in chunks of at most `chunk_size`
        bytes, for downloads that must not be held in memory. Raises KeyError (on the first
        iteration) when there is none, ProviderUnavailable on failure (also midway)."""
        raise NotImplementedError
        yield b""  # makes this an async generator, as the overrides are

    @abc.abstractmethod
    async def size(self, key: str) -> int | None:
        """Size in bytes, or None when there is no such blob. Raises ProviderUnavailable on failure."""
        raise NotImplementedError

    @abc.abstractmethod
    async def delete(self, key: str) -> None:
        """Remove the blob; no error when it does not exist. Raises ProviderUnavailable on failure."""
        raise NotImplementedError

    async def ready(self) -> None:
        """Readiness (`GET /readyz`): return when the storage can take blobs now, raise (any exception,
        its message says why) when it cannot: `/readyz` then answers 503. The default trusts the storage."""

    async def presigned_url(self, key: str, expires_in: int, filename: str) -> str | None:
        """A URL the storage serves itself, valid `expires_in` seconds, that downloads the blob as an
        attachment named `filename`; or None (the default) when this storage has no such URLs: esign
        then serves an HMAC-signed URL of its own, streaming the blob with `stream`."""
        return None


class EmailProvider(Provider):
    """Hands esign's messages (invitations, reminders, notices, copies) to a mail system
    (`[email] provider`)."""

    #: the service's own host name: `[server] public_url`'s host when it is a DNS name, else the
    #: machine's fully-qualified name. Set by esign before `start`; the SMTP provider introduces itself
    #: with it (HELO/EHLO) unless `helo_hostname` is set.
    public_host: str = ""

    @abc.abstractmethod
    async def send(self, message: EmailMessage) -> EmailResult:
        """Hand one complete message (From, To, Subject, plain and HTML parts) to the mail system.
        Raises ProviderUnavailable when the mail system is unreachable, times out or answers with a
        temporary (4xx) error, ProviderFault when it refuses the sender, the login, the connection
        security or the message itself (5xx to MAIL FROM, AUTH, DATA; a policy, protocol or system
        refusal of RCPT TO such as `554 5.7.1 Relay access denied`; a TLS failure), ProviderRejected
        only when it refuses the recipient for good (`recipient_refusal`: a bounce). The message's
        Message-ID is set by the caller and must be kept as it is: a retry after a lost
        acknowledgement is then the same message. Returns an `EmailResult`.

        When `[email] bounce_address` is set the message carries a `Return-Path` header: the VERP
        address failure notices must go to. A provider that speaks SMTP uses it as the envelope sender
        (MAIL FROM) and does not send the header itself (the receiving server writes it); a service
        with an API passes it as its return path where it can."""
        raise NotImplementedError

    async def parse_bounce_webhook(self, headers: dict[str, str], raw_body: bytes) -> list[BounceReport] | None:
        """For a provider whose service reports bounces by webhook (`POST /email/webhooks/<identifier>`):
        check that the delivery is the service's (its signature over `raw_body`; raise WebhookRefused
        when it is not or cannot be read) and return the failures it reports (an empty list for events
        that are not failures). `headers` has lower-case names. esign routes the webhook (no API key) to
        the configured provider, answers 400 for WebhookRefused, finds each failure's signer as
        `BounceReport` says and records each failure once however often the service repeats its
        delivery. The default, None, means this provider has no bounce webhook (esign answers 404)."""
        return None


class SmsProvider(Provider):
    """Texts signers the one-time codes esign makes (phone verification): esign makes the 6-digit code,
    keeps only its HMAC, checks what the signer types itself, and calls `send_code(phone, code,
    ttl_seconds)`, whose default texts the code with `send`. esign also texts signing links with `send`
    (signers with `delivery` sms or both: esign.domain.mail.text_messages). A plain gateway writes `send`
    only. A verification service that makes and checks its own codes is a `CodeCheckingSmsProvider`
    (it cannot carry signing links)."""

    @abc.abstractmethod
    async def send(self, phone: str, text: str) -> None:
        """Send `text` to `phone` (E.164, possibly with the spaces people type). Raises
        ProviderUnavailable when the gateway is unreachable, times out or fails temporarily,
        ProviderFault when it refuses the account or the sender (credentials, balance, sender id),
        ProviderRejected only when it refuses this number for good (invalid, landline, blocked): the
        same split as email. Once the gateway has accepted the text, do not raise: a retry would send
        it twice.

        Called for the codes (through `send_code`) and for signing links (the invitation, reminders
        and the completion notice, from the `sms` job): there an error is handled as an email's,
        ProviderUnavailable and ProviderFault retried for `[jobs] message_retry_hours`,
        ProviderRejected marking the signer `sms_failed_at` at once."""
        raise NotImplementedError

    async def send_code(self, phone: str, code: str, ttl_seconds: int) -> None:
        """Deliver esign's one-time `code` to `phone`, valid `ttl_seconds`. The default texts `Your
        signing code is <code>. It expires in <n> minutes.` with `send`. Errors as `send`; after any
        error esign forgets the code, so the signer may ask again at once (502 for
        ProviderUnavailable, 422 on `phone` for ProviderRejected)."""
        minutes = max(1, ttl_seconds // 60)
        await self.send(phone, f"Your signing code is {code}. It expires in {minutes} minutes.")


class CodeCheckingSmsProvider(Provider):
    """A verification service (Twilio Verify and the like) that makes, sends and checks the one-time
    codes itself. esign calls `send_code(phone, ttl_seconds)`, keeps no code, and later asks
    `check_code(phone, code)`; it still enforces its own resend gap, expiry (`[signer]
    otp_ttl_seconds`), attempt limit and lock around them, and the service's own limits apply too. It
    has no `send`: with one configured, requests asking for texts (signers with `delivery` sms or
    both) are refused (422)."""

    @abc.abstractmethod
    async def send_code(self, phone: str, ttl_seconds: int) -> None:
        """Have the service make a code and text it to `phone`, valid about `ttl_seconds`. Raises
        ProviderUnavailable when the service is unreachable or fails temporarily, ProviderFault when it
        refuses the account, ProviderRejected when it refuses this number for good. After any error
        esign forgets the outstanding code (the signer may ask again at once)."""
        raise NotImplementedError

    @abc.abstractmethod
    async def check_code(self, phone: str, code: str) -> bool:
        """Whether `code` (4 to 10 digits, as the signer typed it) is the one last sent to `phone`.
        True once per code; False for a wrong code (esign counts the attempt toward `[signer]
        otp_max_attempts`). Raises ProviderRejected when the service holds no code for this number any
        more (expired, used, too many attempts: esign drops the outstanding code and asks the signer for
        a new one, no attempt counted), ProviderUnavailable when it cannot
        answer now (502, no attempt counted)."""
        raise NotImplementedError


class WebhookRefused(Exception):
    """A webhook that is not the vendor's (bad or missing signature, a timestamp outside the
    tolerance) or that cannot be read. esign answers 400 and records nothing; the message is logged
    and returned (it must not contain secrets)."""


class IdentityProvider(Provider):
    """What both identity flows share. A provider subclasses one of them, never this class itself:

    - `FormIdentityProvider`: the signer types the data of an identity document on the signing page
      and esign calls `verify(signer, submitted)` at once (the builtin `basic` provider).
    - `RedirectIdentityProvider`: the way Stripe Identity, Onfido or Veriff work. esign calls
      `start_session(signer, return_url)`, sends the signer to `redirect_url` (in a new browser tab),
      and learns the result from the vendor's webhook, delivered to `POST
      /identity/webhooks/<identifier>` and handed to `verify_webhook(headers, raw_body)`, or, when the
      webhook is late or lost, from `fetch_result(reference)` when the signer comes back or asks again.
    """

    #: whether a check costs money: a charging check counts toward the plan's monthly
    #: `identity_verifications` (403 `quota_exceeded` beyond it) unless the request is a sandbox one,
    #: and sets the request's `identity_payment_status` to `charged`
    charges: ClassVar[bool] = True
    #: whether a signer can pass this provider's check at all: False (the builtin `none`) makes a request
    #: that requires identity verification a 422, since none of its signers could ever sign
    verifies: ClassVar[bool] = True


class FormIdentityProvider(IdentityProvider):
    """Checks what the signer typed on the signing page, at once."""

    @abc.abstractmethod
    async def verify(self, signer: dict, submitted: dict) -> IdentityResult:
        """Called when the signer posts the identity form (`POST /sign/{token}/api/identity`). Check
        the identity data a signer `submitted`, already validated by esign (`full_name`,
        `date_of_birth` YYYY-MM-DD, `document_type` passport, id_card, driving_licence or
        residence_permit, `document_number`, `document_expiry` YYYY-MM-DD not past, `issued_country`
        ISO 3166 alpha-2 upper case, `address` or None), against the `signer` record as stored (`id`,
        `name`, `email`, `phone`, ...). Returns an IdentityResult with status approved (the signer may
        sign), review (may sign, flagged `identity_review_pending`) or rejected (may try again while
        attempts are left); any other status is a 502. A `verified_name` left None records the
        submitted `full_name`; the document fields recorded are always the submitted ones.
        Each call that returns counts as one of the signer's `[signer] identity_max_attempts`. Raises
        ProviderUnavailable when the vendor cannot be reached (502 `upstream_unavailable`; the check is
        not counted and the signer may try again)."""
        raise NotImplementedError


class RedirectIdentityProvider(IdentityProvider):
    """Sends the signer to the vendor's page and learns the result from the vendor."""

    @abc.abstractmethod
    async def start_session(self, signer: dict, return_url: str) -> IdentitySession:
        """Open a verification session at the vendor for `signer` (id, name, email, phone,
        signing_request_id) and return it; send the vendor what it needs to prefill and to reconcile.
        `return_url` (`{public_url}/identity/return/{session id}`) is where the vendor sends the person
        back when they finish; it carries no secret (esign's own id of the session). Raises
        ProviderUnavailable when the vendor cannot be reached, times out or fails temporarily (429,
        5xx: the signer gets 502 `upstream_unavailable` and may try again at once; nothing is recorded
        or counted), ProviderRejected when it refuses for good (bad configuration: the signer is told
        verification is unavailable and to ask the sender, the operator sees an error in the log)."""
        raise NotImplementedError

    @abc.abstractmethod
    async def verify_webhook(self, headers: dict[str, str], raw_body: bytes) -> IdentityResult | None:
        """Called for each delivery to `POST /identity/webhooks/<identifier>` (no API key). Check that
        it is the vendor's (its signature over `raw_body`, the body exactly as received, never
        re-serialised JSON, with the configured secret, compared with `hmac.compare_digest`; its
        timestamp within the vendor's tolerance, against replays) and return its result,
        normalised, with `reference` set; None for an event that carries no result (esign answers 200
        and ignores it). `headers` has lower-case names. Raises WebhookRefused for a delivery that is
        not the vendor's or cannot be read (400 `bad_request`, nothing recorded), ProviderUnavailable
        when the result needs a call to the vendor that fails (esign answers 502 so the vendor
        delivers again)."""
        raise NotImplementedError

    @abc.abstractmethod
    async def fetch_result(self, reference: str) -> IdentityResult:
        """The current result of the session `reference`, normalised (`pending` while the person has
        not finished). Called when the signer comes back (`GET /identity/return/{session_id}`) or asks
        again ("Check again") before a result has arrived, at most once per session every `[signer]
        identity_fetch_seconds`. Raises ProviderUnavailable when the vendor cannot be reached (the
        signer's "Check again" answers 502), ProviderRejected when it no longer knows the session
        (expired, deleted: esign records it abandoned and the signer may start a new one)."""
        raise NotImplementedError


class SigningLevelProvider(Provider):
    """Applies the signatures of one signing level to a stamped PDF. `identifier` is the provider's
    name (`[signing] qes_provider = "<identifier>"`), `level` the level it implements (only `qes` is
    delegated today). Its settings are the `[plugins.<identifier>]` table, checked against `options`.

    The contract (esign.domain.evidence.finalization): finalisation stamps the values and appends the audit
    certificate, then calls `sign` once per signer, in the request's signer order, each time with the
    output of the previous call, and finally applies the service's seal over the whole file."""

    #: the signing level this provider implements
    level: ClassVar[str] = "qes"

    @abc.abstractmethod
    async def sign(self, pdf: bytes, context: dict) -> bytes:
        """Return `pdf` with one more signature, for `context["signer"]`, appended as an incremental
        update: the result must start with the exact bytes of `pdf` (anything else fails the
        finalisation), so earlier signatures stay valid and the seal can follow.

        `context`: `request` (id, org_id, document_name, signing_level, completed_at), `signer` (id,
        name, email, phone, signed_at, phone_verified, identity_verified, identity_verified_name),
        `index` (1-based) and `count` of signers, `field_name` (the signature field to create),
        `reason`, and `timestamp_url` (the configured RFC 3161 authority or None).

        Raises ProviderUnavailable when the signing service cannot be reached or fails temporarily
        (the finalisation is retried), ProviderRejected when it refuses for good (the signed PDF is
        marked `failed` with the reason)."""
        raise NotImplementedError


class GeoIPProvider(Provider):
    """Places an IP address for the audit trail (`[geoip] provider`). Builtins: `none` (no places)
    and `maxmind` (a local MaxMind DB file)."""

    @abc.abstractmethod
    async def lookup(self, ip: str) -> dict | None:
        """Where `ip` (an IPv4 or IPv6 address as text) is: a dict with any of `country` (ISO 3166-1
        alpha-2), `region` and `city` (names), or None when unknown. Runs on the request path each
        time an audit event records a person's address, so it must be fast and do no network I/O;
        an exception is logged and counts as None (the event is recorded without a place)."""
        raise NotImplementedError

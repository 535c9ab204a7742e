"""Every configuration key, declared once: its type (the default's), default, bounds and one line of help.

`esign.config` loads, overrides from the environment and checks values against these declarations;
`docs/configuration.md` is generated from them (`python -m esign.config_keys > docs/configuration.md`,
and a test fails when the file is stale). Checks that involve several keys (a PAdES level needs a
timestamp URL, ...) stay in `esign.config`. Keys of providers are declared by the providers themselves
(their `options`), checked once plugins are loaded.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Key:
    default: Any
    help: str
    min: float | None = None
    max: float | None = None
    choices: tuple | None = None
    secret: bool = False
    #: the key may be empty ("") besides its choices
    empty_ok: bool = False

    @property
    def kind(self) -> type:
        return type(self.default)

    def check(self, where: str, value: Any) -> str | None:
        """Why `value` (already of the key's type) is out of bounds, or None."""
        numbers = value if isinstance(value, list) else [value]
        if self.kind in (int, float) or (isinstance(value, list) and value and isinstance(value[0], (int, float))):
            for number in numbers:
                if self.min is not None and self.max is not None and not self.min <= number <= self.max:
                    return f"{where} must be between {_num(self.min)} and {_num(self.max)}, not {number!r}"
                if self.min is not None and number < self.min:
                    return f"{where} must be at least {_num(self.min)}, not {number!r}"
                if self.max is not None and number > self.max:
                    return f"{where} must be at most {_num(self.max)}, not {number!r}"
        if self.choices is not None and not (self.empty_ok and value == ""):
            if value not in self.choices:
                shown = ", ".join(str(c) for c in self.choices)
                return f"{where} must be one of {shown}{' (or empty)' if self.empty_ok else ''}, not {value!r}"
        return None


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


DAY = 86400

#: section -> key -> declaration
KEYS: dict[str, dict[str, Key]] = {
    "server": {
        "host": Key("127.0.0.1", "address to listen on"),
        "port": Key(8080, "port to listen on (0 = any free port)", 0, 65535),
        "public_url": Key("", "origin signers reach (https://sign.example.com): the base of links in emails, "
                              "download and embedded URLs; empty = the listening address"),
        "allow_loopback_public_url": Key(False, "start even though public_url is a loopback address while listening on "
                                                "a non-loopback one (links only this machine reaches)"),
        "xheaders": Key(False, "trust X-Forwarded-For / X-Real-IP (behind a reverse proxy that sets them)"),
        "shutdown_grace_seconds": Key(25.0, "on SIGTERM/SIGINT: time for requests and jobs in flight to finish",
                                      0.01),
        "max_connections": Key(0, "open connections at most; 0 = the file limit (ulimit -n) minus headroom", 0),
        "idle_timeout_seconds": Key(60.0, "a connection that sends no complete request headers for this long is "
                                          "closed", 0.001),
        "body_timeout_seconds": Key(300.0, "a request body that takes longer than this to arrive is cut off",
                                    0.001),
    },
    "database": {
        "url": Key("memory://", "memory:// (embedded, in-process, NOT persistent) or a mongodb:// URL "
                                "(production: a replica set)", secret=True),
        "name": Key("esign", "the database's name"),
        "timeout_ms": Key(10000, "client-side time-out of every database operation, retries included (0 = none)",
                          0),
    },
    "storage": {
        "provider": Key("local", "blob storage plugin: local (builtin: its `path` option) or an installed one (s3, "
                                 "gridfs)"),
    },
    "email": {
        "provider": Key("maildir", "smtp, maildir (builtin: its `path` option) or an installed email plugin"),
        "from": Key("esign <no-reply@localhost>", "sender of every email; shown as \"<organisation> via <name>\""),
        "attach_max_mb": Key(10.0, "completion emails attach the signed PDF up to this size, else link to it "
                                   "(0 = always a link)", 0),
        "copy_wait_minutes": Key(60, "completion emails wait at most this long for the signed PDF", 1),
        "bounce_address": Key("", "envelope sender (Return-Path) of every email, as VERP: bounces@example.org sends "
                                  "as bounces+<token>@example.org, so failure notices name the signer; empty = the "
                                  "From address, and notices after acceptance are not read"),
        "bounce_mailbox": Key("", "Maildir folder the bounce address's mail is delivered into: its delivery status "
                                  "notifications mark signers bounced (read every [jobs] sweep_interval_seconds; "
                                  "empty = not read)"),
        "bounce_max_mb": Key(1.0, "a message in bounce_mailbox larger than this is not read: moved, unread, into "
                                  "its .Junk folder (a delivery status notification is a few kB)", 0.01, 100),
        "bounce_max_parts": Key(200, "a message in bounce_mailbox with more MIME parts than this (each delivery "
                                     "status block counts) is moved into its .Junk folder", 5, 10000),
        "bounce_read_timeout_seconds": Key(10.0, "a message in bounce_mailbox not read within this long (in a child "
                                                 "process) is moved into its .Junk folder", 0.001, 300),
    },
    "sms": {
        "provider": Key("log", "log (builtin: writes codes and texts to the log) or an installed SMS plugin (twilio)"),
        "allowed_countries": Key([], "ISO 3166 region codes (GB, DE, US) of the phone numbers signers may be given; "
                                     "any other is refused with 422 (empty = every country)"),
        "codes_per_signer_hour": Key(5, "phone codes one signer may be sent in a clock hour (UTC)", 1),
        "codes_per_signer_day": Key(10, "phone codes one signer may be sent in a day (UTC)", 1),
        "codes_per_request_day": Key(30, "phone codes the signers of one signing request may be sent in a day (UTC)", 1),
        "codes_per_organisation_day": Key(500, "phone codes the signers of one organisation may be sent in a day (UTC)",
                                          1),
    },
    "identity": {
        "provider": Key("none", "none, basic (builtins) or an installed identity-verification plugin (stripe)"),
    },
    "geoip": {
        "provider": Key("none", "none (audit events keep the IP address only) or maxmind (a local MaxMind DB)"),
    },
    "signing": {
        "seal_certificate": Key("", "PEM certificate (chain) of the seal; empty = a seal made at first start"),
        "seal_key": Key("", "PEM private key of the seal", secret=True),
        "previous_seal_certificates": Key("", "PEM file of the certificates of earlier seals (and their issuers): "
                                              "still published and trusted after a seal rotation"),
        "qes_provider": Key("", "name of an installed QES signing-level plugin (csc); empty = qes is refused"),
        "timestamp_url": Key("", "RFC 3161 timestamp authority (PAdES B-T and above); empty = no timestamp"),
        "completed_link_days": Key(30, "a signer's link shows the signed PDF this long after completion "
                                       "(0 = it stops at completion)", 0),
        "seal_name": Key("esign seal", "subject (CN) of a seal made here"),
        "key_store": Key("database", "where a seal and internal CA made here are kept: database (MongoDB's settings "
                                     "collection, private keys encrypted with the service key) or files (PEM "
                                     "files in key_dir: out of every database dump); memory:// always uses files",
                         choices=("database", "files")),
        "key_dir": Key("", "with memory:// or key_store = files: where the made seal and internal CA are kept "
                           "(empty = beside [storage] path)"),
        "pades_level": Key("", "B-B, B-T, B-LT or B-LTA; empty = B-T with a timestamp_url, else B-B",
                           choices=("B-B", "B-T", "B-LT", "B-LTA"), empty_ok=True),
        "validation_roots": Key("", "B-LT/B-LTA: PEM file of trust anchors for the validation data"),
        "max_delegations": Key(3, "how many times in a row one signing place may be delegated by its signer "
                                  "(requests created with allow_delegation)", 1, 20),
    },
    "webhooks": {
        "retry_delays_seconds": Key([60, 300, 900], "the retries after a failed delivery, in seconds "
                                                    "(at most 50, each at most 30 days)", 0.001, 30 * DAY),
        "timeout_seconds": Key(10.0, "a delivery succeeds on any 2xx within this time", 0.001),
        "pause_after_failures": Key(10, "consecutive failures that pause a webhook", 1),
        "allow_private_networks": Key(False, "allow private and loopback addresses (development and tests only)"),
        "allow_http": Key(False, "allow http:// webhook and delivery URLs (development and tests only)"),
        "paused_retention_days": Key(7, "events for a paused webhook are kept this long, sent on resume", 1),
        "delivery_history_days": Key(30, "delivery records are removed this long after their attempt", 1),
        "max_per_organisation": Key(100, "webhooks one organisation may have", 1),
        "previous_secret_hours": Key(24.0, "after a secret is regenerated, deliveries are also signed with the "
                                           "previous one this long (Standard Webhooks; 0 = it ends at once)", 0, 720),
    },
    "signer": {
        "otp_ttl_seconds": Key(600, "a texted one-time code is valid this long", 1),
        "otp_resend_seconds": Key(30, "minimum gap between two codes for one signer", 0),
        "otp_max_attempts": Key(3, "wrong codes in a row that lock the signing link", 1),
        "otp_lock_seconds": Key(900, "how long a link stays locked after too many wrong codes", 0),
        "identity_max_attempts": Key(3, "identity checks a signer may try", 1),
        "identity_fetch_seconds": Key(10.0, "redirect-flow vendors are asked at most once per session in this "
                                            "time", 1),
    },
    "limits": {
        "default_rate_per_minute": Key(60, "requests per minute per API key; a key's own rate_limit wins", 1, 1000),
        "max_upload_mb": Key(50, "largest PDF upload", 1),
        "pdf_parse_timeout_seconds": Key(20, "uploads are checked in a child process within this time", 1),
        "pdf_parse_memory_mb": Key(512, "... and this much memory", 128),
        "pdf_check_workers": Key(2, "checking processes kept ready", 1),
        "pdf_check_recycle_after": Key(100, "each checking process is replaced after this many files", 1),
        "page_image_workers": Key(1, "processes drawing the signing page's page images (apart from the checking "
                                     "ones: an upload never waits for them; organisations take turns)", 1),
        "page_image_timeout_seconds": Key(10.0, "a page image is drawn within this time (else 400, remembered for "
                                                "an hour); an upload whose page would need more than half of it is "
                                                "refused (422)", 1),
        "json_body_mb": Key(2, "JSON request bodies at most (413 before the body is read)", 1),
        "attachment_mb": Key(10, "largest file (PDF, PNG or JPEG) a signer attaches to an attachment field", 1, 100),
        "failed_auth_per_minute": Key(20, "invalid API keys per client address per minute before 429", 1),
        "verification_per_client_minute": Key(30, "public verification lookups, copy checks and PDF checks (/v/{id}, "
                                                  "/verify) per client address per minute before 429", 1, 10000),
        "active_content": Key("strip", "JavaScript, launch/import/submit actions, XFA, media and embedded files in "
                                       "an upload: removed before it is stored and signed, or the upload refused (400)",
                              choices=("strip", "refuse")),
    },
    "security": {
        "secret_key": Key("", "master key for stored secrets and signed URLs, at least 32 characters; "
                              "empty = generated once and kept in the database", secret=True),
        "previous_secret_keys": Key([], "earlier service keys, still accepted for what was made with them (stored "
                                        "secrets, signer and download links) while the key rotates", secret=True),
        "api_key_cache_seconds": Key(10.0, "how long a process trusts an API key it has read (0 = off)", 0),
    },
    "jobs": {
        "poll_interval_seconds": Key(0.5, "how often an idle worker looks for due jobs", 0.01),
        "lease_seconds": Key(120.0, "a job whose worker died is taken again after this", 0.001),
        "sweep_interval_seconds": Key(60, "expiry, reminder and recovery sweeps run this often", 1),
        "bulk_concurrency": Key(4, "recipients of one bulk job created at once", 1, 64),
        "lane_email": Key(8, "email jobs run at once per process", 1),
        "lane_sms": Key(4, "text-message jobs (signing links by SMS) run at once per process", 1),
        "lane_webhooks": Key(16, "webhook deliveries run at once per process", 1),
        "lane_delivery": Key(4, "enterprise signed-PDF deliveries run at once per process", 1),
        "lane_finalize": Key(2, "finalisations run at once per process", 1),
        "finalize_processes": Key(1, "child processes that stamp and seal (finalisations run there, on another "
                                     "core than the event loop); 0 = in a thread of the worker's process", 0, 64),
        "lane_bulk": Key(2, "bulk-send runs at once per process", 1),
        "lane_retention": Key(4, "purge, blob-deletion and other deletion jobs run at once per process", 1),
        "group_concurrency": Key(2, "deliveries to one webhook endpoint at once, per process", 1),
        "message_retry_hours": Key(24.0, "an email (a text message) keeps being retried this long, then the "
                                         "signer shows email_failed_at (sms_failed_at)", 0.001),
        "shutdown_grace_seconds": Key(25.0, "`esign worker`: running jobs may finish this long after SIGTERM",
                                      0.01),
    },
    "logging": {
        "level": Key("INFO", "DEBUG, INFO, WARNING or ERROR", choices=("DEBUG", "INFO", "WARNING", "ERROR")),
        "format": Key("text", "text (one readable line) or json (one JSON object a line); each line carries its "
                              "request_id, org_id and route, or its job's (docs/monitoring.md)",
                      choices=("text", "json")),
    },
    "metrics": {
        "allow": Key(["127.0.0.0/8", "::1/128"], "networks (CIDR) whose clients may read GET /metrics (Prometheus); "
                                                 "[] = only with the token"),
        "token": Key("", "bearer token that also lets a scrape in (Authorization: Bearer ...), at least 16 "
                         "characters; empty = none", secret=True),
    },
    "bootstrap": {
        "first_organization": Key("", "first run on an empty database: create this organisation and print its "
                                      "key once (empty = no first run)"),
        "plan": Key("enterprise", "plan of that organisation"),
        "key_file": Key("", "the first run also writes that key to this file, readable by the service user only "
                            "(0600, never replaced); empty = printed only"),
    },
    "console": {
        "link_minutes": Key(15, "a console sign-in link sent by email works this long, once", 1, 60),
        "idle_minutes": Key(30, "a console session ends after this long without a request", 1, 24 * 60),
        "absolute_hours": Key(12.0, "a console session ends this long after sign-in, however busy", 0.1, 24 * 7),
        "sign_in_per_address_minute": Key(3, "sign-in links one email address may ask for per minute (then 429)",
                                          1, 100),
        "sign_in_per_client_minute": Key(10, "sign-in links one client address may ask for per minute (then 429)",
                                         1, 1000),
    },
    "public_links": {
        "code_minutes": Key(15, "an email code a public link's visitor is sent works this long", 1, 60),
        "start_per_address_minute": Key(2, "codes one email address may ask for on public links per minute (then 429)",
                                        1, 100),
        "start_per_client_minute": Key(10, "codes one client address may ask for on public links per minute (then 429)",
                                       1, 1000),
        "start_per_link_minute": Key(60, "codes one public link may send per minute (then 429)", 1, 10000),
        "start_per_org_minute": Key(300, "codes all public links of one organisation may send per minute (then 429)",
                                    1, 100000),
        "verify_per_address_minute": Key(5, "code attempts one email address may make on a public link per minute "
                                            "(then 429)", 1, 100),
        "phone_per_number_day": Key(3, "codes one phone number may be texted on public links in a day (UTC; then 429)",
                                    1, 100),
        "phone_per_prefix_day": Key(20, "codes the numbers of one prefix (country code and the national number's first "
                                        "6 digits) may be texted on public links in a day (UTC; then 429)", 1, 10000),
        "phone_per_link_day": Key(200, "codes one public link may text in a day (UTC; then 429)", 1, 100000),
        "phone_breaker_unproven_hour": Key(20, "codes texted on one public link in a clock hour and not proven; one more "
                                               "pauses the link's phone codes (public_link.paused, phone_breaker)", 1,
                                           100000),
    },
    "notifications": {
        "owner_on_completed": Key(True, "email a request's owner when everyone signed"),
        "owner_on_declined": Key(True, "email the owner when a signer declined"),
        "owner_on_rejected": Key(True, "email the owner when an approver rejected the request (docs/roles.md)"),
        "owner_on_expired": Key(True, "email the owner when a sent request expired"),
        "owner_on_delegated": Key(True, "email the owner when a signer delegated their place to someone else"),
        "owner_on_purge_notice": Key(True, "email the owner when the retention policy schedules the request's purge "
                                           "(notice_days before it)"),
        "remind_signer_minutes": Key(60, "a signer is reminded (email or text) at most once in this many minutes, by "
                                         "remind or by reminder_days (0 = no limit)", 0, 7 * 24 * 60),
    },
    # the retention policy of an organisation that has not set its own (PUT /v1/retention-policy: docs/retention.md)
    "retention": {
        **{f"{state}_after_days": Key(0, f"{state} requests are purged this many days after they ended "
                                         "(0 = kept until purged by hand)", 0, 36500)
           for state in ("completed", "cancelled", "expired")},
        **{f"{state}_action": Key("purge_content", f"what purging a {state} request removes",
                                  choices=("purge_content", "purge_all"))
           for state in ("completed", "cancelled", "expired")},
        "notice_days": Key(14, "signing_request.purge_scheduled is recorded this many days before a purge", 0, 365),
    },
}

#: [plans.<name>]: 0 = unlimited
PLAN_KEYS: dict[str, Key] = {
    "signing_requests_per_month": Key(0, "signing requests created per calendar month (0 = unlimited)", 0),
    "storage_mb": Key(0, "documents stored, in MB (0 = unlimited)", 0),
    "templates": Key(0, "templates kept (0 = unlimited)", 0),
    "identity_verifications_per_month": Key(0, "identity checks per month (0 = unlimited)", 0),
    "identity_cost_per_check": Key(0.0, "what one identity check costs, reported in usage", 0),
    "enterprise_delivery": Key(False, "signed PDFs pushed to the organisation's delivery_url"),
}

#: [[organizations]]
ORG_KEYS: dict[str, Key] = {
    "name": Key("", "the organisation's name (required, unique)"),
    "plan": Key("free", "its plan"),
    "embed_origins": Key([], "origins allowed to embed the signing page"),
    "delivery_url": Key("", "enterprise signed-PDF delivery endpoint (https)"),
    "delivery_secret": Key("", "HMAC secret of that delivery (X-Service-Signature)", secret=True),
    "api_keys": Key([], "its API keys ([[organizations.api_keys]])"),
    "display_name": Key("", "the name emails show (empty = name)"),
    "logo_url": Key("", "logo at the top of emails: an https:// URL"),
    "accent_color": Key("", "#rrggbb of buttons and rules in emails"),
    "notify_email": Key("", "owner notifications of requests whose API key has no owner_email"),
    "members": Key([], "people who sign in to the staff console ([[organizations.members]])"),
    "verification_names": Key(False, "the public verification page (/v/{id}) names the signers (never their "
                                     "emails)"),
    "default_locale": Key("", "signers' language when a signer has no `locale` (BCP 47: en, de, fr, es, it, nl, pt, pl, "
                              "ja, ar; empty = the browser's, else English)"),
}

#: [[organizations.api_keys]]
API_KEY_KEYS: dict[str, Key] = {
    "key": Key("", "the literal key (esk_..., at least 24 characters), stored only as a hash", secret=True),
    "scopes": Key(["read", "write"], "read, write, admin"),
    "sandbox": Key(False, "sandbox key: no emails, no quota"),
    "rate_limit": Key(0, "requests per minute (1-1000; 0 = [limits] default_rate_per_minute)", 0, 1000),
    "owner_name": Key("", "owner shown as the sender of its requests"),
    "owner_email": Key("", "owner's address: Reply-To and owner notifications"),
    "name": Key("", "a label"),
}

#: [[organizations.members]]
MEMBER_KEYS: dict[str, Key] = {
    "email": Key("", "the member's address (required, unique in the organisation): console sign-in links go there"),
    "name": Key("", "the member's name"),
    "role": Key("sender", "sender (sees the requests they own) or admin (sees all the organisation's)",
                choices=("sender", "admin")),
}


def _default(key: Key) -> str:
    return f"`{key.default!r}`".replace("'", '"') if not isinstance(key.default, bool) else f"`{str(key.default).lower()}`"


def _bounds(key: Key) -> str:
    parts = []
    if key.min is not None:
        parts.append(f"≥ {_num(key.min)}")
    if key.max is not None:
        parts.append(f"≤ {_num(key.max)}")
    if key.choices:
        parts.append("one of " + ", ".join(f"`{c}`" for c in key.choices) + (" or empty" if key.empty_ok else ""))
    if key.secret:
        parts.append("secret")
    return "; ".join(parts)


def _table(rows: dict[str, Key], variable=None) -> list[str]:
    head = "| key | type | default | bounds | environment | what it does |" if variable else \
        "| key | type | default | bounds | what it does |"
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for name, key in rows.items():
        cells = [f"`{name}`", key.kind.__name__, _default(key), _bounds(key)]
        if variable:
            cells.append(f"`{variable(name)}`")
        cells.append(key.help.replace("|", "\\|"))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def markdown() -> str:
    """docs/configuration.md."""
    out = ["# Configuration reference", "",
           "Generated from `esign/config_keys.py` by `python -m esign.config_keys > docs/configuration.md`; a test "
           "fails when this file is stale. One TOML file (`esign serve --config FILE` or `ESIGN_CONFIG`); every "
           "key of a section can be overridden by its environment variable (lists as JSON or comma-separated). "
           "Values in the file are typed strictly: a string where a number or a boolean is expected is refused, "
           "naming the key. Unknown keys and bad values stop start-up. Keys of the chosen provider (storage, "
           "email, sms, identity, geoip) go in its section and are declared by the provider (docs/plugins.md); "
           "a worked example is `config/esign.example.toml`; what each key means in operation is in "
           "docs/operations.md.", ""]
    for section, rows in KEYS.items():
        out += [f"## [{section}]", ""]
        out += _table(rows, lambda name, s=section: f"ESIGN_{s.upper()}_{name.upper()}")
        out.append("")
    for title, rows in (("[plans.<name>] (builtin: free, pro, enterprise)", PLAN_KEYS),
                        ("[[organizations]]", ORG_KEYS), ("[[organizations.api_keys]]", API_KEY_KEYS),
                        ("[[organizations.members]]", MEMBER_KEYS)):
        out += [f"## {title}", ""] + _table(rows) + [""]
    return "\n".join(out)


if __name__ == "__main__":
    print(markdown(), end="")

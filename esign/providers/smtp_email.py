"""Builtin SMTP email provider through aiosmtplib (`[email] provider = "smtp"`).

Replies are classified here, once, by their RFC 3463 enhanced status code:
- a refusal of RCPT TO whose subject is the recipient (`5.1.x`, `5.2.x`, or a bare 550) is a bounce of
  that recipient (ProviderRejected);
- any other 5xx — to RCPT TO a policy (`5.7.1 Relay access denied`), protocol (`5.5.2 Helo command
  rejected`) or system (`5.3.x`) refusal, to HELO, STARTTLS, AUTH, MAIL FROM or DATA anything — a 4xx
  to AUTH, a failed TLS handshake or certificate check, and STARTTLS required but not offered are
  faults of the sending side (ProviderFault): retried, logged as an error, never a bounce;
- a connection failure, a time-out (`timeout_seconds` bounds every command, the acknowledgement of
  DATA included) and any other 4xx reply are temporary (ProviderUnavailable).

The client introduces itself (EHLO) as `helo_hostname`, by default the host of `[server] public_url`
when it is a DNS name, else the machine's fully-qualified name. `starttls`: `opportunistic` (the
default) upgrades when the server offers STARTTLS, `required` refuses to send without it, `off` never
upgrades; the certificate is checked against the system's CAs or `ca_file` unless `validate_certs` is
false (a WARNING at start-up). The message's `Return-Path` header, when esign set one (the VERP bounce
address), is the envelope sender and is not sent itself."""
import copy
import logging
import os
import ssl

import aiosmtplib

from esign import tracing
from esign.config import ConfigError
from esign.hookspecs import hookimpl
from esign.providers.base import (
    CONTRACT_VERSION,
    EmailProvider,
    EmailResult,
    Option,
    ProviderFault,
    ProviderRejected,
    ProviderUnavailable,
    recipient_refusal,
)

log = logging.getLogger("esign.email")

STARTTLS = ("opportunistic", "required", "off")


class SmtpEmail(EmailProvider):
    identifier = "smtp"
    contract_version = CONTRACT_VERSION
    options = {
        "host": Option("localhost", required=True, help="the SMTP server's host name"),
        "port": Option(25, help="the SMTP server's port (25, 587 with starttls, 465 with use_tls)"),
        "username": Option("", help="log in as this user (AUTH); empty: no login"),
        "password": Option("", secret=True, help="the password of username"),
        "starttls": Option("opportunistic", choices=STARTTLS, aliases=((True, "required"), (False, "off")),
                           help="opportunistic: upgrade with STARTTLS when the server offers it; required: refuse "
                                "to send without it; off: never (true/false of earlier releases: required/off)"),
        "use_tls": Option(False, help="implicit TLS from the first byte (port 465)"),
        "validate_certs": Option(True, help="check the server's TLS certificate (false: a WARNING at start-up)"),
        "ca_file": Option("", help="PEM file of the CA(s) that sign the server's certificate (empty: the system's)"),
        "helo_hostname": Option("", help="the name the client introduces itself with (EHLO); empty: the host of "
                                         "[server] public_url when it is a DNS name, else the machine's FQDN"),
        "timeout_seconds": Option(30, help="bounds each command, including the acknowledgement of DATA"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        if not 1 <= settings["port"] <= 65535:
            raise ConfigError("email.port must be between 1 and 65535")
        if settings["use_tls"] and settings["starttls"] == "required":
            raise ConfigError("email.use_tls and email.starttls = \"required\" exclude each other: use_tls for "
                              "implicit TLS (port 465), starttls to upgrade a plain connection (port 587)")
        if settings["timeout_seconds"] <= 0:
            raise ConfigError("email.timeout_seconds must be positive")
        if settings["ca_file"] and not os.path.isfile(settings["ca_file"]):
            raise ConfigError(f"email.ca_file: no such file {settings['ca_file']!r}")
        if settings["helo_hostname"] and not settings["helo_hostname"].replace("-", "").replace(".", "").isalnum():
            raise ConfigError(f"email.helo_hostname: {settings['helo_hostname']!r} is not a host name")

    async def start(self):
        s = self.settings
        if not s["validate_certs"] and (s["use_tls"] or s["starttls"] != "off"):
            log.warning("email.validate_certs is false: the SMTP server's TLS certificate is not checked, so anyone "
                        "on the path to %s can read the mail and the login; set email.ca_file to its CA instead",
                        s["host"])

    @property
    def helo_hostname(self) -> str:
        return self.settings["helo_hostname"] or self.public_host or "localhost"

    async def send(self, message):
        s = self.settings
        envelope_from = message["Return-Path"]
        if envelope_from:
            message = copy.deepcopy(message)  # the caller's message stays as it was
            del message["Return-Path"]
        kwargs = dict(
            hostname=s["host"], port=s["port"], timeout=s["timeout_seconds"], local_hostname=self.helo_hostname,
            use_tls=s["use_tls"], validate_certs=s["validate_certs"], cert_bundle=s["ca_file"] or None,
            start_tls=False if s["use_tls"] else {"opportunistic": None, "required": True, "off": False}[s["starttls"]],
        )
        if envelope_from:
            kwargs["sender"] = envelope_from.strip().strip("<>")
        if s["username"]:
            kwargs.update(username=s["username"], password=s["password"])
        try:
            with tracing.span("smtp send", {"server.address": s["host"], "server.port": s["port"]}):
                errors, _ = await aiosmtplib.send(message, **kwargs)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            raise _refused({r.recipient: r for r in exc.recipients}) from exc
        except aiosmtplib.SMTPAuthenticationError as exc:
            raise ProviderFault(f"smtp: login refused: {exc.code} {exc.message}") from exc
        except aiosmtplib.SMTPResponseException as exc:
            if 500 <= exc.code < 600:
                raise ProviderFault(f"smtp: {exc.code} {exc.message}") from exc
            raise ProviderUnavailable(f"smtp: {exc.code} {exc.message}") from exc
        except (aiosmtplib.SMTPConnectError, aiosmtplib.SMTPTimeoutError, aiosmtplib.SMTPServerDisconnected,
                OSError) as exc:
            tls = _tls_failure(exc)
            if tls is not None:
                raise ProviderFault(f"smtp: TLS with {s['host']}:{s['port']} failed: {tls} (check email.ca_file, "
                                    f"email.starttls, email.validate_certs)") from exc
            raise ProviderUnavailable(f"smtp: {type(exc).__name__}: {exc}") from exc
        except aiosmtplib.SMTPException as exc:  # e.g. STARTTLS or AUTH not offered: configuration
            raise ProviderFault(f"smtp: {type(exc).__name__}: {exc}") from exc
        if errors:
            raise _refused(errors)
        return EmailResult(message_id=message["Message-ID"] or "")


def _tls_failure(exc: BaseException) -> str | None:
    """The TLS error (a certificate that fails verification, a failed handshake) behind `exc`, or None."""
    seen = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLError):
            return str(seen)
        seen = seen.__cause__ or seen.__context__
    return None


def _refused(responses: dict) -> Exception:
    """RCPT TO refusals: a bounce when each is a refusal of the recipient (`recipient_refusal`); a fault
    of the sending side when one is a permanent refusal for another reason (policy, protocol, system);
    else temporary."""
    text = ", ".join(f"{addr} ({r.code} {r.message})" for addr, r in responses.items())
    if all(recipient_refusal(r.code, r.message) for r in responses.values()):
        return ProviderRejected(f"smtp: recipient refused: {text}")
    if any(500 <= r.code < 600 for r in responses.values()):
        return ProviderFault(f"smtp: the relay refused the sender, not the recipient: {text}")
    return ProviderUnavailable(f"smtp: recipient deferred: {text}")


@hookimpl
def esign_email_providers():
    return [SmtpEmail]

"""Builtin SMTP email provider through aiosmtplib (`[email] provider = "smtp"`).

Replies are classified here, once: a connection failure, a time-out (`timeout_seconds` bounds every
command, the acknowledgement of DATA included) and any 4xx reply are temporary (ProviderUnavailable);
a 5xx to RCPT TO is a bounce of that recipient (ProviderRejected); a 5xx to anything else (HELO,
STARTTLS, AUTH, MAIL FROM, DATA) is a fault of the provider or its configuration (ProviderFault),
retried and logged as an error, never a bounce."""
import aiosmtplib

from esign.config import ConfigError
from esign.hookspecs import hookimpl
from esign.providers.base import (CONTRACT_VERSION, EmailProvider, EmailResult, Option, ProviderFault, ProviderRejected,
                                  ProviderUnavailable)


class SmtpEmail(EmailProvider):
    identifier = "smtp"
    contract_version = CONTRACT_VERSION
    options = {
        "host": Option("localhost", required=True, help="the SMTP server's host name"),
        "port": Option(25, help="the SMTP server's port (25, 587 with starttls, 465 with use_tls)"),
        "username": Option("", help="log in as this user (AUTH); empty: no login"),
        "password": Option("", secret=True, help="the password of username"),
        "starttls": Option(False, help="upgrade a plain connection with STARTTLS (required when true)"),
        "use_tls": Option(False, help="implicit TLS from the first byte (port 465)"),
        "validate_certs": Option(True, help="check the server's TLS certificate"),
        "timeout_seconds": Option(30, help="bounds each command, including the acknowledgement of DATA"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        if not 1 <= settings["port"] <= 65535:
            raise ConfigError("email.port must be between 1 and 65535")
        if settings["use_tls"] and settings["starttls"]:
            raise ConfigError("email.use_tls and email.starttls exclude each other: use_tls for implicit TLS "
                              "(port 465), starttls to upgrade a plain connection (port 587)")
        if settings["timeout_seconds"] <= 0:
            raise ConfigError("email.timeout_seconds must be positive")

    async def send(self, message):
        s = self.settings
        kwargs = dict(
            hostname=s["host"], port=s["port"], timeout=s["timeout_seconds"],
            use_tls=s["use_tls"], start_tls=True if s["starttls"] else False,
            validate_certs=s["validate_certs"],
        )
        if s["username"]:
            kwargs.update(username=s["username"], password=s["password"])
        try:
            errors, _ = await aiosmtplib.send(message, **kwargs)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            raise _refused({r.recipient: r for r in exc.recipients}) from exc
        except aiosmtplib.SMTPResponseException as exc:
            if 500 <= exc.code < 600:
                raise ProviderFault(f"smtp: {exc.code} {exc.message}") from exc
            raise ProviderUnavailable(f"smtp: {exc.code} {exc.message}") from exc
        except (aiosmtplib.SMTPConnectError, aiosmtplib.SMTPTimeoutError, aiosmtplib.SMTPServerDisconnected,
                OSError) as exc:
            raise ProviderUnavailable(f"smtp: {type(exc).__name__}: {exc}") from exc
        except aiosmtplib.SMTPException as exc:  # e.g. STARTTLS or AUTH not offered: configuration
            raise ProviderFault(f"smtp: {type(exc).__name__}: {exc}") from exc
        if errors:
            raise _refused(errors)
        return EmailResult(message_id=message["Message-ID"] or "")


def _refused(responses: dict) -> Exception:
    """RCPT TO refusals: a bounce when every one is permanent (5xx), else temporary."""
    text = ", ".join(f"{addr} ({r.code} {r.message})" for addr, r in responses.items())
    if all(500 <= r.code < 600 for r in responses.values()):
        return ProviderRejected(f"smtp: recipient refused: {text}")
    return ProviderUnavailable(f"smtp: recipient deferred: {text}")


@hookimpl
def esign_email_providers():
    return [SmtpEmail]

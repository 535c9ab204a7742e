"""Builtin SMTP email provider through aiosmtplib (`[email] provider = "smtp"`)."""
import aiosmtplib

from esign.hookspecs import hookimpl
from esign.providers.base import EmailProvider, EmailResult, ProviderRejected, ProviderUnavailable


class SmtpEmail(EmailProvider):
    identifier = "smtp"
    options = {
        "host": "localhost",
        "port": 25,
        "username": "",
        "password": "",
        "starttls": False,      # upgrade a plain connection with STARTTLS (required when true)
        "use_tls": False,       # implicit TLS from the first byte (port 465)
        "validate_certs": True,
        "timeout_seconds": 30,
    }

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
            raise ProviderRejected(f"smtp: recipients refused: {', '.join(r.recipient for r in exc.recipients)}") from exc
        except aiosmtplib.SMTPResponseException as exc:
            if 500 <= exc.code < 600:
                raise ProviderRejected(f"smtp: {exc.code} {exc.message}") from exc
            raise ProviderUnavailable(f"smtp: {exc.code} {exc.message}") from exc
        except (aiosmtplib.SMTPException, OSError) as exc:
            raise ProviderUnavailable(f"smtp: {type(exc).__name__}: {exc}") from exc
        if errors:
            refused = ", ".join(f"{addr} ({resp.code})" for addr, resp in errors.items())
            raise ProviderRejected(f"smtp: some recipients refused: {refused}")
        return EmailResult(message_id=message["Message-ID"] or "")


@hookimpl
def esign_email_providers():
    return [SmtpEmail]

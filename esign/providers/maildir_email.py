"""Builtin email provider that delivers into a Maildir (`[email] provider = "maildir"`): every message
becomes a file in `<path>/new/` that mutt, Python's `mailbox.Maildir` and other mail tools read."""
import asyncio
import mailbox
import os

from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, EmailProvider, EmailResult, Option, ProviderUnavailable


class MaildirEmail(EmailProvider):
    identifier = "maildir"
    contract_version = CONTRACT_VERSION
    options = {"path": Option("./var/mail", help="the Maildir folder messages are delivered into (made when missing)")}

    async def start(self):
        # mailbox.Maildir(create=True) makes tmp/new/cur only when the folder itself is missing,
        # so an existing (or just made) empty folder needs them made here
        for sub in ("tmp", "new", "cur"):
            os.makedirs(os.path.join(self.settings["path"], sub), exist_ok=True)
        mailbox.Maildir(self.settings["path"], create=True)

    async def send(self, message):
        def deliver():
            box = mailbox.Maildir(self.settings["path"], create=True)
            box.add(mailbox.MaildirMessage(message))

        try:
            await asyncio.to_thread(deliver)
        except OSError as exc:
            raise ProviderUnavailable(f"maildir: {exc.strerror or exc}") from exc
        return EmailResult(message_id=message["Message-ID"] or "")


@hookimpl
def esign_email_providers():
    return [MaildirEmail]

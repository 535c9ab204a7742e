"""Builtin SMS provider that writes messages to the log (`[sms] provider = "log"`), for development only
(codes and signing links are in the log). It keeps the last messages in memory so a developer (and the
tests) can read the code or the signing link that was sent."""
import collections
import logging

from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, SmsProvider

log = logging.getLogger("esign.sms")


class LogSms(SmsProvider):
    identifier = "log"
    contract_version = CONTRACT_VERSION

    def __init__(self, settings):
        super().__init__(settings)
        self.sent = collections.deque(maxlen=100)

    async def send(self, phone, text):
        self.sent.append((phone, text))
        log.info("SMS to %s: %s", phone, text)


@hookimpl
def esign_sms_providers():
    return [LogSms]

"""esign-twilio: SMS one-time codes through Twilio's Messaging API or its Verify API. Registered in
the `esign` entry-point group; chosen with `[sms] provider = "twilio"` or `"twilio-verify"` and configured by the `[sms]`
keys listed in README.md."""
from esign.hookspecs import hookimpl
from esign_twilio.sms import TwilioSms, TwilioVerify

__all__ = ["TwilioSms", "TwilioVerify"]


@hookimpl
def esign_sms_providers():
    return [TwilioSms, TwilioVerify]

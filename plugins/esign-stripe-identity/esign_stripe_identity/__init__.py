"""esign-stripe-identity: identity checks through Stripe Identity's hosted verification flow.
Registered in the `esign` entry-point group; chosen with `[identity] provider = "stripe"` and
configured by the `[identity]` keys listed in README.md."""
from esign.hookspecs import hookimpl
from esign_stripe_identity.identity import StripeIdentity

__all__ = ["StripeIdentity"]


@hookimpl
def esign_identity_providers():
    return [StripeIdentity]

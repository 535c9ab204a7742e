"""Builtin `none` identity provider: no identity checks are possible. Requests that require identity
verification are refused at creation while it is configured."""
from esign.hookspecs import hookimpl
from esign.providers.base import IdentityProvider, ProviderUnavailable


class NoIdentity(IdentityProvider):
    identifier = "none"
    charges = False

    async def verify(self, signer, submitted):
        raise ProviderUnavailable("no identity provider is configured")


@hookimpl
def esign_identity_providers():
    return [NoIdentity]

"""Builtin `none` identity provider: no identity checks are possible; a signer of a request that
requires identity verification cannot pass it while this provider is configured."""
from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, FormIdentityProvider, ProviderUnavailable


class NoIdentity(FormIdentityProvider):
    identifier = "none"
    contract_version = CONTRACT_VERSION
    charges = False
    verifies = False

    async def verify(self, signer, submitted):
        raise ProviderUnavailable("no identity provider is configured")


@hookimpl
def esign_identity_providers():
    return [NoIdentity]

"""The `[identity]` keys of the stripe provider as esign's plugin manager checks them at start-up."""
from __future__ import annotations

import pytest
from esign_stripe_identity.identity import StripeIdentity
from stripe_support import identity_settings

from esign import config as configmod
from esign import plugins as pluginsmod
from esign.providers.base import RedirectIdentityProvider


def make(**changes):
    cfg = configmod.load(None, environ={}, overrides={"identity": identity_settings("http://127.0.0.1:9", **changes)})
    return pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "identity")


def test_the_entry_point_makes_the_provider_with_its_defaults():
    provider = make()
    assert isinstance(provider, StripeIdentity) and isinstance(provider, RedirectIdentityProvider) and provider.charges
    assert provider.settings["tolerance_seconds"] == 300 and provider.settings["require_matching_selfie"] is False


@pytest.mark.parametrize("changes, words", [
    ({"secret_key": ""}, "identity.secret_key is required by the 'stripe' provider"),
    ({"webhook_secret": ""}, "identity.webhook_secret is required by the 'stripe' provider"),
    ({"secret_key": 42}, "identity.secret_key: expected str (the value of a secret is not shown)"),
    ({"api_base_url": "ftp://stripe.example"}, "identity.api_base_url"),
    ({"tolerance_seconds": 0}, "identity.tolerance_seconds"),
    ({"webhook_secrets": "x"}, "unknown key identity.webhook_secrets"),
    ({"timeout_seconds": "soon"}, "identity.timeout_seconds"),
])
def test_bad_settings_stop_start_up_without_showing_secrets(changes, words):
    with pytest.raises(configmod.ConfigError) as caught:
        make(**changes)
    assert words in str(caught.value) and "sk_test" not in str(caught.value) and "whsec_" not in str(caught.value)

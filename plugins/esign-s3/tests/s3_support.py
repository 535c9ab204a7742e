"""Helpers of the esign-s3 tests: the test credentials and the s3 provider made through esign's own
plugin manager, exactly as `[storage] provider = "s3"` makes it."""
from __future__ import annotations

from esign import config as configmod
from esign import plugins as pluginsmod
from tests.support.mail import free_port

CREDENTIALS = {"access_key_id": "AKIAESIGNTEST0000000", "secret_access_key": "esign-test-secret-do-not-log-0000"}


def storage_settings(endpoint_url: str, bucket: str, **changes) -> dict:
    return {"provider": "s3", "bucket": bucket, "endpoint_url": endpoint_url, "addressing_style": "path",
            "prefix": "esign-test/", **CREDENTIALS, **changes}


def make_storage(endpoint_url: str, bucket: str, **changes):
    cfg = configmod.load(None, environ={}, overrides={"storage": storage_settings(endpoint_url, bucket, **changes)})
    return pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "storage")


def storage_down(bucket: str):
    """The provider pointed at an endpoint that is down, one attempt, a short connect time-out."""
    return make_storage(f"http://127.0.0.1:{free_port()}", bucket, max_attempts=1, connect_timeout_seconds=1)

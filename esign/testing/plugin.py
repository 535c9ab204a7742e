"""The pytest plugin of esign's vendor kit (entry point `pytest11: esign = esign.testing.plugin`).

Fixtures:
- `esign_provider(section, settings)`: a provider of `section` (`storage`, `email`, `sms`,
  `identity`, `geoip`) made through esign's own plugin manager from the `[section]` settings given (the
  `provider` key names it), handed the test database when it `uses_database`, started, and closed
  when the test ends. Config errors surface as `esign.config.ConfigError`, as at esign's start-up.
- `esign_database`: a fresh database: the embedded one (`memory://?strict`), or a real MongoDB when
  `ESIGN_TEST_DATABASE_URL` is set (dropped after the test).
- `blob_storage_down`, `email_fault`, `sms_fault`, `identity_down`, `identity_impostor`, `geoip_known`: the optional
  fixtures of the conformance suites; these defaults skip the fault tests, naming the fixture to give.
"""
from __future__ import annotations

import os
import uuid

import pytest

from esign import config as configmod
from esign import db as dbmod
from esign import plugins as pluginsmod


@pytest.fixture
async def esign_database():
    url = os.environ.get("ESIGN_TEST_DATABASE_URL") or "memory://?strict"
    name = f"esign_kit_{uuid.uuid4().hex[:16]}"
    database = dbmod.connect(url, name)
    yield database
    if not dbmod.is_memory(url):
        await database.client.drop_database(name)
        database.client.close()


@pytest.fixture
async def esign_provider(esign_database):
    made = []

    async def make(section: str, settings: dict):
        cfg = configmod.load(None, environ={}, overrides={section: settings})
        provider = pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, section)
        if provider.uses_database:
            provider.use_database(esign_database)
        await provider.start()
        made.append(provider)
        return provider

    yield make
    for provider in made:
        await provider.close()


def _not_given(name: str, what: str):
    pytest.skip(f"no `{name}` fixture: give one to test {what}")


@pytest.fixture
def blob_storage_down():
    _not_given("blob_storage_down", "a storage that cannot be reached")


@pytest.fixture
def email_fault():
    _not_given("email_fault", "temporary failures and refused recipients")


@pytest.fixture
def sms_fault():
    _not_given("sms_fault", "temporary failures and refused numbers")


@pytest.fixture
def identity_down():
    _not_given("identity_down", "a vendor that cannot be reached")


@pytest.fixture
def identity_impostor():
    _not_given("identity_impostor", "that someone else's data is not approved")


@pytest.fixture
def geoip_known():
    _not_given("geoip_known", "that a known address is placed")

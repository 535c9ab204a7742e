"""Plugins (design.md §5): a throw-away vendor plugin installed the way a vendor's distribution is —
a module plus a `*.dist-info` directory whose entry_points.txt names it in the `esign` group — is
loaded by the plugin-manager factory, chosen by name from config, and serves real uploads. A chosen
provider is checked at start-up: its capability (base class), its contract version, its declared
options (required, typed, secrets never shown); each provider hook is called once."""
from __future__ import annotations

import hashlib
import logging
import sys
import textwrap

import pytest

from esign import config as configmod
from esign import plugins as pluginsmod
from tests.support import SAMPLE_PDF, running_server, start_server

MODULE = "esign_throwaway_vendor_plugin"

PLUGIN_SOURCE = textwrap.dedent('''
    """A throw-away vendor plugin: blob storage kept in a dict."""
    from esign.hookspecs import hookimpl
    from esign.providers.base import (BlobStorage, EmailProvider, EmailResult, FormIdentityProvider, GeoIPProvider,
                                      IdentityResult, Option, SmsProvider)

    BLOBS = {}
    STARTED = []
    CALLS = []


    class DictStorage(BlobStorage):
        identifier = "dictstore"
        contract_version = 2
        options = {"bucket": Option("default-bucket", help="the dict's name"), "replicas": Option(1)}

        async def start(self):
            STARTED.append(self.settings["bucket"])

        async def put_file(self, key, path):
            with open(path, "rb") as fh:
                BLOBS[(self.settings["bucket"], key)] = fh.read()
            return len(BLOBS[(self.settings["bucket"], key)])

        async def put_bytes(self, key, data):
            BLOBS[(self.settings["bucket"], key)] = bytes(data)
            return len(data)

        async def get_bytes(self, key):
            return BLOBS[(self.settings["bucket"], key)]

        async def size(self, key):
            data = BLOBS.get((self.settings["bucket"], key))
            return None if data is None else len(data)

        async def delete(self, key):
            BLOBS.pop((self.settings["bucket"], key), None)

        async def stream(self, key, chunk_size=256 * 1024):
            data = BLOBS[(self.settings["bucket"], key)]
            for start in range(0, len(data), chunk_size):
                yield data[start:start + chunk_size]


    class PigeonSms(SmsProvider):
        identifier = "pigeon"
        contract_version = 2

        async def send(self, phone, text):
            pass


    class PostEmail(EmailProvider):
        identifier = "post"
        contract_version = 2

        async def send(self, message):
            return EmailResult(message_id=message["Message-ID"])


    class NotaryIdentity(FormIdentityProvider):
        identifier = "notary"
        contract_version = 2
        charges = False

        async def verify(self, signer, submitted):
            return IdentityResult(status="review")


    class AtlasGeoIP(GeoIPProvider):
        identifier = "atlas"
        contract_version = 2

        async def lookup(self, ip):
            return {"country": "IS"}


    @hookimpl
    def esign_blob_storages():
        CALLS.append("esign_blob_storages")
        return [DictStorage]


    @hookimpl
    def esign_sms_providers():
        CALLS.append("esign_sms_providers")
        return [PigeonSms]


    @hookimpl
    def esign_email_providers():
        CALLS.append("esign_email_providers")
        return [PostEmail]


    @hookimpl
    def esign_identity_providers():
        CALLS.append("esign_identity_providers")
        return [NotaryIdentity]


    @hookimpl
    def esign_geoip_providers():
        CALLS.append("esign_geoip_providers")
        return [AtlasGeoIP]


    @hookimpl
    def esign_signing_levels():
        CALLS.append("esign_signing_levels")
        return []
''')


def install(site, module: str, source: str, dist_name: str, monkeypatch):
    """Lay `module` out in `site` exactly as pip installs a distribution `dist_name` naming it in the
    `esign` entry-point group."""
    (site / f"{module}.py").write_text(source)
    dist = site / f"{dist_name.replace('-', '_')}-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(f"[esign]\n{module} = {module}\n")
    (dist / "top_level.txt").write_text(f"{module}\n")
    monkeypatch.delitem(sys.modules, module, raising=False)


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A fresh sys.path entry to install throw-away plugins into."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    before = set(sys.modules)
    yield site
    for name in set(sys.modules) - before:
        if name.startswith("esign_throwaway"):
            sys.modules.pop(name)


@pytest.fixture
def vendor_plugin(site, monkeypatch):
    install(site, MODULE, PLUGIN_SOURCE, "esign-throwaway-vendor-plugin", monkeypatch)
    yield site


def test_entry_point_plugin_is_loaded_and_chosen_by_name(vendor_plugin, tmp_path):
    pm = pluginsmod.make_plugin_manager()
    module = sys.modules[MODULE]
    assert pm.is_registered(module)
    storages = pluginsmod.installed(pm, "esign_blob_storages")
    assert "dictstore" in storages and "local" in storages  # the builtin stays available
    assert "pigeon" in pluginsmod.installed(pm, "esign_sms_providers")
    assert "post" in pluginsmod.installed(pm, "esign_email_providers")
    assert "notary" in pluginsmod.installed(pm, "esign_identity_providers")
    assert "atlas" in pluginsmod.installed(pm, "esign_geoip_providers")

    (tmp_path / "esign.toml").write_text('[storage]\nprovider = "dictstore"\nbucket = "contracts"\n'
                                         '[sms]\nprovider = "pigeon"\n[email]\nprovider = "post"\n'
                                         '[identity]\nprovider = "notary"\n[geoip]\nprovider = "atlas"\n')
    cfg = configmod.load(str(tmp_path / "esign.toml"), environ={})
    storage = pluginsmod.choose_provider(pm, cfg, "storage")
    assert type(storage).__name__ == "DictStorage" and storage.identifier == "dictstore"
    assert storage.settings["bucket"] == "contracts"
    assert storage.settings["replicas"] == 1  # unset options get the plugin's default
    for section, name in {"sms": "pigeon", "email": "post", "identity": "notary", "geoip": "atlas"}.items():
        assert pluginsmod.choose_provider(pm, cfg, section).identifier == name


def test_without_entry_points_the_plugin_is_not_installed(vendor_plugin):
    pm = pluginsmod.make_plugin_manager(load_entry_points=False)
    assert "dictstore" not in pluginsmod.installed(pm, "esign_blob_storages")
    cfg = configmod.load(None, environ={"ESIGN_STORAGE_PROVIDER": "dictstore"})
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pm, cfg, "storage")
    assert "dictstore" in str(info.value) and "local" in str(info.value)


def test_unknown_plugin_option_is_refused_naming_its_keys(vendor_plugin):
    pm = pluginsmod.make_plugin_manager()
    cfg = configmod.load(None, environ={"ESIGN_STORAGE_PROVIDER": "dictstore", "ESIGN_STORAGE_BUKCET": "typo"})
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pm, cfg, "storage")
    assert "storage.bukcet" in str(info.value)
    assert "bucket" in str(info.value)  # the message lists the keys the provider reads
    cfg = configmod.load(None, environ={"ESIGN_STORAGE_PROVIDER": "dictstore", "ESIGN_STORAGE_REPLICAS": "three"})
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pm, cfg, "storage")
    assert "storage.replicas" in str(info.value)
    cfg = configmod.load(None, environ={"ESIGN_STORAGE_PROVIDER": "dictstore", "ESIGN_STORAGE_REPLICAS": "3"})
    assert pluginsmod.choose_provider(pm, cfg, "storage").settings["replicas"] == 3


async def test_vendor_storage_serves_real_uploads(vendor_plugin, tmp_path):
    pm = pluginsmod.make_plugin_manager()
    module = sys.modules[MODULE]
    async with running_server(tmp_path, overrides={"storage": {"provider": "dictstore", "bucket": "b1"}},
                              pm=pm) as server:
        assert module.STARTED == ["b1"]
        pdf = SAMPLE_PDF.read_bytes()
        resp = await server.client.upload(pdf, "vendor.pdf")
        assert resp.status == 201, resp
        doc_id = resp.json["id"]
        stored = {key: data for (bucket, key), data in module.BLOBS.items() if bucket == "b1" and doc_id in key}
        [blob] = stored.values()  # the upload's normalised copy (esign.pdf.normalise), as the record says
        org = await server.services.store.organizations.by_name("Org A")
        record = await server.services.store.documents.get(org["id"], doc_id)
        assert blob.startswith(b"%PDF-") and hashlib.sha256(blob).hexdigest() == record["sha256"]
        assert record["received_sha256"] == hashlib.sha256(pdf).hexdigest()
        assert not (tmp_path / "blobs").exists() or not any((tmp_path / "blobs").rglob("*.pdf"))


def storage_plugin(identifier: str, without: str = "") -> str:
    """A throw-away storage plugin whose methods do nothing, less the one named `without`."""
    methods = {name: f"    async def {name}(self, *args):\n        return None\n"
               for name in ("put_file", "put_bytes", "get_bytes", "size", "delete")}
    methods["stream"] = "    async def stream(self, key, chunk_size=1):\n        yield b''\n"
    methods.pop(without, None)
    return (f"from esign.hookspecs import hookimpl\nfrom esign.providers.base import BlobStorage\n\n\n"
            f"class Storage(BlobStorage):\n    identifier = {identifier!r}\n    contract_version = 2\n\n"
            + "\n".join(methods.values()) +
            "\n\n@hookimpl\ndef esign_blob_storages():\n    return [Storage]\n")


async def test_a_plugin_reusing_a_builtin_identifier_stops_start_up(site, monkeypatch, tmp_path):
    install(site, "esign_throwaway_local", storage_plugin("local"), "esign-throwaway-local", monkeypatch)
    with pytest.raises(configmod.ConfigError) as info:  # whatever config chooses
        await start_server(tmp_path, pm=pluginsmod.make_plugin_manager())
    message = str(info.value)
    assert "two blob storage providers are named 'local'" in message
    assert "esign's builtin esign.providers.local_storage" in message
    assert "distribution esign-throwaway-local (esign_throwaway_local)" in message


def test_two_plugins_with_one_identifier_name_both_distributions(site, monkeypatch):
    install(site, "esign_throwaway_one", storage_plugin("vault"), "esign-throwaway-one", monkeypatch)
    install(site, "esign_throwaway_two", storage_plugin("vault"), "esign-throwaway-two", monkeypatch)
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.installed(pluginsmod.make_plugin_manager(), "esign_blob_storages")
    assert "esign-throwaway-one" in str(info.value) and "esign-throwaway-two" in str(info.value)


async def test_a_provider_missing_a_method_is_refused_at_start_up(site, monkeypatch, tmp_path):
    # every method but stream: before the ABCs, this passed until the first download
    install(site, "esign_throwaway_partial", storage_plugin("partial", without="stream"),
            "esign-throwaway-partial", monkeypatch)
    pm = pluginsmod.make_plugin_manager()
    with pytest.raises(configmod.ConfigError) as info:
        await start_server(tmp_path, overrides={"storage": {"provider": "partial"}}, pm=pm)
    assert "'partial' of distribution esign-throwaway-partial" in str(info.value)
    assert "does not implement stream" in str(info.value)


async def test_each_provider_hook_is_called_once_at_start_up(vendor_plugin, tmp_path):
    """hookspecs and docs/plugins.md: "called once at start-up"; it was called twice (once by the
    duplicate check of the plugin-manager factory, once more when the provider was chosen)."""
    pm = pluginsmod.make_plugin_manager()
    module = sys.modules[MODULE]
    async with running_server(tmp_path, overrides={"storage": {"provider": "dictstore"}}, pm=pm):
        assert sorted(module.CALLS) == sorted(pluginsmod.PROVIDER_HOOKS)


def identity_plugin(identifier: str, body: str, imports: str = "IdentityProvider") -> str:
    return (f"from esign.hookspecs import hookimpl\nfrom esign.providers.base import {imports}\n\n\n"
            f"class Identity({imports.split(',')[0]}):\n    identifier = {identifier!r}\n    contract_version = 2\n"
            + textwrap.indent(textwrap.dedent(body), "    ") +
            "\n\n@hookimpl\ndef esign_identity_providers():\n    return [Identity]\n")


@pytest.mark.parametrize("body", [
    # contract 1's flag, misspelt: it passed start-up and the provider was taken for a form one
    'flow = "redirct"\n\nasync def start_session(self, signer, return_url):\n    return None\n',
    # no capability at all
    'async def verify(self, signer, submitted):\n    return None\n',
])
async def test_an_identity_provider_without_a_capability_stops_start_up(site, monkeypatch, tmp_path, body):
    install(site, "esign_throwaway_flagged", identity_plugin("flagged", body), "esign-throwaway-flagged", monkeypatch)
    with pytest.raises(configmod.ConfigError) as info:
        await start_server(tmp_path, overrides={"identity": {"provider": "flagged"}}, pm=pluginsmod.make_plugin_manager())
    message = str(info.value)
    assert "'flagged' of distribution esign-throwaway-flagged" in message
    assert "FormIdentityProvider or esign.providers.base.RedirectIdentityProvider" in message


async def test_a_redirect_provider_missing_its_methods_is_refused(site, monkeypatch, tmp_path):
    body = "async def start_session(self, signer, return_url):\n    return None\n"
    install(site, "esign_throwaway_half", identity_plugin("half", body, "RedirectIdentityProvider"),
            "esign-throwaway-half", monkeypatch)
    with pytest.raises(configmod.ConfigError) as info:
        await start_server(tmp_path, overrides={"identity": {"provider": "half"}}, pm=pluginsmod.make_plugin_manager())
    assert "does not implement fetch_result, verify_webhook" in str(info.value)


@pytest.mark.parametrize("stated, shown", [("contract_version = 1", "states contract_version = 1"),
                                            ("", "states no contract_version")])
async def test_a_provider_of_another_contract_version_is_refused(site, monkeypatch, tmp_path, stated, shown):
    source = storage_plugin("older").replace("    contract_version = 2\n", f"    {stated}\n")
    install(site, "esign_throwaway_older", source, "esign-throwaway-older", monkeypatch)
    with pytest.raises(configmod.ConfigError) as info:
        await start_server(tmp_path, overrides={"storage": {"provider": "older"}}, pm=pluginsmod.make_plugin_manager())
    message = str(info.value)
    assert "'older' of distribution esign-throwaway-older (esign_throwaway_older) was written for another" in message
    assert shown in message and "contract version 2" in message


def secret_sms_plugin(options: str) -> str:
    return textwrap.dedent(f'''
        from esign.hookspecs import hookimpl
        from esign.providers.base import Option, SmsProvider


        class VaultSms(SmsProvider):
            identifier = "vaultsms"
            contract_version = 2
            options = {options}

            async def send(self, phone, text):
                pass


        @hookimpl
        def esign_sms_providers():
            return [VaultSms]
    ''')


SECRET_OPTIONS = ('{"api_token": Option(type=str, required=True, secret=True, help="the gateway\\\'s API token"), '
                  '"region": Option("eu", help="the gateway\\\'s region"), "retries": Option(3, secret=True)}')


async def test_a_missing_required_option_stops_start_up_naming_provider_and_key(site, monkeypatch, tmp_path):
    install(site, "esign_throwaway_vault", secret_sms_plugin(SECRET_OPTIONS), "esign-throwaway-vault", monkeypatch)
    pm = pluginsmod.make_plugin_manager()
    for given in ({}, {"api_token": ""}):
        with pytest.raises(configmod.ConfigError) as info:
            await start_server(tmp_path, overrides={"sms": {"provider": "vaultsms", **given}}, pm=pm)
        assert str(info.value) == "sms.api_token is required by the 'vaultsms' provider: the gateway's API token"


async def test_secret_option_values_are_never_shown(site, monkeypatch, tmp_path, caplog):
    install(site, "esign_throwaway_vault", secret_sms_plugin(SECRET_OPTIONS), "esign-throwaway-vault", monkeypatch)
    pm = pluginsmod.make_plugin_manager()
    with pytest.raises(configmod.ConfigError) as info:  # a badly typed secret: named, its value not shown
        await start_server(tmp_path, overrides={"sms": {"provider": "vaultsms", "api_token": "t",
                                                        "retries": "s3cr3t-retries"}}, pm=pm)
    assert "sms.retries" in str(info.value) and "s3cr3t" not in str(info.value)
    caplog.set_level(logging.INFO)
    async with running_server(tmp_path, overrides={"sms": {"provider": "vaultsms", "api_token": "tok-s3cr3t-42"}},
                              pm=pm) as server:
        assert server.services.sms.settings["api_token"] == "tok-s3cr3t-42"
        chosen = [r.getMessage() for r in caplog.records if "'vaultsms'" in r.getMessage()]
        assert chosen and "'region': 'eu'" in chosen[0] and "'api_token': '***'" in chosen[0]
        assert not [r for r in caplog.records if "tok-s3cr3t-42" in r.getMessage()]


def test_an_option_not_declared_with_option_is_refused(site, monkeypatch):
    install(site, "esign_throwaway_vault", secret_sms_plugin('{"api_token": ""}'), "esign-throwaway-vault", monkeypatch)
    cfg = configmod.load(None, environ={"ESIGN_SMS_PROVIDER": "vaultsms"})
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "sms")
    assert "declares the option(s) api_token without esign.providers.base.Option" in str(info.value)


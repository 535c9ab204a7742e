"""Configuration (design.md §4): TOML file, ESIGN_<SECTION>_<KEY> overrides, validation that names
the bad key, provider names checked against the installed plugins, and the example file."""
from __future__ import annotations

import pathlib
import subprocess
import tomllib

import pytest

from esign import config as configmod
from esign import config_keys
from esign import plugins as pluginsmod
from esign import services as servicesmod
from tests.support.config import config_error, load_text, write
from tests.support.processes import ESIGN, ROOT, clean_env


def test_defaults_without_a_file():
    cfg = configmod.load(None, environ={})
    assert cfg.server.port == 8080
    assert cfg.database.url == "memory://"
    assert cfg.storage.provider == "local"
    assert cfg.email.provider == "maildir"
    assert cfg.webhooks.retry_delays_seconds == [60, 300, 900]
    assert cfg.limits.default_rate_per_minute == 60
    assert cfg.limits.max_upload_mb == 50
    assert set(cfg.plans) >= {"free", "pro", "enterprise"}
    assert cfg.organizations == []


def test_toml_file_is_read(tmp_path):
    cfg = load_text(tmp_path, """
[server]
host = "0.0.0.0"
port = 9123
public_url = "https://sign.example.test"
[database]
url = "mongodb://db.internal:27017"
name = "esign_prod"
[webhooks]
retry_delays_seconds = [1, 2, 3]
allow_http = true
[limits]
default_rate_per_minute = 120
[plans.custom]
signing_requests_per_month = 7
storage_mb = 5
[[organizations]]
name = "Acme"
plan = "custom"
embed_origins = ["https://app.acme.test"]
[[organizations.api_keys]]
key = "esk_live_abcdefghijklmnopqrstuvwxyz"
scopes = ["read"]
sandbox = true
rate_limit = 1000
""")
    assert (cfg.server.host, cfg.server.port, cfg.server.public_url) == ("0.0.0.0", 9123, "https://sign.example.test")
    assert cfg.database.url == "mongodb://db.internal:27017" and cfg.database.name == "esign_prod"
    assert cfg.webhooks.retry_delays_seconds == [1, 2, 3]
    assert cfg.webhooks.allow_http is True
    assert cfg.limits.default_rate_per_minute == 120
    assert cfg.plans["custom"]["signing_requests_per_month"] == 7
    assert cfg.plans["custom"]["storage_mb"] == 5
    assert cfg.plans["custom"]["templates"] == 0  # unspecified plan keys: 0 = unlimited
    [org] = cfg.organizations
    assert org["name"] == "Acme" and org["plan"] == "custom"
    assert org["embed_origins"] == ["https://app.acme.test"]
    [key] = org["api_keys"]
    assert key["scopes"] == ["read"] and key["sandbox"] is True and key["rate_limit"] == 1000


def test_esign_config_environment_variable_names_the_file(tmp_path):
    path = write(tmp_path, "[server]\nport = 9999\n")
    assert configmod.load(None, environ={"ESIGN_CONFIG": path}).server.port == 9999


def test_environment_overrides_int_bool_list_and_string(tmp_path):
    path = write(tmp_path, "[server]\nport = 9000\n[webhooks]\nallow_http = false\n")
    cfg = configmod.load(path, environ={
        "ESIGN_SERVER_PORT": "9100",
        "ESIGN_WEBHOOKS_ALLOW_HTTP": "true",
        "ESIGN_WEBHOOKS_ALLOW_PRIVATE_NETWORKS": "1",
        "ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS": "5, 10,20",
        "ESIGN_DATABASE_URL": "mongodb://elsewhere:27017",
        "ESIGN_JOBS_POLL_INTERVAL_SECONDS": "0.25",
    })
    assert cfg.server.port == 9100 and isinstance(cfg.server.port, int)
    assert cfg.webhooks.allow_http is True
    assert cfg.webhooks.allow_private_networks is True
    assert cfg.webhooks.retry_delays_seconds == [5, 10, 20]
    assert cfg.database.url == "mongodb://elsewhere:27017"
    assert cfg.jobs.poll_interval_seconds == 0.25
    # the JSON spelling of a list works too, and "false"/"0" are false
    cfg = configmod.load(path, environ={"ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS": "[7, 8]",
                                        "ESIGN_WEBHOOKS_ALLOW_HTTP": "false"})
    assert cfg.webhooks.retry_delays_seconds == [7, 8]
    assert cfg.webhooks.allow_http is False


def test_environment_override_of_a_provider_key(tmp_path):
    cfg = configmod.load(None, environ={"ESIGN_EMAIL_PROVIDER": "smtp", "ESIGN_EMAIL_HOST": "mail.internal",
                                        "ESIGN_EMAIL_PORT": "2525"})
    email = pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert email.identifier == "smtp"
    assert email.settings["host"] == "mail.internal"
    assert email.settings["port"] == 2525  # coerced to the provider option's type


@pytest.mark.parametrize("environ, named", [
    ({"ESIGN_SERVER_PORT": "eighty"}, "ESIGN_SERVER_PORT"),
    ({"ESIGN_WEBHOOKS_ALLOW_HTTP": "maybe"}, "ESIGN_WEBHOOKS_ALLOW_HTTP"),
    ({"ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS": "1,two,3"}, "ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS"),
    ({"ESIGN_SERVER_NOSUCHKEY": "1"}, "server.nosuchkey"),
    ({"ESIGN_NOSECTION_PORT": "1"}, "ESIGN_NOSECTION_PORT"),
    ({"ESIGN_LIMITS_DEFAULT_RATE_PER_MINUTE": "5000"}, "limits.default_rate_per_minute"),
    # values that started a server which busy-looped, refused every upload or failed every delivery
    ({"ESIGN_JOBS_POLL_INTERVAL_SECONDS": "0"}, "jobs.poll_interval_seconds"),
    ({"ESIGN_JOBS_SWEEP_INTERVAL_SECONDS": "0"}, "jobs.sweep_interval_seconds"),
    ({"ESIGN_LIMITS_MAX_UPLOAD_MB": "0"}, "limits.max_upload_mb"),
    ({"ESIGN_LIMITS_PDF_PARSE_TIMEOUT_SECONDS": "-1"}, "limits.pdf_parse_timeout_seconds"),
    ({"ESIGN_LIMITS_PDF_CHECK_WORKERS": "0"}, "limits.pdf_check_workers"),
    ({"ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS": "[60, -5]"}, "webhooks.retry_delays_seconds"),
    ({"ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS": "60,nan"}, "webhooks.retry_delays_seconds"),
    ({"ESIGN_WEBHOOKS_PAUSE_AFTER_FAILURES": "0"}, "webhooks.pause_after_failures"),
    ({"ESIGN_SECURITY_SECRET_KEY": "abc"}, "security.secret_key"),
    ({"ESIGN_EMAIL_FROM": "not an address"}, "email.from"),
    ({"ESIGN_EMAIL_FROM": "Ops <ops at example.com>"}, "email.from"),
])
def test_bad_environment_values_name_the_key(environ, named):
    with pytest.raises(configmod.ConfigError) as info:
        configmod.load(None, environ=environ)
    assert named in str(info.value)


@pytest.mark.parametrize("text, named", [
    ("[nosuchsection]\nx = 1\n", "nosuchsection"),
    ("[server]\nnosuchkey = 1\n", "server.nosuchkey"),
    ("[database]\nurl = 5\n", "database.url"),
    ("[server]\nport = \"eighty\"\n", "server.port"),
    ("[server]\nport = 70000\n", "server.port"),
    ("[server]\nport = true\n", "server.port"),
    ("[server]\npublic_url = \"ftp://x\"\n", "server.public_url"),
    ("[server]\npublic_url = \"https://example.test/esign\"\n", "server.public_url must be an origin"),
    ("[server]\npublic_url = \"https://user:pw@sign.example.test\"\n", "server.public_url must be an origin"),
    ("[server]\npublic_url = \"https://\"\n", "server.public_url"),
    ("[webhooks]\nallow_http = \"yes please\"\n", "webhooks.allow_http"),
    ("[webhooks]\nretry_delays_seconds = 60\n", "webhooks.retry_delays_seconds"),
    ("[webhooks]\nretry_delays_seconds = [\"x\", 60]\n", "webhooks.retry_delays_seconds"),
    ("[webhooks]\nretry_delays_seconds = [60, true]\n", "webhooks.retry_delays_seconds"),
    ("[[organizations]]\nname = \"X\"\nembed_origins = [\"https://a.example\", 5]\n", "organizations[0].embed_origins"),
    ("[limits]\ndefault_rate_per_minute = 0\n", "limits.default_rate_per_minute"),
    ("[logging]\nlevel = \"LOUD\"\n", "logging.level"),
    ("[plans.gold]\nstorage_gb = 1\n", "plans.gold.storage_gb"),
    ("[[organizations]]\nname = \"X\"\nplan = \"platinum\"\n", "platinum"),
    ("[[organizations]]\nname = \"X\"\ncolour = \"red\"\n", "organizations[0].colour"),
    ("[[organizations]]\nname = \"X\"\n[[organizations.api_keys]]\nkey = \"short\"\n",
     "organizations[0].api_keys[0].key"),
    ("[[organizations]]\nname = \"X\"\n[[organizations.api_keys]]\nkey = \"esk_live_aaaaaaaaaaaaaaaaaaaaaaaa\"\n"
     "scopes = [\"read\", \"superuser\"]\n", "organizations[0].api_keys[0].scopes"),
    ("[[organizations]]\nname = \"X\"\n[[organizations.api_keys]]\nkey = \"esk_live_aaaaaaaaaaaaaaaaaaaaaaaa\"\n"
     "rate_limit = 1001\n", "organizations[0].api_keys[0].rate_limit"),
    ("[server\nport = 1\n", "esign.toml"),
    # two declarations of one organisation or one key: the last silently won
    ("[[organizations]]\nname = \"X\"\n[[organizations]]\nname = \"X\"\n", "'X' is declared twice"),
    ("[[organizations]]\nname = \"X\"\n[[organizations.api_keys]]\nkey = \"esk_live_aaaaaaaaaaaaaaaaaaaaaaaa\"\n"
     "[[organizations]]\nname = \"Y\"\n[[organizations.api_keys]]\nkey = \"esk_live_aaaaaaaaaaaaaaaaaaaaaaaa\"\n",
     "organizations[1].api_keys[0].key is the same key as organizations[0].api_keys[0].key"),
])
def test_bad_file_values_name_the_key(tmp_path, text, named):
    assert named in config_error(tmp_path, text)


def test_missing_config_file_is_a_config_error(tmp_path):
    with pytest.raises(configmod.ConfigError) as info:
        configmod.load(str(tmp_path / "absent.toml"), environ={})
    assert "absent.toml" in str(info.value)


@pytest.mark.slow
def test_serve_with_a_bad_config_exits_non_zero_naming_the_key(tmp_path):
    path = write(tmp_path, "[server]\nport = \"not-a-port\"\n", "bad.toml")
    proc = subprocess.run([ESIGN, "serve", "--config", path, "--port", "0"], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, env=clean_env())
    assert proc.returncode != 0
    assert "server.port" in proc.stderr
    assert "listening" not in proc.stdout

    path = write(tmp_path, "[server]\nport = 0\n[storage]\nprovider = \"nosuchstore\"\npath = \"blobs\"\n", "bad2.toml")
    proc = subprocess.run([ESIGN, "serve", "--config", path, "--port", "0"], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, env=clean_env())
    assert proc.returncode != 0
    assert "storage.provider" in proc.stderr and "nosuchstore" in proc.stderr and "local" in proc.stderr
    assert "listening" not in proc.stdout


@pytest.mark.parametrize("section, installed_name", [
    ("storage", "local"), ("email", "maildir"), ("email", "smtp"), ("sms", "log"), ("identity", "none"),
])
def test_unknown_provider_lists_the_installed_names(section, installed_name):
    cfg = configmod.load(None, environ={f"ESIGN_{section.upper()}_PROVIDER": "does-not-exist"})
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, section)
    message = str(info.value)
    assert f"{section}.provider" in message and "does-not-exist" in message
    assert installed_name in message


async def test_unknown_provider_stops_service_start_up(tmp_path):
    cfg = load_text(tmp_path, "[email]\nprovider = \"carrier-pigeon\"\n")
    with pytest.raises(configmod.ConfigError) as info:
        await servicesmod.build(cfg)
    assert "carrier-pigeon" in str(info.value) and "maildir" in str(info.value)


def test_unknown_provider_option_is_refused(tmp_path):
    cfg = load_text(tmp_path, "[email]\nprovider = \"smtp\"\nhots = \"typo.example.test\"\n")
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert "email.hots" in str(info.value)
    # an option of another provider is unknown to the chosen one
    cfg = load_text(tmp_path, "[email]\nprovider = \"maildir\"\nstarttls = true\n")
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert "email.starttls" in str(info.value)
    # a badly typed option names the key
    cfg = load_text(tmp_path, "[email]\nprovider = \"smtp\"\nport = \"twenty-five\"\n")
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert "email.port" in str(info.value)


def test_the_test_suites_own_variables_are_not_config_keys():
    """README: `ESIGN_TEST_DATABASE_URL=... ./scripts/test`; left exported, it stopped `esign serve`."""
    cfg = configmod.load(None, environ={"ESIGN_TEST_DATABASE_URL": "mongodb://localhost:27017/"})
    assert cfg.database.url == "memory://"


def test_a_secret_key_long_enough_and_a_named_sender_are_taken():
    cfg = configmod.load(None, environ={"ESIGN_SECURITY_SECRET_KEY": "k" * configmod.SECRET_KEY_MIN,
                                       "ESIGN_EMAIL_FROM": "ACME signing <sign@acme.example>",
                                       "ESIGN_WEBHOOKS_RETRY_DELAYS_SECONDS": "[1.5, 60]"})
    assert cfg.email["from"] == "ACME signing <sign@acme.example>" and cfg.webhooks.retry_delays_seconds == [1.5, 60]


@pytest.mark.parametrize("options, named", [
    ("host = \"\"", "email.host is required by the 'smtp' provider"),
    ("use_tls = true\nstarttls = true", "email.use_tls"),
    ("port = 0", "email.port"),
    ("timeout_seconds = 0", "email.timeout_seconds"),
])
def test_smtp_options_that_can_never_send_are_refused(tmp_path, options, named):
    cfg = load_text(tmp_path, f"[email]\nprovider = \"smtp\"\n{options}\n")
    with pytest.raises(configmod.ConfigError) as info:
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert named in str(info.value)


def test_example_config_loads_and_documents_every_key():
    path = ROOT / "config" / "esign.example.toml"
    cfg = configmod.load(str(path), environ={})
    assert cfg.organizations and cfg.organizations[0]["api_keys"]
    for section in ("storage", "email", "sms", "identity"):
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, section)
    text = path.read_text()
    for section, keys in configmod.SCHEMA.items():
        assert f"[{section}]" in text, section
        for key in keys:
            assert f"\n{key} =" in text or f"# {key} =" in text or f"\n{key}=" in text, f"{section}.{key}"
    from esign.providers.smtp_email import SmtpEmail

    for key in SmtpEmail.options:
        assert f"{key} =" in text, f"email.{key} (smtp)"
    for key in configmod.PLAN_KEYS:
        assert f"{key} =" in text, f"plans.*.{key}"
    for key in configmod.API_KEY_KEYS:
        assert f"{key} =" in text, f"organizations.api_keys.{key}"


def test_dev_config_loads_once_the_demo_key_is_filled_in(tmp_path):
    text = (ROOT / "config" / "esign.dev.toml").read_text().replace("__DEMO_KEY__", "esk_live_" + "d" * 40)
    cfg = load_text(tmp_path, text.replace("__EMBED_ORIGINS__", '"http://127.0.0.1:8080"'))
    assert cfg.database.url == "memory://"
    assert cfg.organizations[0]["name"] == "Demo"
    assert cfg.public_url_derived and cfg.server.public_url == "http://127.0.0.1:8080"


# --- one declaration per key (issue 29) and strict types (issue 27) ---------------------------------

@pytest.mark.parametrize("text, named", [
    ("[server]\nport = \"25\"\n", "server.port"),
    ("[webhooks]\nallow_http = \"true\"\n", "webhooks.allow_http"),
    ("[jobs]\nlease_seconds = \"120\"\n", "jobs.lease_seconds"),
    ("[email]\nprovider = \"smtp\"\nport = \"25\"\n", "email.port"),
])
def test_a_string_where_a_number_or_boolean_is_expected_is_refused(tmp_path, text, named):
    """`port = "25"` was read as 25: a quoted number in the file is refused, naming the key; the
    environment (text by nature) is still parsed."""
    with pytest.raises(configmod.ConfigError) as info:
        cfg = load_text(tmp_path, text)
        pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert named in str(info.value) and "string" in str(info.value)
    cfg = configmod.load(None, environ={"ESIGN_SERVER_PORT": "25", "ESIGN_WEBHOOKS_ALLOW_HTTP": "true",
                                        "ESIGN_EMAIL_PROVIDER": "smtp", "ESIGN_EMAIL_PORT": "2525"})
    assert cfg.server.port == 25 and cfg.webhooks.allow_http is True
    provider = pluginsmod.choose_provider(pluginsmod.make_plugin_manager(), cfg, "email")
    assert provider.settings["port"] == 2525


def test_the_configuration_reference_is_generated_from_the_declarations():
    """docs/configuration.md is `python -m esign.config_keys`: regenerate it when a key changes."""
    path = pathlib.Path(__file__).resolve().parents[2] / "docs" / "configuration.md"
    assert path.read_text() == config_keys.markdown(), \
        "docs/configuration.md is stale: run .venv/bin/python -m esign.config_keys > docs/configuration.md"
    for section, keys in config_keys.KEYS.items():
        for name, key in keys.items():
            assert key.help and key.kind is type(configmod.SCHEMA[section][name]), (section, name)


def test_the_example_file_holds_every_declared_key_and_loads():
    path = pathlib.Path(__file__).resolve().parents[2] / "config" / "esign.example.toml"
    raw = tomllib.loads(path.read_text())
    for section, keys in config_keys.KEYS.items():
        assert set(raw.get(section, {})) >= set(keys), (section, set(keys) - set(raw.get(section, {})))
    configmod.load(str(path), environ={})

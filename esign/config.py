"""Configuration: one TOML file, every scalar key overridable by `ESIGN_<SECTION>_<KEY>`.

Unknown keys and bad values raise ConfigError naming the key; the CLI turns that into a start-up
failure. Provider sections (storage, email, sms, identity, geoip) may carry keys of the chosen provider;
those are checked against the provider's declared options once plugins are loaded (see plugins.py).
Providers without a section of their own (signing levels) read a `[plugins.<identifier>]` table,
overridable by `ESIGN_PLUGINS_<IDENTIFIER>_<KEY>`, checked the same way.
"""
from __future__ import annotations

import email.utils
import ipaddress
import json
import os
import re
import tomllib
import urllib.parse
from typing import TYPE_CHECKING, Any

import phonenumbers

from esign import i18n
from esign.config_keys import API_KEY_KEYS as API_KEY_DECLARED
from esign.config_keys import KEYS
from esign.config_keys import MEMBER_KEYS as MEMBER_DECLARED
from esign.config_keys import ORG_KEYS as ORG_DECLARED
from esign.config_keys import PLAN_KEYS as PLAN_DECLARED
from esign.schema import ASCII_EMAIL, EMAIL_RE


class ConfigError(Exception):
    pass


PROVIDER_SECTIONS = ("storage", "email", "sms", "identity", "geoip")

# section -> key -> default (the declarations are esign.config_keys.KEYS)
SCHEMA: dict[str, dict[str, Any]] = {section: {name: key.default for name, key in keys.items()}
                                     for section, keys in KEYS.items()}
PLAN_KEYS: dict[str, Any] = {name: key.default for name, key in PLAN_DECLARED.items()}
BUILTIN_PLANS: dict[str, dict[str, Any]] = {
    "free": {"signing_requests_per_month": 10, "storage_mb": 100, "templates": 3,
             "identity_verifications_per_month": 0, "identity_cost_per_check": 1.5,
             "enterprise_delivery": False},
    "pro": {"signing_requests_per_month": 500, "storage_mb": 10240, "templates": 100,
            "identity_verifications_per_month": 100, "identity_cost_per_check": 1.0,
            "enterprise_delivery": False},
    "enterprise": {"signing_requests_per_month": 0, "storage_mb": 0, "templates": 0,
                   "identity_verifications_per_month": 0, "identity_cost_per_check": 0.5,
                   "enterprise_delivery": True},
}
ORG_KEYS: dict[str, Any] = {name: key.default for name, key in ORG_DECLARED.items()}
ACCENT_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
EMAIL_ADDRESS = re.compile(r"^[!-~]+@[A-Za-z0-9.-]+$")  # what MAIL FROM takes: ASCII, no spaces, a domain after @
API_KEY_KEYS: dict[str, Any] = {name: key.default for name, key in API_KEY_DECLARED.items()}
SCOPES = ("read", "write", "admin")
MEMBER_KEYS: dict[str, Any] = {name: key.default for name, key in MEMBER_DECLARED.items()}
MEMBER_ROLES: tuple[str, ...] = MEMBER_DECLARED["role"].choices or ()


class Section(dict):
    """A config section: a dict that also reads as attributes (`config.server.port`)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Config:
    def __init__(self, sections: dict[str, Section], plans: dict, organizations: list, source: str,
                 plugins: dict[str, dict]):
        self.sections = sections
        self.plugins = plugins  # [plugins.<identifier>] tables, checked when plugins load
        self.plans = plans
        self.organizations = organizations
        self.source = source
        self.public_url_derived = False  # server.public_url was not set: it follows host and port
        for name, section in sections.items():
            setattr(self, name, section)

    def plan(self, name: str) -> dict:
        return self.plans.get(name) or self.plans["free"]

    if TYPE_CHECKING:  # for mypy: the sections, set by name above (config.limits, config.signing ...)
        def __getattr__(self, name: str) -> Section: ...


class EnvText(str):
    """A value read from an environment variable: text that `_coerce` parses into the key's type. Any
    other string (the TOML file's, an override's) must already be of the key's type."""


def _coerce(where: str, value: Any, default: Any) -> Any:
    """Check `value` against the type of `default`; text from the environment (EnvText) is parsed."""
    kind = type(default)
    if isinstance(value, str) and kind is not str:
        if not isinstance(value, EnvText):
            raise ConfigError(f"{where}: expected {_kind_name(kind)}, got the string {value!r} (write it without quotes)")
        text = value.strip()
        try:
            if kind is bool:
                if text.lower() in ("1", "true", "yes", "on"):
                    return True
                if text.lower() in ("0", "false", "no", "off"):
                    return False
                raise ValueError
            if kind is list:
                value = json.loads(text) if text.startswith("[") else [v.strip() for v in text.split(",") if v.strip()]
                if default and isinstance(default[0], int):
                    value = [int(float(v)) if float(v).is_integer() else float(v) for v in value]
                return value
            return kind(text)
        except ValueError:
            raise ConfigError(f"{where}: cannot read {value!r} as {kind.__name__}") from None
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    if kind is bool and not isinstance(value, bool) or kind is not bool and isinstance(value, bool):
        raise ConfigError(f"{where}: expected {kind.__name__}, got {value!r}")
    if not isinstance(value, kind):
        raise ConfigError(f"{where}: expected {kind.__name__}, got {type(value).__name__}")
    if kind is list and default:  # the items are of the default's items' kind
        numbers = isinstance(default[0], (int, float))
        for item in value:
            if (numbers and (not isinstance(item, (int, float)) or isinstance(item, bool))
                    or not numbers and not isinstance(item, type(default[0]))):
                raise ConfigError(f"{where}: every item must be a {'number' if numbers else type(default[0]).__name__}, "
                                  f"got {item!r}")
    return value


def _kind_name(kind: type) -> str:
    return {bool: "a boolean (true or false)", int: "an integer", float: "a number", list: "a list"}.get(
        kind, kind.__name__)


def _check_keys(where: str, given: dict, known: dict) -> dict:
    out = {}
    for key, value in given.items():
        if key not in known:
            raise ConfigError(f"unknown key {where}.{key}")
        out[key] = _coerce(f"{where}.{key}", value, known[key])
    return out


def load(path: str | None = None, environ: dict | None = None, overrides: dict | None = None) -> Config:
    """Read the TOML file at `path` (or $ESIGN_CONFIG; none = all defaults), apply environment
    overrides, then `overrides` ({section: {key: value}}, used by the CLI and tests)."""
    environ = os.environ if environ is None else environ
    path = path or environ.get("ESIGN_CONFIG") or None
    raw: dict[str, Any] = {}
    if path:
        try:
            with open(path, "rb") as fh:
                raw = tomllib.load(fh)
        except FileNotFoundError:
            raise ConfigError(f"config file not found: {path}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path}: {exc}") from None

    for name in raw:
        if name not in SCHEMA and name not in ("plans", "organizations", "plugins"):
            raise ConfigError(f"unknown section [{name}]")

    sections: dict[str, Section] = {}
    for name, known in SCHEMA.items():
        given = raw.get(name, {})
        if not isinstance(given, dict):
            raise ConfigError(f"[{name}] must be a table")
        section = Section(known)
        for key, value in given.items():
            if key in known:
                section[key] = _coerce(f"{name}.{key}", value, known[key])
            elif name in PROVIDER_SECTIONS:
                section[key] = value  # checked against the provider's options later
            else:
                raise ConfigError(f"unknown key {name}.{key}")
        sections[name] = section

    plugins = raw.get("plugins", {})
    if not isinstance(plugins, dict) or not all(isinstance(v, dict) for v in plugins.values()):
        raise ConfigError("[plugins] must be a table of [plugins.<name>] tables")
    plugins = {name: dict(values) for name, values in plugins.items()}

    prefix = "ESIGN_"
    for var, value in environ.items():
        if not var.startswith(prefix) or var in ("ESIGN_CONFIG", "ESIGN_IMAGE") or var.startswith("ESIGN_TEST_"):
            continue  # ESIGN_TEST_*: the test suite's own settings (ESIGN_TEST_DATABASE_URL); ESIGN_IMAGE: esign.startup
        rest = var[len(prefix):].lower()
        section_name, _, key = rest.partition("_")
        if section_name == "plugins":
            plugin, _, plugin_key = key.partition("_")
            if not plugin or not plugin_key:
                raise ConfigError(f"environment variable {var}: expected ESIGN_PLUGINS_<NAME>_<KEY>")
            plugins.setdefault(plugin, {})[plugin_key] = EnvText(value)  # typed by the plugin's options later
            continue
        if section_name not in SCHEMA or not key:
            raise ConfigError(f"environment variable {var} names no config section")
        if key in SCHEMA[section_name]:
            sections[section_name][key] = _coerce(var, EnvText(value), SCHEMA[section_name][key])
        elif section_name in PROVIDER_SECTIONS:
            sections[section_name][key] = EnvText(value)  # typed by the provider's options later
        else:
            raise ConfigError(f"environment variable {var}: unknown key {section_name}.{key}")

    for section_name, values in (overrides or {}).items():
        for key, value in values.items():
            sections[section_name][key] = _coerce(f"{section_name}.{key}", value, SCHEMA[section_name].get(key, value))

    plans = {name: dict(values) for name, values in BUILTIN_PLANS.items()}
    raw_plans = raw.get("plans", {})
    if not isinstance(raw_plans, dict):
        raise ConfigError("[plans] must be a table of [plans.<name>] tables")
    for name, values in raw_plans.items():
        if not isinstance(values, dict):
            raise ConfigError(f"[plans.{name}] must be a table")
        plans[name] = {**plans.get(name, PLAN_KEYS), **_check_keys(f"plans.{name}", values, PLAN_KEYS)}

    organizations = []
    raw_orgs = raw.get("organizations", [])
    if not isinstance(raw_orgs, list):
        raise ConfigError("organizations must be an array of tables ([[organizations]])")
    for i, org in enumerate(raw_orgs):
        where = f"organizations[{i}]"
        checked = {**ORG_KEYS, **_check_keys(where, org, ORG_KEYS)}
        if not checked["name"]:
            raise ConfigError(f"{where}.name is required")
        if checked["plan"] not in plans:
            raise ConfigError(f"{where}.plan: unknown plan {checked['plan']!r} (known: {', '.join(sorted(plans))})")
        _check_branding(where, checked)
        if checked["default_locale"]:
            language = i18n.supported(checked["default_locale"])
            if language is None:
                raise ConfigError(f"{where}.default_locale: unsupported locale {checked['default_locale']!r} "
                                  f"(supported: {', '.join(i18n.LOCALES)})")
            checked["default_locale"] = language
        if not all(isinstance(origin, str) for origin in checked["embed_origins"]):
            raise ConfigError(f"{where}.embed_origins must be a list of origins (strings)")
        keys = []
        for j, key in enumerate(checked["api_keys"]):
            kwhere = f"{where}.api_keys[{j}]"
            if not isinstance(key, dict):
                raise ConfigError(f"{kwhere} must be a table")
            k = {**API_KEY_KEYS, **_check_keys(kwhere, key, API_KEY_KEYS)}
            if not (k["key"].startswith("esk_") and len(k["key"]) >= 24):
                raise ConfigError(f"{kwhere}.key must start with esk_ and be at least 24 characters")
            bad = [s for s in k["scopes"] if s not in SCOPES]
            if bad:
                raise ConfigError(f"{kwhere}.scopes: unknown scope {bad[0]!r} (known: {', '.join(SCOPES)})")
            if not 0 <= k["rate_limit"] <= 1000:
                raise ConfigError(f"{kwhere}.rate_limit must be between 1 and 1000 (0 = default)")
            if k["owner_email"] and not EMAIL_RE.match(k["owner_email"]):
                raise ConfigError(f"{kwhere}.owner_email must be {ASCII_EMAIL}")
            keys.append(k)
        checked["api_keys"] = keys
        checked["members"] = _check_members(where, checked["members"])
        organizations.append(checked)
    names = [org["name"] for org in organizations]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise ConfigError(f"organizations: {twice!r} is declared twice (each [[organizations]] needs its own name)")
    seen: dict[str, str] = {}  # key -> where it was declared (the key itself is a secret: not shown)
    for i, org in enumerate(organizations):
        for j, key in enumerate(org["api_keys"]):
            where = f"organizations[{i}].api_keys[{j}].key"
            if key["key"] in seen:
                raise ConfigError(f"{where} is the same key as {seen[key['key']]}")
            seen[key["key"]] = where

    if sections["bootstrap"]["plan"] not in plans:
        raise ConfigError(f"bootstrap.plan: unknown plan {sections['bootstrap']['plan']!r} "
                          f"(known: {', '.join(sorted(plans))})")
    derived = not sections["server"]["public_url"]
    if derived:
        sections["server"]["public_url"] = listening_url(sections["server"]["host"], sections["server"]["port"])
    else:  # links are built as public_url + "/path": kept without a trailing slash
        sections["server"]["public_url"] = sections["server"]["public_url"].rstrip("/")
    sections["logging"]["level"] = sections["logging"]["level"].upper()
    _validate(sections)
    config = Config(sections, plans, organizations, path or "(defaults)", plugins)
    config.public_url_derived = derived
    return config


def _check_members(where: str, given: list) -> list[dict]:
    """`[[organizations.members]]`: each an address (once per organisation), a name and a role."""
    members, seen = [], set()
    for j, member in enumerate(given):
        mwhere = f"{where}.members[{j}]"
        if not isinstance(member, dict):
            raise ConfigError(f"{mwhere} must be a table")
        m = {**MEMBER_KEYS, **_check_keys(mwhere, member, MEMBER_KEYS)}
        if not EMAIL_RE.match(m["email"]):
            raise ConfigError(f"{mwhere}.email must be {ASCII_EMAIL}")
        if m["role"] not in MEMBER_ROLES:
            raise ConfigError(f"{mwhere}.role must be one of {', '.join(MEMBER_ROLES)}, not {m['role']!r}")
        if m["email"].lower() in seen:
            raise ConfigError(f"{mwhere}.email {m['email']!r} is declared twice in the organisation")
        seen.add(m["email"].lower())
        members.append(m)
    return members


def _check_branding(where: str, org: dict) -> None:
    """The email branding of an organisation: a logo mail clients load (https only) and a colour."""
    logo = org["logo_url"]
    if logo and not (logo.startswith("https://") and urllib.parse.urlsplit(logo).hostname):
        raise ConfigError(f"{where}.logo_url must be an https:// URL")
    if org["accent_color"] and not ACCENT_RE.match(org["accent_color"]):
        raise ConfigError(f"{where}.accent_color must be a colour written #rrggbb")
    if org["notify_email"] and not EMAIL_RE.match(org["notify_email"]):
        raise ConfigError(f"{where}.notify_email must be {ASCII_EMAIL}")


def listening_url(host: str, port: int) -> str:
    """The base URL of links when `server.public_url` is not set: the listening address (a wildcard
    host is reached through loopback)."""
    shown = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)  # nosec B104 - names the wildcard addresses, binds nothing
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def follow_listening_address(config: Config, host: str, port: int) -> str | None:
    """Called once the server listens on `host`:`port` (the real port, also for `--port` and port 0).
    A derived public_url follows it; a public_url that was set and names a loopback address on
    another port sends links nobody answers: the warning to log then (else None)."""
    if config.public_url_derived:
        config.server["public_url"] = listening_url(host, port)
        if host in ("", "0.0.0.0", "::"):  # nosec B104 - a comparison, binds nothing
            return (f"server.public_url is not set and the server listens on every interface: links in emails "
                    f"use {config.server.public_url}, which only this machine reaches; set server.public_url "
                    f"(ESIGN_SERVER_PUBLIC_URL) to the address signers use")
        return None
    url = config.server.public_url
    parts = urllib.parse.urlsplit(url)
    try:
        given = parts.port or (443 if parts.scheme == "https" else 80)
        loopback = parts.hostname == "localhost" or ipaddress.ip_address(parts.hostname or "").is_loopback
    except ValueError:
        return None  # a name other than localhost: a proxy may well forward it to this port
    if loopback and given != port:
        return (f"server.public_url is {url} but the server listens on port {port}: links in emails and "
                f"download URLs will not reach it; fix server.public_url (ESIGN_SERVER_PUBLIC_URL) or leave it "
                f"empty to follow the listening address")
    return None


def _validate_signing(signing: Section) -> None:
    level = signing["pades_level"]
    if level not in ("", "B-B") and not signing["timestamp_url"]:
        raise ConfigError(f"signing.pades_level {level} needs signing.timestamp_url (a timestamp authority)")
    if level == "B-B" and signing["timestamp_url"]:
        raise ConfigError("signing.pades_level B-B means no timestamp: leave signing.timestamp_url empty")


def _validate_bounce_address(address: str) -> None:
    """The VERP bounce address: `local@domain`, `local+<48-character token>` within RFC 5321's 64."""
    local = address.rpartition("@")[0]
    if address and (not EMAIL_RE.match(address) or "+" in local or len(local) > 15):
        raise ConfigError(f"email.bounce_address must be {ASCII_EMAIL} without '+' and with a local part of at most 15 "
                          f"characters (esign adds +<token>), like bounces@example.org, not {address!r}")


def _validate(s: dict[str, Section]) -> None:
    for section, keys in KEYS.items():  # the declared bounds and choices
        for name, key in keys.items():
            problem = key.check(f"{section}.{name}", s[section][name])
            if problem:
                raise ConfigError(problem)
    _validate_signing(s["signing"])
    _validate_bounce_address(s["email"]["bounce_address"])
    url = s["database"]["url"]
    if not url.startswith(("memory://", "mongodb://", "mongodb+srv://")):  # the value may hold a password: not shown
        raise ConfigError(f"database.url {'is not a MongoDB URL' if url else 'is not set'}: set it (or "
                          "ESIGN_DATABASE_URL) to mongodb://... or mongodb+srv://..., or to memory:// for a "
                          "throw-away in-memory database")
    if not s["server"]["public_url"].startswith(("http://", "https://")):
        raise ConfigError("server.public_url must start with http:// or https://")
    public = urllib.parse.urlsplit(s["server"]["public_url"])
    if not public.hostname or public.path or public.query or public.fragment or public.username:
        # the signing pages load their scripts, styles and page images from the root: under a path
        # prefix (a proxy's /esign/) the page would open without them
        raise ConfigError("server.public_url must be an origin only, like https://sign.example.com (no path, "
                          "query or credentials): the signing pages are served from the root, so give esign a "
                          "host name of its own rather than a path under another site")
    _validate_runtime(s)


METRICS_TOKEN_MIN = 16
SECRET_KEY_MIN = 32  # characters of [security] secret_key: it signs download links and encrypts stored secrets


def _validate_runtime(s: dict[str, Section]) -> None:
    """What the declarations cannot say alone (each with a message naming the key)."""
    if len(s["webhooks"]["retry_delays_seconds"]) > 50:
        raise ConfigError("webhooks.retry_delays_seconds must be at most 50 numbers of seconds, each above 0 and "
                          "at most 30 days")
    key = s["security"]["secret_key"]
    if key and len(key) < SECRET_KEY_MIN:  # not shown: it is a secret
        raise ConfigError(f"security.secret_key must be at least {SECRET_KEY_MIN} characters (it signs download "
                          f"links and encrypts stored secrets); leave it empty to have one generated and stored")
    for previous in s["security"]["previous_secret_keys"]:  # not shown: secrets
        if not isinstance(previous, str) or len(previous) < SECRET_KEY_MIN:
            raise ConfigError(f"security.previous_secret_keys: every item must be an earlier service key (a string of "
                              f"at least {SECRET_KEY_MIN} characters)")
    countries = s["sms"]["allowed_countries"]
    unknown = [c for c in countries if not isinstance(c, str) or c.upper() not in phonenumbers.SUPPORTED_REGIONS]
    if unknown:
        raise ConfigError(f"sms.allowed_countries: {unknown[0]!r} is not an ISO 3166 region code of phone numbers "
                          "(write GB, DE, US)")
    s["sms"]["allowed_countries"] = sorted({c.upper() for c in countries})
    for network in s["metrics"]["allow"]:
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise ConfigError(f"metrics.allow: {network!r} is not a network (write 10.0.0.0/8 or 192.0.2.7)") from None
    if s["metrics"]["token"] and len(s["metrics"]["token"]) < METRICS_TOKEN_MIN:  # not shown: a secret
        raise ConfigError(f"metrics.token must be at least {METRICS_TOKEN_MIN} characters (or empty for none)")
    sender = s["email"]["from"]
    _name, address = email.utils.parseaddr(sender)
    if not EMAIL_ADDRESS.match(address):
        raise ConfigError(f"email.from must be an email address, optionally with a name (\"esign <no-reply@example.com>\"), "
                          f"not {sender!r}")

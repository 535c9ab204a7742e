"""The plugin manager factory and provider selection.

Builtin providers are registered exactly like a vendor's plugin: modules with hook implementations.
Installed distributions are found through the `esign` entry-point group.

Each provider hook is called once at start-up, when the service chooses the provider of its kind
(`choose_provider`, `choose_signing_levels`); a duplicate identifier among the classes it returns
stops start-up whatever config chooses. The chosen class is then checked before it is made: it is a
subclass of its kind's base class (for identity, of `FormIdentityProvider` or
`RedirectIdentityProvider`), it was written for this CONTRACT_VERSION, it implements every abstract
method, and the config keys given for it match its declared `options` (unknown key, wrong type,
required key missing: a ConfigError naming the provider and the key; a secret's value never shown).
"""
from __future__ import annotations

import importlib
import logging

import pluggy

from esign import hookspecs
from esign.config import SCHEMA, Config, ConfigError, _coerce
from esign.providers.base import (
    CONTRACT_VERSION,
    BlobStorage,
    CodeCheckingSmsProvider,
    EmailProvider,
    FormIdentityProvider,
    GeoIPProvider,
    Option,
    RedirectIdentityProvider,
    SigningLevelProvider,
    SmsProvider,
)

log = logging.getLogger("esign.plugins")

BUILTIN_MODULES = (
    "esign.providers.local_storage",
    "esign.providers.maildir_email",
    "esign.providers.smtp_email",
    "esign.providers.log_sms",
    "esign.providers.none_identity",
    "esign.providers.basic_identity",
    "esign.providers.none_geoip",
    "esign.providers.maxmind_geoip",
)

# config section -> (hook name, human-readable kind)
KINDS = {
    "storage": ("esign_blob_storages", "blob storage"),
    "email": ("esign_email_providers", "email"),
    "sms": ("esign_sms_providers", "SMS"),
    "identity": ("esign_identity_providers", "identity verification"),
    "geoip": ("esign_geoip_providers", "GeoIP"),
}
SIGNING_LEVELS = ("esign_signing_levels", "signing-level")
PROVIDER_HOOKS = dict([*KINDS.values(), SIGNING_LEVELS])  # hook name -> kind
# hook name -> the base classes a provider of that kind subclasses (one of them)
CAPABILITIES = {
    "esign_blob_storages": (BlobStorage,),
    "esign_email_providers": (EmailProvider,),
    "esign_sms_providers": (SmsProvider, CodeCheckingSmsProvider),
    "esign_identity_providers": (FormIdentityProvider, RedirectIdentityProvider),
    "esign_geoip_providers": (GeoIPProvider,),
    "esign_signing_levels": (SigningLevelProvider,),
}


def make_plugin_manager(load_entry_points: bool = True) -> pluggy.PluginManager:
    pm = pluggy.PluginManager("esign")
    pm.add_hookspecs(hookspecs)
    for name in BUILTIN_MODULES:
        pm.register(importlib.import_module(name), name=name)
    if load_entry_points:
        pm.load_setuptools_entrypoints("esign")
    pm.check_pending()
    return pm


def _origin(pm: pluggy.PluginManager, plugin) -> str:
    """Who ships `plugin`: its distribution and module, or esign itself."""
    name = pm.get_name(plugin)
    for registered, dist in pm.list_plugin_distinfo():
        if registered is plugin:
            return f"distribution {dist.project_name} ({name})"
    return f"esign's builtin {name}" if name in BUILTIN_MODULES else f"plugin {name}"


def _gather(pm: pluggy.PluginManager, hook_name: str) -> dict[str, tuple[type, str]]:
    """identifier -> (provider class, origin), calling the hook once. Raises ConfigError when a class
    has no identifier or two plugins (builtins included) offer the same identifier, naming both."""
    kind = PROVIDER_HOOKS[hook_name]
    found: dict[str, tuple[type, str]] = {}
    for impl in getattr(pm.hook, hook_name).get_hookimpls():  # in registration order: builtins first
        origin = _origin(pm, impl.plugin)
        for cls in impl.function() or ():
            if not getattr(cls, "identifier", ""):
                raise ConfigError(f"the {kind} provider {cls.__qualname__} of {origin} has no identifier")
            if cls.identifier in found and found[cls.identifier][0] is not cls:
                raise ConfigError(f"two {kind} providers are named {cls.identifier!r}: {found[cls.identifier][1]} "
                                  f"and {origin}; uninstall one of them (identifiers must be unique)")
            found[cls.identifier] = (cls, origin)
    return found


def installed(pm: pluggy.PluginManager, hook_name: str) -> dict[str, type]:
    """identifier -> provider class. Raises ConfigError on a duplicate identifier (see _gather)."""
    return {name: cls for name, (cls, _) in _gather(pm, hook_name).items()}


def _check_class(cls, origin: str, hook_name: str) -> None:
    """The chosen class: of its kind's base classes (its capability), written for this contract, every
    abstract method implemented, every option declared as an Option."""
    kind = PROVIDER_HOOKS[hook_name]
    bases = CAPABILITIES[hook_name]
    what = f"the {kind} provider {getattr(cls, 'identifier', '')!r} of {origin}"
    version = getattr(cls, "contract_version", 0)
    if version != CONTRACT_VERSION:
        stated = f"states contract_version = {version!r}" if version else "states no contract_version"
        raise ConfigError(f"{what} was written for another version of esign's provider contract ({stated}; "
                          f"this esign has contract version {CONTRACT_VERSION}): install a release of the "
                          f"plugin made for it (see docs/plugins.md, \"Contract version\")")
    if not (isinstance(cls, type) and issubclass(cls, bases)):
        names = " or ".join(f"esign.providers.base.{b.__name__}" for b in bases)
        raise ConfigError(f"{what} is not a subclass of {names}: a capability is the base class a provider "
                          f"subclasses (see docs/plugins.md)")
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        raise ConfigError(f"{what} does not implement {', '.join(missing)} (see docs/plugins.md)")
    loose = sorted(key for key, option in cls.options.items() if not isinstance(option, Option))
    if loose:
        raise ConfigError(f"{what} declares the option(s) {', '.join(loose)} without "
                          f"esign.providers.base.Option (see docs/plugins.md, \"Options\")")


def _instantiate(cls: type, settings: dict):
    provider = cls(settings)
    shown = {key: "***" if option.secret and settings.get(key) else settings.get(key)
             for key, option in cls.options.items()}
    log.info("provider %r (%s) with %s", cls.identifier, type(provider).__qualname__, shown)
    return provider


def choose_provider(pm: pluggy.PluginManager, config: Config, section: str):
    """Instantiate the provider named by `[section] provider`, checking its options.
    Raises ConfigError naming the installed providers when the name is unknown."""
    hook_name, kind = KINDS[section]
    available = _gather(pm, hook_name)
    settings = dict(getattr(config, section))
    name = settings.get("provider", "")
    if name not in available:
        raise ConfigError(
            f"{section}.provider: unknown {kind} provider {name!r}; installed: {', '.join(sorted(available)) or 'none'}"
        )
    cls, origin = available[name]
    _check_class(cls, origin, hook_name)
    return _instantiate(cls, _settings(section, name, cls, settings, SCHEMA[section]))


def _settings(where: str, name: str, cls: type, given: dict, core_keys=()) -> dict:
    """`given` checked against the provider's declared `options` (keys in `core_keys` pass through),
    with the options' defaults filled in. A required option left out or empty, an unknown key and a
    value of the wrong type raise ConfigError naming the provider and the key; the value of a secret
    option is never part of the message."""
    settings = dict(given)
    for key, value in list(settings.items()):
        if key in core_keys:
            continue
        option = cls.options.get(key)
        if option is None:
            raise ConfigError(f"unknown key {where}.{key} (provider {name!r} reads: {', '.join(sorted(cls.options)) or 'no extra keys'})")
        for earlier, now in option.aliases:  # bool vs str: `True == 1` must not match an int alias
            if type(value) is type(earlier) and value == earlier or str(value).strip().lower() == str(earlier).lower():
                value = now
                break
        try:
            settings[key] = _coerce(f"{where}.{key}", value, option.default)
        except ConfigError:
            if not option.secret:
                raise
            raise ConfigError(f"{where}.{key}: expected {option.type.__name__} (the value of a secret is not shown)") from None
        if option.choices and settings[key] not in option.choices:
            raise ConfigError(f"{where}.{key} must be one of {', '.join(map(str, option.choices))}, not {settings[key]!r}")
    for key, option in cls.options.items():
        settings.setdefault(key, option.default)
        if option.required and settings[key] in ("", []):
            help_text = f": {option.help}" if option.help else ""
            raise ConfigError(f"{where}.{key} is required by the {name!r} provider{help_text}")
    return settings


def choose_signing_levels(pm: pluggy.PluginManager, config: Config) -> dict:
    """level -> provider instance for the levels delegated to a plugin (`qes` when `[signing]
    qes_provider` names one). Every `[plugins.<name>]` table must belong to an installed
    signing-level provider and is checked against its options."""
    gathered = _gather(pm, SIGNING_LEVELS[0])
    available = {name: cls for name, (cls, _) in gathered.items()}
    names = ", ".join(sorted(available)) or "none"
    checked = {}
    for name, table in config.plugins.items():
        if name not in available:
            raise ConfigError(f"[plugins.{name}]: no installed signing-level provider {name!r}; installed: {names}")
        _check_class(available[name], gathered[name][1], SIGNING_LEVELS[0])
        checked[name] = _settings(f"plugins.{name}", name, available[name], table)
    chosen = {}
    name = config.signing.qes_provider
    if name:
        cls = available.get(name)
        if cls is None or cls.level != "qes":
            qes = ", ".join(sorted(n for n, c in available.items() if c.level == "qes")) or "none"
            raise ConfigError(f"signing.qes_provider: unknown QES signing provider {name!r}; installed: {qes}")
        _check_class(cls, gathered[name][1], SIGNING_LEVELS[0])
        chosen["qes"] = _instantiate(cls, checked.get(name) or _settings(f"plugins.{name}", name, cls, {}))
    return chosen

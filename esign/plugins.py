"""The plugin manager factory and provider selection.

Builtin providers are registered exactly like a vendor's plugin: modules with hook implementations.
Installed distributions are found through the `esign` entry-point group.
"""
from __future__ import annotations

import importlib

import pluggy

from esign import hookspecs
from esign.config import SCHEMA, Config, ConfigError, _coerce

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


def make_plugin_manager(load_entry_points: bool = True) -> pluggy.PluginManager:
    pm = pluggy.PluginManager("esign")
    pm.add_hookspecs(hookspecs)
    for name in BUILTIN_MODULES:
        pm.register(importlib.import_module(name), name=name)
    if load_entry_points:
        pm.load_setuptools_entrypoints("esign")
    pm.check_pending()
    for hook_name in PROVIDER_HOOKS:  # a duplicate identifier stops start-up here, whatever config chooses
        _gather(pm, hook_name)
    return pm


def _origin(pm: pluggy.PluginManager, plugin) -> str:
    """Who ships `plugin`: its distribution and module, or esign itself."""
    name = pm.get_name(plugin)
    for registered, dist in pm.list_plugin_distinfo():
        if registered is plugin:
            return f"distribution {dist.project_name} ({name})"
    return f"esign's builtin {name}" if name in BUILTIN_MODULES else f"plugin {name}"


def _gather(pm: pluggy.PluginManager, hook_name: str) -> dict[str, tuple[type, str]]:
    """identifier -> (provider class, origin). Raises ConfigError when a class has no identifier or
    two plugins (builtins included) offer the same identifier, naming both."""
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


def _instantiate(cls: type, origin: str, kind: str, settings: dict):
    missing = sorted(getattr(cls, "__abstractmethods__", ()))
    if missing:
        raise ConfigError(f"the {kind} provider {cls.identifier!r} of {origin} does not implement "
                          f"{', '.join(missing)} (see docs/plugins.md)")
    return cls(settings)


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
    return _instantiate(cls, origin, kind, _settings(section, name, cls, settings, SCHEMA[section]))


def _settings(where: str, name: str, cls: type, given: dict, core_keys=()) -> dict:
    """`given` checked against the provider's `options` (keys in `core_keys` pass through), with the
    options' defaults filled in."""
    settings = dict(given)
    for key, value in list(settings.items()):
        if key in core_keys:
            continue
        if key not in cls.options:
            raise ConfigError(f"unknown key {where}.{key} (provider {name!r} reads: {', '.join(sorted(cls.options)) or 'no extra keys'})")
        settings[key] = _coerce(f"{where}.{key}", value, cls.options[key])
    for key, default in cls.options.items():
        settings.setdefault(key, default)
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
        checked[name] = _settings(f"plugins.{name}", name, available[name], table)
    chosen = {}
    name = config.signing.qes_provider
    if name:
        cls = available.get(name)
        if cls is None or cls.level != "qes":
            qes = ", ".join(sorted(n for n, c in available.items() if c.level == "qes")) or "none"
            raise ConfigError(f"signing.qes_provider: unknown QES signing provider {name!r}; installed: {qes}")
        chosen["qes"] = _instantiate(cls, gathered[name][1], SIGNING_LEVELS[1],
                                     checked.get(name) or _settings(f"plugins.{name}", name, cls, {}))
    return chosen

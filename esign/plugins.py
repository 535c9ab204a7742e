"""The plugin manager factory and provider selection.

Builtin providers are registered exactly like a vendor's plugin: modules with hook implementations.
Installed distributions are found through the `esign` entry-point group.
"""
from __future__ import annotations

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
)

# config section -> (hook name, human-readable kind)
KINDS = {
    "storage": ("esign_blob_storages", "blob storage"),
    "email": ("esign_email_providers", "email"),
    "sms": ("esign_sms_providers", "SMS"),
    "identity": ("esign_identity_providers", "identity verification"),
}


def make_plugin_manager(load_entry_points: bool = True) -> pluggy.PluginManager:
    import importlib

    pm = pluggy.PluginManager("esign")
    pm.add_hookspecs(hookspecs)
    for name in BUILTIN_MODULES:
        pm.register(importlib.import_module(name), name=name)
    if load_entry_points:
        pm.load_setuptools_entrypoints("esign")
    pm.check_pending()
    return pm


def installed(pm: pluggy.PluginManager, hook_name: str) -> dict[str, type]:
    """identifier -> provider class, later registrations winning."""
    found: dict[str, type] = {}
    for classes in reversed(getattr(pm.hook, hook_name)()):  # pluggy calls last-registered first
        for cls in classes or ():
            found[cls.identifier] = cls
    return found


def choose_provider(pm: pluggy.PluginManager, config: Config, section: str):
    """Instantiate the provider named by `[section] provider`, checking its options.
    Raises ConfigError naming the installed providers when the name is unknown."""
    hook_name, kind = KINDS[section]
    available = installed(pm, hook_name)
    settings = dict(getattr(config, section))
    name = settings.get("provider", "")
    cls = available.get(name)
    if cls is None:
        raise ConfigError(
            f"{section}.provider: unknown {kind} provider {name!r}; installed: {', '.join(sorted(available)) or 'none'}"
        )
    return cls(_settings(section, name, cls, settings, SCHEMA[section]))


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
    available = installed(pm, "esign_signing_levels")
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
        chosen["qes"] = cls(checked.get(name) or _settings(f"plugins.{name}", name, cls, {}))
    return chosen

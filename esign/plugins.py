"""The plugin manager factory and provider selection.

Builtin providers are registered exactly like a vendor's plugin: modules with hook implementations.
Installed distributions are found through the `esign` entry-point group.
"""
from __future__ import annotations

import pluggy

from esign import hookspecs
from esign.config import Config, ConfigError, _coerce

BUILTIN_MODULES = (
    "esign.providers.local_storage",
    "esign.providers.maildir_email",
    "esign.providers.smtp_email",
    "esign.providers.log_sms",
    "esign.providers.none_identity",
)

# config section -> (hook name, human-readable kind)
KINDS = {
    "storage": ("esign_blob_storages", "blob storage"),
    "email": ("esign_email_providers", "email"),
    "sms": ("esign_sms_providers", "SMS"),
    "identity": ("esign_identity_providers", "identity verification"),
}


def make_plugin_manager(load_entry_points: bool = True, extra_plugins=()) -> pluggy.PluginManager:
    import importlib

    pm = pluggy.PluginManager("esign")
    pm.add_hookspecs(hookspecs)
    for name in BUILTIN_MODULES:
        pm.register(importlib.import_module(name), name=name)
    if load_entry_points:
        pm.load_setuptools_entrypoints("esign")
    for plugin in extra_plugins:
        pm.register(plugin)
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
    from esign.config import SCHEMA

    core_keys = SCHEMA[section]
    for key, value in list(settings.items()):
        if key in core_keys:
            continue
        if key not in cls.options:
            raise ConfigError(f"unknown key {section}.{key} (provider {name!r} reads: {', '.join(sorted(cls.options)) or 'no extra keys'})")
        settings[key] = _coerce(f"{section}.{key}", value, cls.options[key])
    for key, default in cls.options.items():
        settings.setdefault(key, default)
    return cls(settings)


def signing_levels(pm: pluggy.PluginManager) -> dict[str, type]:
    return installed(pm, "esign_signing_levels")

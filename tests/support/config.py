"""Loading a configuration text as `esign` does, and the message of the error it raises."""
from __future__ import annotations

import pytest

from esign import config as configmod


def write(tmp_path, text: str, name: str = "esign.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def load_text(tmp_path, text: str, environ=None):
    return configmod.load(write(tmp_path, text), environ=environ or {})


def config_error(tmp_path, text: str, environ=None) -> str:
    with pytest.raises(configmod.ConfigError) as info:
        load_text(tmp_path, text, environ)
    return str(info.value)

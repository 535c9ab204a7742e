"""Guards of the plugin contract: every hook of esign.hookspecs and every public method of the provider
base classes has a heading in docs/plugin-reference.md (generated from them: test_plugin_reference.py)
and is named by some test (esign's tests, the first-party plugins' tests or the conformance suites);
every abstract method is marked so there."""
from __future__ import annotations

import inspect
import pathlib
import re

import pytest

from esign import hookspecs
from esign.providers import base

ROOT = pathlib.Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "plugin-reference.md").read_text()
HEADINGS = [line for line in GUIDE.splitlines() if line.startswith("#")]
TEST_SOURCES = "\n".join(p.read_text() for folder in ("tests", "plugins", "esign/testing")
                         for p in (ROOT / folder).rglob("*.py")
                         if "tests" in p.parts or p.parts[-2] == "testing")

HOOKS = sorted(name for name, fn in vars(hookspecs).items()
               if name.startswith("esign_") and callable(fn))
PROVIDER_CLASSES = [cls for cls in vars(base).values()
                    if inspect.isclass(cls) and issubclass(cls, base.Provider)]
METHODS = sorted((cls.__name__, name) for cls in PROVIDER_CLASSES for name, member in vars(cls).items()
                 if (name == "__init__" or not name.startswith("_"))
                 and (inspect.isfunction(member) or isinstance(member, property)))


def test_the_lists_are_not_empty():
    assert len(HOOKS) >= 6 and ("BlobStorage", "stream") in METHODS and ("CodeCheckingSmsProvider", "check_code") in METHODS


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_is_documented_and_tested(hook):
    assert any(f"`{hook}(" in h for h in HEADINGS), f"docs/plugin-reference.md has no heading for the hook {hook}"
    assert re.search(rf"\b{hook}\b", TEST_SOURCES), f"no test names the hook {hook}"


@pytest.mark.parametrize("owner, method", METHODS, ids=[f"{c}.{m}" for c, m in METHODS])
def test_every_base_method_is_documented_and_tested(owner, method):
    heading = next((h for h in HEADINGS if f"`{owner}.{method}" in h), None)
    assert heading, f"docs/plugin-reference.md has no heading for {owner}.{method}"
    cls = getattr(base, owner)
    if method in getattr(cls, "__abstractmethods__", ()):
        assert "(abstract" in heading, f"{owner}.{method} is abstract: its heading must say so"
    if method == "__init__":
        return
    assert re.search(rf"\.{method}\b", TEST_SOURCES), f"no test calls {owner}.{method}"

"""The plugin contract is written once (issue 36): docs/plugin-reference.md is generated from the
docstrings of esign.hookspecs and esign.providers.base, every hook and method has one that says when it
is called or what it must return, and the guides (docs/plugins.md, docs/plugins-identity.md) link to the
reference instead of restating a method's contract."""
from __future__ import annotations

import inspect
import pathlib
import re

import pytest

from esign import plugin_reference
from esign.providers import base

ROOT = pathlib.Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "plugin-reference.md"
GUIDES = [ROOT / "docs" / "plugins.md", ROOT / "docs" / "plugins-identity.md"]
HOOKS = plugin_reference.hooks()
METHODS = [(cls, name, fn) for cls in plugin_reference.provider_classes()
           for name, fn in plugin_reference.public_methods(cls)]


def test_the_reference_is_generated_from_the_code():
    assert REFERENCE.read_text() == plugin_reference.markdown(), \
        "docs/plugin-reference.md is stale: run .venv/bin/python -m esign.plugin_reference > docs/plugin-reference.md"


def test_the_reference_shows_signatures_and_marks():
    text = REFERENCE.read_text()
    assert "#### `BlobStorage.put_file(key: str, path: str) -> int` (abstract, async)" in text
    assert "#### `BlobStorage.stream(key: str, chunk_size: int = 262144) -> AsyncIterator[bytes]` " \
           "(abstract, async generator)" in text
    assert "#### `Provider.__init__(settings: dict[str, Any])` (sync)" in text
    assert "### `esign_blob_storages()`" in text
    # the `#:` comments of attributes and fields come along
    assert "- `contract_version: ClassVar[int] = 0`: the CONTRACT_VERSION this provider was written for" in text
    assert "- `choices: tuple = ()`: the values allowed" in text
    assert f"### `CONTRACT_VERSION = {base.CONTRACT_VERSION}`" in text


@pytest.mark.parametrize("hook", HOOKS, ids=[h.__name__ for h in HOOKS])
def test_every_hook_says_when_it_is_called_and_what_it_returns(hook):
    text = inspect.getdoc(hook) or ""
    assert "Called" in text and "Returns" in text, f"{hook.__name__}: say when it is called and what it returns"


@pytest.mark.parametrize("cls, name, fn", METHODS, ids=[f"{c.__name__}.{n}" for c, n, _ in METHODS])
def test_every_base_method_and_class_has_a_docstring(cls, name, fn):
    assert (fn.__doc__ or "").strip(), f"{cls.__name__}.{name} has no docstring: the reference would be empty there"
    assert (vars(cls).get("__doc__") or "").strip(), f"{cls.__name__} has no docstring of its own"


@pytest.mark.parametrize("guide", GUIDES, ids=[g.name for g in GUIDES])
def test_the_guides_link_to_the_reference_instead_of_restating_the_contract(guide):
    text = guide.read_text()
    assert "plugin-reference.md" in text
    headings = [line for line in text.splitlines() if line.startswith("#")]
    restated = [h for h in headings for cls, name, _ in METHODS if f"`{cls.__name__}.{name}" in h]
    assert not restated, f"{guide.name} restates method contracts (headings {restated}): link to the reference"
    # no signature block of a base-class method either
    signatures = re.findall(r"^\s*async def (\w+)\(self[^)]*\)\s*->", text, re.M)
    assert not signatures, f"{guide.name} restates method signatures {signatures}: link to the reference"

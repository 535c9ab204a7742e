"""The shape of the test suite itself: tests share helpers through tests/support/ only, never by
importing a conftest.py or another test module, and fixtures live in conftest.py files, never in a
module a test imports."""
from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

from tests.support.processes import ROOT

SUPPORT = ROOT / "tests" / "support"


def suite_files() -> list[pathlib.Path]:
    files = [*(ROOT / "tests").rglob("*.py"), *ROOT.glob("plugins/*/tests/**/*.py")]
    return sorted(p for p in files if "__pycache__" not in p.parts)


def imported_modules(path: pathlib.Path) -> list[tuple[int, str]]:
    """(line, module) of every import in the file, nested ones included."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            # `from tests.signing import test_lifecycle` names the module in the imported names
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def wrong_import(module: str) -> str | None:
    parts = module.split(".")
    if "conftest" in parts:
        return "imports a conftest.py (fixtures are found by pytest; helpers go in tests/support/)"
    if any(part.startswith("test_") for part in parts):
        return "imports a test module (move what it shares to tests/support/)"
    if parts[0] == "tests" and len(parts) > 1 and parts[1] != "support":
        return "imports from tests/ outside tests/support/"
    return None


def test_no_test_imports_a_conftest_or_another_test_module():
    problems = [f"{path.relative_to(ROOT)}:{line}: {module}: {why}"
                for path in suite_files() for line, module in imported_modules(path)
                if (why := wrong_import(module))]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("module", sorted(p.stem for p in SUPPORT.glob("*.py") if p.stem != "__init__"))
def test_support_modules_hold_no_fixtures(module):
    """A fixture a test would have to import (and keep with a `noqa`) belongs in a conftest.py."""
    loaded = importlib.import_module(f"tests.support.{module}")
    fixtures = [name for name, value in vars(loaded).items()
                if getattr(value, "_pytestfixturefunction", None) is not None
                or type(value).__name__ == "FixtureFunctionDefinition"]
    assert fixtures == []


def test_the_checks_catch_what_they_are_for():
    assert wrong_import("tests.conftest") and wrong_import("conftest")
    assert wrong_import("tests.webhooks.conftest")
    assert wrong_import("tests.signing.test_lifecycle") and wrong_import("test_twilio_sms")
    assert wrong_import("tests.smtp")
    assert wrong_import("tests.support.signing") is None and wrong_import("twilio_support") is None


def marked(node: ast.AST, source: str, mark: str) -> bool:
    return any(f"mark.{mark}" in ast.get_source_segment(source, d) for d in getattr(node, "decorator_list", []))


def test_every_chromium_test_is_marked_browser():
    """`-m "not browser"` must leave out every test that starts headless Chromium."""
    unmarked = []
    for path in suite_files():
        if not path.name.startswith("test_"):
            continue
        source = path.read_text()
        tree = ast.parse(source)
        module_marked = any(isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "pytestmark" for t in n.targets)
                            and "browser" in ast.get_source_segment(source, n) for n in tree.body)
        for node in tree.body:
            if (isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_")
                    and any(isinstance(c, ast.Call) and getattr(c.func, "id", None) == "chromium" for c in ast.walk(node))
                    and not module_marked and not marked(node, source, "browser")):
                unmarked.append(f"{path.relative_to(ROOT)}::{node.name}")
    assert unmarked == []

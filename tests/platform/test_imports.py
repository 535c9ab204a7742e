"""Every module of esign and of each first-party plugin imports on its own (issue 29), esign.db is
the only package of esign that imports a MongoDB driver, and no module of esign is over MAX_LINES
lines (issue 36: a module that grows past it is split along a seam of its own).

A module that imports only in some order (an import cycle: `import esign.jobs.queue` in a fresh
interpreter once raised "cannot import name 'Jobs' from partially initialized module") fails the
first test. To stay fast on a small machine, one interpreter imports the third-party libraries the
modules import (no module of esign or of a plugin), then forks one child per module: each child
imports its module with no other module of esign loaded before it, as a fresh interpreter would,
without loading tornado, pyHanko or cryptography again. `__main__` modules are left out: importing
one runs the command line.
"""
from __future__ import annotations

import ast
import json
import os
import pathlib
import pkgutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGES = [ROOT / "esign", *sorted(path.parent for path in (ROOT / "plugins").glob("*/esign_*/__init__.py"))]
OWN = ("esign", "esign_")
DRIVERS = {"bson", "pymongo", "motor", "gridfs", "mongomock", "mongomock_motor"}
MAX_LINES = 500

IMPORTER = r"""
import importlib, json, os, sys, traceback

modules, libraries = json.loads(sys.stdin.read())
for library in libraries:
    try:
        importlib.import_module(library)
    except Exception:  # an optional library that is not installed: the module that needs it says so
        pass
loaded = sorted(m for m in sys.modules if m.split(".")[0] == "esign" or m.startswith("esign_"))
assert not loaded, f"a third-party library imported {loaded}"
failures = {}
for name in modules:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(name)
            status = 0
        except BaseException:
            os.write(write, traceback.format_exc().encode())
            status = 1
        os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        report = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    if status:
        failures[name] = report or f"exit status {status}"
print("\n" + json.dumps(failures))
"""


def walk(path: pathlib.Path, prefix: str):
    """The modules under a package directory, found without importing anything."""
    for info in pkgutil.iter_modules([str(path)], prefix):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue
        yield info.name
        if info.ispkg:
            yield from walk(path / info.name.rsplit(".", 1)[-1], info.name + ".")


def modules() -> list[str]:
    return [name for package in PACKAGES for name in (package.name, *walk(package, package.name + "."))]


def source(name: str) -> pathlib.Path:
    top, *rest = name.split(".")
    base = next(package for package in PACKAGES if package.name == top).joinpath(*rest)
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def imported(name: str) -> set[str]:
    """The top-level names of what module `name` imports (absolute imports only)."""
    tree = ast.parse(source(name).read_text(), str(source(name)))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.slow
def test_every_module_imports_on_its_own():
    names = modules()
    assert "esign.jobs.worker" in names and "esign.store.base" in names and "esign_s3.storage" in names, names
    libraries = sorted({lib for name in names for lib in imported(name) if not lib.startswith(OWN)})
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), *(str(p.parent) for p in PACKAGES[1:]), os.environ.get("PYTHONPATH", "")]))
    result = subprocess.run([sys.executable, "-c", IMPORTER], input=json.dumps([names, libraries]), cwd=ROOT,
                            env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    failures = json.loads(result.stdout.strip().splitlines()[-1])
    assert not failures, "modules that do not import on their own:\n\n" + "\n".join(
        f"{name}:\n{report}" for name, report in failures.items())


def test_only_esign_db_imports_a_mongodb_driver():
    """esign.db's docstring says so; the rest of esign imports the driver's names from esign.db."""
    offenders = {name: sorted(imported(name) & DRIVERS) for name in modules()
                 if name.startswith("esign.") and not (name + ".").startswith("esign.db.")}
    assert not {name: drivers for name, drivers in offenders.items() if drivers}


def test_no_module_of_esign_is_over_500_lines():
    lengths = {str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
               for path in sorted((ROOT / "esign").rglob("*.py"))}
    assert "esign/cli/__init__.py" in lengths and "esign/pdf/probe_child.py" in lengths, sorted(lengths)
    assert {path: n for path, n in lengths.items() if n > MAX_LINES} == {}

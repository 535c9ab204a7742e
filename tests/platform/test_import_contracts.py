"""The import contracts of pyproject.toml (`[tool.importlinter]`, docs/architecture.md) can each fail.

Each case copies the Python files of esign and of the first-party plugins to a temporary directory,
adds one forbidden import to one module of the copy, runs `lint-imports` with the copy first on the
path and expects exactly the contracts the case names to be broken, by that import. The clean tree
keeps every contract. A contract without a case, or a top-level module of esign that no layer names,
fails here.
"""
from __future__ import annotations

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
CONTRACTS = {contract["id"]: contract for contract in CONFIG["contracts"]}
LINT_IMPORTS = pathlib.Path(sys.executable).parent / "lint-imports"

# (the contracts the import breaks, the module that gets it, the module it imports)
CASES = [
    # data uses rules: upwards (and so the rooms below requests reach it through the store, upwards too)
    ({"layers", "rooms"}, "esign.store.settings", "esign.domain.requests.lifecycle"),
    # foundation uses http: upwards (and the providers with it, and the lower rooms reach the higher ones through api)
    ({"layers", "providers", "rooms"}, "esign.schema", "esign.api.base"),
    ({"database"}, "esign.domain.requests.lifecycle", "esign.db"),  # rules skip the store
    ({"database"}, "esign.api.health", "esign.db"),  # http skips the store (it asks Store.ping)
    ({"database"}, "esign.webhooks.delivery", "esign.db.memory"),
    ({"pdf"}, "esign.pdf.merge", "esign.store.documents"),  # the engine reads the database
    ({"pdf", "database"}, "esign.pdf.stamp", "esign.db"),
    ({"resources"}, "esign.api.contacts", "esign.api.usage"),  # one resource module uses another
    ({"resources"}, "esign.api.bulk", "esign.api.templates"),
    ({"providers"}, "esign_s3.storage", "esign.domain.requests.links"),  # a first-party plugin uses the rules
    ({"providers"}, "esign_twilio.sms", "esign.db"),
    ({"providers", "layers"}, "esign.providers.none_geoip", "esign.store.base"),
    ({"rooms"}, "esign.domain.requests.lifecycle", "esign.domain.mail.notifications"),  # a lower room uses a higher one
    ({"rooms"}, "esign.domain.pages.placement", "esign.domain.orgs.usage"),  # independent rooms side by side
    ({"rooms"}, "esign.domain.templating.bulk", "esign.domain.signer.signing"),
]


def package_dirs() -> dict[str, pathlib.Path]:
    dirs = {"esign": ROOT / "esign"}
    dirs.update({path.parent.name: path.parent for path in (ROOT / "plugins").glob("*/esign_*/__init__.py")})
    return dirs


def python_files(directory, names):
    return [n for n in names if n == "__pycache__" or (not n.endswith(".py") and not os.path.isdir(os.path.join(directory, n)))]


def lint(cwd: pathlib.Path, path: pathlib.Path | None = None) -> tuple[int, str]:
    env = dict(os.environ, COLUMNS="1000")  # one line per contract: the names are not wrapped
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    result = subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=cwd,  # the contracts of cwd's pyproject.toml
                            env=env, capture_output=True, text=True, timeout=300)
    return result.returncode, result.stdout + result.stderr


def broken(output: str) -> set[str]:
    found = {cid for cid, contract in CONTRACTS.items() if f"{contract['name']} BROKEN" in output}
    kept = {cid for cid, contract in CONTRACTS.items() if re.search(re.escape(contract["name"]) + r" KEPT", output)}
    assert found | kept == set(CONTRACTS), output  # every contract was checked
    return found


def test_every_contract_has_a_case_and_every_module_a_layer():
    assert {cid for ids, _, _ in CASES for cid in ids} == set(CONTRACTS)
    layered = {name.strip(" ()") for layer in CONTRACTS["layers"]["layers"] for name in re.split(r"[:|]", layer)}
    top = {f"esign.{p.stem}" for p in (ROOT / "esign").glob("*.py") if p.stem != "__init__"}
    top |= {f"esign.{p.parent.name}" for p in (ROOT / "esign").glob("*/__init__.py")}
    assert not top - layered, f"modules of esign that no layer of the layers contract names: {sorted(top - layered)}"


@pytest.mark.slow
def test_the_tree_keeps_every_contract():
    status, output = lint(ROOT)
    assert status == 0 and broken(output) == set(), output


@pytest.mark.slow
@pytest.mark.parametrize("contracts, importer, imported", CASES, ids=[f"{i}->{m}" for _, i, m in CASES])
def test_a_forbidden_import_breaks_its_contract(tmp_path, contracts, importer, imported):
    for name, directory in package_dirs().items():
        shutil.copytree(directory, tmp_path / name, ignore=python_files)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    module = tmp_path.joinpath(*importer.split("."))
    module = module / "__init__.py" if module.is_dir() else module.with_suffix(".py")
    with module.open("a") as source:
        source.write(f"\nimport {imported}  # planted by {__name__}\n")
    status, output = lint(tmp_path, tmp_path)
    assert status != 0, output
    assert broken(output) == contracts, output
    assert f"{importer} -> {imported}" in output, output

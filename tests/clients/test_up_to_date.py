"""The checked-in clients are what `scripts/clients` makes from the current OpenAPI document: a change to
the document without regenerating them (run `scripts/clients`) fails here, naming what differs."""
import shutil
import subprocess

import pytest

from tests.support.clients import ROOT

pytestmark = [pytest.mark.slow,  # two generators
              pytest.mark.skipif(not shutil.which("npm"), reason="npm is needed to generate the TypeScript client")]


def test_the_clients_match_the_document():
    run = subprocess.run([str(ROOT / "scripts" / "clients"), "--check"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr

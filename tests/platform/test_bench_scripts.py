"""The benchmark scripts (scripts/bench/, docs/benchmarks.md) still import what they use: each is loaded
as a module (not run) in a fresh interpreter, so a name moved elsewhere in esign or in the tests'
support package fails here rather than on the day the benchmarks are re-run."""
from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "scripts" / "bench").glob("*.py"))


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_each_benchmark_script_loads(script):
    load = (f"import runpy, sys; sys.path.insert(0, {str(script.parent)!r}); "  # as `python script.py` does
            f"runpy.run_path({str(script)!r}, run_name='loaded')")
    proc = subprocess.run([sys.executable, "-c", load], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]

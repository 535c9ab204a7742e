"""The shipped alert rules (docs/prometheus-alerts.yml) pass `promtool check rules` and their unit
tests (tests/platform/alerts/rules-test.yml: each alert fires on the series that should raise it,
after its `for:`, and not before). promtool comes with Debian's `prometheus` package, which
scripts/test installs."""
import pathlib
import shutil
import subprocess

import pytest

HERE = pathlib.Path(__file__).resolve().parent
RULES = HERE.parents[1] / "docs" / "prometheus-alerts.yml"

pytestmark = pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool is not installed")


def promtool(*args: str) -> str:
    done = subprocess.run(["promtool", *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_rules_are_valid():
    assert "SUCCESS" in promtool("check", "rules", str(RULES))


def test_each_alert_fires_when_it_should():
    assert "SUCCESS" in promtool("test", "rules", str(HERE / "alerts" / "rules-test.yml"))

"""The quickstart's console sign-in link: `esign serve` on the demo config ./scripts/run writes
(config/esign.dev.toml) welcomes the demo member with a single-use link, which scripts/console-link
(what ./scripts/run calls at start) finds in the Maildir; the link signs the member in, once."""
from __future__ import annotations

import json
import select
import subprocess
import sys
import time

import pytest

from tests.support.console import ConsoleBrowser
from tests.support.processes import ESIGN, ROOT, clean_env

MEMBER = "owner@demo.test"


def _console_link(tmp_path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "console-link"), "--maildir",
                           str(tmp_path / "var" / "mail"), *args], capture_output=True, text=True, timeout=120)


@pytest.mark.slow  # esign serve in a process of its own
async def test_the_demo_config_welcomes_its_member_with_a_link_the_script_prints(tmp_path):
    config = (ROOT / "config" / "esign.dev.toml").read_text()
    config = config.replace("__DEMO_KEY__", "esk_live_" + "d" * 43).replace("__EMBED_ORIGINS__", '"http://127.0.0.1"')
    (tmp_path / "esign.toml").write_text(config)
    since = str(int(time.time()))
    proc = subprocess.Popen([ESIGN, "serve", "--config", "esign.toml", "--port", "0"], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=clean_env())
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        url = json.loads(proc.stdout.readline())["url"] if ready else ""
        assert url, "esign serve did not start"
        found = _console_link(tmp_path, "--since", since, "--wait", "60", MEMBER)
        assert found.returncode == 0, found.stderr
        link = found.stdout.strip()
        assert link.startswith(f"{url}/console/sign-in/"), link
        browser = ConsoleBrowser(url)
        signed = await browser.follow_link(link)
        assert signed.status == 303 and signed.headers["Location"] == "/console/requests", signed
        assert (await browser.get("/console/requests")).status == 200
        again = ConsoleBrowser(url)
        assert (await again.get(link)).status == 410  # single use
        browser.close()
        again.close()
        # nothing for another address, nor for the member before `--since`
        assert _console_link(tmp_path, "--wait", "0.5", "nobody@demo.test").returncode == 1
        assert _console_link(tmp_path, "--since", str(int(time.time()) + 3600), MEMBER).returncode == 1
    finally:
        proc.terminate()
        proc.wait(timeout=60)

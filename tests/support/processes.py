"""`esign` in a process of its own: `esign serve` for tests of process-level behaviour (signals, file
limits, peak memory; the server's log goes to a file the test can read) and `esign verify`."""
from __future__ import annotations

import json
import os
import pathlib
import resource
import select
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

from tests.support.server import write_config

ROOT = pathlib.Path(__file__).resolve().parents[2]  # the checkout
ESIGN = str(pathlib.Path(sys.executable).with_name("esign"))


def clean_env() -> dict:
    """The environment of an `esign` child process: no inherited ESIGN_* variables (the config loader
    would read them as overrides)."""
    return {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}


def esign_verify(*args) -> subprocess.CompletedProcess:
    return subprocess.run([ESIGN, "verify", *map(str, args)], capture_output=True, text=True, timeout=120,
                          env=clean_env())


class ServeProcess:
    def __init__(self, tmp_path: pathlib.Path, extra_config: str = "", server_keys: str = "",
                 nofile: int | None = None):
        """`extra_config` is appended to the test config; `server_keys` go into its [server] table."""
        self.log_path = tmp_path / "serve.log"
        config = pathlib.Path(write_config(tmp_path, extra_config))
        config.write_text(config.read_text().replace("[server]\n", f"[server]\n{server_keys}\n", 1))
        env = clean_env()

        def limit_files():
            if nofile is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(
                [ESIGN, "serve", "--config", str(config), "--port", "0", "--host", "127.0.0.1"],
                stdout=subprocess.PIPE, stderr=log, env=env, cwd=tmp_path, preexec_fn=limit_files)
        ready, _, _ = select.select([self.proc.stdout], [], [], 60)
        line = self.proc.stdout.readline() if ready else b""
        if not line:
            self.kill()
            raise RuntimeError(f"esign serve did not start: {self.log()[-2000:]}")
        self.started = json.loads(line)
        self.url = self.started["url"]
        self.port = int(self.url.rsplit(":", 1)[1])
        self.pid = self.proc.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def get(self, path: str, key: str | None = None, timeout: float = 10) -> tuple[int, dict]:
        req = urllib.request.Request(self.url + path, headers={"X-API-Key": key} if key else {})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return resp.status, json.loads(resp.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def status(self, field: str) -> int:
        """A `kB` figure of /proc/PID/status, in bytes (VmRSS, VmHWM)."""
        for line in pathlib.Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
        raise KeyError(field)

    def reset_peak_memory(self) -> None:
        pathlib.Path(f"/proc/{self.pid}/clear_refs").write_text("5")

    def open_files(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def stop(self, sig=signal.SIGTERM, timeout: float = 60) -> int:
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=timeout)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()

    def wait_for_log(self, text: str, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.log():
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} not in the log: {self.log()[-2000:]}")
            time.sleep(0.05)

"""The Docker image as the tests read it (its Dockerfile, the files it copies, its config) and `esign
serve` run as the image runs it."""
from __future__ import annotations

import json
import os
import pathlib
import re
import shlex
import signal
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
ESIGN = str(ROOT / ".venv" / "bin" / "esign")
API_KEY = re.compile(r"esk_(live|test)_[A-Za-z0-9_-]{8,}")
PRIVATE_KEY = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----")


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) of the Dockerfile, continuation lines joined."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines]


def dockerignored(rel: pathlib.PurePath) -> bool:
    """The exclusions of .dockerignore that apply inside the copied folders."""
    return "__pycache__" in rel.parts or rel.suffix == ".pyc" or any(p.endswith(".egg-info") for p in rel.parts) \
        or (len(rel.parts) > 2 and rel.parts[0] == "plugins" and rel.parts[2] == "tests")


def image_files() -> list[pathlib.Path]:
    files = []
    for instruction, args in dockerfile():
        if instruction != "COPY":
            continue
        for source in shlex.split(args)[:-1]:
            path = ROOT / source
            assert path.exists(), f"COPY {source}: missing"
            found = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
            files += [p for p in found if not dockerignored(p.relative_to(ROOT))]
    return files


def image_config() -> pathlib.Path:
    env = [args for instruction, args in dockerfile() if instruction == "ENV"]
    match = re.search(r"ESIGN_CONFIG=(\S+)", " ".join(env))
    assert match, "the image names its config with ENV ESIGN_CONFIG"
    assert match.group(1).startswith("/app/")
    return ROOT / match.group(1)[len("/app/"):]


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    env.update(extra)
    return env


class Serve:
    """`esign serve` as a real process; `lines` are the JSON lines it printed before listening."""

    def __init__(self, env: dict, cwd=None):
        self.env = env
        self.cwd = cwd

    def __enter__(self):
        self.proc = subprocess.Popen([ESIGN, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env=self.env, cwd=self.cwd)
        self.lines = []
        for _ in range(5):  # the first run's line, then "listening"
            line = self.proc.stdout.readline()
            assert line, self.proc.stderr.read()
            self.lines.append(json.loads(line))
            if self.lines[-1]["event"] == "listening":
                self.listening = self.lines.pop()
                return self
        raise AssertionError(f"no listening line: {self.lines}")

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.stderr = self.proc.stderr.read()

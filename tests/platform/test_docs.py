"""Docs that are true (issue 29): what the docs name exists, and what exists is documented — the routes,
the config keys, the plugin hooks and the CLI commands. Checked mechanically over docs/*.md, the README
and the plugins' READMEs; docs/configuration.md itself is generated (tests/platform/test_config.py)."""
from __future__ import annotations

import argparse
import pathlib
import re

import tornado.web

from esign import cli, config_keys, hookspecs, job_registry
from esign.app import all_routes

ROOT = pathlib.Path(__file__).resolve().parents[2]
GUIDES = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
DOCS = GUIDES + sorted((ROOT / "plugins").glob("*/README.md"))  # the plugins' READMEs also name vendors' APIs
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD")
ROUTE_NAMED = re.compile(r"\b(GET|POST|PUT|PATCH|DELETE|HEAD) (/[A-Za-z0-9_{}<>./-]*)")
FILE_TYPES = ("py", "md", "toml", "json", "yml", "js", "css", "html", "txt", "pdf", "sh")  # `signing.py` names a file
CODE = re.compile(r"```.*?```|`[^`\n]+`", re.S)


def docs_text(paths=DOCS) -> str:
    return "\n".join(path.read_text() for path in paths)


def named_path(path: str) -> str:
    """A path as the docs write it, shaped: a trailing "..." kept (a family of routes), the signer API's
    relative `/api/...` under its link, punctuation after it dropped."""
    if not path.endswith("/..."):
        path = path.rstrip(".,;:")
    if path.startswith("/api/"):
        path = "/sign/{token}" + path
    return shape(path)


def shape(path: str) -> str:
    """A path with every parameter ({id}, <provider>, {number}.png's number) as `*`."""
    return re.sub(r"\{[^}/]*\}|<[^>/]*>", "*", path.rstrip("/") or "/")


def implemented() -> dict[str, set[str]]:
    routes: dict[str, set[str]] = {}
    for path, handler in all_routes():
        methods = {m.upper() for m in ("get", "post", "put", "patch", "delete")
                   if getattr(handler, m) is not getattr(tornado.web.RequestHandler, m)}
        if "GET" in methods:
            methods.add("HEAD")
        routes.setdefault(shape(path), set()).update(methods)
    return routes


def matches(named: str, route: str) -> bool:
    named_parts, route_parts = named.split("/"), route.split("/")
    if named.endswith("..."):  # "/files/..." names a family of routes
        prefix = named[:-3].rstrip("/")
        return route.startswith(prefix)
    return len(named_parts) == len(route_parts) and all(
        a == b or "*" in (a, b) or re.fullmatch(re.escape(b).replace(r"\*", "[^/]+"), a) for a, b in zip(named_parts, route_parts))


def test_every_route_the_docs_name_exists_with_that_method():
    routes = implemented()
    wrong = []
    for method, path in ROUTE_NAMED.findall(docs_text(GUIDES)):
        path = named_path(path)
        if not any(matches(path, route) and method in methods for route, methods in routes.items()):
            wrong.append(f"{method} {path}")
    assert not sorted(set(wrong)), f"the docs name routes that do not exist: {sorted(set(wrong))}"


def test_every_route_outside_the_openapi_document_is_documented():
    """/v1 operations are described by the OpenAPI document (tests/platform/test_openapi_health.py);
    every other route (health, the signer's pages and API, vendors' webhooks, files) by the docs."""
    text = docs_text(GUIDES)
    named = {named_path(path) for _, path in ROUTE_NAMED.findall(text)}
    named |= {named_path(path) for path in re.findall(r"(?:`|\{public_url\}|, `)(/[A-Za-z0-9_{}<>./-]*)", text)}
    missing = [route for route in implemented() if not route.startswith(("/v1/", "/docs/"))  # /docs/*: the docs page's own assets
               and not any(matches(n, route) or matches(route, n) for n in named)]
    assert not missing, f"routes no doc describes: {missing}"


def test_every_config_key_the_docs_name_exists():
    """`[section] key` and `section.key` in the docs name declared keys (provider options aside:
    the providers declare them, and their READMEs name them)."""
    text = docs_text()
    declared = {(section, key) for section, keys in config_keys.KEYS.items() for key in keys}
    providers = {"storage", "email", "sms", "identity", "geoip", "plugins"}
    wrong = set()
    events = {e for e in re.findall(r"\b([a-z_]+\.[a-z_]+)\b", (ROOT / "esign" / "webhooks" / "payloads.py").read_text())}
    events |= set(job_registry.job_kinds())  # job kinds: `webhooks.deliver`, `email.send` ...
    events |= {"signer.reviewed", "identity.approved", "identity.rejected"}  # the spec's types esign never emits
    for section, key in re.findall(r"`\[([a-z_]+)\] ([a-z_]+)", text) + re.findall(r"`([a-z_]+)\.([a-z_]+)`", text):
        if f"{section}.{key}" in events or key.endswith("_") or key in FILE_TYPES:
            # an event type; a family of keys (`jobs.lane_*`); a file (`signing.py`)
            continue
        if section in config_keys.KEYS and section not in providers and (section, key) not in declared:
            wrong.add(f"{section}.{key}")
    assert not wrong, f"the docs name config keys that do not exist: {sorted(wrong)}"


def test_every_hook_is_documented_and_every_hook_named_exists():
    hooks = {name for name in dir(hookspecs) if name.startswith("esign_") and callable(getattr(hookspecs, name))}
    guide = (ROOT / "docs" / "plugins.md").read_text()
    assert hooks and all(f"`{hook}" in guide for hook in hooks), sorted(h for h in hooks if f"`{h}" not in guide)
    named = set(re.findall(r"\b(esign_[a-z_]+)\(\)", docs_text()))  # a hook takes no argument
    assert named <= hooks, f"the docs call hooks that do not exist: {sorted(named - hooks)}"


def commands() -> set[str]:
    """Every command of the CLI: `serve`, `jobs retry`, `admin create-org`, ..."""
    found = set()

    def walk(parser: argparse.ArgumentParser, prefix: str):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found.add(f"{prefix}{name}")
                    walk(sub, f"{prefix}{name} ")

    walk(cli._parser(), "")
    return found


def test_every_cli_command_is_documented_and_every_command_named_exists():
    text = docs_text()
    every = commands()
    leaves = {c for c in every if not any(other.startswith(c + " ") for other in every)}
    undocumented = sorted(c for c in leaves if f"esign {c}" not in text)
    assert not undocumented, f"CLI commands no doc mentions: {undocumented}"
    wrong = set()
    for code in CODE.findall(text):
        for first, second in re.findall(r"(?<![\w./-])esign ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?", code):
            if first not in every:
                continue  # `esign` as a service or container name ("docker compose exec esign esign ...")
            if any(c.startswith(first + " ") for c in every) and second and f"{first} {second}" not in every:
                wrong.add(f"esign {first} {second}")
    assert not wrong, f"the docs name CLI commands that do not exist: {sorted(wrong)}"

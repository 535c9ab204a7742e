"""The docs' examples run as tests (issues 36 and 37): every request the docs show as an ```http block is
sent to a running server and its answer checked against the ```http answer block that follows it. The
convention (docs/testing.md, "Examples in the docs"):

    ```http
    POST /v1/signing-requests
    {"document_ids": ["<offer>", "<notice>"], "signers": [...]}
    ```

    ```http
    HTTP/1.1 201 Created
    {"status": "draft", "documents": [{"name": "…", "order": 1}, {"name": "…", "order": 2}]}
    ```

A request block is a request line, optional header lines and an optional JSON body; `/v1` requests get
the test organisation's API key. In it `"<name>"` stands for a PDF uploaded for the example as
`<name>.pdf` (4 pages with the placement corpus's text: "Date:", "Buyer Signature:", ...; the same name,
the same document, within a file), `{id}` for the `id` of the last answer of the same file that
had one, `{token}` for the link token of a signer invited for the example. The answer block is the
status line, optional header lines (a header's value "…": present) and an optional JSON body: every key
it gives must be in the answer with the same value (objects compared key by key, arrays item by item
and of the same length), "…" matching any value. Examples of one file run in order on one server."""
from __future__ import annotations

import io
import json
import pathlib
import re
import textwrap

import pypdf
import pytest

from tests.support import placement, signing
from tests.support.client import KEYS

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]
BLOCK = re.compile(r"^([ \t]*)```http\n(.*?)^\1```\n", re.S | re.M)  # also indented, in a list item
REQUEST_LINE = re.compile(r"(GET|POST|PUT|PATCH|DELETE|HEAD) (\S+)$")
STATUS_LINE = re.compile(r"HTTP/1\.1 (\d{3})\b.*$")
HEADER = re.compile(r"([A-Za-z][A-Za-z0-9-]*): (.*)$")
ANY = "…"


def example_pdf() -> bytes:
    """What `"<name>"` uploads: 4 pages with the placement corpus's text ("Buyer Signature:", "Date:", ...)."""
    writer = pypdf.PdfWriter()
    for _ in range(2):
        writer.append(pypdf.PdfReader(io.BytesIO(placement.pdf("reportlab.pdf"))))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def parse(block: str, first: re.Pattern) -> tuple[re.Match, dict[str, str], object]:
    """(the first line's match, the headers, the JSON body or None) of one block."""
    lines = block.strip("\n").split("\n")
    head = first.fullmatch(lines[0].strip())
    headers, rest = {}, lines[1:]
    while rest and (match := HEADER.fullmatch(rest[0].strip())):
        headers[match.group(1)] = match.group(2)
        rest = rest[1:]
    text = "\n".join(rest).strip()
    return head, headers, json.loads(text) if text else None


def examples(path: pathlib.Path) -> list[tuple[int, str, str]]:
    """(line, request block, answer block) of every example in a doc; a request block without its
    answer block right after it (blank lines between at most) fails here."""
    text = path.read_text()
    blocks = list(BLOCK.finditer(text))
    found = []
    for i, block in enumerate(blocks):
        if not REQUEST_LINE.fullmatch(block.group(2).split("\n", 1)[0].strip()):
            continue
        line = text.count("\n", 0, block.start()) + 1
        following = blocks[i + 1] if i + 1 < len(blocks) else None
        assert following and not text[block.end():following.start()].strip() and \
            STATUS_LINE.fullmatch(following.group(2).split("\n", 1)[0].strip()), \
            f"{path.name}:{line}: an ```http request must be followed by its ```http answer (HTTP/1.1 <status>)"
        found.append((line, textwrap.dedent(block.group(2)), textwrap.dedent(following.group(2))))
    return found


EXAMPLES = {path.relative_to(ROOT).as_posix(): examples(path) for path in DOCS}
FILES = sorted(name for name, found in EXAMPLES.items() if found)


def mismatches(expected, actual, where: str = "") -> list[str]:
    """Where `actual` differs from what the doc shows (`expected`)."""
    if expected == ANY:
        return []
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{where or '.'}: expected an object, got {actual!r}"]
        return [m for key, value in expected.items() for m in (
            [f"{where}.{key}: missing"] if key not in actual else mismatches(value, actual[key], f"{where}.{key}"))]
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return [f"{where or '.'}: expected {len(expected)} items, got {actual!r}"]
        return [m for i, (e, a) in enumerate(zip(expected, actual)) for m in mismatches(e, a, f"{where}[{i}]")]
    return [] if expected == actual else [f"{where or '.'}: the doc says {expected!r}, the server {actual!r}"]


class Example:
    """The ids one file's examples share: uploaded documents by placeholder, the last answered id, a
    signer's token."""

    def __init__(self, server):
        self.server, self.documents, self.last_id, self.token = server, {}, None, None
        self.pdf = example_pdf()

    async def substitute(self, value):
        if isinstance(value, dict):
            return {k: await self.substitute(v) for k, v in value.items()}
        if isinstance(value, list):
            return [await self.substitute(v) for v in value]
        if isinstance(value, str) and re.fullmatch(r"<[^<>]+>", value):
            if value not in self.documents:
                resp = await self.server.client.upload(self.pdf, f"{value.strip('<>')}.pdf")
                assert resp.status == 201, resp
                self.documents[value] = resp.json["id"]
            return self.documents[value]
        return value

    async def path(self, path: str) -> str:
        if "{id}" in path:
            assert self.last_id, "{id} before any answer with an id"
            path = path.replace("{id}", self.last_id)
        if "{token}" in path:
            if self.token is None:
                self.token = await (await signing.make_request(self.server)).token(0)
            path = path.replace("{token}", self.token)
        assert not re.search(r"[{}<>]", path), f"a placeholder the examples do not know: {path}"
        return path

    async def run(self, request: str, answer: str) -> list[str]:
        head, headers, body = parse(request, REQUEST_LINE)
        method, path = head.groups()
        status_line, expected_headers, expected = parse(answer, STATUS_LINE)
        path = await self.path(path)
        if path.startswith("/v1/"):
            headers.setdefault("X-API-Key", KEYS["a"])
        resp = await self.server.client.request(method, path, json_body=await self.substitute(body), key=None,
                                                headers=headers)
        problems = [] if resp.status == int(status_line.group(1)) else \
            [f"status: the doc says {status_line.group(1)}, the server {resp.status} ({resp.body[:300]!r})"]
        for name, value in expected_headers.items():
            if name not in resp.headers or value not in (ANY, resp.headers[name]):
                problems.append(f"header {name}: the doc says {value!r}, the server {resp.headers.get(name)!r}")
        answer_body = resp.json if resp.headers.get("Content-Type", "").startswith("application/json") else None
        if expected is not None:
            problems += mismatches(expected, answer_body)
        if isinstance(answer_body, dict) and isinstance(answer_body.get("id"), str):
            self.last_id = answer_body["id"]
        return problems


def test_the_docs_have_runnable_examples():
    """The extraction finds the examples (a change of the convention must not silently run none)."""
    assert {"docs/envelopes.md", "docs/signing.md", "docs/operations.md"} <= set(FILES), FILES
    assert sum(len(found) for found in EXAMPLES.values()) >= 10


def test_the_comparison_catches_a_wrong_answer():
    assert mismatches({"error": {"code": "validation_error"}}, {"error": {"code": "signature_required"}})
    assert mismatches({"documents": [{"order": 1}]}, {"documents": [{"order": 1}, {"order": 2}]})
    assert mismatches({"storage_key": ANY}, {"id": "x"})
    assert not mismatches({"id": ANY, "documents": [{"order": 1}]}, {"id": "x", "documents": [{"order": 1, "n": 2}]})


@pytest.mark.parametrize("name", FILES)
async def test_the_examples_of_a_doc_agree_with_the_server(server, name):
    example = Example(server)
    problems = []
    for line, request, answer in EXAMPLES[name]:
        problems += [f"{name}:{line}: {p}" for p in await example.run(request, answer)]
    assert not problems, "\n".join(problems)

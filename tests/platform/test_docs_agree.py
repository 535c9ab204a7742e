"""Where the OpenAPI document said one thing and the server did another (issue 37.5): the sign body's
`signature`, required by the server, is required in the document too (and its absence still answers
`signature_required` beside the body's other problems, not a bare validation error). And where the
docs listed what the code declares (issue 42.7)."""
from __future__ import annotations

import pathlib
import re

from esign.jobs.kinds import LANES
from tests.support import assert_error
from tests.support.signing import make_request, spost


async def test_the_sign_body_requires_the_signature_the_server_requires(server):
    openapi = (await server.client.get("/v1/openapi.json", key=None)).json
    assert "signature" in openapi["components"]["schemas"]["SignBody"].get("required", [])
    made = await make_request(server, fields={"t": {"field_type": "text"}})
    error = assert_error(await spost(server, await made.token(0), "sign", {"consent": True}), 422,
                         "signature_required")
    assert sorted(d["field"] for d in error["details"]) == sorted(["signature", f"values.{made.fields['t']}"])


def test_the_scaling_guide_names_every_lane():
    """docs/scaling.md's list of the lanes a worker can run is the code's (esign.jobs.kinds.LANES)."""
    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "scaling.md").read_text()
    listed = re.search(r"runs only those lanes \(([^)]*)\)", text.replace("\n", " ")).group(1)
    assert [lane.strip() for lane in listed.split(",")] == list(LANES)


CITATION = re.compile(r'(docs/[a-z-]+\.md),? ?\\?"([^"\\]+)\\?"')


def test_every_section_the_code_cites_exists():
    """A message or docstring that sends the reader to `docs/<file>.md, "<section>"` names a heading of
    that file, or the bold lead-in of one of its paragraphs (`**<section>.**`)."""
    root = pathlib.Path(__file__).resolve().parents[2]
    cited = {(m.group(1), m.group(2)) for path in (root / "esign").rglob("*.py")
             for m in CITATION.finditer(path.read_text())}
    assert len(cited) >= 5, cited
    missing = []
    for doc, section in sorted(cited):
        text = (root / doc).read_text()
        headings = {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}
        if not any(section in h for h in headings) and f"**{section}.**" not in text:
            missing.append((doc, section))
    assert not missing, missing

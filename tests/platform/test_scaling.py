"""docs/scaling.md lists, per growing collection, the shard key of a sharded cluster and every query that
would not target one shard (its filter lacks the shard key's first field). This runs a representative
flow — upload, create, send, sign, finalise, webhooks, lists — on the strict database with a query
recorder and fails when a query appears that is neither targeted nor listed."""
from __future__ import annotations

import pathlib
import re

from esign.db.index_rule import QueryRecorder
from esign.domain.requests import links
from tests.support.signing import complete_request

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "scaling.md"


def documented() -> tuple[dict[str, str], set[tuple[str, tuple[str, ...]]]]:
    """(collection -> shard key's first field or `unsharded`, the listed untargeted queries)."""
    text = DOC.read_text()
    keys = {m[1]: m[2] for m in re.finditer(r"^\| `(\w+)` \| `?(\w+)", text.split("## Untargeted queries")[0], re.M)}
    listed = {(m[1], tuple(f.strip() for f in m[2].split(",") if f.strip()))
              for m in re.finditer(r"^\| `(\w+)` \| `([^`]*)` \|", text.split("## Untargeted queries")[1], re.M)}
    return keys, listed


async def test_every_untargeted_query_is_listed_in_the_scaling_guide(server, client, document_id):
    recorder = QueryRecorder()
    server.services.db.query_recorder = recorder
    hook = (await client.post("/v1/webhooks", {"name": "scale", "url": "http://127.0.0.1:9/hook",
                                               "events": ["signing_request.completed", "signer.signed"]})).json
    done = await complete_request(server, client, document_id)
    await server.run_jobs()
    pending = (await client.post("/v1/signing-requests", {"document_id": document_id, "auto_send": True, "signers": [
        {"name": "Lee List", "email": "lee@example.test"}]})).json
    request = await server.services.store.signing_requests.by_id(pending["id"])
    token = links.signer_token(server.services, request, request["signers"][0])
    assert (await client.get(f"/sign/{token}", key=None)).status == 200
    for path in ("/v1/signing-requests", "/v1/documents", f"/v1/signing-requests/{done['id']}/events",
                 f"/v1/webhooks/{hook['id']}/deliveries", "/v1/webhooks", "/v1/usage",
                 f"/v1/signing-requests/{done['id']}/download"):
        assert (await client.get(path)).status == 200, path
    await server.run_jobs()
    server.services.db.query_recorder = None

    keys, listed = documented()
    assert recorder.seen
    unknown = sorted({collection for collection, _ in recorder.seen} - set(keys))
    assert not unknown, f"collections with no shard key in docs/scaling.md: {unknown}"
    untargeted = {(c, fields) for c, fields in recorder.seen if keys[c] != "unsharded" and keys[c] not in fields}
    missing = sorted(untargeted - listed)
    assert not missing, ("queries that would not target one shard, not listed under 'Untargeted queries' in "
                         f"docs/scaling.md: {missing}")

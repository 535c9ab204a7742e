"""The official TypeScript client, `clients/typescript` (openapi-fetch over the types openapi-typescript
generated from the document), drives the whole flow under Node against `esign serve` (issue 37):
tests/clients/flow.ts, compiled with tsc together with the client, so a client whose types no longer
fit the calls fails here too. The signed PDFs are checked by `esign verify`, the webhook deliveries with
`standardwebhooks`."""
from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import tempfile

import pytest

from tests.support import SAMPLE_PDF
from tests.support.clients import (
    ANN,
    CLIENTS,
    FLOW_EVENTS,
    KEY,
    ROOT,
    SAM,
    TAGGED_PDF,
    esign_verify,
    served,
    signer_tokens,
    verified_deliveries,
)

pytestmark = [pytest.mark.slow,  # tsc, a service in its own process, two signers, PAdES
              pytest.mark.skipif(not (shutil.which("node") and shutil.which("npm")),
                                 reason="node and npm are needed to compile and run the TypeScript client")]

NODE_MODULES = ROOT / ".browser-deps" / "node_modules"  # scripts/node-deps


@pytest.fixture(scope="module")
def flow_js():
    """tests/clients/flow.ts and the client's sources compiled by tsc (strict) under .browser-deps/, where
    Node and tsc find openapi-fetch and Node's types; yields the path of flow.js."""
    subprocess.run([str(ROOT / "scripts" / "node-deps")], check=True, timeout=600)
    build = tempfile.mkdtemp(prefix="ts-client-", dir=NODE_MODULES.parent)
    try:
        src = shutil.copytree(CLIENTS / "typescript" / "src", f"{build}/src")
        shutil.copy(ROOT / "tests" / "clients" / "flow.ts", src)
        config = json.loads((CLIENTS / "typescript" / "tsconfig.json").read_text())
        config["compilerOptions"]["types"] = ["node"]
        (ROOT / build / "tsconfig.json").write_text(json.dumps(config))
        (ROOT / build / "package.json").write_text(json.dumps({"type": "module"}))
        tsc = subprocess.run([str(NODE_MODULES / ".bin" / "tsc"), "-p", build], capture_output=True, text=True,
                             timeout=300)
        assert tsc.returncode == 0, tsc.stdout + tsc.stderr
        yield f"{build}/dist/flow.js"
    finally:
        shutil.rmtree(build)


async def _node(flow_js: str, step: str, given: dict, tmp_path) -> dict:
    path = tmp_path / f"{step}.json"
    path.write_text(json.dumps(given))
    proc = await asyncio.create_subprocess_exec("node", flow_js, step, str(path), stdout=subprocess.PIPE,
                                                stderr=subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 180)
    assert proc.returncode == 0, err.decode()
    return json.loads(out.decode().strip().splitlines()[-1])


async def test_the_typescript_client_runs_the_whole_flow_under_node(flow_js, tmp_path, receiver):
    with served(tmp_path) as url:
        given = {"url": url, "apiKey": KEY, "hookUrl": receiver.url(), "events": FLOW_EVENTS,
                 "tagged": str(TAGGED_PDF), "plain": str(SAMPLE_PDF), "ann": ANN, "sam": SAM,
                 "outDir": str(tmp_path)}
        made = await _node(flow_js, "prepare", given, tmp_path)
        tokens = await signer_tokens(tmp_path, url)
        done = await _node(flow_js, "finish", {**given, **made, "tokens": tokens}, tmp_path)
        assert len(done["pdfs"]) == 2
        for pdf in done["pdfs"]:
            await esign_verify(tmp_path / pdf, tmp_path / done["trust"])
        await verified_deliveries(receiver, made["secret"], made["requestId"], documents=2)

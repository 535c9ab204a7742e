"""A client generated from `/v1/openapi.json` with openapi-python-client drives a whole flow against a
running service (issue 13): upload -> create -> fields -> send -> sign through the signer API ->
download, every answer parsed into the generated models, errors included."""
from __future__ import annotations

import email
import importlib
import io
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import time
import urllib.request
import uuid

import pytest

from tests.support import SAMPLE_PDF

pytestmark = pytest.mark.slow  # generates and runs a client

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
KEY = "esk_live_generated_client_000000000000"


def _start(tmp_path: pathlib.Path):
    config = tmp_path / "esign.toml"
    config.write_text(f"""
[server]
port = 0
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[jobs]
poll_interval_seconds = 0.1
[[organizations]]
name = "Client Org"
plan = "enterprise"
[[organizations.api_keys]]
key = "{KEY}"
""")
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    proc = subprocess.Popen([str(BIN / "esign"), "serve", "--config", str(config), "--host", "127.0.0.1"],
                            cwd=tmp_path, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return proc, json.loads(proc.stdout.readline())["url"]


def _generate(tmp_path: pathlib.Path, url: str):
    spec = tmp_path / "openapi.json"
    with urllib.request.urlopen(f"{url}/v1/openapi.json", timeout=30) as resp:
        spec.write_bytes(resp.read())
    settings = tmp_path / "generator.json"
    settings.write_text(json.dumps({"project_name_override": "esign_client", "package_name_override": "esign_client",
                                    "post_hooks": []}))
    run = subprocess.run([str(BIN / "openapi-python-client"), "generate", "--path", str(spec), "--meta", "none",
                          "--config", str(settings), "--output-path", str(tmp_path / "esign_client")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Warning" not in run.stdout, run.stdout  # every schema understood
    sys.path.insert(0, str(tmp_path))
    return importlib.import_module("esign_client")


def _until(what, deadline_s: float = 60):
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("timed out")


def test_generated_client_runs_the_whole_flow(tmp_path):
    proc, url = _start(tmp_path)
    try:
        pkg = _generate(tmp_path, url)
        api = importlib.import_module("esign_client.api")
        docs = importlib.import_module("esign_client.api.documents.upload_document")
        create = importlib.import_module("esign_client.api.signing_requests.create_signing_request")
        get = importlib.import_module("esign_client.api.signing_requests.get_signing_request")
        set_fields = importlib.import_module("esign_client.api.signing_requests.set_fields")
        send = importlib.import_module("esign_client.api.signing_requests.send_signing_request")
        download = importlib.import_module(
            "esign_client.api.signing_requests.get_signed_pdf_download")
        signer_api = importlib.import_module(f"{api.__name__}.signer_no_api_key_the_link_token.signer_get_view")
        sign = importlib.import_module(f"{api.__name__}.signer_no_api_key_the_link_token.signer_sign")
        m = importlib.import_module("esign_client.models")
        types = importlib.import_module("esign_client.types")

        client = pkg.AuthenticatedClient(base_url=url, token=KEY, prefix="", auth_header_name="X-API-Key")
        public = pkg.Client(base_url=url)

        up = docs.sync(client=client, body=m.UploadDocumentBody(file=types.File(
            payload=io.BytesIO(SAMPLE_PDF.read_bytes()), file_name="contract.pdf", mime_type="application/pdf")))
        assert isinstance(up, m.UploadResponse) and up.status == "ready", up

        body = m.SigningRequestCreate(document_id=up.document_id, signers=[
            m.SignerInput(name="Ann Example", email="ann@example.test")], email_subject="Please sign")
        made = create.sync(client=client, body=body, idempotency_key="flow-1")
        assert isinstance(made, m.SigningRequest) and made.status == "draft", made
        # the same key with another body: a typed 409, not None
        reused = create.sync(client=client, body=m.SigningRequestCreate(
            document_id=up.document_id, signers=[m.SignerInput(name="Bo", email="bo@example.test")]),
            idempotency_key="flow-1")
        assert isinstance(reused, m.ErrorResponse) and reused.error.code == "idempotency_key_reused", reused
        missing = get.sync(request_id=uuid.uuid4(), client=client)
        assert isinstance(missing, m.ErrorResponse) and missing.error.code == "not_found"

        signer_id = made.signers[0].id
        placed = set_fields.sync(request_id=made.id, client=client, body=m.FieldsBody(fields=[
            m.FieldCreate(signer_id=signer_id, x_percent=10.0, y_percent=80.0, width_percent=30.0, height_percent=6.0),
            m.FieldCreate(signer_id=signer_id, field_type=m.FieldCreateFieldType.DATE, x_percent=60.0,
                          y_percent=80.0)]))
        assert isinstance(placed, list) and len(placed) == 2, placed
        sent = send.sync(request_id=made.id, client=client, idempotency_key="flow-send")
        assert isinstance(sent, m.SigningRequest) and sent.status == "pending", sent

        mail_dir = tmp_path / "mail" / "new"
        mails = _until(lambda: [p.read_bytes() for p in mail_dir.glob("*")] if mail_dir.exists() else [])
        text = "".join(part.get_payload(decode=True).decode() for part in email.message_from_bytes(mails[0]).walk()
                       if part.get_content_type() == "text/plain")
        token = re.search(rf"{re.escape(url)}/sign/([A-Za-z0-9_-]+)", text).group(1)
        view = signer_api.sync(token=token, client=public)
        assert isinstance(view, m.SignerView) and view.can_sign is True, view
        signed = sign.sync(token=token, client=public, body=m.SignBody(
            signature=m.SignBodySignatureType0.from_dict({"kind": "typed", "text": "Ann Example"}), consent=True))
        assert isinstance(signed, m.SignerView), signed

        def ready():
            got = get.sync(request_id=made.id, client=client)
            return got if got.status == "completed" and got.signed_pdf_status == "ready" else None

        done = _until(ready, 120)
        assert done.signed_pdf_available is True
        link = download.sync(request_id=made.id, client=client)
        assert isinstance(link, m.DownloadResponse) and link.document_name == "contract-signed.pdf", link
        with urllib.request.urlopen(link.download_url, timeout=30) as resp:
            assert resp.read(5) == b"%PDF-"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

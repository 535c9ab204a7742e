"""The OpenAPI document against the running service (issue 13): schemathesis with every check, two
organisations (its object-level authorisation check reads one organisation's records with the other's
key), bounded in examples and time, must find nothing. A check switched off for an operation is named
below with its reason."""
from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import time

import pytest

pytestmark = pytest.mark.slow  # schemathesis fuzzes every operation

ROOT = pathlib.Path(__file__).resolve().parents[2]
BIN = ROOT / ".venv" / "bin"
KEY_A = "esk_live_fuzz_org_a_0000000000000000000"
KEY_B = "esk_live_fuzz_org_b_0000000000000000000"

# positive_data_acceptance expects every schema-valid request to succeed. These inputs are valid only
# when they name records or addresses that exist, which no schema can say:
NEEDS_EXISTING = {
    ("POST", "/v1/signing-requests"): "document_id must name a document of the organisation (422 otherwise)",
    ("POST", "/v1/templates"): "document_id, when given, must name a document of the organisation",
    ("POST", "/v1/contacts"): "phone, when given, must be a number that exists (phonenumbers), not any string "
                              "of the pattern's shape",
    ("POST", "/v1/signing-requests/{request_id}/signers/{signer_id}/replace"): "phone, when given, must be a number "
                                                                              "that exists (phonenumbers)",
    ("PATCH", "/v1/templates/{template_id}"): "document_id must exist; role fields must lie on its pages",
    ("POST", "/v1/templates/{template_id}/send"): "signer roles must be the template's roles",
    ("POST", "/v1/bulk-send"): "template_id must name a template of the organisation",
    ("POST", "/v1/webhooks"): "the url must resolve to a reachable public address (SSRF rules)",
    ("PATCH", "/v1/webhooks/{webhook_id}"): "the url must resolve to a reachable public address (SSRF rules)",
    ("GET", "/v1/events"): "after_id and since_id must name an event of the organisation (cursors)",
    ("GET", "/v1/signing-requests"): "after_id must name a request of the organisation (cursor)",
    ("GET", "/v1/documents"): "after_id must name a document of the organisation (cursor)",
    ("GET", "/v1/templates"): "after_id must name a template of the organisation (cursor)",
    ("GET", "/v1/contacts"): "after_id must name a contact of the organisation (cursor)",
    ("GET", "/v1/legal-holds"): "after_id must name a legal hold of the organisation (cursor)",
    ("GET", "/v1/webhooks/{webhook_id}/deliveries"): "after_id must name a delivery of the webhook (cursor)",
    ("POST", "/v1/documents/upload"): "the file must be a PDF that parses and renders, not any binary",
    ("POST", "/v1/signing-requests/{request_id}/fields"): "signer_id must be a signer of the request; fields "
                                                          "on pages the document has",
    ("POST", "/v1/signing-requests/{request_id}/embedded-url"): "allowed_origin must be registered",
    ("POST", "/v1/authoring-sessions"): "request_id, template_id and document_ids must name records of the "
                                        "organisation; allowed_origin must be registered",
    ("PATCH", "/v1/signing-requests/{request_id}"): "signers' ids must be signers of the draft, a phone a number "
                                                   "that exists",
    ("PATCH", "/v1/signing-requests/{request_id}/fields/{field_id}"): "signer_id must be a signer of the request; "
                                                                      "fields on pages the document has",
    ("PUT", "/v1/retention-policy"): "at most one rule per final state: a rule across the items of a list",
    ("POST", "/v1/legal-holds"): "exactly one criterion (request ids, signer email, template or creation range), "
                                 "created_from before created_to: a rule across fields",
    ("POST", "/v1/signing-requests/{request_id}/purge"): "the request must be completed, cancelled or expired (409 "
                                                         "otherwise)",
    ("POST", "/v1/signing-requests/{request_id}/revoke"): "the request must be completed (409 otherwise)",
    ("POST", "/v1/signing-requests/{request_id}/signers/{signer_id}/signing-url"): "the request must be pending and "
                                                                                   "the signer invited (409 otherwise)",
    ("POST", "/v1/templates/{template_id}/public-links"): "public_role and fixed_roles must be the template's roles; "
                                                          "expires_at in the future",
    ("GET", "/v1/public-links"): "after_id must name a public link of the organisation (cursor)",
    ("GET", "/v1/public-links/{link_id}/uses"): "after_id must name a use of the link (cursor)",
    ("PATCH", "/v1/public-links/{link_id}"): "max_uses may not go below the uses made",
}


def _config(tmp_path: pathlib.Path) -> str:
    path = tmp_path / "esign.toml"
    path.write_text(f"""
[server]
port = 0
[storage]
path = "{tmp_path}/blobs"
[email]
path = "{tmp_path}/mail"
[limits]
default_rate_per_minute = 1000
[[organizations]]
name = "Org A"
plan = "enterprise"
[[organizations.api_keys]]
key = "{KEY_A}"
scopes = ["read", "write", "admin"]
[[organizations]]
name = "Org B"
plan = "enterprise"
[[organizations.api_keys]]
key = "{KEY_B}"
scopes = ["read", "write", "admin"]
""")
    return str(path)


def _schemathesis_config(tmp_path: pathlib.Path) -> str:
    # every check on (`--checks all` on the command line would override the exceptions below)
    lines = ["[checks]", "enabled = true", "", "[generation]", "max-examples = 8", "",
             "# ensure_resource_availability, stateful phase only: its scenarios may create a record with one",
             "# organisation's key and use it with the other's, which rightly answers 404 (spec: records of",
             "# another organisation are not found)",
             "[phases.stateful.checks.ensure_resource_availability]", "enabled = false", ""]
    for (method, path), reason in NEEDS_EXISTING.items():
        lines += [f"# {reason}", "[[operations]]", f'include-name = "{method} {path}"']
        lines += [f"phases.{phase}.checks.positive_data_acceptance.enabled = false"
                  for phase in ("examples", "coverage", "fuzzing", "stateful")]
        lines.append("")
    path = tmp_path / "schemathesis.toml"
    path.write_text("\n".join(lines))
    return str(path)


def test_schemathesis_finds_nothing(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    server = subprocess.Popen([str(BIN / "esign"), "serve", "--config", _config(tmp_path), "--host", "127.0.0.1"],
                              cwd=tmp_path, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        url = json.loads(server.stdout.readline())["url"]
        auth = tmp_path / "auth.json"
        auth.write_text(json.dumps({"auth": [
            {"name": "org_a", "fixedHeaders": [{"name": "X-API-Key", "value": KEY_A}]},
            {"name": "org_b", "fixedHeaders": [{"name": "X-API-Key", "value": KEY_B}]}]}))
        started = time.monotonic()
        run = subprocess.run(
            [str(BIN / "schemathesis"), "--config-file", _schemathesis_config(tmp_path), "run",
             f"{url}/v1/openapi.json", "--auth-wfc", str(auth), "--workers", "1", "--rate-limit", "15/s",  # under the keys' 1000 a minute
             "--max-time", "240", "--seed", "1313", "--no-color", "--request-timeout", "30"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=420)
        assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-3000:]
        assert "Tested:" in run.stdout and time.monotonic() - started < 420
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()

"""Conformance and first contact (issue 13): each defect found by fuzzing and by a new user, over real
HTTP — strict input types and int64 bounds, one-line names, bounded error bodies, sandbox keys that
change only sandbox records, non-Latin-1 downloads, signature checks on bytes, helpful errors."""
from __future__ import annotations

import json
import os
import pathlib
import re
import select
import signal
import socket
import subprocess
import time
import urllib.parse
import urllib.request

import pytest

from tests.support import SAMPLE_PDF, assert_error

DOC_SIGNER = {"name": "Ann Example", "email": "ann@example.test"}
BIG = 2 ** 63


def details(resp) -> dict[str, str]:
    err = assert_error(resp, 422, "validation_error")
    return {d["field"]: d["message"] for d in err["details"]}


async def template_body(client, document_id, **extra):
    return {"name": "T", "document_id": document_id, "roles": [{"name": "Client", "order": 1}], **extra}


# --- strict types (design.md §11) ------------------------------------------------------------------

@pytest.mark.parametrize("value", ["yes", "true", 1, 0, "1", None])
async def test_booleans_take_json_booleans_only(client, document_id, value):
    resp = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [DOC_SIGNER],
                                                      "auto_send": value})
    assert "auto_send" in details(resp)
    assert (await client.get("/v1/signing-requests")).json["total"] == 0  # nothing created, nothing sent


@pytest.mark.parametrize("value", ["7", 7.0, 7.5, True, "seven"])
async def test_integers_take_json_integers_only(client, document_id, value):
    resp = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [DOC_SIGNER],
                                                      "expires_in_days": value})
    assert "expires_in_days" in details(resp)


@pytest.mark.parametrize("value", ["10", True])
async def test_numbers_take_json_numbers_only(client, document_id, value):
    made = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [DOC_SIGNER]})).json
    resp = await client.post(f"/v1/signing-requests/{made['id']}/fields", {"fields": [
        {"signer_id": made["signers"][0]["id"], "x_percent": value, "y_percent": 10}]})
    assert "fields.0.x_percent" in details(resp)


async def test_strict_types_accept_the_right_types(client, document_id):
    resp = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [DOC_SIGNER],
                                                      "auto_send": False, "expires_in_days": 7,
                                                      "separate_stamp_page": True})
    assert resp.status == 201, resp
    assert resp.json["status"] == "draft" and resp.json["separate_stamp_page"] is True


@pytest.mark.parametrize("order", [BIG, BIG * 4, -BIG - 1, 101, 0])
async def test_template_role_order_is_bounded_on_create_and_update(client, document_id, order):
    body = await template_body(client, document_id)
    body["roles"][0]["order"] = order
    assert "roles.0.order" in details(await client.post("/v1/templates", body))
    made = await client.post("/v1/templates", await template_body(client, document_id))
    assert made.status == 201, made
    resp = await client.patch(f"/v1/templates/{made.json['id']}", {"roles": [{"name": "Client", "order": order}]})
    assert "roles.0.order" in details(resp)


@pytest.mark.parametrize("path, field", [
    ("/v1/signing-requests?limit=7.5", "limit"), ("/v1/signing-requests?offset=9223372036854775808", "offset"),
    ("/v1/signing-requests?offset=99999999999999999999999", "offset"), ("/v1/contacts?limit=%207", "limit"),
])
async def test_query_integers_are_bounded(client, path, field):
    assert field in details(await client.get(path))


async def test_query_booleans_are_true_or_false(client):
    hook = await client.post("/v1/webhooks", {"name": "h", "url": "http://127.0.0.1:9/x",
                                              "events": ["signing_request.created"]})
    assert hook.status == 201, hook
    for value in ("yes", "1", "True", ""):
        resp = await client.get(f"/v1/webhooks/{hook.json['id']}/deliveries?success={value}")
        assert "success" in details(resp), value
    assert (await client.get(f"/v1/webhooks/{hook.json['id']}/deliveries?success=false")).status == 200


# --- one-line names: nothing header-bound takes CR or LF --------------------------------------------

@pytest.mark.parametrize("bad", ["Eve\r\nBcc: victim@example.test", "Eve\nSmith", "Eve\rSmith", "Eve\x00",
                                 "Eve\u2028Smith"])
async def test_cr_lf_refused_in_names_and_subjects(client, document_id, bad):
    base = {"document_id": document_id, "signers": [DOC_SIGNER]}
    cases = [
        ({**base, "signers": [{**DOC_SIGNER, "name": bad}]}, "signers.0.name"),
        ({**base, "signers": [{**DOC_SIGNER, "phone": bad}]}, "signers.0.phone"),
        ({**base, "cc_emails": [{"email": "cc@example.test", "name": bad}]}, "cc_emails.0.name"),
        ({**base, "email_subject": bad}, "email_subject"),
        ({**base, "signers": [{**DOC_SIGNER, "email": "ann\r\n@example.test"}]}, "signers.0.email"),
    ]
    for body, field in cases:
        assert field in details(await client.post("/v1/signing-requests", body)), body
    assert "name" in details(await client.post("/v1/contacts", {"name": bad, "email": "c@example.test"}))
    tpl = await template_body(client, document_id)
    assert "name" in details(await client.post("/v1/templates", {**tpl, "name": bad}))
    assert "roles.0.name" in details(await client.post("/v1/templates", {**tpl, "roles": [{"name": bad}]}))
    assert "cc_emails.0.name" in details(await client.post("/v1/templates", {
        **tpl, "cc_emails": [{"email": "cc@example.test", "name": bad}]}))
    made = await client.post("/v1/templates", tpl)
    send = await client.post(f"/v1/templates/{made.json['id']}/send", {"signers": [
        {"name": bad, "email": "x@example.test", "role": "Client"}]})
    assert "signers.0.name" in details(send)
    assert (await client.get("/v1/signing-requests")).json["total"] == 0


async def test_one_line_names_keep_unicode(client, document_id):
    resp = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [
        {"name": "Zoë Ångström-契約", "email": "zoe@example.test"}], "email_subject": "Bitte unterschreiben: Vertrag №1"})
    assert resp.status == 201, resp


# --- bounded error bodies ------------------------------------------------------------------------

async def test_many_unknown_keys_give_a_bounded_error(client, document_id):
    body = {"document_id": document_id, "signers": [DOC_SIGNER], **{f"k{i}": 1 for i in range(50_000)}}
    resp = await client.post("/v1/signing-requests", body)
    got = details(resp)
    assert len(resp.body) < 20_000, len(resp.body)
    assert len(got) <= 101
    assert any("more unknown fields" in field for field in got), list(got)[-3:]


async def test_unknown_keys_reported_with_the_other_errors(client):
    got = details(await client.post("/v1/contacts", {"name": "", "email": "bad", "extra": 1}))
    assert set(got) == {"name", "email", "extra"}


# --- completed requests: webhook data and non-Latin-1 downloads --------------------------------------

async def completed_with_name(server, name: str, receiver=None) -> dict:
    """Upload under `name`, send to one signer, sign through the signer API, finalise."""
    from tests.support.signing import make_request, spost, typed

    client = server.client
    if receiver is not None:
        hook = await client.post("/v1/webhooks", {"name": "h", "url": receiver.url(),
                                                  "events": ["signing_request.completed"]})
        assert hook.status == 201, hook
    up = await client.upload(SAMPLE_PDF.read_bytes(), name)
    assert up.status == 201 and up.json["name"] == name, up
    made = await make_request(server, signers=[DOC_SIGNER], document_id=up.json["id"],
                              fields={"sig": {"x_percent": 10, "y_percent": 80}})
    signed = await spost(server, await made.token(), "sign", {"signature": typed(), "consent": True})
    assert signed.status == 200, signed
    await server.run_jobs()
    got = await made.get()
    assert got["status"] == "completed" and got["signed_pdf_status"] == "ready", got
    return got


@pytest.mark.parametrize("name, fallback", [("契約書.pdf", "___-signed.pdf"),
                                            ("Договор аренды.pdf", "_______ ______-signed.pdf"),
                                            ("50% off; v2.pdf", "50% off; v2-signed.pdf")])
async def test_non_latin1_document_name_downloads(server, client, name, fallback):
    got = await completed_with_name(server, name)
    link = await client.get(f"/v1/signing-requests/{got['id']}/download")
    assert link.status == 200, link
    stem = name.rsplit(".", 1)[0]
    assert link.json["document_name"] == f"{stem}-signed.pdf"
    pdf = await client.get(link.json["download_url"][len(server.url):], key=None)
    assert pdf.status == 200 and pdf.body.startswith(b"%PDF"), pdf
    disposition = pdf.headers["Content-Disposition"]
    assert disposition == (f'attachment; filename="{fallback}"; '
                           f"filename*=UTF-8''{urllib.parse.quote(stem + '-signed.pdf', safe='')}")
    encoded = disposition.split("filename*=UTF-8''", 1)[1]
    assert urllib.parse.unquote(encoded) == f"{stem}-signed.pdf"


async def test_completed_webhook_names_the_signed_pdf_storage_key(server):
    from tests.support.webhooks import Receiver

    receiver = Receiver()
    try:
        got = await completed_with_name(server, "contract.pdf", receiver)
        await server.run_jobs()
        bodies = [r.json for r in receiver.at() if r.json["event"] == "signing_request.completed"]
        assert len(bodies) == 1, receiver.requests
        data = bodies[0]["data"]
        assert {"signing_request_id", "completed_at", "all_signers", "signed_pdf_storage_key"} <= set(data)
        stored = await server.services.store.signing_requests.by_id(got["id"])
        assert data["signed_pdf_storage_key"] == stored["signed_blob_key"]
        assert (await server.services.storage.get_bytes(data["signed_pdf_storage_key"])).startswith(b"%PDF")
    finally:
        receiver.stop()


@pytest.mark.parametrize("sig", ["%C3%A9", "%C3%A9" * 40, "%E2%80%8B", "0" * 64, "", "%00"])
async def test_download_signature_checks_never_fail_with_500(client, sig):
    resp = await client.get(f"/files/6f1c3a5e-0000-4000-8000-000000000000/signed?expires=9999999999&sig={sig}",
                            key=None)
    assert_error(resp, 403, "forbidden")


async def test_download_signature_that_is_not_utf8_is_400(client):
    resp = await client.get("/files/6f1c3a5e-0000-4000-8000-000000000000/signed?expires=9999999999&sig=%FF",
                            key=None)
    assert_error(resp, 400, "bad_request")


# --- sandbox keys change only sandbox records (design.md §11) -----------------------------------------

async def test_sandbox_key_cannot_change_live_requests_and_sends_nothing(server, client, document_id):
    jobs = server.services.store.jobs
    draft = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [DOC_SIGNER]})).json
    pending = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [
        {"name": "Bo", "email": "bo@example.test"}], "auto_send": True})).json
    assert pending["status"] == "pending"
    await server.run_jobs()
    sent_before = await jobs.count(kind="email")
    events_before = len((await client.get(f"/v1/signing-requests/{pending['id']}/events")).json)
    field = {"signer_id": draft["signers"][0]["id"], "x_percent": 10, "y_percent": 10}
    attempts = [
        ("send", draft["id"], None), ("cancel", draft["id"], None), ("fields", draft["id"], {"fields": [field]}),
        ("remind", pending["id"], None), ("cancel", pending["id"], {"reason": "sandbox"}),
        ("reactivate", pending["id"], {"expires_in_days": 7}),
        ("embedded-url", pending["id"], {"allowed_origin": "https://app.example.test"}),
    ]
    for action, request_id, body in attempts:
        resp = await client.post(f"/v1/signing-requests/{request_id}/{action}", body, key="a_sandbox",
                                 headers={"Idempotency-Key": f"sandbox-{action}-{request_id}"})
        err = assert_error(resp, 403, "forbidden")
        assert "sandbox" in err["message"], (action, err)
    await server.run_jobs()
    assert await jobs.count(kind="email") == sent_before  # no invitation, reminder or cancellation
    assert (await client.get(f"/v1/signing-requests/{draft['id']}")).json["status"] == "draft"
    after = await client.get(f"/v1/signing-requests/{pending['id']}", key="a_sandbox")  # reading is fine
    assert after.status == 200 and after.json["status"] == "pending"
    assert len((await client.get(f"/v1/signing-requests/{pending['id']}/events")).json) == events_before
    listed = await client.get("/v1/signing-requests", key="a_sandbox")
    assert listed.status == 200 and listed.json["total"] == 2


async def test_sandbox_key_cannot_change_other_live_records(client, document_id):
    live = (await client.post("/v1/templates", await template_body(client, document_id))).json
    assert_error(await client.patch(f"/v1/templates/{live['id']}", {"name": "x"}, key="a_sandbox"), 403, "forbidden")
    assert_error(await client.delete(f"/v1/templates/{live['id']}", key="a_sandbox"), 403, "forbidden")
    assert (await client.get(f"/v1/templates/{live['id']}", key="a_sandbox")).json["name"] == "T"
    contact = (await client.post("/v1/contacts", {"name": "Live", "email": "live@example.test"})).json
    assert_error(await client.post("/v1/contacts", {"name": "Renamed", "email": "live@example.test"},
                                   key="a_sandbox"), 403, "forbidden")
    assert_error(await client.delete(f"/v1/contacts/{contact['id']}", key="a_sandbox"), 403, "forbidden")
    assert (await client.get("/v1/contacts")).json["items"][0]["name"] == "Live"
    assert_error(await client.post("/v1/webhooks", {"name": "h", "url": "http://127.0.0.1:9/x",
                                                    "events": ["signing_request.created"]}, key="a_sandbox"),
                 403, "forbidden")
    # a wrong method is still a 405, whatever the key
    assert_error(await client.request("PUT", "/v1/contacts", body=b"{}", key="a_sandbox"), 405)


async def test_sandbox_key_changes_its_own_sandbox_records(server, client, document_id):
    made = await client.post("/v1/signing-requests", {"document_id": document_id, "signers": [DOC_SIGNER]},
                             key="a_sandbox")
    assert made.status == 201 and made.json["sandbox"] is True
    rid = made.json["id"]
    assert (await client.post(f"/v1/signing-requests/{rid}/send", key="a_sandbox")).json["status"] == "pending"
    assert (await client.post(f"/v1/signing-requests/{rid}/remind", key="a_sandbox")).json == \
        {"sent_count": 0, "signers": []}
    assert (await client.post(f"/v1/signing-requests/{rid}/cancel", key="a_sandbox")).json["status"] == "cancelled"
    template = (await client.post("/v1/templates", await template_body(client, document_id), key="a_sandbox")).json
    assert (await client.patch(f"/v1/templates/{template['id']}", {"name": "S2"}, key="a_sandbox")).status == 200
    assert (await client.delete(f"/v1/templates/{template['id']}", key="a_sandbox")).status == 204
    await server.run_jobs()
    assert await server.services.store.jobs.count(kind="email") == 0


# --- answers that tell nothing about the server's software ----------------------------------------------

@pytest.mark.parametrize("path, key", [("/healthz", None), ("/v1/documents", "a"), ("/v1/nope", None),
                                       ("/docs", None), ("/docs/assets/swagger-ui.css", None),
                                       ("/v1/openapi.json", None), ("/sign/not-a-token", None)])
async def test_no_server_version_header(client, path, key):
    resp = await client.get(path, key=key)
    assert resp.status < 500, resp
    assert "Server" not in resp.headers, resp.headers.get("Server")


# --- errors that help -------------------------------------------------------------------------------

PYTHON_NAME = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b|Error\b|Exception\b|Traceback")


def multipart(parts: list[tuple[str, str | None, bytes]]) -> tuple[bytes, dict]:
    boundary = "confBoundary0123456789"
    body = b""
    for name, filename, data in parts:
        disposition = f'form-data; name="{name}"' + (f'; filename="{filename}"' if filename else "")
        body += f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode() + data + b"\r\n"
    return body + f"--{boundary}--\r\n".encode(), {"Content-Type": f"multipart/form-data; boundary={boundary}"}


@pytest.mark.parametrize("parts", [
    [("document", "contract.pdf", b"%PDF-1.4 ...")],                    # curl -F document=@contract.pdf
    [("document", None, b"%PDF-1.4 " + b"x" * 10_000)],                 # curl -F document=<contract.pdf
    [("name", None, b"contract.pdf")],                                   # no file at all
])
async def test_upload_names_the_part_it_expects(client, parts):
    body, headers = multipart(parts)
    resp = await client.request("POST", "/v1/documents/upload", body=body, headers=headers)
    err = assert_error(resp, 400, "bad_request")
    assert 'part named "file"' in err["message"], err


@pytest.mark.parametrize("data", [
    b"%PDF-1.7\n" + bytes(range(256)) * 80,                              # unreadable structure
    SAMPLE_PDF.read_bytes()[:12_000],                                    # truncated
    b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 >>"
    b" endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",                       # a page tree that loops
    b"just text",
])
async def test_broken_pdf_messages_are_for_people(client, data):
    err = assert_error(await client.upload(data, "broken.pdf"), 400, "invalid_pdf")
    assert not PYTHON_NAME.search(err["message"]), err["message"]
    assert "PDF" in err["message"]


# --- quickstart on another port: every link follows it -----------------------------------------------

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
    return {**env, **extra}


def _read_until_listening(proc, deadline: float) -> tuple[str, dict]:
    """stdout up to the server's `listening` line (bounded in time)."""
    text = ""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if not ready:
            if proc.poll() is not None:
                break
            continue
        line = proc.stdout.readline()
        if not line:
            break
        text += line
        if line.startswith("{"):
            return text, json.loads(line)
    raise AssertionError(f"no listening line: {text!r} {proc.stderr.read() if proc.poll() is not None else ''}")


def _call(method, url, key, body=None, headers=None):
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    hdrs = {"X-API-Key": key, **({"Content-Type": "application/json"} if isinstance(body, dict) else {}),
            **(headers or {})}
    req = urllib.request.Request(url, data=data, method=method, headers=hdrs)
    with urllib.request.urlopen(req, timeout=30) as resp:
        return resp.status, json.loads(resp.read())


def _stop(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.mark.slow
def test_run_script_on_another_port_sends_links_to_that_port(tmp_path):
    port = _free_port()
    env = _env(ESIGN_SERVER_PORT=str(port), ESIGN_EMAIL_PATH=str(tmp_path / "mail"),
               ESIGN_STORAGE_PATH=str(tmp_path / "blobs"))
    proc = subprocess.Popen([str(ROOT / "scripts" / "run"), "--demo-embed"], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        banner, event = _read_until_listening(proc, time.monotonic() + 120)
        base = f"http://127.0.0.1:{port}"
        assert event["public_url"] == base and event["url"] == base, event
        assert f"{base}/docs" in banner and f"{base}/v1/documents" in banner and ":8080" not in banner
        assert "http://localhost:8000" in banner
        key = re.search(r"API key:\s+(\S+)", banner).group(1)
        body, headers = multipart([("file", "contract.pdf", SAMPLE_PDF.read_bytes())])
        status, doc = _call("POST", f"{base}/v1/documents/upload", key, body, headers)
        assert status == 201
        status, made = _call("POST", f"{base}/v1/signing-requests", key, {
            "document_id": doc["id"], "signers": [DOC_SIGNER], "auto_send": True})
        assert status == 201 and made["status"] == "pending"
        for origin in (base, "http://localhost:8000"):  # the service's own origin and the demo page's
            status, embedded = _call("POST", f"{base}/v1/signing-requests/{made['id']}/embedded-url", key,
                                     {"allowed_origin": origin})
            assert status == 201 and embedded["signers"][0]["embedded_url"].startswith(f"{base}/sign/"), embedded
        deadline = time.monotonic() + 30
        mails: list[str] = []  # the signer's invitation (the demo member's welcome is mailed too)
        while not any("/sign/" in m for m in mails) and time.monotonic() < deadline:
            mails = [p.read_text(errors="replace") for p in (tmp_path / "mail" / "new").glob("*")] \
                if (tmp_path / "mail" / "new").exists() else []
            time.sleep(0.2)
        assert mails, "no invitation was written"
        links = re.findall(r"http://[^\s\"<>]+/sign/[A-Za-z0-9_-]+", "".join(mails))
        assert links and all(link.startswith(f"{base}/sign/") for link in links), links
        while not any("/console/sign-in/" in m for m in mails) and time.monotonic() < deadline:
            mails = [p.read_text(errors="replace") for p in (tmp_path / "mail" / "new").glob("*")]
            time.sleep(0.2)
        time.sleep(1)  # scripts/console-link looks every half second
    finally:
        _stop(proc)
    assert "Traceback" not in proc.stderr.read()
    # the demo member's console sign-in link, printed once its welcome was mailed (on that port too)
    printed = proc.stdout.read()
    assert re.search(rf"^  {re.escape(base)}/console/sign-in/[A-Za-z0-9_-]+$", printed, re.M), printed


@pytest.mark.slow
def test_serve_warns_when_public_url_names_a_loopback_port_it_does_not_listen_on(tmp_path):
    config = tmp_path / "esign.toml"
    config.write_text(f'[server]\nport = 0\npublic_url = "http://127.0.0.1:1"\n[storage]\npath = "{tmp_path}/b"\n'
                      f'[email]\npath = "{tmp_path}/m"\n')
    proc = subprocess.Popen([str(ROOT / ".venv" / "bin" / "esign"), "serve", "--config", str(config), "--no-worker"],
                            cwd=tmp_path, env=_env(), text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _, event = _read_until_listening(proc, time.monotonic() + 60)
        assert event["public_url"] == "http://127.0.0.1:1"
    finally:
        _stop(proc)
    stderr = proc.stderr.read()
    port = event["url"].rsplit(":", 1)[1]
    assert f"server.public_url is http://127.0.0.1:1 but the server listens on port {port}" in stderr, stderr


def test_public_url_follows_host_and_port_unless_set(tmp_path):
    from esign import config as configmod

    path = tmp_path / "c.toml"
    path.write_text("[server]\nport = 8080\n")
    cfg = configmod.load(str(path), environ={"ESIGN_SERVER_PORT": "8090"})
    assert cfg.server.public_url == "http://127.0.0.1:8090"
    assert configmod.follow_listening_address(cfg, "127.0.0.1", 45123) is None  # --port, port 0
    assert cfg.server.public_url == "http://127.0.0.1:45123"
    assert "every interface" in configmod.follow_listening_address(cfg, "0.0.0.0", 8080)
    assert cfg.server.public_url == "http://127.0.0.1:8080"
    given = configmod.load(str(path), environ={"ESIGN_SERVER_PUBLIC_URL": "https://sign.example.test"})
    assert configmod.follow_listening_address(given, "127.0.0.1", 9000) is None  # a proxy's name: trusted
    assert given.server.public_url == "https://sign.example.test"
    slash = configmod.load(str(path), environ={"ESIGN_SERVER_PUBLIC_URL": "https://sign.example.test/"})
    assert slash.server.public_url == "https://sign.example.test"  # links add "/path" to it
    for url, port, warns in [("http://localhost:8080", 8090, True), ("http://127.0.0.1:8090/", 8090, False),
                             ("http://[::1]:1", 8090, True), ("http://127.0.0.1", 80, False)]:
        cfg = configmod.load(str(path), environ={"ESIGN_SERVER_PUBLIC_URL": url})
        assert bool(configmod.follow_listening_address(cfg, "127.0.0.1", port)) is warns, url


@pytest.mark.slow
def test_admin_add_embed_origin_on_memory_says_what_to_do(tmp_path):
    config = tmp_path / "esign.toml"
    config.write_text('[database]\nurl = "memory://"\n')
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "esign"), "admin", "--config", str(config),
                           "add-embed-origin", "Demo", "http://localhost:8000"],
                          capture_output=True, text=True, timeout=60, env=_env())
    assert proc.returncode == 2
    assert "[[organizations]]" in proc.stderr and "--demo-embed=ORIGIN" in proc.stderr


@pytest.mark.slow
def test_readme_walkthrough_works_as_pasted(tmp_path):
    block = re.search(r"### Walkthrough.*?```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S).group(1)
    key = "esk_live_readme_walkthrough_00000000000"
    config = tmp_path / "esign.toml"
    config.write_text(f'[server]\nport = 0\n[storage]\npath = "{tmp_path}/blobs"\n[email]\npath = "{tmp_path}/var/mail"\n'
                      f'[jobs]\npoll_interval_seconds = 0.1\n[[organizations]]\nname = "Demo"\nplan = "enterprise"\n'
                      f'[[organizations.api_keys]]\nkey = "{key}"\n')
    proc = subprocess.Popen([str(ROOT / ".venv" / "bin" / "esign"), "serve", "--config", str(config)], cwd=tmp_path,
                            env=_env(), text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _, event = _read_until_listening(proc, time.monotonic() + 60)
        script = block.replace("KEY=esk_live_...your_key...", f"KEY={key}", 1)
        script = script.replace("ESIGN=http://127.0.0.1:8080", f"ESIGN={event['url']}", 1)
        assert script.count(key) == 1 and script.count(event["url"]) == 1
        (tmp_path / "tests").symlink_to(ROOT / "tests")  # the walkthrough runs at the project's root
        (tmp_path / ".venv").symlink_to(ROOT / ".venv")
        run = subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=180,
                             env=_env())
        assert "Signature is Valid" in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
        assert "VERIFIED: every check passed." in run.stdout, run.stdout[-3000:] + run.stderr[-3000:]
        assert (tmp_path / "signed.pdf").read_bytes().startswith(b"%PDF-")
    finally:
        _stop(proc)

"""Lighthouse scores of the signing page, phone and desktop, at each state a signer reaches by its URL,
and of the front door: the editor (an authoring session's page) and the staff console's request list.

Run through scripts/bench/lighthouse.sh (it installs the pinned Lighthouse into .browser-deps/ and
passes its path). `esign serve` runs as a user starts it (a subprocess on `memory://`, local blobs, the
Maildir, under a temporary directory); a request with two parallel signers is sent through the API, and
the first signer's link is taken from their invitation in the Maildir. The states, in order:

  consent   the link as opened: the consent to electronic signatures
  document  after consenting (POST .../api/consent): the pages and their fields (signature, initials,
            text, checkbox, select, date), the actions
  signed    after signing (POST .../api/sign) while the other signer has not: the stored marks, the note
  editor    an authoring session's page (POST /v1/authoring-sessions for a new draft of the same PDF, no
            embedding origin: as the console opens it), each run opening the session's URL afresh
  console   the staff console's request list (/console/requests) of a member signed in from the link
            the console mailed (its cookie passed to Lighthouse as a header), listing the request above

Each state is measured with Lighthouse's default (a mobile phone, throttled) and `--preset=desktop`;
the JSON reports go to --out, and the scores and every failing audit (score < 1) are printed.
"""
from __future__ import annotations

import argparse
import email
import email.policy
import http.cookiejar
import json
import os
import pathlib
import re
import secrets
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

from server_process import embedded_config, start, stop  # scripts/bench is on sys.path

ROOT = pathlib.Path(__file__).resolve().parents[2]
ESIGN = ROOT / ".venv" / "bin" / "esign"
PDF = ROOT / "tests" / "corpus" / "pdflatex-4-pages.pdf"
CATEGORIES = ["performance", "accessibility", "best-practices", "seo"]
CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update "
                "--disable-sync --no-first-run")
ANN = "ann@example.test"
MEMBER = "mia@example.test"
FIELDS = [
    {"signer_email": ANN, "field_type": "signature", "x_percent": 10, "y_percent": 80, "width_percent": 30, "height_percent": 6},
    {"signer_email": ANN, "field_type": "initials", "x_percent": 60, "y_percent": 90, "width_percent": 10, "height_percent": 4},
    {"signer_email": ANN, "field_type": "text", "x_percent": 10, "y_percent": 20, "width_percent": 30, "height_percent": 4,
     "placeholder": "Company"},
    {"signer_email": ANN, "field_type": "checkbox", "x_percent": 10, "y_percent": 30, "width_percent": 3, "height_percent": 2},
    {"signer_email": ANN, "field_type": "select", "x_percent": 10, "y_percent": 40, "width_percent": 20, "height_percent": 4,
     "options": ["Monthly", "Yearly"]},
    {"signer_email": ANN, "field_type": "date", "x_percent": 60, "y_percent": 80, "width_percent": 20, "height_percent": 4},
    {"signer_email": "bob@example.test", "field_type": "signature", "page_number": 2, "x_percent": 10, "y_percent": 80,
     "width_percent": 30, "height_percent": 6},
]
VALUES = {"text": "Acme Ltd", "checkbox": True, "select": "Yearly"}


def call(method: str, url: str, body=None, key: str | None = None, files: bytes | None = None):
    headers = {"X-API-Key": key} if key else {}
    data = None
    if files is not None:
        boundary = secrets.token_hex(8)
        headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        data = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{PDF.name}\"\r\n"
                f"Content-Type: application/pdf\r\n\r\n").encode() + files + f"\r\n--{boundary}--\r\n".encode()
    elif body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data, headers, method=method), timeout=60) as resp:
            return json.loads(resp.read() or b"null")
    except urllib.error.HTTPError as err:
        raise SystemExit(f"{method} {url}: {err.code} {err.read().decode()}") from None


def link(maildir: pathlib.Path, address: str, path: str = "/sign/") -> str:
    """The first link under `path` in a mail to `address` in the Maildir (waiting for it up to a minute)."""
    for _ in range(120):
        for file in (maildir / "new").glob("*") if (maildir / "new").is_dir() else []:
            message = email.message_from_bytes(file.read_bytes(), policy=email.policy.default)
            if address in str(message["To"]):
                match = re.search(r"\S+" + re.escape(path) + r"[\w\-.~]+", message.get_body(("plain",)).get_content())
                if match:
                    return match.group(0)
        time.sleep(0.5)
    raise SystemExit(f"no mail with a {path} link for {address} in {maildir}")


CSRF = re.compile(r'name="csrf" value="([^"]*)"')


def console_cookie(base: str, maildir: pathlib.Path, member: str) -> str:
    """Sign `member` in to the console as a browser does (ask for a link, open the mailed link, press its
    button, each form with its CSRF token): the Cookie header of the signed-in browser."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def form(url: str, fields: dict[str, str]) -> None:
        page = opener.open(url, timeout=60).read().decode()
        data = urllib.parse.urlencode({**fields, "csrf": CSRF.search(page).group(1)}).encode()
        opener.open(urllib.request.Request(url, data, method="POST"), timeout=60).read()

    form(f"{base}/console/sign-in", {"email": member})
    form(base + urllib.parse.urlsplit(link(maildir, member, "/console/sign-in/")).path, {})
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def lighthouse(binary: str, chrome: str, url: str, preset: str, out: pathlib.Path, headers: dict | None = None) -> dict:
    cmd = [binary, url, "--output=json", f"--output-path={out}", "--quiet",
           f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={CHROME_FLAGS}"]
    if headers:
        cmd.append(f"--extra-headers={json.dumps(headers)}")
    if preset == "desktop":
        cmd.append("--preset=desktop")
    subprocess.run(cmd, check=True, env={**os.environ, "CHROME_PATH": chrome})
    return json.loads(out.read_text())


def report(state: str, preset: str, result: dict) -> tuple[dict, list[str]]:
    scores = {c: round(result["categories"][c]["score"] * 100) for c in CATEGORIES}
    failing = []
    for category in CATEGORIES[1:]:
        for ref in result["categories"][category]["auditRefs"]:
            audit = result["audits"][ref["id"]]
            if ref.get("weight", 0) and audit["score"] is not None and audit["score"] < 1:
                failing.append(f"  {state}/{preset} {category}: {audit['id']} ({audit['title']})")
    return scores, failing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lighthouse", required=True, help="the lighthouse executable")
    parser.add_argument("--chrome", default=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    parser.add_argument("--out", default=str(ROOT / "test-artifacts" / "lighthouse"))
    parser.add_argument("--states", default="consent,document,signed,editor,console")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    wanted = args.states.split(",")
    key = "esk_live_" + secrets.token_urlsafe(32)
    rows, failing = [], []
    with tempfile.TemporaryDirectory(prefix="esign-lighthouse-") as tmpdir:
        tmp = pathlib.Path(tmpdir)
        config = embedded_config(tmp, f'[[organizations]]\nname = "Demo"\nplan = "enterprise"\n'
                                      f'[[organizations.api_keys]]\nkey = "{key}"\nscopes = ["read", "write"]\n'
                                      f'[[organizations.members]]\nemail = "{MEMBER}"\nname = "Mia Member"\nrole = "admin"\n')
        env = {k: v for k, v in os.environ.items() if not k.startswith("ESIGN_")}
        proc, port = start([str(ESIGN), "serve", "--config", str(config), "--port", "0"], env=env, cwd=tmp)
        try:
            base = f"http://127.0.0.1:{port}"
            document = call("POST", f"{base}/v1/documents/upload", key=key, files=PDF.read_bytes())
            call("POST", f"{base}/v1/signing-requests", {
                "document_id": document["id"], "auto_send": True, "fields": FIELDS,
                "signers": [{"name": "Ann Example", "email": ANN}, {"name": "Bob Example", "email": "bob@example.test"}]},
                key=key)
            url = link(tmp / "mail", ANN)
            api = url + "/api"

            def measure(state: str, page: str | None = None, headers: dict | None = None) -> None:
                for preset in ("mobile", "desktop"):
                    result = lighthouse(args.lighthouse, args.chrome, page or url, preset, out / f"{state}-{preset}.json",
                                        headers)
                    scores, bad = report(state, preset, result)
                    rows.append((state, preset, scores))
                    failing.extend(bad)
                    print(f"{state:9} {preset:8} " + "  ".join(f"{c} {s}" for c, s in scores.items()), flush=True)

            if "consent" in wanted:
                measure("consent")
            call("POST", f"{api}/consent", {})
            if "document" in wanted:
                measure("document")
            fields = call("GET", api)["fields"]
            values = {f["id"]: VALUES[f["field_type"]] for f in fields if f["field_type"] in VALUES}
            call("POST", f"{api}/sign", {"values": values, "consent": True,
                                         "signature": {"kind": "typed", "text": "Ann Example"},
                                         "initials": {"kind": "typed", "text": "AE"}})
            if "signed" in wanted:
                measure("signed")
            if "editor" in wanted:
                session = call("POST", f"{base}/v1/authoring-sessions", {"mode": "request", "document_ids": [document["id"]]},
                               key=key)
                measure("editor", session["url"])
            if "console" in wanted:
                measure("console", f"{base}/console/requests", {"Cookie": console_cookie(base, tmp / "mail", MEMBER)})
        finally:
            stop(proc)
    print("\n| state | device | " + " | ".join(CATEGORIES) + " |\n|---|---|" + "---:|" * len(CATEGORIES))
    for state, preset, scores in rows:
        print(f"| {state} | {'phone' if preset == 'mobile' else 'desktop'} | "
              + " | ".join(str(scores[c]) for c in CATEGORIES) + " |")
    print("\nfailing audits (accessibility, best practices, SEO):" if failing else "\nno failing audits")
    print("\n".join(failing))
    print(f"\nreports: {out}")


if __name__ == "__main__":
    main()

"""The main flow on a real esign server whose `[storage] provider = "gridfs"`: upload a PDF, create
and send a signing request, sign it through the signer API, run the finalisation job and download
the signed PDF, streamed by esign out of GridFS; nothing reaches the local blob directory. On the
embedded database, or the real MongoDB of `ESIGN_TEST_DATABASE_URL`."""
from __future__ import annotations

import subprocess

import tornado.httpclient

from tests.support import raw_db, running_server
from tests.support.signing import ANN, make_request, spost, typed


async def test_upload_sign_download_on_gridfs(tmp_path):
    async with running_server(tmp_path, overrides={"storage": {"provider": "gridfs"}}) as srv:
        assert (await srv.client.get("/readyz", key=None)).status == 200
        made = await make_request(srv, [ANN], fields={"sig": {}})
        files = raw_db(srv.services)["esign_blobs.files"]
        stored = [f["filename"] for f in await files.find({}, {"filename": 1}).to_list(None)]
        assert stored and all(name.startswith("orgs/") for name in stored), stored
        assert not (tmp_path / "blobs").exists()  # nothing went to the local directory

        resp = await spost(srv, await made.token(0), "sign", {"signature": typed(), "consent": True})
        assert resp.status == 200 and resp.json["request"]["status"] == "completed", resp
        await srv.run_jobs()
        got = await made.get()
        assert got["signed_pdf_status"] == "ready", got

        link = await srv.client.get(f"/v1/signing-requests/{made.id}/download")
        assert link.status == 200, link
        url = link.json["download_url"]
        assert url.startswith(f"{srv.url}/files/{made.id}/signed?")  # GridFS has no URLs of its own
        http = tornado.httpclient.AsyncHTTPClient(force_instance=True)
        pdf = await http.fetch(url, raise_error=False, request_timeout=30)
        http.close()
        assert pdf.code == 200 and pdf.body.startswith(b"%PDF"), pdf
        assert pdf.headers["Content-Type"] == "application/pdf"
        signed = [f for f in await files.find({}, {"filename": 1, "length": 1}).to_list(None)
                  if f["filename"].endswith(".pdf") and f["length"] == len(pdf.body)]
        assert signed, "the signed PDF is served from GridFS"
        path = tmp_path / "signed.pdf"
        path.write_bytes(pdf.body)
        out = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout
        assert "Signature is Valid" in out and "Total document signed" in out, out

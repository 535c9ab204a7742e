"""The main flow on a real esign server whose `[storage] provider = "s3"` points at moto: upload a PDF,
create and send a signing request, sign it through the signer API, run the finalisation job and
download the signed PDF, from S3 itself (presigned URL) or streamed by esign."""
from __future__ import annotations

import subprocess

import pytest
import tornado.httpclient
from s3_support import storage_settings

from tests.support import running_server
from tests.support.signing import ANN, make_request, spost, typed


@pytest.mark.slow
@pytest.mark.parametrize("presign", [True, False])
async def test_upload_sign_download_on_s3(moto_url, bucket, s3, tmp_path, presign):
    async with running_server(tmp_path, overrides={"storage": storage_settings(moto_url, bucket,
                                                                               presign_downloads=presign)}) as srv:
        assert (await srv.client.get("/readyz", key=None)).status == 200
        made = await make_request(srv, [ANN], fields={"sig": {}})
        stored = [o["Key"] for o in s3.list_objects_v2(Bucket=bucket).get("Contents", [])]
        assert stored and all(k.startswith("esign-test/") for k in stored), stored
        assert not (tmp_path / "blobs").exists()  # nothing went to the local directory

        resp = await spost(srv, await made.token(0), "sign", {"signature": typed(), "consent": True})
        assert resp.status == 200 and resp.json["request"]["status"] == "completed", resp
        await srv.run_jobs()
        got = await made.get()
        assert got["signed_pdf_status"] == "ready", got

        link = await srv.client.get(f"/v1/signing-requests/{made.id}/download")
        assert link.status == 200, link
        url = link.json["download_url"]
        if presign:
            assert url.startswith(f"{moto_url}/{bucket}/esign-test/") and "X-Amz-Signature=" in url
        else:
            assert url.startswith(f"{srv.url}/files/{made.id}/signed?")
        http = tornado.httpclient.AsyncHTTPClient(force_instance=True)
        pdf = await http.fetch(url, raise_error=False, request_timeout=30)
        http.close()
        assert pdf.code == 200 and pdf.body.startswith(b"%PDF"), pdf
        assert pdf.headers["Content-Type"] == "application/pdf"
        assert 'filename="contract-signed.pdf"' in pdf.headers["Content-Disposition"]
        path = tmp_path / "signed.pdf"
        path.write_bytes(pdf.body)
        out = subprocess.run(["pdfsig", str(path)], capture_output=True, text=True).stdout
        assert "Signature is Valid" in out and "Total document signed" in out, out


async def test_readyz_reports_a_storage_that_is_gone(moto_url, bucket, s3, tmp_path):
    async with running_server(tmp_path, overrides={"storage": storage_settings(moto_url, bucket)}) as srv:
        s3.delete_bucket(Bucket=bucket)
        resp = await srv.client.get("/readyz", key=None)
        assert resp.status == 503 and resp.json["error"]["code"] == "upstream_unavailable", resp

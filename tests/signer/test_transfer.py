"""Transfer (issue 26, item 7), over real HTTP as a browser asks: gzip for HTML, JavaScript, CSS,
JSON and the handwriting font but never for PDFs or page images; the page's static files
content-addressed (`?v=`) and cached for a year; `GET /` a small HTML page naming the service."""
from __future__ import annotations

import gzip
import hashlib
import json

import tornado.httpclient

from esign.api.signer_page import STATIC, asset_url
from esign.pdf import fonts
from tests.support.signing import ANN, make_request, spost, typed

GZIP = {"Accept-Encoding": "gzip"}


async def raw_get(srv, path: str, headers=None) -> tornado.httpclient.HTTPResponse:
    """GET with the body as sent (not decompressed)."""
    req = tornado.httpclient.HTTPRequest(srv.client.base_url + path, headers=headers or {},
                                         follow_redirects=False, decompress_response=False)
    return await srv.client.http.fetch(req, raise_error=False)


def gzipped(resp) -> bytes:
    assert resp.code == 200, (resp.code, resp.body[:200])
    assert resp.headers.get("Content-Encoding") == "gzip", dict(resp.headers)
    assert "Accept-Encoding" in resp.headers.get("Vary", "")
    return gzip.decompress(resp.body)


async def test_html_javascript_css_and_json_are_gzipped_pdfs_and_images_not(server):
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)
    view = json.loads(gzipped(await raw_get(server, f"/sign/{token}/api", GZIP)))
    assert view["signer"]["email"] == ANN["email"]
    assert b"<html" in gzipped(await raw_get(server, f"/sign/{token}", GZIP))
    with open(f"{STATIC}/signer.js", "rb") as fh:
        assert gzipped(await raw_get(server, "/static/signer/signer.js", GZIP)) == fh.read()
    with open(f"{STATIC}/signer.css", "rb") as fh:
        assert gzipped(await raw_get(server, "/static/signer/signer.css", GZIP)) == fh.read()
    with open(fonts.path_of(fonts.HANDWRITING), "rb") as fh:  # the handwriting font (fonts-kristi)
        font = await raw_get(server, "/static/signer/handwriting.ttf", GZIP)
        assert gzipped(font) == fh.read() and len(font.body) < 0.8 * len(gzip.decompress(font.body))
    spec = gzipped(await raw_get(server, "/v1/openapi.json", GZIP))
    assert json.loads(spec)["openapi"]
    # a client that does not ask for it gets the bytes as they are
    plain = await raw_get(server, f"/sign/{token}/api")
    assert plain.code == 200 and "Content-Encoding" not in plain.headers and json.loads(plain.body)
    # a range of a static file is never gzipped (Content-Range counts the bytes as stored)
    part = await raw_get(server, "/static/signer/signer.js", {**GZIP, "Range": "bytes=0-99"})
    assert part.code == 206 and "Content-Encoding" not in part.headers and len(part.body) == 100
    # PDFs and page images: never (they stream as they are, with their length)
    image = await raw_get(server, view["pages"][0]["image_url"], GZIP)
    assert image.code == 200 and "Content-Encoding" not in image.headers
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).status == 200
    await server.run_jobs()
    pdf = await raw_get(server, f"/sign/{token}/download", GZIP)
    assert pdf.code == 200 and pdf.headers["Content-Type"] == "application/pdf"
    assert "Content-Encoding" not in pdf.headers and pdf.body.startswith(b"%PDF-")
    assert int(pdf.headers["Content-Length"]) == len(pdf.body)


async def test_static_files_are_content_addressed_and_cached_long(server):
    url = asset_url("signer.js")
    path, version = url.split("?v=")
    assert path == "/static/signer/signer.js" and len(version) == 16
    versioned = await raw_get(server, url)
    assert versioned.code == 200
    assert versioned.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    with open(f"{STATIC}/signer.js", "rb") as fh:
        data = fh.read()
    assert versioned.body == data
    assert version == hashlib.sha512(data).hexdigest()[:16]  # the file's hash: a changed file, another URL
    unversioned = await raw_get(server, "/static/signer/signer.js")
    assert unversioned.headers["Cache-Control"] == "public, max-age=3600"


async def test_home_page_names_the_service_and_links_docs_and_health(server):
    resp = await raw_get(server, "/")
    assert resp.code == 200 and resp.headers["Content-Type"].startswith("text/html")
    html = resp.body.decode()
    assert "<title>esign</title>" in html
    for link in ('href="/docs"', 'href="/healthz"', 'href="/v1/openapi.json"'):
        assert link in html, link
    assert (await raw_get(server, "/nope")).code == 404

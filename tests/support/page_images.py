"""Page images as a browser fetches them, and the ink inside a field's box."""
from __future__ import annotations

import io

import tornado.httpclient
from PIL import Image


async def fetch_image(srv, url: str) -> Image.Image:
    resp = await srv.client.get(url, key=None)
    assert resp.status == 200, resp
    img = Image.open(io.BytesIO(resp.body))
    img.load()
    return img


async def raw_get(srv, path: str, headers=None) -> tornado.httpclient.HTTPResponse:
    """GET as a browser's first request sees it: redirects not followed, bodies not decompressed."""
    req = tornado.httpclient.HTTPRequest(srv.client.base_url + path, headers=headers or {},
                                         follow_redirects=False, decompress_response=False)
    return await srv.client.http.fetch(req, raise_error=False)


def dark(img: Image.Image, f: dict) -> int:
    """How many pixels inside field `f`'s box are dark (ink)."""
    w, h = img.size
    box = (int(f["x_percent"] * w / 100), int(f["y_percent"] * h / 100),
           int((f["x_percent"] + f["width_percent"]) * w / 100), int((f["y_percent"] + f["height_percent"]) * h / 100))
    return sum(1 for v in img.convert("L").crop(box).tobytes() if v < 128)

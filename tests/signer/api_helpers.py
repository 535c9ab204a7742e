"""Helpers of the signer API tests: building signing requests with fields over the real API,
finding a signer's link token, calling the signer API without an API key, and signature images."""
from __future__ import annotations

import base64
import io
import random
import re
import struct
import zlib

import pytest
from PIL import Image

from esign.domain import lifecycle, links
from tests.conftest import SAMPLE_PDF, start_server, stop_server

PDF = SAMPLE_PDF.read_bytes()
ORIGIN = "https://app.example.test"

ANN = {"name": "Ann Example", "email": "ann@example.test", "phone": "+1 555 0100 123", "order": 1}
BOB = {"name": "Bob Stone", "email": "bob@example.test", "order": 2}
CY = {"name": "Cy Young", "email": "cy@example.test", "order": 3}


@pytest.fixture
async def id_server(tmp_path):
    """A server whose identity provider is the builtin `basic` one."""
    srv = await start_server(tmp_path, overrides={"identity": {"provider": "basic"}})
    yield srv
    await stop_server(srv)


async def upload(srv, key="a", name="contract.pdf") -> str:
    resp = await srv.client.upload(PDF, name, key=key)
    assert resp.status == 201, resp
    return resp.json["id"]


class Made:
    """A signing request made for a test: its id, signer ids in input order, field ids by name."""

    def __init__(self, srv, body: dict, key: str, field_ids: dict):
        self.srv, self.body, self.key, self.fields = srv, body, key, field_ids
        self.id = body["id"]
        self.signer_ids = [s["id"] for s in body["signers"]]

    async def record(self) -> dict:
        return await self.srv.services.store.signing_requests.by_id(self.id)

    async def token(self, i: int = 0) -> str:
        """Signer i's link token, taken from the link the invitation carries."""
        request = await self.record()
        signer = lifecycle.find_signer(request, self.signer_ids[i])
        assert signer.get("token_nonce"), f"signer {i} was not invited"
        return links.signing_url(self.srv.services, request, signer).rsplit("/", 1)[1]

    async def get(self) -> dict:
        resp = await self.srv.client.get(f"/v1/signing-requests/{self.id}", key=self.key)
        assert resp.status == 200, resp
        return resp.json

    async def events(self) -> list[dict]:
        """Events of the request, oldest first."""
        resp = await self.srv.client.get(f"/v1/signing-requests/{self.id}/events", key=self.key)
        assert resp.status == 200, resp
        return resp.json[::-1]

    async def event_types(self) -> list[str]:
        return [e["event_type"] for e in await self.events()]

    async def embedded(self, origin: str = ORIGIN) -> dict:
        """signer id -> embedded URL token."""
        resp = await self.srv.client.post(f"/v1/signing-requests/{self.id}/embedded-url", {"allowed_origin": origin},
                                          key=self.key)
        assert resp.status == 201, resp
        out = {}
        for s in resp.json["signers"]:
            m = re.fullmatch(r"http://127\.0\.0\.1:\d+/sign/([^/?]+)\?embed=1", s["embedded_url"])
            assert m, s["embedded_url"]
            out[s["signer_id"]] = m.group(1)
        return out


async def make_request(srv, signers=(ANN,), fields=None, order="parallel", key="a", send=True, document_id=None,
                       **extra) -> Made:
    """Create (and send) a request. `fields` maps a name of the test's choosing to a field shape
    whose `signer` is the signer's index (default 0)."""
    client = srv.client
    doc = document_id or await upload(srv, key)
    resp = await client.post("/v1/signing-requests", {"document_id": doc, "signers": list(signers),
                                                      "signing_order": order, **extra}, key=key)
    assert resp.status == 201, resp
    body = resp.json
    field_ids = {}
    if fields:
        shapes = []
        for name, f in fields.items():
            f = dict(f)
            signer = f.pop("signer", 0)
            shapes.append({"x_percent": 10, "y_percent": 10 + 3 * len(shapes) % 80, "width_percent": 20,
                           "height_percent": 3, **f, "signer_id": body["signers"][signer]["id"]})
        got = await client.post(f"/v1/signing-requests/{body['id']}/fields", {"fields": shapes}, key=key)
        assert got.status == 201, got
        field_ids = {name: f["id"] for name, f in zip(fields, got.json)}
    if send:
        sent = await client.post(f"/v1/signing-requests/{body['id']}/send", key=key)
        assert sent.status == 200, sent
        body = sent.json
    return Made(srv, body, key, field_ids)


# --- the signer's calls (no API key) ----------------------------------------------------------------

async def sget(srv, token, path="/api", **kw):
    return await srv.client.get(f"/sign/{token}{path}", key=None, **kw)


async def spost(srv, token, action, body=None, **kw):
    return await srv.client.post(f"/sign/{token}/api/{action}", body, key=None, **kw)


def typed(text="Ann Example"):
    return {"kind": "typed", "text": text}


# --- images ----------------------------------------------------------------------------------------

def png_bytes(img: Image.Image, fmt="PNG") -> bytes:
    out = io.BytesIO()
    img.save(out, format=fmt)
    return out.getvalue()


def data_url(raw: bytes, mime="image/png") -> str:
    return f"data:{mime};base64," + base64.b64encode(raw).decode()


def ink_png(size=(240, 80)) -> bytes:
    """A transparent PNG with a dark stroke: a drawn signature."""
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    for x in range(20, size[0] - 20):
        y = size[1] // 2 + (x % 17) - 8
        for dy in range(3):
            img.putpixel((x, y + dy), (10, 10, 40, 255))
    return png_bytes(img)


def largest_png(size: int = 256 * 1024, seed: int = 0) -> bytes:
    """A PNG of exactly `size` bytes with ink on it (the drawing cap is 256 KB): noise, which does not
    compress, padded to the byte with a private ancillary chunk; another `seed`, other pixels."""
    rnd = random.Random(seed)
    side = int((size * 0.9 / 4) ** 0.5)
    img = Image.frombytes("RGBA", (side, side), bytes(rnd.getrandbits(8) | (0xFF if i % 4 == 3 else 0)
                                                       for i in range(side * side * 4)))
    raw = png_bytes(img)
    pad = size - len(raw) - 12  # a chunk is length, type and CRC around its data
    assert pad >= 0, (size, len(raw))
    data = b"\0" * pad
    chunk = struct.pack(">I", pad) + b"prVt" + data + struct.pack(">I", zlib.crc32(b"prVt" + data) & 0xFFFFFFFF)
    end = raw.rindex(b"IEND") - 4
    return raw[:end] + chunk + raw[end:]


def drawn(raw: bytes | None = None):
    return {"kind": "drawn", "image": data_url(raw or ink_png())}


async def sraw(srv, token, action, raw: bytes, content_type="application/json"):
    """POST a raw (possibly broken) body to a signer action."""
    return await srv.client.request("POST", f"/sign/{token}/api/{action}", body=raw, key=None,
                                    headers={"Content-Type": content_type})

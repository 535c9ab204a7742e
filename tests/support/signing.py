"""Signing requests built over the real API (with fields, sent, completed, downloaded), a signer's link
token, and the signer API called without an API key."""
from __future__ import annotations

import re

from esign.domain.requests import lifecycle, links
from tests.support.documents import SAMPLE_PDF
from tests.support.images import data_url, ink_png

PDF = SAMPLE_PDF.read_bytes()
ORIGIN = "https://app.example.test"

ANN = {"name": "Ann Example", "email": "ann@example.test", "phone": "+12025550123", "order": 1}
BOB = {"name": "Bob Stone", "email": "bob@example.test", "order": 2}
CY = {"name": "Cy Young", "email": "cy@example.test", "order": 3}


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
        for f in fields.values():
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


def drawn(raw: bytes | None = None):
    return {"kind": "drawn", "image": data_url(raw or ink_png())}


async def sraw(srv, token, action, raw: bytes, content_type="application/json"):
    """POST a raw (possibly broken) body to a signer action."""
    return await srv.client.request("POST", f"/sign/{token}/api/{action}", body=raw, key=None,
                                    headers={"Content-Type": content_type})


# --- requests completed through the domain (no browser, no link) --------------------------------------

THREE = [{"name": "Ann", "email": "ann@example.test", "order": 1},
         {"name": "Bob", "email": "bob@example.test", "order": 2},
         {"name": "Cy", "email": "cy@example.test", "order": 2}]


async def new_request(srv, signers=THREE, order="sequential", **extra):
    client = srv.client
    doc = (await client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    resp = await client.post("/v1/signing-requests", {"document_id": doc, "signers": signers, "signing_order": order,
                                                      "auto_send": True, **extra})
    assert resp.status == 201, resp
    return await srv.services.store.signing_requests.by_id(resp.json["id"])


SIGNERS = [{"name": "Zoë Ångström", "email": "zoe@example.test", "order": 1},
           {"name": "Bob Signer", "email": "bob@example.test", "order": 2}]


async def complete_request(server, client, document_id, key="a", **extra):
    r = (await client.post("/v1/signing-requests", {"document_id": document_id, "signers": SIGNERS,
                                                    "signing_order": "sequential", **extra}, key=key)).json
    zoe, bob = r["signers"]
    fields = [{"signer_id": zoe["id"], "x_percent": 10, "y_percent": 80, "width_percent": 30, "height_percent": 6},
              {"signer_id": zoe["id"], "field_type": "date", "x_percent": 60, "y_percent": 80},
              {"signer_id": bob["id"], "field_type": "text", "page_number": 2, "x_percent": 10, "y_percent": 10,
               "value": "ACME-42"},
              {"signer_id": bob["id"], "x_percent": 10, "y_percent": 90, "page_number": 4}]
    assert (await client.post(f"/v1/signing-requests/{r['id']}/fields", {"fields": fields}, key=key)).status == 201
    assert (await client.post(f"/v1/signing-requests/{r['id']}/send", key=key)).status == 200
    request = await server.services.store.signing_requests.by_id(r["id"])
    for signer in request["signers"]:
        request = await lifecycle.sign(server.services, request, signer["id"], {},
                                       {"kind": "typed", "text": signer["name"]}, {"ip_address": "127.0.0.5"})
    return request


async def signed_pdf(server, client, document_id, level) -> bytes:
    request = await complete_request(server, client, document_id, signing_level=level)
    await server.run_jobs()
    link = (await client.get(f"/v1/signing-requests/{request['id']}/download")).json["download_url"]
    return (await client.get(link[len(server.url):], key=None)).body

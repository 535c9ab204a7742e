"""Authoring sessions over the real API (esign.api.authoring): create one, open its URL's token for the
editor's secret, and call the editor's API with that secret (no API key)."""
from __future__ import annotations

ORIGIN = "https://app.example.test"  # Org A's registered embed origin (tests/support/server.py)
ANN = {"name": "Ann Example", "email": "ann@example.test"}
BOB = {"name": "Bob Stone", "email": "bob@example.test"}


async def create_session(client, document_id: str, key: str = "a", **body) -> dict:
    """A session (the create answer) editing a new draft of `document_id` with Ann as its signer (a key
    given as None is left out)."""
    payload = {"mode": "request", "document_ids": [document_id], "allowed_origin": ORIGIN,
               "defaults": {"signers": [ANN]}, **body}
    payload = {k: v for k, v in payload.items() if v is not None}
    resp = await client.post("/v1/authoring-sessions", payload, key=key)
    assert resp.status == 201, resp
    return resp.json


def token_of(session: dict) -> str:
    return session["url"].rsplit("/author/", 1)[1]


async def open_editor(client, session: dict):
    """The answer of swapping the session's token for a secret."""
    return await client.post("/author/api/open", {"token": token_of(session)}, key=None)


async def opened(client, session: dict) -> str:
    resp = await open_editor(client, session)
    assert resp.status == 201, resp
    return resp.json["secret"]


async def editor(client, secret: str, method: str, path: str, body=None):
    """A call of the editor's API (`/author/api` + `path`) with the page's secret."""
    return await client.request(method, "/author/api" + path, json_body=body, key=None,
                                headers={"Authorization": f"Bearer {secret}"})


async def editor_upload(client, secret: str, request_id: str, data: bytes, filename: str = "annex.pdf",
                        kind: str = "requests"):
    """A PDF added to the session's draft (`kind` "templates": its template, `request_id` the template's id)
    through the editor's upload (multipart, part `file`)."""
    boundary = "esignAuthoringBoundary0123456789"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\n"
            f"Content-Type: application/pdf\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return await client.request("POST", f"/author/api/{kind}/{request_id}/documents", body=body, key=None,
                                headers={"Authorization": f"Bearer {secret}",
                                         "Content-Type": f"multipart/form-data; boundary={boundary}"})


SIGNATURE = {"field_type": "signature", "page_number": 1, "x_percent": 10, "y_percent": 10}


async def make_template(client, document_id: str, **body) -> dict:
    payload = {"name": "Offer", "document_id": document_id, "default_message": "Please sign",
               "roles": [{"name": "Buyer", "fields": [SIGNATURE]}, {"name": "Seller"}], **body}
    resp = await client.post("/v1/templates", payload)
    assert resp.status == 201, resp
    return resp.json


async def template_session(client, template: dict, **body) -> dict:
    return await create_session(client, None, mode="template", template_id=template["id"], document_ids=None,
                                defaults=None, **body)

"""Public links as their tests use them (tests/public_links): a template with a visitor's role and a host,
a link of it, its slug, asking for a code and reading it from the Maildir."""
from __future__ import annotations

import re

from tests.support.mail import maildir
from tests.support.templates import field

NO_KEY = {"key": None}


async def template_of(client, document_id, roles=None):
    roles = roles or [{"name": "Guest", "fields": [field()]}, {"name": "Host", "fields": [field(x_percent=50)]}]
    resp = await client.post("/v1/templates", {"name": "Waiver", "document_id": document_id, "roles": roles})
    assert resp.status == 201, resp
    return resp.json


async def link_of(client, template, **extra):
    body = {"name": "Pool waiver", "public_role": "guest",
            "fixed_roles": [{"role": "Host", "name": "Hal Host", "email": "host@example.test"}], **extra}
    resp = await client.post(f"/v1/templates/{template['id']}/public-links", body)
    assert resp.status == 201, resp
    return resp.json


def slug(link):
    return link["url"].rsplit("/p/", 1)[1]


def code_for(server, address):
    """The last code emailed to `address` (from the Maildir)."""
    mails = [m for m in maildir(server) if address in m["To"]]
    assert mails, f"no code was emailed to {address}"
    return re.search(r"\b(\d{6})\b", mails[-1].get_body(("plain",)).get_content()).group(1)


async def start(server, link, address, name="Vera Visitor"):
    resp = await server.client.post(f"/p/{slug(link)}/start", {"name": name, "email": address}, **NO_KEY)
    await server.run_jobs()
    return resp



"""Every page of the console, the editor page and the signer's pages carry a `<meta name="description">` in the page's own
language, in each of the ten (Lighthouse's SEO audit asks for one; issue 38 item 6): read over real HTTP
from the pages a member and an editor's user see, and every console template extends the base that
carries it."""
from __future__ import annotations

import html
import pathlib
import re

from esign import i18n
from esign.domain.console import members as console_members
from tests.support.authoring import create_session, token_of
from tests.support.console import ConsoleBrowser, signed_in

DESCRIPTION = re.compile(r'<meta name="description" content="([^"]+)">')
TEMPLATES = pathlib.Path(i18n.__file__).parent.parent / "templates" / "console"
CONSOLE = "The esign staff console: prepare documents, send them for signature and follow each request to the end."
EDITOR = "Place the fields that people fill in and sign on the document, then send it for signature."
SIGNER = "Read a document sent to you, fill in your fields and sign it online."


def description(body: bytes) -> str:
    [found] = DESCRIPTION.findall(body.decode())
    return html.unescape(found)


def test_every_console_page_template_extends_the_base_that_describes_it():
    pages = [p for p in TEMPLATES.glob("*.html") if p.name != "base.html"]
    assert len(pages) >= 12
    assert [p.name for p in pages if not p.read_text().startswith('{% extends "base.html" %}')] == []
    assert '<meta name="description" content="{{ _(' in (TEMPLATES / "base.html").read_text()


async def test_the_console_and_the_editor_are_described_in_every_language(server, client, document_id):
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, "ada@a.example.test", "Ada Admin", "sender")
    member = await signed_in(server, "ada@a.example.test")
    stranger = ConsoleBrowser(server.url)
    editor = token_of(await create_session(client, document_id))
    seen: dict[str, set[str]] = {"console": set(), "editor": set(), "signer": set()}
    for lang in i18n.LOCALES:
        gettext = i18n.translations(lang).gettext
        assert gettext(CONSOLE) and gettext(EDITOR)
        for browser, path in ((stranger, "/console/sign-in"), (member, "/console/requests"), (member, "/console/sessions"),
                              (member, "/console/templates"), (member, "/console/requests/new"),
                              (member, "/console/requests?status=nonsense")):
            page = await browser.get(f"{path}{'&' if '?' in path else '?'}lang={lang}")
            assert f'<html lang="{lang}"' in page.body.decode(), (path, page.status)
            assert description(page.body) == gettext(CONSOLE), (lang, path)
        seen["console"].add(gettext(CONSOLE))
        page = await client.get(f"/author/{editor}?lang={lang}", key=None)
        assert page.status == 200 and description(page.body) == gettext(EDITOR), lang
        seen["editor"].add(gettext(EDITOR))
        page = await client.get(f"/sign/{'0' * 64}?lang={lang}", key=None)  # the signer's side: an unknown link
        assert page.status == 404 and description(page.body) == gettext(SIGNER), lang
        seen["signer"].add(gettext(SIGNER))
    assert len(seen["console"]) == len(seen["editor"]) == len(seen["signer"]) == len(i18n.LOCALES)
    member.close()
    stranger.close()

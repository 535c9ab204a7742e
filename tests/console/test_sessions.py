"""A member's own console sessions over real HTTP: where they are signed in, newest first, this browser
marked; ending one of them signs that browser out (the own one: this browser too), with the form's CSRF
token only; another member's session cannot be ended from here."""
from __future__ import annotations

import re

from esign.domain.console import members as console_members
from tests.support.console import CSRF, ConsoleBrowser, signed_in

SESSION = re.compile(r'name="session" value="([^"]+)"')


async def _member(server, email: str) -> None:
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, email, email.split("@")[0], "sender")


async def _sessions(browser: ConsoleBrowser) -> tuple[list[str], str, str]:
    """(the listed sessions' ids, this browser's, the form's CSRF token)."""
    page = await browser.get("/console/sessions")
    assert page.status == 200, page
    text = page.body.decode()
    current = re.search(r'<tr data-current="1">.*?name="session" value="([^"]+)"', text, re.S)
    return SESSION.findall(text), current.group(1) if current else "", CSRF.search(text).group(1)


async def test_a_member_sees_their_sessions_and_ends_one_or_their_own(server):
    await _member(server, "ada@a.example.test")
    await _member(server, "sam@a.example.test")
    first = await signed_in(server, "ada@a.example.test")
    server.clock.advance(minutes=1)
    second = await signed_in(server, "ada@a.example.test")
    sam = await signed_in(server, "sam@a.example.test")
    listed, mine, csrf = await _sessions(first)
    assert len(listed) == 2 and listed[1] == mine  # newest first: the second browser's, then this one
    other = listed[0]
    # without the form's token nothing ends; another member's session is not the member's to end
    assert (await first.post("/console/sessions", {"session": other})).status == 403
    [sams], _, _ = await _sessions(sam)
    refused = await first.post("/console/sessions", {"session": sams, "csrf": csrf})
    assert refused.status == 404, refused
    assert (await sam.get("/console/requests")).status == 200
    # the other browser's session: it is signed out, this one is not
    ended = await first.post("/console/sessions", {"session": other, "csrf": csrf})
    assert ended.status == 303 and ended.headers["Location"] == "/console/sessions?done=ended", ended
    assert (await second.get("/console/requests")).headers["Location"] == "/console/sign-in"
    assert (await _sessions(first))[0] == [mine]
    assert "role=\"status\"" in (await first.get("/console/sessions?done=ended")).body.decode()
    # this browser's own: signed out here too
    own = await first.post("/console/sessions", {"session": mine, "csrf": csrf})
    assert own.status == 303 and own.headers["Location"] == "/console/sign-in", own
    assert (await first.get("/console/sessions")).headers["Location"] == "/console/sign-in"
    assert (await first.post("/console/sessions", {"session": mine, "csrf": csrf})).headers["Location"] == \
        "/console/sign-in"
    metrics = (await server.client.get("/metrics", key=None)).body.decode()
    assert 'esign_console_sign_outs_total{scope="one_session"} 2.0' in metrics  # the other's and its own; not sam's
    for browser in (first, second, sam):
        browser.close()


async def test_the_list_is_linked_from_the_requests_page(server):
    await _member(server, "ada@a.example.test")
    ada = await signed_in(server, "ada@a.example.test")
    assert 'href="/console/sessions?lang=en"' in (await ada.get("/console/requests")).body.decode()
    ada.close()

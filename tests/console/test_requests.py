"""The console's requests list over real HTTP: a sender sees the requests they own, an admin every
request of the organisation and nothing of another; filter by status, search by a signer's address,
50 a page paged by cursor; signed out it leads to sign-in; and a plugin's extra sign-in button."""
from __future__ import annotations

import datetime as dt
import re

import pytest

from esign import plugins as pluginsmod
from esign.domain.console import members as console_members
from esign.hookspecs import hookimpl
from tests.support import running_server
from tests.support.console import ConsoleBrowser, signed_in
from tests.support.signing import ANN, BOB, make_request, upload

ROW = re.compile(r'<tr data-id="([0-9a-f-]+)">')


async def _member(server, org_name: str, email: str, role: str) -> None:
    org = await server.services.store.organizations.by_name(org_name)
    await console_members.add_member(server.services, org, email, email.split("@")[0], role)


async def _listed(browser: ConsoleBrowser, query: str = "") -> tuple[list[str], str]:
    page = await browser.get("/console/requests" + query)
    assert page.status == 200, page
    text = page.body.decode()
    after = re.search(r'rel="next" href="/console/requests\?([^"]*)"', text)
    return ROW.findall(text), after.group(1).replace("&amp;", "&") if after else ""


@pytest.mark.slow  # about a second: four requests, three sign-ins
async def test_a_sender_sees_their_own_requests_an_admin_all_and_no_one_another_organisations(server):
    await _member(server, "Org A", "ada@a.example.test", "sender")  # owner of key `a`'s requests
    await _member(server, "Org A", "boss@a.example.test", "admin")
    await _member(server, "Org B", "bea@b.example.test", "admin")
    adas = [(await make_request(server, [ANN])).id, (await make_request(server, [ANN, BOB], send=False)).id]
    sandys = (await make_request(server, [BOB], key="a_sandbox")).id  # owner sandy@a.example.test
    bs = (await make_request(server, [ANN], key="b")).id
    ada, boss, bea = [await signed_in(server, e) for e in ("ada@a.example.test", "boss@a.example.test",
                                                           "bea@b.example.test")]
    assert sorted((await _listed(ada))[0]) == sorted(adas)
    assert sorted((await _listed(boss))[0]) == sorted([*adas, sandys])
    assert (await _listed(bea))[0] == [bs]
    # filters: status, a signer's address (each with "mine" too)
    assert (await _listed(ada, "?status=draft"))[0] == [adas[1]]
    assert (await _listed(boss, "?status=pending&q=bob%40example.test"))[0] == [sandys]
    assert (await _listed(ada, "?q=bob%40example.test"))[0] == [adas[1]]
    assert (await _listed(ada, "?status=pending&q=bob%40example.test"))[0] == []
    # another organisation's request as a cursor names nothing here; bad filters are 400 pages
    assert (await bea.get(f"/console/requests?after={adas[0]}")).status == 400
    assert (await ada.get("/console/requests?status=sent")).status == 400
    assert (await ada.get("/console/requests?q=%3C%21%3E")).status == 400  # no word to search for
    for b in (ada, boss, bea):
        b.close()
    assert (await ConsoleBrowser(server.url).get("/console/requests")).headers["Location"] == "/console/sign-in"


@pytest.mark.slow  # 51 requests made through the API
async def test_fifty_a_page_paged_by_cursor(server):
    await _member(server, "Org A", "ada@a.example.test", "sender")
    document = await upload(server)
    made = [(await make_request(server, [ANN], send=False, document_id=document)).id for _ in range(51)]
    ada = await signed_in(server, "ada@a.example.test")
    first, after = await _listed(ada)
    assert len(first) == 50 and after
    second, more = await _listed(ada, "?" + after)
    assert len(second) == 1 and not more
    assert sorted(first + second) == sorted(made)
    ada.close()


class ExtraSignIn:
    @hookimpl
    def esign_console_sign_in_options(self):
        return [{"label": "Sign in with Example ID", "url": "/plugins/example-id/start"}]


async def test_a_plugin_adds_a_way_to_sign_in(tmp_path):
    pm = pluginsmod.make_plugin_manager(load_entry_points=False)
    pm.register(ExtraSignIn(), name="example-id")
    async with running_server(tmp_path, pm=pm) as server:
        page = (await ConsoleBrowser(server.url).get("/console/sign-in")).body.decode()
        assert '<a class="button" href="/plugins/example-id/start">Sign in with Example ID</a>' in page


async def test_the_console_leads_a_signed_in_member_to_the_list_and_anyone_else_to_sign_in(tmp_path):
    extra = '[[organizations.members]]\nemail = "sam@small.example.test"\n'
    async with running_server(tmp_path, extra_config=extra) as server:
        stranger = ConsoleBrowser(server.url)
        home = await stranger.get("/console")
        assert home.status == 303 and home.headers["Location"] == "/console/requests"
        assert (await stranger.get("/console/requests")).headers["Location"] == "/console/sign-in"
        assert (await stranger.get("/console/sign-in")).status == 200
        member = await signed_in(server, "sam@small.example.test")
        again = await member.get("/console/sign-in")
        assert again.status == 303 and again.headers["Location"] == "/console/requests"
        stranger.close()
        member.close()


async def test_the_created_range_includes_both_days(server):
    await _member(server, "Org A", "boss@a.example.test", "admin")
    document = await upload(server)
    first = (await make_request(server, [ANN], send=False, document_id=document)).id
    server.clock.advance(days=2)
    second = (await make_request(server, [ANN], send=False, document_id=document)).id
    day_one = (server.clock.now() - dt.timedelta(days=2)).date().isoformat()
    day_three = server.clock.now().date().isoformat()
    boss = await signed_in(server, "boss@a.example.test")
    assert (await _listed(boss, f"?from={day_one}&to={day_one}"))[0] == [first]
    assert (await _listed(boss, f"?from={day_three}"))[0] == [second]
    assert sorted((await _listed(boss, f"?to={day_three}"))[0]) == sorted([first, second])
    assert (await _listed(boss, f"?from={day_three}&to={day_one}"))[0] == []
    for bad in ("yesterday", "2026-02-30", "0001-01-01", "9999-12-31"):
        assert (await boss.get(f"/console/requests?from={bad}&to={bad}")).status == 400, bad
    boss.close()

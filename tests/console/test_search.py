"""The console's search by a signer's name or address, over real HTTP: whole words of a name in any
case and without accents, kept in step with the signers at create, edit, replace and delegation; "mine"
matching the owner's address in any case; and requests stored before the search fields found once the
start-up upgrade gave them theirs."""
from __future__ import annotations

import re
import urllib.parse

from esign.domain.console import members as console_members
from esign.domain.orgs import provisioning
from esign.domain.signer import upgrades
from tests.support.console import ConsoleBrowser, signed_in
from tests.support.signing import ANN, BOB, make_request, spost
from tests.support.store import raw_db

ROW = re.compile(r'<tr data-id="([0-9a-f-]+)">')
EMILE = {"name": "Émile  Zola-Ångström", "email": "Emile.Zola@Example.test"}


async def _member(server, email: str, role: str) -> None:
    org = await server.services.store.organizations.by_name("Org A")
    await console_members.add_member(server.services, org, email, email.split("@")[0], role)


async def _found(browser: ConsoleBrowser, q: str, status: str = "") -> list[str]:
    page = await browser.get("/console/requests?" + urllib.parse.urlencode({"q": q, "status": status}))
    assert page.status == 200, page
    return ROW.findall(page.body.decode())


async def test_a_signer_is_found_by_whole_words_of_their_name_in_any_case_and_without_accents(server):
    await _member(server, "boss@a.example.test", "admin")
    zola = (await make_request(server, [EMILE, BOB])).id
    ann = (await make_request(server, [ANN], send=False)).id
    boss = await signed_in(server, "boss@a.example.test")
    for q in ("emile", "ZOLA", "Émile", "angstrom", "zola EMILE", "Ångström zola", "emile.zola@example.test",
              "EMILE.ZOLA@EXAMPLE.TEST", "stone"):
        assert await _found(boss, q) == [zola], q
    assert await _found(boss, "ann") == [ann]
    assert await _found(boss, "ann", status="draft") == [ann]
    assert await _found(boss, "ann", status="pending") == []
    for q in ("zol", "emile ann", "<script>", "zola@example.test"):  # whole words, all of them
        assert await _found(boss, q) == [], q
    bad = await boss.get("/console/requests?q=%21%21")  # no word at all
    assert bad.status == 400 and "whole words of a signer" in bad.body.decode(), bad
    boss.close()


async def test_the_search_follows_the_signers_through_edit_replace_and_delegation(server):
    await _member(server, "boss@a.example.test", "admin")
    edited = await make_request(server, [ANN], send=False)
    resp = await server.client.patch(f"/v1/signing-requests/{edited.id}", {"signers": [
        {"name": "Carol Edited", "email": "carol@example.test"}]})
    assert resp.status == 200, resp
    replaced = await make_request(server, [ANN, BOB])
    resp = await server.client.post(f"/v1/signing-requests/{replaced.id}/signers/{replaced.signer_ids[0]}/replace",
                                    {"name": "Dora Replaced", "email": "dora@example.test"})
    assert resp.status == 200, resp
    delegated = await make_request(server, [BOB], allow_delegation=True)
    resp = await spost(server, await delegated.token(0), "delegate",
                       {"name": "Dee Legate", "email": "dee@example.test", "reason": "away"})
    assert resp.status == 200, resp
    boss = await signed_in(server, "boss@a.example.test")
    assert await _found(boss, "carol") == [edited.id]
    assert await _found(boss, "dora") == [replaced.id]
    assert await _found(boss, "legate") == [delegated.id]
    assert await _found(boss, "dee@example.test") == [delegated.id]
    assert await _found(boss, "ann") == []  # replaced or edited away everywhere
    assert sorted(await _found(boss, "bob")) == sorted([replaced.id, delegated.id])  # a delegator stays listed
    boss.close()


async def test_mine_matches_the_owner_address_in_any_case(server):
    await _member(server, "ada@a.example.test", "sender")
    org = await server.services.store.organizations.by_name("Org A")
    key, _ = await provisioning.create_key(server.services, org, owner_name="Ada", owner_email="Ada@A.Example.TEST")
    hers = (await make_request(server, [ANN], key=key)).id
    ada = await signed_in(server, "ada@a.example.test")
    assert await _found(ada, "") == [hers]
    assert await _found(ada, "ann") == [hers]
    assert (await ada.get(f"/console/requests/{hers}")).status == 200
    ada.close()


async def test_requests_stored_before_the_search_fields_are_found_after_the_start_up_upgrade(server):
    await _member(server, "ada@a.example.test", "sender")
    old = (await make_request(server, [EMILE])).id  # key `a`: owner ada@a.example.test
    await raw_db(server.services)["signing_requests"].update_one(
        {"_id": old}, {"$unset": {"search_terms": "", "owner_key": ""}})  # as an earlier version stored it
    ada = await signed_in(server, "ada@a.example.test")
    assert await _found(ada, "") == []
    assert await upgrades.request_search_fields(server.services) == 1
    assert await _found(ada, "") == [old]
    assert await _found(ada, "zola") == [old]
    assert await upgrades.request_search_fields(server.services) == 0  # once done, nothing to do
    ada.close()

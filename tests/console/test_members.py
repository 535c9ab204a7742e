"""Members of the staff console: declared in the config (`[[organizations.members]]`) or added with
`esign admin add-member`; a new member fires `member.invited` (a webhook only) and is mailed a
sign-in link that signs them in."""
from __future__ import annotations

import json

from esign import cli
from esign.domain.console import members as console_members
from tests.support import running_server
from tests.support.config import config_error
from tests.support.console import ConsoleBrowser, console_links, signed_in
from tests.support.mail import maildir
from tests.support.webhooks import create_hook

MEMBERS = """
[[organizations.members]]
email = "Sam@Small.example.test"
name = "Sam Small"
role = "admin"
[[organizations.members]]
email = "sid@small.example.test"
"""


async def test_members_of_the_config_are_created_once_and_mailed_a_link_that_signs_in(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        org = await server.services.store.organizations.by_name("Org Small")
        members = sorted(await server.services.store.members.by_email("sam@small.example.test")
                         + await server.services.store.members.by_email("SID@small.example.test"),
                         key=lambda m: m["email"])
        assert [(m["org_id"], m["email"], m["name"], m["role"], m["source"]) for m in members] == [
            (org["id"], "sam@small.example.test", "Sam Small", "admin", "config"),
            (org["id"], "sid@small.example.test", "", "sender", "config")]
        await server.run_jobs()
        [link] = console_links(server, "sam@small.example.test")
        browser = ConsoleBrowser(server.url)
        assert (await browser.follow_link(link)).status == 303
        page = await browser.get("/console/requests")
        assert page.status == 200 and "sam@small.example.test" in page.body.decode(), page.body.decode()[-1500:]
        browser.close()
        # applied again (as at a restart): updated, not invited again
        await console_members.provision_from_config(server.services)
        await server.run_jobs()
        assert len(console_links(server, "sam@small.example.test")) == 1


async def run(server, capsys, *argv) -> tuple[int, dict]:
    args = cli._parser().parse_args(["admin", *argv])
    code = await cli.admin_action(server.services, args)
    captured = capsys.readouterr()
    return code, json.loads(captured.out.strip() or captured.err)


async def test_add_member_by_the_cli_fires_member_invited_to_a_webhook_and_mails_a_link(server, client, receiver,
                                                                                           capsys):
    await create_hook(client, receiver.url(), events=["member.invited"])
    code, member = await run(server, capsys, "add-member", "--org", "Org A", "--email", "Mo@A.example.test",
                             "--name", "Mo Member", "--role", "admin")
    assert code == 0 and member["email"] == "mo@a.example.test" and member["role"] == "admin"
    assert member["source"] == "cli"
    code, again = await run(server, capsys, "add-member", "--org", "Org A", "--email", "mo@a.example.test")
    assert code == 1 and again["error"]["code"] == "invalid_state"
    code, bad = await run(server, capsys, "add-member", "--org", "Org A", "--email", "not an address")
    assert code == 1 and bad["error"]["code"] == "validation_error"
    await server.run_jobs()
    [got] = receiver.requests
    assert got.headers["X-Webhook-Event"] == "member.invited"
    assert got.json["data"]["email"] == "mo@a.example.test" and got.json["data"]["name"] == "Mo Member"
    assert (await client.get("/v1/events?event_type=member.invited")).json["total"] == 0  # webhook only
    [link] = console_links(server, "mo@a.example.test")
    browser = await signed_in(server, "mo@a.example.test")  # and a link asked for later works too
    assert (await browser.get("/console/requests")).status == 200
    assert len(console_links(server, "mo@a.example.test")) == 2
    browser.close()


def test_bad_member_declarations_stop_start_up_naming_the_key(tmp_path):
    org = '[[organizations]]\nname = "X"\n[[organizations.members]]\n'
    assert "organizations[0].members[0].email" in config_error(tmp_path, org + 'email = "nobody"\n')
    assert "organizations[0].members[0].role" in config_error(tmp_path, org + 'email = "a@x.test"\nrole = "boss"\n')
    twice = org + 'email = "a@x.test"\n[[organizations.members]]\nemail = "A@x.test"\n'
    assert "declared twice" in config_error(tmp_path, twice)
    assert "unknown key organizations[0].members[0].phone" in config_error(tmp_path, org + 'email = "a@x.test"\nphone = "1"\n')


async def test_the_invitation_is_in_the_organisations_language(tmp_path):
    german = '[[organizations]]\nname = "Org De"\ndefault_locale = "de"\n[[organizations.members]]\nemail = "dora@de.example.test"\n'
    async with running_server(tmp_path, extra_config=german) as server:
        await server.run_jobs()
        [mail] = [m for m in maildir(server) if "dora@de.example.test" in m["To"]]
        assert mail["Subject"] == "Bei Org De auf esign anmelden"
        text = mail.get_body(("plain",)).get_content()
        assert "Sie wurden zur esign-Konsole von Org De hinzugefügt." in text and "/console/sign-in/" in text
        assert 'lang="de"' in mail.get_body(("html",)).get_content()

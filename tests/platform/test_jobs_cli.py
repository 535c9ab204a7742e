"""`esign jobs status/list/retry/cancel` (issue 27, item 4), run in-process against a server's services
(memory:// lives inside the process; on MongoDB the same commands run from any shell), and the help
text of every option of the command line (item 6)."""
from __future__ import annotations

import argparse
import json
import mailbox

import pytest

from esign import cli
from esign.jobs.kinds import JOB_LANES
from tests.support import SAMPLE_PDF
from tests.support.signing import new_request

TRACE = "jobs-cli-trace"
SIGNERS = [{"name": "Ann", "email": "ann@example.test", "order": 1},
           {"name": "Bob", "email": "bob@example.test", "order": 1}]


async def run(services, capsys, *argv) -> tuple[int, object]:
    args = cli._parser().parse_args(["jobs", *argv])
    code = await cli.jobs_action(services, args)
    out = capsys.readouterr().out
    return code, json.loads(out) if out else None


def lane(status: list, name: str) -> dict:
    (found,) = [entry for entry in status if entry["lane"] == name]
    return found


async def test_status_list_cancel_and_retry(server, capsys, tmp_path):
    doc = (await server.client.upload(SAMPLE_PDF.read_bytes())).json["id"]
    resp = await server.client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS, "auto_send": True},
                                    headers={"X-Request-ID": TRACE})
    assert resp.status == 201, resp
    request_id = resp.json["id"]

    code, status = await run(server.services, capsys, "status")
    assert code == 0 and [entry["lane"] for entry in status] == list(JOB_LANES)
    assert lane(status, "email") == {"lane": "email", "queued": 2, "due": 2, "running": 0, "retrying": 0, "failed": 0,
                                     "cancelled": 0, "oldest_due_seconds": 0.0}

    code, listed = await run(server.services, capsys, "list", "--request", request_id)
    assert code == 0 and len(listed) == 2
    assert {(j["kind"], j["lane"], j["status"], j["signing_request_id"], j["request_id"]) for j in listed} == {
        ("email", "email", "queued", request_id, TRACE)}
    assert listed[0]["org_id"] and "payload" not in listed[0]
    assert (await run(server.services, capsys, "list", "--lane", "finalize"))[1] == []
    assert (await run(server.services, capsys, "list", "--state", "done", "--state", "failed"))[1] == []
    assert len((await run(server.services, capsys, "list", "--kind", "email", "--limit", "1"))[1]) == 1
    assert (await run(server.services, capsys, "list", "--request", "0c3a5a1e-0000-4000-8000-000000000000"))[1] == []

    first = listed[0]["id"]
    code, cancelled = await run(server.services, capsys, "cancel", first)
    assert code == 0 and cancelled["status"] == "cancelled" and cancelled["id"] == first
    assert await cli.jobs_action(server.services, cli._parser().parse_args(["jobs", "cancel", first])) == 1
    assert f"no queued job {first!r}" in capsys.readouterr().err  # no longer queued
    code, status = await run(server.services, capsys, "status")
    assert (lane(status, "email")["queued"], lane(status, "email")["cancelled"]) == (1, 1)

    await server.run_jobs()
    maildir = mailbox.Maildir(tmp_path / "mail", create=False)
    assert len(maildir) == 1  # the cancelled invitation did not go out

    code, again = await run(server.services, capsys, "retry", first)
    assert code == 0 and again["status"] == "queued" and again["attempts"] == 0
    await server.run_jobs()
    assert len(maildir) == 2
    code, done = await run(server.services, capsys, "list", "--request", request_id, "--state", "done")
    assert sorted(j["id"] for j in done) == sorted(j["id"] for j in listed)


async def test_retrying_and_failed_jobs_by_filter(srv, smtp, capsys):  # noqa: F811
    smtp.down()
    request = await new_request(srv, signers=SIGNERS[:1], order="parallel")
    await srv.run_jobs()
    srv.clock.advance(seconds=1)
    code, status = await run(srv.services, capsys, "status")
    email = lane(status, "email")
    assert (email["queued"], email["retrying"], email["failed"]) == (1, 1, 0)

    # the operator cancels every queued email of the request, then queues it again once the relay is fixed
    code, cancelled = await run(srv.services, capsys, "cancel", "--lane", "email", "--request", request["id"])
    assert code == 0 and [j["status"] for j in cancelled] == ["cancelled"]
    with pytest.raises(SystemExit):  # neither ids nor a filter: refused, nothing changed
        await run(srv.services, capsys, "retry")
    smtp.up()
    code, again = await run(srv.services, capsys, "retry", cancelled[0]["id"])
    assert code == 0 and again["status"] == "queued"
    await srv.run_jobs()
    assert len(smtp.handler.to("ann@example.test")) == 1

    smtp.down()
    await new_request(srv, signers=[{"name": "Cy", "email": "cy@example.test", "order": 1}], order="parallel")
    for _ in range(30):
        await srv.run_jobs()
        srv.clock.advance(hours=1)
    code, status = await run(srv.services, capsys, "status")
    assert lane(status, "email")["failed"] == 1
    smtp.up()
    code, retried = await run(srv.services, capsys, "retry", "--kind", "email")
    assert code == 0 and [j["status"] for j in retried] == ["queued"]
    await srv.run_jobs()
    assert len(smtp.handler.to("cy@example.test")) == 1


def parsers(parser: argparse.ArgumentParser, path="esign"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from parsers(sub, f"{path} {name}")


def test_every_option_and_command_of_the_command_line_has_help():
    missing = []
    for path, parser in parsers(cli._parser()):
        for action in parser._actions:
            if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                continue
            if not action.help:
                missing.append(f"{path} {'/'.join(action.option_strings) or action.dest}")
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                helped = {choice.dest for choice in action._choices_actions if choice.help}
                missing += [f"{path} {name}" for name in action.choices if name not in helped]
    assert missing == []

"""Shared fixtures. The helpers they use, and that tests import, are in tests/support/: a real esign
server on 127.0.0.1 (random port) over a fresh database and a fake clock (tests/support/server.py), the
HTTP client (client.py), documents, signing requests, mail and webhook receivers, PDF tools."""
from __future__ import annotations

import os
import pathlib
import signal

import pytest

from esign.pdf.seal import InternalCA, SealMaterial
from tests.support.client import Client
from tests.support.documents import CORPUS, SAMPLE_PDF
from tests.support.hostile_mail import HOSTILE_ORG, RawInbox
from tests.support.mail import PolicySmtp, mail_server, smtp_controller
from tests.support.pki import local_tsa
from tests.support.server import running_server
from tests.support.webhooks import Receiver


@pytest.fixture
async def server(tmp_path):
    async with running_server(tmp_path) as srv:
        yield srv


@pytest.fixture
def client(server) -> Client:
    return server.client


@pytest.fixture
def sample_pdf() -> bytes:
    return SAMPLE_PDF.read_bytes()


@pytest.fixture
async def document_id(client, sample_pdf) -> str:
    resp = await client.upload(sample_pdf, "contract.pdf")
    assert resp.status == 201, resp
    return resp.json["id"]


@pytest.fixture
async def smtp_server(tmp_path):
    """A server whose mail goes to a real SMTP inbox (`smtp_server.inbox`)."""
    async with mail_server(tmp_path) as srv:
        yield srv


@pytest.fixture
async def receiver():
    """A real webhook receiver on 127.0.0.1 (tests/support/webhooks.py)."""
    rec = Receiver()
    yield rec
    rec.stop()


@pytest.fixture
def tsa():
    """A local RFC 3161 server; yields (url, TSA certificate, the Content-Types it was sent)."""
    with local_tsa() as served:
        yield served


@pytest.fixture
async def id_server(tmp_path):
    """A server whose identity provider is the builtin `basic` one."""
    async with running_server(tmp_path, overrides={"identity": {"provider": "basic"}}) as srv:
        yield srv


@pytest.fixture(scope="session")
def seal() -> SealMaterial:
    """Seal keys and a self-signed certificate, for the PDF library tests."""
    return SealMaterial.generate()


@pytest.fixture(scope="session")
def ca() -> InternalCA:
    return InternalCA.generate()


@pytest.fixture
def corpus() -> pathlib.Path:
    assert CORPUS.is_dir(), f"the PDF corpus is missing at {CORPUS}"
    return CORPUS


# a mail server with a policy (tests/support/mail.PolicySmtp) and a server sending through it with a login
@pytest.fixture
async def smtp():
    server = PolicySmtp()
    yield server
    server.down()


@pytest.fixture
async def srv(tmp_path, smtp):
    async with running_server(tmp_path, overrides=smtp.settings(username="esign", password="secret")) as server:
        yield server


# every message esign sends, raw, through the Maildir and through SMTP (tests/support/hostile_mail)
@pytest.fixture(params=["maildir", "smtp"])
async def mail(request, tmp_path):
    """(server, a function giving every raw message sent so far as (recipients or None, bytes))."""
    if request.param == "maildir":
        async with running_server(tmp_path, HOSTILE_ORG) as srv:
            folder = pathlib.Path(tmp_path) / "mail" / "new"

            def sent():
                return [(None, path.read_bytes()) for path in sorted(folder.iterdir())]
            yield srv, sent
    else:
        inbox = RawInbox()
        controller, port = smtp_controller(inbox)
        async with running_server(tmp_path, HOSTILE_ORG,
                                  overrides={"email": {"provider": "smtp", "host": "127.0.0.1", "port": port}}) as srv:
            yield srv, lambda: list(inbox.received)
        controller.stop()


@pytest.fixture(autouse=True)
def _no_stray_checking_children(_function_scoped_runner):  # pytest-asyncio's loop: closed after this ends
    """After each test (before its event loop closes): no PDF-checking child of this process outlives its
    server. One left waiting for a request would keep the loop's teardown waiting for its answer (the
    checker refuses to start children once closed; this keeps a slip from hanging the whole run)."""
    yield
    me = str(os.getpid())
    for proc in pathlib.Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            ppid = (proc / "stat").read_text().rsplit(")", 1)[1].split()[1]
            if ppid == me and b"esign.pdf.probe" in (proc / "cmdline").read_bytes():
                os.kill(int(proc.name), signal.SIGKILL)
        except (OSError, IndexError):
            continue  # gone meanwhile

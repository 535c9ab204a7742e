"""The builtin providers pass the vendor kit's conformance suites (esign.testing.conformance), made
through the kit's own `esign_provider` fixture exactly as a vendor's tests make theirs: local storage,
maildir and SMTP email (against aiosmtpd on 127.0.0.1 that can answer 451 or refuse a recipient),
the log SMS and the basic (form) identity check."""
from __future__ import annotations

import contextlib
import mailbox
import shutil

import pytest

from esign.testing import BlobStorageConformance, EmailConformance, IdentityFormConformance, SmsConformance
from tests.support.mail import smtp_controller


class TestLocalStorage(BlobStorageConformance):
    @pytest.fixture
    async def blob_storage(self, esign_provider, tmp_path):
        return await esign_provider("storage", {"provider": "local", "path": str(tmp_path / "blobs")})

    @pytest.fixture
    async def blob_storage_down(self, esign_provider, tmp_path):
        storage = await esign_provider("storage", {"provider": "local", "path": str(tmp_path / "gone")})
        shutil.rmtree(tmp_path / "gone")
        (tmp_path / "gone").write_text("a file where the blob directory was")  # every call now fails with OSError
        return storage


class TestMaildirEmail(EmailConformance):
    @pytest.fixture
    async def email_provider(self, esign_provider, tmp_path):
        return await esign_provider("email", {"provider": "maildir", "path": str(tmp_path / "mail")})

    @pytest.fixture
    def email_outbox(self, tmp_path):
        return lambda: [bytes(m) for m in mailbox.Maildir(str(tmp_path / "mail"), create=False)]

    @pytest.fixture
    def email_fault(self, tmp_path):
        @contextlib.contextmanager
        def fault(kind):
            if kind != "temporary":
                pytest.skip("a maildir has no recipients to refuse")
            staging = tmp_path / "mail" / "tmp"
            shutil.rmtree(staging)
            staging.write_text("not a directory")  # deliveries fail with OSError until it is a directory again
            yield
            staging.unlink()
            staging.mkdir()

        return fault


class FaultySmtp:
    """aiosmtpd handler keeping every message; while `fault` is set it answers RCPT or DATA with it."""

    def __init__(self):
        self.messages: list[bytes] = []
        self.fault: str | None = None

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.fault == "recipient_refused":
            return "550 5.1.1 no such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.fault == "temporary":
            return "451 4.3.0 try again later"
        self.messages.append(envelope.original_content or envelope.content)
        return "250 OK"


class TestSmtpEmail(EmailConformance):
    @pytest.fixture
    def smtp_handler(self):
        handler = FaultySmtp()
        controller, port = smtp_controller(handler)
        handler.port = port
        yield handler
        controller.stop()

    @pytest.fixture
    async def email_provider(self, esign_provider, smtp_handler):
        return await esign_provider("email", {"provider": "smtp", "host": "127.0.0.1", "port": smtp_handler.port,
                                              "timeout_seconds": 5})

    @pytest.fixture
    def email_outbox(self, smtp_handler):
        return lambda: list(smtp_handler.messages)

    @pytest.fixture
    def email_fault(self, smtp_handler):
        @contextlib.contextmanager
        def fault(kind):
            smtp_handler.fault = kind
            yield
            smtp_handler.fault = None

        return fault


class TestLogSms(SmsConformance):
    @pytest.fixture
    async def sms_provider(self, esign_provider):
        return await esign_provider("sms", {"provider": "log"})

    @pytest.fixture
    def sms_outbox(self, sms_provider):
        return lambda phone: [text for to, text in sms_provider.sent if to == phone]


class TestBasicIdentity(IdentityFormConformance):
    SUBMITTED = {"date_of_birth": "1984-02-29", "document_type": "passport", "document_number": "X1234567",
                 "document_expiry": "2034-01-31", "issued_country": "DE", "address": None}

    @pytest.fixture
    async def identity_provider(self, esign_provider):
        return await esign_provider("identity", {"provider": "basic"})

    @pytest.fixture
    def identity_person(self):
        return {"name": "Anna Müller", "email": "anna@example.test"}, {**self.SUBMITTED, "full_name": "MUELLER, Anna"}

    @pytest.fixture
    def identity_impostor(self):
        return {"name": "Anna Müller", "email": "anna@example.test"}, {**self.SUBMITTED, "full_name": "Boris Petrov"}

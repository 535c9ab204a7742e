"""Provider conformance suites: the contract of esign.providers.base as tests. Subclass one in a test
class named `Test...` and give its fixtures (in the class or a conftest.py):

BlobStorageConformance
    `blob_storage`       a started provider over an empty store (a fresh bucket, prefix or database)
    `blob_storage_down`  optional: a started provider whose backend cannot be reached
EmailConformance
    `email_provider`     a started provider
    `email_outbox`       a callable returning the messages delivered so far (EmailMessage or bytes)
    `email_fault`        optional: a callable(kind) returning a context manager inside which sends
                         fail; kind is `temporary` (the mail system is down or answers 4xx) or
                         `recipient_refused` (5xx to RCPT); after the block they work again
IdentityFormConformance
    `identity_provider`  a started FormIdentityProvider
    `identity_person`    the signer record (`name`, `email`) and what a signer typed about themself
                         (full_name, date_of_birth, document_type, document_number, document_expiry,
                         issued_country, address) that the provider approves, as a pair
    `identity_impostor`  optional: a (signer, submitted) pair the provider rejects
    `identity_down`      optional: a started provider whose vendor cannot be reached
IdentityRedirectConformance
    `identity_provider`  a started RedirectIdentityProvider, talking to the vendor (or a faithful fake
                         of it) on 127.0.0.1
    `identity_complete`  an async callable(reference, outcome) that makes the person finish the
                         vendor's session `reference` with outcome `approved`, `rejected` or
                         `abandoned`, and returns the vendor's webhook delivery of that result as
                         (headers with lower-case names, raw body bytes), signed as the vendor signs
    `identity_down`      optional: a started provider whose vendor cannot be reached
GeoIPConformance
    `geoip_provider`     a started provider
    `geoip_known`        optional: an (IP address, place) pair the provider knows, place the dict of
                         `country`, `region` and `city` it answers for that address
SmsConformance
    `sms_provider`       a started SmsProvider or CodeCheckingSmsProvider
    `sms_outbox`         a callable(phone) returning the texts that reached `phone` so far
    `sms_fault`          optional: a callable(kind) returning a context manager inside which
                         requests fail; kind is `temporary` or `number_refused`

The optional fixtures default to skipping their tests (esign.testing.plugin). Each test is an
asyncio test (marked, so it also runs under pytest-asyncio's strict mode).
"""
from __future__ import annotations

import asyncio
import datetime as dt
import email
import email.policy
import inspect
import os
import re
from email.message import EmailMessage

import pytest

from esign.providers.base import (
    CONTRACT_VERSION,
    BlobStorage,
    CodeCheckingSmsProvider,
    EmailProvider,
    EmailResult,
    FormIdentityProvider,
    GeoIPProvider,
    IdentityResult,
    IdentitySession,
    ProviderRejected,
    ProviderUnavailable,
    RedirectIdentityProvider,
    SmsProvider,
    WebhookRefused,
)

PHONE = "+15550100123"
CODE = "048213"


class BlobStorageConformance:
    """The BlobStorage contract: keys like `org/<id>/documents/<id>.pdf`, bytes in = bytes out,
    replacement, streaming in bounded chunks, KeyError / None for a missing blob, idempotent delete."""

    KEY = "org/o-conformance/documents/d-1.pdf"

    pytestmark = pytest.mark.asyncio

    async def test_is_a_blob_storage_with_an_identifier(self, blob_storage):
        assert isinstance(blob_storage, BlobStorage) and blob_storage.identifier
        assert blob_storage.contract_version == CONTRACT_VERSION
        assert inspect.isasyncgenfunction(type(blob_storage).stream), "stream must be an async generator"

    async def test_put_bytes_then_get_size_stream(self, blob_storage):
        data = os.urandom(300_000) + bytes(range(256))
        assert await blob_storage.put_bytes(self.KEY, data) == len(data)
        assert await blob_storage.get_bytes(self.KEY) == data
        assert await blob_storage.size(self.KEY) == len(data)
        chunks = [c async for c in blob_storage.stream(self.KEY, chunk_size=64 * 1024)]
        assert b"".join(chunks) == data
        assert all(0 < len(c) <= 64 * 1024 for c in chunks) and len(chunks) >= len(data) // (64 * 1024)

    async def test_put_file(self, blob_storage, tmp_path):
        data = os.urandom(1_500_000)
        path = tmp_path / "upload.pdf"
        path.write_bytes(data)
        assert await blob_storage.put_file("org/o-conformance/uploads/big.pdf", str(path)) == len(data)
        assert path.read_bytes() == data  # the caller's file is left alone
        assert await blob_storage.get_bytes("org/o-conformance/uploads/big.pdf") == data

    async def test_empty_blob(self, blob_storage):
        assert await blob_storage.put_bytes("org/o-conformance/empty.bin", b"") == 0
        assert await blob_storage.get_bytes("org/o-conformance/empty.bin") == b""
        assert await blob_storage.size("org/o-conformance/empty.bin") == 0
        assert b"".join([c async for c in blob_storage.stream("org/o-conformance/empty.bin")]) == b""

    async def test_put_replaces(self, blob_storage):
        await blob_storage.put_bytes(self.KEY, b"first version, longer than the second")
        assert await blob_storage.put_bytes(self.KEY, b"second") == 6
        assert await blob_storage.get_bytes(self.KEY) == b"second"
        assert await blob_storage.size(self.KEY) == 6

    async def test_keys_are_separate(self, blob_storage):
        keys = [f"org/o-conformance/documents/d-{i}.pdf" for i in range(5)]
        await asyncio.gather(*(blob_storage.put_bytes(k, k.encode()) for k in keys))
        assert [await blob_storage.get_bytes(k) for k in keys] == [k.encode() for k in keys]
        await blob_storage.delete(keys[0])
        assert await blob_storage.get_bytes(keys[1]) == keys[1].encode()

    async def test_missing_blob(self, blob_storage):
        missing = "org/o-conformance/documents/never-stored.pdf"
        assert await blob_storage.size(missing) is None
        with pytest.raises(KeyError):
            await blob_storage.get_bytes(missing)
        with pytest.raises(KeyError):
            [c async for c in blob_storage.stream(missing)]

    async def test_delete_is_idempotent(self, blob_storage):
        await blob_storage.put_bytes(self.KEY, b"to be deleted")
        await blob_storage.delete(self.KEY)
        await blob_storage.delete(self.KEY)
        assert await blob_storage.size(self.KEY) is None
        with pytest.raises(KeyError):
            await blob_storage.get_bytes(self.KEY)

    async def test_ready_and_presigned_url(self, blob_storage):
        await blob_storage.ready()
        await blob_storage.put_bytes(self.KEY, b"%PDF-1.7")
        url = await blob_storage.presigned_url(self.KEY, 300, "contract.pdf")
        assert url is None or (isinstance(url, str) and url.startswith(("http://", "https://")))

    async def test_backend_down_is_temporary(self, blob_storage_down):
        for call in (blob_storage_down.put_bytes(self.KEY, b"x"), blob_storage_down.get_bytes(self.KEY),
                     blob_storage_down.size(self.KEY), blob_storage_down.delete(self.KEY)):
            with pytest.raises(ProviderUnavailable):
                await call
        with pytest.raises(Exception):  # noqa: B017 - readiness may raise anything; its message says why
            await blob_storage_down.ready()
        with pytest.raises(ProviderUnavailable):
            [c async for c in blob_storage_down.stream(self.KEY)]


def conformance_message(to: str = "signer@example.test", message_id: str = "<conformance-1@esign.example.test>"):
    msg = EmailMessage()
    msg["From"] = "esign <no-reply@esign.example.test>"
    msg["To"] = to
    msg["Subject"] = "Please sign: Zoë's NDA"
    msg["Message-ID"] = message_id
    msg.set_content("Hello,\nplease sign the NDA.\n")
    msg.add_alternative("<p>Hello,<br>please <b>sign</b> the NDA.</p>", subtype="html")
    return msg


def _parsed(message) -> EmailMessage:
    if isinstance(message, (bytes, bytearray)):
        return email.message_from_bytes(bytes(message), policy=email.policy.default)
    return email.message_from_bytes(message.as_bytes(), policy=email.policy.default)


class EmailConformance:
    """The EmailProvider contract: one complete message delivered with its headers and both parts,
    the Message-ID kept, and failures sorted (temporary vs. the recipient refused for good)."""

    pytestmark = pytest.mark.asyncio

    async def test_is_an_email_provider(self, email_provider):
        assert isinstance(email_provider, EmailProvider) and email_provider.identifier
        assert email_provider.contract_version == CONTRACT_VERSION

    async def test_delivers_the_whole_message(self, email_provider, email_outbox):
        result = await email_provider.send(conformance_message())
        assert isinstance(result, EmailResult) and isinstance(result.message_id, str)
        delivered = [_parsed(m) for m in email_outbox()]
        assert len(delivered) == 1, delivered
        got = delivered[0]
        assert got["Message-ID"] == "<conformance-1@esign.example.test>"  # kept as the caller set it
        assert got["To"] == "signer@example.test" and got["Subject"] == "Please sign: Zoë's NDA"
        parts = {p.get_content_type(): p.get_content() for p in got.walk() if not p.is_multipart()}
        assert "please sign the NDA" in parts["text/plain"] and "<b>sign</b>" in parts["text/html"]

    async def test_temporary_failure(self, email_provider, email_outbox, email_fault):
        with email_fault("temporary"), pytest.raises(ProviderUnavailable):
            await email_provider.send(conformance_message())
        await email_provider.send(conformance_message(message_id="<conformance-2@esign.example.test>"))
        assert [_parsed(m)["Message-ID"] for m in email_outbox()][-1] == "<conformance-2@esign.example.test>"

    async def test_recipient_refused_for_good(self, email_provider, email_fault):
        with email_fault("recipient_refused"), pytest.raises(ProviderRejected) as caught:
            await email_provider.send(conformance_message())
        assert not isinstance(caught.value, ProviderUnavailable)


class SmsConformance:
    """The SMS contract: a one-time code reaches the phone (esign's from an SmsProvider, the provider's
    own from a CodeCheckingSmsProvider), a provider that checks codes says True once for the right one
    and False for a wrong one, and failures are sorted (temporary vs. the number refused for good)."""

    pytestmark = pytest.mark.asyncio

    async def test_is_an_sms_provider(self, sms_provider):
        assert isinstance(sms_provider, (SmsProvider, CodeCheckingSmsProvider)) and sms_provider.identifier
        assert not isinstance(sms_provider, SmsProvider) or not isinstance(sms_provider, CodeCheckingSmsProvider)
        assert sms_provider.contract_version == CONTRACT_VERSION

    @staticmethod
    async def _deliver(sms_provider) -> str | None:
        """Ask for a code the way esign does for this provider; esign's code, or None."""
        if isinstance(sms_provider, CodeCheckingSmsProvider):
            assert await sms_provider.send_code(PHONE, 600) is None
            return None
        assert await sms_provider.send_code(PHONE, CODE, 600) is None
        return CODE

    async def _send_code(self, sms_provider, sms_outbox) -> str:
        before = len(sms_outbox(PHONE))
        code = await self._deliver(sms_provider)
        texts = sms_outbox(PHONE)
        assert len(texts) == before + 1, texts
        found = re.findall(r"\b\d{4,10}\b", texts[-1])
        assert found, f"no code in the text {texts[-1]!r}"
        if code is not None:
            assert code in found
        return code or found[0]

    async def test_code_reaches_the_phone(self, sms_provider, sms_outbox):
        await self._send_code(sms_provider, sms_outbox)

    async def test_code_check(self, sms_provider, sms_outbox):
        code = await self._send_code(sms_provider, sms_outbox)
        if not isinstance(sms_provider, CodeCheckingSmsProvider):
            pytest.skip("esign checks this provider's codes itself")
        wrong = f"{(int(code) + 1) % 10 ** len(code):0{len(code)}d}"
        assert await sms_provider.check_code(PHONE, wrong) is False
        assert await sms_provider.check_code(PHONE, code) is True
        with pytest.raises(ProviderRejected):  # used: nothing left to check
            await sms_provider.check_code(PHONE, code)

    async def test_temporary_failure(self, sms_provider, sms_outbox, sms_fault):
        with sms_fault("temporary"), pytest.raises(ProviderUnavailable):
            await self._deliver(sms_provider)
        await self._send_code(sms_provider, sms_outbox)  # passes once the failure has

    async def test_number_refused_for_good(self, sms_provider, sms_fault):
        with sms_fault("number_refused"), pytest.raises(ProviderRejected) as caught:
            await self._deliver(sms_provider)
        assert not isinstance(caught.value, ProviderUnavailable)


class IdentityFormConformance:
    """The form flow of identity (FormIdentityProvider): what a person typed about themself is approved
    with the name read from it and a score in 0..1, a mismatch is rejected (or sent to review, never
    approved), the answer is one of approved / rejected / review, and a vendor that cannot be reached
    is temporary (ProviderUnavailable)."""

    pytestmark = pytest.mark.asyncio

    async def test_is_a_form_identity_provider(self, identity_provider):
        assert isinstance(identity_provider, FormIdentityProvider) and identity_provider.identifier
        assert not isinstance(identity_provider, RedirectIdentityProvider)
        assert identity_provider.contract_version == CONTRACT_VERSION
        assert isinstance(identity_provider.charges, bool)

    async def test_the_person_is_approved(self, identity_provider, identity_person):
        signer, submitted = identity_person
        result = await identity_provider.verify(dict(signer), dict(submitted))
        assert isinstance(result, IdentityResult) and result.status == "approved", result
        assert result.verified_name is None or isinstance(result.verified_name, str)
        assert result.name_match_score is None or 0 <= result.name_match_score <= 1

    async def test_someone_else_is_not_approved(self, identity_provider, identity_impostor):
        signer, submitted = identity_impostor
        result = await identity_provider.verify(dict(signer), dict(submitted))
        assert isinstance(result, IdentityResult) and result.status in ("rejected", "review"), result
        assert result.name_match_score is None or 0 <= result.name_match_score < 1

    async def test_vendor_down_is_temporary(self, identity_down, identity_person):
        signer, submitted = identity_person
        with pytest.raises(ProviderUnavailable):
            await identity_down.verify(dict(signer), dict(submitted))


class GeoIPConformance:
    """The GeoIPProvider contract: a known address is placed as a dict of `country` (ISO 3166-1
    alpha-2), `region` and `city` without empty values; an address it does not know, a private one and
    text that is no address answer None, never an exception (documentation addresses stand for
    ones no database places)."""

    pytestmark = pytest.mark.asyncio

    async def test_is_a_geoip_provider(self, geoip_provider):
        assert isinstance(geoip_provider, GeoIPProvider) and geoip_provider.identifier
        assert geoip_provider.contract_version == CONTRACT_VERSION

    async def test_a_known_address_is_placed(self, geoip_provider, geoip_known):
        ip, place = geoip_known
        found = await geoip_provider.lookup(ip)
        assert found == place
        assert set(found) <= {"country", "region", "city"} and all(found.values())
        if "country" in found:
            assert re.fullmatch(r"[A-Z]{2}", found["country"])

    @pytest.mark.parametrize("ip", ["192.0.2.1", "100::1", "not an address", "999.1.1.1", ""])
    async def test_unplaced_addresses_answer_none(self, geoip_provider, ip):
        assert await geoip_provider.lookup(ip) is None


class IdentityRedirectConformance:
    """The redirect flow of identity (RedirectIdentityProvider): a session is opened at the vendor (a distinct reference
    and an http(s) URL to send the person to), its result is `pending` until the person finishes,
    the vendor's signed webhook becomes the normalised result of that session (approved, rejected,
    abandoned), a delivery whose body or signature was changed is refused, `fetch_result` agrees with
    the webhook, and failures are sorted (an unknown session is refused for good; a vendor that cannot
    be reached is temporary)."""

    SIGNER = {"id": "s-conformance", "name": "Ann Example", "email": "ann@example.test", "phone": None,
              "signing_request_id": "r-conformance"}
    RETURN_URL = "http://127.0.0.1:9/identity/return/conformance"

    pytestmark = pytest.mark.asyncio

    async def test_is_a_redirect_identity_provider(self, identity_provider):
        assert isinstance(identity_provider, RedirectIdentityProvider) and identity_provider.identifier
        assert not isinstance(identity_provider, FormIdentityProvider)
        assert identity_provider.contract_version == CONTRACT_VERSION

    async def test_start_session(self, identity_provider):
        first = await identity_provider.start_session(self.SIGNER, self.RETURN_URL)
        second = await identity_provider.start_session(self.SIGNER, self.RETURN_URL)
        for session in (first, second):
            assert isinstance(session, IdentitySession) and session.reference
            assert re.match(r"https?://", session.redirect_url), session.redirect_url
            assert session.expires_at is None or (isinstance(session.expires_at, dt.datetime)
                                                  and session.expires_at.tzinfo is not None)
        assert first.reference != second.reference
        assert (await identity_provider.fetch_result(first.reference)).status == "pending"

    @pytest.mark.parametrize("outcome", ["approved", "rejected", "abandoned"])
    async def test_webhook_and_fetch_give_the_result(self, identity_provider, identity_complete, outcome):
        session = await identity_provider.start_session(self.SIGNER, self.RETURN_URL)
        headers, body = await identity_complete(session.reference, outcome)
        result = await identity_provider.verify_webhook(headers, body)
        assert isinstance(result, IdentityResult)
        assert (result.status, result.reference) == (outcome, session.reference)
        fetched = await identity_provider.fetch_result(session.reference)
        assert (fetched.status, fetched.reference) == (outcome, session.reference)
        if outcome == "approved":
            assert result.verified_name and fetched.verified_name == result.verified_name

    async def test_changed_deliveries_are_refused(self, identity_provider, identity_complete):
        session = await identity_provider.start_session(self.SIGNER, self.RETURN_URL)
        headers, body = await identity_complete(session.reference, "approved")
        other = "1" if session.reference.endswith("0") else "0"  # a different last character, whatever it was
        changed = body.replace(session.reference.encode(), (session.reference[:-1] + other).encode(), 1)
        assert changed != body
        with pytest.raises(WebhookRefused):
            await identity_provider.verify_webhook(headers, changed)
        with pytest.raises(WebhookRefused):
            await identity_provider.verify_webhook({}, body)
        with pytest.raises(WebhookRefused):
            await identity_provider.verify_webhook(headers, b"not what the vendor sends")

    async def test_unknown_session_is_refused_for_good(self, identity_provider):
        with pytest.raises(ProviderRejected) as caught:
            await identity_provider.fetch_result("no-such-session-0000")
        assert not isinstance(caught.value, ProviderUnavailable)

    async def test_vendor_down_is_temporary(self, identity_down):
        with pytest.raises(ProviderUnavailable):
            await identity_down.start_session(self.SIGNER, self.RETURN_URL)

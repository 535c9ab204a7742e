"""The `csc` signing-level provider: one PAdES signature per signer, made by a remote CSC v2 service.

For each signer (esign calls `sign` once per signer, see esign.providers.base.SigningLevelProvider)
the provider picks the credential (`credential_id`, or `credentials/list` with the signer's email as
`userID`), reads its certificate chain (`credentials/info`), and lets pyHanko append a PAdES
signature whose hash the service signs (`signatures/signHash`, after `credentials/authorize` when a
PIN is configured). pyHanko's sync parts are CPU work, so each signature runs in a worker thread
with its own event loop and HTTP session: the server's loop is never blocked.
"""
from __future__ import annotations

import asyncio
import io
import ssl

import aiohttp
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.sign import fields, signers
from pyhanko.sign.general import SigningError
from pyhanko.sign.signers.csc_signer import CSCServiceSessionInfo
from pyhanko.sign.timestamps import HTTPTimeStamper

from esign.config import ConfigError
from esign.providers.base import Option, ProviderRejected, SigningLevelProvider
from esign_csc.client import (
    API_VERSION,
    DIGEST,
    Authorization,
    CSCCall,
    V2Signer,
    auth_mode,
    classify,
    credential_info,
    first_credential,
)


class CSCProvider(SigningLevelProvider):
    identifier = "csc"
    contract_version = 2
    options = {
        "service_url": Option(type=str, required=True,
                              help="the service's http(s) base URL; endpoints are <service_url>/csc/v2/..."),
        "oauth_token": Option("", secret=True, help="bearer token sent with every call"),
        "credential_id": Option("", help="one credential for every signature; empty = credentials/list per signer"),
        "pin": Option("", secret=True, help="PIN for credentials/authorize; empty = the token authorises signing"),
        "timeout_seconds": Option(30, help="bounds each CSC call"),
        "ca_file": Option("", help="PEM bundle for the service's TLS certificate; empty = system CAs"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        url = settings["service_url"].rstrip("/")
        if not url.startswith(("https://", "http://")):
            raise ConfigError("plugins.csc.service_url must be the http(s) base URL of the CSC service")
        if settings["timeout_seconds"] <= 0:
            raise ConfigError("plugins.csc.timeout_seconds must be positive")
        self.service_url = url
        # the CA bundle is read once; an SSLContext may be shared by the threads that sign
        ca_file = settings["ca_file"]
        try:
            self.tls = ssl.create_default_context(cafile=ca_file) if ca_file else True
        except (OSError, ssl.SSLError) as exc:
            raise ConfigError(f"plugins.csc.ca_file: cannot read {ca_file!r}: {exc}") from None

    async def sign(self, pdf: bytes, context: dict) -> bytes:
        return await asyncio.to_thread(asyncio.run, self._sign(pdf, context))

    async def _sign(self, pdf: bytes, context: dict) -> bytes:
        timeout = self.settings["timeout_seconds"]
        token = self.settings["oauth_token"] or None
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=self.tls)) as session:
            credential_id = self.settings["credential_id"]
            if not credential_id:
                lister = CSCCall(session, CSCServiceSessionInfo(self.service_url, "", token, API_VERSION), timeout)
                credential_id = await first_credential(lister, context["signer"]["email"])
            call = CSCCall(session, CSCServiceSessionInfo(self.service_url, credential_id, token, API_VERSION), timeout)
            credential = await credential_info(call)
            if auth_mode(credential) != "implicit" and not self.settings["pin"]:
                raise ProviderRejected(f"CSC credential {credential_id} needs explicit authorisation "
                                       f"({auth_mode(credential)}); set plugins.csc.pin")
            signer = V2Signer(session, Authorization(call, credential, self.settings["pin"]), sign_timeout=timeout)
            meta = signers.PdfSignatureMetadata(
                field_name=context["field_name"], name=context["signer"]["name"], reason=context["reason"],
                md_algorithm=DIGEST, subfilter=fields.SigSeedSubFilter.PADES)
            stamper = (HTTPTimeStamper(context["timestamp_url"], timeout=timeout, session=session)
                       if context.get("timestamp_url") else None)
            writer = IncrementalPdfFileWriter(io.BytesIO(pdf), strict=False)
            try:
                out = await signers.PdfSigner(meta, signer=signer, timestamper=stamper).async_sign_pdf(
                    writer, output=io.BytesIO())
            except (SigningError, aiohttp.ClientError, asyncio.TimeoutError) as exc:
                raise classify(exc, signer) from None
            return out.getvalue()

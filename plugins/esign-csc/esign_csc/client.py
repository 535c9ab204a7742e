"""The Cloud Signature Consortium API v2 calls this plugin makes, on top of pyHanko's CSC support.

pyHanko's `CSCSigner` (written against CSC v1) computes what is to be signed and calls
`signatures/signHash`; `V2Signer` only renames its request fields to v2 (`hashes`,
`hashAlgorithmOID`) and leaves out an empty SAD. The credential's certificates come from
`credentials/info` (v2 body), the credential itself from the configuration or `credentials/list`.

Errors are sorted for the esign job queue: a service that cannot be reached, times out or answers
5xx/429 raises ProviderUnavailable (retried); any other 4xx or a malformed answer raises
ProviderRejected (the finalisation fails with the reason). Messages carry the endpoint and the CSC
`error`/`error_description`, never the token, PIN or SAD.
"""
from __future__ import annotations

import asyncio
import base64

import aiohttp
from asn1crypto import algos, x509
from pyhanko.sign.signers.csc_signer import (
    CSCAuthorizationInfo,
    CSCAuthorizationManager,
    CSCCredentialInfo,
    CSCServiceSessionInfo,
    CSCSigner,
)

from esign.providers.base import ProviderRejected, ProviderUnavailable

API_VERSION = "v2"
DIGEST = "sha256"


class CSCCall:
    """POSTs JSON to one CSC service with the bearer token, sorting failures as above."""

    def __init__(self, session: aiohttp.ClientSession, info: CSCServiceSessionInfo, timeout: float):
        self.session = session
        self.info = info
        self.timeout = aiohttp.ClientTimeout(total=timeout)

    async def __call__(self, endpoint: str, body: dict) -> dict:
        try:
            async with self.session.post(self.info.endpoint_url(endpoint), json=body, headers=self.info.auth_headers,
                                         timeout=self.timeout) as response:
                status = response.status
                try:
                    data = await response.json(content_type=None)
                except ValueError:
                    data = None
        except (aiohttp.ClientError, asyncio.TimeoutError, OSError) as exc:
            raise ProviderUnavailable(f"CSC {endpoint}: {type(exc).__name__}: {exc}"[:300]) from None
        if status >= 500 or status == 429:
            raise ProviderUnavailable(f"CSC {endpoint}: HTTP {status}{_describe(data)}")
        if status >= 400:
            raise ProviderRejected(f"CSC {endpoint}: HTTP {status}{_describe(data)}")
        if not isinstance(data, dict):
            raise ProviderRejected(f"CSC {endpoint}: the answer is not a JSON object")
        return data


def _describe(data) -> str:
    if not isinstance(data, dict) or not data.get("error"):
        return ""
    text = f" {data['error']}"
    if data.get("error_description"):
        text += f": {data['error_description']}"
    return text[:300]


async def first_credential(call: CSCCall, user_id: str) -> str:
    """`credentials/list` for `user_id`: its first (valid) credential."""
    data = await call("credentials/list", {"userID": user_id, "onlyValid": True})
    ids = data.get("credentialIDs")
    if not isinstance(ids, list) or not ids or not isinstance(ids[0], str):
        raise ProviderRejected(f"CSC credentials/list: no signing credential for {user_id}")
    return ids[0]


async def credential_info(call: CSCCall) -> CSCCredentialInfo:
    """`credentials/info` with the certificate chain, as pyHanko's CSCCredentialInfo."""
    data = await call("credentials/info", {"credentialID": call.info.credential_id, "certificates": "chain",
                                           "certInfo": False, "authInfo": True})
    try:
        key, cert = data["key"], data["cert"]
        if key.get("status", "enabled") != "enabled" or cert.get("status", "valid") != "valid":
            raise ProviderRejected(f"CSC credential {call.info.credential_id}: key {key.get('status')}, "
                                   f"certificate {cert.get('status')}")
        certs = [x509.Certificate.load(base64.b64decode(c)) for c in cert["certificates"]]
        mechanisms = frozenset(algos.SignedDigestAlgorithmId(oid).native for oid in key["algo"])
        scal = str(data.get("SCAL", "1"))
        return CSCCredentialInfo(signing_cert=certs[0], chain=certs[1:], supported_mechanisms=mechanisms,
                                 max_batch_size=int(data.get("multisign", 1)), hash_pinning_required=scal == "2",
                                 response_data=data)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise ProviderRejected(f"CSC credentials/info: unexpected answer ({type(exc).__name__}: {exc})"[:300]) from None


def auth_mode(credential: CSCCredentialInfo) -> str:
    auth = credential.response_data.get("auth")
    return (auth.get("mode") if isinstance(auth, dict) else None) or "implicit"


class Authorization(CSCAuthorizationManager):
    """Signature activation: with a PIN, `credentials/authorize` for exactly the hashes to sign
    (v2 body, so it also satisfies SCAL 2); without one, the OAuth token authorises the credential
    and signHash carries no SAD."""

    def __init__(self, call: CSCCall, credential: CSCCredentialInfo, pin: str):
        super().__init__(call.info, credential)
        self.call = call
        self.pin = pin

    async def authorize_signature(self, hash_b64s: list[str]) -> CSCAuthorizationInfo:
        if not self.pin:
            return CSCAuthorizationInfo(sad="")
        data = await self.call("credentials/authorize", {
            "credentialID": self.csc_session_info.credential_id, "numSignatures": len(hash_b64s),
            "hashes": hash_b64s, "hashAlgorithmOID": algos.DigestAlgorithmId(DIGEST).dotted,
            "authData": [{"id": "PIN", "value": self.pin}]})
        if not data.get("SAD"):
            raise ProviderRejected("CSC credentials/authorize: no SAD in the answer")
        return CSCAuthorizationInfo(sad=str(data["SAD"]))


class V2Signer(CSCSigner):
    """pyHanko's CSCSigner speaking v2 to signatures/signHash; remembers why a commit failed
    (pyHanko reports only "No signing results available" to the caller)."""

    last_error: BaseException | None = None

    async def format_csc_signing_req(self, tbs_hashes: list[str], digest_algorithm: str) -> dict:
        v1 = await super().format_csc_signing_req(tbs_hashes, digest_algorithm)
        body = {"credentialID": v1["credentialID"], "hashes": v1["hash"], "hashAlgorithmOID": v1["hashAlgo"],
                "signAlgo": v1["signAlgo"]}
        body.update({k: v1[k] for k in ("SAD", "signAlgoParams", "clientData") if v1.get(k)})
        return body

    async def commit(self):
        try:
            await super().commit()
        except BaseException as exc:
            self.last_error = exc
            raise


def classify(exc: BaseException, signer: V2Signer) -> Exception:
    """The provider error for a failed pyHanko signing run."""
    cause = signer.last_error or exc
    if isinstance(cause, (ProviderUnavailable, ProviderRejected)):
        return cause
    origin = cause.__cause__ or cause
    if isinstance(origin, aiohttp.ClientResponseError):
        kind = ProviderUnavailable if origin.status >= 500 or origin.status == 429 else ProviderRejected
        return kind(f"CSC signatures/signHash: HTTP {origin.status}")
    if isinstance(origin, (aiohttp.ClientError, asyncio.TimeoutError, OSError)):
        return ProviderUnavailable(f"CSC signatures/signHash: {type(origin).__name__}: {origin}"[:300])
    return ProviderRejected(f"CSC signing failed: {type(cause).__name__}: {cause}"[:300])

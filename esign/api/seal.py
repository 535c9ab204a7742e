"""The certificates a relying party trusts to verify the PDFs this deployment signs (extension)."""
import logging

from esign.api.base import BaseHandler
from esign.api.common import operation
from esign.domain.orgs import keys
from esign.errors import ApiError

log = logging.getLogger("esign")

PEM_TYPE = "application/x-pem-file"
MAX_AGE_SECONDS = 3600  # public and cacheable; a seal changes only when an operator replaces it

DESCRIPTION = (
    "Extension. Public (no API key): whoever received a signed PDF can fetch what to trust. A PEM bundle "
    f"(`{PEM_TYPE}`) of X.509 certificates in this order: the seal's certificate (the signer of the "
    "`esign-seal` signature of every signed PDF; its subject is `[signing] seal_name` unless an own "
    "certificate is configured), then the issuers of the seal's certificate when configured with "
    "`[signing] seal_certificate`, and last the internal CA's certificate, which issues the certificate of "
    "each signer of an AES request (their `esign-signer-N` signatures), then the certificates of earlier seals "
    "(`[signing] previous_seal_certificates`, kept after a seal rotation so PDFs sealed before stay verifiable). "
    "Each certificate follows a comment line outside its PEM block, `# <label>: <subject>, valid <from> to <until>`, "
    "the label being `current seal`, `issuer of the current seal`, `internal CA`, `previous seal` or `issuer of a "
    "previous seal`; PEM readers skip it. Trust the whole bundle as roots: `esign verify` and pyHanko (`--trust`) "
    "do. Cacheable for an hour.")


class SealCertificateHandler(BaseHandler):
    @operation("The seal's and the internal CA's certificates (PEM, extension)", tags=["seal"],
               description=DESCRIPTION, errors=(503,), responses={200: {"content": {PEM_TYPE: {
                   "schema": {"type": "string", "description": "PEM certificates, seal first"}}}}})
    async def get(self):
        try:
            bundle = await keys.trust_bundle(self.services)
        except (OSError, ValueError) as exc:  # [signing] seal_certificate / seal_key unreadable or not a pair
            log.error("the seal cannot be loaded: %s", exc)
            raise ApiError(503, "upstream_unavailable", "the seal is not available: its configured certificate "
                                                        "or key cannot be read") from None
        self.set_header("Content-Type", PEM_TYPE)
        self.set_header("Cache-Control", f"public, max-age={MAX_AGE_SECONDS}")
        self.finish(bundle)


ROUTES = [
    ("/v1/seal-certificate", SealCertificateHandler),
]

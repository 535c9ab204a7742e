"""Phone (SMS one-time code) and identity verification of a signer, free of HTTP, one module per flow:

- `phone_codes`: the one-time code texted to the signer's phone;
- `identity_form`: identity checked at once from what the signer typed (a FormIdentityProvider);
- `identity_redirect`: identity checked at a vendor's page, its result by webhook or fetch (a
  RedirectIdentityProvider);
- `identity_common` and `common`: what those share (the signer's verification state, what still
  blocks signing).

The names handlers and the signing flow use are gathered here.
"""
from esign.domain.signer.verification.common import DOCUMENT_TYPES, blocker, requirements
from esign.domain.signer.verification.identity_form import verify_identity
from esign.domain.signer.verification.identity_redirect import check_identity, receive_webhook, refresh_identity, start_identity
from esign.domain.signer.verification.phone_codes import send_code, verify_code

__all__ = ["DOCUMENT_TYPES", "blocker", "check_identity", "receive_webhook", "refresh_identity", "requirements",
           "send_code", "start_identity", "verify_code", "verify_identity"]

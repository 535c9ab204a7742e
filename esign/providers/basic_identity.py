"""Builtin `basic` identity provider: works without a vendor. The signer types the data of an identity
document; the provider compares the name on it with the name the sender gave for the signer and
approves a close match, asks for review when unsure, and rejects a clear mismatch. It cannot see
the document itself, so it proves less than a vendor's document and selfie check: use it where
the organisation reviews flagged signers itself, or as the model for a vendor plugin."""
from __future__ import annotations

from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, FormIdentityProvider, IdentityResult, Option
from esign.providers.names import name_score


class BasicIdentity(FormIdentityProvider):
    identifier = "basic"
    contract_version = CONTRACT_VERSION
    charges = True  # counted like a vendor's check; the plan's identity_cost_per_check sets the price
    options = {
        "approve_score": Option(0.9, help="name match score (0..1) from which a check is approved"),
        "review_score": Option(0.7, help="name match score (0..1) from which a check goes to review (below: rejected)"),
    }

    async def verify(self, signer, submitted):
        score = name_score(signer["name"], submitted["full_name"])
        if score >= self.settings["approve_score"]:
            status = "approved"
        elif score >= self.settings["review_score"]:
            status = "review"
        else:
            status = "rejected"
        return IdentityResult(status=status, verified_name=submitted["full_name"], name_match_score=score)


@hookimpl
def esign_identity_providers():
    return [BasicIdentity]

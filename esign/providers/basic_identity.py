"""Builtin `basic` identity provider: works without a vendor. The signer types the data of an identity
document; the provider compares the name on it with the name the sender gave for the signer and
approves a close match, asks for review when unsure, and rejects a clear mismatch. It cannot see
the document itself, so it proves less than a vendor's document and selfie check: use it where
the organisation reviews flagged signers itself, or as the model for a vendor plugin."""
from __future__ import annotations

import difflib
import unicodedata

from esign.hookspecs import hookimpl
from esign.providers.base import IdentityProvider, IdentityResult


def normalise(name: str) -> list[str]:
    """Lower-case words without accents or punctuation, in sorted order (`Müller, Anna` -> anna muller)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode() or name
    words = "".join(c if c.isalnum() else " " for c in plain.lower()).split()
    return sorted(words)


def name_score(expected: str, given: str) -> float:
    """0..1: how well two names agree, ignoring case, accents, punctuation and word order; a
    missing middle name costs little."""
    a, b = normalise(expected), normalise(given)
    if not a or not b:
        return 0.0
    whole = difflib.SequenceMatcher(None, " ".join(a), " ".join(b)).ratio()
    shorter, longer = (a, b) if len(a) <= len(b) else (b, a)
    covered = sum(max(difflib.SequenceMatcher(None, w, o).ratio() for o in longer) for w in shorter) / len(shorter)
    # all words of the shorter name found in the longer one (a middle name left out) still counts
    return round(max(whole, covered * (0.9 + 0.1 * len(shorter) / len(longer))), 3)


class BasicIdentity(IdentityProvider):
    identifier = "basic"
    charges = True  # counted like a vendor's check; the plan's identity_cost_per_check sets the price
    options = {"approve_score": 0.9, "review_score": 0.7}

    async def verify(self, signer, submitted):
        score = name_score(signer["name"], submitted["full_name"])
        if score >= self.settings.get("approve_score", 0.9):
            status = "approved"
        elif score >= self.settings.get("review_score", 0.7):
            status = "review"
        else:
            status = "rejected"
        return IdentityResult(status=status, verified_name=submitted["full_name"], name_match_score=score)


@hookimpl
def esign_identity_providers():
    return [BasicIdentity]

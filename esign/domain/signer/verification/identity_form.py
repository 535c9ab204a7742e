"""Identity verification by form: the signer types the data of an identity document and the
configured FormIdentityProvider checks it at once. `approved` lets the signer sign; `review` (the
provider could not decide) lets the signer sign too, with `identity_review_pending` set on the signer
and shown on the audit certificate, for the organisation to look at; `rejected` refuses signing, and
the signer may try again up to `identity_max_attempts` times in all. Each check by a provider that
charges counts toward the plan's monthly identity_verifications (403 quota_exceeded beyond it)
unless the request is a sandbox one.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import cast

from esign.domain.ports import Services
from esign.domain.requests import effects, lifecycle
from esign.domain.signer.verification.common import DOCUMENT_TYPES, Session, set_signer
from esign.domain.signer.verification.identity_common import IDENTITY_EVENTS, check_identity_step, identity_changes, reserve_check
from esign.errors import ApiError, upstream_unavailable, validation_error
from esign.providers.base import FormIdentityProvider, ProviderUnavailable
from esign.store.records import Json, SigningRequest


def check_identity_input(data: Json | None, today: dt.date) -> Json:
    """The identity form: full_name, date_of_birth, document_type, document_number,
    document_expiry, issued_country (ISO 3166 alpha-2), address (optional)."""
    if not isinstance(data, dict):
        raise validation_error([{"field": "", "message": "the body must be an object"}])
    details, out = [], {}

    def text(name: str, low: int, high: int, required: bool = True) -> str | None:
        value = data.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            if required:
                details.append({"field": name, "message": "required"})
            return None
        if not isinstance(value, str) or not low <= len(value.strip()) <= high:
            details.append({"field": name, "message": f"{low} to {high} characters"})
            return None
        return " ".join(value.split())

    def date(name: str) -> dt.date | None:
        value = text(name, 10, 10)
        if value is None:
            return None
        try:
            return dt.date.fromisoformat(value)
        except ValueError:
            details.append({"field": name, "message": "a date as YYYY-MM-DD"})
            return None

    out["full_name"] = text("full_name", 1, 255)
    dob = date("date_of_birth")
    if dob and not dt.date(1900, 1, 1) <= dob < today:
        details.append({"field": "date_of_birth", "message": "not a plausible date of birth"})
    out["date_of_birth"] = dob.isoformat() if dob else None
    kind = data.get("document_type")
    if kind not in DOCUMENT_TYPES:
        details.append({"field": "document_type", "message": f"one of {', '.join(DOCUMENT_TYPES)}"})
    out["document_type"] = kind
    out["document_number"] = text("document_number", 4, 64)
    expiry = date("document_expiry")
    if expiry and expiry < today:
        details.append({"field": "document_expiry", "message": "the document has expired"})
    out["document_expiry"] = expiry.isoformat() if expiry else None
    country = text("issued_country", 2, 2)
    if country and not country.isalpha():
        details.append({"field": "issued_country", "message": "a two-letter country code"})
    out["issued_country"] = country.upper() if country else None
    out["address"] = text("address", 1, 500, required=False)
    unknown = set(data) - set(out)
    details += [{"field": k, "message": "unknown field"} for k in sorted(unknown)]
    if details:
        raise validation_error(details)
    return out



async def _count_attempt(services: Services, request: SigningRequest, signer_id: str, step: int) -> SigningRequest:
    """Claim (+1, refused as `_check_identity_step` refuses when none is left or the check is done)
    or give back (-1) one of the signer's form-flow identity attempts."""
    def build(r: SigningRequest) -> Json:
        s = lifecycle.find_signer(r, signer_id)
        if step > 0:
            check_identity_step(services, r, s, "form")
        return set_signer(r, signer_id, identity_attempts=max(0, s.get("identity_attempts", 0) + step))
    return await lifecycle.transition(services, request, "pending", build)



async def verify_identity(services: Services, session: Session, data: Json | None, actor: Json) -> SigningRequest:
    """Form flow: check what the signer typed with the provider at once."""
    request, signer = session.request, session.signer
    check_identity_step(services, request, signer, "form")
    submitted = check_identity_input(data, services.clock.now().date())
    provider = cast(FormIdentityProvider, services.identity)  # check_identity_step: the form flow
    # the attempt is claimed before the provider is asked, in one conditional update: checks sent in
    # parallel cannot pass the attempt limit (each read the same count before) nor the quota with it
    request = await _count_attempt(services, request, signer["id"], +1)
    try:
        counted, org = await reserve_check(services, request)
    except ApiError:
        await _count_attempt(services, request, signer["id"], -1)
        raise
    try:
        result = await provider.verify(cast(Json, signer), submitted)
    except ProviderUnavailable as exc:
        if counted:
            await services.store.usage.release(org["id"], "identity_verifications")
        await _count_attempt(services, request, signer["id"], -1)  # an outage costs the signer no attempt
        raise upstream_unavailable(f"identity verification is unavailable: {exc}") from exc
    if result.status not in ("approved", "review", "rejected"):
        raise upstream_unavailable(f"the identity provider answered an unknown status {result.status!r}")
    result = dataclasses.replace(
        result, verified_name=result.verified_name or submitted["full_name"], document_type=submitted["document_type"],
        date_of_birth=submitted["date_of_birth"], address=submitted["address"],
        document_number=submitted["document_number"], document_expiry=submitted["document_expiry"],
        issued_country=submitted["issued_country"])
    changes = identity_changes(services.clock.now(), signer, result)
    changes.update(identity_flow="form")

    def build(r: SigningRequest) -> Json:
        update = set_signer(r, signer["id"], **changes)
        if counted:
            update["identity_payment_status"] = "charged"
        update["effects"] = effects.event_effects(IDENTITY_EVENTS[result.status], signer["id"], actor, {
            "name_match_score": changes["identity_name_match_score"], "provider": provider.identifier})
        return update

    return await lifecycle.follow(services, await lifecycle.transition(services, request, "pending", build))


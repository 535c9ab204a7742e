"""The stored shapes of the main records, declared once: what the repositories of esign.store return
and what esign.domain reads and builds. Pure types (no driver import), checked by mypy (scripts/lint).

A record is its MongoDB document with `_id` read as `id` (esign.store.base.out). Keys written when a
record is created are required; keys that a later change adds, or that documents stored by earlier
versions lack, are `NotRequired`. Sub-documents whose shape belongs to another module (an event's
`metadata`, a job's `payload`, a signer's drawn `signature`) are `Json`.

tests/platform/test_records.py checks records the service stores against these declarations at run
time (`__required_keys__`, `__optional_keys__`), which is why this module does not postpone its
annotations (`from __future__ import annotations` would hide `NotRequired` from them on Python 3.11).
"""
import datetime as dt
from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

#: a JSON-like document whose keys its own module owns (bodies, payloads, views, projections)
Json = dict[str, Any]
#: what a function only reads: any record below (a TypedDict is no `dict[str, Any]`) or a Json document
RecordLike = Mapping[str, Any]


class Anchor(TypedDict, total=False):
    """Where a field is placed by text on the page (esign.domain.pages.placement)."""
    text: str
    occurrence: int | str
    x_offset: float
    y_offset: float
    units: str
    if_missing: str


class FieldSettings(TypedDict, total=False):
    """What a field may carry besides its place, the same on a request's field and a template's role
    field (the create bodies' FieldShape, esign.api.signing_request_schemas)."""
    placeholder: str | None
    locked: bool  # the signer cannot change the value it was given (docs/roles.md)
    is_required: bool
    options: list[str] | None
    validation_type: str | None
    validation_pattern: str | None
    auto_source: str | None
    value: str | None
    every_page: bool
    anchor: Anchor
    text_tag: str
    cover_box: list[float]  # the text tag's box, painted white under the stamp


class Field(FieldSettings):
    """A field of a signing request (embedded in it), placed on its page."""
    id: str
    signer_id: str
    document_id: NotRequired[str]  # fields stored before envelopes lie on the first document
    field_type: str
    page_number: int
    x_percent: float
    y_percent: float
    width_percent: float
    height_percent: float
    attachment: NotRequired[Json | None]  # an attachment field's file, once given (esign.domain.evidence.attachments)
    filled_at: dt.datetime | None
    prefilled_by: NotRequired[str]  # the id of the assistant who prefilled the value
    prefilled_at: NotRequired[dt.datetime]


class Signer(TypedDict):
    """A signer of a signing request (embedded in it); defaults in
    esign.domain.requests.signing_requests.SIGNER_DEFAULTS."""
    id: str
    email: str
    name: str
    phone: str | None
    delivery: NotRequired[str]  # email | sms | both | link; absent (email) on signers stored before it
    order: int
    locale: NotRequired[str | None]  # absent on signers stored before it (as below)
    display_name: str | None
    type: NotRequired[str]  # signer | approver | viewer | cc (esign.domain.requests.roles); absent (signer) before roles
    status: str  # pending | sent | viewed | signed | declined | delegated; approved | rejected | acknowledged; notified (cc)
    approved_at: NotRequired[dt.datetime | None]
    approver_signs: NotRequired[bool]  # an approver who also signs (docs/roles.md)
    assists: NotRequired[list[str]]  # an assistant's: the ids of the signers whose fields it prefills
    prepared_at: NotRequired[dt.datetime | None]
    witness_for: NotRequired[str | None]  # a witness's: the id of the signer whose signature it witnesses
    witness_mode: NotRequired[str | None]  # a witness's: `remote` or `in_person` (docs/roles.md)
    witnessed_at: NotRequired[dt.datetime | None]
    rejected_at: NotRequired[dt.datetime | None]
    acknowledged_at: NotRequired[dt.datetime | None]
    sent_at: dt.datetime | None
    viewed_at: dt.datetime | None
    signed_at: dt.datetime | None
    declined_at: dt.datetime | None
    decline_reason: str | None
    email_bounced_at: dt.datetime | None
    email_failed_at: NotRequired[dt.datetime | None]
    sms_failed_at: NotRequired[dt.datetime | None]
    token_nonce: str | None
    token_hash: str | None
    identity_verified: bool
    identity_verified_at: dt.datetime | None
    identity_verified_name: str | None
    identity_name_match_score: float | None
    identity_name_match_status: str | None
    identity_document_type: str | None
    identity_dob: str | None
    identity_address: str | None
    identity_document_number: str | None
    identity_document_expiry: str | None
    identity_document_issued_country: str | None
    identity_selfie_verified: bool
    identity_device_vpn_detected: bool
    identity_review_pending: bool
    delegated_to: NotRequired[str | None]
    delegated_from: NotRequired[str | None]
    delegated_at: NotRequired[dt.datetime | None]
    delegation_reason: NotRequired[str | None]
    # set while signing and verifying (absent until then, and on requests of earlier versions)
    consented_at: NotRequired[dt.datetime | None]
    reminded_at: NotRequired[dt.datetime]
    signature: NotRequired[Json | None]
    ip_address: NotRequired[str | None]  # where they signed from
    user_agent: NotRequired[str | None]
    initials: NotRequired[Json | None]
    phone_verified_at: NotRequired[dt.datetime | None]
    moved_token_hashes: NotRequired[list[str]]
    # earlier links kept working beside the current one (esign.domain.requests.fresh_links; at most 4)
    earlier_token_hashes: NotRequired[list[str]]
    # the sender's labels (esign.domain.requests.tags), absent on signers stored before them
    metadata_terms: NotRequired[list[str]]
    external_id: NotRequired[str | None]
    redirect_url: NotRequired[str | None]
    moved_at: NotRequired[dt.datetime]
    moved_reason: NotRequired[str]
    delegation_depth: NotRequired[int]
    identity_status: NotRequired[str | None]
    identity_flow: NotRequired[str]  # form | redirect
    identity_reason: NotRequired[str | None]
    identity_session_id: NotRequired[str | None]
    identity_session_expires_at: NotRequired[dt.datetime | None]
    identity_redirect_url: NotRequired[str | None]
    identity_attempts: NotRequired[int]
    otp_hash: NotRequired[str | None]
    otp_sent_at: NotRequired[dt.datetime | None]
    otp_expires_at: NotRequired[dt.datetime | None]
    otp_attempts: NotRequired[int]
    otp_locked_until: NotRequired[dt.datetime | None]


class ListedDocument(TypedDict):
    """One document of a request's envelope (`documents`, esign.domain.requests.envelope)."""
    id: str
    name: str
    page_count: int | None
    order: int


class SignedDocument(TypedDict):
    """One signed PDF of a completed request (`signed_documents`, esign.domain.evidence.finalization)."""
    document_id: str
    signed_blob_key: str
    original_sha256: str
    stamped_sha256: str
    signed_sha256: NotRequired[str]  # of the signed PDF stored (absent on requests finalised before it was kept)


class SigningRequest(TypedDict):
    """A signing request with its signers and fields embedded (esign.store.signing_requests)."""
    id: str
    org_id: str
    document_id: str
    document_name: str
    document_pages: int | None
    documents: NotRequired[list[ListedDocument]]  # absent on requests stored before envelopes
    status: str  # draft | pending | completed | cancelled | expired
    signing_order: str  # parallel | sequential
    message: str | None
    expires_at: dt.datetime
    created_at: dt.datetime
    updated_at: dt.datetime
    completed_at: dt.datetime | None
    signers: list[Signer]
    fields: list[Field]
    sandbox: bool
    identity_verification_required: bool
    phone_verification_required: bool
    identity_payment_status: str | None
    signed_pdf_status: str  # none | processing | ready | failed
    signing_level: NotRequired[str]  # ses | aes | qes; absent (ses) on requests stored before levels
    pades_signed_at: dt.datetime | None
    separate_stamp_page: bool
    stamp_pdf_available: bool
    email_subject: str | None
    cc_emails: list[Any]  # addresses, or {email, name} entries (esign.domain.mail.copies)
    reminder_days: int | None
    field_values: list[Json] | None
    owner_key_id: str
    owner_name: str
    owner_email: str
    signer_emails: list[str]
    # the staff console's search and "mine" (esign.store.signing_requests.derived); absent on requests stored
    # before them until the start-up upgrade `request-search-fields` (esign.domain.signer.upgrades) runs
    search_terms: NotRequired[list[str]]
    owner_key: NotRequired[str]
    signed_count: int
    version: int
    template_id: str | None
    allow_delegation: NotRequired[bool]  # absent (False) on requests stored before delegation
    # the sender's labels (esign.domain.requests.tags), absent on requests stored before them
    metadata_terms: NotRequired[list[str]]
    external_id: NotRequired[str | None]
    redirect_url: NotRequired[str | None]
    # set by later transitions (esign.domain.requests.lifecycle) and the finalisation
    sent_at: NotRequired[dt.datetime]
    next_reminder_at: NotRequired[dt.datetime | None]
    last_reminded_at: NotRequired[dt.datetime]
    cancelled_at: NotRequired[dt.datetime]
    cancel_reason: NotRequired[str | None]
    expired_at: NotRequired[dt.datetime]
    effects: NotRequired[Json]
    effects_at: NotRequired[dt.datetime]
    signed_blob_key: NotRequired[str]
    signed_documents: NotRequired[list[SignedDocument]]
    combined_blob_key: NotRequired[str]
    certificate_blob_key: NotRequired[str]
    original_sha256: NotRequired[str]
    stamped_sha256: NotRequired[str]
    signed_pdf_error: NotRequired[str | None]
    # the public verification page's (esign.domain.evidence.verification): set on completion; and, by the
    # finalisation, the seal certificate's SHA-256 and the combined PDF's and the separate certificate's
    verification_id: NotRequired[str]
    seal_fingerprint: NotRequired[str]
    combined_sha256: NotRequired[str]
    certificate_sha256: NotRequired[str]
    # revoked by its sender after completion (esign.domain.evidence.revocation)
    revoked_at: NotRequired[dt.datetime]
    revocation_reason: NotRequired[str | None]
    delivery: NotRequired[Json]  # the enterprise delivery's state (esign.domain.mail.enterprise_delivery)
    # a purge begun or done, what it keeps, and when it finished (esign.domain.retention.purge)
    purge: NotRequired[Json]
    tombstone: NotRequired[Json]
    purged_at: NotRequired[dt.datetime]
    # a purge scheduled by the retention policy (esign.domain.retention.policy)
    retention_purge_at: NotRequired[dt.datetime | None]
    retention_action: NotRequired[str]
    retention_rule: NotRequired[str]
    retention_after_days: NotRequired[int]
    retention_by: NotRequired[str]  # what scheduled it: `rule`, `template` or `request` (its own retention)
    # not stored: the version whose effects are being done, on the request handed to them
    # (esign.domain.requests.effects), from which their events take their ids
    following: NotRequired[int]


class Document(TypedDict):
    """An uploaded PDF (esign.store.documents); its bytes are in blob storage under `blob_key`."""
    id: str
    org_id: str
    name: str
    file_size: int
    page_count: int
    status: str
    blob_key: str
    sha256: str
    received_sha256: str | None
    sandbox: bool
    active_content_removed: NotRequired[list[str]]  # absent on documents stored before the check
    had_signatures: bool
    created_at: dt.datetime
    pages: NotRequired[list[Json]]  # its pages as displayed (esign.pdf.render.page_geometry), once settled
    text_tags: NotRequired[list[Json]]  # (esign.domain.pages.placement)
    text_tag_errors: NotRequired[list[Json]]
    text_tags_truncated: NotRequired[bool]


class RoleField(FieldSettings, total=False):
    """A field of a template's role: placed when the request is made (an anchor, or the place given
    here), on the template's first document unless it names another."""
    document_id: str
    field_type: str
    page_number: int
    x_percent: float
    y_percent: float
    width_percent: float
    height_percent: float


class Role(TypedDict):
    """A named signer role of a template, with its fields."""
    name: str
    order: int
    locale: NotRequired[str | None]
    delivery: NotRequired[str]
    type: NotRequired[str]  # signer | approver | viewer | cc | assistant | witness (docs/roles.md); absent (signer) before roles
    assists: NotRequired[list[str]]  # an assistant role's: the names of the signer roles it assists
    witness_for: NotRequired[str]  # a witness role's: the name of the signer role it witnesses
    notify_on: NotRequired[str]  # a cc role's (esign.domain.requests.cc_links)
    fields: list[RoleField]


class Template(TypedDict):
    """A template (esign.store.templates): a create body's settings as stored
    (esign.domain.templating.templates.stored). Keys the body may leave out are NotRequired."""
    id: str
    org_id: str
    name: str
    description: NotRequired[str | None]
    document_id: NotRequired[str | None]
    document_ids: NotRequired[list[str] | None]
    signing_order: str
    default_message: NotRequired[str | None]
    default_expiry_days: int
    cc_emails: list[Any]
    roles: list[Role]
    reminder_days: NotRequired[int | None]
    identity_verification_required: NotRequired[bool]
    phone_verification_required: NotRequired[bool]
    signing_level: NotRequired[str]
    separate_stamp_page: NotRequired[bool]
    email_subject: NotRequired[str | None]
    retention: NotRequired[Json | None]  # its own retention, `after_days` and `action` (esign.domain.retention)
    sandbox: bool
    version: int
    number: NotRequired[int]  # absent on templates made before numbering
    created_at: dt.datetime
    updated_at: dt.datetime


class Webhook(TypedDict):
    """A webhook (esign.store.webhooks); `secret` is encrypted (esign.secrets)."""
    id: str
    org_id: str
    name: str | None
    url: str
    events: list[str]
    status: str  # active | paused | disabled
    secret: str
    trigger_count: int
    failure_count: int
    consecutive_failures: int
    created_at: dt.datetime
    updated_at: dt.datetime
    slot: NotRequired[int]  # absent on webhooks of earlier versions
    resumes: NotRequired[int]
    paused_at: NotRequired[dt.datetime]
    previous_secret: NotRequired[str]
    previous_secret_until: NotRequired[dt.datetime]


class Job(TypedDict):
    """A job of the durable queue (esign.store.jobs)."""
    id: str
    kind: str
    lane: NotRequired[str]  # absent on jobs queued before lanes existed, until Jobs.assign_lanes
    payload: Json
    status: str  # queued | running | done | failed | cancelled
    run_at: dt.datetime
    attempts: int
    max_attempts: int
    worker: str | None
    last_error: str | None
    created_at: dt.datetime
    retry_from: dt.datetime
    updated_at: dt.datetime
    group: NotRequired[str]
    dedupe_key: NotRequired[str]
    origin: NotRequired[Json]
    trace: NotRequired[Json]  # the W3C trace context it was queued in (esign.tracing.carrier)
    sent_at: NotRequired[dt.datetime]
    expires_at: NotRequired[dt.datetime]

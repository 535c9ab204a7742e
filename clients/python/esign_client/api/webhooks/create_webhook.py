from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.webhook_create import WebhookCreate
from ...models.webhook_with_secret import WebhookWithSecret
from typing import cast



def _get_kwargs(
    *,
    body: WebhookCreate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | WebhookWithSecret | None:
    if response.status_code == 201:
        response_201 = WebhookWithSecret.from_dict(response.json())



        return response_201

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())



        return response_404

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())



        return response_409

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())



        return response_413

    if response.status_code == 422:
        response_422 = ErrorResponse.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | WebhookWithSecret]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,

) -> Response[ErrorResponse | WebhookWithSecret]:
    """ Create a webhook

     The answer carries the secret; it is shown only here and on regeneration. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the secret stored in clear, and a
    key silently ignored would let a retry make a second webhook; list the webhooks to see whether a
    create went through. An organisation has at most `[webhooks] max_per_organisation` webhooks (default
    100; 409 `invalid_state` beyond).

    **Success** is any 2xx answer within `[webhooks] timeout_seconds` (default 10 s; the answer's status
    line decides: a body after a 2xx status that is slow, cut off or too large does not matter); any
    other status, a redirect (never followed), a time-out, a connection error or a refused address is a
    failure. Each attempt is a delivery record. A failed attempt is retried after `[webhooks]
    retry_delays_seconds` (default 60, 300, 900 s): the original plus at most 3 retries. After
    `pause_after_failures` (default 10) consecutive failed attempts the webhook becomes `paused`.

    **Paused webhooks keep their events**: while paused nothing is sent; each event and each retry that
    falls due is kept as a delivery record with `status: pending`. PATCH `status: active` resets the
    consecutive count and sends the pending ones one at a time in event order (then retried as usual);
    pending records older than `[webhooks] paused_retention_days` (default 7) are `dropped`. Guarantees:
    at least once, no ordering except among held events; de-duplicate on the body's `id`. Sandbox events
    are delivered too.

    **Address checks**: the URL's host is resolved and every address must be public (not loopback,
    private, link-local, multicast, reserved, unspecified, IPv4-mapped IPv6, nor any numeric spelling of
    those such as `2130706433` or `0x7f000001`) unless the deployment allows private networks; this is
    checked at creation and update (422 `validation_error` on `url`) and again before every attempt, and
    the connection goes to the address that was checked.

    **Standard Webhooks**: beside the specification's headers every attempt carries `webhook-id` (the
    event's id, the body's `id`: the same on every retry and redelivery), `webhook-timestamp` (unix
    seconds of this attempt) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{webhook-
    id}.{webhook-timestamp}.{body}` keyed with the bytes of the secret's base64 part; several space-
    separated while a regenerated secret's predecessor is in force), so Standard Webhooks libraries
    verify deliveries and refuse stale ones.

    **Delivery**: for each subscribed event the service POSTs JSON `{id, event, timestamp, webhook_id,
    data}`: `id` is the event id (the same on every retry, so receivers can de-duplicate), `event` the
    type, `timestamp` the event's time, `webhook_id` this webhook. Headers: `Content-Type:
    application/json`, `X-Webhook-Signature` (hex HMAC-SHA256 of the raw body keyed with the whole
    secret string, `whsec_…`, as UTF-8), `X-Webhook-Event`, `X-Webhook-ID` (webhook id), `X-Webhook-
    Retry` (1, 2, 3) on retries only, and `X-Request-ID`: the id of the API request that made the event,
    when one did (the `X-Request-ID` it answered with).

    **Data by event type**: every `data` has `sandbox` (boolean; required; true for events of sandbox
    requests) and the fields below; more fields may be added, so receivers should ignore unknown ones.
    Each event type's body is also published as a named schema, `<EventType>Delivery` (`signer.signed`:
    `SignerSignedDelivery`; its `data`: `SignedData`), with the headers: the callbacks of this
    operation.

    - `signing_request.created`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signing_request.sent`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required)
    - `signing_request.reminded`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signers` (array; required): email addresses of the reminded
    signers (none for sandbox requests, which send no email)
    - `signing_request.completed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `completed_at` (date-time; required); `all_signers` (array;
    required): array of `{email, name, signed_at}`; `signed_pdf_storage_key` (string; required):
    location of the signed PDF in storage (of the first document of an envelope); `documents` (array;
    required): extension: every document of the request in order, each `{document_id, name,
    signed_pdf_storage_key}` (each is signed as a PDF of its own); `field_values` (array; required,
    nullable): extension: every field of the request with what was filled in, in the request's order;
    null when they would take more than 256 KiB (read them with `GET /v1/signing-requests/{id}`)
    - `signing_request.cancelled`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `reason` (string; required, nullable): the reason given when
    cancelling, `declined by <email>` when a signer declined, `rejected by <email>` when an approver
    rejected, null when none was given; `cancellation` (object; required): extension: why and by whom,
    as the request's own `cancellation` shows it (docs/roles.md)
    - `signing_request.expired`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signer.viewed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `signer.signed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `completed_at` (date-time; optional): present when this signature completed the request;
    `all_signers` (array; optional): present when this signature completed the request: array of
    `{email, name, signed_at}`
    - `signer.declined`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `reason` (string; required): the reason the signer gave
    - `signer.withdrawn`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `document.signed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `document_id` (uuid; required):
    extension: the document whose signed PDF is ready (one event per document of the request);
    `document_name` (string; required); `completed_at` (date-time; required); `signing_level` (string;
    required): the request's signing level, e.g. `ses`; `signers` (array; required): array of `{email,
    name, signed_at}`; `download_url` (string; required): extension: a link to this document's signed
    PDF, valid until `download_expires_at` (24 hours after the event; a retry delivers the same link):
    afterwards ask `GET /v1/signing-requests/{id}/download` for a new one; `download_expires_at` (date-
    time; required)
    - `signing_request.signer_replaced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `previous` (object; required): `{name, email}` of the person replaced;
    `signer_*` name the new one (same `signer_id`)
    - `signer.delegated`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `delegate` (object; required): `{id, name, email}`: the new signer who takes the delegating signer's
    order and fields; `reason` (string; required): the reason the delegating signer gave
    - `signer.approved`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `signed` (boolean; optional): extension: present (true) when an approver
    with `approver_signs` approved by signing
    - `signer.rejected`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `reason` (string; required): the reason the approver gave
    - `signer.acknowledged`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md)
    - `signer.prepared`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `fields` (integer; required): how many fields of the signers it assists
    the assistant prefilled
    - `signer.witnessed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `mode` (string; required): extension: the witness's `witness_mode`:
    `remote` (invited by its own message) or `in_person` (handed the signer's device)
    - `document.uploaded`: `document_id` (uuid; required); `name` (string; required); `file_size`
    (integer; required): bytes; `page_count` (integer; required, nullable)
    - `member.invited`: `email` (string; required); `name` (string; required, nullable)
    - `signing_event.email_bounced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters)
    - `signing_event.email_failed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters); `template` (string; optional, nullable): extension: which
    email will not arrive (`invitation`, `reminder`, ...), when known
    - `signing_request.purge_scheduled`: `signing_request_id` (uuid; required); `purge_at` (date-time;
    required): when the retention policy purges it; `action` (string; required): purge_content or
    purge_all; `rule` (string; required): the rule: the final state and its after_days
    - `signing_request.revoked`: `signing_request_id` (uuid; required); `revoked_at` (date-time;
    required): when its sender revoked the completed request; `reason` (string; required, nullable): the
    reason the sender gave (null once a `purge_all` removed it)
    - `legal_hold.applied`: `legal_hold_id` (uuid; required); `name` (string; required); `matched_now`
    (integer; required): signing requests the hold covers when applied (later ones are covered too)
    - `legal_hold.released`: `legal_hold_id` (uuid; required); `name` (string; required)
    - `public_link.used`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `signing_request_id` (uuid; required): the request made for the
    visitor; `email_proven` (boolean; required): whether the visitor proved their address with an
    emailed code
    - `public_link.exhausted`: `public_link_id` (uuid; required); `name` (string; required);
    `template_id` (uuid; required); `uses` (integer; required): requests made from the link so far;
    `max_uses` (integer; required, nullable)
    - `public_link.paused`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `reason` (string; required): `owner`: paused by a PATCH;
    `phone_breaker`: only the link's phone codes were paused by the breaker (docs/public-links.md), the
    link still works by email

    Args:
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | WebhookWithSecret]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,

) -> ErrorResponse | WebhookWithSecret | None:
    """ Create a webhook

     The answer carries the secret; it is shown only here and on regeneration. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the secret stored in clear, and a
    key silently ignored would let a retry make a second webhook; list the webhooks to see whether a
    create went through. An organisation has at most `[webhooks] max_per_organisation` webhooks (default
    100; 409 `invalid_state` beyond).

    **Success** is any 2xx answer within `[webhooks] timeout_seconds` (default 10 s; the answer's status
    line decides: a body after a 2xx status that is slow, cut off or too large does not matter); any
    other status, a redirect (never followed), a time-out, a connection error or a refused address is a
    failure. Each attempt is a delivery record. A failed attempt is retried after `[webhooks]
    retry_delays_seconds` (default 60, 300, 900 s): the original plus at most 3 retries. After
    `pause_after_failures` (default 10) consecutive failed attempts the webhook becomes `paused`.

    **Paused webhooks keep their events**: while paused nothing is sent; each event and each retry that
    falls due is kept as a delivery record with `status: pending`. PATCH `status: active` resets the
    consecutive count and sends the pending ones one at a time in event order (then retried as usual);
    pending records older than `[webhooks] paused_retention_days` (default 7) are `dropped`. Guarantees:
    at least once, no ordering except among held events; de-duplicate on the body's `id`. Sandbox events
    are delivered too.

    **Address checks**: the URL's host is resolved and every address must be public (not loopback,
    private, link-local, multicast, reserved, unspecified, IPv4-mapped IPv6, nor any numeric spelling of
    those such as `2130706433` or `0x7f000001`) unless the deployment allows private networks; this is
    checked at creation and update (422 `validation_error` on `url`) and again before every attempt, and
    the connection goes to the address that was checked.

    **Standard Webhooks**: beside the specification's headers every attempt carries `webhook-id` (the
    event's id, the body's `id`: the same on every retry and redelivery), `webhook-timestamp` (unix
    seconds of this attempt) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{webhook-
    id}.{webhook-timestamp}.{body}` keyed with the bytes of the secret's base64 part; several space-
    separated while a regenerated secret's predecessor is in force), so Standard Webhooks libraries
    verify deliveries and refuse stale ones.

    **Delivery**: for each subscribed event the service POSTs JSON `{id, event, timestamp, webhook_id,
    data}`: `id` is the event id (the same on every retry, so receivers can de-duplicate), `event` the
    type, `timestamp` the event's time, `webhook_id` this webhook. Headers: `Content-Type:
    application/json`, `X-Webhook-Signature` (hex HMAC-SHA256 of the raw body keyed with the whole
    secret string, `whsec_…`, as UTF-8), `X-Webhook-Event`, `X-Webhook-ID` (webhook id), `X-Webhook-
    Retry` (1, 2, 3) on retries only, and `X-Request-ID`: the id of the API request that made the event,
    when one did (the `X-Request-ID` it answered with).

    **Data by event type**: every `data` has `sandbox` (boolean; required; true for events of sandbox
    requests) and the fields below; more fields may be added, so receivers should ignore unknown ones.
    Each event type's body is also published as a named schema, `<EventType>Delivery` (`signer.signed`:
    `SignerSignedDelivery`; its `data`: `SignedData`), with the headers: the callbacks of this
    operation.

    - `signing_request.created`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signing_request.sent`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required)
    - `signing_request.reminded`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signers` (array; required): email addresses of the reminded
    signers (none for sandbox requests, which send no email)
    - `signing_request.completed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `completed_at` (date-time; required); `all_signers` (array;
    required): array of `{email, name, signed_at}`; `signed_pdf_storage_key` (string; required):
    location of the signed PDF in storage (of the first document of an envelope); `documents` (array;
    required): extension: every document of the request in order, each `{document_id, name,
    signed_pdf_storage_key}` (each is signed as a PDF of its own); `field_values` (array; required,
    nullable): extension: every field of the request with what was filled in, in the request's order;
    null when they would take more than 256 KiB (read them with `GET /v1/signing-requests/{id}`)
    - `signing_request.cancelled`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `reason` (string; required, nullable): the reason given when
    cancelling, `declined by <email>` when a signer declined, `rejected by <email>` when an approver
    rejected, null when none was given; `cancellation` (object; required): extension: why and by whom,
    as the request's own `cancellation` shows it (docs/roles.md)
    - `signing_request.expired`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signer.viewed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `signer.signed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `completed_at` (date-time; optional): present when this signature completed the request;
    `all_signers` (array; optional): present when this signature completed the request: array of
    `{email, name, signed_at}`
    - `signer.declined`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `reason` (string; required): the reason the signer gave
    - `signer.withdrawn`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `document.signed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `document_id` (uuid; required):
    extension: the document whose signed PDF is ready (one event per document of the request);
    `document_name` (string; required); `completed_at` (date-time; required); `signing_level` (string;
    required): the request's signing level, e.g. `ses`; `signers` (array; required): array of `{email,
    name, signed_at}`; `download_url` (string; required): extension: a link to this document's signed
    PDF, valid until `download_expires_at` (24 hours after the event; a retry delivers the same link):
    afterwards ask `GET /v1/signing-requests/{id}/download` for a new one; `download_expires_at` (date-
    time; required)
    - `signing_request.signer_replaced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `previous` (object; required): `{name, email}` of the person replaced;
    `signer_*` name the new one (same `signer_id`)
    - `signer.delegated`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `delegate` (object; required): `{id, name, email}`: the new signer who takes the delegating signer's
    order and fields; `reason` (string; required): the reason the delegating signer gave
    - `signer.approved`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `signed` (boolean; optional): extension: present (true) when an approver
    with `approver_signs` approved by signing
    - `signer.rejected`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `reason` (string; required): the reason the approver gave
    - `signer.acknowledged`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md)
    - `signer.prepared`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `fields` (integer; required): how many fields of the signers it assists
    the assistant prefilled
    - `signer.witnessed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `mode` (string; required): extension: the witness's `witness_mode`:
    `remote` (invited by its own message) or `in_person` (handed the signer's device)
    - `document.uploaded`: `document_id` (uuid; required); `name` (string; required); `file_size`
    (integer; required): bytes; `page_count` (integer; required, nullable)
    - `member.invited`: `email` (string; required); `name` (string; required, nullable)
    - `signing_event.email_bounced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters)
    - `signing_event.email_failed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters); `template` (string; optional, nullable): extension: which
    email will not arrive (`invitation`, `reminder`, ...), when known
    - `signing_request.purge_scheduled`: `signing_request_id` (uuid; required); `purge_at` (date-time;
    required): when the retention policy purges it; `action` (string; required): purge_content or
    purge_all; `rule` (string; required): the rule: the final state and its after_days
    - `signing_request.revoked`: `signing_request_id` (uuid; required); `revoked_at` (date-time;
    required): when its sender revoked the completed request; `reason` (string; required, nullable): the
    reason the sender gave (null once a `purge_all` removed it)
    - `legal_hold.applied`: `legal_hold_id` (uuid; required); `name` (string; required); `matched_now`
    (integer; required): signing requests the hold covers when applied (later ones are covered too)
    - `legal_hold.released`: `legal_hold_id` (uuid; required); `name` (string; required)
    - `public_link.used`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `signing_request_id` (uuid; required): the request made for the
    visitor; `email_proven` (boolean; required): whether the visitor proved their address with an
    emailed code
    - `public_link.exhausted`: `public_link_id` (uuid; required); `name` (string; required);
    `template_id` (uuid; required); `uses` (integer; required): requests made from the link so far;
    `max_uses` (integer; required, nullable)
    - `public_link.paused`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `reason` (string; required): `owner`: paused by a PATCH;
    `phone_breaker`: only the link's phone codes were paused by the breaker (docs/public-links.md), the
    link still works by email

    Args:
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | WebhookWithSecret
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,

) -> Response[ErrorResponse | WebhookWithSecret]:
    """ Create a webhook

     The answer carries the secret; it is shown only here and on regeneration. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the secret stored in clear, and a
    key silently ignored would let a retry make a second webhook; list the webhooks to see whether a
    create went through. An organisation has at most `[webhooks] max_per_organisation` webhooks (default
    100; 409 `invalid_state` beyond).

    **Success** is any 2xx answer within `[webhooks] timeout_seconds` (default 10 s; the answer's status
    line decides: a body after a 2xx status that is slow, cut off or too large does not matter); any
    other status, a redirect (never followed), a time-out, a connection error or a refused address is a
    failure. Each attempt is a delivery record. A failed attempt is retried after `[webhooks]
    retry_delays_seconds` (default 60, 300, 900 s): the original plus at most 3 retries. After
    `pause_after_failures` (default 10) consecutive failed attempts the webhook becomes `paused`.

    **Paused webhooks keep their events**: while paused nothing is sent; each event and each retry that
    falls due is kept as a delivery record with `status: pending`. PATCH `status: active` resets the
    consecutive count and sends the pending ones one at a time in event order (then retried as usual);
    pending records older than `[webhooks] paused_retention_days` (default 7) are `dropped`. Guarantees:
    at least once, no ordering except among held events; de-duplicate on the body's `id`. Sandbox events
    are delivered too.

    **Address checks**: the URL's host is resolved and every address must be public (not loopback,
    private, link-local, multicast, reserved, unspecified, IPv4-mapped IPv6, nor any numeric spelling of
    those such as `2130706433` or `0x7f000001`) unless the deployment allows private networks; this is
    checked at creation and update (422 `validation_error` on `url`) and again before every attempt, and
    the connection goes to the address that was checked.

    **Standard Webhooks**: beside the specification's headers every attempt carries `webhook-id` (the
    event's id, the body's `id`: the same on every retry and redelivery), `webhook-timestamp` (unix
    seconds of this attempt) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{webhook-
    id}.{webhook-timestamp}.{body}` keyed with the bytes of the secret's base64 part; several space-
    separated while a regenerated secret's predecessor is in force), so Standard Webhooks libraries
    verify deliveries and refuse stale ones.

    **Delivery**: for each subscribed event the service POSTs JSON `{id, event, timestamp, webhook_id,
    data}`: `id` is the event id (the same on every retry, so receivers can de-duplicate), `event` the
    type, `timestamp` the event's time, `webhook_id` this webhook. Headers: `Content-Type:
    application/json`, `X-Webhook-Signature` (hex HMAC-SHA256 of the raw body keyed with the whole
    secret string, `whsec_…`, as UTF-8), `X-Webhook-Event`, `X-Webhook-ID` (webhook id), `X-Webhook-
    Retry` (1, 2, 3) on retries only, and `X-Request-ID`: the id of the API request that made the event,
    when one did (the `X-Request-ID` it answered with).

    **Data by event type**: every `data` has `sandbox` (boolean; required; true for events of sandbox
    requests) and the fields below; more fields may be added, so receivers should ignore unknown ones.
    Each event type's body is also published as a named schema, `<EventType>Delivery` (`signer.signed`:
    `SignerSignedDelivery`; its `data`: `SignedData`), with the headers: the callbacks of this
    operation.

    - `signing_request.created`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signing_request.sent`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required)
    - `signing_request.reminded`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signers` (array; required): email addresses of the reminded
    signers (none for sandbox requests, which send no email)
    - `signing_request.completed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `completed_at` (date-time; required); `all_signers` (array;
    required): array of `{email, name, signed_at}`; `signed_pdf_storage_key` (string; required):
    location of the signed PDF in storage (of the first document of an envelope); `documents` (array;
    required): extension: every document of the request in order, each `{document_id, name,
    signed_pdf_storage_key}` (each is signed as a PDF of its own); `field_values` (array; required,
    nullable): extension: every field of the request with what was filled in, in the request's order;
    null when they would take more than 256 KiB (read them with `GET /v1/signing-requests/{id}`)
    - `signing_request.cancelled`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `reason` (string; required, nullable): the reason given when
    cancelling, `declined by <email>` when a signer declined, `rejected by <email>` when an approver
    rejected, null when none was given; `cancellation` (object; required): extension: why and by whom,
    as the request's own `cancellation` shows it (docs/roles.md)
    - `signing_request.expired`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signer.viewed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `signer.signed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `completed_at` (date-time; optional): present when this signature completed the request;
    `all_signers` (array; optional): present when this signature completed the request: array of
    `{email, name, signed_at}`
    - `signer.declined`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `reason` (string; required): the reason the signer gave
    - `signer.withdrawn`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `document.signed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `document_id` (uuid; required):
    extension: the document whose signed PDF is ready (one event per document of the request);
    `document_name` (string; required); `completed_at` (date-time; required); `signing_level` (string;
    required): the request's signing level, e.g. `ses`; `signers` (array; required): array of `{email,
    name, signed_at}`; `download_url` (string; required): extension: a link to this document's signed
    PDF, valid until `download_expires_at` (24 hours after the event; a retry delivers the same link):
    afterwards ask `GET /v1/signing-requests/{id}/download` for a new one; `download_expires_at` (date-
    time; required)
    - `signing_request.signer_replaced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `previous` (object; required): `{name, email}` of the person replaced;
    `signer_*` name the new one (same `signer_id`)
    - `signer.delegated`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `delegate` (object; required): `{id, name, email}`: the new signer who takes the delegating signer's
    order and fields; `reason` (string; required): the reason the delegating signer gave
    - `signer.approved`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `signed` (boolean; optional): extension: present (true) when an approver
    with `approver_signs` approved by signing
    - `signer.rejected`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `reason` (string; required): the reason the approver gave
    - `signer.acknowledged`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md)
    - `signer.prepared`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `fields` (integer; required): how many fields of the signers it assists
    the assistant prefilled
    - `signer.witnessed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `mode` (string; required): extension: the witness's `witness_mode`:
    `remote` (invited by its own message) or `in_person` (handed the signer's device)
    - `document.uploaded`: `document_id` (uuid; required); `name` (string; required); `file_size`
    (integer; required): bytes; `page_count` (integer; required, nullable)
    - `member.invited`: `email` (string; required); `name` (string; required, nullable)
    - `signing_event.email_bounced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters)
    - `signing_event.email_failed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters); `template` (string; optional, nullable): extension: which
    email will not arrive (`invitation`, `reminder`, ...), when known
    - `signing_request.purge_scheduled`: `signing_request_id` (uuid; required); `purge_at` (date-time;
    required): when the retention policy purges it; `action` (string; required): purge_content or
    purge_all; `rule` (string; required): the rule: the final state and its after_days
    - `signing_request.revoked`: `signing_request_id` (uuid; required); `revoked_at` (date-time;
    required): when its sender revoked the completed request; `reason` (string; required, nullable): the
    reason the sender gave (null once a `purge_all` removed it)
    - `legal_hold.applied`: `legal_hold_id` (uuid; required); `name` (string; required); `matched_now`
    (integer; required): signing requests the hold covers when applied (later ones are covered too)
    - `legal_hold.released`: `legal_hold_id` (uuid; required); `name` (string; required)
    - `public_link.used`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `signing_request_id` (uuid; required): the request made for the
    visitor; `email_proven` (boolean; required): whether the visitor proved their address with an
    emailed code
    - `public_link.exhausted`: `public_link_id` (uuid; required); `name` (string; required);
    `template_id` (uuid; required); `uses` (integer; required): requests made from the link so far;
    `max_uses` (integer; required, nullable)
    - `public_link.paused`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `reason` (string; required): `owner`: paused by a PATCH;
    `phone_breaker`: only the link's phone codes were paused by the breaker (docs/public-links.md), the
    link still works by email

    Args:
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | WebhookWithSecret]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: WebhookCreate,

) -> ErrorResponse | WebhookWithSecret | None:
    """ Create a webhook

     The answer carries the secret; it is shown only here and on regeneration. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the secret stored in clear, and a
    key silently ignored would let a retry make a second webhook; list the webhooks to see whether a
    create went through. An organisation has at most `[webhooks] max_per_organisation` webhooks (default
    100; 409 `invalid_state` beyond).

    **Success** is any 2xx answer within `[webhooks] timeout_seconds` (default 10 s; the answer's status
    line decides: a body after a 2xx status that is slow, cut off or too large does not matter); any
    other status, a redirect (never followed), a time-out, a connection error or a refused address is a
    failure. Each attempt is a delivery record. A failed attempt is retried after `[webhooks]
    retry_delays_seconds` (default 60, 300, 900 s): the original plus at most 3 retries. After
    `pause_after_failures` (default 10) consecutive failed attempts the webhook becomes `paused`.

    **Paused webhooks keep their events**: while paused nothing is sent; each event and each retry that
    falls due is kept as a delivery record with `status: pending`. PATCH `status: active` resets the
    consecutive count and sends the pending ones one at a time in event order (then retried as usual);
    pending records older than `[webhooks] paused_retention_days` (default 7) are `dropped`. Guarantees:
    at least once, no ordering except among held events; de-duplicate on the body's `id`. Sandbox events
    are delivered too.

    **Address checks**: the URL's host is resolved and every address must be public (not loopback,
    private, link-local, multicast, reserved, unspecified, IPv4-mapped IPv6, nor any numeric spelling of
    those such as `2130706433` or `0x7f000001`) unless the deployment allows private networks; this is
    checked at creation and update (422 `validation_error` on `url`) and again before every attempt, and
    the connection goes to the address that was checked.

    **Standard Webhooks**: beside the specification's headers every attempt carries `webhook-id` (the
    event's id, the body's `id`: the same on every retry and redelivery), `webhook-timestamp` (unix
    seconds of this attempt) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{webhook-
    id}.{webhook-timestamp}.{body}` keyed with the bytes of the secret's base64 part; several space-
    separated while a regenerated secret's predecessor is in force), so Standard Webhooks libraries
    verify deliveries and refuse stale ones.

    **Delivery**: for each subscribed event the service POSTs JSON `{id, event, timestamp, webhook_id,
    data}`: `id` is the event id (the same on every retry, so receivers can de-duplicate), `event` the
    type, `timestamp` the event's time, `webhook_id` this webhook. Headers: `Content-Type:
    application/json`, `X-Webhook-Signature` (hex HMAC-SHA256 of the raw body keyed with the whole
    secret string, `whsec_…`, as UTF-8), `X-Webhook-Event`, `X-Webhook-ID` (webhook id), `X-Webhook-
    Retry` (1, 2, 3) on retries only, and `X-Request-ID`: the id of the API request that made the event,
    when one did (the `X-Request-ID` it answered with).

    **Data by event type**: every `data` has `sandbox` (boolean; required; true for events of sandbox
    requests) and the fields below; more fields may be added, so receivers should ignore unknown ones.
    Each event type's body is also published as a named schema, `<EventType>Delivery` (`signer.signed`:
    `SignerSignedDelivery`; its `data`: `SignedData`), with the headers: the callbacks of this
    operation.

    - `signing_request.created`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signing_request.sent`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required)
    - `signing_request.reminded`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signers` (array; required): email addresses of the reminded
    signers (none for sandbox requests, which send no email)
    - `signing_request.completed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `completed_at` (date-time; required); `all_signers` (array;
    required): array of `{email, name, signed_at}`; `signed_pdf_storage_key` (string; required):
    location of the signed PDF in storage (of the first document of an envelope); `documents` (array;
    required): extension: every document of the request in order, each `{document_id, name,
    signed_pdf_storage_key}` (each is signed as a PDF of its own); `field_values` (array; required,
    nullable): extension: every field of the request with what was filled in, in the request's order;
    null when they would take more than 256 KiB (read them with `GET /v1/signing-requests/{id}`)
    - `signing_request.cancelled`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `reason` (string; required, nullable): the reason given when
    cancelling, `declined by <email>` when a signer declined, `rejected by <email>` when an approver
    rejected, null when none was given; `cancellation` (object; required): extension: why and by whom,
    as the request's own `cancellation` shows it (docs/roles.md)
    - `signing_request.expired`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required)
    - `signer.viewed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `signer.signed`: `external_id` (string; required, nullable): extension: the `external_id` given on
    create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `completed_at` (date-time; optional): present when this signature completed the request;
    `all_signers` (array; optional): present when this signature completed the request: array of
    `{email, name, signed_at}`
    - `signer.declined`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `reason` (string; required): the reason the signer gave
    - `signer.withdrawn`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event
    - `document.signed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `document_id` (uuid; required):
    extension: the document whose signed PDF is ready (one event per document of the request);
    `document_name` (string; required); `completed_at` (date-time; required); `signing_level` (string;
    required): the request's signing level, e.g. `ses`; `signers` (array; required): array of `{email,
    name, signed_at}`; `download_url` (string; required): extension: a link to this document's signed
    PDF, valid until `download_expires_at` (24 hours after the event; a retry delivers the same link):
    afterwards ask `GET /v1/signing-requests/{id}/download` for a new one; `download_expires_at` (date-
    time; required)
    - `signing_request.signer_replaced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `previous` (object; required): `{name, email}` of the person replaced;
    `signer_*` name the new one (same `signer_id`)
    - `signer.delegated`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `delegate` (object; required): `{id, name, email}`: the new signer who takes the delegating signer's
    order and fields; `reason` (string; required): the reason the delegating signer gave
    - `signer.approved`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `signed` (boolean; optional): extension: present (true) when an approver
    with `approver_signs` approved by signing
    - `signer.rejected`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `reason` (string; required): the reason the approver gave
    - `signer.acknowledged`: `external_id` (string; required, nullable): extension: the `external_id`
    given on create, else null; `metadata` (object; required): extension: the `metadata` given on create
    (an empty object when none was); `signing_request_id` (uuid; required); `status` (string; required):
    the request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md)
    - `signer.prepared`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `fields` (integer; required): how many fields of the signers it assists
    the assistant prefilled
    - `signer.witnessed`: `external_id` (string; required, nullable): extension: the `external_id` given
    on create, else null; `metadata` (object; required): extension: the `metadata` given on create (an
    empty object when none was); `signing_request_id` (uuid; required); `status` (string; required): the
    request's status after the event; `document_id` (uuid; required); `document_name` (string;
    required); `signer_id` (uuid; required); `signer_name` (string; required); `signer_email` (string;
    required); `signer` (object; required): `{id, email, name, status}` of the signer after the event;
    `type` (string; required): extension: the participant's type (`approver`, `viewer`, `assistant`,
    `witness`; docs/roles.md); `mode` (string; required): extension: the witness's `witness_mode`:
    `remote` (invited by its own message) or `in_person` (handed the signer's device)
    - `document.uploaded`: `document_id` (uuid; required); `name` (string; required); `file_size`
    (integer; required): bytes; `page_count` (integer; required, nullable)
    - `member.invited`: `email` (string; required); `name` (string; required, nullable)
    - `signing_event.email_bounced`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters)
    - `signing_event.email_failed`: `external_id` (string; required, nullable): extension: the
    `external_id` given on create, else null; `metadata` (object; required): extension: the `metadata`
    given on create (an empty object when none was); `signing_request_id` (uuid; required); `status`
    (string; required): the request's status after the event; `document_id` (uuid; required);
    `document_name` (string; required); `signer_id` (uuid; required); `signer_name` (string; required);
    `signer_email` (string; required); `signer` (object; required): `{id, email, name, status}` of the
    signer after the event; `error` (string; required): extension: what the mail server answered about
    the address (at most 500 characters); `template` (string; optional, nullable): extension: which
    email will not arrive (`invitation`, `reminder`, ...), when known
    - `signing_request.purge_scheduled`: `signing_request_id` (uuid; required); `purge_at` (date-time;
    required): when the retention policy purges it; `action` (string; required): purge_content or
    purge_all; `rule` (string; required): the rule: the final state and its after_days
    - `signing_request.revoked`: `signing_request_id` (uuid; required); `revoked_at` (date-time;
    required): when its sender revoked the completed request; `reason` (string; required, nullable): the
    reason the sender gave (null once a `purge_all` removed it)
    - `legal_hold.applied`: `legal_hold_id` (uuid; required); `name` (string; required); `matched_now`
    (integer; required): signing requests the hold covers when applied (later ones are covered too)
    - `legal_hold.released`: `legal_hold_id` (uuid; required); `name` (string; required)
    - `public_link.used`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `signing_request_id` (uuid; required): the request made for the
    visitor; `email_proven` (boolean; required): whether the visitor proved their address with an
    emailed code
    - `public_link.exhausted`: `public_link_id` (uuid; required); `name` (string; required);
    `template_id` (uuid; required); `uses` (integer; required): requests made from the link so far;
    `max_uses` (integer; required, nullable)
    - `public_link.paused`: `public_link_id` (uuid; required); `name` (string; required); `template_id`
    (uuid; required); `uses` (integer; required): requests made from the link so far; `max_uses`
    (integer; required, nullable); `reason` (string; required): `owner`: paused by a PATCH;
    `phone_breaker`: only the link's phone codes were paused by the breaker (docs/public-links.md), the
    link still works by email

    Args:
        body (WebhookCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | WebhookWithSecret
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed

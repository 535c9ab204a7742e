from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.signing_request import SigningRequest
from ...models.signing_request_create import SigningRequestCreate
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: SigningRequestCreate,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signing-requests",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SigningRequest | None:
    if response.status_code == 201:
        response_201 = SigningRequest.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SigningRequest]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: SigningRequestCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | SigningRequest]:
    """ Create a signing request

     Creates a draft (`auto_send` false) or creates and sends it. Extension: `fields` places the
    signature fields in the same call (the rules of `POST .../fields`, each field naming its signer by
    `signer_email`; an email that is not one of `signers` is 422 with detail `fields.<i>.signer_email`).
    Unknown document_id: 422. Non-sandbox requests count toward the monthly quota (403 quota_exceeded).
    `signing_level` qes without a QES provider: 403 plan_restricted. With `auto_send` the answer carries
    `warnings` as the send's does. A sequential request in which no signer gives `order` takes the list
    order.

    Args:
        idempotency_key (str | Unset):
        body (SigningRequestCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: SigningRequestCreate,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | SigningRequest | None:
    """ Create a signing request

     Creates a draft (`auto_send` false) or creates and sends it. Extension: `fields` places the
    signature fields in the same call (the rules of `POST .../fields`, each field naming its signer by
    `signer_email`; an email that is not one of `signers` is 422 with detail `fields.<i>.signer_email`).
    Unknown document_id: 422. Non-sandbox requests count toward the monthly quota (403 quota_exceeded).
    `signing_level` qes without a QES provider: 403 plan_restricted. With `auto_send` the answer carries
    `warnings` as the send's does. A sequential request in which no signer gives `order` takes the list
    order.

    Args:
        idempotency_key (str | Unset):
        body (SigningRequestCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: SigningRequestCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | SigningRequest]:
    """ Create a signing request

     Creates a draft (`auto_send` false) or creates and sends it. Extension: `fields` places the
    signature fields in the same call (the rules of `POST .../fields`, each field naming its signer by
    `signer_email`; an email that is not one of `signers` is 422 with detail `fields.<i>.signer_email`).
    Unknown document_id: 422. Non-sandbox requests count toward the monthly quota (403 quota_exceeded).
    `signing_level` qes without a QES provider: 403 plan_restricted. With `auto_send` the answer carries
    `warnings` as the send's does. A sequential request in which no signer gives `order` takes the list
    order.

    Args:
        idempotency_key (str | Unset):
        body (SigningRequestCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: SigningRequestCreate,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | SigningRequest | None:
    """ Create a signing request

     Creates a draft (`auto_send` false) or creates and sends it. Extension: `fields` places the
    signature fields in the same call (the rules of `POST .../fields`, each field naming its signer by
    `signer_email`; an email that is not one of `signers` is 422 with detail `fields.<i>.signer_email`).
    Unknown document_id: 422. Non-sandbox requests count toward the monthly quota (403 quota_exceeded).
    `signing_level` qes without a QES provider: 403 plan_restricted. With `auto_send` the answer carries
    `warnings` as the send's does. A sequential request in which no signer gives `order` takes the list
    order.

    Args:
        idempotency_key (str | Unset):
        body (SigningRequestCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

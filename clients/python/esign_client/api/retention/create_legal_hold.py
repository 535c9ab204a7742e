from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.legal_hold import LegalHold
from ...models.legal_hold_create import LegalHoldCreate
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: LegalHoldCreate,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/legal-holds",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | LegalHold | None:
    if response.status_code == 201:
        response_201 = LegalHold.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | LegalHold]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: LegalHoldCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | LegalHold]:
    """ Apply a legal hold (extension)

     Requires the `admin` scope. Exactly one criterion: `signing_request_ids`, `signer_email`,
    `template_id`, or a creation range (`created_from` and/or `created_to`; 422 otherwise). It is
    evaluated whenever a purge asks, so requests made later that match it are held too; a purge of a
    held request is 409 `legal_hold` naming the holds. `matched_now` counts the requests it covers now.
    Records `legal_hold.applied`. 409 `limit_reached` past 1000 active holds.

    Args:
        idempotency_key (str | Unset):
        body (LegalHoldCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LegalHold]
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
    body: LegalHoldCreate,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | LegalHold | None:
    """ Apply a legal hold (extension)

     Requires the `admin` scope. Exactly one criterion: `signing_request_ids`, `signer_email`,
    `template_id`, or a creation range (`created_from` and/or `created_to`; 422 otherwise). It is
    evaluated whenever a purge asks, so requests made later that match it are held too; a purge of a
    held request is 409 `legal_hold` naming the holds. `matched_now` counts the requests it covers now.
    Records `legal_hold.applied`. 409 `limit_reached` past 1000 active holds.

    Args:
        idempotency_key (str | Unset):
        body (LegalHoldCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LegalHold
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: LegalHoldCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | LegalHold]:
    """ Apply a legal hold (extension)

     Requires the `admin` scope. Exactly one criterion: `signing_request_ids`, `signer_email`,
    `template_id`, or a creation range (`created_from` and/or `created_to`; 422 otherwise). It is
    evaluated whenever a purge asks, so requests made later that match it are held too; a purge of a
    held request is 409 `legal_hold` naming the holds. `matched_now` counts the requests it covers now.
    Records `legal_hold.applied`. 409 `limit_reached` past 1000 active holds.

    Args:
        idempotency_key (str | Unset):
        body (LegalHoldCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LegalHold]
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
    body: LegalHoldCreate,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | LegalHold | None:
    """ Apply a legal hold (extension)

     Requires the `admin` scope. Exactly one criterion: `signing_request_ids`, `signer_email`,
    `template_id`, or a creation range (`created_from` and/or `created_to`; 422 otherwise). It is
    evaluated whenever a purge asks, so requests made later that match it are held too; a purge of a
    held request is 409 `legal_hold` naming the holds. `matched_now` counts the requests it covers now.
    Records `legal_hold.applied`. 409 `limit_reached` past 1000 active holds.

    Args:
        idempotency_key (str | Unset):
        body (LegalHoldCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LegalHold
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

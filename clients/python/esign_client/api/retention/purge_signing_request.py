from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.purge_body import PurgeBody
from ...models.signing_request import SigningRequest
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    *,
    body: PurgeBody,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signing-requests/{request_id}/purge".format(request_id=quote(str(request_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SigningRequest | None:
    if response.status_code == 202:
        response_202 = SigningRequest.from_dict(response.json())



        return response_202

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
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PurgeBody,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | SigningRequest]:
    """ Purge a finished signing request's content, or all of it (extension)

     Requires the `admin` scope. Completed, cancelled or expired requests only (409 invalid_state
    otherwise: delete a draft instead; also while the signed PDF is being produced, or when the request
    was purged already; a request purged with `purge_content` may be purged again with `purge_all`). The
    answer is the request with `purge.state` `purging`: the job worker deletes its files, one job per
    file, and with `purge_all` removes the personal data from the request and its events, then sets
    `purged_at` and keeps the `tombstone` (docs/retention.md). From then on the request changes no more,
    and its downloads and attachments answer 410 `purged`.

    Args:
        request_id (UUID):
        idempotency_key (str | Unset):
        body (PurgeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PurgeBody,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | SigningRequest | None:
    """ Purge a finished signing request's content, or all of it (extension)

     Requires the `admin` scope. Completed, cancelled or expired requests only (409 invalid_state
    otherwise: delete a draft instead; also while the signed PDF is being produced, or when the request
    was purged already; a request purged with `purge_content` may be purged again with `purge_all`). The
    answer is the request with `purge.state` `purging`: the job worker deletes its files, one job per
    file, and with `purge_all` removes the personal data from the request and its events, then sets
    `purged_at` and keeps the `tombstone` (docs/retention.md). From then on the request changes no more,
    and its downloads and attachments answer 410 `purged`.

    Args:
        request_id (UUID):
        idempotency_key (str | Unset):
        body (PurgeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
     """


    return sync_detailed(
        request_id=request_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PurgeBody,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | SigningRequest]:
    """ Purge a finished signing request's content, or all of it (extension)

     Requires the `admin` scope. Completed, cancelled or expired requests only (409 invalid_state
    otherwise: delete a draft instead; also while the signed PDF is being produced, or when the request
    was purged already; a request purged with `purge_content` may be purged again with `purge_all`). The
    answer is the request with `purge.state` `purging`: the job worker deletes its files, one job per
    file, and with `purge_all` removes the personal data from the request and its events, then sets
    `purged_at` and keeps the `tombstone` (docs/retention.md). From then on the request changes no more,
    and its downloads and attachments answer 410 `purged`.

    Args:
        request_id (UUID):
        idempotency_key (str | Unset):
        body (PurgeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PurgeBody,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | SigningRequest | None:
    """ Purge a finished signing request's content, or all of it (extension)

     Requires the `admin` scope. Completed, cancelled or expired requests only (409 invalid_state
    otherwise: delete a draft instead; also while the signed PDF is being produced, or when the request
    was purged already; a request purged with `purge_content` may be purged again with `purge_all`). The
    answer is the request with `purge.state` `purging`: the job worker deletes its files, one job per
    file, and with `purge_all` removes the personal data from the request and its events, then sets
    `purged_at` and keeps the `tombstone` (docs/retention.md). From then on the request changes no more,
    and its downloads and attachments answer 410 `purged`.

    Args:
        request_id (UUID):
        idempotency_key (str | Unset):
        body (PurgeBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
     """


    return (await asyncio_detailed(
        request_id=request_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

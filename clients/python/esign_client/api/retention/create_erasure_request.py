from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.erasure_body import ErasureBody
from ...models.erasure_report import ErasureReport
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: ErasureBody,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/erasure-requests",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErasureReport | ErrorResponse | None:
    if response.status_code == 202:
        response_202 = ErasureReport.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErasureReport | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ErasureBody,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErasureReport | ErrorResponse]:
    """ Erase a person's data (extension)

     Requires the `admin` scope. Every signing request of the organisation that the address signs, oldest
    first (at most 200 a call; `truncated` says there are more), is purged with `purge_all` through the
    job worker (`outcome` `purging`, or `purged` when that was done before), or reported `held` (naming
    the legal holds) or `kept`: by the organisation's floor (`floor_days` of the retention policy), or
    because it is a draft or pending (delete or cancel it, then ask again). Each purge keeps its
    tombstone with `reason`. The person's other records are reported in `other_records`: the contact
    deleted, the bulk rows and public link uses scrubbed unless their request is kept, the identity
    sessions scrubbed with their requests; nothing of them while a legal hold names the address
    (docs/retention.md).

    Args:
        idempotency_key (str | Unset):
        body (ErasureBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErasureReport | ErrorResponse]
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
    body: ErasureBody,
    idempotency_key: str | Unset = UNSET,

) -> ErasureReport | ErrorResponse | None:
    """ Erase a person's data (extension)

     Requires the `admin` scope. Every signing request of the organisation that the address signs, oldest
    first (at most 200 a call; `truncated` says there are more), is purged with `purge_all` through the
    job worker (`outcome` `purging`, or `purged` when that was done before), or reported `held` (naming
    the legal holds) or `kept`: by the organisation's floor (`floor_days` of the retention policy), or
    because it is a draft or pending (delete or cancel it, then ask again). Each purge keeps its
    tombstone with `reason`. The person's other records are reported in `other_records`: the contact
    deleted, the bulk rows and public link uses scrubbed unless their request is kept, the identity
    sessions scrubbed with their requests; nothing of them while a legal hold names the address
    (docs/retention.md).

    Args:
        idempotency_key (str | Unset):
        body (ErasureBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErasureReport | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ErasureBody,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErasureReport | ErrorResponse]:
    """ Erase a person's data (extension)

     Requires the `admin` scope. Every signing request of the organisation that the address signs, oldest
    first (at most 200 a call; `truncated` says there are more), is purged with `purge_all` through the
    job worker (`outcome` `purging`, or `purged` when that was done before), or reported `held` (naming
    the legal holds) or `kept`: by the organisation's floor (`floor_days` of the retention policy), or
    because it is a draft or pending (delete or cancel it, then ask again). Each purge keeps its
    tombstone with `reason`. The person's other records are reported in `other_records`: the contact
    deleted, the bulk rows and public link uses scrubbed unless their request is kept, the identity
    sessions scrubbed with their requests; nothing of them while a legal hold names the address
    (docs/retention.md).

    Args:
        idempotency_key (str | Unset):
        body (ErasureBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErasureReport | ErrorResponse]
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
    body: ErasureBody,
    idempotency_key: str | Unset = UNSET,

) -> ErasureReport | ErrorResponse | None:
    """ Erase a person's data (extension)

     Requires the `admin` scope. Every signing request of the organisation that the address signs, oldest
    first (at most 200 a call; `truncated` says there are more), is purged with `purge_all` through the
    job worker (`outcome` `purging`, or `purged` when that was done before), or reported `held` (naming
    the legal holds) or `kept`: by the organisation's floor (`floor_days` of the retention policy), or
    because it is a draft or pending (delete or cancel it, then ask again). Each purge keeps its
    tombstone with `reason`. The person's other records are reported in `other_records`: the contact
    deleted, the bulk rows and public link uses scrubbed unless their request is kept, the identity
    sessions scrubbed with their requests; nothing of them while a legal hold names the address
    (docs/retention.md).

    Args:
        idempotency_key (str | Unset):
        body (ErasureBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErasureReport | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...types import File, FileTypes
from io import BytesIO
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    field_id: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/signing-requests/{request_id}/fields/{field_id}/attachment".format(request_id=quote(str(request_id), safe=""),field_id=quote(str(field_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | File | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

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

    if response.status_code == 410:
        response_410 = ErrorResponse.from_dict(response.json())



        return response_410

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | File]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    request_id: UUID,
    field_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorResponse | File]:
    """ Download the file a signer attached to a field (extension)

     The bytes the signer uploaded to an `attachment` field (PDF, PNG or JPEG, its `Content-Type`), as an
    attachment named as the signer named it. 404 when the field has no file (yet); 410 `purged` once the
    request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        field_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | File]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
field_id=field_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: UUID,
    field_id: UUID,
    *,
    client: AuthenticatedClient,

) -> ErrorResponse | File | None:
    """ Download the file a signer attached to a field (extension)

     The bytes the signer uploaded to an `attachment` field (PDF, PNG or JPEG, its `Content-Type`), as an
    attachment named as the signer named it. 404 when the field has no file (yet); 410 `purged` once the
    request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        field_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | File
     """


    return sync_detailed(
        request_id=request_id,
field_id=field_id,
client=client,

    ).parsed

async def asyncio_detailed(
    request_id: UUID,
    field_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorResponse | File]:
    """ Download the file a signer attached to a field (extension)

     The bytes the signer uploaded to an `attachment` field (PDF, PNG or JPEG, its `Content-Type`), as an
    attachment named as the signer named it. 404 when the field has no file (yet); 410 `purged` once the
    request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        field_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | File]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
field_id=field_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: UUID,
    field_id: UUID,
    *,
    client: AuthenticatedClient,

) -> ErrorResponse | File | None:
    """ Download the file a signer attached to a field (extension)

     The bytes the signer uploaded to an `attachment` field (PDF, PNG or JPEG, its `Content-Type`), as an
    attachment named as the signer named it. 404 when the field has no file (yet); 410 `purged` once the
    request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        field_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | File
     """


    return (await asyncio_detailed(
        request_id=request_id,
field_id=field_id,
client=client,

    )).parsed

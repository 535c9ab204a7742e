from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.legal_hold import LegalHold
from typing import cast
from uuid import UUID



def _get_kwargs(
    hold_id: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/legal-holds/{hold_id}".format(hold_id=quote(str(hold_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | LegalHold | None:
    if response.status_code == 200:
        response_200 = LegalHold.from_dict(response.json())



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
    hold_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorResponse | LegalHold]:
    """ Get a legal hold (extension)

     Requires the `admin` scope. With `matched_now`, the requests it covers now.

    Args:
        hold_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LegalHold]
     """


    kwargs = _get_kwargs(
        hold_id=hold_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    hold_id: UUID,
    *,
    client: AuthenticatedClient,

) -> ErrorResponse | LegalHold | None:
    """ Get a legal hold (extension)

     Requires the `admin` scope. With `matched_now`, the requests it covers now.

    Args:
        hold_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LegalHold
     """


    return sync_detailed(
        hold_id=hold_id,
client=client,

    ).parsed

async def asyncio_detailed(
    hold_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[ErrorResponse | LegalHold]:
    """ Get a legal hold (extension)

     Requires the `admin` scope. With `matched_now`, the requests it covers now.

    Args:
        hold_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | LegalHold]
     """


    kwargs = _get_kwargs(
        hold_id=hold_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    hold_id: UUID,
    *,
    client: AuthenticatedClient,

) -> ErrorResponse | LegalHold | None:
    """ Get a legal hold (extension)

     Requires the `admin` scope. With `matched_now`, the requests it covers now.

    Args:
        hold_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | LegalHold
     """


    return (await asyncio_detailed(
        hold_id=hold_id,
client=client,

    )).parsed

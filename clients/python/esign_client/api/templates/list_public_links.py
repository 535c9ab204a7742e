from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.public_link_page import PublicLinkPage
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_after_id: str | Unset = UNSET
    if not isinstance(after_id, Unset):
        json_after_id = str(after_id)
    params["after_id"] = json_after_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/public-links",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | PublicLinkPage | None:
    if response.status_code == 200:
        response_200 = PublicLinkPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | PublicLinkPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,

) -> Response[ErrorResponse | PublicLinkPage]:
    """ List public links, newest first (extension)

     Every public link of the organisation's templates.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PublicLinkPage]
     """


    kwargs = _get_kwargs(
        limit=limit,
offset=offset,
after_id=after_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,

) -> ErrorResponse | PublicLinkPage | None:
    """ List public links, newest first (extension)

     Every public link of the organisation's templates.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PublicLinkPage
     """


    return sync_detailed(
        client=client,
limit=limit,
offset=offset,
after_id=after_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,

) -> Response[ErrorResponse | PublicLinkPage]:
    """ List public links, newest first (extension)

     Every public link of the organisation's templates.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PublicLinkPage]
     """


    kwargs = _get_kwargs(
        limit=limit,
offset=offset,
after_id=after_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,

) -> ErrorResponse | PublicLinkPage | None:
    """ List public links, newest first (extension)

     Every public link of the organisation's templates.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PublicLinkPage
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
offset=offset,
after_id=after_id,

    )).parsed

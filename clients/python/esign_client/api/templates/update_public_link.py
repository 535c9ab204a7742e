from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.public_link import PublicLink
from ...models.public_link_update import PublicLinkUpdate
from typing import cast
from uuid import UUID



def _get_kwargs(
    link_id: UUID,
    *,
    body: PublicLinkUpdate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/public-links/{link_id}".format(link_id=quote(str(link_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | PublicLink | None:
    if response.status_code == 200:
        response_200 = PublicLink.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | PublicLink]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    link_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkUpdate,

) -> Response[ErrorResponse | PublicLink]:
    """ Change or pause a public link (extension)

     Any field given: `paused` true stops the link (visitors get 409; emits `public_link.paused`), false
    opens it again; `phone_paused` false resumes phone codes the breaker paused; `max_uses` may not go
    below the uses made (422).

    Args:
        link_id (UUID):
        body (PublicLinkUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PublicLink]
     """


    kwargs = _get_kwargs(
        link_id=link_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    link_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkUpdate,

) -> ErrorResponse | PublicLink | None:
    """ Change or pause a public link (extension)

     Any field given: `paused` true stops the link (visitors get 409; emits `public_link.paused`), false
    opens it again; `phone_paused` false resumes phone codes the breaker paused; `max_uses` may not go
    below the uses made (422).

    Args:
        link_id (UUID):
        body (PublicLinkUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PublicLink
     """


    return sync_detailed(
        link_id=link_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    link_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkUpdate,

) -> Response[ErrorResponse | PublicLink]:
    """ Change or pause a public link (extension)

     Any field given: `paused` true stops the link (visitors get 409; emits `public_link.paused`), false
    opens it again; `phone_paused` false resumes phone codes the breaker paused; `max_uses` may not go
    below the uses made (422).

    Args:
        link_id (UUID):
        body (PublicLinkUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PublicLink]
     """


    kwargs = _get_kwargs(
        link_id=link_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    link_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkUpdate,

) -> ErrorResponse | PublicLink | None:
    """ Change or pause a public link (extension)

     Any field given: `paused` true stops the link (visitors get 409; emits `public_link.paused`), false
    opens it again; `phone_paused` false resumes phone codes the breaker paused; `max_uses` may not go
    below the uses made (422).

    Args:
        link_id (UUID):
        body (PublicLinkUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PublicLink
     """


    return (await asyncio_detailed(
        link_id=link_id,
client=client,
body=body,

    )).parsed

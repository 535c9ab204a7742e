from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.embedded_url_body import EmbeddedUrlBody
from ...models.embedded_url_response import EmbeddedUrlResponse
from ...models.error_response import ErrorResponse
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    *,
    body: EmbeddedUrlBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signing-requests/{request_id}/embedded-url".format(request_id=quote(str(request_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> EmbeddedUrlResponse | ErrorResponse | None:
    if response.status_code == 201:
        response_201 = EmbeddedUrlResponse.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[EmbeddedUrlResponse | ErrorResponse]:
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
    body: EmbeddedUrlBody,

) -> Response[EmbeddedUrlResponse | ErrorResponse]:
    """ Embedded signing URLs for an iframe

     `allowed_origin` must be registered for the organisation (403 origin_not_allowed); the request must
    be pending (409). One URL per signer who still has to sign, valid 60 minutes.

    Args:
        request_id (UUID):
        body (EmbeddedUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmbeddedUrlResponse | ErrorResponse]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: EmbeddedUrlBody,

) -> EmbeddedUrlResponse | ErrorResponse | None:
    """ Embedded signing URLs for an iframe

     `allowed_origin` must be registered for the organisation (403 origin_not_allowed); the request must
    be pending (409). One URL per signer who still has to sign, valid 60 minutes.

    Args:
        request_id (UUID):
        body (EmbeddedUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmbeddedUrlResponse | ErrorResponse
     """


    return sync_detailed(
        request_id=request_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: EmbeddedUrlBody,

) -> Response[EmbeddedUrlResponse | ErrorResponse]:
    """ Embedded signing URLs for an iframe

     `allowed_origin` must be registered for the organisation (403 origin_not_allowed); the request must
    be pending (409). One URL per signer who still has to sign, valid 60 minutes.

    Args:
        request_id (UUID):
        body (EmbeddedUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EmbeddedUrlResponse | ErrorResponse]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    body: EmbeddedUrlBody,

) -> EmbeddedUrlResponse | ErrorResponse | None:
    """ Embedded signing URLs for an iframe

     `allowed_origin` must be registered for the organisation (403 origin_not_allowed); the request must
    be pending (409). One URL per signer who still has to sign, valid 60 minutes.

    Args:
        request_id (UUID):
        body (EmbeddedUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EmbeddedUrlResponse | ErrorResponse
     """


    return (await asyncio_detailed(
        request_id=request_id,
client=client,
body=body,

    )).parsed

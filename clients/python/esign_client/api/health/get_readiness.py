from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.health import Health
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    strict: bool | Unset = False,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["strict"] = strict


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/readyz",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | Health | None:
    if response.status_code == 200:
        response_200 = Health.from_dict(response.json())



        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 422:
        response_422 = ErrorResponse.from_dict(response.json())



        return response_422

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | Health]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    strict: bool | Unset = False,

) -> Response[ErrorResponse | Health]:
    """ Readiness: the database answers and the blob storage takes writes

     200 `ready`, or 200 `degraded` with the reason when mail cannot be sent for a reason of the sending
    side (the API still works; the emails are retried); with `strict=true`, `degraded` is a 503 (code
    `degraded`). 503 `upstream_unavailable` when the database or the blob storage is not ready.

    Args:
        strict (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Health]
     """


    kwargs = _get_kwargs(
        strict=strict,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,
    strict: bool | Unset = False,

) -> ErrorResponse | Health | None:
    """ Readiness: the database answers and the blob storage takes writes

     200 `ready`, or 200 `degraded` with the reason when mail cannot be sent for a reason of the sending
    side (the API still works; the emails are retried); with `strict=true`, `degraded` is a 503 (code
    `degraded`). 503 `upstream_unavailable` when the database or the blob storage is not ready.

    Args:
        strict (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Health
     """


    return sync_detailed(
        client=client,
strict=strict,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    strict: bool | Unset = False,

) -> Response[ErrorResponse | Health]:
    """ Readiness: the database answers and the blob storage takes writes

     200 `ready`, or 200 `degraded` with the reason when mail cannot be sent for a reason of the sending
    side (the API still works; the emails are retried); with `strict=true`, `degraded` is a 503 (code
    `degraded`). 503 `upstream_unavailable` when the database or the blob storage is not ready.

    Args:
        strict (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Health]
     """


    kwargs = _get_kwargs(
        strict=strict,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    strict: bool | Unset = False,

) -> ErrorResponse | Health | None:
    """ Readiness: the database answers and the blob storage takes writes

     200 `ready`, or 200 `degraded` with the reason when mail cannot be sent for a reason of the sending
    side (the API still works; the emails are retried); with `strict=true`, `degraded` is a 503 (code
    `degraded`). 503 `upstream_unavailable` when the database or the blob storage is not ready.

    Args:
        strict (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Health
     """


    return (await asyncio_detailed(
        client=client,
strict=strict,

    )).parsed

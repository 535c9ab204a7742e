from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.retention_preview import RetentionPreview
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/retention-policy/preview",
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | RetentionPreview | None:
    if response.status_code == 200:
        response_200 = RetentionPreview.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | RetentionPreview]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ErrorResponse | RetentionPreview]:
    """ What the retention policy would purge (extension)

     Requires the `admin` scope. As the worker's sweep applies them: for each rule of the policy, each
    template with its own retention and the requests with their own, the requests not purged that it
    would purge now (`now`: ended `after_days` ago or more, or scheduled for now) and within the next 30
    days (`next_30_days`, those included), legal holds and the notice delay aside.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RetentionPreview]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,

) -> ErrorResponse | RetentionPreview | None:
    """ What the retention policy would purge (extension)

     Requires the `admin` scope. As the worker's sweep applies them: for each rule of the policy, each
    template with its own retention and the requests with their own, the requests not purged that it
    would purge now (`now`: ended `after_days` ago or more, or scheduled for now) and within the next 30
    days (`next_30_days`, those included), legal holds and the notice delay aside.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RetentionPreview
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,

) -> Response[ErrorResponse | RetentionPreview]:
    """ What the retention policy would purge (extension)

     Requires the `admin` scope. As the worker's sweep applies them: for each rule of the policy, each
    template with its own retention and the requests with their own, the requests not purged that it
    would purge now (`now`: ended `after_days` ago or more, or scheduled for now) and within the next 30
    days (`next_30_days`, those included), legal holds and the notice delay aside.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RetentionPreview]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,

) -> ErrorResponse | RetentionPreview | None:
    """ What the retention policy would purge (extension)

     Requires the `admin` scope. As the worker's sweep applies them: for each rule of the policy, each
    template with its own retention and the requests with their own, the requests not purged that it
    would purge now (`now`: ended `after_days` ago or more, or scheduled for now) and within the next 30
    days (`next_30_days`, those included), legal holds and the notice delay aside.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RetentionPreview
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed

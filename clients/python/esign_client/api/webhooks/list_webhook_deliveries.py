from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.delivery_page import DeliveryPage
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    webhook_id: UUID,
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    success: bool | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    json_after_id: str | Unset = UNSET
    if not isinstance(after_id, Unset):
        json_after_id = str(after_id)
    params["after_id"] = json_after_id

    params["success"] = success


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/webhooks/{webhook_id}/deliveries".format(webhook_id=quote(str(webhook_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DeliveryPage | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = DeliveryPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DeliveryPage | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    success: bool | Unset = UNSET,

) -> Response[DeliveryPage | ErrorResponse]:
    """ List delivery attempts, newest first

     One record per attempt, plus `pending` records for attempts not made yet (events held while the
    webhook is paused, queued redeliveries) and `dropped` ones that never will be; `success=false` lists
    failed and dropped records. A record is removed `[webhooks] delivery_history_days` (default 30)
    after its attempt, or after it was dropped.

    Args:
        webhook_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        success (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryPage | ErrorResponse]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
limit=limit,
offset=offset,
after_id=after_id,
success=success,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    success: bool | Unset = UNSET,

) -> DeliveryPage | ErrorResponse | None:
    """ List delivery attempts, newest first

     One record per attempt, plus `pending` records for attempts not made yet (events held while the
    webhook is paused, queued redeliveries) and `dropped` ones that never will be; `success=false` lists
    failed and dropped records. A record is removed `[webhooks] delivery_history_days` (default 30)
    after its attempt, or after it was dropped.

    Args:
        webhook_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        success (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryPage | ErrorResponse
     """


    return sync_detailed(
        webhook_id=webhook_id,
client=client,
limit=limit,
offset=offset,
after_id=after_id,
success=success,

    ).parsed

async def asyncio_detailed(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    success: bool | Unset = UNSET,

) -> Response[DeliveryPage | ErrorResponse]:
    """ List delivery attempts, newest first

     One record per attempt, plus `pending` records for attempts not made yet (events held while the
    webhook is paused, queued redeliveries) and `dropped` ones that never will be; `success=false` lists
    failed and dropped records. A record is removed `[webhooks] delivery_history_days` (default 30)
    after its attempt, or after it was dropped.

    Args:
        webhook_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        success (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryPage | ErrorResponse]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
limit=limit,
offset=offset,
after_id=after_id,
success=success,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    webhook_id: UUID,
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    success: bool | Unset = UNSET,

) -> DeliveryPage | ErrorResponse | None:
    """ List delivery attempts, newest first

     One record per attempt, plus `pending` records for attempts not made yet (events held while the
    webhook is paused, queued redeliveries) and `dropped` ones that never will be; `success=false` lists
    failed and dropped records. A record is removed `[webhooks] delivery_history_days` (default 30)
    after its attempt, or after it was dropped.

    Args:
        webhook_id (UUID):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        success (bool | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryPage | ErrorResponse
     """


    return (await asyncio_detailed(
        webhook_id=webhook_id,
client=client,
limit=limit,
offset=offset,
after_id=after_id,
success=success,

    )).parsed

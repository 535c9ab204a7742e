from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.delivery import Delivery
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    webhook_id: UUID,
    delivery_id: UUID,
    *,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver".format(webhook_id=quote(str(webhook_id), safe=""),delivery_id=quote(str(delivery_id), safe=""),),
    }


    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Delivery | ErrorResponse | None:
    if response.status_code == 202:
        response_202 = Delivery.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Delivery | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: UUID,
    delivery_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,

) -> Response[Delivery | ErrorResponse]:
    """ Send a delivery's event again (extension)

     Any recorded delivery, successful or not: its event is sent again, with the same body `id` and the
    current secret, as a new delivery with a record of its own (`redelivery_of` names the original). The
    answer is that record, `status: pending`; the attempt is made at once in the background and retried
    like any first attempt. It does not count in `trigger_count`. 409 `invalid_state` when the webhook
    is paused (set it active first: that sends what was held), no longer subscribes to the event type,
    or the event is no longer stored. Scope `write`.

    Args:
        webhook_id (UUID):
        delivery_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | ErrorResponse]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
delivery_id=delivery_id,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    webhook_id: UUID,
    delivery_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,

) -> Delivery | ErrorResponse | None:
    """ Send a delivery's event again (extension)

     Any recorded delivery, successful or not: its event is sent again, with the same body `id` and the
    current secret, as a new delivery with a record of its own (`redelivery_of` names the original). The
    answer is that record, `status: pending`; the attempt is made at once in the background and retried
    like any first attempt. It does not count in `trigger_count`. 409 `invalid_state` when the webhook
    is paused (set it active first: that sends what was held), no longer subscribes to the event type,
    or the event is no longer stored. Scope `write`.

    Args:
        webhook_id (UUID):
        delivery_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | ErrorResponse
     """


    return sync_detailed(
        webhook_id=webhook_id,
delivery_id=delivery_id,
client=client,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    webhook_id: UUID,
    delivery_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,

) -> Response[Delivery | ErrorResponse]:
    """ Send a delivery's event again (extension)

     Any recorded delivery, successful or not: its event is sent again, with the same body `id` and the
    current secret, as a new delivery with a record of its own (`redelivery_of` names the original). The
    answer is that record, `status: pending`; the attempt is made at once in the background and retried
    like any first attempt. It does not count in `trigger_count`. 409 `invalid_state` when the webhook
    is paused (set it active first: that sends what was held), no longer subscribes to the event type,
    or the event is no longer stored. Scope `write`.

    Args:
        webhook_id (UUID):
        delivery_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Delivery | ErrorResponse]
     """


    kwargs = _get_kwargs(
        webhook_id=webhook_id,
delivery_id=delivery_id,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    webhook_id: UUID,
    delivery_id: UUID,
    *,
    client: AuthenticatedClient,
    idempotency_key: str | Unset = UNSET,

) -> Delivery | ErrorResponse | None:
    """ Send a delivery's event again (extension)

     Any recorded delivery, successful or not: its event is sent again, with the same body `id` and the
    current secret, as a new delivery with a record of its own (`redelivery_of` names the original). The
    answer is that record, `status: pending`; the attempt is made at once in the background and retried
    like any first attempt. It does not count in `trigger_count`. 409 `invalid_state` when the webhook
    is paused (set it active first: that sends what was held), no longer subscribes to the event type,
    or the event is no longer stored. Scope `write`.

    Args:
        webhook_id (UUID):
        delivery_id (UUID):
        idempotency_key (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Delivery | ErrorResponse
     """


    return (await asyncio_detailed(
        webhook_id=webhook_id,
delivery_id=delivery_id,
client=client,
idempotency_key=idempotency_key,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.list_signing_requests_metadata import ListSigningRequestsMetadata
from ...models.list_signing_requests_order import ListSigningRequestsOrder
from ...models.list_signing_requests_sort import ListSigningRequestsSort
from ...models.list_signing_requests_status import ListSigningRequestsStatus
from ...models.signing_request_page import SigningRequestPage
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime



def _get_kwargs(
    *,
    external_id: str | Unset = UNSET,
    metadata: ListSigningRequestsMetadata | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    status: ListSigningRequestsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    signer_email: str | Unset = UNSET,
    sort: ListSigningRequestsSort | Unset = ListSigningRequestsSort.CREATED_AT,
    order: ListSigningRequestsOrder | Unset = ListSigningRequestsOrder.DESC,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["external_id"] = external_id

    json_metadata: dict[str, Any] | Unset = UNSET
    if not isinstance(metadata, Unset):
        json_metadata = metadata.to_dict()
    if not isinstance(json_metadata, Unset):
        params.update(json_metadata)


    params["limit"] = limit

    params["offset"] = offset

    json_after_id: str | Unset = UNSET
    if not isinstance(after_id, Unset):
        json_after_id = str(after_id)
    params["after_id"] = json_after_id

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status.value

    params["status"] = json_status

    json_created_after: str | Unset = UNSET
    if not isinstance(created_after, Unset):
        json_created_after = created_after.isoformat()
    params["created_after"] = json_created_after

    json_created_before: str | Unset = UNSET
    if not isinstance(created_before, Unset):
        json_created_before = created_before.isoformat()
    params["created_before"] = json_created_before

    params["signer_email"] = signer_email

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_order: str | Unset = UNSET
    if not isinstance(order, Unset):
        json_order = order.value

    params["order"] = json_order


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/signing-requests",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SigningRequestPage | None:
    if response.status_code == 200:
        response_200 = SigningRequestPage.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SigningRequestPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    external_id: str | Unset = UNSET,
    metadata: ListSigningRequestsMetadata | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    status: ListSigningRequestsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    signer_email: str | Unset = UNSET,
    sort: ListSigningRequestsSort | Unset = ListSigningRequestsSort.CREATED_AT,
    order: ListSigningRequestsOrder | Unset = ListSigningRequestsOrder.DESC,

) -> Response[ErrorResponse | SigningRequestPage]:
    """ List signing requests

     Newest first by default. `signer_email` matches a signer's email exactly (case-insensitive).
    Extension: `external_id` and `metadata[key]=value` match the request's own (exact); at most one of
    `signer_email`, `external_id` and `metadata` (422 otherwise).

    Args:
        external_id (str | Unset):
        metadata (ListSigningRequestsMetadata | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        status (ListSigningRequestsStatus | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        signer_email (str | Unset):
        sort (ListSigningRequestsSort | Unset):  Default: ListSigningRequestsSort.CREATED_AT.
        order (ListSigningRequestsOrder | Unset):  Default: ListSigningRequestsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequestPage]
     """


    kwargs = _get_kwargs(
        external_id=external_id,
metadata=metadata,
limit=limit,
offset=offset,
after_id=after_id,
status=status,
created_after=created_after,
created_before=created_before,
signer_email=signer_email,
sort=sort,
order=order,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    external_id: str | Unset = UNSET,
    metadata: ListSigningRequestsMetadata | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    status: ListSigningRequestsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    signer_email: str | Unset = UNSET,
    sort: ListSigningRequestsSort | Unset = ListSigningRequestsSort.CREATED_AT,
    order: ListSigningRequestsOrder | Unset = ListSigningRequestsOrder.DESC,

) -> ErrorResponse | SigningRequestPage | None:
    """ List signing requests

     Newest first by default. `signer_email` matches a signer's email exactly (case-insensitive).
    Extension: `external_id` and `metadata[key]=value` match the request's own (exact); at most one of
    `signer_email`, `external_id` and `metadata` (422 otherwise).

    Args:
        external_id (str | Unset):
        metadata (ListSigningRequestsMetadata | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        status (ListSigningRequestsStatus | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        signer_email (str | Unset):
        sort (ListSigningRequestsSort | Unset):  Default: ListSigningRequestsSort.CREATED_AT.
        order (ListSigningRequestsOrder | Unset):  Default: ListSigningRequestsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequestPage
     """


    return sync_detailed(
        client=client,
external_id=external_id,
metadata=metadata,
limit=limit,
offset=offset,
after_id=after_id,
status=status,
created_after=created_after,
created_before=created_before,
signer_email=signer_email,
sort=sort,
order=order,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    external_id: str | Unset = UNSET,
    metadata: ListSigningRequestsMetadata | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    status: ListSigningRequestsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    signer_email: str | Unset = UNSET,
    sort: ListSigningRequestsSort | Unset = ListSigningRequestsSort.CREATED_AT,
    order: ListSigningRequestsOrder | Unset = ListSigningRequestsOrder.DESC,

) -> Response[ErrorResponse | SigningRequestPage]:
    """ List signing requests

     Newest first by default. `signer_email` matches a signer's email exactly (case-insensitive).
    Extension: `external_id` and `metadata[key]=value` match the request's own (exact); at most one of
    `signer_email`, `external_id` and `metadata` (422 otherwise).

    Args:
        external_id (str | Unset):
        metadata (ListSigningRequestsMetadata | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        status (ListSigningRequestsStatus | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        signer_email (str | Unset):
        sort (ListSigningRequestsSort | Unset):  Default: ListSigningRequestsSort.CREATED_AT.
        order (ListSigningRequestsOrder | Unset):  Default: ListSigningRequestsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequestPage]
     """


    kwargs = _get_kwargs(
        external_id=external_id,
metadata=metadata,
limit=limit,
offset=offset,
after_id=after_id,
status=status,
created_after=created_after,
created_before=created_before,
signer_email=signer_email,
sort=sort,
order=order,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    external_id: str | Unset = UNSET,
    metadata: ListSigningRequestsMetadata | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    after_id: UUID | Unset = UNSET,
    status: ListSigningRequestsStatus | Unset = UNSET,
    created_after: datetime.datetime | Unset = UNSET,
    created_before: datetime.datetime | Unset = UNSET,
    signer_email: str | Unset = UNSET,
    sort: ListSigningRequestsSort | Unset = ListSigningRequestsSort.CREATED_AT,
    order: ListSigningRequestsOrder | Unset = ListSigningRequestsOrder.DESC,

) -> ErrorResponse | SigningRequestPage | None:
    """ List signing requests

     Newest first by default. `signer_email` matches a signer's email exactly (case-insensitive).
    Extension: `external_id` and `metadata[key]=value` match the request's own (exact); at most one of
    `signer_email`, `external_id` and `metadata` (422 otherwise).

    Args:
        external_id (str | Unset):
        metadata (ListSigningRequestsMetadata | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        after_id (UUID | Unset):
        status (ListSigningRequestsStatus | Unset):
        created_after (datetime.datetime | Unset):
        created_before (datetime.datetime | Unset):
        signer_email (str | Unset):
        sort (ListSigningRequestsSort | Unset):  Default: ListSigningRequestsSort.CREATED_AT.
        order (ListSigningRequestsOrder | Unset):  Default: ListSigningRequestsOrder.DESC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequestPage
     """


    return (await asyncio_detailed(
        client=client,
external_id=external_id,
metadata=metadata,
limit=limit,
offset=offset,
after_id=after_id,
status=status,
created_after=created_after,
created_before=created_before,
signer_email=signer_email,
sort=sort,
order=order,

    )).parsed

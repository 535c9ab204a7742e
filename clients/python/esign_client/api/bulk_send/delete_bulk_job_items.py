from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bulk_job import BulkJob
from ...models.error_response import ErrorResponse
from typing import cast
from uuid import UUID



def _get_kwargs(
    bulk_job_id: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/bulk-jobs/{bulk_job_id}/items".format(bulk_job_id=quote(str(bulk_job_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BulkJob | ErrorResponse | None:
    if response.status_code == 202:
        response_202 = BulkJob.from_dict(response.json())



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

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())



        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BulkJob | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[BulkJob | ErrorResponse]:
    """ Delete a finished bulk job's items (extension)

     Once the job has finished (409 invalid_state while it is queued or processing, and when its items
    were deleted already): its items, with each recipient's input and address, are deleted by the job
    worker; the job stays with its counts and no items. The signing requests it made are not touched
    (docs/retention.md).

    Args:
        bulk_job_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJob | ErrorResponse]
     """


    kwargs = _get_kwargs(
        bulk_job_id=bulk_job_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,

) -> BulkJob | ErrorResponse | None:
    """ Delete a finished bulk job's items (extension)

     Once the job has finished (409 invalid_state while it is queued or processing, and when its items
    were deleted already): its items, with each recipient's input and address, are deleted by the job
    worker; the job stays with its counts and no items. The signing requests it made are not touched
    (docs/retention.md).

    Args:
        bulk_job_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJob | ErrorResponse
     """


    return sync_detailed(
        bulk_job_id=bulk_job_id,
client=client,

    ).parsed

async def asyncio_detailed(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[BulkJob | ErrorResponse]:
    """ Delete a finished bulk job's items (extension)

     Once the job has finished (409 invalid_state while it is queued or processing, and when its items
    were deleted already): its items, with each recipient's input and address, are deleted by the job
    worker; the job stays with its counts and no items. The signing requests it made are not touched
    (docs/retention.md).

    Args:
        bulk_job_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkJob | ErrorResponse]
     """


    kwargs = _get_kwargs(
        bulk_job_id=bulk_job_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    bulk_job_id: UUID,
    *,
    client: AuthenticatedClient,

) -> BulkJob | ErrorResponse | None:
    """ Delete a finished bulk job's items (extension)

     Once the job has finished (409 invalid_state while it is queued or processing, and when its items
    were deleted already): its items, with each recipient's input and address, are deleted by the job
    worker; the job stays with its counts and no items. The signing requests it made are not touched
    (docs/retention.md).

    Args:
        bulk_job_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkJob | ErrorResponse
     """


    return (await asyncio_detailed(
        bulk_job_id=bulk_job_id,
client=client,

    )).parsed

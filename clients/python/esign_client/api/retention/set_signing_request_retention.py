from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.retention_override_body import RetentionOverrideBody
from ...models.signing_request import SigningRequest
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    *,
    body: RetentionOverrideBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/signing-requests/{request_id}/retention".format(request_id=quote(str(request_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SigningRequest | None:
    if response.status_code == 200:
        response_200 = SigningRequest.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SigningRequest]:
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
    body: RetentionOverrideBody,

) -> Response[ErrorResponse | SigningRequest]:
    """ Set a finished request's retention, or extend it (extension)

     A completed, cancelled or expired request that is not purged (409 invalid_state otherwise) is purged
    `after_days` after it ended with `action`, instead of by the retention policy's rule; never sooner
    than `notice_days` from now, and not below the organisation's `floor_days` of its state (422). The
    purge is scheduled at once (`retention_purge_at`, `retention_rule`) and
    `signing_request.purge_scheduled` recorded. A key with the `write` scope may only make the purge
    later (extend it after a notice); an earlier one, or one of a request no rule would purge, needs
    `admin` (403 insufficient_scope).

    Args:
        request_id (UUID):
        body (RetentionOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
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
    body: RetentionOverrideBody,

) -> ErrorResponse | SigningRequest | None:
    """ Set a finished request's retention, or extend it (extension)

     A completed, cancelled or expired request that is not purged (409 invalid_state otherwise) is purged
    `after_days` after it ended with `action`, instead of by the retention policy's rule; never sooner
    than `notice_days` from now, and not below the organisation's `floor_days` of its state (422). The
    purge is scheduled at once (`retention_purge_at`, `retention_rule`) and
    `signing_request.purge_scheduled` recorded. A key with the `write` scope may only make the purge
    later (extend it after a notice); an earlier one, or one of a request no rule would purge, needs
    `admin` (403 insufficient_scope).

    Args:
        request_id (UUID):
        body (RetentionOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
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
    body: RetentionOverrideBody,

) -> Response[ErrorResponse | SigningRequest]:
    """ Set a finished request's retention, or extend it (extension)

     A completed, cancelled or expired request that is not purged (409 invalid_state otherwise) is purged
    `after_days` after it ended with `action`, instead of by the retention policy's rule; never sooner
    than `notice_days` from now, and not below the organisation's `floor_days` of its state (422). The
    purge is scheduled at once (`retention_purge_at`, `retention_rule`) and
    `signing_request.purge_scheduled` recorded. A key with the `write` scope may only make the purge
    later (extend it after a notice); an earlier one, or one of a request no rule would purge, needs
    `admin` (403 insufficient_scope).

    Args:
        request_id (UUID):
        body (RetentionOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
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
    body: RetentionOverrideBody,

) -> ErrorResponse | SigningRequest | None:
    """ Set a finished request's retention, or extend it (extension)

     A completed, cancelled or expired request that is not purged (409 invalid_state otherwise) is purged
    `after_days` after it ended with `action`, instead of by the retention policy's rule; never sooner
    than `notice_days` from now, and not below the organisation's `floor_days` of its state (422). The
    purge is scheduled at once (`retention_purge_at`, `retention_rule`) and
    `signing_request.purge_scheduled` recorded. A key with the `write` scope may only make the purge
    later (extend it after a notice); an earlier one, or one of a request no rule would purge, needs
    `admin` (403 insufficient_scope).

    Args:
        request_id (UUID):
        body (RetentionOverrideBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
     """


    return (await asyncio_detailed(
        request_id=request_id,
client=client,
body=body,

    )).parsed

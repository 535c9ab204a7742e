from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.retention_policy import RetentionPolicy
from ...models.retention_policy_body import RetentionPolicyBody
from typing import cast



def _get_kwargs(
    *,
    body: RetentionPolicyBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/retention-policy",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | RetentionPolicy | None:
    if response.status_code == 200:
        response_200 = RetentionPolicy.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | RetentionPolicy]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RetentionPolicyBody,

) -> Response[ErrorResponse | RetentionPolicy]:
    """ Set the organisation's retention policy (extension)

     Requires the `admin` scope. Replaces the policy whole: at most one rule per final state
    (`completed`, `cancelled`, `expired`), each purging requests `after_days` after they ended;
    `notice_days` before, `signing_request.purge_scheduled` is recorded. The worker's sweep schedules
    and purges (docs/retention.md); a purge already scheduled keeps its time.

    Args:
        body (RetentionPolicyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RetentionPolicy]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: RetentionPolicyBody,

) -> ErrorResponse | RetentionPolicy | None:
    """ Set the organisation's retention policy (extension)

     Requires the `admin` scope. Replaces the policy whole: at most one rule per final state
    (`completed`, `cancelled`, `expired`), each purging requests `after_days` after they ended;
    `notice_days` before, `signing_request.purge_scheduled` is recorded. The worker's sweep schedules
    and purges (docs/retention.md); a purge already scheduled keeps its time.

    Args:
        body (RetentionPolicyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RetentionPolicy
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RetentionPolicyBody,

) -> Response[ErrorResponse | RetentionPolicy]:
    """ Set the organisation's retention policy (extension)

     Requires the `admin` scope. Replaces the policy whole: at most one rule per final state
    (`completed`, `cancelled`, `expired`), each purging requests `after_days` after they ended;
    `notice_days` before, `signing_request.purge_scheduled` is recorded. The worker's sweep schedules
    and purges (docs/retention.md); a purge already scheduled keeps its time.

    Args:
        body (RetentionPolicyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | RetentionPolicy]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RetentionPolicyBody,

) -> ErrorResponse | RetentionPolicy | None:
    """ Set the organisation's retention policy (extension)

     Requires the `admin` scope. Replaces the policy whole: at most one rule per final state
    (`completed`, `cancelled`, `expired`), each purging requests `after_days` after they ended;
    `notice_days` before, `signing_request.purge_scheduled` is recorded. The worker's sweep schedules
    and purges (docs/retention.md); a purge already scheduled keeps its time.

    Args:
        body (RetentionPolicyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | RetentionPolicy
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.authoring_session import AuthoringSession
from ...models.authoring_session_create import AuthoringSessionCreate
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: AuthoringSessionCreate,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/authoring-sessions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AuthoringSession | ErrorResponse | None:
    if response.status_code == 201:
        response_201 = AuthoringSession.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[AuthoringSession | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AuthoringSessionCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[AuthoringSession | ErrorResponse]:
    """ Create an authoring session

     A URL of the editor for one draft (mode `request`: `request_id`, a draft of the organisation, 409
    otherwise; or `document_ids`, of which a draft is made at once with `defaults`) or one template
    (mode `template`: `template_id`). `allowed_origin` must be a registered embed origin (403
    origin_not_allowed). The URL must be opened within `open_within_seconds`; the editor then works
    while used (30 minutes idle at most) and 8 hours at most. `capabilities` bound what the editor may
    do, on the server (docs/authoring.md lists the defaults).

    Args:
        idempotency_key (str | Unset):
        body (AuthoringSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthoringSession | ErrorResponse]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: AuthoringSessionCreate,
    idempotency_key: str | Unset = UNSET,

) -> AuthoringSession | ErrorResponse | None:
    """ Create an authoring session

     A URL of the editor for one draft (mode `request`: `request_id`, a draft of the organisation, 409
    otherwise; or `document_ids`, of which a draft is made at once with `defaults`) or one template
    (mode `template`: `template_id`). `allowed_origin` must be a registered embed origin (403
    origin_not_allowed). The URL must be opened within `open_within_seconds`; the editor then works
    while used (30 minutes idle at most) and 8 hours at most. `capabilities` bound what the editor may
    do, on the server (docs/authoring.md lists the defaults).

    Args:
        idempotency_key (str | Unset):
        body (AuthoringSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthoringSession | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AuthoringSessionCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[AuthoringSession | ErrorResponse]:
    """ Create an authoring session

     A URL of the editor for one draft (mode `request`: `request_id`, a draft of the organisation, 409
    otherwise; or `document_ids`, of which a draft is made at once with `defaults`) or one template
    (mode `template`: `template_id`). `allowed_origin` must be a registered embed origin (403
    origin_not_allowed). The URL must be opened within `open_within_seconds`; the editor then works
    while used (30 minutes idle at most) and 8 hours at most. `capabilities` bound what the editor may
    do, on the server (docs/authoring.md lists the defaults).

    Args:
        idempotency_key (str | Unset):
        body (AuthoringSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AuthoringSession | ErrorResponse]
     """


    kwargs = _get_kwargs(
        body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AuthoringSessionCreate,
    idempotency_key: str | Unset = UNSET,

) -> AuthoringSession | ErrorResponse | None:
    """ Create an authoring session

     A URL of the editor for one draft (mode `request`: `request_id`, a draft of the organisation, 409
    otherwise; or `document_ids`, of which a draft is made at once with `defaults`) or one template
    (mode `template`: `template_id`). `allowed_origin` must be a registered embed origin (403
    origin_not_allowed). The URL must be opened within `open_within_seconds`; the editor then works
    while used (30 minutes idle at most) and 8 hours at most. `capabilities` bound what the editor may
    do, on the server (docs/authoring.md lists the defaults).

    Args:
        idempotency_key (str | Unset):
        body (AuthoringSessionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AuthoringSession | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

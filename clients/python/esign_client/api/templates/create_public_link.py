from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.public_link_create import PublicLinkCreate
from ...models.public_link_created import PublicLinkCreated
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    template_id: UUID,
    *,
    body: PublicLinkCreate,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/templates/{template_id}/public-links".format(template_id=quote(str(template_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | PublicLinkCreated | None:
    if response.status_code == 201:
        response_201 = PublicLinkCreated.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | PublicLinkCreated]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | PublicLinkCreated]:
    """ Create a public link of a template (extension)

     A link (and its QR code) anyone may open to make their own signing request from the template: the
    visitor takes `public_role`, `fixed_roles` name the people of the other roles (422 for a role
    without one). With `email_code` (the default) a request is made only once the visitor proved their
    email address with a code; each request counts toward the monthly quota, asking for codes does not.
    `prefill_secret` is shown once. Events: `public_link.used`, `public_link.exhausted`,
    `public_link.paused` (docs/public-links.md).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (PublicLinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PublicLinkCreated]
     """


    kwargs = _get_kwargs(
        template_id=template_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkCreate,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | PublicLinkCreated | None:
    """ Create a public link of a template (extension)

     A link (and its QR code) anyone may open to make their own signing request from the template: the
    visitor takes `public_role`, `fixed_roles` name the people of the other roles (422 for a role
    without one). With `email_code` (the default) a request is made only once the visitor proved their
    email address with a code; each request counts toward the monthly quota, asking for codes does not.
    `prefill_secret` is shown once. Events: `public_link.used`, `public_link.exhausted`,
    `public_link.paused` (docs/public-links.md).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (PublicLinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PublicLinkCreated
     """


    return sync_detailed(
        template_id=template_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkCreate,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | PublicLinkCreated]:
    """ Create a public link of a template (extension)

     A link (and its QR code) anyone may open to make their own signing request from the template: the
    visitor takes `public_role`, `fixed_roles` name the people of the other roles (422 for a role
    without one). With `email_code` (the default) a request is made only once the visitor proved their
    email address with a code; each request counts toward the monthly quota, asking for codes does not.
    `prefill_secret` is shown once. Events: `public_link.used`, `public_link.exhausted`,
    `public_link.paused` (docs/public-links.md).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (PublicLinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PublicLinkCreated]
     """


    kwargs = _get_kwargs(
        template_id=template_id,
body=body,
idempotency_key=idempotency_key,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: PublicLinkCreate,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | PublicLinkCreated | None:
    """ Create a public link of a template (extension)

     A link (and its QR code) anyone may open to make their own signing request from the template: the
    visitor takes `public_role`, `fixed_roles` name the people of the other roles (422 for a role
    without one). With `email_code` (the default) a request is made only once the visitor proved their
    email address with a code; each request counts toward the monthly quota, asking for codes does not.
    `prefill_secret` is shown once. Events: `public_link.used`, `public_link.exhausted`,
    `public_link.paused` (docs/public-links.md).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (PublicLinkCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PublicLinkCreated
     """


    return (await asyncio_detailed(
        template_id=template_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

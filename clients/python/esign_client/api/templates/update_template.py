from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.template import Template
from ...models.template_update import TemplateUpdate
from typing import cast
from uuid import UUID



def _get_kwargs(
    template_id: UUID,
    *,
    body: TemplateUpdate,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/templates/{template_id}".format(template_id=quote(str(template_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | Template | None:
    if response.status_code == 200:
        response_200 = Template.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | Template]:
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
    body: TemplateUpdate,

) -> Response[ErrorResponse | Template]:
    """ Update a template

     Any create field; a field left out is unchanged, `roles` replaces the whole list. The template as it
    will be is checked like on creation. New documents (`document_id` or `document_ids`) without `roles`
    take the old ones' places: each role field moves from the old n-th document to the new n-th (a place
    the new list lacks: 422).

    Args:
        template_id (UUID):
        body (TemplateUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Template]
     """


    kwargs = _get_kwargs(
        template_id=template_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: TemplateUpdate,

) -> ErrorResponse | Template | None:
    """ Update a template

     Any create field; a field left out is unchanged, `roles` replaces the whole list. The template as it
    will be is checked like on creation. New documents (`document_id` or `document_ids`) without `roles`
    take the old ones' places: each role field moves from the old n-th document to the new n-th (a place
    the new list lacks: 422).

    Args:
        template_id (UUID):
        body (TemplateUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Template
     """


    return sync_detailed(
        template_id=template_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: TemplateUpdate,

) -> Response[ErrorResponse | Template]:
    """ Update a template

     Any create field; a field left out is unchanged, `roles` replaces the whole list. The template as it
    will be is checked like on creation. New documents (`document_id` or `document_ids`) without `roles`
    take the old ones' places: each role field moves from the old n-th document to the new n-th (a place
    the new list lacks: 422).

    Args:
        template_id (UUID):
        body (TemplateUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Template]
     """


    kwargs = _get_kwargs(
        template_id=template_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    template_id: UUID,
    *,
    client: AuthenticatedClient,
    body: TemplateUpdate,

) -> ErrorResponse | Template | None:
    """ Update a template

     Any create field; a field left out is unchanged, `roles` replaces the whole list. The template as it
    will be is checked like on creation. New documents (`document_id` or `document_ids`) without `roles`
    take the old ones' places: each role field moves from the old n-th document to the new n-th (a place
    the new list lacks: 422).

    Args:
        template_id (UUID):
        body (TemplateUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Template
     """


    return (await asyncio_detailed(
        template_id=template_id,
client=client,
body=body,

    )).parsed

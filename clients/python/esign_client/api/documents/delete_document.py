from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from typing import cast
from uuid import UUID



def _get_kwargs(
    document_id: UUID,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/documents/{document_id}".format(document_id=quote(str(document_id), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorResponse | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    document_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[Any | ErrorResponse]:
    """ Delete an unused document (extension)

     Only a document that no signing request (not purged of its content) and no template uses: 409
    `in_use` otherwise, naming them. From the answer on, the document is no longer listed or usable
    (404); the job worker deletes its file and then its record, and the storage it took is given back to
    the plan (docs/retention.md).

    Args:
        document_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        document_id=document_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    document_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Any | ErrorResponse | None:
    """ Delete an unused document (extension)

     Only a document that no signing request (not purged of its content) and no template uses: 409
    `in_use` otherwise, naming them. From the answer on, the document is no longer listed or usable
    (404); the job worker deletes its file and then its record, and the storage it took is given back to
    the plan (docs/retention.md).

    Args:
        document_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
     """


    return sync_detailed(
        document_id=document_id,
client=client,

    ).parsed

async def asyncio_detailed(
    document_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Response[Any | ErrorResponse]:
    """ Delete an unused document (extension)

     Only a document that no signing request (not purged of its content) and no template uses: 409
    `in_use` otherwise, naming them. From the answer on, the document is no longer listed or usable
    (404); the job worker deletes its file and then its record, and the storage it took is given back to
    the plan (docs/retention.md).

    Args:
        document_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        document_id=document_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    document_id: UUID,
    *,
    client: AuthenticatedClient,

) -> Any | ErrorResponse | None:
    """ Delete an unused document (extension)

     Only a document that no signing request (not purged of its content) and no template uses: 409
    `in_use` otherwise, naming them. From the answer on, the document is no longer listed or usable
    (404); the job worker deletes its file and then its record, and the storage it took is given back to
    the plan (docs/retention.md).

    Args:
        document_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
     """


    return (await asyncio_detailed(
        document_id=document_id,
client=client,

    )).parsed

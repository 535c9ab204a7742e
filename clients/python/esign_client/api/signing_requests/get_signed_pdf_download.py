from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.download_response import DownloadResponse
from ...models.error_response import ErrorResponse
from ...models.get_signed_pdf_download_file import GetSignedPdfDownloadFile
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    *,
    file: GetSignedPdfDownloadFile | Unset = GetSignedPdfDownloadFile.SIGNED,
    document_id: UUID | Unset = UNSET,
    combined: bool | Unset = False,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_file: str | Unset = UNSET
    if not isinstance(file, Unset):
        json_file = file.value

    params["file"] = json_file

    json_document_id: str | Unset = UNSET
    if not isinstance(document_id, Unset):
        json_document_id = str(document_id)
    params["document_id"] = json_document_id

    params["combined"] = combined


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/signing-requests/{request_id}/download".format(request_id=quote(str(request_id), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DownloadResponse | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = DownloadResponse.from_dict(response.json())



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

    if response.status_code == 410:
        response_410 = ErrorResponse.from_dict(response.json())



        return response_410

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[DownloadResponse | ErrorResponse]:
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
    file: GetSignedPdfDownloadFile | Unset = GetSignedPdfDownloadFile.SIGNED,
    document_id: UUID | Unset = UNSET,
    combined: bool | Unset = False,

) -> Response[DownloadResponse | ErrorResponse]:
    """ A 24-hour download URL of the signed PDF

     Completed requests only (409 invalid_state otherwise, also while the signed PDF is still being
    produced: then with `Retry-After` in seconds; the `document.signed` event says when it is ready).
    The URL needs no API key and expires after 24 hours. Extension: for an envelope of several
    documents, the first document's signed PDF; `document_id` names another (404 for one not in the
    request), `combined=true` asks for one sealed PDF of every document with the certificate (both
    together: 422). 410 `purged` once the request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        file (GetSignedPdfDownloadFile | Unset):  Default: GetSignedPdfDownloadFile.SIGNED.
        document_id (UUID | Unset):
        combined (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DownloadResponse | ErrorResponse]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
file=file,
document_id=document_id,
combined=combined,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    file: GetSignedPdfDownloadFile | Unset = GetSignedPdfDownloadFile.SIGNED,
    document_id: UUID | Unset = UNSET,
    combined: bool | Unset = False,

) -> DownloadResponse | ErrorResponse | None:
    """ A 24-hour download URL of the signed PDF

     Completed requests only (409 invalid_state otherwise, also while the signed PDF is still being
    produced: then with `Retry-After` in seconds; the `document.signed` event says when it is ready).
    The URL needs no API key and expires after 24 hours. Extension: for an envelope of several
    documents, the first document's signed PDF; `document_id` names another (404 for one not in the
    request), `combined=true` asks for one sealed PDF of every document with the certificate (both
    together: 422). 410 `purged` once the request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        file (GetSignedPdfDownloadFile | Unset):  Default: GetSignedPdfDownloadFile.SIGNED.
        document_id (UUID | Unset):
        combined (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DownloadResponse | ErrorResponse
     """


    return sync_detailed(
        request_id=request_id,
client=client,
file=file,
document_id=document_id,
combined=combined,

    ).parsed

async def asyncio_detailed(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    file: GetSignedPdfDownloadFile | Unset = GetSignedPdfDownloadFile.SIGNED,
    document_id: UUID | Unset = UNSET,
    combined: bool | Unset = False,

) -> Response[DownloadResponse | ErrorResponse]:
    """ A 24-hour download URL of the signed PDF

     Completed requests only (409 invalid_state otherwise, also while the signed PDF is still being
    produced: then with `Retry-After` in seconds; the `document.signed` event says when it is ready).
    The URL needs no API key and expires after 24 hours. Extension: for an envelope of several
    documents, the first document's signed PDF; `document_id` names another (404 for one not in the
    request), `combined=true` asks for one sealed PDF of every document with the certificate (both
    together: 422). 410 `purged` once the request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        file (GetSignedPdfDownloadFile | Unset):  Default: GetSignedPdfDownloadFile.SIGNED.
        document_id (UUID | Unset):
        combined (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DownloadResponse | ErrorResponse]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
file=file,
document_id=document_id,
combined=combined,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: UUID,
    *,
    client: AuthenticatedClient,
    file: GetSignedPdfDownloadFile | Unset = GetSignedPdfDownloadFile.SIGNED,
    document_id: UUID | Unset = UNSET,
    combined: bool | Unset = False,

) -> DownloadResponse | ErrorResponse | None:
    """ A 24-hour download URL of the signed PDF

     Completed requests only (409 invalid_state otherwise, also while the signed PDF is still being
    produced: then with `Retry-After` in seconds; the `document.signed` event says when it is ready).
    The URL needs no API key and expires after 24 hours. Extension: for an envelope of several
    documents, the first document's signed PDF; `document_id` names another (404 for one not in the
    request), `combined=true` asks for one sealed PDF of every document with the certificate (both
    together: 422). 410 `purged` once the request was purged (docs/retention.md).

    Args:
        request_id (UUID):
        file (GetSignedPdfDownloadFile | Unset):  Default: GetSignedPdfDownloadFile.SIGNED.
        document_id (UUID | Unset):
        combined (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DownloadResponse | ErrorResponse
     """


    return (await asyncio_detailed(
        request_id=request_id,
client=client,
file=file,
document_id=document_id,
combined=combined,

    )).parsed

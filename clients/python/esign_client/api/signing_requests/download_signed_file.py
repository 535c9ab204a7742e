from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.download_signed_file_which import DownloadSignedFileWhich
from ...models.error_response import ErrorResponse
from ...types import File, FileTypes
from ...types import UNSET, Unset
from io import BytesIO
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    which: DownloadSignedFileWhich,
    *,
    expires: str,
    sig: str,
    document: UUID | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["expires"] = expires

    params["sig"] = sig

    json_document: str | Unset = UNSET
    if not isinstance(document, Unset):
        json_document = str(document)
    params["document"] = json_document


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/files/{request_id}/{which}".format(request_id=quote(str(request_id), safe=""),which=quote(str(which), safe=""),),
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | File | None:
    if response.status_code == 200:
        response_200 = File(
             payload = BytesIO(response.content)
        )



        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())



        return response_404

    if response.status_code == 410:
        response_410 = ErrorResponse.from_dict(response.json())



        return response_410

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | File]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    request_id: UUID,
    which: DownloadSignedFileWhich,
    *,
    client: AuthenticatedClient | Client,
    expires: str,
    sig: str,
    document: UUID | Unset = UNSET,

) -> Response[ErrorResponse | File]:
    """ Download a signed PDF, its certificate or the combined PDF through a download link

     The `download_url` that `GET /v1/signing-requests/{request_id}/download` and the webhooks hand out,
    when the storage has no presigned URLs of its own: no API key, the link's query is the credential.
    Take the URL as it is given; this describes it for generated clients. `signed` is the signed PDF (of
    `document`, else of the first document), `certificate` the separate certificate, `combined` one PDF
    of an envelope's documents with the certificate. 403 `forbidden` when the link was altered or is not
    one; 410 `gone` once it has expired (ask the API for a new one); 404 when the file does not exist
    (yet).

    Args:
        request_id (UUID):
        which (DownloadSignedFileWhich): the file
        expires (str):
        sig (str):
        document (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | File]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
which=which,
expires=expires,
sig=sig,
document=document,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: UUID,
    which: DownloadSignedFileWhich,
    *,
    client: AuthenticatedClient | Client,
    expires: str,
    sig: str,
    document: UUID | Unset = UNSET,

) -> ErrorResponse | File | None:
    """ Download a signed PDF, its certificate or the combined PDF through a download link

     The `download_url` that `GET /v1/signing-requests/{request_id}/download` and the webhooks hand out,
    when the storage has no presigned URLs of its own: no API key, the link's query is the credential.
    Take the URL as it is given; this describes it for generated clients. `signed` is the signed PDF (of
    `document`, else of the first document), `certificate` the separate certificate, `combined` one PDF
    of an envelope's documents with the certificate. 403 `forbidden` when the link was altered or is not
    one; 410 `gone` once it has expired (ask the API for a new one); 404 when the file does not exist
    (yet).

    Args:
        request_id (UUID):
        which (DownloadSignedFileWhich): the file
        expires (str):
        sig (str):
        document (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | File
     """


    return sync_detailed(
        request_id=request_id,
which=which,
client=client,
expires=expires,
sig=sig,
document=document,

    ).parsed

async def asyncio_detailed(
    request_id: UUID,
    which: DownloadSignedFileWhich,
    *,
    client: AuthenticatedClient | Client,
    expires: str,
    sig: str,
    document: UUID | Unset = UNSET,

) -> Response[ErrorResponse | File]:
    """ Download a signed PDF, its certificate or the combined PDF through a download link

     The `download_url` that `GET /v1/signing-requests/{request_id}/download` and the webhooks hand out,
    when the storage has no presigned URLs of its own: no API key, the link's query is the credential.
    Take the URL as it is given; this describes it for generated clients. `signed` is the signed PDF (of
    `document`, else of the first document), `certificate` the separate certificate, `combined` one PDF
    of an envelope's documents with the certificate. 403 `forbidden` when the link was altered or is not
    one; 410 `gone` once it has expired (ask the API for a new one); 404 when the file does not exist
    (yet).

    Args:
        request_id (UUID):
        which (DownloadSignedFileWhich): the file
        expires (str):
        sig (str):
        document (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | File]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
which=which,
expires=expires,
sig=sig,
document=document,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: UUID,
    which: DownloadSignedFileWhich,
    *,
    client: AuthenticatedClient | Client,
    expires: str,
    sig: str,
    document: UUID | Unset = UNSET,

) -> ErrorResponse | File | None:
    """ Download a signed PDF, its certificate or the combined PDF through a download link

     The `download_url` that `GET /v1/signing-requests/{request_id}/download` and the webhooks hand out,
    when the storage has no presigned URLs of its own: no API key, the link's query is the credential.
    Take the URL as it is given; this describes it for generated clients. `signed` is the signed PDF (of
    `document`, else of the first document), `certificate` the separate certificate, `combined` one PDF
    of an envelope's documents with the certificate. 403 `forbidden` when the link was altered or is not
    one; 410 `gone` once it has expired (ask the API for a new one); 404 when the file does not exist
    (yet).

    Args:
        request_id (UUID):
        which (DownloadSignedFileWhich): the file
        expires (str):
        sig (str):
        document (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | File
     """


    return (await asyncio_detailed(
        request_id=request_id,
which=which,
client=client,
expires=expires,
sig=sig,
document=document,

    )).parsed

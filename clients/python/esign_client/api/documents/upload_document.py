from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.upload_document_body import UploadDocumentBody
from ...models.upload_response import UploadResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: UploadDocumentBody,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/documents/upload",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | UploadResponse | None:
    if response.status_code == 201:
        response_201 = UploadResponse.from_dict(response.json())



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

    if response.status_code == 502:
        response_502 = ErrorResponse.from_dict(response.json())



        return response_502

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | UploadResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: UploadDocumentBody,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | UploadResponse]:
    """ Upload a PDF document

     multipart/form-data with one part `file` (the PDF, at most `[limits] max_upload_mb`, 50 MB by
    default). Extension: the answer lists the text tags found in the file (`text_tags`,
    `text_tag_errors`; docs/placement.md). The file is checked before it is accepted: a non-PDF,
    encrypted or broken PDF is 400 `invalid_pdf`; a page larger than 14,400 pt (200 inches) on a side is
    422 `validation_error` naming the page; active content (JavaScript, launch, import and submit
    actions, XFA, rich media, multimedia, embedded files) is removed before the file is stored
    (`active_content_removed` lists it), or refused with 400 `active_content` naming it where the
    service is set to (`[limits] active_content = "refuse"`); a larger body is 413 `payload_too_large`;
    a temporary storage failure is 502 `upstream_unavailable` (retry, with the same Idempotency-Key).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | UploadResponse]
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
    body: UploadDocumentBody,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | UploadResponse | None:
    """ Upload a PDF document

     multipart/form-data with one part `file` (the PDF, at most `[limits] max_upload_mb`, 50 MB by
    default). Extension: the answer lists the text tags found in the file (`text_tags`,
    `text_tag_errors`; docs/placement.md). The file is checked before it is accepted: a non-PDF,
    encrypted or broken PDF is 400 `invalid_pdf`; a page larger than 14,400 pt (200 inches) on a side is
    422 `validation_error` naming the page; active content (JavaScript, launch, import and submit
    actions, XFA, rich media, multimedia, embedded files) is removed before the file is stored
    (`active_content_removed` lists it), or refused with 400 `active_content` naming it where the
    service is set to (`[limits] active_content = "refuse"`); a larger body is 413 `payload_too_large`;
    a temporary storage failure is 502 `upstream_unavailable` (retry, with the same Idempotency-Key).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | UploadResponse
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: UploadDocumentBody,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | UploadResponse]:
    """ Upload a PDF document

     multipart/form-data with one part `file` (the PDF, at most `[limits] max_upload_mb`, 50 MB by
    default). Extension: the answer lists the text tags found in the file (`text_tags`,
    `text_tag_errors`; docs/placement.md). The file is checked before it is accepted: a non-PDF,
    encrypted or broken PDF is 400 `invalid_pdf`; a page larger than 14,400 pt (200 inches) on a side is
    422 `validation_error` naming the page; active content (JavaScript, launch, import and submit
    actions, XFA, rich media, multimedia, embedded files) is removed before the file is stored
    (`active_content_removed` lists it), or refused with 400 `active_content` naming it where the
    service is set to (`[limits] active_content = "refuse"`); a larger body is 413 `payload_too_large`;
    a temporary storage failure is 502 `upstream_unavailable` (retry, with the same Idempotency-Key).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | UploadResponse]
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
    body: UploadDocumentBody,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | UploadResponse | None:
    """ Upload a PDF document

     multipart/form-data with one part `file` (the PDF, at most `[limits] max_upload_mb`, 50 MB by
    default). Extension: the answer lists the text tags found in the file (`text_tags`,
    `text_tag_errors`; docs/placement.md). The file is checked before it is accepted: a non-PDF,
    encrypted or broken PDF is 400 `invalid_pdf`; a page larger than 14,400 pt (200 inches) on a side is
    422 `validation_error` naming the page; active content (JavaScript, launch, import and submit
    actions, XFA, rich media, multimedia, embedded files) is removed before the file is stored
    (`active_content_removed` lists it), or refused with 400 `active_content` naming it where the
    service is set to (`[limits] active_content = "refuse"`); a larger body is 413 `payload_too_large`;
    a temporary storage failure is 502 `upstream_unavailable` (retry, with the same Idempotency-Key).

    Args:
        idempotency_key (str | Unset):
        body (UploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | UploadResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

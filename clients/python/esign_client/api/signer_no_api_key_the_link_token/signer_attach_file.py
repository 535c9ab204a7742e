from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.signer_attach_file_body import SignerAttachFileBody
from ...models.signer_view import SignerView
from typing import cast
from uuid import UUID



def _get_kwargs(
    token: str,
    field_id: UUID,
    *,
    body: SignerAttachFileBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sign/{token}/api/attachments/{field_id}".format(token=quote(str(token), safe=""),field_id=quote(str(field_id), safe=""),),
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SignerView | None:
    if response.status_code == 200:
        response_200 = SignerView.from_dict(response.json())



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

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())



        return response_409

    if response.status_code == 410:
        response_410 = ErrorResponse.from_dict(response.json())



        return response_410

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SignerView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token: str,
    field_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignerAttachFileBody,

) -> Response[ErrorResponse | SignerView]:
    """ Attach a file to an attachment field (extension)

     multipart/form-data with one part `file`: a PDF, PNG or JPEG of at most `[limits] attachment_mb` (10
    MB by default; 413 beyond). Checked as uploads are: a PDF in the checking child (active content
    removed, or refused), an image decoded within 50 megapixels; anything else, or an unreadable file,
    is 422. A later file replaces the earlier one. Answers the signer's view, whose field carries
    `attachment: {name, size, sha256, content_type}`. 404 for a field that is not the signer's; 409 when
    it is not their turn.

    Args:
        token (str): the signer's link token
        field_id (UUID):
        body (SignerAttachFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SignerView]
     """


    kwargs = _get_kwargs(
        token=token,
field_id=field_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: str,
    field_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignerAttachFileBody,

) -> ErrorResponse | SignerView | None:
    """ Attach a file to an attachment field (extension)

     multipart/form-data with one part `file`: a PDF, PNG or JPEG of at most `[limits] attachment_mb` (10
    MB by default; 413 beyond). Checked as uploads are: a PDF in the checking child (active content
    removed, or refused), an image decoded within 50 megapixels; anything else, or an unreadable file,
    is 422. A later file replaces the earlier one. Answers the signer's view, whose field carries
    `attachment: {name, size, sha256, content_type}`. 404 for a field that is not the signer's; 409 when
    it is not their turn.

    Args:
        token (str): the signer's link token
        field_id (UUID):
        body (SignerAttachFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SignerView
     """


    return sync_detailed(
        token=token,
field_id=field_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    token: str,
    field_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignerAttachFileBody,

) -> Response[ErrorResponse | SignerView]:
    """ Attach a file to an attachment field (extension)

     multipart/form-data with one part `file`: a PDF, PNG or JPEG of at most `[limits] attachment_mb` (10
    MB by default; 413 beyond). Checked as uploads are: a PDF in the checking child (active content
    removed, or refused), an image decoded within 50 megapixels; anything else, or an unreadable file,
    is 422. A later file replaces the earlier one. Answers the signer's view, whose field carries
    `attachment: {name, size, sha256, content_type}`. 404 for a field that is not the signer's; 409 when
    it is not their turn.

    Args:
        token (str): the signer's link token
        field_id (UUID):
        body (SignerAttachFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SignerView]
     """


    kwargs = _get_kwargs(
        token=token,
field_id=field_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: str,
    field_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SignerAttachFileBody,

) -> ErrorResponse | SignerView | None:
    """ Attach a file to an attachment field (extension)

     multipart/form-data with one part `file`: a PDF, PNG or JPEG of at most `[limits] attachment_mb` (10
    MB by default; 413 beyond). Checked as uploads are: a PDF in the checking child (active content
    removed, or refused), an image decoded within 50 megapixels; anything else, or an unreadable file,
    is 422. A later file replaces the earlier one. Answers the signer's view, whose field carries
    `attachment: {name, size, sha256, content_type}`. 404 for a field that is not the signer's; 409 when
    it is not their turn.

    Args:
        token (str): the signer's link token
        field_id (UUID):
        body (SignerAttachFileBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SignerView
     """


    return (await asyncio_detailed(
        token=token,
field_id=field_id,
client=client,
body=body,

    )).parsed

from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.field_read import FieldRead
from ...models.fields_body import FieldsBody
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    *,
    body: FieldsBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signing-requests/{request_id}/fields".format(request_id=quote(str(request_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | list[FieldRead] | None:
    if response.status_code == 201:
        response_201 = []
        _response_201 = response.json()
        for response_201_item_data in (_response_201):
            response_201_item = FieldRead.from_dict(response_201_item_data)



            response_201.append(response_201_item)

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | list[FieldRead]]:
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
    body: FieldsBody,

) -> Response[ErrorResponse | list[FieldRead]]:
    """ Replace the signature fields

     Draft only (409 otherwise). All fields in one call replace any existing ones. validation_type:
    email, number, phone, date, regex (with validation_pattern); auto_source: signer_name, signer_email,
    signer_phone, signing_date. A select needs options; a field must lie within the page and on an
    existing page. Size bound: the fields together may take at most 10 MB counted at their largest
    (placeholders, options, validation patterns and the longest value a signer may enter in each: 4000
    bytes for a text field), else 422 with detail `fields`. Extension: instead of `page_number`,
    `x_percent` and `y_percent`, `anchor` places the field at a text of the document: its top-left
    corner at the top-left corner of the text's box plus the offsets (docs/placement.md). The read shape
    gives the resolved position and echoes `anchor`. An anchor not found is 422 with detail
    `fields.<i>.anchor` naming the text (unless `if_missing` is `skip`).

    Args:
        request_id (UUID):
        body (FieldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | list[FieldRead]]
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
    body: FieldsBody,

) -> ErrorResponse | list[FieldRead] | None:
    """ Replace the signature fields

     Draft only (409 otherwise). All fields in one call replace any existing ones. validation_type:
    email, number, phone, date, regex (with validation_pattern); auto_source: signer_name, signer_email,
    signer_phone, signing_date. A select needs options; a field must lie within the page and on an
    existing page. Size bound: the fields together may take at most 10 MB counted at their largest
    (placeholders, options, validation patterns and the longest value a signer may enter in each: 4000
    bytes for a text field), else 422 with detail `fields`. Extension: instead of `page_number`,
    `x_percent` and `y_percent`, `anchor` places the field at a text of the document: its top-left
    corner at the top-left corner of the text's box plus the offsets (docs/placement.md). The read shape
    gives the resolved position and echoes `anchor`. An anchor not found is 422 with detail
    `fields.<i>.anchor` naming the text (unless `if_missing` is `skip`).

    Args:
        request_id (UUID):
        body (FieldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | list[FieldRead]
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
    body: FieldsBody,

) -> Response[ErrorResponse | list[FieldRead]]:
    """ Replace the signature fields

     Draft only (409 otherwise). All fields in one call replace any existing ones. validation_type:
    email, number, phone, date, regex (with validation_pattern); auto_source: signer_name, signer_email,
    signer_phone, signing_date. A select needs options; a field must lie within the page and on an
    existing page. Size bound: the fields together may take at most 10 MB counted at their largest
    (placeholders, options, validation patterns and the longest value a signer may enter in each: 4000
    bytes for a text field), else 422 with detail `fields`. Extension: instead of `page_number`,
    `x_percent` and `y_percent`, `anchor` places the field at a text of the document: its top-left
    corner at the top-left corner of the text's box plus the offsets (docs/placement.md). The read shape
    gives the resolved position and echoes `anchor`. An anchor not found is 422 with detail
    `fields.<i>.anchor` naming the text (unless `if_missing` is `skip`).

    Args:
        request_id (UUID):
        body (FieldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | list[FieldRead]]
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
    body: FieldsBody,

) -> ErrorResponse | list[FieldRead] | None:
    """ Replace the signature fields

     Draft only (409 otherwise). All fields in one call replace any existing ones. validation_type:
    email, number, phone, date, regex (with validation_pattern); auto_source: signer_name, signer_email,
    signer_phone, signing_date. A select needs options; a field must lie within the page and on an
    existing page. Size bound: the fields together may take at most 10 MB counted at their largest
    (placeholders, options, validation patterns and the longest value a signer may enter in each: 4000
    bytes for a text field), else 422 with detail `fields`. Extension: instead of `page_number`,
    `x_percent` and `y_percent`, `anchor` places the field at a text of the document: its top-left
    corner at the top-left corner of the text's box plus the offsets (docs/placement.md). The read shape
    gives the resolved position and echoes `anchor`. An anchor not found is 422 with detail
    `fields.<i>.anchor` naming the text (unless `if_missing` is `skip`).

    Args:
        request_id (UUID):
        body (FieldsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | list[FieldRead]
     """


    return (await asyncio_detailed(
        request_id=request_id,
client=client,
body=body,

    )).parsed

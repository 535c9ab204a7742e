from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.signing_request import SigningRequest
from ...models.template_send import TemplateSend
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID



def _get_kwargs(
    template_id: UUID,
    *,
    body: TemplateSend,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/templates/{template_id}/send".format(template_id=quote(str(template_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SigningRequest | None:
    if response.status_code == 201:
        response_201 = SigningRequest.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SigningRequest]:
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
    body: TemplateSend,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | SigningRequest]:
    """ Create and send a signing request from a template

     Signers are mapped to the template's roles by name, case-insensitively: every role needs exactly one
    signer, and a signer whose role matches none is a 422 naming it. The request copies the template's
    settings (signing_order, email_subject, reminder_days, cc_emails, verification flags, signing_level,
    separate_stamp_page), its role fields, `message` or else default_message, `expires_in_days` or else
    default_expiry_days, and records `template_id`. An envelope template (`document_ids`), or a send
    giving `document_ids`, makes an envelope request: every document, each role field on its document.
    `auto_send` true (the default) sends it (the answer then carries `warnings`, as a send's does);
    false leaves a draft. Counts toward the monthly quota like any request.

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (TemplateSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
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
    body: TemplateSend,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | SigningRequest | None:
    """ Create and send a signing request from a template

     Signers are mapped to the template's roles by name, case-insensitively: every role needs exactly one
    signer, and a signer whose role matches none is a 422 naming it. The request copies the template's
    settings (signing_order, email_subject, reminder_days, cc_emails, verification flags, signing_level,
    separate_stamp_page), its role fields, `message` or else default_message, `expires_in_days` or else
    default_expiry_days, and records `template_id`. An envelope template (`document_ids`), or a send
    giving `document_ids`, makes an envelope request: every document, each role field on its document.
    `auto_send` true (the default) sends it (the answer then carries `warnings`, as a send's does);
    false leaves a draft. Counts toward the monthly quota like any request.

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (TemplateSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
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
    body: TemplateSend,
    idempotency_key: str | Unset = UNSET,

) -> Response[ErrorResponse | SigningRequest]:
    """ Create and send a signing request from a template

     Signers are mapped to the template's roles by name, case-insensitively: every role needs exactly one
    signer, and a signer whose role matches none is a 422 naming it. The request copies the template's
    settings (signing_order, email_subject, reminder_days, cc_emails, verification flags, signing_level,
    separate_stamp_page), its role fields, `message` or else default_message, `expires_in_days` or else
    default_expiry_days, and records `template_id`. An envelope template (`document_ids`), or a send
    giving `document_ids`, makes an envelope request: every document, each role field on its document.
    `auto_send` true (the default) sends it (the answer then carries `warnings`, as a send's does);
    false leaves a draft. Counts toward the monthly quota like any request.

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (TemplateSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningRequest]
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
    body: TemplateSend,
    idempotency_key: str | Unset = UNSET,

) -> ErrorResponse | SigningRequest | None:
    """ Create and send a signing request from a template

     Signers are mapped to the template's roles by name, case-insensitively: every role needs exactly one
    signer, and a signer whose role matches none is a 422 naming it. The request copies the template's
    settings (signing_order, email_subject, reminder_days, cc_emails, verification flags, signing_level,
    separate_stamp_page), its role fields, `message` or else default_message, `expires_in_days` or else
    default_expiry_days, and records `template_id`. An envelope template (`document_ids`), or a send
    giving `document_ids`, makes an envelope request: every document, each role field on its document.
    `auto_send` true (the default) sends it (the answer then carries `warnings`, as a send's does);
    false leaves a draft. Counts toward the monthly quota like any request.

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        template_id (UUID):
        idempotency_key (str | Unset):
        body (TemplateSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningRequest
     """


    return (await asyncio_detailed(
        template_id=template_id,
client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

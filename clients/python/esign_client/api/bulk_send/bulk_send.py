from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.bulk_accepted import BulkAccepted
from ...models.bulk_send import BulkSend
from ...models.error_response import ErrorResponse
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    body: BulkSend,
    idempotency_key: str | Unset = UNSET,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key



    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/bulk-send",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> BulkAccepted | ErrorResponse | None:
    if response.status_code == 202:
        response_202 = BulkAccepted.from_dict(response.json())



        return response_202

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[BulkAccepted | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BulkSend,
    idempotency_key: str | Unset = UNSET,

) -> Response[BulkAccepted | ErrorResponse]:
    """ Send a template to many recipients

     Answers 202 at once; the requests are made in the background through the job queue, a few at a time
    (`[jobs] bulk_concurrency`). The body's shape is checked here (422 for the whole call, details name
    `recipients.<i>....`); what depends on the template — roles, placeholders, duplicate signer emails,
    the documents' pages — and the monthly quota are checked per recipient: such a recipient's item
    fails with the reason in `error_message` and the others go on. Each recipient is sent like `POST
    /v1/templates/{template_id}/send` with the template as it is now (later edits or its deletion do not
    change the job); an envelope template (`document_ids`) makes one envelope request per recipient with
    all its documents. A job interrupted by a restart resumes without making any request or mail twice.
    A retry with the same Idempotency-Key returns the original job.

    Job status: `queued` (not started), `processing`, then `completed` (every item succeeded),
    `completed_with_errors` (some failed) or `failed` (every item failed). Item status: `pending`,
    `succeeded` (with `signing_request_id`), `failed` (with `error_message`, `<code>: <reason>`).

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        idempotency_key (str | Unset):
        body (BulkSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkAccepted | ErrorResponse]
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
    body: BulkSend,
    idempotency_key: str | Unset = UNSET,

) -> BulkAccepted | ErrorResponse | None:
    """ Send a template to many recipients

     Answers 202 at once; the requests are made in the background through the job queue, a few at a time
    (`[jobs] bulk_concurrency`). The body's shape is checked here (422 for the whole call, details name
    `recipients.<i>....`); what depends on the template — roles, placeholders, duplicate signer emails,
    the documents' pages — and the monthly quota are checked per recipient: such a recipient's item
    fails with the reason in `error_message` and the others go on. Each recipient is sent like `POST
    /v1/templates/{template_id}/send` with the template as it is now (later edits or its deletion do not
    change the job); an envelope template (`document_ids`) makes one envelope request per recipient with
    all its documents. A job interrupted by a restart resumes without making any request or mail twice.
    A retry with the same Idempotency-Key returns the original job.

    Job status: `queued` (not started), `processing`, then `completed` (every item succeeded),
    `completed_with_errors` (some failed) or `failed` (every item failed). Item status: `pending`,
    `succeeded` (with `signing_request_id`), `failed` (with `error_message`, `<code>: <reason>`).

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        idempotency_key (str | Unset):
        body (BulkSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkAccepted | ErrorResponse
     """


    return sync_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BulkSend,
    idempotency_key: str | Unset = UNSET,

) -> Response[BulkAccepted | ErrorResponse]:
    """ Send a template to many recipients

     Answers 202 at once; the requests are made in the background through the job queue, a few at a time
    (`[jobs] bulk_concurrency`). The body's shape is checked here (422 for the whole call, details name
    `recipients.<i>....`); what depends on the template — roles, placeholders, duplicate signer emails,
    the documents' pages — and the monthly quota are checked per recipient: such a recipient's item
    fails with the reason in `error_message` and the others go on. Each recipient is sent like `POST
    /v1/templates/{template_id}/send` with the template as it is now (later edits or its deletion do not
    change the job); an envelope template (`document_ids`) makes one envelope request per recipient with
    all its documents. A job interrupted by a restart resumes without making any request or mail twice.
    A retry with the same Idempotency-Key returns the original job.

    Job status: `queued` (not started), `processing`, then `completed` (every item succeeded),
    `completed_with_errors` (some failed) or `failed` (every item failed). Item status: `pending`,
    `succeeded` (with `signing_request_id`), `failed` (with `error_message`, `<code>: <reason>`).

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        idempotency_key (str | Unset):
        body (BulkSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BulkAccepted | ErrorResponse]
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
    body: BulkSend,
    idempotency_key: str | Unset = UNSET,

) -> BulkAccepted | ErrorResponse | None:
    """ Send a template to many recipients

     Answers 202 at once; the requests are made in the background through the job queue, a few at a time
    (`[jobs] bulk_concurrency`). The body's shape is checked here (422 for the whole call, details name
    `recipients.<i>....`); what depends on the template — roles, placeholders, duplicate signer emails,
    the documents' pages — and the monthly quota are checked per recipient: such a recipient's item
    fails with the reason in `error_message` and the others go on. Each recipient is sent like `POST
    /v1/templates/{template_id}/send` with the template as it is now (later edits or its deletion do not
    change the job); an envelope template (`document_ids`) makes one envelope request per recipient with
    all its documents. A job interrupted by a restart resumes without making any request or mail twice.
    A retry with the same Idempotency-Key returns the original job.

    Job status: `queued` (not started), `processing`, then `completed` (every item succeeded),
    `completed_with_errors` (some failed) or `failed` (every item failed). Item status: `pending`,
    `succeeded` (with `signing_request_id`), `failed` (with `error_message`, `<code>: <reason>`).

    `{{key}}` placeholders (spaces inside the braces allowed) in the message, the email subject and the
    role fields' `value` are replaced by `variables[key]` (keys match exactly, case-sensitively; a value
    is inserted as it is and never expanded again). A placeholder with no variable is refused: 422
    `validation_error` with one detail `variables.<key>` per missing key, and nothing is created. Unused
    variables are ignored. After replacement the usual bounds apply (message 1000, subject 255 on one
    line, field value 1000).

    Args:
        idempotency_key (str | Unset):
        body (BulkSend):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BulkAccepted | ErrorResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,
idempotency_key=idempotency_key,

    )).parsed

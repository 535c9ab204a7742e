from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.signing_url import SigningUrl
from ...models.signing_url_body import SigningUrlBody
from typing import cast
from uuid import UUID



def _get_kwargs(
    request_id: UUID,
    signer_id: UUID,
    *,
    body: SigningUrlBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/signing-requests/{request_id}/signers/{signer_id}/signing-url".format(request_id=quote(str(request_id), safe=""),signer_id=quote(str(signer_id), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | SigningUrl | None:
    if response.status_code == 201:
        response_201 = SigningUrl.from_dict(response.json())



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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | SigningUrl]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    request_id: UUID,
    signer_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SigningUrlBody,

) -> Response[ErrorResponse | SigningUrl]:
    """ A fresh signing link for a signer (extension)

     For a signer of a pending request who has been invited and has neither signed, declined nor
    delegated (409 invalid_state otherwise), whatever their `delivery` (email, sms, both, link): nothing
    is sent, the link is in the answer. It becomes the signer's current link (reminders carry it). The
    earlier links keep working unless `revoke_previous` is true; a signer holds at most 5 working links
    (409 beyond). Recorded as `signing_event.link_issued`. The body is optional. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the link stored in clear; a retry
    without it issues another link, the earlier ones still working.

    Args:
        request_id (UUID):
        signer_id (UUID):
        body (SigningUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningUrl]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
signer_id=signer_id,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    request_id: UUID,
    signer_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SigningUrlBody,

) -> ErrorResponse | SigningUrl | None:
    """ A fresh signing link for a signer (extension)

     For a signer of a pending request who has been invited and has neither signed, declined nor
    delegated (409 invalid_state otherwise), whatever their `delivery` (email, sms, both, link): nothing
    is sent, the link is in the answer. It becomes the signer's current link (reminders carry it). The
    earlier links keep working unless `revoke_previous` is true; a signer holds at most 5 working links
    (409 beyond). Recorded as `signing_event.link_issued`. The body is optional. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the link stored in clear; a retry
    without it issues another link, the earlier ones still working.

    Args:
        request_id (UUID):
        signer_id (UUID):
        body (SigningUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningUrl
     """


    return sync_detailed(
        request_id=request_id,
signer_id=signer_id,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    request_id: UUID,
    signer_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SigningUrlBody,

) -> Response[ErrorResponse | SigningUrl]:
    """ A fresh signing link for a signer (extension)

     For a signer of a pending request who has been invited and has neither signed, declined nor
    delegated (409 invalid_state otherwise), whatever their `delivery` (email, sms, both, link): nothing
    is sent, the link is in the answer. It becomes the signer's current link (reminders carry it). The
    earlier links keep working unless `revoke_previous` is true; a signer holds at most 5 working links
    (409 beyond). Recorded as `signing_event.link_issued`. The body is optional. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the link stored in clear; a retry
    without it issues another link, the earlier ones still working.

    Args:
        request_id (UUID):
        signer_id (UUID):
        body (SigningUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SigningUrl]
     """


    kwargs = _get_kwargs(
        request_id=request_id,
signer_id=signer_id,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    request_id: UUID,
    signer_id: UUID,
    *,
    client: AuthenticatedClient,
    body: SigningUrlBody,

) -> ErrorResponse | SigningUrl | None:
    """ A fresh signing link for a signer (extension)

     For a signer of a pending request who has been invited and has neither signed, declined nor
    delegated (409 invalid_state otherwise), whatever their `delivery` (email, sms, both, link): nothing
    is sent, the link is in the answer. It becomes the signer's current link (reminders carry it). The
    earlier links keep working unless `revoke_previous` is true; a signer holds at most 5 working links
    (409 beyond). Recorded as `signing_event.link_issued`. The body is optional. `Idempotency-Key` is
    refused here (400 `bad_request` naming it): a replay would need the link stored in clear; a retry
    without it issues another link, the earlier ones still working.

    Args:
        request_id (UUID):
        signer_id (UUID):
        body (SigningUrlBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SigningUrl
     """


    return (await asyncio_detailed(
        request_id=request_id,
signer_id=signer_id,
client=client,
body=body,

    )).parsed

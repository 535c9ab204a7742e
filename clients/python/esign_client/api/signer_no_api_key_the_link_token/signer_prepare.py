from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.prepare_body import PrepareBody
from ...models.signer_view import SignerView
from typing import cast



def _get_kwargs(
    token: str,
    *,
    body: PrepareBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/sign/{token}/api/prepare".format(token=quote(str(token), safe=""),),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

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
    *,
    client: AuthenticatedClient | Client,
    body: PrepareBody,

) -> Response[ErrorResponse | SignerView]:
    """ Prefill the fields of the signers assisted, and be done (an assistant; extension)

     Only for a participant of type `assistant`, while it is their turn (409 otherwise). The values are
    stored as prefilled by the assistant (the signers see them so, and may change them unless the field
    is `locked`); the assistant becomes `prepared` (`signer.prepared`) and whoever's turn it now is is
    invited.

    Args:
        token (str): the signer's link token
        body (PrepareBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SignerView]
     """


    kwargs = _get_kwargs(
        token=token,
body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: PrepareBody,

) -> ErrorResponse | SignerView | None:
    """ Prefill the fields of the signers assisted, and be done (an assistant; extension)

     Only for a participant of type `assistant`, while it is their turn (409 otherwise). The values are
    stored as prefilled by the assistant (the signers see them so, and may change them unless the field
    is `locked`); the assistant becomes `prepared` (`signer.prepared`) and whoever's turn it now is is
    invited.

    Args:
        token (str): the signer's link token
        body (PrepareBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SignerView
     """


    return sync_detailed(
        token=token,
client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: PrepareBody,

) -> Response[ErrorResponse | SignerView]:
    """ Prefill the fields of the signers assisted, and be done (an assistant; extension)

     Only for a participant of type `assistant`, while it is their turn (409 otherwise). The values are
    stored as prefilled by the assistant (the signers see them so, and may change them unless the field
    is `locked`); the assistant becomes `prepared` (`signer.prepared`) and whoever's turn it now is is
    invited.

    Args:
        token (str): the signer's link token
        body (PrepareBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SignerView]
     """


    kwargs = _get_kwargs(
        token=token,
body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    token: str,
    *,
    client: AuthenticatedClient | Client,
    body: PrepareBody,

) -> ErrorResponse | SignerView | None:
    """ Prefill the fields of the signers assisted, and be done (an assistant; extension)

     Only for a participant of type `assistant`, while it is their turn (409 otherwise). The values are
    stored as prefilled by the assistant (the signers see them so, and may change them unless the field
    is `locked`); the assistant becomes `prepared` (`signer.prepared`) and whoever's turn it now is is
    invited.

    Args:
        token (str): the signer's link token
        body (PrepareBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SignerView
     """


    return (await asyncio_detailed(
        token=token,
client=client,
body=body,

    )).parsed

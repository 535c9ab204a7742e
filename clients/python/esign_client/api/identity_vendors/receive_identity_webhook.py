from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from typing import cast



def _get_kwargs(
    provider: str,

) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/identity/webhooks/{provider}".format(provider=quote(str(provider), safe=""),),
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorResponse | None:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())



        return response_400

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())



        return response_404

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())



        return response_413

    if response.status_code == 502:
        response_502 = ErrorResponse.from_dict(response.json())



        return response_502

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
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | ErrorResponse]:
    """ Receive an identity vendor's result webhook

     `provider` is the `[identity] provider` identifier. The body is the vendor's own event, checked by
    the provider against the vendor's signature (400 `bad_request` when it is not the vendor's or is
    stale); the result is recorded once, so a replayed delivery changes nothing. 200 `{received: true,
    changed}` also for events and sessions esign does not know (so the vendor does not retry them); 502
    when the provider must call the vendor and cannot (the vendor delivers again). See docs/plugins-
    identity.md.

    Args:
        provider (str): the configured provider's identifier (any other is 404)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        provider=provider,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Any | ErrorResponse | None:
    """ Receive an identity vendor's result webhook

     `provider` is the `[identity] provider` identifier. The body is the vendor's own event, checked by
    the provider against the vendor's signature (400 `bad_request` when it is not the vendor's or is
    stale); the result is recorded once, so a replayed delivery changes nothing. 200 `{received: true,
    changed}` also for events and sessions esign does not know (so the vendor does not retry them); 502
    when the provider must call the vendor and cannot (the vendor delivers again). See docs/plugins-
    identity.md.

    Args:
        provider (str): the configured provider's identifier (any other is 404)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
     """


    return sync_detailed(
        provider=provider,
client=client,

    ).parsed

async def asyncio_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Response[Any | ErrorResponse]:
    """ Receive an identity vendor's result webhook

     `provider` is the `[identity] provider` identifier. The body is the vendor's own event, checked by
    the provider against the vendor's signature (400 `bad_request` when it is not the vendor's or is
    stale); the result is recorded once, so a replayed delivery changes nothing. 200 `{received: true,
    changed}` also for events and sessions esign does not know (so the vendor does not retry them); 502
    when the provider must call the vendor and cannot (the vendor delivers again). See docs/plugins-
    identity.md.

    Args:
        provider (str): the configured provider's identifier (any other is 404)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
     """


    kwargs = _get_kwargs(
        provider=provider,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    provider: str,
    *,
    client: AuthenticatedClient | Client,

) -> Any | ErrorResponse | None:
    """ Receive an identity vendor's result webhook

     `provider` is the `[identity] provider` identifier. The body is the vendor's own event, checked by
    the provider against the vendor's signature (400 `bad_request` when it is not the vendor's or is
    stale); the result is recorded once, so a replayed delivery changes nothing. 200 `{received: true,
    changed}` also for events and sessions esign does not know (so the vendor does not retry them); 502
    when the provider must call the vendor and cannot (the vendor delivers again). See docs/plugins-
    identity.md.

    Args:
        provider (str): the configured provider's identifier (any other is 404)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
     """


    return (await asyncio_detailed(
        provider=provider,
client=client,

    )).parsed

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
        "url": "/email/webhooks/{provider}".format(provider=quote(str(provider), safe=""),),
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
    """ Receive an email service's bounce webhook

     `provider` is the `[email] provider` identifier; 404 when it is not, or when that provider has no
    bounce webhook (`EmailProvider.parse_bounce_webhook`). The body is the service's own event, checked
    by the provider against the service's signature (400 `bad_request` when it is not the service's).
    Each permanent failure of a signer's address marks the signer `email_bounced_at` (a failure of the
    sending side: `email_failed_at` and `/readyz` degraded), once: a replayed delivery records nothing
    new. 200 `{received: true, recorded}` (the reports that named a known signing request).

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
    """ Receive an email service's bounce webhook

     `provider` is the `[email] provider` identifier; 404 when it is not, or when that provider has no
    bounce webhook (`EmailProvider.parse_bounce_webhook`). The body is the service's own event, checked
    by the provider against the service's signature (400 `bad_request` when it is not the service's).
    Each permanent failure of a signer's address marks the signer `email_bounced_at` (a failure of the
    sending side: `email_failed_at` and `/readyz` degraded), once: a replayed delivery records nothing
    new. 200 `{received: true, recorded}` (the reports that named a known signing request).

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
    """ Receive an email service's bounce webhook

     `provider` is the `[email] provider` identifier; 404 when it is not, or when that provider has no
    bounce webhook (`EmailProvider.parse_bounce_webhook`). The body is the service's own event, checked
    by the provider against the service's signature (400 `bad_request` when it is not the service's).
    Each permanent failure of a signer's address marks the signer `email_bounced_at` (a failure of the
    sending side: `email_failed_at` and `/readyz` degraded), once: a replayed delivery records nothing
    new. 200 `{received: true, recorded}` (the reports that named a known signing request).

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
    """ Receive an email service's bounce webhook

     `provider` is the `[email] provider` identifier; 404 when it is not, or when that provider has no
    bounce webhook (`EmailProvider.parse_bounce_webhook`). The body is the service's own event, checked
    by the provider against the service's signature (400 `bad_request` when it is not the service's).
    Each permanent failure of a signer's address marks the signer `email_bounced_at` (a failure of the
    sending side: `email_failed_at` and `/readyz` degraded), once: a replayed delivery records nothing
    new. 200 `{received: true, recorded}` (the reports that named a known signing request).

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

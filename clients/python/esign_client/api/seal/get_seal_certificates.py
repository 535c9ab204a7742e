from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...types import File, FileTypes
from io import BytesIO
from typing import cast



def _get_kwargs(
    
) -> dict[str, Any]:
    

    

    

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/seal-certificate",
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

    if response.status_code == 503:
        response_503 = ErrorResponse.from_dict(response.json())



        return response_503

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
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorResponse | File]:
    """ The seal's and the internal CA's certificates (PEM, extension)

     Extension. Public (no API key): whoever received a signed PDF can fetch what to trust. A PEM bundle
    (`application/x-pem-file`) of X.509 certificates in this order: the seal's certificate (the signer
    of the `esign-seal` signature of every signed PDF; its subject is `[signing] seal_name` unless an
    own certificate is configured), then the issuers of the seal's certificate when configured with
    `[signing] seal_certificate`, and last the internal CA's certificate, which issues the certificate
    of each signer of an AES request (their `esign-signer-N` signatures), then the certificates of
    earlier seals (`[signing] previous_seal_certificates`, kept after a seal rotation so PDFs sealed
    before stay verifiable). Each certificate follows a comment line outside its PEM block, `# <label>:
    <subject>, valid <from> to <until>`, the label being `current seal`, `issuer of the current seal`,
    `internal CA`, `previous seal` or `issuer of a previous seal`; PEM readers skip it. Trust the whole
    bundle as roots: `esign verify` and pyHanko (`--trust`) do. Cacheable for an hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | File]
     """


    kwargs = _get_kwargs(
        
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorResponse | File | None:
    """ The seal's and the internal CA's certificates (PEM, extension)

     Extension. Public (no API key): whoever received a signed PDF can fetch what to trust. A PEM bundle
    (`application/x-pem-file`) of X.509 certificates in this order: the seal's certificate (the signer
    of the `esign-seal` signature of every signed PDF; its subject is `[signing] seal_name` unless an
    own certificate is configured), then the issuers of the seal's certificate when configured with
    `[signing] seal_certificate`, and last the internal CA's certificate, which issues the certificate
    of each signer of an AES request (their `esign-signer-N` signatures), then the certificates of
    earlier seals (`[signing] previous_seal_certificates`, kept after a seal rotation so PDFs sealed
    before stay verifiable). Each certificate follows a comment line outside its PEM block, `# <label>:
    <subject>, valid <from> to <until>`, the label being `current seal`, `issuer of the current seal`,
    `internal CA`, `previous seal` or `issuer of a previous seal`; PEM readers skip it. Trust the whole
    bundle as roots: `esign verify` and pyHanko (`--trust`) do. Cacheable for an hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | File
     """


    return sync_detailed(
        client=client,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,

) -> Response[ErrorResponse | File]:
    """ The seal's and the internal CA's certificates (PEM, extension)

     Extension. Public (no API key): whoever received a signed PDF can fetch what to trust. A PEM bundle
    (`application/x-pem-file`) of X.509 certificates in this order: the seal's certificate (the signer
    of the `esign-seal` signature of every signed PDF; its subject is `[signing] seal_name` unless an
    own certificate is configured), then the issuers of the seal's certificate when configured with
    `[signing] seal_certificate`, and last the internal CA's certificate, which issues the certificate
    of each signer of an AES request (their `esign-signer-N` signatures), then the certificates of
    earlier seals (`[signing] previous_seal_certificates`, kept after a seal rotation so PDFs sealed
    before stay verifiable). Each certificate follows a comment line outside its PEM block, `# <label>:
    <subject>, valid <from> to <until>`, the label being `current seal`, `issuer of the current seal`,
    `internal CA`, `previous seal` or `issuer of a previous seal`; PEM readers skip it. Trust the whole
    bundle as roots: `esign verify` and pyHanko (`--trust`) do. Cacheable for an hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | File]
     """


    kwargs = _get_kwargs(
        
    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient | Client,

) -> ErrorResponse | File | None:
    """ The seal's and the internal CA's certificates (PEM, extension)

     Extension. Public (no API key): whoever received a signed PDF can fetch what to trust. A PEM bundle
    (`application/x-pem-file`) of X.509 certificates in this order: the seal's certificate (the signer
    of the `esign-seal` signature of every signed PDF; its subject is `[signing] seal_name` unless an
    own certificate is configured), then the issuers of the seal's certificate when configured with
    `[signing] seal_certificate`, and last the internal CA's certificate, which issues the certificate
    of each signer of an AES request (their `esign-signer-N` signatures), then the certificates of
    earlier seals (`[signing] previous_seal_certificates`, kept after a seal rotation so PDFs sealed
    before stay verifiable). Each certificate follows a comment line outside its PEM block, `# <label>:
    <subject>, valid <from> to <until>`, the label being `current seal`, `issuer of the current seal`,
    `internal CA`, `previous seal` or `issuer of a previous seal`; PEM readers skip it. Trust the whole
    bundle as roots: `esign verify` and pyHanko (`--trust`) do. Cacheable for an hour.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | File
     """


    return (await asyncio_detailed(
        client=client,

    )).parsed

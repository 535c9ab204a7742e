from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.event_page import EventPage
from ...types import UNSET, Unset
from typing import cast
from uuid import UUID
import datetime



def _get_kwargs(
    *,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    signing_request_id: UUID | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    after_id: UUID | Unset = UNSET,
    since_id: UUID | Unset = UNSET,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    params["limit"] = limit

    params["offset"] = offset

    params["event_type"] = event_type

    json_signing_request_id: str | Unset = UNSET
    if not isinstance(signing_request_id, Unset):
        json_signing_request_id = str(signing_request_id)
    params["signing_request_id"] = json_signing_request_id

    json_after: str | Unset = UNSET
    if not isinstance(after, Unset):
        json_after = after.isoformat()
    params["after"] = json_after

    json_after_id: str | Unset = UNSET
    if not isinstance(after_id, Unset):
        json_after_id = str(after_id)
    params["after_id"] = json_after_id

    json_since_id: str | Unset = UNSET
    if not isinstance(since_id, Unset):
        json_since_id = str(since_id)
    params["since_id"] = json_since_id


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/events",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | EventPage | None:
    if response.status_code == 200:
        response_200 = EventPage.from_dict(response.json())



        return response_200

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | EventPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    signing_request_id: UUID | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    after_id: UUID | Unset = UNSET,
    since_id: UUID | Unset = UNSET,

) -> Response[ErrorResponse | EventPage]:
    """ Poll audit events, newest first

     Events are ordered by a strictly increasing sequence number, not by time, so events sharing a
    timestamp are never skipped or repeated: walk back with `after_id` = the previous page's `last_id`
    (offset 0); events that arrive meanwhile are newer and never shift the older pages. To follow new
    events instead, pass `since_id` = the newest event seen: the page is oldest first and its `last_id`
    is the next `since_id` (an event is stored only after every earlier one, so none is missed or
    repeated). `document.uploaded` and `member.invited` go to webhooks only and never appear here. Other
    audit-trail entries appear as `signing_event.<type>` and are filtered by that name. Requires the
    `read` scope.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset):
        signing_request_id (UUID | Unset):
        after (datetime.datetime | Unset):
        after_id (UUID | Unset):
        since_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | EventPage]
     """


    kwargs = _get_kwargs(
        limit=limit,
offset=offset,
event_type=event_type,
signing_request_id=signing_request_id,
after=after,
after_id=after_id,
since_id=since_id,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    signing_request_id: UUID | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    after_id: UUID | Unset = UNSET,
    since_id: UUID | Unset = UNSET,

) -> ErrorResponse | EventPage | None:
    """ Poll audit events, newest first

     Events are ordered by a strictly increasing sequence number, not by time, so events sharing a
    timestamp are never skipped or repeated: walk back with `after_id` = the previous page's `last_id`
    (offset 0); events that arrive meanwhile are newer and never shift the older pages. To follow new
    events instead, pass `since_id` = the newest event seen: the page is oldest first and its `last_id`
    is the next `since_id` (an event is stored only after every earlier one, so none is missed or
    repeated). `document.uploaded` and `member.invited` go to webhooks only and never appear here. Other
    audit-trail entries appear as `signing_event.<type>` and are filtered by that name. Requires the
    `read` scope.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset):
        signing_request_id (UUID | Unset):
        after (datetime.datetime | Unset):
        after_id (UUID | Unset):
        since_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | EventPage
     """


    return sync_detailed(
        client=client,
limit=limit,
offset=offset,
event_type=event_type,
signing_request_id=signing_request_id,
after=after,
after_id=after_id,
since_id=since_id,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    signing_request_id: UUID | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    after_id: UUID | Unset = UNSET,
    since_id: UUID | Unset = UNSET,

) -> Response[ErrorResponse | EventPage]:
    """ Poll audit events, newest first

     Events are ordered by a strictly increasing sequence number, not by time, so events sharing a
    timestamp are never skipped or repeated: walk back with `after_id` = the previous page's `last_id`
    (offset 0); events that arrive meanwhile are newer and never shift the older pages. To follow new
    events instead, pass `since_id` = the newest event seen: the page is oldest first and its `last_id`
    is the next `since_id` (an event is stored only after every earlier one, so none is missed or
    repeated). `document.uploaded` and `member.invited` go to webhooks only and never appear here. Other
    audit-trail entries appear as `signing_event.<type>` and are filtered by that name. Requires the
    `read` scope.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset):
        signing_request_id (UUID | Unset):
        after (datetime.datetime | Unset):
        after_id (UUID | Unset):
        since_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | EventPage]
     """


    kwargs = _get_kwargs(
        limit=limit,
offset=offset,
event_type=event_type,
signing_request_id=signing_request_id,
after=after,
after_id=after_id,
since_id=since_id,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
    event_type: str | Unset = UNSET,
    signing_request_id: UUID | Unset = UNSET,
    after: datetime.datetime | Unset = UNSET,
    after_id: UUID | Unset = UNSET,
    since_id: UUID | Unset = UNSET,

) -> ErrorResponse | EventPage | None:
    """ Poll audit events, newest first

     Events are ordered by a strictly increasing sequence number, not by time, so events sharing a
    timestamp are never skipped or repeated: walk back with `after_id` = the previous page's `last_id`
    (offset 0); events that arrive meanwhile are newer and never shift the older pages. To follow new
    events instead, pass `since_id` = the newest event seen: the page is oldest first and its `last_id`
    is the next `since_id` (an event is stored only after every earlier one, so none is missed or
    repeated). `document.uploaded` and `member.invited` go to webhooks only and never appear here. Other
    audit-trail entries appear as `signing_event.<type>` and are filtered by that name. Requires the
    `read` scope.

    Args:
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.
        event_type (str | Unset):
        signing_request_id (UUID | Unset):
        after (datetime.datetime | Unset):
        after_id (UUID | Unset):
        since_id (UUID | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | EventPage
     """


    return (await asyncio_detailed(
        client=client,
limit=limit,
offset=offset,
event_type=event_type,
signing_request_id=signing_request_id,
after=after,
after_id=after_id,
since_id=since_id,

    )).parsed

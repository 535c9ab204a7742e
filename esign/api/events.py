"""Event polling across the organisation, with a cursor that never skips or repeats an event."""
from marshmallow import fields, validate

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.errors import validation_error
from esign.schema import OutSchema, PageQuery, UTCDateTime


class EventQuery(PageQuery):
    event_type = fields.String(validate=validate.Length(1, 100), metadata={
        "description": "exact event name, e.g. `signer.signed` or `signing_event.downloaded`"})
    signing_request_id = fields.UUID()
    after = UTCDateTime(metadata={"description": "only events created strictly after this time"})
    after_id = fields.UUID(metadata={
        "description": "cursor: only events older than the event with this id (pass the previous page's "
                       "`last_id`); an id that names no event of this organisation is a 422"})


class PolledEvent(OutSchema):
    id = fields.UUID(required=True)
    event_type = fields.String(required=True)
    signing_request_id = fields.UUID(required=True)
    signer_id = fields.UUID(allow_none=True)
    signer_name = fields.String(allow_none=True)
    signer_email = fields.String(allow_none=True)
    ip_address = fields.String(allow_none=True)
    country = fields.String(allow_none=True)
    metadata = fields.Dict(allow_none=True)
    created_at = UTCDateTime(required=True)


class EventPage(OutSchema):
    items = fields.List(fields.Nested(PolledEvent), required=True)
    total = fields.Integer(required=True, metadata={"description": "events matching every given parameter, the "
                                                                   "cursor included, before limit and offset"})
    limit = fields.Integer(required=True)
    offset = fields.Integer(required=True)
    last_id = fields.UUID(required=True, allow_none=True, metadata={"description": "id of the last (oldest) item; null when empty"})
    has_more = fields.Boolean(required=True, metadata={"description": "more events follow this page"})


class EventsHandler(APIHandler):
    @operation("Poll audit events, newest first", tags=["events"], query=EventQuery, responses={200: EventPage},
               description="Events are ordered by a strictly increasing sequence number, not by time, so events "
                           "sharing a timestamp are never skipped or repeated: walk back with `after_id` = the "
                           "previous page's `last_id` (offset 0); events that arrive meanwhile are newer and never "
                           "shift the older pages. `document.uploaded` and `member.invited` go to webhooks only "
                           "and never appear here. Other audit-trail entries appear as `signing_event.<type>` and "
                           "are filtered by that name. Requires the `read` scope.")
    async def get(self):
        q = self.query(EventQuery())
        events = self.services.store.events
        before_seq = None
        if "after_id" in q:
            cursor = await events.get(self.org_id, str(q["after_id"]))
            if cursor is None:
                raise validation_error([{"field": "after_id", "message": "no event with this id"}])
            before_seq = cursor["seq"]
        items, total = await events.poll(
            self.org_id, event_type=q.get("event_type"), before_seq=before_seq, after=q.get("after"),
            signing_request_id=str(q["signing_request_id"]) if "signing_request_id" in q else None,
            limit=q["limit"], offset=q["offset"])
        self.write_json(EventPage().dump({
            "items": items, "total": total, "limit": q["limit"], "offset": q["offset"],
            "last_id": items[-1]["id"] if items else None, "has_more": q["offset"] + len(items) < total}))


ROUTES = [
    ("/v1/events", EventsHandler),
]

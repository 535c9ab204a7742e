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
    since_id = fields.UUID(metadata={
        "description": "forward cursor (extension): only events newer than the event with this id, oldest first "
                       "(pass the previous page's `last_id`, the newest of that page); not with `after_id`; an id "
                       "that names no event of this organisation is a 422"})


class PolledEvent(OutSchema):
    id = fields.UUID(required=True)
    event_type = fields.String(required=True)
    signing_request_id = fields.UUID(required=True, allow_none=True, metadata={
        "description": "null for an event of no request (`legal_hold.applied`, `legal_hold.released`)"})
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
    last_id = fields.UUID(required=True, allow_none=True, metadata={
        "description": "id of the page's last item (the oldest; with `since_id` the newest); null when empty"})
    has_more = fields.Boolean(required=True, metadata={"description": "more events follow this page"})


class EventsHandler(APIHandler):
    @operation("Poll audit events, newest first", tags=["events"], query=EventQuery, responses={200: EventPage},
               description="Events are ordered by a strictly increasing sequence number, not by time, so events "
                           "sharing a timestamp are never skipped or repeated: walk back with `after_id` = the "
                           "previous page's `last_id` (offset 0); events that arrive meanwhile are newer and never "
                           "shift the older pages. To follow new events instead, pass `since_id` = the newest "
                           "event seen: the page is oldest first and its `last_id` is the next `since_id` (an "
                           "event is stored only after every earlier one, so none is missed or repeated). "
                           "`document.uploaded` and `member.invited` go to webhooks only "
                           "and never appear here. Other audit-trail entries appear as `signing_event.<type>` and "
                           "are filtered by that name. Requires the `read` scope.")
    async def get(self):
        q = self.query(EventQuery())
        events = self.services.store.events
        if "after_id" in q and "since_id" in q:
            raise validation_error([{"field": "since_id", "message": "give either after_id (older events) or "
                                                                     "since_id (newer events), not both"}])
        seqs = {}
        for name in ("after_id", "since_id"):
            if name in q:
                cursor = await events.get(self.org_id, str(q[name]))
                if cursor is None:
                    raise validation_error([{"field": name, "message": "no event with this id"}])
                seqs[name] = cursor["seq"]
        page = await events.poll(
            self.org_id, event_type=q.get("event_type"), before_seq=seqs.get("after_id"),
            since_seq=seqs.get("since_id"), after=q.get("after"),
            signing_request_id=str(q["signing_request_id"]) if "signing_request_id" in q else None,
            limit=q["limit"], offset=q["offset"])
        self.write_json(EventPage().dump({
            **page._asdict(), "limit": q["limit"], "offset": q["offset"],
            "last_id": page.items[-1]["id"] if page.items else None}))


ROUTES = [
    ("/v1/events", EventsHandler),
]

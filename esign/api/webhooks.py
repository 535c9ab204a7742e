"""Webhook management: create, list, get, update, delete, rotate the secret, delivery history."""
import re

from marshmallow import ValidationError, fields, validate, validates_schema

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.errors import ApiError, invalid_state, not_found, validation_error
from esign.schema import CursorPageQuery, OutSchema, QueryBool, StrictSchema, UTCDateTime, cursor_record, page_of
from esign.webhooks import delivery, payloads, signatures, urls

MAX_EVENTS = 100  # entries of `events` (each of the event types, duplicates included)
EVENT_LIST = ", ".join(f"`{t}`" for t in payloads.SUBSCRIBABLE)


class EventList(fields.List):
    def __init__(self, **kwargs):
        super().__init__(fields.String(validate=validate.OneOf(payloads.SUBSCRIBABLE)),
                         validate=validate.Length(1, MAX_EVENTS),
                         metadata={"description": f"1 to {MAX_EVENTS} entries; any of {EVENT_LIST}; duplicates are "
                                                  "dropped"}, **kwargs)

    def _deserialize(self, value, attr, data, **kwargs):
        return list(dict.fromkeys(super()._deserialize(value, attr, data, **kwargs)))


class WebhookUrl(fields.String):
    """Spaces and control characters are refused rather than sent: a space would split the request line."""

    SPACE_OR_CONTROL = re.compile(r"[\s\x00-\x1f\x7f]")

    def __init__(self, **kwargs):
        super().__init__(validate=[validate.Length(1, 2048), self._no_space_or_control],
            metadata={"pattern": r"^[^\s\x00-\x1f\x7f]*$",  # the same rule, as every regex engine reads it
                      "description": "https URL (http only where the deployment allows it), 1 to 2048 chars, no spaces or "
                                     "control characters; its host must resolve to public addresses only unless the "
                                     "deployment allows private networks"}, **kwargs)


    def _no_space_or_control(self, value: str) -> None:
        if self.SPACE_OR_CONTROL.search(value):
            raise ValidationError("the URL must not contain spaces or control characters; percent-encode them")


class WebhookCreate(StrictSchema):
    name = fields.String(required=True, validate=validate.Length(1, 255))
    url = WebhookUrl(required=True)
    events = EventList(required=True)


class WebhookUpdate(StrictSchema):
    name = fields.String(validate=validate.Length(1, 255))
    url = WebhookUrl()
    events = EventList()
    status = fields.String(validate=validate.OneOf(["active", "paused"]), metadata={
        "description": "`paused` stops sending: events and due retries are kept as `pending` delivery records; "
                       "`active` resets the consecutive-failure count and sends the pending ones in event order"})

    @validates_schema
    def not_empty(self, data, **kwargs):
        if not data:
            raise ValidationError("give at least one of name, url, events, status")


class Webhook(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    url = fields.String(required=True)
    events = fields.List(fields.String(), required=True)
    status = fields.String(required=True, metadata={"description": "`active` or `paused`"})
    trigger_count = fields.Integer(required=True, metadata={
        "description": "events sent to this webhook (first attempts, successful or not; retries not counted)"})
    failure_count = fields.Integer(required=True, metadata={"description": "failed delivery attempts, retries included"})
    created_at = UTCDateTime(required=True)


class WebhookWithSecret(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    url = fields.String(required=True)
    secret = fields.String(required=True, metadata={
        "description": "`whsec_` + base64 of 32 random bytes; shown only here. `X-Webhook-Signature` is keyed with "
                       "this whole string as UTF-8; Standard Webhooks' `webhook-signature` with the bytes of its "
                       "base64 part (give the string as it is to a Standard Webhooks library)"})
    events = fields.List(fields.String(), required=True)
    status = fields.String(required=True)
    created_at = UTCDateTime(required=True)


class Made(fields.Boolean):
    """A boolean that reads an attempt not made yet (stored as null) as false."""

    def _serialize(self, value, attr, obj, **kwargs):
        return value is True


DELIVERY_STATUS = (
    "extension: `pending` (not sent yet: held while the webhook is paused, or queued), `sending`, "
    "`delivered`, `failed`, or `dropped` (never sent; `error_message` says why, e.g. held longer than "
    "`[webhooks] paused_retention_days`)")


class Delivery(OutSchema):
    id = fields.UUID(required=True)
    event_id = fields.UUID(metadata={"description": "the event delivered (the body's `id`)"})
    event_type = fields.String(required=True)
    attempt = fields.Integer(metadata={"description": "0 for the first attempt, 1 to 3 for retries"})
    status = fields.String(validate=validate.OneOf(["pending", "sending", "delivered", "failed", "dropped"]),
                           metadata={"description": DELIVERY_STATUS})
    success = Made(required=True, metadata={
        "description": "a 2xx answer within the time-out; false until the attempt is made"})
    response_status = fields.Integer(allow_none=True, metadata={"description": "null when no HTTP answer came"})
    response_time_ms = fields.Integer(allow_none=True, metadata={"description": "null when no request was made"})
    error_message = fields.String(allow_none=True, metadata={
        "description": "why the attempt failed; the receiver's answer body is never stored or shown"})
    redelivery_of = fields.UUID(allow_none=True, metadata={
        "description": "extension: the delivery whose event this redelivery sends again (see redeliver)"})
    attempted_at = UTCDateTime(allow_none=True, metadata={
        "description": "extension: when the attempt was made (later than `created_at` for a held delivery)"})
    created_at = UTCDateTime(required=True)


class DeliveryQuery(CursorPageQuery):
    success = QueryBool(metadata={"description": "`false`: failed attempts only; `true`: successful only"})


DeliveryPage = page_of(Delivery, "DeliveryPage")

DELIVERY_TEXT = (
    "**Success** is any 2xx answer within `[webhooks] timeout_seconds` (default 10 s; the answer's status line "
    "decides: a body after a 2xx status that is slow, cut off or too large does not matter); any other status, "
    "a redirect (never followed), a time-out, a connection error or a refused address is a failure. "
    "Each attempt is a delivery record. A failed attempt is retried after `[webhooks] retry_delays_seconds` "
    "(default 60, 300, 900 s): the original plus at most 3 retries. After `pause_after_failures` (default 10) "
    "consecutive failed attempts the webhook becomes `paused`.\n\n"
    "**Paused webhooks keep their events**: while paused nothing is sent; each event and each retry that "
    "falls due is kept as a delivery record with `status: pending`. PATCH `status: active` resets the "
    "consecutive count and sends the pending ones one at a time in event order (then retried as usual); "
    "pending records older than `[webhooks] paused_retention_days` (default 7) are `dropped`. Guarantees: at "
    "least once, no ordering except among held events; de-duplicate on the body's `id`. Sandbox events are "
    "delivered too.\n\n"
    "**Address checks**: the URL's host is resolved and every address must be public (not loopback, private, "
    "link-local, multicast, reserved, unspecified, IPv4-mapped IPv6, nor any numeric spelling of those such "
    "as `2130706433` or `0x7f000001`) unless the deployment allows private networks; this is checked at "
    "creation and update (422 `validation_error` on `url`) and again before every attempt, and the "
    "connection goes to the address that was checked.\n\n"
    "**Standard Webhooks**: beside the specification's headers every attempt carries `webhook-id` (the event's "
    "id, the body's `id`: the same on every retry and redelivery), `webhook-timestamp` (unix seconds of this "
    "attempt) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` "
    "keyed with the bytes of the secret's base64 part; several space-separated while a regenerated secret's "
    "predecessor is in force), so Standard Webhooks libraries verify deliveries and refuse stale ones.\n\n"
    + payloads.describe())


async def checked_url(handler: APIHandler, url: str) -> str:
    config = handler.services.config.webhooks
    try:
        await urls.check_url(url, allow_http=config.allow_http, allow_private_networks=config.allow_private_networks)
    except urls.UrlRefused as exc:
        raise validation_error([{"field": "url", "message": str(exc)}]) from None
    return url


class _WebhookHandler(APIHandler):
    async def load(self, webhook_id) -> dict:
        hook = await self.services.store.webhooks.get(self.org_id, self.path_id(webhook_id, "webhook"))
        if hook is None:
            raise not_found("webhook")
        return hook


class WebhooksHandler(APIHandler):
    @operation("List webhooks", tags=["webhooks"], responses={200: Webhook(many=True)},
               description="All webhooks of the organisation, oldest first; secrets are never listed.")
    async def get(self):
        self.write_json(Webhook(many=True).dump(await self.services.store.webhooks.list(self.org_id)))

    @operation("Create a webhook", tags=["webhooks"], body=WebhookCreate, responses={201: WebhookWithSecret},
               errors=(400, 401, 403, 404, 409, 422, 429), callbacks=payloads.callbacks,
               description="The answer carries the secret; it is shown only here and on regeneration. "
                           "`Idempotency-Key` is refused here (400 `bad_request` naming it): a replay would need the "
                           "secret stored in clear, and a key silently ignored would let a retry make a second "
                           "webhook; list the webhooks to see whether a create went through. An organisation has "
                           "at most `[webhooks] max_per_organisation` webhooks (default 100; 409 `invalid_state` "
                           "beyond).\n\n" + DELIVERY_TEXT)
    async def post(self):
        if "Idempotency-Key" in self.request.headers:
            raise ApiError(400, "bad_request", "Idempotency-Key is not honoured by POST /v1/webhooks (its answer "
                                               "carries the secret, which is never stored in clear): send the "
                                               "request without it, and list the webhooks to see whether an "
                                               "earlier try made one")
        body, problems = await self.checked_body(WebhookCreate())
        url = None if problems.refused("url") else await problems.wait(checked_url(self, body["url"]))
        problems.raise_any()
        secret = signatures.new_secret()
        most = self.services.config.webhooks.max_per_organisation
        hook = await self.services.store.webhooks.create(self.org_id, body["name"], url, body["events"],
                                                         self.services.secrets.encrypt(secret), max_count=most)
        if hook is None:
            raise invalid_state(f"the organisation has {most} webhooks, the most allowed; delete one first")
        self.write_json(WebhookWithSecret().dump({**hook, "secret": secret}), 201)


class WebhookHandler(_WebhookHandler):
    @operation("Get a webhook", tags=["webhooks"], responses={200: Webhook},
               description="The subscription without its secret (shown only when created or regenerated).")
    async def get(self, webhook_id):
        self.write_json(Webhook().dump(await self.load(webhook_id)))

    @operation("Update a webhook", tags=["webhooks"], body=WebhookUpdate, responses={200: Webhook},
               description="Any of name, url, events, status. A new URL is checked like on creation.")
    async def patch(self, webhook_id):
        hook = await self.load(webhook_id)
        changes = await self.json_body(WebhookUpdate())
        if "url" in changes:
            await checked_url(self, changes["url"])
        hook = await self.services.store.webhooks.update(self.org_id, hook["id"], changes)
        if hook is None:
            raise not_found("webhook")
        if changes.get("status") == "active":
            await delivery.release(self.services, hook["id"])
        self.write_json(Webhook().dump(hook))

    @operation("Delete a webhook and its delivery history", tags=["webhooks"], responses={204: None},
               description="No event is delivered to it afterwards, and its past deliveries are removed with it.")
    async def delete(self, webhook_id):
        webhook_id = self.path_id(webhook_id, "webhook")
        if not await self.services.store.webhooks.delete(self.org_id, webhook_id):
            raise not_found("webhook")
        await self.services.store.webhook_deliveries.delete_for(self.org_id, webhook_id)
        self.set_status(204)


class RegenerateSecretHandler(_WebhookHandler):
    @operation("Regenerate the secret", tags=["webhooks"], responses={200: WebhookWithSecret},
               description="The new secret signs every attempt from now on, retries of earlier events included. "
                           "The secret it replaces stays in force for `[webhooks] previous_secret_hours` (default "
                           "24): until then `webhook-signature` carries one `v1,…` signature with each secret, so "
                           "receivers can switch at their pace; `X-Webhook-Signature` (one hex digest, as the "
                           "specification defines it) uses the new secret only. A webhook keeps at most one previous "
                           "secret: regenerating again within the window ends the older one at once. Regenerations "
                           "racing each other all answer the one secret that is in force after them.")
    async def post(self, webhook_id):
        rotated, secret = await signatures.rotate(self.services, self.org_id, await self.load(webhook_id))
        if rotated is None:
            raise not_found("webhook")
        self.write_json(WebhookWithSecret().dump({**rotated, "secret": secret}))


class DeliveriesHandler(_WebhookHandler):
    @operation("List delivery attempts, newest first", tags=["webhooks"], query=DeliveryQuery,
               responses={200: DeliveryPage},
               description="One record per attempt, plus `pending` records for attempts not made yet (events held "
                           "while the webhook is paused, queued redeliveries) and `dropped` ones that never will be; "
                           "`success=false` lists failed and dropped records. A record is removed `[webhooks] "
                           "delivery_history_days` (default 30) after its attempt, or after it was dropped.")
    async def get(self, webhook_id):
        hook = await self.load(webhook_id)
        q = self.query(DeliveryQuery())
        repo = self.services.store.webhook_deliveries
        after = await cursor_record(repo, self.org_id, q)
        if after is not None and after["webhook_id"] != hook["id"]:
            raise validation_error([{"field": "after_id", "message": "no item of this list has this id"}])
        page = await repo.list(self.org_id, hook["id"], q.get("success"), q["limit"], q["offset"], after)
        self.write_json(DeliveryPage().dump(page._asdict()))


class RedeliverHandler(_WebhookHandler):
    @operation("Send a delivery's event again (extension)", tags=["webhooks"], idempotent=True,
               responses={202: Delivery}, errors=(401, 403, 404, 409, 422, 429),
               description="Any recorded delivery, successful or not: its event is sent again, with the same body "
                           "`id` and the current secret, as a new delivery with a record of its own (`redelivery_of` "
                           "names the original). The answer is that record, `status: pending`; the attempt is made "
                           "at once in the background and retried like any first attempt. It does not count in "
                           "`trigger_count`. 409 `invalid_state` when the webhook is paused (set it active first: "
                           "that sends what was held), no longer subscribes to the event type, or the event is no "
                           "longer stored. Scope `write`.")
    @idempotent
    async def post(self, webhook_id, delivery_id):
        hook = await self.load(webhook_id)
        record = await self.services.store.webhook_deliveries.get(self.org_id, self.path_id(delivery_id, "delivery"))
        if record is None or record["webhook_id"] != hook["id"]:
            raise not_found("delivery")
        self.write_json(Delivery().dump(await delivery.redeliver(self.services, hook, record)), 202)


ROUTES = [
    ("/v1/webhooks", WebhooksHandler),
    ("/v1/webhooks/{webhook_id}", WebhookHandler),
    ("/v1/webhooks/{webhook_id}/regenerate-secret", RegenerateSecretHandler),
    ("/v1/webhooks/{webhook_id}/deliveries", DeliveriesHandler),
    ("/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver", RedeliverHandler),
]

"""Public links of templates (docs/public-links.md): create, list, read, change (pause), delete, rotate,
and their uses. The visitors' page and calls are esign.api.public_link_page."""
from __future__ import annotations

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.api.public_link_schemas import (
    PublicLink,
    PublicLinkCreate,
    PublicLinkCreated,
    PublicLinkPage,
    PublicLinkUpdate,
    PublicLinkUsePage,
)
from esign.domain import public_links as domain
from esign.domain.templating import templates
from esign.schema import CursorPageQuery, cursor_record

TAGS = ["templates"]


class TemplatePublicLinksHandler(APIHandler):
    @operation("Create a public link of a template (extension)", tags=TAGS, body=PublicLinkCreate, idempotent=True,
               responses={201: PublicLinkCreated},
               description="A link (and its QR code) anyone may open to make their own signing request from the "
                           "template: the visitor takes `public_role`, `fixed_roles` name the people of the other "
                           "roles (422 for a role without one). With `email_code` (the default) a request is made "
                           "only once the visitor proved their email address with a code; each request counts "
                           "toward the monthly quota, asking for codes does not. `prefill_secret` is shown once. "
                           "Events: `public_link.used`, `public_link.exhausted`, `public_link.paused` "
                           "(docs/public-links.md).")
    @idempotent
    async def post(self, template_id):
        template = await templates.get(self.services, self.org_id, self.path_id(template_id, "template"))
        body = await self.json_body(PublicLinkCreate())
        link, secret = await domain.create(self.services, self.org, self.api_key, self.sandbox, template, body)
        self.write_json(PublicLinkCreated().dump({**domain.view(self.services, link), "prefill_secret": secret}), 201)


class PublicLinksHandler(APIHandler):
    @operation("List public links, newest first (extension)", tags=TAGS, query=CursorPageQuery,
               responses={200: PublicLinkPage}, description="Every public link of the organisation's templates.")
    async def get(self):
        q = self.query(CursorPageQuery())
        after = await cursor_record(self.services.store.public_links, self.org_id, q)
        page = await domain.list_links(self.services, self.org_id, q["limit"], q["offset"], after)
        items = [domain.view(self.services, link) for link in page.items]
        self.write_json(PublicLinkPage().dump({**page._asdict(), "items": items}))


async def load(handler: APIHandler, link_id: str) -> dict:
    return await domain.get(handler.services, handler.org_id, handler.path_id(link_id, "public link"))


class PublicLinkHandler(APIHandler):
    @operation("Get a public link (extension)", tags=TAGS, responses={200: PublicLink},
               description="The link, its address, QR code images and uses so far.")
    async def get(self, link_id):
        self.write_json(PublicLink().dump(domain.view(self.services, await load(self, link_id))))

    @operation("Change or pause a public link (extension)", tags=TAGS, body=PublicLinkUpdate,
               responses={200: PublicLink},
               description="Any field given: `paused` true stops the link (visitors get 409; emits "
                           "`public_link.paused`), false opens it again; `phone_paused` false resumes phone codes "
                           "the breaker paused; `max_uses` may not go below the uses made (422).")
    async def patch(self, link_id):
        link = await load(self, link_id)
        changes = await self.json_body(PublicLinkUpdate())
        self.write_json(PublicLink().dump(domain.view(self.services, await domain.change(self.services, link, changes))))

    @operation("Delete a public link (extension)", tags=TAGS, responses={204: None},
               description="Its address answers 404 from now on; requests made from it are unaffected.")
    async def delete(self, link_id):
        await domain.delete(self.services, await load(self, link_id))
        self.set_status(204)


class PublicLinkRotateHandler(APIHandler):
    @operation("Give a public link a new address (extension)", tags=TAGS, responses={200: PublicLink},
               errors=(401, 403, 404, 409, 429),
               description="A new `url` (and QR code); the old address answers 410 `gone` from now on.")
    async def post(self, link_id):
        self.write_json(PublicLink().dump(domain.view(self.services, await domain.rotate(self.services,
                                                                                         await load(self, link_id)))))


class PublicLinkUsesHandler(APIHandler):
    @operation("List a public link's uses, newest first (extension)", tags=TAGS, query=CursorPageQuery,
               responses={200: PublicLinkUsePage},
               description="One use per request made from the link: the visitor's address, whether it was "
                           "proven with a code, the request, and whether the visitor may still resume it.")
    async def get(self, link_id):
        link = await load(self, link_id)
        q = self.query(CursorPageQuery())
        after = await cursor_record(self.services.store.public_link_uses, self.org_id, q)
        page = await domain.uses(self.services, link, q["limit"], q["offset"], after)
        self.write_json(PublicLinkUsePage().dump(page._asdict()))


ROUTES = [
    ("/v1/templates/{template_id}/public-links", TemplatePublicLinksHandler),
    ("/v1/public-links", PublicLinksHandler),
    ("/v1/public-links/{link_id}", PublicLinkHandler),
    ("/v1/public-links/{link_id}/rotate", PublicLinkRotateHandler),
    ("/v1/public-links/{link_id}/uses", PublicLinkUsesHandler),
]

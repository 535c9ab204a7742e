"""Saved contacts: create-or-update by email, search, delete."""
from marshmallow import fields, missing, validate

from esign.api.base import APIHandler
from esign.api.common import operation
from esign.api.idempotency import idempotent
from esign.errors import not_found
from esign.schema import CursorPageQuery, Email, Line, Locale, Name, OutSchema, Phone, StrictSchema, UTCDateTime, cursor_record, page_of


class ContactCreate(StrictSchema):
    name = Name(required=True, validate=validate.Length(1, 255))
    email = Email(required=True, validate=validate.Length(3, 320))
    phone = Phone(allow_none=True, validate=validate.Length(max=50), metadata={
        "description": "left out: a new contact has none and an existing one keeps its phone; null clears it"})
    locale = Locale(load_default=missing, metadata={
        "description": "extension: the contact's language (BCP 47; one of the signer side's languages), for a "
                       "client to pass as the signer's `locale`; left out: kept, null clears it"})


class Contact(OutSchema):
    id = fields.UUID(required=True)
    name = fields.String(required=True)
    email = fields.String(required=True)
    phone = fields.String(allow_none=True)
    locale = fields.String(allow_none=True, dump_default=None)
    last_used_at = UTCDateTime(required=True, metadata={"description": "equals created_at until the contact is used as a signer"})
    created_at = UTCDateTime(required=True)
    updated_at = UTCDateTime(required=True)


class ContactQuery(CursorPageQuery):
    # one line: MongoDB refuses a regular expression holding a NUL byte, and no name or email has a
    # control character to find
    search = Line(validate=validate.Length(max=100),
                  metadata={"description": "case-insensitive substring of the name or email; one line"})


ContactPage = page_of(Contact, "ContactPage")


class ContactsHandler(APIHandler):
    @operation("List contacts", tags=["contacts"], query=ContactQuery, responses={200: ContactPage},
               description="In alphabetical order of the names, without case or accents.")
    async def get(self):
        q = self.query(ContactQuery())
        repo = self.services.store.contacts
        page = await repo.list(self.org_id, q.get("search"), q["limit"], q["offset"],
                                       await cursor_record(repo, self.org_id, q))
        self.write_json(ContactPage().dump(page._asdict()))

    @operation("Create a contact, or update its name when the email exists", tags=["contacts"],
               body=ContactCreate, responses={201: Contact}, idempotent=True,
               description="Emails are matched case-insensitively within the organisation; an existing "
                           "contact keeps its id and gets the new name (and the phone, when `phone` is given: a "
                           "phone left out is kept). Answers 201 in both cases.")
    @idempotent
    async def post(self):
        body = await self.json_body(ContactCreate())
        contact = await self.services.store.contacts.upsert(self.org_id, body)
        self.write_json(Contact().dump(contact), 201)


class ContactHandler(APIHandler):
    @operation("Delete a contact", tags=["contacts"], responses={204: None},
               description="Removes the contact from the address book; requests already sent to it are unchanged.")
    async def delete(self, contact_id):
        if not await self.services.store.contacts.delete(self.org_id, self.path_id(contact_id, "contact")):
            raise not_found("contact")
        self.set_status(204)


ROUTES = [
    ("/v1/contacts", ContactsHandler),
    ("/v1/contacts/{contact_id}", ContactHandler),
]

"""The signing page's document for a signer who cannot see its images (issue 39 item 4): `/sign/{token}/text`,
the "read as text" view of every document of the request (esign.domain.signer.page_text), and
`/sign/{token}/documents/{order}/original.pdf`, a document as it was uploaded, before anyone signed. Both
work while the request is pending, through the signer's own link."""
from __future__ import annotations

import tornado.web

from esign import i18n
from esign.api.pdf_download import stream_pdf
from esign.api.signer_page import SignerHandler, asset_url, document_order, page_locale, render
from esign.domain.signer import page_text

FIELD_NAMES = {"signature": i18n.N_("Signature"), "initials": i18n.N_("Initials"), "date": i18n.N_("Date"),
               "text": i18n.N_("Text"), "checkbox": i18n.N_("Checkbox"), "select": i18n.N_("Choice"),
               "attachment": i18n.N_("Attachment")}  # as the page names them (signer.js fieldLabel)
REQUIRED = {True: i18n.N_("{name} (required)"), False: i18n.N_("{name} (optional)")}


def field_label(gettext, field: dict) -> str:
    """A field's name as the signing page gives it: its placeholder or its type, required or optional."""
    name = field.get("placeholder") or gettext(FIELD_NAMES.get(field["field_type"], i18n.N_("Field")))
    if field["field_type"] == "date":
        return name
    return gettext(REQUIRED[bool(field.get("is_required"))]).format(name=name)


class TextHandler(SignerHandler):
    """The "read as text" view: each page's text in reading order, the signer's fields where they stand,
    a scanned page said to be one, and a link to each original."""

    html = True

    async def get(self, token):
        documents = await page_text.document_text(self.services, self.session.request, self.session.signer)
        locale = page_locale(self, *self.session_locales())
        gettext = i18n.translations(locale).gettext
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.set_header("Content-Language", locale)
        self.finish(render("text.html", locale, documents=documents, base_path=self.base_path,
                           label=lambda field: field_label(gettext, field), static_url=asset_url))


class OriginalHandler(SignerHandler):
    """A document of the request as uploaded (the PDF the page images are drawn from)."""

    html = True

    async def get(self, token, order):
        key, name = await page_text.original(self.services, self.session.request, document_order(order))
        size = await self.services.storage.size(key)
        if not size:
            raise tornado.web.HTTPError(404)
        await stream_pdf(self, key, size, name if name.lower().endswith(".pdf") else f"{name}.pdf")


ROUTES = [
    ("/sign/{token}/text", TextHandler),
    ("/sign/{token}/documents/{order}/original.pdf", OriginalHandler),
]

"""The signer's side over HTTP (design.md §7): the signing page, its JSON API, page images and the
page's static files. No API key: the link token is the credential. Handlers are thin; the rules
live in esign.domain.signer.signing and esign.domain.signer.verification.

Every answer here carries the signer-page security headers: a CSP without inline script, no
referrer (the token is in the URL), no caching, and framing only by the embedding origin of an
embedded link (else nobody).
"""
from __future__ import annotations

import os

import tornado.web

from esign import i18n
from esign.api.base import MB
from esign.api.pdf_download import send_file
from esign.api.signer_page import (
    ADDRESSED,
    STATIC,
    SignerAssets,
    SignerHandler,
    asset_url,
    document_order,
    page_locale,
    render,
    signer_op,
)
from esign.api.signer_schemas import CodeBody, DeclineBody, Declined, DelegateBody, Delegated, IdentityBody, SignBody
from esign.api.uploads import SpooledUpload
from esign.domain.evidence import attachments, disclosure
from esign.domain.mail import copies, notifications
from esign.domain.requests import envelope, lifecycle
from esign.domain.signer import page_images, signing, verification
from esign.pdf.render import FORMATS, WIDTHS

REFRESH_SECONDS = 10  # the completed page reloads itself this often while the signed PDF is being prepared
SCRIPT = os.path.join(STATIC, "signer.js")


# --- handlers ---------------------------------------------------------------------------------------

class SigningPageHandler(SignerHandler):
    html = True
    completed = True

    async def get(self, token):
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        request = self.session.request
        locale = page_locale(self, *self.session_locales())
        self.set_header("Content-Language", locale)
        if request["status"] == "completed":
            self.finish(render(
                "completed.html", locale, document_name=envelope.title(request, locale),
                documents=len(envelope.of(request)), count=i18n.number_text(len(envelope.of(request)), locale),
                completed_at=i18n.datetime_text(request["completed_at"], locale),
                pdf=request.get("signed_pdf_status"), base_path=self.base_path, refresh_seconds=REFRESH_SECONDS,
                until=i18n.datetime_text(copies.link_expires_at(self.services, request), locale), static_url=asset_url))
            return
        messages = i18n.script_messages(SCRIPT) + (disclosure.DISCLOSURE,)
        first = await signing.first_image(self.services, self.session, self.base_path)
        if first:
            self.set_header("Link", page_images.preload(first))
        self.finish(render(
            "page.html", locale, document_name=envelope.title(request, locale), image_sizes=page_images.IMAGE_SIZES,
            passed_on_by=notifications.passed_on_by(request, self.session.signer),
            link_days=self.services.config.signing.completed_link_days, messages=i18n.script_catalog(locale, messages),
            static_url=asset_url))


class SignedCopyHandler(SignerHandler):
    """The signed PDF through the signer's own link, for `[signing] completed_link_days` after completion
    (of an envelope of several documents: the combined PDF of them all)."""

    html = True
    completed = True
    error_heading = i18n.N_("The signed PDF cannot be downloaded")

    async def get(self, token):
        await send_file(self, await signing.signed_copy(self.services, self.session, self.actor), "combined",
                        locale=page_locale(self, *self.session_locales()))


class SignerApiHandler(SignerHandler):
    @signer_op("What the signer sees: request, own fields, pages, requirements",
               description="Records nothing (the page reports what it showed with POST .../api/viewed). 404 "
                           "for an unknown or expired link, 409 once the request is no longer pending.")
    async def get(self, token):
        await self.answer()


class PageImageHandler(SignerHandler):
    """A page as it stands now, as a PNG at the default scale (the address the page used before
    `image_url` was content-addressed): never cached, as what it shows changes as signers sign.
    `/pages/{n}.png` is a page of the first document, `/documents/{order}/pages/{n}.png` of any."""

    async def get(self, token, number, order="1"):
        if not number.isdigit():
            raise tornado.web.HTTPError(404)
        png = await page_images.image(self.services, self.session.request, int(number), order=document_order(order))
        self.set_header("Content-Type", "image/png")
        self.finish(png)


class AddressedPageImageHandler(SignerHandler):
    """`image_url` / `image_srcset`: a page as it stands at a content address (a hash of what is drawn)
    and a width, cached by the browser for the link's life. An address that is no longer the page's
    (a signer signed since) redirects to the current one. A page of the first document, or
    (`/documents/{order}/pages/...`) of any document of the envelope."""

    async def get(self, token, number, image, order="1"):
        m = ADDRESSED.fullmatch(image)
        if not number.isdigit() or m is None or int(m.group(2)) not in WIDTHS:
            raise tornado.web.HTTPError(404)
        address, width, fmt = m.group(1), int(m.group(2)), m.group(3)
        request, n = self.session.request, document_order(order)
        current = await page_images.current_address(self.services, request, int(number), order=n)
        if current != address:
            self.redirect(f"{page_images.page_path(self.base_path, n, int(number))}/{current}-{width}.{fmt}")
            return
        data = await page_images.image(self.services, request, int(number), width, fmt, order=n)
        life = max(0, int((request["expires_at"] - self.services.clock.now()).total_seconds()))
        self.set_header("Content-Type", FORMATS[fmt])
        self.set_header("Cache-Control", f"private, max-age={life}, immutable")
        self.clear_header("Pragma")
        self.finish(data)


class ViewedHandler(SignerHandler):
    @signer_op("Report that the page has shown the document to the signer",
               description="Called by the signing page's script once the document is rendered; records "
                           "`viewed_at` and `signer.viewed` the first time (later calls change nothing). A fetch "
                           "of the link or of the signer API records no view. The page sends it as a beacon "
                           "(`navigator.sendBeacon`, no body), which drops this answer.")
    async def post(self, token):
        self.session = await signing.record_viewed(self.services, self.session, self.actor)
        await self.answer()


class ConsentHandler(SignerHandler):
    @signer_op("Agree to sign electronically (the disclosure in `consent.text`)",
               description="Recorded once as `signing_event.consent_given` with the disclosure version.")
    async def post(self, token):
        self.session = await signing.give_consent(self.services, self.session, self.actor)
        await self.answer()


class SignHandler(SignerHandler):
    @signer_op("Sign: field values, the adopted signature, consent", body=SignBody,
               description="Every rule of the page is checked again: an adopted signature (422 "
                           "signature_required without one, whether or not the signer has a signature field), "
                           "required fields, validation_type / "
                           "validation_pattern, select options, checkbox values, a non-empty drawing. 409 when it "
                           "is not the signer's turn; 403 while phone or identity verification is missing.")
    async def post(self, token):
        body = await self.json_body(SignBody())
        await self.answer(await signing.sign(self.services, self.session, body, self.actor))


class DeclineHandler(SignerHandler):
    @signer_op("Decline to sign, with a reason", body=DeclineBody, response=Declined,
               description="The signer becomes `declined` and the request `cancelled`; the link then stops working.")
    async def post(self, token):
        body = await self.json_body(DeclineBody())
        request = await signing.decline(self.services, self.session, body["reason"], self.actor)
        self.write_json({"status": "declined", "signing_request_id": request["id"],
                         "signer_id": self.session.signer["id"], "reason": body["reason"].strip()})


class DelegateHandler(SignerHandler):
    @signer_op("Hand one's place to another person (extension)", body=DelegateBody, response=Delegated,
               description="Only for requests created with `allow_delegation` (403 otherwise), once the signer "
                           "has passed the phone or identity check the request asks of them (403 before), and "
                           "while it is the signer's turn (409). The signer becomes `delegated` (with `delegated_to`); the delegate "
                           "takes the same order and fields and is invited when it is their turn; this link then "
                           "answers 410 `gone` saying the invitation moved. An address already in the request, or "
                           "a place delegated more than `[signing] max_delegations` times in a row: 422. Fires "
                           "`signer.delegated`; the sender is emailed.")
    async def post(self, token):
        body = await self.json_body(DelegateBody())
        request = await signing.delegate(self.services, self.session, body, self.actor)
        signer = lifecycle.find_signer(request, self.session.signer["id"])
        delegate = lifecycle.find_signer(request, signer["delegated_to"])
        self.write_json(Delegated().dump({"status": "delegated", "signing_request_id": request["id"],
                                          "signer_id": signer["id"], "delegate": delegate}))


class AttachmentHandler(SpooledUpload, SignerHandler):
    """The signer's file for an attachment field, streamed to a temporary file as document uploads are."""

    what = "the file"

    def upload_limit(self) -> int:
        return self.services.config.limits.attachment_mb * MB

    @signer_op("Attach a file to an attachment field (extension)", body="multipart",
               description="multipart/form-data with one part `file`: a PDF, PNG or JPEG of at most `[limits] "
                           "attachment_mb` (10 MB by default; 413 beyond). Checked as uploads are: a PDF in the "
                           "checking child (active content removed, or refused), an image decoded within 50 "
                           "megapixels; anything else, or an unreadable file, is 422. A later file replaces the "
                           "earlier one. Answers the signer's view, whose field carries `attachment: {name, size, "
                           "sha256, content_type}`. 404 for a field that is not the signer's; 409 when it is not "
                           "their turn.")
    async def post(self, token, field_id):
        self._spooled()
        request = await attachments.attach(self.services, self.session.request, self.session.signer, field_id,
                                           self.tmp_path, self.file_size, self.filename, self.actor)
        await self.answer(request)


class WithdrawHandler(SignerHandler):
    @signer_op("Withdraw one's signature",
               description="Allowed while the request is pending and no later-order signer has signed.")
    async def post(self, token):
        await self.answer(await signing.withdraw(self.services, self.session, self.actor))


class OtpHandler(SignerHandler):
    @signer_op("Text a one-time code to the signer's phone",
               description="429 with Retry-After within `[signer] otp_resend_seconds` of the last code, while "
                           "locked, or when a cap on codes is reached (`[sms] codes_per_signer_hour`, "
                           "`codes_per_signer_day`, `codes_per_request_day`, `codes_per_organisation_day`). A "
                           "sandbox request texts nothing: its code is 000000.")
    async def post(self, token):
        await self.answer(await verification.send_code(self.services, self.session, self.actor))


class OtpVerifyHandler(SignerHandler):
    @signer_op("Check the one-time code", body=CodeBody,
               description="A wrong code is 422 with the tries left; the last allowed wrong try locks the link "
                           "(429 with Retry-After).")
    async def post(self, token):
        body = await self.json_body(CodeBody())
        await self.answer(await verification.verify_code(self.services, self.session, body["code"], self.actor))


class IdentityHandler(SignerHandler):
    @signer_op("Verify identity with the configured identity provider", body=IdentityBody,
               description="`approved` and `review` let the signer sign (review sets identity_review_pending); "
                           "`rejected` refuses signing until a later attempt passes. Fires identity.approved, "
                           "signer.reviewed or identity.rejected.")
    async def post(self, token):
        body = await self.json_body(IdentityBody())
        await self.answer(await verification.verify_identity(self.services, self.session, body, self.actor))


STATIC_ROUTE = (r"/static/signer/(.*)", SignerAssets, {"path": STATIC})


ROUTES = [
    ("/sign/{token}", SigningPageHandler),
    ("/sign/{token}/download", SignedCopyHandler),
    ("/sign/{token}/api", SignerApiHandler),
    ("/sign/{token}/pages/{number}.png", PageImageHandler),
    ("/sign/{token}/pages/{number}/{image}", AddressedPageImageHandler),
    ("/sign/{token}/documents/{order}/pages/{number}.png", PageImageHandler),
    ("/sign/{token}/documents/{order}/pages/{number}/{image}", AddressedPageImageHandler),
    ("/sign/{token}/api/viewed", ViewedHandler),
    ("/sign/{token}/api/consent", ConsentHandler),
    ("/sign/{token}/api/sign", SignHandler),
    ("/sign/{token}/api/decline", DeclineHandler),
    ("/sign/{token}/api/withdraw", WithdrawHandler),
    ("/sign/{token}/api/delegate", DelegateHandler),
    ("/sign/{token}/api/attachments/{field_id}", AttachmentHandler),
    ("/sign/{token}/api/otp", OtpHandler),
    ("/sign/{token}/api/otp/verify", OtpVerifyHandler),
    ("/sign/{token}/api/identity", IdentityHandler),
]

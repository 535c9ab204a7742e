"""The public verification page (docs/signing.md "Verification page"): `GET /v/{id}` (HTML, or JSON on
`Accept: application/json`), `POST /v/{id}/check` (`{sha256}` → `{match}`: "Check your copy" hashes
the file in the browser and sends only its hash) and `POST /verify` (a PDF, checked as `esign verify`
checks it, in the bounded checking children, never stored).

No API key: anyone holding the id may look. Unknown and malformed ids answer the same 404; every call
counts against its client address (`[limits] verification_per_client_minute`, 429 past it); the
answers are not indexed (`X-Robots-Tag: noindex`, meta robots), send no referrer and cannot be framed.
The rules and the view are esign.domain.evidence.verification."""
from __future__ import annotations

import logging

from marshmallow import Schema, fields, validate

from esign import i18n
from esign.api.base import MB, BaseHandler
from esign.api.signer_page import asset_url, csp, page_locale, render
from esign.api.uploads import SpooledUpload
from esign.clock import iso
from esign.domain.evidence import verification
from esign.errors import ApiError
from esign.store.records import SigningRequest

log = logging.getLogger("esign.verification")
NOT_FOUND = "no completed signing request has this verification id"


class CopyCheck(Schema):
    sha256 = fields.String(required=True, validate=validate.Regexp(
        verification.SHA256, error="must be a SHA-256 digest: 64 lower-case hexadecimal digits"))


class VerificationHandler(BaseHandler):
    """The page's headers, its client's rate limit, and the request its id names."""

    html = False

    def set_default_headers(self):
        super().set_default_headers()
        self.set_header("X-Robots-Tag", "noindex, nofollow")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Content-Security-Policy", csp("'none'"))
        self.set_header("X-Frame-Options", "DENY")

    async def prepare(self):
        super().prepare()
        await self.throttle()

    async def throttle(self) -> None:
        """One lookup, check or upload of this client address (429 rate_limited past the limit)."""
        per_minute = self.services.config.limits.verification_per_client_minute
        allowed, _, _, next_at = await self.services.store.rate_limits.hit(
            f"verification:client:{self.request.remote_ip}", per_minute)
        if not allowed:
            self.services.metrics.public_verification("throttled")
            log.info("public verification refused: too many from this client")
            wait = max(1, int((next_at - self.services.clock.now()).total_seconds()) + 1)
            raise ApiError(429, "rate_limited", f"at most {per_minute} verifications a minute from one address; "
                                                f"retry in {wait} s", headers={"Retry-After": str(wait)})

    async def request_of(self, text: str) -> SigningRequest:
        request = await verification.find(self.services, text)
        if request is None:  # unknown or malformed: the same answer
            self.services.metrics.public_verification("not_found")
            raise ApiError(404, "not_found", NOT_FOUND)
        self.log_fields.update(org_id=request["org_id"], signing_request_id=request["id"])
        return request

    def write_error(self, status_code, **kwargs):
        if not self.html:
            return super().write_error(status_code, **kwargs)
        exc = kwargs.get("exc_info", (None, None, None))[1] or ApiError(status_code, "internal_error", "")
        status, body, headers = self.error_for(exc)
        self.set_status(status)
        for name, value in headers.items():
            self.set_header(name, value)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(render("verification.html", page_locale(self), view=None, status=status,
                           code=body["error"]["code"], request_id=self.request_id, static_url=asset_url))


class PageHandler(VerificationHandler):
    async def prepare(self):
        self.html = "application/json" not in self.request.headers.get("Accept", "")
        await super().prepare()

    async def get(self, verification_id: str) -> None:
        request = await self.request_of(verification_id)
        view = await verification.public_view(self.services, request)
        self.services.metrics.public_verification("page")
        if not self.html:
            self.write_json({**view, "completed_at": iso(view["completed_at"]),
                             "revoked_at": iso(view["revoked_at"])})
            return
        locale = page_locale(self)
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(render("verification.html", locale, view=view, status=200, code=None,
                           completed=i18n.datetime_text(view["completed_at"], locale),
                           revoked=i18n.datetime_text(view["revoked_at"], locale) if view["revoked_at"] else None,
                           request_id=self.request_id, static_url=asset_url))


class CopyCheckHandler(VerificationHandler):
    async def post(self, verification_id: str) -> None:
        request = await self.request_of(verification_id)
        body = await self.json_body(CopyCheck())
        match = verification.matches(request, body["sha256"])
        self.services.metrics.public_verification("copy_match" if match else "copy_mismatch")
        self.write_json({"match": match})


class UploadCheckHandler(SpooledUpload, VerificationHandler):
    def upload_limit(self) -> int:
        return self.services.config.limits.max_upload_mb * MB

    async def post(self) -> None:
        self._spooled()
        result = await verification.check_upload(self.services, self.tmp_path)
        self.services.metrics.public_verification(f"upload_{result['verdict'].lower()}")
        log.info("public verification of an uploaded PDF: %s", result["verdict"])
        self.write_json(result)


ROUTES = [
    ("/v/{verification_id}", PageHandler),
    ("/v/{verification_id}/check", CopyCheckHandler),
    ("/verify", UploadCheckHandler),
]

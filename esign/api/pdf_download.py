"""A stored PDF sent as an attachment: the one way esign.api.files, esign.api.copies and the signer's
download (esign.api.signer) answer with a signed PDF, and the Content-Disposition header of every file
download (esign.api.signing_requests too)."""
import re
import urllib.parse

from esign import i18n
from esign.domain.requests import downloads
from esign.errors import ApiError


def content_disposition(filename: str) -> str:
    """RFC 6266: `filename*` carries the name in UTF-8 (RFC 5987); `filename` an ASCII fallback for
    clients that do not read it. A header value must be Latin-1, so the name never goes in raw."""
    fallback = re.sub(r'[^\x20-\x7e]|["\\]', "_", filename)
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{urllib.parse.quote(filename, safe='')}"


async def send_file(handler, request: dict | None, which: str, document_id: str | None = None,
                    locale: str = i18n.DEFAULT) -> None:
    """Stream a request's signed PDF (`signed`, of the first document or of `document_id`), its
    certificate or its combined PDF from blob storage as an attachment; 404 when there is none. The
    download links (esign.api.files), the copy links (esign.api.copies) and the signer's own download
    (esign.api.signer), named in `locale`."""
    if request:
        downloads.check_not_purged(request)
    key = request and downloads.blob_key(request, which, document_id)
    size = key and await handler.services.storage.size(key)
    if not size:
        raise ApiError(404, "not_found", "file not found")
    await stream_pdf(handler, key, size, downloads.file_name(request, which, document_id, locale))


async def stream_pdf(handler, key: str, size: int, filename: str) -> None:
    """The stored PDF `key` (of `size` bytes) as an attachment named `filename`."""
    handler.set_header("Content-Type", "application/pdf")
    handler.set_header("Content-Length", str(size))
    handler.set_header("Content-Disposition", content_disposition(filename))
    handler.set_header("Cache-Control", "private, no-store")
    async for chunk in handler.services.storage.stream(key):
        handler.write(chunk)
        await handler.flush()

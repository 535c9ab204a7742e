"""The filled fields of a request as the stamper draws them (esign.pdf.stamp), with the signers' drawings
read from blob storage: what the finalisation stamps (esign.domain.evidence.finalization) and what the
signing page's images show of the document as it stands (esign.domain.signer.page_images), one shape
for both, so that what a signer sees is what is signed."""
from __future__ import annotations

import datetime as dt
import hashlib

from esign import i18n
from esign.domain.ports import Services
from esign.pdf.stamp import COVER, stamp_locale
from esign.store.records import Json, RecordLike, SigningRequest


class DrawingUnusable(Exception):
    """A drawing is missing from blob storage or no longer matches its SHA-256: retrying cannot help
    (until the blob is restored from a backup; the stuck-finalisation sweep then tries again)."""


async def drawings(services: Services, request: SigningRequest) -> dict[str, bytes]:
    """blob key -> PNG of every drawn signature and initials of the signed signers, read from blob
    storage once each and checked against the SHA-256 the request records."""
    out: dict[str, bytes] = {}
    for signer in request["signers"]:
        for mark in (signer.get("signature"), signer.get("initials")):
            if signer["status"] != "signed" or not mark or mark["kind"] != "drawn" or mark["blob_key"] in out:
                continue
            try:
                png = await services.storage.get_bytes(mark["blob_key"])
            except KeyError:
                raise DrawingUnusable(f"the drawing of {signer['email']} is missing from blob storage "
                                      f"({mark['blob_key']})") from None
            if hashlib.sha256(png).hexdigest() != mark["sha256"]:
                raise DrawingUnusable(f"the drawing of {signer['email']} in blob storage does not match its "
                                      f"SHA-256 ({mark['blob_key']})")
            out[mark["blob_key"]] = png
    return out


def stamped_mark(mark: Json | None, images: dict[str, bytes]) -> Json | None:
    """A stored mark as esign.pdf.stamp draws it (a drawing with its image bytes)."""
    if mark and mark["kind"] == "drawn":
        return {"kind": "drawn", "image": images[mark["blob_key"]]}
    return mark


def stamp_fields(request: SigningRequest, images: dict[str, bytes], org_locale: str | None) -> list[Json]:
    """The fields as esign.pdf.stamp takes them; `images` from `drawings`: those of the signed signers
    with their values and marks and the language of their stamps (`locale`: the signer's, else
    `org_locale`, the organisation's `default_locale`, else English; a date field's day in that
    language: `stamped_date`), and of every other field made from a text
    tag only its tag's white cover (a COVER field), so that a page shown before everyone has signed
    hides every tag as the sealed file does."""
    signers = {s["id"]: s for s in request["signers"]}
    out = []
    for f in request["fields"]:
        signer = signers.get(f["signer_id"])
        if not signer or signer["status"] != "signed":
            if f.get("cover_box"):
                out.append({k: f[k] for k in ("id", "signer_id", "document_id", "page_number", "cover_box") if k in f}
                           | {"field_type": COVER})
            continue
        stamped: Json = dict(f, locale=stamp_locale(signer, org_locale))
        if f["field_type"] in ("signature", "initials"):
            # initials without their own drawing are derived from the name by the stamper
            mark = signer.get("initials") if f["field_type"] == "initials" else signer.get("signature")
            stamped["signature"] = stamped_mark(mark, images)
        elif f["field_type"] == "date":
            stamped["value"] = stamped_date(f, signer, stamped["locale"])
        out.append(stamped)
    return out


def stamped_date(field: RecordLike, signer: RecordLike, locale: str) -> str:
    """What a signed signer's date field stamps (and shows them again): the day they signed (UTC;
    stored as YYYY-MM-DD) in `locale` (esign.i18n.date_text)."""
    return i18n.date_text(dt.date.fromisoformat(field["value"]) if field.get("value") else signer["signed_at"], locale)

"""Seen equals sealed (issue 39, item 1) on the signing page: every field laid over a page image is
opaque over its area, so nothing of the page (a text tag, an earlier mark) shows through a value."""
from __future__ import annotations

import pytest

from esign.domain.requests import links
from tests.support import running_server
from tests.support.browser import PHONE, chromium, consent, new_page, screenshot
from tests.support.placement import SIGNERS, pdf

pytestmark = pytest.mark.browser  # headless Chromium: `-m "not browser"` leaves these out

# for each field: going down the stack of boxes at its centre, the first one that paints a background
# (not transparent) must do so opaquely, and come before the page image
OPAQUE = """(field) => {
  const r = field.getBoundingClientRect();
  for (const el of document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2)) {
    if (el.tagName === "IMG" && el.closest(".page")) return "the page image shows through";
    const bg = getComputedStyle(el).backgroundColor;
    const alpha = bg.startsWith("rgba(") ? parseFloat(bg.split(",")[3]) : 1;
    if (alpha > 0) return alpha === 1 ? "opaque" : bg;
  }
  return "nothing";
}"""


@pytest.fixture
async def srv(tmp_path):
    async with running_server(tmp_path) as server:
        yield server


async def test_fields_are_opaque_over_the_page(srv):
    client = srv.client
    doc = (await client.upload(pdf("reportlab.pdf"), "reportlab.pdf")).json["id"]
    created = await client.post("/v1/signing-requests", {"document_id": doc, "signers": SIGNERS,
                                                         "fields_from_text_tags": True})
    assert created.status == 201, created
    request_id = created.json["id"]
    stored = await srv.services.store.signing_requests.by_id(request_id)
    # a text field and a checkbox for each signer too (no tag makes them)
    more = [{**f, "id": f"{f['id']}-{kind}", "field_type": kind, "y_percent": y, "cover_box": None, "text_tag": None,
             "options": None, "is_required": False}
            for f, (kind, y) in zip(stored["fields"][1:3], (("text", 60), ("checkbox", 66)))]
    await srv.services.store.signing_requests.col.update_one({"_id": request_id},
                                                             {"$push": {"fields": {"$each": more}}})
    assert (await client.post(f"/v1/signing-requests/{request_id}/send")).status == 200
    stored = await srv.services.store.signing_requests.by_id(request_id)
    assert sorted(f["field_type"] for f in stored["fields"]) == [
        "checkbox", "date", "initials", "select", "signature", "text"]

    async with chromium() as browser:
        for signer in stored["signers"]:
            link = links.signing_url(srv.services, stored, signer)
            kinds = {f["id"]: f["field_type"] for f in stored["fields"] if f["signer_id"] == signer["id"]}
            for viewport in (None, PHONE):
                page = await new_page(browser, **({"viewport": viewport} if viewport else {}))
                await page.goto(link)
                if viewport is None:
                    await consent(page)  # once: the link opened again goes straight to the document
                await page.locator("#finish").wait_for(state="visible")
                for field_id, kind in kinds.items():
                    field = page.locator(f"#field-{field_id}")
                    await field.scroll_into_view_if_needed()
                    assert await field.evaluate(OPAQUE) == "opaque", (kind, viewport)
                await screenshot(page, f"opaque-fields-{signer['order']}-{'phone' if viewport else 'desktop'}")

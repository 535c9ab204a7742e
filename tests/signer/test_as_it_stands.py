"""What the signer sees is what is signed (issue 26, item 2), over HTTP on the strict database: page
images carry every value given so far (stamped as at finalisation), a reopened link after signing
shows the signer's own marks and says all done, later signers are told who signed before them; and
page images are content-addressed WebP at the width asked for, cached for the link's life."""
from __future__ import annotations

import io
import re

from PIL import Image

from tests.support.page_images import dark, fetch_image, raw_get
from tests.support.signing import ANN, BOB, drawn, make_request, sget, spost, typed

TEXT = {"field_type": "text", "page_number": 1, "x_percent": 10, "y_percent": 88, "width_percent": 45,
        "height_percent": 5}
BOX = {"field_type": "checkbox", "page_number": 1, "x_percent": 70, "y_percent": 88, "width_percent": 5,
       "height_percent": 4}
SIG = {"field_type": "signature", "page_number": 2, "x_percent": 10, "y_percent": 88, "width_percent": 35,
       "height_percent": 10}
INITIALS = {"field_type": "initials", "page_number": 2, "x_percent": 60, "y_percent": 2, "width_percent": 10,
            "height_percent": 5}
BOB_SIG = {"signer": 1, "field_type": "signature", "page_number": 2, "x_percent": 55, "y_percent": 88,
           "width_percent": 35, "height_percent": 10}


def by_number(view: dict) -> dict[int, dict]:
    return {p["number"]: p for p in view["pages"]}


async def test_later_signer_sees_the_earlier_signers_values(server):
    made = await make_request(server, [ANN, BOB], order="sequential",
                              fields={"text": TEXT, "box": BOX, "sig": SIG, "bob": BOB_SIG})
    ann = await made.token(0)
    before = by_number((await sget(server, ann)).json)
    original = {n: await fetch_image(server, before[n]["image_url"]) for n in (1, 2)}
    for f in (TEXT, BOX, SIG, BOB_SIG):
        assert dark(original[f["page_number"]], f) < 20, f  # the sample has nothing there

    signed = await spost(server, ann, "sign", {"values": {made.fields["text"]: "ACME WIDGETS INTERNATIONAL",
                                                          made.fields["box"]: "true"},
                                               "signature": drawn(), "consent": True})
    assert signed.status == 200, signed

    bob = await made.token(1)
    view = (await sget(server, bob)).json
    assert [s["name"] for s in view["signed_before"]] == ["Ann Example"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT.*", view["signed_before"][0]["signed_at"])
    now = by_number(view)
    # pages on which values were given have a new address; the others keep theirs (and stay cached)
    assert now[1]["image_url"] != before[1]["image_url"] and now[2]["image_url"] != before[2]["image_url"]
    assert now[3]["image_url"].replace(bob, ann) == before[3]["image_url"]
    page1, page2 = await fetch_image(server, now[1]["image_url"]), await fetch_image(server, now[2]["image_url"])
    assert dark(page1, TEXT) > 150  # Ann's company name
    assert dark(page1, BOX) > 20  # her tick
    assert dark(page2, SIG) > 150  # her drawn signature, framed
    assert dark(page2, BOB_SIG) < 20  # Bob's own box: still empty
    # Bob's own view: nothing done yet, his signature still needed
    assert view["progress"] == {"total": 1, "remaining": 1, "done": False}
    assert view["can_sign"] is True


async def test_reopened_link_after_signing_shows_own_marks_and_all_done(server):
    made = await make_request(server, [ANN, BOB], fields={
        "text": TEXT, "box": BOX, "sig": SIG, "initials": INITIALS, "bob": BOB_SIG})
    ann = await made.token(0)
    first = (await sget(server, ann)).json
    # every required field counts, initials included
    assert first["progress"] == {"total": 4, "remaining": 4, "done": False}
    assert first["signed_before"] == []
    assert all(f["mark"] is None and f["done"] is False for f in first["fields"])
    before = {n: await fetch_image(server, by_number(first)[n]["image_url"]) for n in (1, 2)}

    signed = await spost(server, ann, "sign", {"values": {made.fields["text"]: "ACME WIDGETS INTERNATIONAL",
                                                          made.fields["box"]: "true"},
                                               "signature": typed("Ann Example"), "consent": True})
    assert signed.status == 200, signed
    again = await sget(server, ann)  # the link opened again: the request is still pending (Bob)
    assert again.status == 200, again
    view = again.json
    assert view["signer"]["status"] == "signed" and view["can_sign"] is False
    assert view["progress"] == {"total": 4, "remaining": 0, "done": True}
    fields = {f["id"]: f for f in view["fields"]}
    assert fields[made.fields["text"]]["value"] == "ACME WIDGETS INTERNATIONAL"
    assert fields[made.fields["box"]]["value"] == "true"
    assert fields[made.fields["sig"]]["mark"] == {"kind": "typed", "text": "Ann Example"}
    assert fields[made.fields["initials"]]["mark"] == {"kind": "typed", "text": "AE"}
    assert all(f["done"] for f in view["fields"])
    pages = by_number(view)
    page1, page2 = await fetch_image(server, pages[1]["image_url"]), await fetch_image(server, pages[2]["image_url"])
    assert dark(page1, TEXT) > dark(before[1], TEXT) + 150
    assert dark(page1, BOX) > dark(before[1], BOX) + 20
    assert dark(page2, SIG) > dark(before[2], SIG) + 100
    assert dark(page2, INITIALS) > dark(before[2], INITIALS) + 20


async def test_page_images_webp_by_width_content_addressed_and_cached_for_the_link_life(server):
    made = await make_request(server, [ANN, BOB], fields={"text": TEXT, "sig": SIG, "bob": BOB_SIG})
    ann = await made.token(0)
    view = (await sget(server, ann)).json
    page = by_number(view)[1]
    urls = dict((int(w[:-1]), u) for u, w in (item.split() for item in page["image_srcset"].split(", ")))
    assert sorted(urls) == [480, 720, 960, 1600] and urls[960] == page["image_url"]
    life = (await made.get())["expires_at"]
    assert life
    for width, url in urls.items():
        resp = await server.client.get(url, key=None)
        assert resp.status == 200, resp
        assert resp.headers["Content-Type"] == "image/webp"
        with Image.open(io.BytesIO(resp.body)) as img:
            assert img.format == "WEBP" and img.size[0] == width
            assert abs(img.size[0] / img.size[1] - page["width"] / page["height"]) < 0.01
        cache = resp.headers["Cache-Control"]
        m = re.fullmatch(r"private, max-age=(\d+), immutable", cache)
        assert m and 7 * 86400 - 120 < int(m.group(1)) <= 7 * 86400, cache  # the link's life: 7 days
    png = await sget(server, ann, "/pages/1.png")  # the older address: a PNG of the page as it stands
    assert png.status == 200 and png.headers["Content-Type"] == "image/png"
    assert len(png.body) > len((await server.client.get(urls[960], key=None)).body)
    # widths other than the offered ones, or a malformed address: 404
    base = page["image_url"].rsplit("-", 1)[0]
    for bad in (f"{base}-500.webp", f"{base}-960.png", f"{base}-960.webp.webp", page["image_url"] + "x"):
        assert (await server.client.get(bad, key=None)).status == 404, bad
    # once a value is stamped on the page, its old address leads to the new one
    assert (await spost(server, ann, "sign", {"values": {made.fields["text"]: "ACME"}, "signature": typed(),
                                              "consent": True})).status == 200
    stale = await raw_get(server, page["image_url"])
    assert stale.code == 302 and "no-store" in stale.headers["Cache-Control"]
    fresh = by_number((await sget(server, ann)).json)[1]["image_url"]
    assert stale.headers["Location"] == fresh != page["image_url"]


async def test_the_page_asks_for_the_first_image_with_its_answer(server):
    """The first page's image (shown under the consent step too) is preloaded by a `Link` header of the
    page's answer (its HTML never repeats the link's token): the srcset the signer API gives, the sizes
    the page's script uses, as it stands after a value is given."""
    made = await make_request(server, [ANN, BOB], fields={"text": TEXT, "bob": BOB_SIG})
    ann = await made.token(0)

    async def preloaded() -> tuple[str, str]:
        page = await sget(server, ann, "")
        link = page.headers["Link"]
        found = re.fullmatch(r'<([^>]+)>; rel=preload; as=image; fetchpriority=high; imagesrcset="([^"]+)"; '
                             r'imagesizes="([^"]+)"', link)
        assert found and f'data-image-sizes="{found.group(3)}"' in page.body.decode(), link
        first = by_number((await sget(server, ann)).json)[1]
        assert found.group(1) == first["image_url"]
        return found.group(2), first["image_srcset"]

    srcset, api = await preloaded()
    assert srcset == api
    assert (await spost(server, ann, "sign", {"values": {made.fields["text"]: "ACME"}, "signature": typed(),
                                              "consent": True})).status == 200
    after, api = await preloaded()
    assert after == api and after != srcset  # page 1 carries Ann's value now: another address

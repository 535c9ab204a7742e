"""The signer API over real HTTP (design.md §7): what the signer sees, page images, every refusal
of a signing submission, decline, withdraw, a complete signing with every field type, links that
no longer work, and malformed or hostile input (never a 500)."""
from __future__ import annotations

import asyncio
import io
import json
import os
import re

from PIL import Image

from esign.domain.requests import links
from esign.domain.requests.lifecycle import Actor
from esign.domain.signer import signing
from tests.support import KEYS, assert_error
from tests.support.images import data_url, ink_png, png_bytes
from tests.support.signing import ANN, BOB, CY, drawn, make_request, sget, spost, typed, upload

SIGN = {"signature": typed(), "consent": True}
REQUEST_KEYS = {"id", "document_name", "status", "signing_order", "message", "sender_name", "expires_at"}
VIEW_KEYS = {"request", "signer", "fields", "documents", "pages", "requirements", "consent", "can_sign", "reason",
             "can_decline", "can_withdraw", "can_delegate", "embed", "progress", "signed_before", "redirect",
             "witness_handover"}

# one field of every kind the validation covers, for signer 0; one text field of signer 1
CHECKED_FIELDS = {
    "sig": {"field_type": "signature"},
    "plain": {"field_type": "text"},
    "email": {"field_type": "text", "validation_type": "email"},
    "number": {"field_type": "text", "validation_type": "number"},
    "phone": {"field_type": "text", "validation_type": "phone"},
    "date": {"field_type": "text", "validation_type": "date"},
    "regex": {"field_type": "text", "validation_type": "regex", "validation_pattern": r"[A-Z]{3}-\d{4}"},
    "select": {"field_type": "select", "options": ["Red", "Green"]},
    "box": {"field_type": "checkbox"},
    "optional_box": {"field_type": "checkbox", "is_required": False},
    "optional_text": {"field_type": "text", "is_required": False, "validation_type": "number"},
    "bobs": {"field_type": "text", "signer": 1},
}
GOOD = {"plain": "Hello", "email": "someone@example.test", "number": "-12.50", "phone": "+44 20 7946 0958",
        "date": "2024-02-29", "regex": "ABC-1234", "select": "Green", "box": "true"}


def good_values(made, **changes):
    values = {made.fields[k]: v for k, v in GOOD.items()}
    for k, v in changes.items():
        if v is None:
            values.pop(made.fields[k], None)
        else:
            values[made.fields[k]] = v
    return values


def detail_fields(resp, code="validation_error") -> list[str]:
    return [d["field"] for d in assert_error(resp, 422, code)["details"]]


# --- what the signer sees ---------------------------------------------------------------------------

async def test_view_shape_own_fields_and_one_viewed_event_only_when_the_page_reports_it(server):
    made = await make_request(server, [ANN, BOB], message="Please sign by Friday", fields={
        "a_sig": {}, "a_text": {"field_type": "text", "placeholder": "Company", "page_number": 2},
        "b_sig": {"signer": 1}})
    token = await made.token(0)
    resp = await sget(server, token)
    assert resp.status == 200, resp
    view = resp.json
    assert set(view) == VIEW_KEYS
    assert set(view["request"]) == REQUEST_KEYS
    assert view["request"]["id"] == made.id and view["request"]["status"] == "pending"
    assert view["request"]["document_name"] == "contract.pdf" and view["request"]["signing_order"] == "parallel"
    assert view["request"]["message"] == "Please sign by Friday" and view["request"]["sender_name"] == "Ada Admin"
    assert view["signer"] == {"id": made.signer_ids[0], "name": "Ann Example", "email": "ann@example.test",
                              "status": "sent", "type": "signer", "approver_signs": False}
    # (fetching the link or the API is not a person viewing it)
    # own fields only
    assert sorted(f["id"] for f in view["fields"]) == sorted([made.fields["a_sig"], made.fields["a_text"]])
    text = next(f for f in view["fields"] if f["id"] == made.fields["a_text"])
    assert text["field_type"] == "text" and text["page_number"] == 2 and text["placeholder"] == "Company"
    assert text["is_required"] is True and text["value"] is None and text["document_id"] == made.body["document_id"]
    assert view["documents"] == [{"id": made.body["document_id"], "name": "contract.pdf", "page_count": 4, "order": 1,
                                  "progress": {"total": 2, "remaining": 2, "done": False}}]
    for key in ("x_percent", "y_percent", "width_percent", "height_percent"):
        assert isinstance(text[key], (int, float))
    # pages: the 4 pages of the sample, sizes in points, image URLs under the link
    assert [p["number"] for p in view["pages"]] == [1, 2, 3, 4]
    for p in view["pages"]:
        assert set(p) == {"number", "width", "height", "image_url", "image_srcset", "document_id", "document_order"}
        assert p["document_id"] == made.body["document_id"] and p["document_order"] == 1
        assert 500 < p["width"] < 700 and 700 < p["height"] < 900
        assert re.fullmatch(rf"/sign/{token}/pages/{p['number']}/[0-9a-f]{{24}}-960\.webp", p["image_url"]), p
    req = view["requirements"]
    assert req["phone_verification"]["required"] is False and req["identity_verification"]["required"] is False
    assert view["consent"]["given"] is False and view["consent"]["version"] and len(view["consent"]["text"]) > 50
    assert view["can_sign"] is True and view["reason"] is None
    assert view["can_decline"] is True and view["can_withdraw"] is False and view["embed"] is None
    # nothing secret in the answer
    assert "token_hash" not in resp.body.decode() and "token_nonce" not in resp.body.decode()
    assert "bob@example.test" not in resp.body.decode()

    # a fetch of the page or of the API (a mail scanner, a link preview) records no view
    assert (await sget(server, token)).status == 200
    assert (await sget(server, token, "")).status == 200  # the page itself
    assert "signer.viewed" not in await made.event_types()
    assert (await made.get())["signers"][0]["viewed_at"] is None
    # the page's script reports that it showed the document: one signer.viewed, later reports change nothing
    for _ in range(2):
        reported = await spost(server, token, "viewed")
        assert reported.status == 200 and reported.json["signer"]["status"] == "viewed"
    types = await made.event_types()
    assert types.count("signer.viewed") == 1
    viewed = [e for e in await made.events() if e["event_type"] == "signer.viewed"][0]
    assert viewed["signer_email"] == "ann@example.test" and viewed["ip_address"] == "127.0.0.1"
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["viewed", "sent"]
    assert got["signers"][0]["viewed_at"] is not None


async def test_concurrent_first_views_record_one_viewed_event(server):
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)
    answers = await asyncio.gather(*[spost(server, token, "viewed") for _ in range(6)])
    assert all(a.status == 200 for a in answers)
    assert (await made.event_types()).count("signer.viewed") == 1


async def test_two_open_sessions_record_one_viewed_and_one_consent_event(server):
    """Two requests on the same link at once (two tabs, a double click) each open the link before
    either records the first view or the consent: still one signer.viewed and one consent_given."""
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)
    first = await signing.open_link(server.services, token)
    second = await signing.open_link(server.services, token)
    await signing.record_viewed(server.services, first, Actor())
    await signing.record_viewed(server.services, second, Actor())
    await signing.give_consent(server.services, first, Actor())
    await signing.give_consent(server.services, second, Actor())
    types = await made.event_types()
    assert types.count("signer.viewed") == 1, types
    assert types.count("signing_event.consent_given") == 1, types


async def test_page_images(server):
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)
    view = (await sget(server, token)).json
    for page in view["pages"][:2]:
        resp = await server.client.get(page["image_url"], key=None)
        assert resp.status == 200, resp
        assert resp.headers["Content-Type"] == "image/webp"
        with Image.open(io.BytesIO(resp.body)) as img:
            assert img.format == "WEBP"
            w, h = img.size
        assert w == 960  # image_url: 960 px wide; image_srcset offers 480, 720 and 1600 too
        assert abs(w / h - page["width"] / page["height"]) < 0.01
        assert resp.headers["Referrer-Policy"] == "no-referrer"
    # served again (from the cache in blob storage): same bytes
    first = await server.client.get(view["pages"][0]["image_url"], key=None)
    again = await server.client.get(view["pages"][0]["image_url"], key=None)
    assert first.body == again.body
    # the page as a PNG at the default scale, under its older address
    png = await sget(server, token, "/pages/1.png")
    assert png.status == 200 and png.headers["Content-Type"] == "image/png"
    assert png.body[:8] == b"\x89PNG\r\n\x1a\n"
    with Image.open(io.BytesIO(png.body)) as img:
        assert img.size[0] >= view["pages"][0]["width"] * 0.9  # rendered at least at 1 px per point
    for bad in ("5", "0", "99999999999999999999999", "-1", "abc", "1.5"):
        err = assert_error(await sget(server, token, f"/pages/{bad}.png"), 404, "not_found")
        assert token not in err["message"]
    # a made-up token reads no pages
    assert_error(await sget(server, "0" * 64, "/pages/1.png"), 404, "not_found")


async def test_consent_endpoint_records_once(server):
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)
    for _ in range(2):
        resp = await spost(server, token, "consent")
        assert resp.status == 200, resp
        assert resp.json["consent"]["given"] is True
    consent = [e for e in await made.events() if e["event_type"] == "signing_event.consent_given"]
    assert len(consent) == 1 and consent[0]["metadata"]["disclosure_version"] == resp.json["consent"]["version"]
    # consent given before: the sign body needs none
    resp = await spost(server, token, "sign", {"signature": typed()})
    assert resp.status == 200, resp
    assert (await made.event_types()).count("signing_event.consent_given") == 1


async def test_consent_in_the_sign_body_is_one_change_with_the_signature(server):
    """Consent given with the signature is recorded by the signature's own conditional update: the
    request's version moves once, and the consent event comes just before signer.signed."""
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)
    before = (await server.services.store.signing_requests.by_id(made.id))["version"]
    resp = await spost(server, token, "sign", {"signature": typed(), "consent": True})
    assert resp.status == 200, resp
    after = await server.services.store.signing_requests.by_id(made.id)
    signer = after["signers"][0]
    assert after["version"] == before + 1 and signer["consented_at"] == signer["signed_at"]
    types = await made.event_types()
    assert types.count("signing_event.consent_given") == 1
    assert types[types.index("signer.signed") - 1] == "signing_event.consent_given"


# --- refusals of a signing submission -------------------------------------------------------------

async def test_sign_refusals_per_field_rule(server):
    made = await make_request(server, [ANN, BOB], fields=CHECKED_FIELDS)
    token = await made.token(0)
    sign = lambda body: spost(server, token, "sign", body)  # noqa: E731
    f = made.fields

    def body(values=None, signature="default", consent=True, **extra):
        out = {"values": good_values(made) if values is None else values, "consent": consent, **extra}
        out["signature"] = typed() if signature == "default" else signature
        if out["signature"] is None:
            del out["signature"]
        return out

    # missing required fields: each one reported by its id
    assert set(detail_fields(await sign(body(values={})))) >= {
        f"values.{f[k]}" for k in ("plain", "email", "number", "phone", "date", "regex", "select", "box")}
    assert detail_fields(await sign(body(good_values(made, plain=None)))) == [f"values.{f['plain']}"]
    assert detail_fields(await sign(body(good_values(made, plain="   ")))) == [f"values.{f['plain']}"]

    bad_patterns = {
        "email": ["not-an-email", "a@", "@example.test", "a b@example.test"],
        "number": ["12a", "1e5", "--1", "one", "1.2.3"],
        "phone": ["abc", "12", "+1", "555-CALL-NOW", "+1 (555) 0100 123 4567 8901 2345 67"],
        "date": ["31/12/2024", "2024-13-01", "2023-02-29", "2024-1-1", "tomorrow"],
        "regex": ["abc-1234", "ABC1234", "ABC-12345", "xABC-1234"],
    }
    for name, values in bad_patterns.items():
        for value in values:
            resp = await sign(body(good_values(made, **{name: value})))
            assert detail_fields(resp) == [f"values.{f[name]}"], (name, value, resp)
    # accepted variants
    ok_variants = {"number": ["7", "0,5", "+3.25", ".5"], "phone": ["+49 (30) 1234-5678", "020 7946 0958"],
                   "email": ["x.y+z@sub.example.test"]}
    # (checked at the end by one successful submission with the last of each)

    assert detail_fields(await sign(body(good_values(made, select="Blue")))) == [f"values.{f['select']}"]
    assert detail_fields(await sign(body(good_values(made, select="green")))) == [f"values.{f['select']}"]
    for box in ("false", "yes", "1", None):
        resp = await sign(body(good_values(made, box=box)))
        assert detail_fields(resp) == [f"values.{f['box']}"], (box, resp)
    assert detail_fields(await sign(body(good_values(made, optional_box="maybe")))) == [f"values.{f['optional_box']}"]
    assert detail_fields(await sign(body(good_values(made, optional_text="x")))) == [f"values.{f['optional_text']}"]

    # another signer's field, an unknown id
    values = good_values(made)
    values[f["bobs"]] = "mine now"
    assert detail_fields(await sign(body(values))) == [f"values.{f['bobs']}"]
    values = good_values(made)
    values["no-such-field"] = "x"
    assert detail_fields(await sign(body(values))) == ["values.no-such-field"]

    # the signature
    assert detail_fields(await sign(body(signature=None)), "signature_required") == ["signature"]
    assert detail_fields(await sign(body(signature={"kind": "typed", "text": "  "}))) == ["signature.text"]
    assert detail_fields(await sign(body(signature={"kind": "typed", "text": "x" * 256}))) == ["signature.text"]
    assert detail_fields(await sign(body(signature={"kind": "stamp", "text": "Ann"}))) == ["signature.kind"]
    assert detail_fields(await sign(body(initials={"kind": "typed", "text": ""}))) == ["initials.text"]

    # consent
    assert detail_fields(await sign(body(consent=None))) == ["consent"]
    assert detail_fields(await sign(body(consent=False))) == ["consent"]
    nothing = {k: v for k, v in body().items() if k != "consent"}
    assert detail_fields(await sign(nothing)) == ["consent"]

    # nothing was recorded by the refusals
    types = await made.event_types()
    assert "signer.signed" not in types and "signing_event.consent_given" not in types
    assert (await made.get())["signers"][0]["status"] == "sent"

    values = good_values(made)
    for name, variants in ok_variants.items():
        for v in variants:
            values[f[name]] = v
            assert detail_fields(await sign(body(values, signature=None)), "signature_required") == ["signature"]  # the value passed
    resp = await sign(body(values))
    assert resp.status == 200, resp
    assert resp.json["signer"]["status"] == "signed" and resp.json["can_sign"] is False
    # signing twice: 409
    assert_error(await sign(body(values)), 409, "invalid_state")


async def test_drawn_signature_refusals(server):
    made = await make_request(server, [ANN], fields={"sig": {}})
    token = await made.token(0)

    async def refused(mark, where="signature.image"):
        resp = await spost(server, token, "sign", {"signature": mark, "consent": True})
        assert detail_fields(resp) == [where], resp
        return resp

    jpeg = png_bytes(Image.new("RGB", (60, 30), (0, 0, 0)), "JPEG")
    await refused({"kind": "drawn", "image": data_url(jpeg, "image/jpeg")})  # not a PNG data URL
    await refused({"kind": "drawn", "image": data_url(jpeg)})  # JPEG bytes under a PNG label
    await refused({"kind": "drawn", "image": data_url(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)})  # broken PNG
    await refused({"kind": "drawn", "image": "data:image/png;base64,@@@not base64@@@"})
    await refused({"kind": "drawn", "image": data_url(png_bytes(Image.new("RGB", (200, 80), "white")))})  # blank
    await refused({"kind": "drawn", "image": data_url(png_bytes(Image.new("RGBA", (200, 80), (0, 0, 0, 0))))})
    await refused({"kind": "drawn", "image": data_url(png_bytes(Image.new("RGBA", (200, 80), (0, 0, 0, 10))))})
    await refused({"kind": "drawn", "image": data_url(png_bytes(Image.new("L", (200, 80), 230)))})  # pale grey
    wide = Image.new("RGBA", (4001, 2), (0, 0, 0, 0))
    wide.putpixel((5, 1), (0, 0, 0, 255))
    await refused({"kind": "drawn", "image": data_url(png_bytes(wide))})  # more than 4000 px
    noise = Image.frombytes("RGB", (700, 700), os.urandom(700 * 700 * 3))
    big = png_bytes(noise)
    assert len(big) > 1024 * 1024
    await refused({"kind": "drawn", "image": data_url(big)})  # more than 1 MB
    await refused({"kind": "drawn"})
    await refused({"kind": "drawn", "image": 42})
    assert "signer.signed" not in await made.event_types()

    # a real drawing of several PNG flavours is accepted
    resp = await spost(server, token, "sign", {"signature": drawn(), "consent": True})
    assert resp.status == 200, resp


async def test_drawn_signature_png_modes_accepted(server):
    """Palette, grey and black-and-white PNGs with ink are drawings too."""
    made = await make_request(server, [ANN, BOB, CY], fields={"s0": {}, "s1": {"signer": 1}, "s2": {"signer": 2}})
    images = []
    for mode, paper, ink in (("P", 0, 1), ("L", 255, 0), ("1", 1, 0)):
        img = Image.new(mode, (120, 40), paper)
        if mode == "P":
            img.putpalette([255, 255, 255, 0, 0, 0] + [0] * 762)
        for x in range(10, 110):
            img.putpixel((x, 20), ink)
        images.append(png_bytes(img))
    for i, raw in enumerate(images):
        resp = await spost(server, await made.token(i), "sign", {"signature": drawn(raw), "consent": True})
        assert resp.status == 200, (i, resp)


async def test_not_your_turn_sequential(server):
    made = await make_request(server, [ANN, BOB], order="sequential", fields={"a": {}, "b": {"signer": 1}})
    # Bob is not invited yet: only an embedded link reaches him before his turn
    embedded = await made.embedded()
    bob_link = embedded[made.signer_ids[1]]
    view = (await sget(server, bob_link)).json
    assert view["can_sign"] is False and "turn" in view["reason"] and view["can_decline"] is False
    assert_error(await spost(server, bob_link, "sign", {"signature": typed("Bob Stone"), "consent": True}),
                 409, "invalid_state")
    assert_error(await spost(server, bob_link, "decline", {"reason": "not mine"}), 409, "invalid_state")

    # Ann signs: Bob is invited; Ann withdraws: Bob's own link says it is not his turn again
    ann = await made.token(0)
    assert (await spost(server, ann, "sign", {"signature": typed(), "consent": True})).status == 200
    bob = await made.token(1)
    assert (await sget(server, bob)).json["can_sign"] is True
    assert (await spost(server, ann, "withdraw")).status == 200
    assert_error(await spost(server, bob, "sign", {"signature": typed("Bob Stone"), "consent": True}),
                 409, "invalid_state")
    assert (await made.event_types()).count("signer.signed") == 1  # Ann's only


async def test_signer_viewed_before_turn_becomes_viewed_when_invited(server):
    """Bob opens his embedded link before his turn (his status stays `pending`), is invited when Ann
    signs, then opens the page again: he has viewed it since being invited, so he is `viewed`."""
    made = await make_request(server, [ANN, BOB], order="sequential", fields={"a": {}, "b": {"signer": 1}})
    bob_embedded = (await made.embedded())[made.signer_ids[1]]
    assert (await spost(server, bob_embedded, "viewed")).json["signer"]["status"] == "pending"
    assert (await spost(server, await made.token(0), "sign", SIGN)).status == 200
    assert (await made.get())["signers"][1]["status"] == "sent"
    view = (await spost(server, await made.token(1), "viewed")).json
    assert view["can_sign"] is True
    assert view["signer"]["status"] == "viewed"
    assert (await made.get())["signers"][1]["status"] == "viewed"


async def test_link_stops_when_the_request_expires(server):
    """Once `expires_at` has passed the request is expired (design.md §6), whether or not the expiry
    sweep has run yet: the link must not accept a signature any more."""
    made = await make_request(server, [ANN], fields={"a": {}}, expires_in_days=1)
    token = await made.token(0)
    assert (await sget(server, token)).status == 200
    server.clock.advance(days=1, seconds=1)  # the sweep has not run yet
    assert_error(await spost(server, token, "sign", SIGN), 409, "invalid_state")
    assert (await made.get())["status"] != "completed"


async def test_concurrent_signs_one_wins(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    token = await made.token(0)
    answers = await asyncio.gather(*[spost(server, token, "sign", {"signature": typed(), "consent": True})
                                     for _ in range(5)])
    assert sorted(a.status for a in answers) == [200] + [409] * 4
    assert (await made.event_types()).count("signer.signed") == 1


# --- a complete signing ----------------------------------------------------------------------------

async def test_complete_signing_every_field_type(server):
    fields = {
        "a_sig": {}, "a_init": {"field_type": "initials"}, "a_date": {"field_type": "date"},
        "a_text": {"field_type": "text", "placeholder": "Job title"},
        "a_mail": {"field_type": "text", "auto_source": "signer_email", "validation_type": "email"},
        "a_name": {"field_type": "text", "auto_source": "signer_name"},
        "a_phone": {"field_type": "text", "auto_source": "signer_phone", "validation_type": "phone"},
        "a_when": {"field_type": "text", "auto_source": "signing_date"},
        "a_box": {"field_type": "checkbox"}, "a_sel": {"field_type": "select", "options": ["Yes", "No"]},
        "b_sig": {"signer": 1}, "b_init": {"signer": 1, "field_type": "initials"},
        "b_date": {"signer": 1, "field_type": "date", "page_number": 4},
        "b_box": {"signer": 1, "field_type": "checkbox", "is_required": False},
        "b_prefilled": {"signer": 1, "field_type": "text", "value": "ACME Ltd"},
    }
    made = await make_request(server, [ANN, BOB], order="sequential", fields=fields)
    f = made.fields
    today = server.clock.now().date().isoformat()
    ann = await made.token(0)
    view = (await sget(server, ann)).json
    prefilled = {x["id"]: x["value"] for x in view["fields"]}
    assert prefilled[f["a_mail"]] == "ann@example.test" and prefilled[f["a_name"]] == "Ann Example"
    assert prefilled[f["a_phone"]] == ANN["phone"] and prefilled[f["a_when"]] == today
    assert prefilled[f["a_date"]] == today
    patterns = {x["id"]: x["client_pattern"] for x in view["fields"]}
    assert patterns[f["a_mail"]] and patterns[f["a_text"]] is None

    resp = await spost(server, ann, "sign", {
        "values": {f["a_text"]: " Director ", f["a_box"]: "true", f["a_sel"]: "No",
                   f["a_name"]: "Ann B. Example"},  # an auto_source field may be overridden
        "signature": typed("  Ann   Example "), "consent": True})
    assert resp.status == 200, resp
    assert resp.json["signer"]["status"] == "signed" and resp.json["can_withdraw"] is True
    assert resp.json["request"]["status"] == "pending"

    bob = await made.token(1)
    resp = await spost(server, bob, "sign", {"values": {}, "signature": drawn(),
                                             "initials": drawn(ink_png((60, 40))), "consent": True})
    assert resp.status == 200, resp
    assert resp.json["request"]["status"] == "completed"

    got = await made.get()
    assert got["status"] == "completed" and got["completed_at"] is not None
    assert [s["status"] for s in got["signers"]] == ["signed", "signed"]
    values = {v["field_id"]: v for v in got["field_values"]}
    assert values[f["a_sig"]]["value"] == "Ann Example" and values[f["a_sig"]]["field_type"] == "signature"
    assert values[f["a_date"]]["value"] == today and values[f["b_date"]]["value"] == today
    assert values[f["a_text"]]["value"] == "Director"
    assert values[f["a_mail"]]["value"] == "ann@example.test"
    assert values[f["a_name"]]["value"] == "Ann B. Example"
    assert values[f["a_phone"]]["value"] == ANN["phone"]
    assert values[f["a_when"]]["value"] == today
    assert values[f["a_box"]]["value"] == "true" and values[f["b_box"]]["value"] == "false"
    assert values[f["a_sel"]]["value"] == "No"
    assert values[f["b_prefilled"]]["value"] == "ACME Ltd"
    assert values[f["b_sig"]]["value"] and values[f["b_init"]]["value"]
    assert values[f["a_init"]]["value"]
    assert {v["signer_id"] for k, v in values.items() if k in (f["b_sig"], f["b_date"])} == {made.signer_ids[1]}
    types = await made.event_types()
    assert types.count("signer.signed") == 2 and types[-1] == "signing_request.completed"
    assert types.count("signing_event.consent_given") == 2
    assert types.index("signing_event.consent_given") < types.index("signer.signed")
    # the links stop working once the request is completed
    assert_error(await sget(server, ann), 409, "invalid_state")
    assert_error(await spost(server, bob, "withdraw"), 409, "invalid_state")


async def test_initials_value_derived_from_typed_name(server):
    """design.md §6: initials fields take an optional `initials` mark, "else initials drawn from the
    typed name" — the recorded value of the initials field is the initials, not the whole name."""
    made = await make_request(server, [ANN], fields={"sig": {}, "init": {"field_type": "initials"}})
    resp = await spost(server, await made.token(0), "sign", {"signature": typed("Ann Example"), "consent": True})
    assert resp.status == 200, resp
    values = {v["field_id"]: v["value"] for v in (await made.get())["field_values"]}
    assert values[made.fields["init"]] == "AE"


async def test_signer_without_fields_and_typed_initials(server):
    made = await make_request(server, [ANN, BOB], fields={"init": {"field_type": "initials"}, "b": {"signer": 1}})
    # no signature field: a signature is still adopted; typed initials are taken as given
    token = await made.token(0)
    assert detail_fields(await spost(server, token, "sign", {"initials": typed("A.E."), "consent": True}),
                         "signature_required") == ["signature"]
    resp = await spost(server, token, "sign", {"signature": typed(), "initials": typed("A.E."), "consent": True})
    assert resp.status == 200, resp
    values = {v["field_id"]: v["value"] for v in (await made.get())["field_values"]}
    assert values[made.fields["init"]] == "A.E."
    assert (await made.record())["signers"][0]["signature"] == typed()


# --- decline and withdraw ---------------------------------------------------------------------------

async def test_decline(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    token = await made.token(0)
    for bad in ({"reason": ""}, {"reason": "   "}, {"reason": "x" * 1001}):
        assert detail_fields(await spost(server, token, "decline", bad)) == ["reason"], bad
    assert_error(await spost(server, token, "decline", {}), 422, "validation_error")
    assert (await made.get())["status"] == "pending"

    resp = await spost(server, token, "decline", {"reason": "  The amount is wrong  "})
    assert resp.status == 200, resp
    assert resp.json == {"status": "declined", "signing_request_id": made.id, "signer_id": made.signer_ids[0],
                         "reason": "The amount is wrong"}
    got = await made.get()
    assert got["status"] == "cancelled"
    assert got["signers"][0]["status"] == "declined" and got["signers"][0]["decline_reason"] == "The amount is wrong"
    assert got["signers"][0]["declined_at"] is not None and got["signers"][1]["status"] == "sent"
    events = await made.events()
    types = [e["event_type"] for e in events]
    assert types[-2:] == ["signer.declined", "signing_request.cancelled"]
    assert events[-2]["metadata"]["reason"] == "The amount is wrong" and events[-2]["signer_email"] == ANN["email"]
    # the link (and the other signer's) no longer works
    assert_error(await spost(server, token, "decline", {"reason": "again"}), 409, "invalid_state")
    assert_error(await sget(server, await made.token(1)), 409, "invalid_state")


async def test_decline_after_signing_refused(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    token = await made.token(0)
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).status == 200
    assert (await sget(server, token)).json["can_decline"] is False
    assert_error(await spost(server, token, "decline", {"reason": "changed my mind"}), 409, "invalid_state")
    assert (await made.get())["status"] == "pending"


async def test_withdraw_and_sign_again(server):
    made = await make_request(server, [ANN, BOB, CY], order="sequential",
                              fields={"a": {}, "a_text": {"field_type": "text"}, "b": {"signer": 1}, "c": {"signer": 2}})
    ann = await made.token(0)
    assert_error(await spost(server, ann, "withdraw"), 409, "invalid_state")  # nothing to withdraw
    body = {"values": {made.fields["a_text"]: "v1"}, "signature": typed(), "consent": True}
    assert (await spost(server, ann, "sign", body)).status == 200
    resp = await spost(server, ann, "withdraw")
    assert resp.status == 200, resp
    assert resp.json["signer"]["status"] == "withdrawn" and resp.json["can_sign"] is True
    assert resp.json["request"]["status"] == "pending"
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["withdrawn", "pending", "pending"]
    assert got["field_values"] is None  # the withdrawn values are gone
    assert (await made.event_types())[-1] == "signer.withdrawn"

    # sign again with another value; Bob signs; Ann can no longer withdraw, Bob still can
    body["values"][made.fields["a_text"]] = "v2"
    assert (await spost(server, ann, "sign", body)).status == 200
    bob = await made.token(1)
    assert (await spost(server, bob, "sign", {"signature": typed("Bob Stone"), "consent": True})).status == 200
    assert (await sget(server, ann)).json["can_withdraw"] is False
    err = assert_error(await spost(server, ann, "withdraw"), 409, "invalid_state")
    assert "later" in err["message"]
    assert (await sget(server, bob)).json["can_withdraw"] is True
    assert (await spost(server, bob, "withdraw")).status == 200
    got = await made.get()
    assert [s["status"] for s in got["signers"]] == ["signed", "withdrawn", "pending"]
    assert {v["field_id"]: v["value"] for v in got["field_values"]}[made.fields["a_text"]] == "v2"


# --- links that do not work ---------------------------------------------------------------------------

async def test_wrong_tokens_are_404(server):
    made = await make_request(server, [ANN], fields={"a": {}})
    other = await make_request(server, [BOB], fields={"b": {}})
    request, signer = await made.record(), (await made.record())["signers"][0]
    # a token made like a real one, but for another request id (or another signer of another request)
    forged = server.services.secrets.sign(f"signer-link:{other.id}:{signer['id']}:{signer['token_nonce']}")
    garbage = ["0" * 64, "garbage", "x" * 129, forged, (await made.token(0))[:-1], (await made.token(0)).upper(),
               "%E2%98%83", "..%2F..%2Fetc%2Fpasswd"]
    for token in garbage:
        assert_error(await sget(server, token), 404, "not_found")
        assert_error(await spost(server, token, "sign", {"signature": typed(), "consent": True}), 404, "not_found")
        page = await sget(server, token, "")
        assert page.status == 404, (token, page)
        assert page.headers["Content-Type"].startswith("text/html")
        html = page.body.decode()
        assert "This link does not work" in html and "Traceback" not in html and "File \"" not in html
        assert page.headers["Referrer-Policy"] == "no-referrer"
    # each token opens its own request only
    assert (await sget(server, await other.token(0))).json["request"]["id"] == other.id
    assert (await sget(server, await made.token(0))).json["request"]["id"] == made.id
    assert request["id"] == made.id


async def test_links_after_completion_and_cancellation(server):
    done = await make_request(server, [ANN], fields={"a": {}})
    token = await done.token(0)
    assert (await spost(server, token, "sign", {"signature": typed(), "consent": True})).json["request"]["status"] \
        == "completed"
    cancelled = await make_request(server, [BOB], fields={"b": {}})
    ctoken = await cancelled.token(0)
    resp = await server.client.post(f"/v1/signing-requests/{cancelled.id}/cancel", {"reason": "superseded"})
    assert resp.status == 200, resp
    for t in (token, ctoken):
        assert_error(await sget(server, t), 409, "invalid_state")
        assert_error(await sget(server, t, "/pages/1.png"), 409, "invalid_state")
        for action, body in (("sign", {"signature": typed(), "consent": True}), ("decline", {"reason": "x"}),
                             ("withdraw", None), ("consent", None), ("otp", None)):
            assert_error(await spost(server, t, action, body), 409, "invalid_state")
    # the page of a cancelled request says so; a completed one's shows it completed (test_completed_link.py)
    page = await sget(server, ctoken, "")
    assert page.status == 409 and page.headers["Content-Type"].startswith("text/html")
    assert "can no longer be signed" in page.body.decode() and "Traceback" not in page.body.decode()
    page = await sget(server, token, "")
    assert page.status == 200 and "Completed" in page.body.decode()


async def test_old_link_dead_after_reactivation(server):
    made = await make_request(server, [ANN], fields={"a": {}}, expires_in_days=1)
    old = await made.token(0)
    assert (await sget(server, old)).status == 200
    server.clock.advance(days=1, seconds=1)
    await server.run_jobs()
    assert_error(await sget(server, old), 409, "invalid_state")  # expired
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/reactivate", {"expires_in_days": 2})).status == 200
    assert (await server.client.post(f"/v1/signing-requests/{made.id}/send")).status == 200
    assert_error(await sget(server, old), 404, "not_found")
    assert (await sget(server, await made.token(0))).status == 200


# --- hostile input ------------------------------------------------------------------------------------

async def test_malformed_bodies_are_400(server):
    made = await make_request(server, [ANN], fields={"a": {}})
    token = await made.token(0)
    for action in ("sign", "decline", "otp/verify", "identity"):
        for raw, ctype in ((b"{not json", "application/json"), (b"[1, 2]", "application/json"),
                           (b'"text"', "application/json"), (b"", "application/json"),
                           (b'{"reason": "x"}', "text/plain"), (b"\xff\xfe{", "application/json"),
                           (b'{"a": "\\ud800"}', "application/json"), (b"[" * 100000 + b"]" * 100000,
                                                                        "application/json")):
            resp = await server.client.request("POST", f"/sign/{token}/api/{action}", body=raw, key=None,
                                               headers={"Content-Type": ctype})
            assert_error(resp, 400, "bad_request")


async def test_fuzzed_bodies_never_500(server):
    made = await make_request(server, [ANN, BOB], fields={
        "sig": {}, "text": {"field_type": "text", "validation_type": "regex", "validation_pattern": r"\d+"},
        "box": {"field_type": "checkbox"}, "sel": {"field_type": "select", "options": ["A", "B"]},
        "init": {"field_type": "initials"}, "b": {"signer": 1}})
    token = await made.token(0)
    f = made.fields
    huge = "x" * 200_000
    sign_bodies = [
        {"values": [1, 2, 3]}, {"values": "text"}, {"values": 5}, {"values": None}, {"values": {f["text"]: [1]}},
        {"values": {f["text"]: {"a": 1}}}, {"values": {f["text"]: 12}}, {"values": {f["text"]: True}},
        {"values": {f["text"]: None}}, {"values": {f["box"]: 1}}, {"values": {f["box"]: {"x": 1}}},
        {"values": {f["box"]: [True]}}, {"values": {f["sel"]: ["A"]}}, {"values": {f["sel"]: 1.5}},
        {"values": {f["text"]: huge}}, {"values": {f["sel"]: huge}}, {"values": {huge: "1"}},
        {"values": {f["text"]: "\x00\x01"}}, {"values": {f["sig"]: "Ann"}}, {"values": {"": ""}},
        {"signature": "Ann"}, {"signature": ["typed", "Ann"]}, {"signature": 1}, {"signature": True},
        {"signature": {}}, {"signature": {"kind": None}}, {"signature": {"kind": ["typed"]}},
        {"signature": {"kind": {"a": 1}}}, {"signature": {"kind": "typed", "text": 5}},
        {"signature": {"kind": "typed", "text": ["Ann"]}}, {"signature": {"kind": "typed", "text": huge}},
        {"signature": {"kind": "typed", "text": "Ann\x00Example"}}, {"signature": {"kind": "typed", "text": "\u202e"}},
        {"signature": {"kind": "drawn", "image": huge}}, {"signature": {"kind": "drawn", "image": ["a"]}},
        {"signature": {"kind": "drawn", "image": "data:image/png;base64," + "A" * 1_500_000}},  # over 1 MB, under the 2 MB body limit
        {"signature": {"kind": "drawn", "image": "data:image/png;base64,===="}},
        {"initials": "AE"}, {"initials": {"kind": "drawn", "image": None}}, {"consent": "sure"}, {"consent": [True]},
        {"consent": {"a": 1}}, {"surprise": 1}, {"values": {f["text"]: "1" * 5000}},
    ]
    for extra in sign_bodies:
        body = {"values": {f["text"]: "123", f["box"]: "true", f["sel"]: "A"}, "signature": typed(),
                "consent": True, **extra}
        resp = await spost(server, token, "sign", body)
        assert resp.status in (400, 422), (extra if len(str(extra)) < 300 else str(extra)[:300], resp)
        assert resp.json["error"]["code"] in ("bad_request", "validation_error")
    for body in ({"reason": 5}, {"reason": None}, {"reason": ["x"]}, {"reason": {"a": "b"}}, {"reason": huge},
                 {"reason": "x", "extra": 1}):
        assert (await spost(server, token, "decline", body)).status in (400, 422), body
    for body in ({"code": 123456}, {"code": None}, {"code": ["123456"]}, {"code": huge}, {}):
        assert (await spost(server, token, "otp/verify", body)).status in (400, 409, 422), body
    for body in ({"full_name": 5}, {"full_name": huge}, {}):
        assert (await spost(server, token, "identity", body)).status in (400, 409, 422), body
    for path in ("/pages/%00.png", "/pages/1.png.png", "/pages/%F0%9F%98%80.png", "/pages/1e3.png", "/nope"):
        assert (await sget(server, token, path)).status == 404, path
    for method in ("PUT", "DELETE", "PATCH"):
        resp = await server.client.request(method, f"/sign/{token}/api", body=b"{}" if method != "DELETE" else None,
                                           key=None)
        assert resp.status == 405, (method, resp)
    # the signer can still sign after all that
    resp = await spost(server, token, "sign", {"values": {f["text"]: "42", f["box"]: "true", f["sel"]: "B"},
                                               "signature": typed(), "consent": True})
    assert resp.status == 200, resp


async def test_api_key_is_not_needed_and_not_used(server):
    """The link token is the credential: another organisation's API key changes nothing."""
    made = await make_request(server, [ANN], fields={"a": {}})
    token = await made.token(0)
    resp = await server.client.get(f"/sign/{token}/api", key="b")
    assert resp.status == 200 and resp.json["request"]["id"] == made.id
    assert "X-RateLimit-Limit" not in resp.headers
    assert KEYS["b"] not in json.dumps(resp.json)


async def test_page_escapes_document_name(server):
    doc = await upload(server, name="<img src=x onerror=alert(1)>.pdf")
    made = await make_request(server, [ANN], fields={"a": {}}, document_id=doc)
    page = await sget(server, await made.token(0), "")
    assert page.status == 200
    html = page.body.decode()
    assert "<img src=x" not in html and "&lt;img src=x onerror=alert(1)&gt;.pdf" in html
    assert (await sget(server, await made.token(0))).json["request"]["document_name"] == \
        "<img src=x onerror=alert(1)>.pdf"


async def test_self_sign_url_opens_the_signer_page(server):
    me = {"name": "Ada Admin", "email": "ada@a.example.test"}
    made = await make_request(server, [me], fields={"a": {}})
    url = (await made.get())["self_sign_url"]
    assert url and url.endswith(await made.token(0))
    token = url.rsplit("/", 1)[1]
    assert (await sget(server, token)).json["signer"]["email"] == me["email"]
    assert links.signing_url(server.services, await made.record(), (await made.record())["signers"][0]) == url


async def test_a_phone_typed_with_a_full_width_plus_and_digits_is_signed_in_ascii(server):
    """Issue 39 item 7 over HTTP: a phone field given `＋８１ ９０…` (a Japanese input method) is read as the
    page reads it, `+81 90…`, and recorded so."""
    made = await make_request(server, [ANN], fields={"tel": {"field_type": "text", "validation_type": "phone"}})
    token = await made.token(0)
    typed_phone = "\uff0b\uff18\uff11 \uff19\uff10 \uff11\uff12\uff13\uff14 \uff15\uff16\uff17\uff18"
    signed = await spost(server, token, "sign", {"values": {made.fields["tel"]: typed_phone}, "signature": typed(),
                                                 "consent": True})
    assert signed.status == 200, signed
    [field] = [f for f in (await made.record())["fields"] if f["id"] == made.fields["tel"]]
    assert field["value"] == "+81 90 1234 5678"

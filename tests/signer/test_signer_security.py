"""Security of the signer side: response headers, embedded links (origin, 60 minutes), the link
token kept out of stored events and logs, and the link of a real invitation email (SMTP)."""
from __future__ import annotations

import logging
import re

from tests.support import assert_error, raw_db
from tests.support.mail import link_of
from tests.support.signing import ANN, BOB, ORIGIN, drawn, make_request, sget, spost, sraw, typed

SIGN = {"signature": typed(), "consent": True}


def check_headers(resp, frame_ancestors="'none'", cache="no-store"):
    csp = resp.headers.get("Content-Security-Policy", "")
    assert csp, resp
    directives = {d.strip().split(" ", 1)[0]: d.strip() for d in csp.split(";") if d.strip()}
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp, csp
    assert directives["script-src"] == "script-src 'self'", csp
    assert directives["default-src"] == "default-src 'none'", csp
    assert directives["frame-ancestors"] == f"frame-ancestors {frame_ancestors}", csp
    assert resp.headers["Referrer-Policy"] == "no-referrer"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    if cache:
        assert resp.headers["Cache-Control"] == cache
    if frame_ancestors == "'none'":
        assert resp.headers.get("X-Frame-Options") == "DENY"
    else:
        assert "X-Frame-Options" not in resp.headers  # would forbid the allowed origin too


async def test_security_headers_on_every_answer(server):
    made = await make_request(server, [ANN], fields={"sig": {}, "t": {"field_type": "text"}})
    token = await made.token(0)
    page = await sget(server, token, "")
    assert page.status == 200 and page.headers["Content-Type"].startswith("text/html")
    check_headers(page)
    html = page.body.decode()
    # no inline script or handler that the CSP would have to allow; every asset from this server
    # (a JSON data block, the page's messages in its language, is data: browsers never run it, and the
    # CSP's script-src does not apply to it)
    assert not re.search(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", html), "inline <script>"
    assert not re.search(r"\son[a-z]+\s*=", html, re.I), "inline event handler"
    assert not re.search(r"<style", html, re.I) and not re.search(r"\sstyle\s*=", html, re.I)
    assert '<meta name="referrer" content="no-referrer">' in html
    assets = [a for a in re.findall(r'(?:src|href)="([^"#][^"]*)"', html)
              if not a.startswith("?lang=")]  # the language switcher: this page in another language
    assert assets and all(a.startswith("/") or a.startswith("data:") for a in assets), assets
    for asset in (a for a in assets if a.startswith("/")):
        got = await server.client.get(asset, key=None)
        assert got.status == 200 and got.body, asset
    assert token not in html  # the page takes its token from the address, the HTML does not repeat it

    check_headers(await sget(server, token))
    check_headers(await spost(server, token, "sign", {"signature": typed()}))  # 422
    check_headers(await sraw(server, token, "sign", b"{nope"))  # 400 (a JSON string body)
    check_headers(await sget(server, token, "/pages/9.png"))  # 404
    image = await sget(server, token, "/pages/1.png")
    check_headers(image, cache=None)
    assert "no-store" in image.headers["Cache-Control"] or "private" in image.headers["Cache-Control"]
    for bad in ("nope", "0" * 64):
        check_headers(await sget(server, bad))
        check_headers(await sget(server, bad, ""))
    await server.client.post(f"/v1/signing-requests/{made.id}/cancel")
    check_headers(await sget(server, token))
    check_headers(await sget(server, token, ""))


async def test_embedded_link(server):
    made = await make_request(server, [ANN, BOB], fields={"a": {}, "b": {"signer": 1}})
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/embedded-url",
                                    {"allowed_origin": "https://evil.example.test"})
    assert_error(resp, 403, "origin_not_allowed")
    resp = await server.client.post(f"/v1/signing-requests/{made.id}/embedded-url", {"allowed_origin": ORIGIN + "/"})
    assert resp.status == 201 and resp.json["allowed_origin"] == ORIGIN and resp.json["expires_in_seconds"] == 3600
    assert [s["email"] for s in resp.json["signers"]] == [ANN["email"], BOB["email"]]
    links = await made.embedded()
    ann = links[made.signer_ids[0]]
    assert ann != await made.token(0) and len(ann) >= 22  # a token of its own, >= 128 bits

    page = await server.client.get(f"/sign/{ann}?embed=1", key=None)
    assert page.status == 200
    check_headers(page, frame_ancestors=ORIGIN)
    view = await sget(server, ann)
    check_headers(view, frame_ancestors=ORIGIN)
    assert view.json["embed"] == {"origin": ORIGIN} and view.json["signer"]["email"] == ANN["email"]
    check_headers(await spost(server, ann, "sign", {"signature": typed()}), frame_ancestors=ORIGIN)  # 422
    # the ordinary link, even with ?embed=1, cannot be framed
    check_headers(await server.client.get(f"/sign/{await made.token(0)}?embed=1", key=None))
    assert (await sget(server, await made.token(0))).json["embed"] is None

    # works for 60 minutes
    server.clock.advance(minutes=59, seconds=59)
    resp = await spost(server, ann, "sign", {"signature": drawn(), "consent": True})
    assert resp.status == 200 and resp.json["signer"]["status"] == "signed", resp
    bob = links[made.signer_ids[1]]
    assert (await sget(server, bob)).status == 200
    server.clock.advance(seconds=1)
    assert_error(await sget(server, bob), 404, "not_found")
    assert_error(await spost(server, bob, "sign", SIGN), 404, "not_found")
    expired_page = await server.client.get(f"/sign/{bob}?embed=1", key=None)
    assert expired_page.status == 404 and expired_page.headers["Content-Type"].startswith("text/html")
    assert "Traceback" not in expired_page.body.decode()
    # the invitation link still works; a new embedded URL (for the remaining signer) too
    assert (await sget(server, await made.token(1))).status == 200
    fresh = await made.embedded()
    assert list(fresh) == [made.signer_ids[1]]
    resp = await spost(server, fresh[made.signer_ids[1]], "decline", {"reason": "Not today"})
    assert resp.status == 200, resp
    assert (await made.get())["status"] == "cancelled"
    # embedded tokens are dropped when the request leaves pending: not found (or no longer pending)
    assert (await sget(server, fresh[made.signer_ids[1]])).status in (404, 409)
    assert_error(await server.client.post(f"/v1/signing-requests/{made.id}/embedded-url",
                                          {"allowed_origin": ORIGIN}), 409, "invalid_state")


async def a_signing_session(srv) -> list[str]:
    """Views, consent, an OTP round with a wrong code, signing, an embedded link, a decline, a
    withdrawal and errors with real tokens. Returns every link token used."""
    tokens = []
    made = await make_request(srv, [ANN, {**BOB, "phone": "+1 202 555 0156"}], order="sequential",
                              fields={"a": {}, "b": {"signer": 1}},
                              phone_verification_required=True)
    ann = await made.token(0)
    embedded = await made.embedded()
    tokens += [ann, *embedded.values()]
    await sget(srv, ann, "")
    await sget(srv, ann)
    await spost(srv, ann, "viewed")  # the page reports that it was shown
    await sget(srv, ann, "/pages/1.png")
    await sget(srv, ann, "/pages/7.png")
    await srv.client.get(f"/sign/{embedded[made.signer_ids[0]]}?embed=1", key=None)
    await srv.client.request("PUT", f"/sign/{ann}/api", body=b"{}", key=None)  # 405
    await sget(srv, ann, "/api/nothing-here")  # 404
    await spost(srv, ann, "consent")
    await spost(srv, ann, "sign", SIGN)  # 403
    await spost(srv, ann, "otp")
    code = re.search(r"\d{6}", srv.services.sms.sent[-1][1]).group(0)
    await spost(srv, ann, "otp/verify", {"code": f"{(int(code) + 1) % 10 ** 6:06d}"})
    await spost(srv, ann, "otp/verify", {"code": code})
    await spost(srv, ann, "sign", {"signature": typed(), "consent": True, "values": []})  # 422
    await sraw(srv, ann, "sign", b"{broken")  # 400
    assert (await spost(srv, ann, "sign", SIGN)).status == 200
    await spost(srv, ann, "withdraw")
    assert (await spost(srv, ann, "sign", SIGN)).status == 200
    bob = await made.token(1)
    tokens.append(bob)
    await sget(srv, embedded[made.signer_ids[1]])
    await spost(srv, bob, "otp")
    await spost(srv, bob, "decline", {"reason": ""})  # 422
    assert (await spost(srv, bob, "decline", {"reason": "no"})).status == 200
    await sget(srv, bob)  # 409
    await sget(srv, bob, "")  # 409 page
    await srv.run_jobs()  # the invitation and cancellation emails
    return tokens


async def test_token_never_in_stored_events(server):
    tokens = await a_signing_session(server)
    events = [doc async for doc in raw_db(server.services)["events"].find({})]
    assert len(events) > 10
    types = {e["event_type"] for e in events}
    assert {"signer.viewed", "signer.signed", "signer.withdrawn", "signer.declined", "signing_event.otp_sent",
            "signing_event.otp_failed", "signing_event.otp_verified", "signing_event.consent_given"} <= types
    for doc in events:
        text = repr(doc)
        for token in tokens:
            assert token not in text, doc["event_type"]
    # nor in the signing request record (only hashes are kept) or in queued jobs
    for name in ("signing_requests", "jobs"):
        async for doc in raw_db(server.services)[name].find({}):
            for token in tokens:
                assert token not in repr(doc), name


async def test_token_never_logged(server, caplog):
    caplog.set_level(logging.DEBUG)
    tokens = await a_signing_session(server)
    for record in caplog.records:
        text = record.getMessage() + repr(record.args) + (record.exc_text or "")
        for token in tokens:
            assert token not in text, (record.name, text[:300])
    for token in tokens:
        assert token not in caplog.text
    assert "/sign/<token>/api/sign" in caplog.text  # the access log was captured, without the token


# --- the link in a real invitation email ----------------------------------------------------------



async def test_link_from_invitation_email(smtp_server):
    srv = smtp_server
    made = await make_request(srv, [ANN, BOB], order="sequential", fields={"a": {}, "b": {"signer": 1}})
    await srv.run_jobs()
    assert [m["To"] for m in srv.inbox.messages] == ["Ann Example <ann@example.test>"]
    link = link_of(srv.inbox.messages[0])
    assert link.startswith(srv.url + "/sign/")
    token = link.rsplit("/", 1)[1]
    assert token == await made.token(0) and len(token) >= 32

    page = await srv.client.get(link[len(srv.url):], key=None)
    assert page.status == 200 and "contract.pdf" in page.body.decode()
    view = (await sget(srv, token)).json
    assert view["signer"]["email"] == ANN["email"] and view["can_sign"] is True
    assert (await spost(srv, token, "sign", SIGN)).status == 200

    # Bob's invitation follows; his emailed link completes the request
    await srv.run_jobs()
    bob_mail = [m for m in srv.inbox.messages if "bob@example.test" in m["To"]]
    assert len(bob_mail) == 1
    bob_link = link_of(bob_mail[0])
    bob = bob_link.rsplit("/", 1)[1]
    resp = await spost(srv, bob, "sign", {"signature": typed("Bob Stone"), "consent": True})
    assert resp.status == 200 and resp.json["request"]["status"] == "completed"
    assert_error(await sget(srv, token), 409, "invalid_state")

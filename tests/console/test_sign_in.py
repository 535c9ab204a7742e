"""Console sign-in over real HTTP: a single-use link mailed to a member (15 minutes on the test clock),
the same answer for an address that is no member, 429 with Retry-After per address and per client,
the session cookie's attributes, CSRF refused, idle and absolute expiry, sign-out and sign-out
everywhere, and the link's token never in the access log."""
from __future__ import annotations

import logging

from tests.support import running_server
from tests.support.console import ConsoleBrowser, console_links, new_link, signed_in

MEMBERS = """
[[organizations.members]]
email = "sam@small.example.test"
name = "Sam Small"
"""


async def test_a_link_signs_in_once_and_not_after_fifteen_minutes(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="tornado.access")
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        link = await new_link(server, "sam@small.example.test")
        browser = ConsoleBrowser(server.url)
        confirm = await browser.get(link)  # a mail scanner's prefetch uses nothing
        assert confirm.status == 200 and 'method="post"' in confirm.body.decode()
        assert (await browser.follow_link(link)).status == 303
        again = ConsoleBrowser(server.url)
        assert (await again.get(link)).status == 410
        gone = await again.post(link, {"csrf": await again.form_csrf("/console/sign-in")})
        assert gone.status == 410 and "esign_console" not in again.cookies
        token = link.rsplit("/", 1)[1]
        assert token not in caplog.text and "/console/sign-in/<token>" in caplog.text

        late = await new_link(server, "sam@small.example.test")
        server.clock.advance(minutes=15)
        late_browser = ConsoleBrowser(server.url)
        assert (await late_browser.get(late)).status == 410
        assert (await late_browser.post(late, {"csrf": await late_browser.form_csrf("/console/sign-in")})).status == 410
        in_time = await new_link(server, "sam@small.example.test")
        server.clock.advance(minutes=14, seconds=59)
        assert (await ConsoleBrowser(server.url).follow_link(in_time)).status == 303
        for b in (browser, again, late_browser):
            b.close()


async def test_the_same_answer_for_a_member_and_a_stranger_and_no_mail_to_a_stranger(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        browser = ConsoleBrowser(server.url)
        member = await browser.ask_link("sam@small.example.test")
        stranger = await browser.ask_link("nobody@small.example.test")
        assert member.status == stranger.status == 200
        strip = lambda r: r.body.decode().split("<main", 1)[1]  # noqa: E731 - the page but its head
        assert strip(member) == strip(stranger)
        await server.run_jobs()
        assert console_links(server, "nobody@small.example.test") == []
        assert len(console_links(server, "sam@small.example.test")) == 2  # the invitation at start, and this
        bad = await browser.post("/console/sign-in", {"email": "not an address",
                                                       "csrf": await browser.form_csrf("/console/sign-in")})
        assert bad.status == 400 and 'aria-invalid="true"' in bad.body.decode()
        metrics = (await server.client.get("/metrics", key=None)).body.decode()
        assert 'esign_console_sign_ins_total{outcome="link_sent"} 1.0' in metrics
        assert 'esign_console_sign_ins_total{outcome="not_member"} 1.0' in metrics
        browser.close()


async def test_too_many_links_per_address_and_per_client_are_429_with_retry_after(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        browser = ConsoleBrowser(server.url)
        for _ in range(3):  # [console] sign_in_per_address_minute
            assert (await browser.ask_link("sam@small.example.test")).status == 200
        refused = await browser.ask_link("SAM@small.example.test")
        assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1
        await server.run_jobs()
        assert len(console_links(server, "sam@small.example.test")) == 1 + 3  # the invitation at start
        server.clock.advance(minutes=1)
        assert (await browser.ask_link("sam@small.example.test")).status == 200
        # per client: 10 a minute whatever the addresses
        server.clock.advance(minutes=1)
        answers = [(await browser.ask_link(f"p{i}@example.test")).status for i in range(11)]
        assert answers == [200] * 10 + [429]
        browser.close()


async def test_the_session_cookie_over_https_is_host_prefixed_secure_httponly_strict(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        server.services.config.server["public_url"] = "https://esign.example.test"
        browser = await signed_in(server, "sam@small.example.test")
        [session] = [c for c in browser.set_cookies if c.startswith("__Host-esign_console=")]
        attributes = {part.strip().split("=")[0].lower(): part.strip() for part in session.split(";")[1:]}
        assert set(attributes) == {"httponly", "secure", "samesite", "path"}
        assert attributes["samesite"] == "SameSite=Strict" and attributes["path"] == "Path=/"
        assert (await browser.get("/console/requests")).status == 200
        server.services.config.server["public_url"] = server.url  # plain http (development): no Secure, no prefix
        plain = await signed_in(server, "sam@small.example.test")
        [session] = [c for c in plain.set_cookies if c.startswith("esign_console=")]
        assert "Secure" not in session and "HttpOnly" in session and "SameSite=Strict" in session
        browser.close()
        plain.close()


async def test_a_post_without_or_with_a_wrong_csrf_token_is_403(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        await server.run_jobs()  # the invitation
        stranger = ConsoleBrowser(server.url)  # a form posted from another site carries no cookie of ours
        assert (await stranger.post("/console/sign-in", {"email": "sam@small.example.test"})).status == 403
        await stranger.form_csrf("/console/sign-in")
        wrong = await stranger.post("/console/sign-in", {"email": "sam@small.example.test", "csrf": "x" * 32})
        assert wrong.status == 403
        await server.run_jobs()
        assert len(console_links(server, "sam@small.example.test")) == 1  # the invitation only
        link = await new_link(server, "sam@small.example.test")
        assert (await stranger.post(link, {"csrf": "forged"})).status == 403
        browser = await signed_in(server, "sam@small.example.test")
        assert (await browser.post("/console/sign-out", {})).status == 403
        assert (await browser.post("/console/sign-out", {"csrf": "forged"})).status == 403
        assert (await browser.get("/console/requests")).status == 200  # still signed in
        # the sign-in form's token is no session's: it does not sign out
        assert (await browser.post("/console/sign-out", {"csrf": browser.cookies["esign_console_form"]})).status == 403
        stranger.close()
        browser.close()


async def test_idle_and_absolute_expiry(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        browser = await signed_in(server, "sam@small.example.test")
        for _ in range(3):  # busy: every request moves the idle expiry on
            server.clock.advance(minutes=29)
            assert (await browser.get("/console/requests")).status == 200
        server.clock.advance(minutes=30)
        idle = await browser.get("/console/requests")
        assert idle.status == 303 and idle.headers["Location"] == "/console/sign-in"

        busy = await signed_in(server, "sam@small.example.test")
        for _ in range(24):  # 11 h 36 min of a request every 29 minutes
            server.clock.advance(minutes=29)
            assert (await busy.get("/console/requests")).status == 200
        server.clock.advance(minutes=25)  # 12 h 1 min after sign-in
        assert (await busy.get("/console/requests")).status == 303
        browser.close()
        busy.close()


async def test_sign_out_ends_this_session_and_sign_out_everywhere_every_one(tmp_path):
    async with running_server(tmp_path, extra_config=MEMBERS) as server:
        first, second, third = [await signed_in(server, "sam@small.example.test") for _ in range(3)]
        page = (await first.get("/console/requests")).body.decode()
        csrf = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        out = await first.post("/console/sign-out", {"csrf": csrf})
        assert out.status == 303 and "esign_console" not in first.cookies
        assert (await second.get("/console/requests")).status == 200
        page = (await second.get("/console/requests")).body.decode()
        csrf = page.split('name="csrf" value="', 1)[1].split('"', 1)[0]
        assert (await second.post("/console/sign-out", {"csrf": csrf, "everywhere": "1"})).status == 303
        assert (await third.get("/console/requests")).status == 303
        assert (await second.get("/console/requests")).status == 303
        metrics = (await server.client.get("/metrics", key=None)).body.decode()
        assert 'esign_console_sign_outs_total{scope="this_browser"} 1.0' in metrics
        assert 'esign_console_sign_outs_total{scope="everywhere"} 1.0' in metrics
        assert 'esign_console_sign_outs_total{scope="one_session"} 0.0' in metrics
        for b in (first, second, third):
            b.close()


async def test_hostile_forms_are_clear_errors_never_a_500(server):
    browser = ConsoleBrowser(server.url)
    csrf = await browser.form_csrf("/console/sign-in")
    many = await browser.post("/console/sign-in", {**{f"f{i}": "x" for i in range(30)}, "csrf": csrf})
    assert many.status == 400 and "The form could not be read" in many.body.decode()
    huge = await browser.post("/console/sign-in", {"email": "a" * 20_000 + "@example.test", "csrf": csrf})
    assert huge.status == 413
    empty = await browser.post("/console/sign-in")
    assert empty.status == 403  # an empty post: no token
    wrong_method = await browser.get("/console/sign-out")
    assert wrong_method.status == 405 and wrong_method.headers["Content-Type"].startswith("text/html")
    german = await browser.post("/console/sign-in?lang=de", {"email": "x@example.test", "csrf": "forged"})
    assert german.status == 403 and "Das Sicherheitstoken des Formulars fehlt" in german.body.decode()
    assert (await browser.get(f"/console/sign-in/{'x' * 5000}")).status == 410
    browser.close()


async def test_pages_carry_the_signing_pages_csp_with_forms_to_this_origin_and_are_never_framed(server):
    page = await ConsoleBrowser(server.url).get("/console/sign-in")
    policy = page.headers["Content-Security-Policy"]
    assert "form-action 'self'" in policy and "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert page.headers["X-Frame-Options"] == "DENY" and page.headers["Cache-Control"] == "no-store"
    assert page.headers["Referrer-Policy"] == "no-referrer"

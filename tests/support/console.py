"""The staff console as a browser uses it, over real HTTP: a cookie jar, forms posted with their CSRF
token, redirects not followed (to see each Set-Cookie), and sign-in from the link in the Maildir."""
from __future__ import annotations

import contextlib
import datetime as dt
import email.utils
import http.cookies
import re
import urllib.parse

import tornado.httpclient

from esign import plugins as pluginsmod
from esign.hookspecs import hookimpl
from esign.providers.base import Option
from esign.providers.local_storage import LocalStorage
from tests.support.client import Response
from tests.support.mail import maildir
from tests.support.server import running_server

CSRF = re.compile(r'name="csrf" value="([^"]*)"')
LINK = re.compile(r"https?://[^/\s]+(/console/sign-in/[A-Za-z0-9_-]+)")


class ConsoleBrowser:
    """Keeps the cookies the server sets (by name) and sends them back."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []  # every Set-Cookie header seen, as sent
        self.http = tornado.httpclient.AsyncHTTPClient(force_instance=True)

    async def request(self, method: str, path: str, form: dict | None = None, headers: dict | None = None,
                      body: bytes | None = None) -> Response:
        """`form` posted urlencoded, or `body` as it is (its Content-Type in `headers`)."""
        hdrs = dict(headers or {})
        if self.cookies:
            hdrs["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST" and body is None:
            body = urllib.parse.urlencode(form or {})
            hdrs["Content-Type"] = "application/x-www-form-urlencoded"
        url = path if path.startswith("http") else self.base_url + path
        resp = await self.http.fetch(tornado.httpclient.HTTPRequest(
            url, method=method, headers=hdrs, body=body, follow_redirects=False), raise_error=False)
        if resp.code == 599:
            raise resp.error
        for header in resp.headers.get_list("Set-Cookie"):
            self.set_cookies.append(header)
            jar = http.cookies.SimpleCookie()
            jar.load(header)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or morsel["expires"] and email.utils.parsedate_to_datetime(
                        morsel["expires"]) < dt.datetime.now(dt.timezone.utc):
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return Response(resp)

    async def get(self, path: str, **kw) -> Response:
        return await self.request("GET", path, **kw)

    async def post(self, path: str, form: dict | None = None, **kw) -> Response:
        return await self.request("POST", path, form, **kw)

    async def post_files(self, path: str, files: list[tuple[str, bytes]], **fields: str) -> Response:
        """A multipart form as a browser posts it: each file a part `file` (name, bytes), then `fields`."""
        boundary = "consoleFormBoundary0123456789"
        parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
                 for k, v in fields.items()]
        parts += [f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
                  f"Content-Type: application/pdf\r\n\r\n".encode() + data + b"\r\n" for name, data in files]
        return await self.request("POST", path, body=b"".join(parts) + f"--{boundary}--\r\n".encode(),
                                  headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})

    async def form_csrf(self, path: str) -> str:
        """The CSRF token of the form on the page at `path`."""
        page = await self.get(path)
        assert page.status == 200, page
        return CSRF.search(page.body.decode()).group(1)

    async def ask_link(self, email: str) -> Response:
        return await self.post("/console/sign-in", {"email": email, "csrf": await self.form_csrf("/console/sign-in")})

    async def follow_link(self, link: str) -> Response:
        """Open a sign-in link and press its button (GET, then POST with the page's CSRF token)."""
        return await self.post(link, {"csrf": await self.form_csrf(link)})

    def close(self) -> None:
        self.http.close()


def console_links(server, email: str) -> list[str]:
    """The console sign-in links mailed to `email` (Maildir, in the order of the files' names, which is not
    always the order of sending), on the test server (whatever `public_url` the mail was written with)."""
    return [server.url + LINK.search(m.get_body(("plain",)).get_content()).group(1)
            for m in maildir(server) if email in m["To"] and "/console/sign-in/" in m.get_body(("plain",)).get_content()]


async def new_link(server, email: str, browser: ConsoleBrowser | None = None) -> str:
    """Ask for a sign-in link for `email` (with `browser`, else a fresh one) and return the one new link
    mailed."""
    await server.run_jobs()  # what was queued before (an invitation) is not the link asked for
    before = set(console_links(server, email))
    asking = browser or ConsoleBrowser(server.url)
    resp = await asking.ask_link(email)
    assert resp.status == 200, resp
    await server.run_jobs()
    if browser is None:
        asking.close()
    [link] = set(console_links(server, email)) - before
    return link


async def signed_in(server, email: str) -> ConsoleBrowser:
    """A browser signed in as the member `email`, from the link of the email it asked for."""
    browser = ConsoleBrowser(server.url)
    resp = await browser.follow_link(await new_link(server, email, browser))
    assert resp.status == 303 and resp.headers["Location"] == "/console/requests", resp
    return browser


class LinkedStorage(LocalStorage):
    """Local blobs whose download links are the provider's own, on another origin (as S3's are)."""

    identifier = "linked"
    options = {"path": Option("./var/blobs", help="the directory the blobs are kept in")}

    async def presigned_url(self, key, expires_in, filename):
        return f"https://files.example.test/{key}?expires_in={expires_in}"


class LinkedStoragePlugin:
    @hookimpl
    def esign_blob_storages(self):
        return [LinkedStorage]


@contextlib.asynccontextmanager
async def linked_storage_server(tmp_path):
    """A test server whose storage gives download links on another origin (LinkedStorage)."""
    pm = pluginsmod.make_plugin_manager(load_entry_points=False)
    pm.register(LinkedStoragePlugin(), name="linked-storage")
    overrides = {"storage": {"provider": "linked", "path": str(tmp_path / "blobs")}}
    async with running_server(tmp_path, pm=pm, overrides=overrides) as server:
        yield server

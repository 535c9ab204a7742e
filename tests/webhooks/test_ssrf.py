"""SSRF protection: refused at creation and update, and again at delivery (a DNS answer that changes
after creation, or a stored URL that a stricter config no longer allows); connections go to the
checked address."""
import ipaddress

import pytest

from esign.webhooks import urls
from tests.support import assert_error, running_server
from tests.support.webhooks import emit, org_id

PUBLIC = "93.184.216.34"

REFUSED_HOSTS = [
    "127.0.0.1", "127.255.255.254", "localhost", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254",
    "100.64.0.1", "224.0.0.1", "240.0.0.1", "255.255.255.255", "0.0.0.0", "[::]", "[::1]",
    "[::ffff:127.0.0.1]", "[::ffff:10.0.0.1]", "[fe80::1]", "[fc00::1]", "[ff02::1]", "[2002:7f00:1::1]",
    "2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.1", "0", "017700000001", "10.1",
]
REFUSED_ANSWERS = ["127.0.0.1", "10.0.0.7", "172.31.0.1", "192.168.0.10", "169.254.169.254", "100.64.0.1",
                   "224.0.0.251", "240.0.0.1", "0.0.0.0", "::", "::1", "::ffff:127.0.0.1", "fe80::1", "fd00::1"]


@pytest.fixture
async def strict(tmp_path, monkeypatch):
    """A server that refuses private networks (http still allowed, to reach the local receiver)."""
    async def fake_resolve(host, port):
        if host == "localhost":
            return ["127.0.0.1"]
        return [answers.pop(0) if len(answers) > 1 else answers[0]]

    answers = [PUBLIC]
    monkeypatch.setattr(urls, "resolve", fake_resolve)
    async with running_server(tmp_path, overrides={"webhooks": {"allow_private_networks": False}}) as server:
        server.answers = answers
        yield server


def test_numeric_spellings():
    loopback = ipaddress.IPv4Address("127.0.0.1")
    for host in ["2130706433", "0x7f000001", "0177.0.0.1", "127.1", "0x7f.0.1", "0x7F.1", "127.0.1", "017700000001"]:
        assert urls.numeric_ipv4(host) == loopback, host
    assert urls.numeric_ipv4("example.com") is None
    assert urls.numeric_ipv4("8.8.8.8") == ipaddress.IPv4Address("8.8.8.8")
    for bad in ["256.1.1.1", "1.2.3.4.5", "0x1ffffffff", "09.1.1.1"]:
        with pytest.raises(urls.UrlRefused):
            urls.numeric_ipv4(bad)


@pytest.mark.parametrize("host", REFUSED_HOSTS)
async def test_refused_at_creation(strict, host):
    resp = await strict.client.post("/v1/webhooks", {"name": "h", "url": f"https://{host}/hook",
                                                     "events": ["signer.signed"]})
    error = assert_error(resp, 422, "validation_error")
    assert [d["field"] for d in error["details"]] == ["url"]


@pytest.mark.parametrize("answer", REFUSED_ANSWERS)
async def test_dns_name_resolving_to_refused_address(strict, answer):
    strict.answers[:] = [answer]
    resp = await strict.client.post("/v1/webhooks", {"name": "h", "url": "https://hooks.example.test/x",
                                                     "events": ["signer.signed"]})
    assert assert_error(resp, 422, "validation_error")["details"][0]["field"] == "url"


async def test_scheme_and_shape(tmp_path, monkeypatch):
    async def fake_resolve(host, port):
        return [PUBLIC]

    monkeypatch.setattr(urls, "resolve", fake_resolve)
    strict_https = {"webhooks": {"allow_private_networks": False, "allow_http": False}}
    async with running_server(tmp_path, overrides=strict_https) as server:
        for url in ["http://hooks.example.test/x", "ftp://hooks.example.test/x", "hooks.example.test/x",
                    "https:///x", "https://hooks.example.test:99999/x", "javascript:alert(1)",
                    "https://hooks.example.test:0/x", " https://hooks.example.test/x", "https://hooks.example.test/x\n",
                    "https://hooks.example.test/a b", "https://hooks.example.test/a\tb", "https://hooks.example.test/\x7f"]:
            resp = await server.client.post("/v1/webhooks", {"name": "h", "url": url, "events": ["signer.signed"]})
            assert assert_error(resp, 422, "validation_error")["details"][0]["field"] == "url", url
        resp = await server.client.post("/v1/webhooks", {"name": "h", "url": "https://hooks.example.test/x",
                                                         "events": ["signer.signed"]})
        assert resp.status == 201, resp
        # an update is checked the same way
        resp = await server.client.patch(f"/v1/webhooks/{resp.json['id']}", {"url": "https://2130706433/x"})
        assert assert_error(resp, 422, "validation_error")["details"][0]["field"] == "url"


@pytest.mark.parametrize("answer", REFUSED_ANSWERS)
async def test_refused_at_delivery_when_dns_changes(strict, receiver, answer):
    strict.answers[:] = [PUBLIC, answer]  # public when created, then the refused address
    resp = await strict.client.post("/v1/webhooks", {"name": "h", "url": f"http://rebind.example.test:{receiver.port}/hook",
                                                     "events": ["signing_request.created"]})
    assert resp.status == 201, resp
    await emit(strict, await org_id(strict))
    await strict.run_jobs()
    assert receiver.requests == []
    [record] = (await strict.client.get(f"/v1/webhooks/{resp.json['id']}/deliveries")).json["items"]
    assert record["success"] is False and record["response_status"] is None and record["response_time_ms"] is None
    assert record["error_message"].startswith("not sent:") and "private networks are not allowed" in record["error_message"]


@pytest.mark.parametrize("host", ["127.0.0.1", "2130706433", "0x7f000001", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]"])
async def test_stored_url_refused_at_delivery(strict, receiver, host):
    """A webhook stored while private networks were allowed is refused once they are not."""
    org = await org_id(strict)
    hook = await strict.services.store.webhooks.create(
        org, "old", f"http://{host}:{receiver.port}/hook", ["signing_request.created"],
        strict.services.secrets.encrypt("whsec_test"), max_count=100)
    await emit(strict, org)
    await strict.run_jobs()
    assert receiver.requests == []
    [record] = (await strict.client.get(f"/v1/webhooks/{hook['id']}/deliveries")).json["items"]
    assert record["error_message"].startswith("not sent:")


async def test_connection_goes_to_the_checked_address(server, client, receiver, monkeypatch):
    """The name exists in no real DNS: the delivery arrives only because the connection uses the one
    address the check resolved, and the name is resolved once per attempt."""
    lookups = []

    async def fake_resolve(host, port):
        lookups.append(host)
        return ["127.0.0.1"]

    monkeypatch.setattr(urls, "resolve", fake_resolve)
    resp = await client.post("/v1/webhooks", {"name": "h", "url": receiver.url(host="pinned.invalid"),
                                              "events": ["signing_request.created"]})
    assert resp.status == 201
    lookups.clear()
    await emit(server, await org_id(server))
    await server.run_jobs()
    assert len(receiver.requests) == 1 and receiver.requests[0].headers["Host"] == f"pinned.invalid:{receiver.port}"
    assert lookups == ["pinned.invalid"]


async def test_an_unreachable_first_address_falls_back_to_the_next_checked_one(server, client, receiver, monkeypatch):
    """Nothing listens on 127.0.0.2 (the receiver is bound to 127.0.0.1 only): the connection moves
    on to the next address the check accepted, and never to one it did not see."""
    async def fake_resolve(host, port):
        return ["127.0.0.2", "127.0.0.1"]

    monkeypatch.setattr(urls, "resolve", fake_resolve)
    resp = await client.post("/v1/webhooks", {"name": "h", "url": receiver.url(host="two.invalid"),
                                              "events": ["signing_request.created"]})
    assert resp.status == 201
    await emit(server, await org_id(server))
    await server.run_jobs()
    assert len(receiver.requests) == 1
    deliveries = (await client.get(f"/v1/webhooks/{resp.json['id']}/deliveries")).json["items"]
    assert [d["success"] for d in deliveries] == [True]

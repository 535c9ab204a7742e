"""Standard Webhooks headers, verified with the `standardwebhooks` library as receivers use it, and the
overlap of a regenerated secret with the one it replaces."""
import base64
import datetime as dt
import secrets

import pytest
import standardwebhooks.webhooks
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from esign import config as configmod
from esign.secrets import SecretBox
from tests.support import raw_db, running_server, write_config
from tests.support.webhooks import create_hook, emit, org_id


@pytest.fixture
def receiver_time(server, monkeypatch):
    """The library checks `webhook-timestamp` against the receiver's clock: here the service's fake
    clock, so a test can let a day pass; `lag` puts the receiver behind the delivery (a replay)."""
    clock, lag = server.clock, {"seconds": 0}

    class ReceiverTime(dt.datetime):
        @classmethod
        def now(cls, tz=None):
            return (clock.now() + dt.timedelta(**lag)).replace(tzinfo=dt.timezone.utc)

    monkeypatch.setattr(standardwebhooks.webhooks, "datetime", ReceiverTime)
    return lag


def verifies(secret, got) -> bool:
    try:
        Webhook(secret).verify(got.body, got.headers)
    except WebhookVerificationError:
        return False
    return True


def unix(clock) -> str:
    return str(int(clock.now().replace(tzinfo=dt.timezone.utc).timestamp()))


async def test_deliveries_verify_with_the_standard_webhooks_library(server, client, receiver, receiver_time):
    receiver.statuses["hook"] = 500
    hook = await create_hook(client, receiver.url())
    assert len(base64.b64decode(hook["secret"].removeprefix("whsec_"), validate=True)) == 32
    event = await emit(server, await org_id(server))
    await server.run_jobs()
    sent_at = unix(server.clock)
    server.clock.advance(seconds=60)
    receiver.statuses["hook"] = 200
    await server.run_jobs()

    first, retry = receiver.requests
    for got in (first, retry):
        assert Webhook(hook["secret"]).verify(got.body, got.headers)["id"] == event["id"]
        assert got.headers["Webhook-Id"] == event["id"], "the message id is the event's, on every attempt"
        assert got.verifies(hook["secret"]), "the specification's header is still there"
        assert len(got.headers["Webhook-Signature"].split(" ")) == 1
    assert not verifies("whsec_" + base64.b64encode(secrets.token_bytes(32)).decode(), first)
    assert first.headers["Webhook-Timestamp"] == sent_at
    assert retry.headers["Webhook-Timestamp"] == unix(server.clock), "each attempt has its own time"
    tampered = type(retry)(retry.path, retry.headers, retry.body.replace(b'"id"', b'"Id"'), retry.at)
    assert not verifies(hook["secret"], tampered)

    receiver_time["minutes"] = 6  # the first attempt replayed six minutes later: refused as stale
    with pytest.raises(WebhookVerificationError, match="too old"):
        Webhook(hook["secret"]).verify(first.body, first.headers)
    with pytest.raises(WebhookVerificationError, match="too old"):
        Webhook(hook["secret"]).verify(retry.body, retry.headers)


async def test_a_regenerated_secret_and_the_one_it_replaces_both_verify_for_a_day(server, client, receiver,
                                                                                  receiver_time):
    hook = await create_hook(client, receiver.url())
    old = hook["secret"]
    new = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json["secret"]
    stored = await raw_db(server.services)["webhooks"].find_one({"_id": hook["id"]})
    assert old not in str(stored) and new not in str(stored), "both stored encrypted"
    assert server.services.secrets.decrypt(stored["previous_secret"]) == old
    read = (await client.get(f"/v1/webhooks/{hook['id']}")).json
    assert "previous_secret" not in str(read) and old not in str(read)
    org = await org_id(server)

    server.clock.advance(hours=24, seconds=-1)
    await emit(server, org)
    await server.run_jobs()
    [during] = receiver.requests
    assert len(during.headers["Webhook-Signature"].split(" ")) == 2
    assert verifies(new, during) and verifies(old, during)
    assert during.verifies(new) and not during.verifies(old), "X-Webhook-Signature: the new secret only (spec)"

    server.clock.advance(seconds=1)
    await emit(server, org)
    await server.run_jobs()
    after = receiver.requests[1]
    assert verifies(new, after) and not verifies(old, after)
    assert len(after.headers["Webhook-Signature"].split(" ")) == 1
    stored = await raw_db(server.services)["webhooks"].find_one({"_id": hook["id"]})
    assert "previous_secret" not in stored and "previous_secret_until" not in stored, "cleared once expired"


async def test_a_webhook_keeps_one_previous_secret_at_most(server, client, receiver, receiver_time):
    hook = await create_hook(client, receiver.url())
    second = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json["secret"]
    server.clock.advance(hours=1)
    third = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json["secret"]
    await emit(server, await org_id(server))
    await server.run_jobs()
    [got] = receiver.requests
    assert len(got.headers["Webhook-Signature"].split(" ")) == 2
    assert verifies(third, got) and verifies(second, got) and not verifies(hook["secret"], got)

    server.clock.advance(hours=23, seconds=59 * 60 + 59)  # the window runs from the second regeneration
    await emit(server, await org_id(server))
    await server.run_jobs()
    assert verifies(second, receiver.requests[1])


async def test_secrets_of_earlier_versions_keep_working(server, client, receiver, receiver_time):
    """Secrets issued before were `whsec_` + URL-safe base64 without padding; hand-stored ones may be
    no base64 at all. Both sign as before in the spec's header, and the Standard Webhooks key is the
    bytes of the URL-safe part (a receiver gives the library the part in the standard alphabet)."""
    key = bytes(range(200, 232))  # its URL-safe base64 has `-` and `_`
    legacy = "whsec_" + base64.urlsafe_b64encode(key).decode().rstrip("=")
    assert "-" in legacy and "_" in legacy
    hooks = [await create_hook(client, receiver.url(path), name=path) for path in ("legacy", "handmade")]
    for hook, secret in zip(hooks, (legacy, "whsec_bench")):
        await raw_db(server.services)["webhooks"].update_one(
            {"_id": hook["id"]}, {"$set": {"secret": server.services.secrets.encrypt(secret)}})
    await emit(server, await org_id(server))
    await server.run_jobs()

    [old] = receiver.at("legacy")
    assert old.verifies(legacy)
    assert verifies(key, old)
    assert verifies("whsec_" + legacy.removeprefix("whsec_").replace("-", "+").replace("_", "/"), old)
    [handmade] = receiver.at("handmade")
    assert handmade.verifies("whsec_bench") and verifies(b"whsec_bench", handmade)


async def test_previous_secret_hours_is_configurable(tmp_path, receiver, monkeypatch):
    with pytest.raises(configmod.ConfigError, match="previous_secret_hours"):
        configmod.load(write_config(tmp_path), environ={}, overrides={"webhooks": {"previous_secret_hours": -1}})
    async with running_server(tmp_path, overrides={"webhooks": {"previous_secret_hours": 0}}) as server:
        client = server.client
        hook = await create_hook(client, receiver.url())
        new = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json["secret"]
        await emit(server, await org_id(server))
        await server.run_jobs()
        [got] = receiver.requests
        assert verifies(new, got) and not verifies(hook["secret"], got)
        stored = await raw_db(server.services)["webhooks"].find_one({"_id": hook["id"]})
        assert "previous_secret" not in stored


async def test_a_previous_secret_the_service_key_cannot_read_is_left_out(server, client, receiver, receiver_time):
    hook = await create_hook(client, receiver.url())
    new = (await client.post(f"/v1/webhooks/{hook['id']}/regenerate-secret")).json["secret"]
    unreadable = SecretBox("another service key").encrypt(hook["secret"])
    await raw_db(server.services)["webhooks"].update_one({"_id": hook["id"]}, {"$set": {"previous_secret": unreadable}})
    await emit(server, await org_id(server))
    await server.run_jobs()
    [got] = receiver.requests
    assert verifies(new, got) and len(got.headers["Webhook-Signature"].split(" ")) == 1

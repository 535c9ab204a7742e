"""GET /metrics (issue 27, docs/monitoring.md): scraped over HTTP from the real server after real work
(upload, create, send -> an email, a webhook delivery, signatures -> the finalisation), parsed with
prometheus_client's parser; who may scrape; the version in `esign --version`, /healthz and the
start-up line."""
from __future__ import annotations

import datetime as dt
import json
import pathlib
import re
import subprocess
import sys
from importlib.metadata import version

import pymongo.monitoring
import pytest
import yaml
from prometheus_client.parser import text_string_to_metric_families

from esign import __version__
from esign import config as configmod
from esign import db as dbmod
from esign.domain.requests import lifecycle
from esign.observability.metrics import admitted
from tests.support import assert_error, running_server
from tests.support.config import config_error, load_text
from tests.support.signing import ANN, make_request, spost
from tests.support.webhooks import Receiver, create_hook

TOKEN = "metrics-token-0123456789"


async def scrape(client, **kw) -> dict:
    """{(sample name, frozenset of labels): value} of one scrape."""
    resp = await client.get("/metrics", key=None, **kw)
    assert resp.status == 200, resp
    assert resp.headers["Content-Type"].startswith("text/plain; version=")  # the text exposition format
    samples = {}
    for family in text_string_to_metric_families(resp.body.decode()):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def total(samples: dict, name: str, **labels) -> float:
    """The sum over every series of `name` whose labels include `labels`."""
    want = set(labels.items())
    return sum(v for (n, got), v in samples.items() if n == name and want <= got)


async def test_metrics_move_with_the_work_done(server, client, sample_pdf):
    receiver = Receiver()
    try:
        await create_hook(client, receiver.url(), events=("signing_request.sent",))
        before = await scrape(client)
        assert value(before, "esign_build_info", version=__version__) == 1

        upload = await client.upload(sample_pdf)
        assert upload.status == 201
        signers = [{"name": "Ann Signer", "email": "ann@example.test"}]
        created = await client.post("/v1/signing-requests", {"document_id": upload.json["id"], "signers": signers})
        assert created.status == 201
        request_id = created.json["id"]
        assert (await client.get(f"/v1/signing-requests/{request_id}")).status == 200
        assert (await client.post(f"/v1/signing-requests/{request_id}/send")).status == 200
        server.clock.advance(seconds=90)  # the invitation has waited 90 s for a worker

        queued = await scrape(client)
        assert value(queued, "esign_jobs_queued", lane="email") >= 1
        assert value(queued, "esign_jobs_oldest_due_age_seconds", lane="email") >= 90
        assert value(queued, "esign_webhook_backlog", state="queued") == value(queued, "esign_jobs_queued",
                                                                                 lane="webhooks")
        await server.run_jobs()
        request = await server.services.store.signing_requests.by_id(request_id)
        await lifecycle.sign(server.services, request, request["signers"][0]["id"], {},
                             {"kind": "typed", "text": "Ann Signer"}, {"ip_address": "127.0.0.5"})
        await server.run_jobs()
        assert (await client.get(f"/v1/signing-requests/{request_id}")).json["signed_pdf_status"] == "ready"
        assert receiver.answered_2xx()

        after = await scrape(client)
    finally:
        receiver.stop()

    # requests by route template and status, never by the path with its ids
    route = "/v1/signing-requests/{request_id}"
    assert value(after, "esign_http_requests_total", method="GET", route=route, status="200") == 2
    assert value(after, "esign_http_requests_total", method="POST", route="/v1/documents/upload", status="201") == 1
    assert value(after, "esign_http_request_duration_seconds_count", method="POST", route="/v1/signing-requests") == 1
    assert value(after, "esign_http_requests_total", method="GET", route="/metrics", status="200") == 2
    assert not [labels for name, labels in after if name == "esign_http_requests_total"
                and any(request_id in v for _, v in labels)]
    # the work behind it
    assert value(after, "esign_emails_total", outcome="sent") - value(before, "esign_emails_total", outcome="sent") >= 1
    assert value(after, "esign_webhook_deliveries_total", outcome="delivered") == 1
    assert value(after, "esign_webhook_delivery_duration_seconds_count") == 1
    assert value(after, "esign_finalizations_total", outcome="succeeded") == 1
    assert value(after, "esign_finalization_duration_seconds_sum") > 0
    assert value(after, "esign_pdf_checks_total", outcome="ok") == 1
    assert value(after, "esign_pdf_check_duration_seconds_count") == 1
    assert value(after, "esign_job_runs_total", lane="finalize", kind="finalize", outcome="done") == 1
    assert total(after, "esign_job_runs_total", lane="email", outcome="done") >= 1
    # nothing is due any more: the email lane keeps the `email.copies` job, due an hour after completion,
    # which is scheduled, not queued
    assert value(after, "esign_jobs_queued", lane="finalize") == 0
    assert value(after, "esign_jobs_queued", lane="email") == 0
    assert value(after, "esign_jobs_scheduled", lane="email") == await server.services.store.jobs.count(
        lane="email", status="queued") == 1
    # the process, the loop, readiness and the seal's certificates
    assert value(after, "process_resident_memory_bytes") > 10_000_000
    assert value(after, "process_open_fds") > 0 and value(after, "process_cpu_seconds_total") > 0
    assert 0 <= value(after, "esign_event_loop_lag_seconds") < 30
    assert value(after, "esign_degraded", component="mail") == 0
    now = server.clock.now().timestamp()
    assert value(after, "esign_certificate_expiry_timestamp_seconds", certificate="seal") > now + 300 * 86400
    assert value(after, "esign_certificate_expiry_timestamp_seconds", certificate="internal_ca") > now
    assert value(after, "esign_jobs_oldest_due_age_seconds", lane="email") == 0
    # database commands, timed in the embedded database's wrapper
    assert total(after, "esign_db_command_duration_seconds_count", command="find") > \
        total(before, "esign_db_command_duration_seconds_count", command="find")
    assert total(after, "esign_db_command_duration_seconds_count", command="insert") > 0


async def test_failed_jobs_and_unmatched_paths_are_counted(server, client):
    jobs = server.services.store.jobs
    job = await jobs.enqueue("no.such.kind", {}, lane="delivery")
    claimed = await jobs.claim("w", 60, ["delivery"])
    assert claimed["id"] == job["id"]
    await jobs.retry(claimed, "boom", 0, final=True)
    assert (await client.get("/v1/nothing/here/123", key=None)).status == 404
    samples = await scrape(client)
    assert value(samples, "esign_jobs_failed", lane="delivery") == 1
    assert value(samples, "esign_http_requests_total", method="GET", route="(unmatched)", status="404") == 1


async def test_metrics_refused_outside_allowed_networks_unless_bearer(tmp_path):
    async with running_server(tmp_path, f'[metrics]\nallow = []\ntoken = "{TOKEN}"\n') as srv:
        client = srv.client
        assert_error(await client.get("/metrics", key=None), 403, "forbidden")
        assert_error(await client.get("/metrics", key=None, headers={"Authorization": f"Bearer {TOKEN}x"}),
                     403, "forbidden")
        assert_error(await client.get("/metrics", key=None, headers={"Authorization": TOKEN}), 403, "forbidden")
        samples = await scrape(client, headers={"Authorization": f"Bearer {TOKEN}"})
        assert value(samples, "esign_build_info", version=__version__) == 1
        # the refusals were counted (a refused scrape is an ordinary request)
        assert value(samples, "esign_http_requests_total", method="GET", route="/metrics", status="403") == 3


async def test_loopback_is_allowed_by_default_but_not_through_a_proxy(server, client):
    await scrape(client)
    # without [server] xheaders, a request a proxy forwarded comes from the proxy's (loopback) address
    assert_error(await client.get("/metrics", key=None, headers={"X-Forwarded-For": "203.0.113.9"}), 403)


async def test_the_dashboard_and_alert_rules_name_real_metrics(client):
    resp = await client.get("/metrics", key=None)
    exposed = set()
    for family in text_string_to_metric_families(resp.body.decode()):
        suffixes = {"counter": ("_total",), "histogram": ("_bucket", "_sum", "_count")}.get(family.type, ("",))
        exposed |= {family.name + suffix for suffix in suffixes}
    docs = pathlib.Path(__file__).resolve().parents[2] / "docs"
    rules = yaml.safe_load((docs / "prometheus-alerts.yml").read_text())
    dashboard = json.loads((docs / "grafana-dashboard.json").read_text())
    expressions = [rule["expr"] for group in rules["groups"] for rule in group["rules"]]
    expressions += [target["expr"] for panel in dashboard["panels"] for target in panel["targets"]]
    named = {name for expr in expressions for name in re.findall(r"\besign_\w+", expr)}
    assert len(named) >= 15 and named <= exposed, named - exposed


def metrics_config(allow, token=""):
    return configmod.load(None, environ={"ESIGN_METRICS_ALLOW": json.dumps(allow), "ESIGN_METRICS_TOKEN": token})


def test_address_check():
    config = metrics_config(["10.0.0.0/8", "2001:db8::/32", "192.0.2.7"])
    assert admitted(config, "10.1.2.3", {}, xheaders=False)
    assert admitted(config, "::ffff:10.1.2.3", {}, xheaders=False)
    assert admitted(config, "2001:db8::1", {}, xheaders=False)
    assert admitted(config, "192.0.2.7", {}, xheaders=False)
    assert not admitted(config, "192.0.2.8", {}, xheaders=False)
    assert not admitted(config, "127.0.0.1", {}, xheaders=False)  # loopback only when listed
    assert not admitted(config, "not-an-address", {}, xheaders=False)
    # with xheaders the address is the client's (Tornado took it from the headers)
    assert admitted(config, "10.1.2.3", {"X-Forwarded-For": "10.1.2.3"}, xheaders=True)
    assert not admitted(config, "10.1.2.3", {"X-Real-IP": "10.1.2.3"}, xheaders=False)
    tokened = metrics_config([], TOKEN)
    assert admitted(tokened, "203.0.113.1", {"Authorization": f"bearer {TOKEN}"}, xheaders=False)
    assert not admitted(tokened, "203.0.113.1", {"Authorization": "Bearer "}, xheaders=False)
    assert not admitted(metrics_config([]), "203.0.113.1", {"Authorization": "Bearer "}, xheaders=False)


def test_metrics_config_is_checked(tmp_path):
    for text, message in (('[metrics]\nallow = ["10.0.0.0/33"]\n', "metrics.allow: '10.0.0.0/33' is not a network"),
                          ('[metrics]\nallow = ["localhost"]\n', "metrics.allow: 'localhost' is not a network"),
                          ('[metrics]\ntoken = "short"\n', "metrics.token must be at least 16")):
        assert message in config_error(tmp_path, text)
    assert "short" not in config_error(tmp_path, '[metrics]\ntoken = "short"\n')  # a secret is never shown
    assert load_text(tmp_path, '[metrics]\nallow = ["192.0.2.0/24"]\n').metrics.allow == ["192.0.2.0/24"]


def test_driver_command_durations_reach_the_observers():
    """On MongoDB the driver's command listener (esign.db.RoundTrips) times each command: pymongo's
    own events carry the duration."""
    counter = dbmod.RoundTrips()
    seen = []
    counter.observers.append(lambda command, seconds: seen.append((command, seconds)))
    address = ("db.example.test", 27017)
    counter.started(pymongo.monitoring.CommandStartedEvent({"find": "jobs"}, "esign", 1, address, 1))
    counter.succeeded(pymongo.monitoring.CommandSucceededEvent(dt.timedelta(microseconds=2500), {"ok": 1}, "find", 1, address, 1))
    counter.failed(pymongo.monitoring.CommandFailedEvent(dt.timedelta(milliseconds=40), {"ok": 0}, "update", 2, address, 2))
    assert counter.by_command["find"] == 1
    assert seen == [("find", 0.0025), ("update", 0.04)]


async def test_version_in_healthz_and_the_openapi_document_leaves_metrics_out(client):
    resp = await client.get("/healthz", key=None)
    assert resp.json == {"status": "ok", "version": __version__}
    paths = (await client.get("/v1/openapi.json", key=None)).json["paths"]
    assert "/metrics" not in paths
    liveness = paths["/healthz"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert liveness["$ref"].endswith("/Liveness")


@pytest.mark.slow
def test_esign_version():
    out = subprocess.run([sys.executable, "-m", "esign", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"esign {version('esign')}"


async def test_text_messages_are_counted(server):
    made = await make_request(server, (ANN,), fields={"sig": {}}, phone_verification_required=True)
    assert (await spost(server, await made.token(0), "otp")).status == 200
    samples = await scrape(server.client)
    assert value(samples, "esign_sms_total", outcome="sent") == 1
    assert value(samples, "esign_sms_total", outcome="failed") == 0


async def test_the_metrics_table_lists_every_metric(client):
    """docs/monitoring.md's table names each esign metric `/metrics` exposes, and no other (counters
    by their `_total` series, histograms and gauges by their family's name)."""
    resp = await client.get("/metrics", key=None)
    exposed = {family.name + ("_total" if family.type == "counter" else "")
               for family in text_string_to_metric_families(resp.body.decode())
               if family.name.startswith("esign_") and not family.name.endswith("_created")}  # a counter's start
    table = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "monitoring.md").read_text()
    documented = {name for line in table.splitlines() if line.startswith("| `")
                  for name in re.findall(r"`(esign_\w+)`", line.split("|")[1])}
    assert documented == exposed, (exposed - documented, documented - exposed)

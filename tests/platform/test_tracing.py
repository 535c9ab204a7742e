"""OpenTelemetry traces (issue 27, item 3), with the SDK's in-memory exporter: a request is traced
from its Tornado span to the job that sent its invitation over SMTP, a webhook delivery and a
finalisation have spans, and tracing stays off unless the standard variables ask for it. Skipped
where the `otel` extra is not installed (the test extra installs it)."""
from __future__ import annotations

import pytest

pytest.importorskip("opentelemetry.sdk")
pytest.importorskip("opentelemetry.instrumentation.tornado")

from opentelemetry import trace  # noqa: E402
from opentelemetry.instrumentation.pymongo import PymongoInstrumentor  # noqa: E402
from opentelemetry.instrumentation.tornado import TornadoInstrumentor  # noqa: E402
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

from esign import tracing  # noqa: E402
from tests.support import start_server, stop_server
from tests.support.client import KEYS
from tests.support.mail import PolicySmtp
from tests.support.signing import make_request, spost, typed
from tests.support.webhooks import create_hook

EXPORTER = InMemorySpanExporter()


@pytest.fixture(scope="module")
def traced():
    """The SDK as the process's tracer provider (set once per process), and esign's instrumentation."""
    provider = trace.get_tracer_provider()
    if not isinstance(provider, TracerProvider):
        provider = TracerProvider()
        trace.set_tracer_provider(provider)
    processor = SimpleSpanProcessor(EXPORTER)
    provider.add_span_processor(processor)
    assert tracing.start({"OTEL_TRACES_EXPORTER": "otlp"})  # a provider set before is used as it is
    yield EXPORTER
    for instrumentor in (TornadoInstrumentor(), PymongoInstrumentor()):
        instrumentor.uninstrument()
    processor.shutdown()


def test_tracing_is_off_unless_the_variables_ask_for_it():
    assert not tracing.wanted({})
    assert not tracing.wanted({"OTEL_TRACES_EXPORTER": "none"})
    assert not tracing.wanted({"OTEL_TRACES_EXPORTER": "otlp", "OTEL_SDK_DISABLED": "true"})
    assert tracing.wanted({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318"})
    assert tracing.wanted({"OTEL_TRACES_EXPORTER": "console"})


async def test_requests_jobs_smtp_sends_webhooks_and_finalisations_have_spans(traced, tmp_path, receiver):  # noqa: F811
    smtp = PolicySmtp()
    srv = await start_server(tmp_path, overrides=smtp.settings())
    try:
        traced.clear()
        await create_hook(srv.client, receiver.url(), events=("signing_request.completed",))
        made = await make_request(srv, fields={"sig": {}})
        await srv.run_jobs()
        assert len(smtp.handler.messages) == 1
        resp = await spost(srv, await made.token(0), "sign", {"signature": typed(), "consent": True})
        assert resp.status == 200, resp
        await srv.run_jobs()
        assert (await made.get())["signed_pdf_status"] == "ready" and receiver.answered_2xx()
    finally:
        await stop_server(srv)
        smtp.down()
    spans = traced.get_finished_spans()
    names = [span.name for span in spans]
    (created,) = [s for s in spans if s.kind == trace.SpanKind.SERVER and s.attributes.get("http.route",
                  s.attributes.get("http.target", "")).endswith("/send")] or [None]
    assert created is not None, names
    smtp_span = min((s for s in spans if s.name == "smtp send"), key=lambda s: s.start_time)  # the invitation
    assert smtp_span.attributes["server.port"] == smtp.port
    (email_job,) = [s for s in spans if s.name == "job email" and smtp_span.parent.span_id == s.context.span_id]
    assert email_job.attributes["esign.lane"] == "email"
    # the job continues the trace of the request that queued the invitation (its context kept with the job)
    assert email_job.context.trace_id == created.context.trace_id and email_job.parent is not None
    (hook,) = [s for s in spans if s.name == "webhook POST"]
    assert hook.attributes["http.response.status_code"] == 200 and hook.attributes["server.address"] == "127.0.0.1"
    (finalize,) = [s for s in spans if s.name == "finalize"]
    assert finalize.parent is not None and finalize.attributes["esign.signing_level"] == "ses"


async def test_no_span_carries_a_secret(traced, tmp_path, receiver):  # noqa: F811
    """A whole flow — a webhook with its secret, a request, the signer's page and API by their link, the
    signed PDF downloaded by its signed link — and then every exported span's name and attribute values
    are searched for each secret the flow made: the signing token, the API key, the webhook secret, the
    download link's signature. The URL attributes show the path as the access log does."""
    srv = await start_server(tmp_path)
    try:
        traced.clear()
        hook = await create_hook(srv.client, receiver.url(), events=("signing_request.completed",))
        made = await make_request(srv, fields={"sig": {}})
        token = await made.token(0)
        assert (await srv.client.get(f"/sign/{token}", key=None)).status == 200
        assert (await spost(srv, token, "sign", {"signature": typed(), "consent": True})).status == 200
        await srv.run_jobs()
        link = (await srv.client.get(f"/v1/signing-requests/{made.id}/download")).json["download_url"]
        assert (await srv.client.get(link.removeprefix(srv.url), key=None)).status == 200
    finally:
        await stop_server(srv)
    signature = link.split("?", 1)[1]
    secrets = {"signing token": token, "API key": KEYS["a"], "webhook secret": hook["secret"],
               "download signature": signature}
    spans = traced.get_finished_spans()
    texts = [span.name for span in spans] + [str(v) for span in spans for v in (span.attributes or {}).values()]
    for what, secret in secrets.items():
        assert not [t for t in texts if secret in t], (what, [(s.name, s.attributes) for s in spans if secret in str(s.attributes)][:1])
    targets = {s.attributes.get("http.target") for s in spans if s.kind == trace.SpanKind.SERVER}
    assert "/sign/<token>" in targets and "/sign/<token>/api/sign" in targets, targets

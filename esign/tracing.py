"""OpenTelemetry tracing, optional (the `esign[otel]` extra; esign runs the same without it): spans of
Tornado requests and MongoDB commands (the OpenTelemetry instrumentations), and esign's own around a
job (`job <kind>`), an SMTP send, a webhook delivery and a finalisation (docs/monitoring.md, "Traces").

`start()` (esign serve, esign worker) turns it on when the extra is installed and the standard
variables ask for it: `OTEL_TRACES_EXPORTER` (`otlp`, `console`) or `OTEL_EXPORTER_OTLP_ENDPOINT` /
`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; `OTEL_SERVICE_NAME` (default `esign`), `OTEL_RESOURCE_ATTRIBUTES`,
the exporter's `OTEL_EXPORTER_OTLP_*` and the sampler's `OTEL_TRACES_SAMPLER*` are read by the SDK;
`OTEL_SDK_DISABLED=true` keeps it off. A tracer provider set up before (`opentelemetry-instrument
esign serve`, a test) is used, and given the processor that keeps secrets out of spans.

No span carries a secret: the Tornado instrumentation records each request's URL, so every URL
attribute is rewritten as the access log writes the path (esign.logs.loggable_path: signing,
authoring and console sign-in tokens as `<token>`, no query string, which carries download
signatures and may carry a webhook URL's token) before any exporter sees it — a served request's
when its span starts (`Redacting`), an outgoing one's in the response hook, before its span ends.
"""
from __future__ import annotations

import contextlib
import logging
import os
import urllib.parse

from esign.logs import loggable_path

try:  # the optional `otel` extra
    from opentelemetry import propagate, trace
except ImportError:  # pragma: no cover - exercised where the extra is not installed
    propagate = trace = None

log = logging.getLogger("esign.tracing")
TRACER = trace.get_tracer("esign") if trace is not None else None


def span(name: str, attributes: dict | None = None, carrier: dict | None = None):
    """A span around a block (a no-op without the extra, or while no tracer provider is set); with
    `carrier` (what `carrier()` gave where the work was queued) it continues that trace."""
    if TRACER is None:
        return contextlib.nullcontext()
    context = propagate.extract(carrier) if carrier else None
    return TRACER.start_as_current_span(name, context=context, attributes=attributes)


def carrier() -> dict:
    """The current trace's W3C context (`traceparent`, `tracestate`), kept with a job so that the job's
    span continues the trace of the request that queued it; {} when nothing is traced."""
    if TRACER is None:
        return {}
    out: dict = {}
    propagate.inject(out)
    return out


#: the URL attributes of the HTTP semantic conventions, old and new: what each becomes
URL_ATTRIBUTES = {"http.target": "path", "url.path": "path", "http.url": "url", "url.full": "url", "url.query": "query"}


def redacted(key: str, value: str) -> str:
    """An URL attribute's value without secrets (see the module's docstring)."""
    kind = URL_ATTRIBUTES[key]
    if kind == "query":
        return ""
    if kind == "path":
        return loggable_path(value)
    parts = urllib.parse.urlsplit(value)
    return urllib.parse.urlunsplit((parts.scheme, parts.hostname or "", loggable_path(parts.path), "", ""))


def redact(span, *_) -> None:
    """Rewrite the URL attributes the span holds now."""
    for key, value in dict(getattr(span, "attributes", None) or {}).items():
        if key in URL_ATTRIBUTES and isinstance(value, str):
            span.set_attribute(key, redacted(key, value))


def redacting_processor():
    """A span processor that rewrites the URL attributes of each span as it starts (needs the SDK): a
    server span's, which the instrumentation gives when it starts the span."""
    from opentelemetry.sdk.trace import SpanProcessor

    class Redacting(SpanProcessor):
        def on_start(self, span, parent_context=None) -> None:
            redact(span)

    return Redacting()


def wanted(environ=os.environ) -> bool:
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    exporter = environ.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporter:
        return exporter != "none"
    return bool(environ.get("OTEL_EXPORTER_OTLP_ENDPOINT") or environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"))


def start(environ=os.environ) -> bool:
    """Trace this process when the variables ask for it (see the module's docstring); True if on."""
    if trace is None or not wanted(environ):
        return False
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter
    except ImportError:
        log.warning("OTEL_* variables ask for traces but opentelemetry-sdk is not installed: pip install 'esign[otel]'")
        return False
    if isinstance(trace.get_tracer_provider(), TracerProvider):  # set up before: keep secrets out of it too
        trace.get_tracer_provider().add_span_processor(redacting_processor())
    else:
        resource = Resource.create({"service.name": environ.get("OTEL_SERVICE_NAME") or "esign"})
        provider = TracerProvider(resource=resource)
        provider.add_span_processor(redacting_processor())  # first: the exporters see what it leaves
        exporters = [e.strip() for e in environ.get("OTEL_TRACES_EXPORTER", "otlp").lower().split(",") if e.strip()]
        for name in exporters:
            if name == "console":
                provider.add_span_processor(BatchSpanProcessor(ConsoleSpanExporter()))
            elif name == "otlp":
                from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
                provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter()))
            else:
                log.warning("OTEL_TRACES_EXPORTER=%s: esign exports traces with otlp or console only", name)
        trace.set_tracer_provider(provider)
    instrument()
    log.info("OpenTelemetry tracing on")
    return True


def instrument() -> None:
    """Spans of every Tornado request and MongoDB command (the instrumentations of the `otel` extra)."""
    from opentelemetry.instrumentation.pymongo import PymongoInstrumentor
    from opentelemetry.instrumentation.tornado import TornadoInstrumentor

    # an outgoing request's span (a webhook delivery, an identity provider) gets its URL after it starts:
    # the response hook, called just before the span ends, rewrites it
    hooks = {TornadoInstrumentor: {"client_response_hook": redact}}
    for instrumentor in (TornadoInstrumentor(), PymongoInstrumentor()):
        if not instrumentor.is_instrumented_by_opentelemetry:
            instrumentor.instrument(**hooks.get(type(instrumentor), {}))


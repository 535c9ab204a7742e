"""The Prometheus metrics of one process (docs/monitoring.md), served at `GET /metrics` (esign.api.metrics).

Each `Services` owns one `Metrics` with a registry of its own (never prometheus_client's global one), so
several servers in one process (the tests) keep apart. Counters and histograms move where things
happen: the HTTP access log (esign.app), the job worker, the email and SMS sends, webhook deliveries,
finalisations, the PDF check and the database's commands (esign.db's round-trip counter). The job queue's
gauges are read from the database when scraped (`refresh`), so every process shows the whole queue.

Labels are bounded: the route is the route's template (`/v1/documents/{document_id}`), never the path;
methods outside the standard ones count as `other`.
"""
from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hmac
import ipaddress
import time
from collections import deque

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    Info,
    ProcessCollector,
    generate_latest,
)

CONTENT_TYPE = CONTENT_TYPE_LATEST
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
UNMATCHED = "(unmatched)"  # the route of a request no route matched (a 404)
HTTP_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10)
SLOW_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300)
FORWARDING_HEADERS = ("Forwarded", "X-Forwarded-For", "X-Real-IP")

EMAIL_OUTCOMES = ("sent", "bounced", "given_up", "sender_fault")
SMS_OUTCOMES = ("sent", "refused", "failed", "capped", "sandbox")
WEBHOOK_OUTCOMES = ("delivered", "failed", "given_up")
JOB_OUTCOMES = ("done", "retried", "failed", "released")
PAGE_IMAGE_OUTCOMES = ("drawn", "refused", "too_slow", "remembered")
CONSOLE_OUTCOMES = ("link_sent", "not_member", "throttled", "signed_in", "link_refused")
#: how members sign out of the staff console (esign.domain.console.sign_in; docs/monitoring.md)
CONSOLE_SIGN_OUTS = ("this_browser", "everywhere", "one_session")
#: what members do in the staff console (esign.domain.console.requests; docs/monitoring.md)
CONSOLE_ACTIONS = ("reminded", "cancelled", "signer_replaced", "link_issued", "downloaded", "editor_opened",
                   "template_editor_opened", "created", "template_sent")
#: the certificates whose expiry is shown (esign.domain.orgs.keys.labelled_certificates' labels): those the
#: seal needs now, not earlier seals kept for verifying older documents
CERTIFICATES = {"current seal": "seal", "issuer of the current seal": "seal_issuer", "internal CA": "internal_ca"}
LOOP_TICK_SECONDS = 0.25
LOOP_WINDOW_TICKS = 40  # esign_event_loop_lag_seconds: the worst of the last 10 s
#: what happens to authoring sessions (esign.domain.authoring.sessions; docs/monitoring.md)
PUBLIC_LINK_OUTCOMES = ("code_sent", "throttled", "wrong_code", "created", "resumed", "exhausted", "code_texted",
                        "phone_refused", "phone_paused")
# the public verification page (esign.api.verification): a page shown, an unknown or malformed id, a copy's
# hash that matches or not, an uploaded PDF's verdict, a client over its limit
VERIFICATION_OUTCOMES = ("page", "not_found", "copy_match", "copy_mismatch", "upload_verified", "upload_not_verified",
                         "upload_signer_not_checked", "throttled")
AUTHORING_EVENTS = ("created", "opened", "opened_elsewhere", "refused", "sent", "revoked", "expired")


class Metrics:
    def __init__(self, version: str):
        self.registry = CollectorRegistry()
        r = self.registry
        self.http_requests = Counter("esign_http_requests", "HTTP requests answered, by route template and status",
                                     ["method", "route", "status"], registry=r)
        self.http_duration = Histogram("esign_http_request_duration_seconds", "time to answer an HTTP request",
                                       ["method", "route"], buckets=HTTP_BUCKETS, registry=r)
        self.jobs_queued = Gauge("esign_jobs_queued", "jobs of the lane due now and waiting for a worker", ["lane"],
                                 registry=r)
        self.jobs_scheduled = Gauge("esign_jobs_scheduled", "queued jobs of the lane not due yet (retries, reminders, "
                                    "later sends)", ["lane"], registry=r)
        self.jobs_running = Gauge("esign_jobs_running", "jobs a worker holds in the lane", ["lane"], registry=r)
        self.jobs_failed = Gauge("esign_jobs_failed", "jobs that failed for good in the lane (kept 7 days)",
                                 ["lane"], registry=r)
        self.jobs_oldest_due = Gauge("esign_jobs_oldest_due_age_seconds",
                                     "how long the lane's most overdue job has waited for a worker (0: none)",
                                     ["lane"], registry=r)
        self.job_runs = Counter("esign_job_runs", "job runs by this process's worker, by outcome",
                                ["lane", "kind", "outcome"], registry=r)
        self.emails = Counter("esign_emails", "emails by outcome (given_up: retries ran out; sender_fault: the sending side "
                                              "refused, retried)", ["outcome"], registry=r)
        self.bounce_notices = Counter("esign_bounce_notices", "messages read from [email] bounce_mailbox by outcome "
                                      "(set_aside: over a bound, moved into .Junk)", ["outcome"], registry=r)
        self.sms = Counter("esign_sms", "text messages by outcome", ["outcome"], registry=r)
        self.webhook_deliveries = Counter("esign_webhook_deliveries",
                                          "webhook delivery attempts by outcome (failed: retried later)",
                                          ["outcome"], registry=r)
        self.webhook_duration = Histogram("esign_webhook_delivery_duration_seconds",
                                          "time of a webhook delivery attempt", buckets=HTTP_BUCKETS, registry=r)
        self.webhook_backlog = Gauge("esign_webhook_backlog", "webhook deliveries not made yet: queued jobs, "
                                     "and pending records (held for a paused webhook)", ["state"], registry=r)
        self.webhooks_paused = Gauge("esign_webhooks_paused", "webhooks paused after failing deliveries (their "
                                     "deliveries are held until resumed)", registry=r)
        self.finalizations = Counter("esign_finalizations", "signed PDFs produced, by outcome", ["outcome"],
                                     registry=r)
        self.finalization_duration = Histogram("esign_finalization_duration_seconds",
                                               "time to produce a signed PDF", buckets=SLOW_BUCKETS, registry=r)
        self.pdf_checks = Counter("esign_pdf_checks", "uploaded PDFs checked, by outcome", ["outcome"], registry=r)
        self.pdf_check_duration = Histogram("esign_pdf_check_duration_seconds", "time to check an uploaded PDF",
                                            buckets=SLOW_BUCKETS, registry=r)
        self.page_images = Counter("esign_page_images", "page images (and documents as they stand) asked of the "
                                   "drawing processes, by outcome (drawn, refused: cannot be drawn, too_slow: over "
                                   "[limits] page_image_timeout_seconds, remembered: a failure answered at once)",
                                   ["outcome"], registry=r)
        self.authoring_sessions = Counter("esign_authoring_sessions", "authoring sessions by event (docs/authoring.md)",
                                          ["event"], registry=r)
        self.db_commands = Histogram("esign_db_command_duration_seconds", "database command latency",
                                     ["command"], buckets=DB_BUCKETS, registry=r)
        self.console_sign_ins = Counter("esign_console_sign_ins", "staff console sign-ins by outcome (link_sent, "
                                        "not_member: asked for an address that is no member, throttled, signed_in, "
                                        "link_refused: unknown, used or expired)", ["outcome"], registry=r)
        self.console_sign_outs = Counter("esign_console_sign_outs", "staff console sign-outs by scope (this_browser, "
                                         "everywhere: every session of the member, one_session: one ended from "
                                         "\"where you are signed in\")", ["scope"], registry=r)
        self.public_verifications = Counter("esign_public_verifications", "the public verification page's "
                                            "answers by outcome: " + ", ".join(VERIFICATION_OUTCOMES),
                                            ["outcome"], registry=r)
        self.console_actions = Counter("esign_console_actions", "what members did in the staff console, by action "
                                       "(docs/console.md)", ["action"], registry=r)
        self.degraded = Gauge("esign_degraded", "1 while the component fails without making the service unready "
                              "(/readyz answers `degraded`): mail", ["component"], registry=r)
        self.certificate_expiry = Gauge("esign_certificate_expiry_timestamp_seconds", "when a certificate the seal "
                                        "needs expires (Unix time): seal, seal_issuer, internal_ca",
                                        ["certificate"], registry=r)
        self.loop_lag = Gauge("esign_event_loop_lag_seconds", f"the longest the event loop was late to a "
                              f"{LOOP_TICK_SECONDS} s timer over the last {LOOP_TICK_SECONDS * LOOP_WINDOW_TICKS:.0f} s "
                              "(work holding the loop delays every request by as much)", registry=r)
        self._lags: deque[float] = deque(maxlen=LOOP_WINDOW_TICKS)
        # resident and virtual memory, CPU seconds, open and maximum file descriptors, start time (Linux)
        ProcessCollector(registry=r)
        self.purges = Counter("esign_purges", "signing requests purged, by action (docs/retention.md)", ["action"],
                              registry=r)
        self.public_links = Counter("esign_public_link_visits", "what public links' visitors got, by outcome "
                                    "(docs/public-links.md)", ["outcome"], registry=r)
        self.revocations = Counter("esign_revocations", "completed requests revoked by their senders "
                                   "(docs/signing.md, Verification page)", registry=r)
        self.purged_blobs = Counter("esign_purged_blobs", "blobs deleted by purges (docs/retention.md)", registry=r)
        self.participant_actions = Counter("esign_participant_actions", "what approvers, viewers and assistants did, "
                                           "by action (approved, rejected, acknowledged, prepared; docs/roles.md)", ["action"], registry=r)
        Info("esign_build", "the running esign", registry=r).info({"version": version})
        # the labelled children of the series every request and every database call update, looked up
        # once (prometheus_client's `labels()` checks and locks on every call; children are never removed)
        self._children: dict = {}
        # the known outcomes show as 0 before the first one happens (rate() and alerts need the series)
        for counter, outcomes in ((self.emails, EMAIL_OUTCOMES), (self.sms, SMS_OUTCOMES),
                                  (self.webhook_deliveries, WEBHOOK_OUTCOMES),
                                  (self.finalizations, ("succeeded", "failed")),
                                  (self.pdf_checks, ("ok", "refused", "died")),
                                  (self.page_images, PAGE_IMAGE_OUTCOMES),
                                  (self.console_sign_ins, CONSOLE_OUTCOMES),
                                  (self.console_sign_outs, CONSOLE_SIGN_OUTS),
                                  (self.console_actions, CONSOLE_ACTIONS),
                                  (self.public_verifications, VERIFICATION_OUTCOMES),
                                  (self.authoring_sessions, AUTHORING_EVENTS),
                                  (self.purges, ("purge_content", "purge_all")),
                                  (self.public_links, PUBLIC_LINK_OUTCOMES),
                                  (self.participant_actions, ("approved", "rejected", "acknowledged", "prepared"))):
            for outcome in outcomes:
                counter.labels(outcome)

    # --- where things happen ---------------------------------------------------------------------------

    def request(self, method: str, route: str, status: int, seconds: float) -> None:
        method = method if method in METHODS else "other"
        key = (method, route, status)
        children = self._children.get(key)
        if children is None:
            children = self._children[key] = (self.http_requests.labels(method, route, str(status)),
                                               self.http_duration.labels(method, route))
        children[0].inc()
        children[1].observe(seconds)

    def email(self, outcome: str) -> None:
        self.emails.labels(outcome).inc()

    def public_verification(self, outcome: str) -> None:
        self.public_verifications.labels(outcome).inc()

    def console_sign_in(self, outcome: str) -> None:
        self.console_sign_ins.labels(outcome).inc()

    def console_sign_out(self, scope: str) -> None:
        self.console_sign_outs.labels(scope).inc()

    def console_action(self, action: str) -> None:
        self.console_actions.labels(action).inc()

    def authoring(self, event: str) -> None:
        self.authoring_sessions.labels(event).inc()

    def bounce_notice(self, outcome: str) -> None:
        self.bounce_notices.labels(outcome).inc()

    def text(self, outcome: str) -> None:
        self.sms.labels(outcome).inc()

    def webhook(self, outcome: str, seconds: float | None) -> None:
        self.webhook_deliveries.labels(outcome).inc()
        if seconds is not None:
            self.webhook_duration.observe(seconds)

    def purge(self, action: str) -> None:
        self.purges.labels(action).inc()

    def revocation(self) -> None:
        self.revocations.inc()

    def public_link(self, outcome: str) -> None:
        self.public_links.labels(outcome).inc()

    def participant_action(self, action: str) -> None:
        self.participant_actions.labels(action).inc()

    def purged_blob(self) -> None:
        self.purged_blobs.inc()

    def job(self, lane: str, kind: str, outcome: str) -> None:
        self.job_runs.labels(lane, kind, outcome).inc()

    @contextlib.contextmanager
    def finalizing(self):
        """Around producing a signed PDF: its time, and its outcome (an exception is a failure)."""
        started = time.perf_counter()
        try:
            yield
        except BaseException:
            self.finalizations.labels("failed").inc()
            raise
        self.finalization_duration.observe(time.perf_counter() - started)
        self.finalizations.labels("succeeded").inc()

    def pdf_check(self, outcome: str, seconds: float) -> None:
        self.pdf_checks.labels(outcome).inc()
        self.pdf_check_duration.observe(seconds)

    def page_image(self, outcome: str) -> None:
        self.page_images.labels(outcome).inc()

    def db_command(self, command: str, seconds: float) -> None:
        child = self._children.get(command)
        if child is None:
            child = self._children[command] = self.db_commands.labels(command)
        child.observe(seconds)

    # --- scrape ----------------------------------------------------------------------------------------

    async def watch_loop(self) -> None:
        """Run for the process's life (esign.services.Services.start): how late the event loop is to a
        timer, kept for the last LOOP_WINDOW_TICKS ticks."""
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + LOOP_TICK_SECONDS
            await asyncio.sleep(LOOP_TICK_SECONDS)
            self._lags.append(max(loop.time() - due, 0.0))
            self.loop_lag.set(max(self._lags))

    def certificates(self, labelled) -> None:
        """The expiry of each (label, certificate) the seal needs (CERTIFICATES)."""
        for label, cert in labelled:
            if label in CERTIFICATES:
                self.certificate_expiry.labels(CERTIFICATES[label]).set(
                    cert.not_valid_after_utc.replace(tzinfo=dt.timezone.utc).timestamp())

    async def refresh(self, store, lanes) -> None:
        """Read the queue's gauges of `lanes` from the database (each count served by an index)."""
        for lane in lanes:
            state = await store.jobs.lane_state(lane)
            self.jobs_queued.labels(lane).set(state["due"])
            self.jobs_scheduled.labels(lane).set(state["queued"] - state["due"])
            self.jobs_running.labels(lane).set(state["running"])
            self.jobs_failed.labels(lane).set(state["failed"])
            self.jobs_oldest_due.labels(lane).set(state["oldest_due_seconds"])
            if lane == "webhooks":
                self.webhook_backlog.labels("queued").set(state["queued"])
        self.webhook_backlog.labels("pending").set(await store.webhook_deliveries.pending_count())
        self.webhooks_paused.set(await store.webhooks.paused_count())

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def admitted(config, remote_ip: str, headers, xheaders: bool) -> bool:
    """Whether a scrape is answered: a bearer `[metrics] token` (compared in constant time), or a client
    address in `[metrics] allow`. Without `[server] xheaders` a request that came through a proxy
    (it carries forwarding headers) is not let in by its address: the proxy's (loopback) address is not
    the client's."""
    token = config.metrics.token
    given = headers.get("Authorization", "")
    if token and given[:7].lower() == "bearer " and hmac.compare_digest(given[7:].strip().encode(), token.encode()):
        return True
    if not xheaders and any(name in headers for name in FORWARDING_HEADERS):
        return False
    try:
        address = ipaddress.ip_address(remote_ip)
    except ValueError:
        return False
    if address.version == 6 and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in ipaddress.ip_network(net, strict=False) for net in config.metrics.allow)

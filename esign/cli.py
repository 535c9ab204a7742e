"""The `esign` command: serve, worker, jobs, admin, openapi, seal, verify."""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import pathlib
import signal
import sys

import tornado.netutil
from cryptography import x509

from esign import __version__, i18n, logs, startup, tracing
from esign import config as configmod
from esign import db as dbmod
from esign import services as servicesmod
from esign.app import all_routes, make_app, make_server
from esign.clock import iso
from esign.domain.evidence.audit import compare_with_store
from esign.domain.mail import notifications
from esign.domain.orgs import keys, rotation
from esign.domain.orgs import provisioning as prov
from esign.job_registry import make_worker
from esign.jobs.kinds import JOB_LANES, LANES
from esign.openapi import build
from esign.pdf.verify import MalformedSignature, check_pdf
from esign.schema import ASCII_EMAIL, EMAIL_RE
from esign.secrets import new_token

log = logging.getLogger("esign")
CONFIG_HELP = "the config file (default: $ESIGN_CONFIG, else built-in defaults and ESIGN_* variables)"
JOB_STATES = ("queued", "running", "done", "failed", "cancelled")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="esign", description="Self-hostable electronic-signature service")
    p.add_argument("--version", action="version", version=f"esign {__version__}", help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True)

    serve = sub.add_parser("serve", help="run the HTTP API (and the job worker unless --no-worker)")
    serve.add_argument("--config", help=CONFIG_HELP)
    serve.add_argument("--host", help="address to listen on (default: [server] host)")
    serve.add_argument("--port", type=int, help="port to listen on, 0 for any free port (default: [server] port)")
    serve.add_argument("--no-worker", action="store_true",
                       help="run no background jobs in this process (run `esign worker` beside it)")

    worker = sub.add_parser("worker", help="run background jobs only")
    worker.add_argument("--config", help=CONFIG_HELP)
    worker.add_argument("--lanes", help=f"comma-separated lanes to run (default all: {','.join(LANES)})")
    worker.add_argument("--check", action="store_true", help="health check: exit 0 when the database answers and "
                                                             "the lanes are configured, else 1 (the image's HEALTHCHECK)")

    jobs = sub.add_parser("jobs", help="the background job queue: its state per lane, its jobs, retry and "
                                       "cancel them (prints JSON)")
    jobs.add_argument("--config", help=CONFIG_HELP)
    jsub = jobs.add_subparsers(dest="action", required=True)
    jsub.add_parser("status", help="per lane: jobs queued, running, retrying (queued after a failed attempt), "
                                   "failed (given up) and cancelled, and how long the most overdue has waited")
    a = jsub.add_parser("list", help="jobs, the most recently changed first")
    _job_filters(a, states=True)
    a = jsub.add_parser("failed", help="failed jobs (given up), the most recently failed first")
    _job_filters(a)
    a = jsub.add_parser("retry", help="queue failed or cancelled jobs again, their attempts starting over: the "
                                      "JOB_IDs, or every failed job the filters select")
    a.add_argument("job_ids", nargs="*", metavar="JOB_ID", help="the job's id (as `esign jobs list` shows it)")
    _job_filters(a)
    a = jsub.add_parser("cancel", help="take queued jobs out of the queue (a running job cannot be cancelled): the "
                                       "JOB_IDs, or every queued job the filters select")
    a.add_argument("job_ids", nargs="*", metavar="JOB_ID", help="the job's id (as `esign jobs list` shows it)")
    _job_filters(a)

    sub.add_parser("openapi", help="print the OpenAPI JSON document")

    seal = sub.add_parser("seal", help="the deployment's seal")
    ssub = seal.add_subparsers(dest="action", required=True)
    a = ssub.add_parser("export", help="write the certificates to trust (PEM: the seal's, its issuers', the "
                                       "internal CA's), as GET /v1/seal-certificate answers")
    a.add_argument("--config", help=CONFIG_HELP)
    a.add_argument("--out", help="file to write (default: standard output)")

    verify = sub.add_parser("verify", help="check a signed PDF: its signatures, its seal and its audit trail; "
                                           "exit status 0 verified (every check passed, the seal checked with "
                                           "--trust or --config), 1 a check failed, 2 the file or --trust cannot "
                                           "be read or a signature dictionary is malformed (one line on standard "
                                           "error), 3 intact but signer not checked (neither --trust nor --config)")
    verify.add_argument("file", help="the PDF to check")
    verify.add_argument("--config", help="this deployment's config: check the seal against its seal certificate "
                                         "and the audit trail against its database")
    verify.add_argument("--trust", help="PEM file of certificates to trust (e.g. from `esign seal export`)")

    admin = sub.add_parser("admin", help="manage organisations and API keys (prints JSON)")
    admin.add_argument("--config", help=CONFIG_HELP)
    asub = admin.add_subparsers(dest="action", required=True)
    org_help = "organisation name or id"
    a = asub.add_parser("create-org", help="create an organisation")
    a.add_argument("name", help="its name (unique)")
    a.add_argument("--plan", default="free", help="its plan, one of [plans.*] (default: free)")
    a = asub.add_parser("create-key", help="create an API key (shown once)")
    a.add_argument("org", help=org_help)
    a.add_argument("--scopes", default="read,write", help=f"comma-separated, of {', '.join(configmod.SCOPES)} "
                                                          "(default: read,write)")
    a.add_argument("--sandbox", action="store_true", help="a sandbox key (esk_test_...): nothing is sent")
    a.add_argument("--rate-limit", type=int, default=0,
                   help="requests per minute, 1-1000 (default 0: the plan's rate)")
    a.add_argument("--owner-name", default="", help="the key owner's name (the sender shown in emails)")
    a.add_argument("--owner-email", default="", help="the key owner's address (Reply-To of emails, copies)")
    a.add_argument("--name", default="", help="a label for the key")
    asub.add_parser("reencrypt-secrets", help="re-encrypt every stored secret with the current [security] secret_key "
                                              "(after a rotation; then drop previous_secret_keys)")
    a = asub.add_parser("revoke-key", help="revoke an API key")
    a.add_argument("key_id", help="the key's id (as list-keys shows it)")
    a = asub.add_parser("list-keys", help="list an organisation's API keys (never the keys themselves)")
    a.add_argument("org", help=org_help)
    a = asub.add_parser("add-embed-origin", help="let an origin embed the organisation's signing pages")
    a.add_argument("org", help=org_help)
    a.add_argument("origin", help="scheme://host[:port] of the embedding page")
    a = asub.add_parser("remove-embed-origin", help="stop an origin embedding the signing pages")
    a.add_argument("org", help=org_help)
    a.add_argument("origin", help="scheme://host[:port] of the embedding page")
    a = asub.add_parser("set-delivery", help="send the organisation's signed documents to a URL")
    a.add_argument("org", help=org_help)
    a.add_argument("url", help="the HTTPS endpoint the signed PDFs are posted to")
    a.add_argument("--secret", default="", help="signing secret; generated when omitted")
    for command in (*jsub.choices.values(), *asub.choices.values()):  # `esign jobs failed --config FILE` too
        command.add_argument("--config", default=argparse.SUPPRESS, help=CONFIG_HELP)
    return p


def _job_filters(parser: argparse.ArgumentParser, states: bool = False) -> None:
    """The filters of `esign jobs list/failed/retry/cancel`."""
    parser.add_argument("--lane", choices=JOB_LANES, help="only jobs of this lane")
    parser.add_argument("--kind", help="only jobs of this kind (email, finalize, webhooks.deliver, ...)")
    if states:
        parser.add_argument("--state", choices=JOB_STATES, action="append",
                            help="only jobs in this state (repeat it for several; default: all)")
    parser.add_argument("--request", metavar="SIGNING_REQUEST_ID", help="only the jobs of this signing request")
    parser.add_argument("--limit", type=int, default=100, help="at most this many jobs (default 100)")


def _fail(code: int, message: str):
    """End with one line on standard error (the traceback only at DEBUG log level)."""
    log.debug("%s", message, exc_info=True)
    print(f"esign: {message}", file=sys.stderr)
    sys.exit(code)


def _configure_logging(level: str, command: str, fmt: str = "text") -> None:
    logs.configure(level, fmt)
    if command == "verify":  # what verify finds is its report: pyHanko's own path-building traces are noise
        logging.getLogger("pyhanko").setLevel(logging.CRITICAL)
        logging.getLogger("pyhanko_certvalidator").setLevel(logging.CRITICAL)


def main(argv=None) -> None:
    """Exit status: 0 done; 1 a check or command failed, or the service could not start for a reason
    outside its configuration (port in use, database unreachable); 2 a configuration or usage error;
    3 (`esign verify` only) the PDF is intact but its signer was not checked (verify_file)."""
    args = _parser().parse_args(argv)
    if args.command == "openapi":
        print(json.dumps(build(all_routes()), indent=2))
        return
    try:
        code = _run(args)
    except configmod.ConfigError as exc:
        _fail(2, f"configuration error: {exc}")
    except keys.NoKeyMaterial as exc:
        _fail(2, str(exc))
    except dbmod.PyMongoError as exc:
        # the driver's message names hosts, never the URL's password
        _fail(1, f"the database (database.url) cannot be used: {str(exc).split(', Timeout:')[0]}")
    except OSError as exc:
        _fail(1, f"cannot start: {exc}")
    except KeyboardInterrupt:
        code = 0
    sys.exit(code)


def _run(args) -> int:
    if args.command == "verify" and not args.config:
        _configure_logging("WARNING", args.command)
        return asyncio.run(verify_file(None, args))
    cfg = configmod.load(getattr(args, "config", None))
    _configure_logging("WARNING" if args.command == "verify" else cfg.logging.level.upper(), args.command,
                       cfg.logging.format)
    if args.command in ("serve", "worker"):
        startup.image_refusal(cfg)
    if args.command == "serve":
        startup.loopback_refusal(cfg, args.host or cfg.server.host)
        asyncio.run(serve(cfg, args.host, args.port, not args.no_worker))
    elif args.command == "worker":
        lanes = [lane.strip() for lane in args.lanes.split(",") if lane.strip()] if args.lanes else None
        if lanes is not None and (not lanes or set(lanes) - set(LANES)):
            _fail(2, f"--lanes takes some of {', '.join(LANES)}")
        if args.check:
            problem = asyncio.run(startup.worker_check(cfg, lanes or LANES))
            print(f"esign worker: {problem or 'ok'}", file=sys.stderr if problem else sys.stdout)
            return 1 if problem else 0
        asyncio.run(run_worker(cfg, lanes))
    elif args.command == "admin":
        return asyncio.run(with_services(cfg, admin_action, args))
    elif args.command == "jobs":
        return asyncio.run(with_services(cfg, jobs_action, args))
    elif args.command == "verify":
        return asyncio.run(with_services(cfg, verify_file, args, embedded_ok=True))
    elif args.command == "seal":
        return asyncio.run(with_services(cfg, seal_action, args, embedded_ok=True))
    return 0


async def start_services(cfg):
    """The services of a serving or working process, its signing keys loaded: a configured seal or
    `[signing] validation_roots` that cannot be used, or a seal outside its certificate's validity,
    stops start-up (a ConfigError naming the key); a seal expiring within 30 days is a warning."""
    python_notice = notifications.interpreter_notice()
    if python_notice:
        log.warning(python_notice)
    services = await servicesmod.build(cfg)
    try:
        await keys.validation_roots(services)
        await keys.labelled_certificates(services)  # [signing] previous_seal_certificates readable
        notice = keys.expiry_notice(services, await keys.signing_seal(services))
    except BaseException:
        await services.close()
        raise
    for warning in (notice, startup.seal_storage_notice(cfg)):
        if warning:
            log.warning(warning)
    return services


def _stop_on_signal() -> asyncio.Event:
    """An event set by SIGTERM or SIGINT; installed before the process says it is ready, so a signal
    sent as soon as it has said so stops it gracefully instead of killing it."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    return stop


async def serve(cfg, host=None, port=None, with_worker=True):
    """Run the API until SIGTERM or SIGINT, then stop gracefully: no new connections, requests in
    flight finish within `[server] shutdown_grace_seconds`, then the worker stops; exit status 0."""

    host = host or cfg.server.host
    port = cfg.server.port if port is None else port
    try:
        sockets = tornado.netutil.bind_sockets(port, host)
    except OSError as exc:
        _fail(1, f"cannot listen on {host}:{port} (server.host, server.port): {exc.strerror or exc}")
    try:  # the catalogs' .mo files (a read-only install reads its .po files instead, esign.i18n.translations)
        i18n.compile_catalogs()
    except OSError as exc:
        logging.getLogger("esign").info("message catalogs not compiled (%s): read from their .po files", exc)
    tracing.start()  # before the database client: its commands are traced from the first
    services = await start_services(cfg)
    await announce_first_run(services)
    server = make_server(make_app(services), cfg)
    server.add_sockets(sockets)
    bound = sockets[0].getsockname()[1]
    warning = configmod.follow_listening_address(cfg, host, bound)
    if warning:
        log.warning(warning)
    services.pdf_checker.start()  # the first upload does not wait for a checking process to start
    services.page_renderer.start()  # nor the first page image for a drawing one
    stop = _stop_on_signal()
    if with_worker:
        make_worker(services).start()
    elif dbmod.is_memory(cfg.database.url):  # no other process can reach this database's jobs
        log.warning("--no-worker on a memory:// database: no process runs background jobs (emails, "
                    "webhooks, signed PDFs); they wait until this process exits and are lost")
    print(json.dumps({"event": "listening", "version": __version__, "url": f"http://{host}:{bound}",
                      "public_url": cfg.server.public_url,
                      "worker": with_worker, "max_connections": server.max_connections}), flush=True)
    try:
        await stop.wait()
    finally:
        grace = cfg.server.shutdown_grace_seconds
        log.info("stopping: no new connections; requests in flight have %s s to finish", grace)
        if services.worker is not None and dbmod.is_memory(cfg.database.url):
            cut = await drain_embedded(services, server, grace)
        else:
            # requests in flight and running jobs share one grace; jobs still running then are released
            stopping_jobs = services.worker.stop(grace) if services.worker is not None else asyncio.sleep(0)
            cut, _ = await asyncio.gather(server.shutdown(grace), stopping_jobs)
        if cut:
            log.warning("%d requests were still running after %s s and were cut off", cut, grace)
        await services.close()
        log.info("stopped")


async def drain_embedded(services, server, grace: float) -> int:
    """Stop a server on the embedded database (memory://), whose jobs no other process can run: the
    worker goes on while the requests in flight finish, then runs the jobs due (those the requests
    queued too) until none is left or the grace is over; what is still queued then is lost, and
    logged. Returns how many requests were cut off."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    cut = await server.shutdown(grace)
    await services.worker.finish_queue(max(deadline - loop.time(), 0))
    await services.worker.stop(max(deadline - loop.time(), 0))
    left = sum([(await services.store.jobs.lane_state(lane))["queued"] for lane in JOB_LANES])
    if left:
        log.warning("%d background jobs (emails, webhooks, signed PDFs) were still queued after %s s and are lost "
                    "with the memory:// database", left, grace)
    else:
        log.info("every background job due was run before stopping")
    return cut


async def announce_first_run(services) -> None:
    """`[bootstrap] first_organization`: print the first organisation's key, once per database."""

    first = await prov.bootstrap_first_organization(services)
    if first:
        path = services.config.bootstrap.key_file
        if path:
            startup.write_key_file(path, first)
        print(json.dumps({"event": "first organization created", **first, **({"key_file": path} if path else {}),
                          "note": "the key is shown only now (stored as a hash); keep it safe"}), flush=True)


async def run_worker(cfg, lanes=None):
    if dbmod.is_memory(cfg.database.url):
        _fail(2, "a separate worker cannot share a memory:// database; use `esign serve` (it runs jobs) "
                 "or point database.url at MongoDB")

    tracing.start()
    await work(await start_services(cfg), lanes)


async def work(services, lanes=None):
    """Run the worker for `lanes` until SIGTERM or SIGINT, then stop it: running jobs may finish
    within `[jobs] shutdown_grace_seconds`, the rest are released at once."""

    worker = make_worker(services, lanes)
    stop = _stop_on_signal()
    worker.start()
    print(json.dumps({"event": "worker started", "lanes": worker.lanes + (["sweeps"] if worker.sweeps else [])}),
          flush=True)
    try:
        await stop.wait()
    finally:
        await worker.stop(services.config.jobs.shutdown_grace_seconds)
        await services.close()
        print(json.dumps({"event": "worker stopped"}), flush=True)


def _print(obj) -> None:
    print(json.dumps(obj, indent=2, default=lambda v: iso(v) if hasattr(v, "isoformat") else str(v)))


async def with_services(cfg, action, args, *, embedded_ok=False) -> int:
    """Run a command against the configured (persistent, unless `embedded_ok`) database."""
    if dbmod.is_memory(cfg.database.url) and not embedded_ok:
        print(f"esign: {args.command} commands need a persistent database: with memory:// the data lives inside "
              "the server process. Declare organisations and keys under [[organizations]] in the config file "
              "(applied at start-up), or set database.url to MongoDB.", file=sys.stderr)
        if args.action == "add-embed-origin":
            print("esign: with ./scripts/run, `./scripts/run --demo-embed=ORIGIN` lets ORIGIN embed the demo "
                  "organisation's signing pages.", file=sys.stderr)
        return 2

    python_notice = notifications.interpreter_notice()
    if python_notice:
        log.warning(python_notice)
    services = await servicesmod.build(cfg)
    try:
        return await action(services, args)
    finally:
        await services.close()


JOB_FIELDS = ("id", "kind", "lane", "status", "attempts", "max_attempts", "run_at", "last_error", "created_at",
              "updated_at")


def _job_view(job: dict) -> dict:
    """A job as `esign jobs` prints it: the request id and organisation that queued it (the log
    lines' request_id and org_id) and its signing request; never its payload (addresses, ...)."""
    origin = job.get("origin") or {}
    return {**{k: job.get(k) for k in JOB_FIELDS}, "signing_request_id": job["payload"].get("request_id"),
            "request_id": origin.get("request_id"), "org_id": origin.get("org_id")}


async def _select(services, args, states) -> list[dict]:
    kinds = [k.kind for k in services.job_kinds.values() if args.lane in (None, k.lane)]
    if args.kind is not None:
        kinds = [k for k in kinds if k == args.kind]
    return await services.store.jobs.listing(kinds, states, args.request, args.limit)


async def jobs_action(services, args) -> int:
    """One `esign jobs` command against `services`; prints JSON, returns the exit code."""
    jobs = services.store.jobs
    if args.action == "status":
        lanes = []
        for lane in JOB_LANES:
            state = await jobs.lane_state(lane)
            lanes.append({"lane": lane, "queued": state["queued"], "running": state["running"],
                          "retrying": await jobs.retrying(lane), "failed": state["failed"],
                          "cancelled": await jobs.count(lane=lane, status="cancelled"),
                          "oldest_due_seconds": round(state["oldest_due_seconds"], 3)})
        _print(lanes)
        return 0
    if args.limit < 1:
        _fail(2, "--limit must be at least 1")
    if args.action in ("list", "failed"):
        states = ["failed"] if args.action == "failed" else args.state or JOB_STATES
        _print([_job_view(job) for job in await _select(services, args, states)])
        return 0
    retry = args.action == "retry"
    change = jobs.requeue_failed if retry else jobs.cancel
    if args.job_ids:
        ids = args.job_ids
    elif any(v is not None for v in (args.lane, args.kind, args.request)):
        ids = [job["id"] for job in await _select(services, args, ["failed"] if retry else ["queued"])]
    else:
        _fail(2, f"jobs {args.action} takes JOB_IDs or a filter (--lane, --kind, --request)")
    changed, missed = [], []
    for job_id in ids:
        job = await change(job_id)
        (changed if job is not None else missed).append(_job_view(job) if job is not None else job_id)
    for job_id in missed:
        print(f"esign: no {'failed or cancelled' if retry else 'queued'} job {job_id!r}", file=sys.stderr)
    if changed or not missed:
        _print(changed[0] if len(args.job_ids) == 1 else changed)
    return 1 if missed else 0


async def seal_action(services, args) -> int:
    """`esign seal export`: the PEM bundle of esign.domain.orgs.keys.trust_bundle (on the embedded database
    the keys live in `[signing] key_dir`, so this reads the same seal as the server)."""

    bundle = await keys.trust_bundle(services, create=False)
    if args.out:
        try:
            with open(args.out, "wb") as f:
                f.write(bundle)
        except OSError as exc:
            print(f"esign: --out {args.out}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    else:
        sys.stdout.buffer.write(bundle)
        sys.stdout.flush()
    return 0


async def verify_file(services, args) -> int:
    """`esign verify`: prints what the PDF proves, in words. Exit status: 0 verified (every check passed
    and the seal was checked against --trust or --config); 1 a check failed; 2 the PDF or --trust cannot
    be read, or a signature dictionary is malformed (one line on standard error); 3 every check passed
    but the signer was not checked (neither --trust nor --config given)."""

    try:
        pdf = pathlib.Path(args.file).read_bytes()
    except OSError as exc:
        print(f"esign: {args.file}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        trust = x509.load_pem_x509_certificates(pathlib.Path(args.trust).read_bytes()) if args.trust else None
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not a PEM file of certificates"
        print(f"esign: --trust {args.trust}: {reason}", file=sys.stderr)
        return 2
    seal = None
    if services is not None:
        deployment = [cert for _, cert in await keys.labelled_certificates(services, create=False)]
        # the deployment's certificates (earlier seals' too), and the roots of its validation data (its TSA's)
        trust = [*(trust or []), *deployment, *await keys.validation_roots(services, create=False)]
        seal = await keys.seal_certificates(services, create=False)
    try:
        report = await asyncio.to_thread(check_pdf, pdf, trust, seal)
    except MalformedSignature as exc:
        print(f"esign: {args.file}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - whatever else the file makes the readers fail on: one line, no traceback
        log.debug("checking %s failed", args.file, exc_info=True)
        print(f"esign: {args.file}: the PDF cannot be checked: {' '.join(str(exc).split()) or type(exc).__name__}",
              file=sys.stderr)
        return 2
    if services is not None and report.trail is not None:
        if dbmod.is_memory(services.config.database.url):
            report.add(True, "the trail was not compared with the database: the embedded database (memory://) "
                             "lives inside the server process")
        else:
            for ok, text in await compare_with_store(services, report.trail):
                report.add(ok, text)
    print(report.text())
    return 0 if report.verified else 3 if report.ok else 1


async def admin_action(services, args) -> int:
    """One admin command against `services`; prints JSON, returns the exit code."""

    try:
        if args.action == "create-org":
            org = await prov.create_org(services, args.name, args.plan)
            _print({k: org[k] for k in ("id", "name", "plan", "created_at")})
            return 0
        if args.action == "reencrypt-secrets":  # after a service-key rotation (docs/operations.md)
            _print(await rotation.reencrypt_secrets(services))
            return 0
        if args.action == "revoke-key":
            ok = await services.store.api_keys.revoke(args.key_id)
            _print({"id": args.key_id, "revoked": ok})
            return 0 if ok else 1
        org = await services.store.organizations.by_name(args.org) or await services.store.organizations.by_id(args.org)
        if org is None:
            print(f"esign: no organisation {args.org!r}", file=sys.stderr)
            return 1
        if args.action == "create-key":
            scopes = [s.strip() for s in args.scopes.split(",") if s.strip()]
            bad = [s for s in scopes if s not in configmod.SCOPES]
            if bad or not 0 <= args.rate_limit <= 1000:
                print(f"esign: bad scopes {bad} or rate limit (1-1000)", file=sys.stderr)
                return 2
            if args.owner_email and not EMAIL_RE.match(args.owner_email):
                print(f"esign: --owner-email must be {ASCII_EMAIL}", file=sys.stderr)
                return 2
            key, record = await prov.create_key(services, org, scopes, args.sandbox, args.rate_limit,
                                                args.owner_name, args.owner_email, args.name)
            _print({"key": key, "note": "shown only now; it is stored as a hash", **prov.key_view(record)})
        elif args.action == "list-keys":
            _print([prov.key_view(k) for k in await services.store.api_keys.list_for_org(org["id"])])
        elif args.action in ("add-embed-origin", "remove-embed-origin"):
            change = (services.store.organizations.add_embed_origin if args.action == "add-embed-origin"
                      else services.store.organizations.remove_embed_origin)
            org = await change(org["id"], args.origin.rstrip("/"))
            _print({"id": org["id"], "name": org["name"], "embed_origins": org["embed_origins"]})
        elif args.action == "set-delivery":
            secret = args.secret or new_token(nbytes=32)
            org = await prov.set_delivery(services, org, args.url, secret)
            out = {"id": org["id"], "name": org["name"], "delivery_url": org["delivery_url"]}
            if not args.secret:
                out["delivery_secret"] = secret  # generated: shown once
            _print(out)
        return 0
    except prov.ProvisioningError as exc:
        print(json.dumps({"error": {"code": exc.code, "message": str(exc)}}), file=sys.stderr)
        return 1

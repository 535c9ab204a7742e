"""`esign serve` and `esign worker`: the API and the job worker, each until SIGTERM or SIGINT."""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import logging
import signal
import sys

import tornado.netutil

from esign import __version__, i18n, startup, tracing
from esign import config as configmod
from esign import db as dbmod
from esign import services as servicesmod
from esign.app import make_app, make_server
from esign.cli.common import CONFIG_HELP, fail, log, warn_interpreter
from esign.domain.orgs import keys
from esign.domain.orgs import provisioning as prov
from esign.job_registry import make_worker
from esign.jobs.kinds import JOB_LANES, LANES


def register(sub) -> None:
    """The `serve` and `worker` commands of the parser."""
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


def run(cfg, args: argparse.Namespace) -> int:
    """`esign serve` or `esign worker` with the loaded config."""
    startup.image_refusal(cfg)
    if args.command == "serve":
        startup.loopback_refusal(cfg, args.host or cfg.server.host)
        asyncio.run(serve(cfg, args.host, args.port, not args.no_worker))
        return 0
    lanes = [lane.strip() for lane in args.lanes.split(",") if lane.strip()] if args.lanes else None
    if lanes is not None and (not lanes or set(lanes) - set(LANES)):
        fail(2, f"--lanes takes some of {', '.join(LANES)}")
    if args.check:
        problem = asyncio.run(startup.worker_check(cfg, lanes or LANES))
        print(f"esign worker: {problem or 'ok'}", file=sys.stderr if problem else sys.stdout)
        return 1 if problem else 0
    asyncio.run(run_worker(cfg, lanes))
    return 0


async def start_services(cfg):
    """The services of a serving or working process, its signing keys loaded: a configured seal or
    `[signing] validation_roots` that cannot be used, or a seal outside its certificate's validity,
    stops start-up (a ConfigError naming the key); a seal expiring within 30 days is a warning."""
    warn_interpreter()
    services = await servicesmod.build(cfg)
    try:
        await keys.validation_roots(services)
        await keys.labelled_certificates(services)  # [signing] previous_seal_certificates readable
        notice = keys.expiry_notice(services, await keys.signing_seal(services))
    except BaseException:
        await services.close()
        raise
    for warning in (notice, startup.seal_storage_notice(cfg), startup.helo_notice(services.email)):
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


def freeze_start_up_heap() -> None:
    """Collect, then move every object start-up made (modules, handlers, schemas, catalogs: about
    135,000) to the collector's permanent generation (gc.freeze): a full collection then reads only
    what serving allocated since, instead of holding the event loop ~0.1 s each time it runs."""
    gc.collect()
    gc.freeze()
    log.info("start-up objects frozen for the garbage collector: %d", gc.get_freeze_count())


async def serve(cfg, host=None, port=None, with_worker=True):
    """Run the API until SIGTERM or SIGINT, then stop gracefully: no new connections, requests in
    flight finish within `[server] shutdown_grace_seconds`, then the worker stops; exit status 0."""

    host = host or cfg.server.host
    port = cfg.server.port if port is None else port
    try:
        sockets = tornado.netutil.bind_sockets(port, host)
    except OSError as exc:
        fail(1, f"cannot listen on {host}:{port} (server.host, server.port): {exc.strerror or exc}")
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
    services.body_loader.start().add_done_callback(  # nor the first large JSON body (a bulk send's) for the fork server
        lambda _: log.info("the JSON-body child processes are ready"))
    stop = _stop_on_signal()
    if with_worker:
        make_worker(services).start()
    elif dbmod.is_memory(cfg.database.url):  # no other process can reach this database's jobs
        log.warning("--no-worker on a memory:// database: no process runs background jobs (emails, "
                    "webhooks, signed PDFs); they wait until this process exits and are lost")
    freeze_start_up_heap()
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
    states = [await services.store.jobs.lane_state(lane) for lane in JOB_LANES]
    due, later = sum(s["due"] for s in states), sum(s["queued"] - s["due"] for s in states)
    if due:
        log.warning("%d background jobs due (emails, webhooks, signed PDFs) were still queued after the %s s grace "
                    "([server] shutdown_grace_seconds) and are lost with the memory:// database", due, grace)
    else:
        log.info("every background job due was run before stopping")
    if later:
        log.warning("%d background jobs scheduled for later (reminders, retries, sweeps) are lost with the memory:// "
                    "database", later)
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
        fail(2, "a separate worker cannot share a memory:// database; use `esign serve` (it runs jobs) "
                 "or point database.url at MongoDB")

    tracing.start()
    await work(await start_services(cfg), lanes)


async def work(services, lanes=None):
    """Run the worker for `lanes` until SIGTERM or SIGINT, then stop it: running jobs may finish
    within `[jobs] shutdown_grace_seconds`, the rest are released at once."""

    worker = make_worker(services, lanes)
    stop = _stop_on_signal()
    worker.start()
    freeze_start_up_heap()
    print(json.dumps({"event": "worker started", "lanes": worker.lanes + (["sweeps"] if worker.sweeps else [])}),
          flush=True)
    try:
        await stop.wait()
    finally:
        await worker.stop(services.config.jobs.shutdown_grace_seconds)
        await services.close()
        print(json.dumps({"event": "worker stopped"}), flush=True)

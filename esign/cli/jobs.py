"""`esign jobs`: the background job queue, its state per lane, its jobs; retry and cancel them."""
from __future__ import annotations

import argparse
import sys

from esign.cli.common import CONFIG_HELP, fail, print_json
from esign.jobs.kinds import JOB_LANES

JOB_STATES = ("queued", "running", "done", "failed", "cancelled")


def register(sub) -> None:
    """The `jobs` command of the parser."""
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
    for command in jsub.choices.values():  # `esign jobs failed --config FILE` too
        command.add_argument("--config", default=argparse.SUPPRESS, help=CONFIG_HELP)


def _job_filters(parser: argparse.ArgumentParser, states: bool = False) -> None:
    """The filters of `esign jobs list/failed/retry/cancel`."""
    parser.add_argument("--lane", choices=JOB_LANES, help="only jobs of this lane")
    parser.add_argument("--kind", help="only jobs of this kind (email, finalize, webhooks.deliver, ...)")
    if states:
        parser.add_argument("--state", choices=JOB_STATES, action="append",
                            help="only jobs in this state (repeat it for several; default: all)")
    parser.add_argument("--request", metavar="SIGNING_REQUEST_ID", help="only the jobs of this signing request")
    parser.add_argument("--limit", type=int, default=100, help="at most this many jobs (default 100)")



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
            lanes.append({"lane": lane, "queued": state["queued"], "due": state["due"], "running": state["running"],
                          "retrying": await jobs.retrying(lane), "failed": state["failed"],
                          "cancelled": await jobs.count(lane=lane, status="cancelled"),
                          "oldest_due_seconds": round(state["oldest_due_seconds"], 3)})
        print_json(lanes)
        return 0
    if args.limit < 1:
        fail(2, "--limit must be at least 1")
    if args.action in ("list", "failed"):
        states = ["failed"] if args.action == "failed" else args.state or JOB_STATES
        print_json([_job_view(job) for job in await _select(services, args, states)])
        return 0
    retry = args.action == "retry"
    change = jobs.requeue_failed if retry else jobs.cancel
    if args.job_ids:
        ids = args.job_ids
    elif any(v is not None for v in (args.lane, args.kind, args.request)):
        ids = [job["id"] for job in await _select(services, args, ["failed"] if retry else ["queued"])]
    else:
        fail(2, f"jobs {args.action} takes JOB_IDs or a filter (--lane, --kind, --request)")
    changed, missed = [], []
    for job_id in ids:
        job = await change(job_id)
        (changed if job is not None else missed).append(_job_view(job) if job is not None else job_id)
    for job_id in missed:
        print(f"esign: no {'failed or cancelled' if retry else 'queued'} job {job_id!r}", file=sys.stderr)
    if changed or not missed:
        print_json(changed[0] if len(args.job_ids) == 1 else changed)
    return 1 if missed else 0

"""The `esign` command: serve, worker, jobs, admin, openapi, seal, verify (a module per command group)."""
from __future__ import annotations

import argparse
import asyncio
import json
import sys

from esign import __version__, logs
from esign import config as configmod
from esign import db as dbmod
from esign.app import all_routes
from esign.cli import admin, jobs, serve, verify
from esign.cli.admin import admin_action
from esign.cli.common import fail, with_services
from esign.cli.jobs import jobs_action
from esign.cli.serve import announce_first_run, start_services, work
from esign.cli.verify import seal_action, verify_file
from esign.domain.orgs import keys
from esign.openapi import build

__all__ = ["admin_action", "announce_first_run", "jobs_action", "main", "start_services", "work"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="esign", description="Self-hostable electronic-signature service")
    p.add_argument("--version", action="version", version=f"esign {__version__}", help="print the version and exit")
    sub = p.add_subparsers(dest="command", required=True)
    serve.register(sub)
    jobs.register(sub)
    sub.add_parser("openapi", help="print the OpenAPI JSON document")
    verify.register(sub)
    admin.register(sub)
    return p


def _configure_logging(level: str, command: str, fmt: str = "text") -> None:
    logs.configure(level, fmt)
    if command == "verify":
        verify.quiet_pyhanko()


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
        fail(2, f"configuration error: {exc}")
    except keys.NoKeyMaterial as exc:
        fail(2, str(exc))
    except dbmod.PyMongoError as exc:
        # the driver's message names hosts, never the URL's password
        fail(1, f"the database (database.url) cannot be used: {str(exc).split(', Timeout:')[0]}")
    except OSError as exc:
        fail(1, f"cannot start: {exc}")
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
        return serve.run(cfg, args)
    if args.command == "admin":
        return asyncio.run(with_services(cfg, admin_action, args))
    if args.command == "jobs":
        return asyncio.run(with_services(cfg, jobs_action, args))
    if args.command == "verify":
        return asyncio.run(with_services(cfg, verify_file, args, embedded_ok=True))
    return asyncio.run(with_services(cfg, seal_action, args, embedded_ok=True))  # seal

"""What the `esign` commands share: the one-line failure, the JSON output, the services of a command."""
from __future__ import annotations

import json
import logging
import sys

from esign import db as dbmod
from esign import services as servicesmod
from esign.clock import iso
from esign.domain.mail import notifications

log = logging.getLogger("esign")
CONFIG_HELP = "the config file (default: $ESIGN_CONFIG, else built-in defaults and ESIGN_* variables)"


def fail(code: int, message: str):
    """End with one line on standard error (the traceback only at DEBUG log level)."""
    log.debug("%s", message, exc_info=True)
    print(f"esign: {message}", file=sys.stderr)
    sys.exit(code)


def print_json(obj) -> None:
    print(json.dumps(obj, indent=2, default=lambda v: iso(v) if hasattr(v, "isoformat") else str(v)))


def warn_interpreter() -> None:
    """Log the notice about this Python interpreter, if there is one."""
    python_notice = notifications.interpreter_notice()
    if python_notice:
        log.warning(python_notice)


async def with_services(cfg, action, args, *, embedded_ok=False) -> int:
    """Run a command against the configured (persistent, unless `embedded_ok`) database."""
    if dbmod.is_memory(cfg.database.url) and not embedded_ok:
        print(f"esign: {args.command} commands need a persistent database: with memory:// the data lives inside "
              "the server process. Declare organisations and keys under [[organizations]] in the config file "
              "(applied at start-up), or set database.url to MongoDB.", file=sys.stderr)
        if args.action == "add-embed-origin":
            print("esign: with ./scripts/run, `./scripts/run --demo-embed=ORIGIN` lets ORIGIN embed the demo "
                  "organisation's signing pages.", file=sys.stderr)
        if args.action == "add-member":
            print("esign: with memory://, declare the organisation's members under [[organizations.members]] in "
                  "the config file.", file=sys.stderr)
        return 2

    warn_interpreter()
    services = await servicesmod.build(cfg)
    try:
        return await action(services, args)
    finally:
        await services.close()

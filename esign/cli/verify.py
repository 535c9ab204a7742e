"""`esign seal export` and `esign verify`: the certificates to trust, and what a signed PDF proves."""
from __future__ import annotations

import asyncio
import logging
import pathlib
import sys

from cryptography import x509

from esign import db as dbmod
from esign.cli.common import CONFIG_HELP, log
from esign.domain.evidence import verification
from esign.domain.evidence.audit import compare_with_store
from esign.domain.orgs import keys
from esign.pdf.verify import MalformedSignature, check_pdf


def register(sub) -> None:
    """The `seal` and `verify` commands of the parser."""
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


def quiet_pyhanko() -> None:
    """What verify finds is its report: pyHanko's own path-building traces are noise."""
    logging.getLogger("pyhanko").setLevel(logging.CRITICAL)
    logging.getLogger("pyhanko_certvalidator").setLevel(logging.CRITICAL)


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
    """`esign verify`: prints what the PDF proves, in words (and, in a note, the public verification
    page's URL its certificate of completion prints: esign.pdf.verify). Exit status: 0 verified (every
    check passed and the seal was checked against --trust or --config); 1 a check failed; 2 the PDF or
    --trust cannot be read, or a signature dictionary is malformed (one line on standard error); 3 every
    check passed but the signer was not checked (neither --trust nor --config given)."""

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
        deployment, seal = await verification.deployment_trust(services, create=False)
        trust = [*(trust or []), *deployment]
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

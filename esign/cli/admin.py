"""`esign admin`: organisations, API keys, embedding origins and delivery, and re-encrypting secrets."""
from __future__ import annotations

import argparse
import json
import sys

from esign import config as configmod
from esign.cli.common import CONFIG_HELP, print_json
from esign.domain.console import members as console_members
from esign.domain.mail import key_horizon
from esign.domain.orgs import provisioning as prov
from esign.domain.orgs import rotation
from esign.schema import ASCII_EMAIL, EMAIL_RE
from esign.secrets import new_token


def register(sub) -> None:
    """The `admin` command of the parser."""
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
    a = asub.add_parser("add-member", help="add a member to the staff console (emailed a sign-in link)")
    a.add_argument("--org", required=True, help=org_help)
    a.add_argument("--email", required=True, help="the member's address (console sign-in links go there)")
    a.add_argument("--name", default="", help="the member's name")
    a.add_argument("--role", default="sender", choices=configmod.MEMBER_ROLES,
                   help="sender (their own requests) or admin (all the organisation's); default: sender")
    for command in asub.choices.values():  # `esign admin list-keys ORG --config FILE` too
        command.add_argument("--config", default=argparse.SUPPRESS, help=CONFIG_HELP)


async def admin_action(services, args) -> int:
    """One admin command against `services`; prints JSON, returns the exit code."""

    try:
        if args.action == "create-org":
            org = await prov.create_org(services, args.name, args.plan)
            print_json({k: org[k] for k in ("id", "name", "plan", "created_at")})
            return 0
        if args.action == "reencrypt-secrets":  # after a service-key rotation (docs/operations.md)
            # and until when links made with an earlier key work: keep it listed until `all`
            print_json({**await rotation.reencrypt_secrets(services),
                        "previous_keys_needed_until": await key_horizon.links_horizon(services)})
            return 0
        if args.action == "revoke-key":
            ok = await services.store.api_keys.revoke(args.key_id)
            print_json({"id": args.key_id, "revoked": ok})
            return 0 if ok else 1
        org = await services.store.organizations.by_name(args.org) or await services.store.organizations.by_id(args.org)
        if org is None:
            print(f"esign: no organisation {args.org!r}", file=sys.stderr)
            return 1
        if args.action == "add-member":
            member = await console_members.add_member(services, org, args.email, args.name, args.role)
            print_json(console_members.member_view(member))
        elif args.action == "create-key":
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
            print_json({"key": key, "note": "shown only now; it is stored as a hash", **prov.key_view(record)})
        elif args.action == "list-keys":
            print_json([prov.key_view(k) for k in await services.store.api_keys.list_for_org(org["id"])])
        elif args.action in ("add-embed-origin", "remove-embed-origin"):
            change = (services.store.organizations.add_embed_origin if args.action == "add-embed-origin"
                      else services.store.organizations.remove_embed_origin)
            org = await change(org["id"], args.origin.rstrip("/"))
            print_json({"id": org["id"], "name": org["name"], "embed_origins": org["embed_origins"]})
        elif args.action == "set-delivery":
            secret = args.secret or new_token(nbytes=32)
            org = await prov.set_delivery(services, org, args.url, secret)
            out = {"id": org["id"], "name": org["name"], "delivery_url": org["delivery_url"]}
            if not args.secret:
                out["delivery_secret"] = secret  # generated: shown once
            print_json(out)
        return 0
    except (prov.ProvisioningError, console_members.MemberError) as exc:
        print(json.dumps({"error": {"code": exc.code, "message": str(exc)}}), file=sys.stderr)
        return 1

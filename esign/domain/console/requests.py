"""What a console member sees of a signing request and does to it (docs/console.md): through the same
domain functions `/v1` uses, each recorded with the member as its actor (`metadata.by`:
`{member_id, name, email}`, which the certificate names as the sender).

A `sender` reaches the requests they own (owner email in any case, as the list compares it), an `admin`
every request of the organisation; anything else, another organisation's included, is 404."""
from __future__ import annotations

import logging
from typing import Any

from esign.domain.ports import Services
from esign.domain.requests import downloads, fresh_links, lifecycle
from esign.domain.requests import signing_requests as requests_domain
from esign.domain.signer import routing
from esign.domain.templating import templates as templates_domain
from esign.errors import invalid_state, not_found
from esign.store.records import Json, Signer, SigningRequest, Template

log = logging.getLogger("esign.console")
EDITOR_OPEN_SECONDS = 600  # the editor's link is followed at once (a redirect)


def actor(member: dict[str, Any]) -> Json:
    """The member as events record who acted (`metadata.by`)."""
    return {"member_id": member["id"], "name": member["name"] or member["email"], "email": member["email"]}


def owner(member: dict[str, Any]) -> Json:
    """The member as the owner of what they create (what a request reads from its API key)."""
    return {"id": None, "owner_name": member["name"] or member["email"], "owner_email": member["email"]}


async def load(services: Services, member: dict[str, Any], request_id: str) -> SigningRequest:
    """The request as it stands, if the member may reach it (404 otherwise)."""
    request = await requests_domain.get(services, member["org_id"], request_id)
    if member["role"] == "sender" and (request.get("owner_email") or "").lower() != member["email"]:
        raise not_found("signing request")
    return request


def done(services: Services, member: dict[str, Any], action: str, request_id: str, detail: str = "",
         what: str = "signing request") -> None:
    """Count (`esign_console_actions_total{action}`) and log what a member did to a request (or to `what`:
    a template), the log line carrying the HTTP request's id."""
    services.metrics.console_action(action)
    log.info("console member %s of org %s: %s %s %s%s", member["id"], member["org_id"], action, what,
             request_id, f" ({detail})" if detail else "")


async def timeline(services: Services, request: SigningRequest) -> list[Json]:
    """The request's audit events, oldest first."""
    events: list[Json] = await services.store.events.for_request(request["org_id"], request["id"])
    return events[::-1]


async def remind(services: Services, member: dict[str, Any], request: SigningRequest) -> list[Signer]:
    """Remind the signers whose turn it is (as `POST .../remind`): those reminded."""
    _, targets = await lifecycle.remind(services, request, by=actor(member))
    done(services, member, "reminded", request["id"], f"{len(targets)} signers")
    return targets


async def cancel(services: Services, member: dict[str, Any], request: SigningRequest, reason: str) -> SigningRequest:
    cancelled = await lifecycle.cancel(services, request, reason or None, by=actor(member))
    done(services, member, "cancelled", request["id"])
    return cancelled


async def replace_signer(services: Services, member: dict[str, Any], request: SigningRequest, signer_id: str,
                         person: Json) -> SigningRequest:
    """Put another person (`{name, email, phone}`) in a signer's place (as `POST .../signers/{id}/replace`)."""
    lifecycle.find_signer(request, signer_id)
    replaced = await routing.replace(services, request, signer_id, person, by=actor(member))
    done(services, member, "signer_replaced", request["id"], f"signer {signer_id}")
    return replaced


async def fresh_link(services: Services, member: dict[str, Any], request: SigningRequest, signer_id: str) -> str:
    """A fresh signing URL of a `link` signer (the earlier ones keep working)."""
    if lifecycle.find_signer(request, signer_id).get("delivery") != "link":
        raise invalid_state("only a signer whose delivery is `link` is given their link here")
    _, url = await fresh_links.issue(services, request, signer_id, False, by=actor(member))
    done(services, member, "link_issued", request["id"], f"signer {signer_id}")
    return url


async def download(services: Services, member: dict[str, Any], request: SigningRequest, which: str,
                   document_id: str | None) -> str:
    """The URL of a signed document (`document_id`), the combined PDF or the certificate."""
    combined = which == "combined"
    link = await downloads.download_link(services, request, "signed" if combined else which, document_id, combined,
                                         by=actor(member))
    url: str = link["download_url"]
    done(services, member, "downloaded", request["id"], which)
    return url


def editor_session(member: dict[str, Any], request_id: str | None = None, template_id: str | None = None) -> Json:
    """The body of the authoring session (esign.domain.authoring.sessions.create) that opens the draft
    `request_id` in the editor for the member (else a new one: the caller adds its `document_ids`), or
    the template `template_id`, but its capabilities (the rooms `authoring` and `console` are independent:
    the handler adds them): no embed origin, and the member as the acting user, who becomes the draft's
    owner (so the certificate names them as the sender)."""
    if template_id:
        return {"mode": "template", "template_id": template_id,
                "acting_user": {"name": member["name"] or member["email"], "email": member["email"]},
                "locked": [], "open_within_seconds": EDITOR_OPEN_SECONDS}
    return {"mode": "request", **({"request_id": request_id} if request_id else {}),
            "acting_user": {"name": member["name"] or member["email"], "email": member["email"]},
            "locked": [], "open_within_seconds": EDITOR_OPEN_SECONDS}


def placeholders(template: Template) -> list[str]:
    """The keys of the `{{key}}` placeholders of `template` (message, subject, role fields' values) a send
    must give a value for, sorted."""
    texts = [template.get("default_message"), template.get("email_subject"),
             *(f.get("value") for role in template["roles"] for f in role["fields"])]
    return sorted({m.group(1) for text in texts if text for m in templates_domain.PLACEHOLDER.finditer(text)})


async def send_template(services: Services, member: dict[str, Any], template: Template, people: list[Json],
                        variables: dict[str, str]) -> SigningRequest:
    """A request from `template` (as `POST /v1/templates/{id}/send`), each role's person in `people`
    (`{role, name, email}`) and the placeholders filled from `variables`, owned by the member and sent by
    them (so the send's event names them)."""
    org = await services.store.organizations.by_id(member["org_id"])
    if org is None:
        raise not_found("organisation")
    draft = await templates_domain.create_request(services, org, owner(member), False, template,
                                                  {"signers": people, "variables": variables, "auto_send": False})
    sent = await requests_domain.send(services, draft, by=actor(member))
    done(services, member, "template_sent", sent["id"], f"template {template['id']}")
    return sent

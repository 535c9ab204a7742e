"""Signing requests with their signers and fields embedded, so that every transition is one atomic
single-document update (filter: id + expected status + version)."""
from __future__ import annotations

import builtins
import datetime as dt
import re
from collections.abc import Mapping, Sequence
from typing import Any

from esign.db import DuplicateKeyError, ReturnDocument
from esign.store.base import ASCENDING, DESCENDING, Index, Page, Repository
from esign.store.contacts import name_key
from esign.store.records import Json, SigningRequest

STATUSES = ["draft", "pending", "completed", "cancelled", "expired"]
# what a purge may take (esign.domain.retention.purge): a final state (a draft is deleted instead)
PURGEABLE = ["completed", "cancelled", "expired"]
# when a request in each of those states ended
ENDED = {"completed": "completed_at", "cancelled": "cancelled_at", "expired": "expired_at"}
SORTS = ("created_at", "updated_at", "expires_at")
# a completed request whose certificate is still to be made (a revocation waits for it)
UNSEALED = ["processing", "failed"]
# what a list summary shows: never the signers' drawings or the fields
SUMMARY = {f: 1 for f in ("org_id", "document_id", "document_name", "status", "signing_order", "expires_at", "created_at",
                          "updated_at", "owner_name", "owner_email", "sandbox", "signers.name", "signers.status", "signers.type",
                          "external_id", "metadata_terms")}
WORD = re.compile(r"\w+")
MAX_NAME_WORDS = 8  # of each signer's name, searchable
MAX_WORD_CHARS = 64  # a longer word is kept (and searched) by its first 64 characters


def search_words(text: str) -> builtins.list[str]:
    """The words of `text` as a search matches them: without case or accents (name_key), each at most
    MAX_WORD_CHARS long."""
    return [word[:MAX_WORD_CHARS] for word in WORD.findall(name_key(text))]


def search_terms(signers: Sequence[Mapping[str, Any]]) -> builtins.list[str]:
    """What the console's search matches on a request (`search_terms`): the first MAX_NAME_WORDS words of
    each signer's name (search_words) and each signer's email address in lower case, each once; bounded
    by the signers a request holds."""
    terms = {word: None for s in signers for word in search_words(s.get("name") or "")[:MAX_NAME_WORDS]}
    terms.update({s["email"].lower(): None for s in signers if s.get("email")})
    return builtins.list(terms)


def derived(fields: Mapping[str, Any]) -> Json:
    """The fields a write of `signers` or `owner_email` implies, kept beside them at every write: the
    search terms and the owner's address in lower case (`owner_key`, what the console's "mine" matches)."""
    out: Json = {}
    if "signers" in fields:
        out["search_terms"] = search_terms(fields["signers"])
    if "owner_email" in fields:
        out["owner_key"] = (fields["owner_email"] or "").lower()
    return out


def _list_index(name: str, filters: list[tuple[str, int]], sort: str, partial: Json | None = None) -> Index:
    range_filter: list[tuple[str, int]] = [] if sort == "created_at" else [("created_at", ASCENDING)]
    return Index(name, [("org_id", ASCENDING), *filters, ("status", ASCENDING), (sort, DESCENDING), ("_id", DESCENDING),
                        *range_filter], partial=partial)


def _unscheduled(org_id: str, status: str, ended_before: dt.datetime, template_id: str | None,
                 not_templates: Sequence[str]) -> Json:
    """The filter of the requests in `status` that ended before `ended_before`, neither purged nor scheduled
    (SigningRequests.to_schedule): made from `template_id`, or from none of `not_templates`."""
    query: Json = {"org_id": org_id, "status": status, "purge.state": None, "retention_purge_at": None,
                   ENDED[status]: {"$lte": ended_before}}
    if template_id is not None:
        query["template_id"] = template_id
    elif not_templates:
        query["template_id"] = {"$nin": builtins.list(not_templates)}
    return query


class RequestExists(Exception):
    """A signing request with this id is stored already (made by an earlier run of the same bulk item)."""


class SigningRequests(Repository[SigningRequest]):
    collection_name = "signing_requests"
    indexes = [
        # lists sort by (created_at | updated_at | expires_at, _id) and always filter `status` (all of
        # them when not asked: MongoDB merges the few ranges in order), so an index per sort serves every
        # filter without sorting in memory (either direction); `created_at` last for its range filter
        *(_list_index(f"org_status_{sort}", [], sort) for sort in SORTS),
        *(_list_index(f"org_signer_status_{sort}", [("signer_emails", ASCENDING)], sort) for sort in SORTS),
        # the staff console: a search by signers' name words or addresses (`search_terms`), and "mine" (a
        # sender's own requests, `owner_key`), alone or with a search
        _list_index("org_terms_status_created_at", [("search_terms", ASCENDING)], "created_at"),
        _list_index("org_owner_status_created_at", [("owner_key", ASCENDING)], "created_at"),
        _list_index("org_owner_terms_status_created_at", [("owner_key", ASCENDING), ("search_terms", ASCENDING)],
                    "created_at"),
        # the sender's labels (esign.domain.requests.tags), one filter at a time; only requests that have them
        *(_list_index(f"org_external_id_status_{sort}", [("external_id", ASCENDING)], sort,
                      partial={"external_id": {"$type": "string"}}) for sort in SORTS),
        *(_list_index(f"org_metadata_status_{sort}", [("metadata_terms", ASCENDING)], sort,
                      partial={"metadata_terms": {"$type": "string"}}) for sort in SORTS),
        # a purge keeps an original another request of the organisation still uses (esign.domain.retention)
        Index("org_document", [("org_id", ASCENDING), ("document_id", ASCENDING), ("purge.state", ASCENDING),
                               ("_id", ASCENDING)]),
        Index("org_envelope_document", [("org_id", ASCENDING), ("documents.id", ASCENDING), ("purge.state", ASCENDING),
                                        ("_id", ASCENDING)]),
        # the retention sweep (esign.domain.retention.policy): requests of an organisation that ended before a
        # time and are neither purged nor scheduled, by state; then the scheduled purges that are due
        # (`template_id` last: those made from a template with its own retention are left to it)
        *(Index(f"retention_{state}", [("org_id", ASCENDING), ("status", ASCENDING), ("purge.state", ASCENDING),
                                       ("retention_purge_at", ASCENDING), (ENDED[state], ASCENDING),
                                       ("template_id", ASCENDING)])
          for state in PURGEABLE),
        # ... and those made from a template that carries its own retention (esign.domain.retention.policy)
        *(Index(f"retention_template_{state}", [("org_id", ASCENDING), ("template_id", ASCENDING), ("status", ASCENDING),
                                                ("purge.state", ASCENDING), ("retention_purge_at", ASCENDING),
                                                (ENDED[state], ASCENDING)], partial={"template_id": {"$type": "string"}})
          for state in PURGEABLE),
        Index("retention_due", [("purge.state", ASCENDING), ("retention_purge_at", ASCENDING)]),
        # the preview's scheduled purges, by what scheduled them (`retention_by`) and template
        Index("retention_scheduled", [("org_id", ASCENDING), ("status", ASCENDING), ("purge.state", ASCENDING),
                                      ("retention_by", ASCENDING), ("template_id", ASCENDING),
                                      ("retention_purge_at", ASCENDING)]),
        # the requests a legal hold by template covers (esign.domain.retention.holds)
        Index("org_template", [("org_id", ASCENDING), ("template_id", ASCENDING)]),
        # the public verification page (esign.domain.evidence.verification): only completed requests have an id.
        # Not a unique index: 80 random bits collide once in about 2^40 requests, and a unique field would make
        # the completing update (one per request, holding every field and value) check and roll back the
        # whole document
        Index("verification_id", [("verification_id", ASCENDING)], partial={"verification_id": {"$type": "string"}}),
        # sweeps
        Index("status_expires", [("status", ASCENDING), ("expires_at", ASCENDING)]),
        # the last completion: until when copy links made with a retiring service key work (esign.domain.orgs.rotation)
        Index("status_completed", [("status", ASCENDING), ("completed_at", ASCENDING)]),
        Index("status_next_reminder", [("status", ASCENDING), ("next_reminder_at", ASCENDING)]),
        Index("effects_due", [("effects_at", ASCENDING)]),
        Index("stuck_finalization", [("signed_pdf_status", ASCENDING), ("status", ASCENDING), ("updated_at", ASCENDING)]),
        # link tokens: only signers that hold one are indexed (a token_hash of None is not)
        Index("signer_token", [("signers.token_hash", ASCENDING)], partial={"signers.token_hash": {"$type": "string"}}),
        # links that moved (a signer replaced or delegated: esign.domain.signer.routing), to say so when used
        Index("signer_moved_token", [("signers.moved_token_hashes", ASCENDING)],
              partial={"signers.moved_token_hashes": {"$type": "string"}}),
        # earlier links that still work beside the current one (POST .../signing-url: esign.domain.requests.fresh_links)
        Index("signer_earlier_token", [("signers.earlier_token_hashes", ASCENDING)],
              partial={"signers.earlier_token_hashes": {"$type": "string"}}),
    ]
    cursor_fields = SORTS

    async def insert(self, doc: Json) -> SigningRequest:
        """Insert a new request (with the fields `derived` from it); RequestExists when its id is taken
        (the collection's only unique key)."""
        try:
            return await super().insert({**doc, **derived(doc)})
        except DuplicateKeyError:
            raise RequestExists(doc["_id"]) from None

    async def replace_if(self, record: SigningRequest, expected_status: str | builtins.list[str] | tuple[str, ...],
                         changes: Json) -> SigningRequest | None:
        """Apply `changes` if the record is still in `expected_status` (a status or a list) at the
        version it was read at and no purge has begun on it (with the fields `derived` from them). Returns
        the new record, or None when someone else changed it first."""
        statuses = expected_status if isinstance(expected_status, (list, tuple)) else [expected_status]
        changes = {**changes, **derived(changes), "version": record["version"] + 1, "updated_at": self.clock.now()}
        doc = await self.col.find_one_and_update(
            {"_id": record["id"], "status": {"$in": statuses}, "version": record["version"],
             "purge": {"$exists": False}},
            {"$set": changes}, return_document=ReturnDocument.AFTER)
        return self.record(doc)

    async def by_verification_id(self, verification_id: str) -> SigningRequest | None:
        """The completed request whose public verification id this is (esign.domain.evidence.verification)."""
        return self.record(await self.col.find_one({"verification_id": verification_id}))

    async def set_delivery(self, request_id: str, fields: Json, *, first: bool = False) -> None:
        """Record the enterprise delivery's state in the request's `delivery` sub-document (one
        atomic update; `version` is left alone so it never races the signing transitions). With
        `first`, only when no delivery has been recorded yet."""
        query = {"_id": request_id, **({"delivery": {"$exists": False}} if first else {})}
        await self.col.update_one(query, {"$set": {f"delivery.{k}": v for k, v in fields.items()}})

    async def list(self, org_id: str, *, status: str | None = None, created_after: dt.datetime | None = None,
                   created_before: dt.datetime | None = None, signer_email: str | None = None,
                   external_id: str | None = None, metadata_terms: Sequence[str] = (), sort: str = "created_at",
                   order: str = "desc", limit: int = 50, offset: int = 0, after: Json | None = None,
                   owner_email: str | None = None, terms: Sequence[str] = ()) -> Page:
        """Summaries (see SUMMARY), in `sort` order then by id; `after` is a record of the list (cursor).
        At most one of `signer_email`, `external_id`, `metadata_terms` and `terms` (each has its
        indexes); several metadata terms, or search terms (`search_terms`), must all be there.
        `owner_email` (the console's "mine", matched in any case) and `terms` sort by `created_at` only."""
        query: Json = {"org_id": org_id}
        if owner_email:
            query["owner_key"] = owner_email.lower()
        if terms:
            query["$and"] = [{"search_terms": term} for term in terms]
        if signer_email:
            query["signer_emails"] = signer_email.lower()
        if external_id:
            query["external_id"] = external_id
        if metadata_terms:
            query["$and"] = [{"metadata_terms": term} for term in metadata_terms]
        query["status"] = status or {"$in": STATUSES}
        if created_after or created_before:
            query["created_at"] = {}
            if created_after:
                query["created_at"]["$gt"] = created_after
            if created_before:
                query["created_at"]["$lt"] = created_before
        direction = DESCENDING if order == "desc" else ASCENDING
        return await self.page(query, [(sort, direction), ("_id", direction)], limit, offset, after=after,
                               projection=SUMMARY)

    async def stuck_finalizations(self, cutoff: dt.datetime, limit: int) -> builtins.list[SigningRequest]:
        """Completed requests whose signed PDF has made no progress since `cutoff`."""
        cursor = self.col.find({"signed_pdf_status": {"$in": ["processing", "failed"]}, "status": "completed",
                                "updated_at": {"$lte": cutoff}}).limit(limit)
        return self.records([d async for d in cursor])

    async def signed_pdf_retried(self, request: SigningRequest) -> None:
        """Put a stuck finalisation back to processing (if nobody changed the request meanwhile)."""
        await self.col.update_one({"_id": request["id"], "version": request["version"]}, {
            "$set": {"signed_pdf_status": "processing", "updated_at": self.clock.now()}, "$inc": {"version": 1}})

    async def signed_pdf_ready(self, request_id: str, changes: Json) -> SigningRequest | None:
        """Record the finished signed PDF; None when another run recorded it first."""
        return self.record(await self.col.find_one_and_update(
            {"_id": request_id, "signed_pdf_status": {"$ne": "ready"}},
            {"$set": {**changes, "updated_at": self.clock.now()}, "$inc": {"version": 1}},
            return_document=ReturnDocument.AFTER))

    async def signed_pdf_failed(self, request_id: str, reason: str) -> None:
        await self.col.update_one({"_id": request_id, "signed_pdf_status": "processing"}, {
            "$set": {"signed_pdf_status": "failed", "signed_pdf_error": reason}, "$inc": {"version": 1}})

    async def email_bounced(self, request_id: str, signer_id: str) -> None:
        await self.col.update_one({"_id": request_id, "signers.id": signer_id},
                                  {"$set": {"signers.$.email_bounced_at": self.clock.now()}, "$inc": {"version": 1}})

    async def email_failed(self, request_id: str, signer_id: str, failed: bool) -> None:
        """Mark (or clear) that the signer's email was given up on (`email_failed_at`)."""
        await self.col.update_one({"_id": request_id, "signers.id": signer_id}, {
            "$set": {"signers.$.email_failed_at": self.clock.now() if failed else None}, "$inc": {"version": 1}})

    async def sms_failed(self, request_id: str, signer_id: str, failed: bool) -> None:
        """Mark (or clear) that the signer's text message was given up on (`sms_failed_at`)."""
        await self.col.update_one({"_id": request_id, "signers.id": signer_id}, {
            "$set": {"signers.$.sms_failed_at": self.clock.now() if failed else None}, "$inc": {"version": 1}})

    async def effects_due(self, cutoff: dt.datetime, limit: int) -> builtins.list[SigningRequest]:
        """Requests whose transition's effects were stored at or before `cutoff` and not done since."""
        return self.records([d async for d in self.col.find({"effects_at": {"$lte": cutoff}}).limit(limit)])

    async def creation_effects(self, request_id: str, effects: Json, at: dt.datetime) -> None:
        """Store what follows the creation of a request (version 0) that could not be done at once,
        unless a transition has already happened (it did them first or stored its own)."""
        await self.col.update_one({"_id": request_id, "version": 0, "effects": {"$exists": False}},
                                  {"$set": {"effects": effects, "effects_at": at}})

    async def effects_done(self, request_id: str, version: int) -> None:
        """Clear the effects stored by the transition to `version` (not those of a later one). The
        version is left alone: this never races the transitions."""
        await self.col.update_one({"_id": request_id, "effects.version": version},
                                  {"$unset": {"effects": "", "effects_at": ""}})

    async def expiring(self, now: dt.datetime, limit: int = 100) -> builtins.list[SigningRequest]:
        """Drafts and pending requests whose `expires_at` has passed (index status_expires)."""
        query = {"status": {"$in": ["draft", "pending"]}, "expires_at": {"$lte": now}}
        return self.records([d async for d in self.col.find(query).limit(limit)])

    async def latest(self, status: str, field: str) -> dt.datetime | None:
        """The latest `field` (`expires_at` or `completed_at`) among requests in `status`, over every
        organisation (index status_expires / status_completed, read backwards from its end)."""
        doc = await self.col.find_one({"status": status, field: {"$type": "date"}}, {field: 1},
                                      sort=[("status", DESCENDING), (field, DESCENDING)])
        return doc[field] if doc else None

    async def reminders_due(self, now: dt.datetime, limit: int = 100) -> builtins.list[SigningRequest]:
        """Pending requests whose next automatic reminder is due (index status_next_reminder)."""
        query = {"status": "pending", "next_reminder_at": {"$ne": None, "$lte": now}}
        return self.records([d async for d in self.col.find(query).limit(limit)])

    async def by_signer_token(self, token_hash: str) -> SigningRequest | None:
        """The request one of whose signers holds this working link: their current one, else one of
        their earlier links kept working (`earlier_token_hashes`); each lookup served by its index."""
        found = await self.col.find_one({"signers.token_hash": token_hash})
        if found is None:
            found = await self.col.find_one({"signers.earlier_token_hashes": token_hash})
        return self.record(found)

    async def delete_draft(self, org_id: str, request_id: str) -> bool:
        """Delete the organisation's request if it is (still) a draft: one conditional delete, so a send
        that wins the race keeps its request; False when nothing was deleted."""
        result = await self.col.delete_one({"_id": request_id, "org_id": org_id, "status": "draft"})
        return result.deleted_count == 1

    async def set_derived(self, request: Json) -> bool:
        """Give a request stored by an earlier version the fields `derived` from its `signers` and
        `owner_email` as read (with its `version`); False when it changed since (read it again)."""
        result = await self.col.update_one({"_id": request["id"], "version": request["version"]},
                                           {"$set": derived(request)})
        return result.modified_count == 1

    async def by_moved_token(self, token_hash: str) -> SigningRequest | None:
        """The request one of whose signers held this link before it moved (esign.domain.signer.routing)."""
        return self.record(await self.col.find_one({"signers.moved_token_hashes": token_hash}))

    async def purge_begin(self, record: SigningRequest, purge: Json) -> SigningRequest | None:
        """Mark the request as being purged (`purge`: action, reason, state `purging` ...) if it is still
        in a purgeable status at the version read and not purged (a finished `purge_content` may become
        a `purge_all`). From then on no transition applies to it (`replace_if`). None when it changed."""
        open_: builtins.list[Json] = [{"purge": {"$exists": False}}]
        if purge["action"] == "purge_all":
            open_.append({"purge.state": "done", "purge.action": "purge_content"})
        return self.record(await self.col.find_one_and_update(
            {"_id": record["id"], "org_id": record["org_id"], "status": {"$in": PURGEABLE},
             "version": record["version"], "$or": open_},
            {"$set": {"purge": purge, "updated_at": self.clock.now()}, "$inc": {"version": 1}},
            return_document=ReturnDocument.AFTER))

    async def revoke(self, record: SigningRequest, reason: str, at: dt.datetime) -> SigningRequest | None:
        """Mark a completed request whose signed PDF is made, not revoked and not purged, as revoked by its sender
        (esign.domain.evidence.revocation); None when it is not (any more) such a request."""
        return self.record(await self.col.find_one_and_update(
            {"_id": record["id"], "org_id": record["org_id"], "status": "completed", "revoked_at": None,
             "purge": {"$exists": False}, "signed_pdf_status": {"$nin": UNSEALED}},
            {"$set": {"revoked_at": at, "revocation_reason": reason, "updated_at": at}, "$inc": {"version": 1}},
            return_document=ReturnDocument.AFTER))

    async def purge_tombstone(self, request_id: str, tombstone: Json) -> SigningRequest | None:
        """Keep the tombstone of a purge under way, once (the first run of its job to get here; a later
        `purge_all` of a request purged of its content keeps the first tombstone)."""
        await self.col.update_one({"_id": request_id, "purge.state": "purging", "tombstone": {"$exists": False}},
                                  {"$set": {"tombstone": tombstone}})
        return await self.by_id(request_id)

    async def purge_finish(self, request_id: str, at: dt.datetime, changes: Json) -> SigningRequest | None:
        """The purge under way is done: `changes` (what the purge removes) with `purged_at`. None when
        another run finished it first (it finishes once)."""
        return self.record(await self.col.find_one_and_update(
            {"_id": request_id, "purge.state": "purging"},
            {"$set": {**changes, "purge.state": "done", "purge.purged_at": at, "purged_at": at,
                      "updated_at": at}, "$inc": {"version": 1}},
            return_document=ReturnDocument.AFTER))

    async def uses_document(self, org_id: str, document_id: str, other_than: str) -> bool:
        """Whether a request of the organisation besides `other_than`, not purged of its content, uses the
        document (indexes org_document, org_envelope_document)."""
        return bool(await self.document_users(org_id, document_id, other_than, limit=1))

    async def document_users(self, org_id: str, document_id: str, other_than: str | None = None,
                             limit: int = 5) -> builtins.list[str]:
        """The ids of up to `limit` requests of the organisation (besides `other_than`), not purged of their
        content, that use the document (indexes org_document, org_envelope_document)."""
        found: builtins.list[str] = []
        for key in ("document_id", "documents.id"):
            query: Json = {"org_id": org_id, key: document_id, "purge.state": {"$ne": "done"}}
            if other_than is not None:
                query["_id"] = {"$ne": other_than}
            found += [d["_id"] async for d in self.col.find(query, {"_id": 1}).limit(limit) if d["_id"] not in found]
        return found[:limit]

    async def of_signer(self, org_id: str, email: str, limit: int) -> builtins.list[SigningRequest]:
        """Up to `limit` of the organisation's requests that `email` signs (or signed), in any state, oldest
        first (index org_signer_status_created_at)."""
        cursor = self.col.find({"org_id": org_id, "signer_emails": email.lower(), "status": {"$in": STATUSES}}).sort(
            [("created_at", ASCENDING), ("_id", ASCENDING)]).limit(limit)
        return self.records([d async for d in cursor])

    async def count_held(self, org_id: str, criteria: Json) -> int:
        """How many of the organisation's requests a legal hold's `criteria` covers now (one of:
        `signing_request_ids`, `signer_email`, `template_id`, `created_from`/`created_to`), each count
        served by an index (_id; org_signer_status_created_at; org_template; org_status_created_at)."""
        if criteria.get("signing_request_ids"):
            found = self.col.find({"_id": {"$in": criteria["signing_request_ids"]}}, {"org_id": 1})
            return len([d async for d in found if d["org_id"] == org_id])
        query: Json = {"org_id": org_id}
        if criteria.get("signer_email"):
            query.update(signer_emails=criteria["signer_email"].lower(), status={"$in": STATUSES})
        elif criteria.get("template_id"):
            query["template_id"] = criteria["template_id"]
        else:
            query["status"] = {"$in": STATUSES}
            query["created_at"] = {k: criteria[f] for k, f in (("$gte", "created_from"), ("$lt", "created_to"))
                                   if criteria.get(f) is not None}
        return await self.col.count_documents(query)

    async def to_schedule(self, org_id: str, status: str, ended_before: dt.datetime, limit: int, *,
                          template_id: str | None = None,
                          not_templates: Sequence[str] = ()) -> builtins.list[SigningRequest]:
        """The organisation's requests in `status` (one of PURGEABLE) that ended before `ended_before`, not
        purged and not scheduled for a purge yet (index retention_<status>); with `template_id` those made
        from that template only (index retention_template_<status>); none made from `not_templates`."""
        cursor = self.col.find(_unscheduled(org_id, status, ended_before, template_id, not_templates)).limit(limit)
        return self.records([d async for d in cursor])

    async def count_unscheduled(self, org_id: str, status: str, ended_before: dt.datetime, *,
                                template_id: str | None = None, not_templates: Sequence[str] = ()) -> int:
        """How many requests `to_schedule` would find, all of them (the retention preview)."""
        return await self.col.count_documents(_unscheduled(org_id, status, ended_before, template_id, not_templates))

    async def count_scheduled(self, org_id: str, status: str, purge_before: dt.datetime, by: str, *,
                              template_id: str | None = None) -> int:
        """The organisation's requests in `status` whose purge is scheduled before `purge_before` and not begun,
        scheduled `by` `rule` (a purge scheduled before `retention_by` was kept counts as one), `template` or
        `request`; with `template_id`, those made from it (index retention_scheduled)."""
        query: Json = {"org_id": org_id, "status": status, "purge.state": None,
                       "retention_by": {"$in": [None, by]} if by == "rule" else by,
                       "retention_purge_at": {"$lte": purge_before}}
        if template_id is not None:
            query["template_id"] = template_id
        return await self.col.count_documents(query)

    async def schedule_purge(self, request: SigningRequest, schedule: Json) -> bool:
        """Schedule the request's purge (`retention_purge_at`, `retention_action`, `retention_rule`) once:
        False when it was scheduled or purged meanwhile. The version is left alone (no transition races it)."""
        result = await self.col.update_one({"_id": request["id"], "purge.state": None, "retention_purge_at": None},
                                           {"$set": schedule})
        return result.modified_count == 1

    async def reschedule_purge(self, request: SigningRequest, schedule: Json) -> SigningRequest | None:
        """Set the request's own retention (`schedule`, as `schedule_purge`) if its schedule is still the one
        read and no purge has begun; None otherwise."""
        return self.record(await self.col.find_one_and_update(
            {"_id": request["id"], "purge.state": None, "retention_purge_at": request.get("retention_purge_at")},
            {"$set": schedule}, return_document=ReturnDocument.AFTER))

    async def purges_due(self, now: dt.datetime, limit: int) -> builtins.list[SigningRequest]:
        """Requests whose scheduled purge is due and not begun, the most overdue first (index retention_due)."""
        cursor = self.col.find({"purge.state": None, "retention_purge_at": {"$lte": now}}).sort(
            "retention_purge_at", ASCENDING).limit(limit)
        return self.records([d async for d in cursor])

    async def postpone_purge(self, request_id: str, until: dt.datetime) -> None:
        """A held request's scheduled purge is looked at again at `until`."""
        await self.col.update_one({"_id": request_id, "purge.state": None}, {"$set": {"retention_purge_at": until}})

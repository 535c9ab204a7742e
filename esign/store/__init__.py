"""All repositories of one database."""
from typing import Any

from esign import db as dbmod
from esign.clock import Clock
from esign.store.api_keys import ApiKeys
from esign.store.authoring_sessions import AuthoringSessions
from esign.store.base import Database, Repository
from esign.store.bulk_jobs import BulkItems, BulkJobs
from esign.store.contacts import Contacts
from esign.store.documents import Documents
from esign.store.embed_tokens import EmbedTokens
from esign.store.events import Events
from esign.store.idempotency import IdempotencyRecords
from esign.store.identity_sessions import IdentitySessions
from esign.store.jobs import Jobs
from esign.store.legal_holds import LegalHolds
from esign.store.members import ConsoleLinks, ConsoleSessions, Members
from esign.store.organizations import Organizations
from esign.store.public_links import PublicLinks, PublicLinkUses
from esign.store.rate_limits import RateLimits
from esign.store.retention_policies import RetentionPolicies
from esign.store.settings import Settings
from esign.store.signing_requests import SigningRequests
from esign.store.templates import Templates, TemplateVersions
from esign.store.text_counts import TextCounts
from esign.store.upgrades import DataUpgrades
from esign.store.usage import UsageCounters
from esign.store.webhooks import WebhookDeliveries, Webhooks


def is_embedded(database_url: str) -> bool:
    """Whether `database_url` names the embedded database (memory://), which ends with the process with all it
    holds (esign.domain.orgs.keys keeps the keys in files then)."""
    return dbmod.is_memory(database_url)


class Store:
    """Holds one repository per collection (one annotation each below: the attribute is the
    collection's name, as `REPOSITORIES` lists them); later features add theirs with `add`."""

    organizations: Organizations
    api_keys: ApiKeys
    documents: Documents
    contacts: Contacts
    events: Events
    idempotency: IdempotencyRecords
    rate_limits: RateLimits
    settings: Settings
    usage: UsageCounters
    jobs: Jobs
    webhooks: Webhooks
    webhook_deliveries: WebhookDeliveries
    signing_requests: SigningRequests
    embed_tokens: EmbedTokens
    templates: Templates
    template_versions: TemplateVersions
    bulk_jobs: BulkJobs
    bulk_items: BulkItems
    data_upgrades: DataUpgrades
    identity_sessions: IdentitySessions
    text_counts: TextCounts
    members: Members
    console_links: ConsoleLinks
    console_sessions: ConsoleSessions
    authoring_sessions: AuthoringSessions
    legal_holds: LegalHolds
    retention_policies: RetentionPolicies
    public_links: PublicLinks
    public_link_uses: PublicLinkUses

    def __init__(self, db: Database, clock: Clock) -> None:
        self.db = db
        self.clock = clock
        self._repos: list[Repository[Any]] = []
        for name, cls in REPOSITORIES.items():
            self.add(name, cls)

    def add(self, name: str, cls: type[Repository[Any]]) -> Repository[Any]:
        repo = cls(self.db, self.clock)
        setattr(self, name, repo)
        self._repos.append(repo)
        return repo

    async def ensure_indexes(self) -> None:
        for repo in self._repos:
            await repo.ensure_indexes()

    async def ping(self) -> bool:
        """Whether the database answers (readiness: esign.api.health)."""
        return await dbmod.ping(self.db)


#: the repositories every Store holds, by name: the class's annotations
REPOSITORIES: dict[str, type[Repository[Any]]] = dict(Store.__annotations__)

"""The words of a purge notice (the owner's email before a scheduled purge, esign.domain.mail.notifications):
the retention rule in the email's language. Its messages are in the catalogs (esign/i18n/babel.cfg)."""
from __future__ import annotations

from esign import i18n
from esign.store.records import SigningRequest


def rule_words(locale: str, request: SigningRequest) -> str:
    """The retention rule of a scheduled purge in `locale` (`retention_after_days` after the request ended in
    its state); the stored English `retention_rule` for a purge scheduled before the days were kept."""
    days = request.get("retention_after_days")
    if not days:
        return request.get("retention_rule") or ""
    words = i18n.translations(locale)
    texts = {"completed": words.ngettext("{count} day after it was completed", "{count} days after it was completed",
                                         days),
             "cancelled": words.ngettext("{count} day after it was cancelled", "{count} days after it was cancelled",
                                         days),
             "expired": words.ngettext("{count} day after it expired", "{count} days after it expired", days)}
    return texts.get(request["status"], request.get("retention_rule") or "").format(
        count=i18n.number_text(days, locale))

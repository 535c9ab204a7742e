"""Every catalog holds every message of the signer's side, translated, not fuzzy, with the same
placeholders; and the languages are negotiated as documented (esign.i18n)."""
import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from esign import i18n

PLACEHOLDER = re.compile(r"\{\w+\}")


def catalog(locale):
    with (i18n.CATALOGS / locale / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        return read_po(fh)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """What pybabel extracts from the code now (esign/i18n/babel.cfg), not the committed template."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    root = i18n.HERE.parent.parent
    subprocess.run([sys.executable, "-c", "from babel.messages.frontend import main; main()", "-q", "extract",
                    "-F", "esign/i18n/babel.cfg", "-k", "t", "-o", str(pot), "."], cwd=root, check=True)
    with pot.open("rb") as fh:
        return {(m.id, m.context) for m in read_po(fh) if m.id}


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_every_message_is_translated_without_fuzz_and_keeps_its_placeholders(locale, extracted):
    assert len(extracted) > 100
    messages = {(m.id, m.context): m for m in catalog(locale) if m.id}  # a message with a context is its own
    assert sorted(extracted - set(messages)) == []  # missing
    assert sorted(set(messages) - extracted) == []  # obsolete
    plurals = catalog(locale).num_plurals
    for msgid, message in messages.items():
        # a plural message (ngettext) has one form for each plural of the language, each with the placeholders
        forms = message.string if message.pluralizable else (message.string,)
        assert not message.pluralizable or len(forms) == plurals, f"{locale}: plural forms of {msgid!r}"
        # each form keeps the placeholders of the singular or of the plural (a form for one alone may leave
        # out the count, as "the signed document" does)
        sources = {tuple(sorted(PLACEHOLDER.findall(source)))
                   for source in (message.id if message.pluralizable else (message.id,))}
        for form in forms:
            assert form and form.strip(), f"{locale}: untranslated {msgid!r}"
            assert tuple(sorted(PLACEHOLDER.findall(form))) in sources, (locale, msgid)
        assert not message.fuzzy, f"{locale}: fuzzy {msgid!r}"
    assert not catalog(locale).fuzzy


def test_a_translation_is_what_the_catalog_says_and_english_is_the_source():
    assert i18n.translations("de").gettext("Sign here") == "Hier unterschreiben"
    assert i18n.translations("ar").gettext("Sign here") == "وقّع هنا"
    assert i18n.translations("en").gettext("Sign here") == "Sign here"


def test_negotiation_order_and_bcp47_tags():
    assert i18n.supported("de-CH") == "de" and i18n.supported("pt-BR") == "pt" and i18n.supported("zh") is None
    assert i18n.supported("not a tag!") is None
    assert i18n.negotiate(None, "fr", accept_language="de") == "fr"
    assert i18n.negotiate("ja", "fr") == "ja"
    assert i18n.negotiate(None, None, accept_language="zh-CN, nl;q=0.8, de;q=0.9") == "de"
    assert i18n.negotiate(None, accept_language="zh") == "en"
    assert i18n.direction("ar") == "rtl" and i18n.direction("de") == "ltr"


def test_times_name_their_zone_in_the_locale():
    import datetime as dt
    when = dt.datetime(2026, 11, 23, 9, 40, 10)
    assert i18n.datetime_text(when, "de") == "23. November 2026, 09:40:10 UTC"
    assert "UTC" in i18n.datetime_text(when, "en")

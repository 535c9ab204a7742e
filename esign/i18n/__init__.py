"""The languages of the signer's side: gettext catalogs managed by Babel, locale negotiation, and
dates and numbers formatted for a locale.

Catalogs: `esign/i18n/locales/<lang>/LC_MESSAGES/messages.po`, one per language of `LOCALES`, made
and updated by `scripts/i18n` (pybabel extract / update / compile, see docs/operations.md). A
compiled `messages.mo` is read when it is at least as new as its `.po`; otherwise (a fresh clone
that did not run scripts/i18n compile) the `.po` is compiled in memory, so a catalog is never stale.

A signer's language (design.md, "Languages"): the page's language switcher (`?lang=`), else the
signer's `locale`, else the organisation's `default_locale`, else the browser's Accept-Language,
else English. API error messages stay English.
"""
from __future__ import annotations

import datetime as _dt
import functools
import io
import json
import pathlib
import re
import unicodedata

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_datetime, format_time
from babel.lists import format_list
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

HERE = pathlib.Path(__file__).resolve().parent
CATALOGS = HERE / "locales"
DOMAIN = "messages"
DEFAULT = "en"
#: the languages every catalog exists in (a test checks each is complete)
LOCALES = ("en", "de", "fr", "es", "it", "nl", "pt", "pl", "ja", "ar")


def N_(message: str) -> str:
    """Marks a string for extraction (pybabel) where it is translated later, at display time."""
    return message


def supported(tag: str | None) -> str | None:
    """The language of `LOCALES` a BCP 47 tag asks for (`de-CH` -> `de`, `pt-BR` -> `pt`), or None."""
    if not isinstance(tag, str) or not tag.strip() or len(tag) > 35:
        return None
    try:
        language = Locale.parse(tag.strip().replace("_", "-"), sep="-").language
    except (ValueError, TypeError, UnknownLocaleError):
        return None
    return language if language in LOCALES else None


def from_accept_language(header: str | None) -> str | None:
    """The best language of `LOCALES` in an Accept-Language header (by q, then order), or None."""
    wanted = []
    for i, part in enumerate((header or "")[:1000].split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and q > 0:
            wanted.append((-q, i, tag))
    for _, _, tag in sorted(wanted):
        language = supported(tag)
        if language:
            return language
    return None


def negotiate(*choices: str | None, accept_language: str | None = None) -> str:
    """The first supported of `choices` (most specific first), else Accept-Language's, else English."""
    for choice in choices:
        language = supported(choice)
        if language:
            return language
    return from_accept_language(accept_language) or DEFAULT


@functools.lru_cache(maxsize=len(LOCALES))
def translations(locale: str) -> Translations:
    """The catalog of a language of `LOCALES` (English: the messages as written)."""
    po = CATALOGS / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as fh:
            return Translations(fh, domain=DOMAIN)
    return Translations(io.BytesIO(compiled(po)), domain=DOMAIN)


def compiled(po: pathlib.Path) -> bytes:
    with po.open("rb") as fh:
        catalog = read_po(fh)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_catalogs() -> list[pathlib.Path]:
    """Write each catalog's `messages.mo` that is missing or older than its `.po` (scripts/i18n compile
    does the same with pybabel; `esign serve` calls this at start). Returns those written."""
    written = []
    for locale in LOCALES:
        po = CATALOGS / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            mo.write_bytes(compiled(po))
            written.append(mo)
    return written


FSI, PDI = "\u2068", "\u2069"  # first strong isolate, pop directional isolate (UAX #9)
_ISOLATES = dict.fromkeys(range(0x2066, 0x206a))  # LRI RLI FSI PDI: a value's own would end its run early


def right_to_left(text: str) -> bool:
    """Whether `text` has a right-to-left letter (Arabic, Hebrew ...)."""
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def needs_isolation(value: object, locale: str) -> bool:
    """Whether a value put into a sentence of `locale` (a name, an email, a date, a number, a command)
    must be a run of its own so that its direction and the sentence's cannot mix: always in a
    right-to-left language, else when the value has right-to-left letters."""
    return direction(locale) == "rtl" or right_to_left(str(value))


def isolate(value: object, locale: str | None = None) -> str:
    """`value` as a bidirectional isolate (FSI ... PDI: its own direction, from its first strong letter,
    a neutral to the text around it), where `needs_isolation` in `locale`; always without `locale`.
    `(28.11.2026) ليلى منصور` stays in that order in a German sentence; an email address or an `openssl`
    command stays left to right in an Arabic one."""
    text = str(value).translate(_ISOLATES)
    return f"{FSI}{text}{PDI}" if text and (locale is None or needs_isolation(text, locale)) else text


def direction(locale: str) -> str:
    """`rtl` or `ltr`, for `<html dir>`."""
    return Locale.parse(locale).text_direction


@functools.lru_cache(maxsize=1)
def language_names() -> tuple[tuple[str, str], ...]:
    """(code, the language's own name) of every language of `LOCALES`, for the language switcher."""
    def own(code):
        name = Locale.parse(code).get_display_name(code)
        return name[:1].upper() + name[1:]
    return tuple((code, own(code)) for code in LOCALES)


def datetime_text(dt: _dt.datetime | None, locale: str, zone: _dt.tzinfo = _dt.timezone.utc,
                  seconds: bool = True) -> str:
    """A time as people of `locale` read it, naming its zone (`23. November 2026, 09:40:10 UTC`;
    without the seconds when `seconds` is false, as emails give it); naive times are UTC
    (esign.clock); an empty string for None."""
    if dt is None:
        return ""
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=_dt.timezone.utc)
    if seconds:
        return format_datetime(dt, "long", tzinfo=zone, locale=locale)
    language = Locale.parse(locale)
    time = re.sub(r"[:.]ss", "", language.time_formats["long"].pattern)  # `HH:mm:ss z` -> `HH:mm z`
    return language.datetime_formats["long"].format(format_time(dt, time, tzinfo=zone, locale=language),
                                                    format_date(dt, "long", locale=language))


def date_text(day: _dt.date, locale: str, zone: _dt.tzinfo = _dt.timezone.utc) -> str:
    """A day (a date of `zone`, or the day a time falls on there) as people of `locale` write it
    (Babel's medium form), naming the zone in their words (`28.11.2026 UTC`, `2026/11/28 UTC`,
    `28 nov. 2026 TU`); naive times are UTC."""
    if isinstance(day, _dt.datetime):
        moment = (day if day.tzinfo else day.replace(tzinfo=_dt.timezone.utc)).astimezone(zone)
    else:
        moment = _dt.datetime.combine(day, _dt.time(12), zone)
    return f"{format_date(moment, 'medium', locale=locale)} {format_time(moment, 'z', tzinfo=zone, locale=locale)}"


def list_text(items: list[str], locale: str) -> str:
    """Items joined as people of `locale` list them (`a, b and c`; one item alone)."""
    return format_list(list(items), locale=locale)


def number_text(value, locale: str) -> str:
    """A number as people of `locale` write it (`12.345` in German); other values as they are."""
    return format_decimal(value, locale=locale) if isinstance(value, (int, float)) else str(value)



@functools.lru_cache(maxsize=4)
def script_messages(path: str) -> tuple[str, ...]:
    """The messages a script passes to its `t("...")` (pybabel's JavaScript extractor), the ones the
    page hands it translated."""
    with open(path, "rb") as fh:
        return tuple(dict.fromkeys(m for _, m, _, _ in extract("javascript", fh, keywords={"t": None})))


def script_catalog(locale: str, messages: tuple[str, ...]) -> str:
    """JSON of message -> translation for a page's script, safe inside <script type="application/json">."""
    gettext = translations(locale).gettext
    text = json.dumps({m: gettext(m) for m in messages}, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")

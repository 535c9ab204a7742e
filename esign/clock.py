"""The one source of time. Tests replace it with a FakeClock so nothing ever sleeps for minutes.

Datetimes are naive UTC with millisecond precision: exactly what MongoDB stores and returns, so a
value read back compares equal to the value written.
"""
import datetime as _dt


def _trim(dt: _dt.datetime) -> _dt.datetime:
    return dt.replace(microsecond=dt.microsecond // 1000 * 1000, tzinfo=None)


class Clock:
    def now(self) -> _dt.datetime:
        return _trim(_dt.datetime.now(_dt.timezone.utc))


class FakeClock(Clock):
    """A clock that moves only when told. It starts at the real time because TTL indexes (MongoDB's
    and mongomock's) expire documents by the real clock."""

    def __init__(self, start: _dt.datetime | None = None):
        self._now = _trim(start or _dt.datetime.now(_dt.timezone.utc))

    def now(self) -> _dt.datetime:
        return self._now

    def advance(self, **delta) -> None:
        self._now = _trim(self._now + _dt.timedelta(**delta))


def iso(dt: _dt.datetime | None) -> str | None:
    """ISO 8601 with a Z suffix, for every timestamp the API returns."""
    if dt is None:
        return None
    if dt.tzinfo is not None:
        dt = dt.astimezone(_dt.timezone.utc).replace(tzinfo=None)
    return dt.isoformat(timespec="milliseconds") + "Z"


def stored(dt: _dt.datetime) -> _dt.datetime:
    """A datetime from elsewhere (a provider's, aware) as every time is stored: naive UTC, milliseconds."""
    return _trim(to_utc_naive(dt))


def to_utc_naive(dt: _dt.datetime) -> _dt.datetime:
    """Normalise a parsed client datetime (aware or naive-as-UTC) for comparison with stored values."""
    if dt.tzinfo is not None:
        dt = dt.astimezone(_dt.timezone.utc).replace(tzinfo=None)
    return dt


def readable(dt: _dt.datetime | None, seconds: bool = True) -> str:
    """A time as people read it on certificates and in emails: `23 Nov 2026, 09:40:10 UTC`
    (without the seconds when `seconds` is false); an empty string for None."""
    if dt is None:
        return ""
    dt = to_utc_naive(dt)
    return f"{dt.day} {dt:%b %Y, %H:%M{':%S' if seconds else ''}} UTC"

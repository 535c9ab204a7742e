"""Log lines an operator can follow (docs/monitoring.md, "Logs"): `[logging] format` text or JSON (one
object a line, python-json-logger), and the context of every line.

The context is a ContextVar: the HTTP handler sets it when it starts (`request_id`, `route`, then
`org_id` once the caller is known: esign.api.base), the worker while it runs a job (the `request_id`
and `org_id` that queued the job, `job_id`, `job_kind`, `signing_request_id`: esign.jobs.worker).
`ContextFilter`, on the handler of the root logger, copies it onto every record, so every line logged
meanwhile carries it, whichever module logs it. A job queued while a context is set keeps its
`request_id` and `org_id` (`origin`, stored on the job by esign.services.Services.enqueue), so a
request is followed from its access-log line to the jobs it queued and the jobs they queued.

An incoming `X-Request-ID` is kept when it is sane (at most 128 of `A-Z a-z 0-9 . _ -`), else a new
one is made; the answer carries it back.

A line is one line: text that comes from outside (a bounce notice's decoded headers) is logged through
`printable`, which takes out control characters (C0 and C1: CR, LF, ESC and ANSI escape sequences'
introducers, DEL), Unicode line separators and bidirectional controls; the text format also shows any
that remain in a message escaped (`\\x1b`), so no value can forge a line or colour a terminal. JSON
lines escape them already.
"""
from __future__ import annotations

import contextvars
import logging
import re
import types
import uuid

from pythonjsonlogger.json import JsonFormatter

#: the fields of the context, in the order the text format shows them
FIELDS = ("request_id", "org_id", "route", "job_id", "job_kind", "signing_request_id")
#: what a job keeps of the context it was queued in
ORIGIN_FIELDS = ("request_id", "org_id", "signing_request_id")
REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
#: C0 and C1 controls (CR, LF, ESC ...), DEL, the line and paragraph separators and the bidirectional controls
UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

CONTEXT: contextvars.ContextVar = contextvars.ContextVar("esign_log_context", default=types.MappingProxyType({}))


def request_id(incoming: str | None) -> str:
    """The id of a request: its `X-Request-ID` when sane, else a new one."""
    if incoming and REQUEST_ID.fullmatch(incoming):
        return incoming
    return uuid.uuid4().hex


def printable(text: str) -> str:
    """`text` with each control character (`UNPRINTABLE`) replaced by a space: safe in a log line."""
    return UNPRINTABLE.sub(" ", text)


def origin() -> dict:
    """What a job queued now keeps of the current context ({} outside a request or job)."""
    context = CONTEXT.get()
    return {k: context[k] for k in ORIGIN_FIELDS if context.get(k)}


class ContextFilter(logging.Filter):
    """Adds the current context's fields to a record (fields the call gave itself, `extra=`, win)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in CONTEXT.get().items():
            if value is not None and not hasattr(record, key):
                setattr(record, key, value)
        return True


class TextFormatter(logging.Formatter):
    """The plain format, the context appended to the line: `... [request_id=... org_id=... route=...]`;
    control characters in the message escaped (`\\n`, `\\x1b`, `\\u202e`): one record, one line (a
    traceback follows on lines of its own)."""

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 - logging's name
        line = UNPRINTABLE.sub(_escaped, super().formatMessage(record))
        context = " ".join(f"{k}={getattr(record, k)}" for k in FIELDS if getattr(record, k, None))
        return f"{line} [{context}]" if context else line


def _escaped(match: re.Match) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def formatter(fmt: str) -> logging.Formatter:
    """The formatter of `[logging] format`: "json" (one object a line: time, level, logger, message, the
    context and a call's `extra` fields) or "text"."""
    if fmt == "json":
        return JsonFormatter("%(levelname)s %(name)s %(message)s", rename_fields={"levelname": "level", "name": "logger"},
                             timestamp="time")
    return TextFormatter(TEXT_FORMAT)


def configure(level: str, fmt: str = "text") -> None:
    """Log to standard error at `level` in `fmt` (the process's root logger; like logging.basicConfig,
    nothing changes when the root logger has handlers already)."""
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(fmt))
    handler.addFilter(ContextFilter())
    logging.basicConfig(level=level, handlers=[handler])


SECRET_IN_PATH = re.compile(r"^/(sign|author|console/sign-in)/[^/?]+")
EDITOR_API = "/author/api"  # the editor's calls: no token in their paths (esign.api.authoring)


def loggable_path(path: str) -> str:
    """The path without what must never reach a log: signing-link, authoring-link and console sign-in tokens (and every
    query string, which carries download signatures)."""
    path = path.split("?", 1)[0]
    if path == EDITOR_API or path.startswith(EDITOR_API + "/"):
        return path
    return SECRET_IN_PATH.sub(r"/\1/<token>", path)

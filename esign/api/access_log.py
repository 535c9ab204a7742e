"""The access log line of every answer (Tornado's `log_function`), without secrets."""
from __future__ import annotations

import logging
import re

import tornado.web

access_log = logging.getLogger("tornado.access")
SECRET_IN_PATH = re.compile(r"^/sign/[^/?]+")


def loggable_path(path: str) -> str:
    """The path without what must never reach a log: signing-link tokens (and every query string,
    which carries download signatures)."""
    return SECRET_IN_PATH.sub("/sign/<token>", path.split("?", 1)[0])


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log line, minus secrets."""
    status = handler.get_status()
    level = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    level("%d %s %s (%s) %.2fms", status, handler.request.method, loggable_path(handler.request.uri or ""),
          handler.request.remote_ip, 1000.0 * handler.request.request_time())

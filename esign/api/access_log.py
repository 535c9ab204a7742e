"""The access log line of every answer (Tornado's `log_function`), without secrets, with the request's
log context (request_id, org_id, route: esign.logs) and, for the JSON format, its parts
as fields (method, path, status, remote_ip, duration_ms)."""
from __future__ import annotations

import logging

import tornado.web

from esign.logs import loggable_path

access_log = logging.getLogger("tornado.access")
def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's access log line, minus secrets."""
    status = handler.get_status()
    level = access_log.info if status < 400 else access_log.warning if status < 500 else access_log.error
    method, path = handler.request.method, loggable_path(handler.request.uri or "")
    duration_ms = round(1000.0 * handler.request.request_time(), 2)
    level("%d %s %s (%s) %.2fms", status, method, path, handler.request.remote_ip, duration_ms,
          extra={**getattr(handler, "log_fields", {}), "method": method, "path": path, "status": status,
                 "remote_ip": handler.request.remote_ip, "duration_ms": duration_ms})

"""`GET /metrics`: the process's Prometheus metrics (text exposition; docs/monitoring.md). An operator
endpoint, not part of the API: it is left out of the OpenAPI document. Answered to clients in
`[metrics] allow` (loopback by default) or with the bearer `[metrics] token`; anyone else gets 403
in the Error shape."""
from esign.api.base import BaseHandler
from esign.domain.mail import bounces
from esign.domain.orgs import keys
from esign.errors import ApiError
from esign.jobs.kinds import JOB_LANES
from esign.observability.metrics import CONTENT_TYPE, admitted


class MetricsHandler(BaseHandler):
    async def get(self):
        services = self.services
        if not admitted(services.config, self.request.remote_ip, self.request.headers,
                        services.config.server.xheaders):
            raise ApiError(403, "forbidden", "metrics are answered only to the networks in [metrics] allow "
                                             "or with the [metrics] token")
        await services.metrics.refresh(services.store, JOB_LANES)
        services.metrics.degraded.labels("mail").set(1 if await bounces.mail_problem(services) else 0)
        try:
            services.metrics.certificates(await keys.labelled_certificates(services, create=False))
        except keys.NoKeyMaterial:
            pass  # no seal made yet (none is made by a scrape)
        self.set_header("Content-Type", CONTENT_TYPE)
        self.finish(services.metrics.exposition())


ROUTES = [
    ("/metrics", MetricsHandler),
]

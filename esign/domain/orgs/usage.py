"""The usage report and quota checks (plans in config; 0 = unlimited; sandbox never counts)."""
from typing import cast

from esign.domain.ports import Services
from esign.errors import ApiError
from esign.store.records import Json

MB = 1024 * 1024


def metric(current: int, limit: int) -> Json:
    return {"current": current, "limit": limit, "unlimited": limit == 0,
            "percentage": 0 if limit == 0 else min(100, round(current * 100 / limit))}


async def usage_report(services: Services, org: Json) -> Json:
    plan = services.config.plan(org["plan"])
    month = await services.store.usage.month(org["id"])
    templates = await services.store.templates.counted(org["id"])
    fresh = cast(Json, await services.store.organizations.by_id(org["id"]))  # the caller's own organisation
    storage_mb = -(-fresh.get("storage_bytes", 0) // MB)  # round up: 1 byte shows as 1 MB
    checks = month.get("identity_verifications", 0)
    cost = plan.get("identity_cost_per_check", 0.0)
    return {
        "signing_requests": metric(month.get("signing_requests", 0), plan.get("signing_requests_per_month", 0)),
        "storage": metric(storage_mb, plan.get("storage_mb", 0)),
        "templates": metric(templates, plan.get("templates", 0)),
        "identity_verifications": {"current": checks, "cost_per_check": cost,
                                   "total_cost": round(checks * cost, 2), "month": f"{services.clock.now():%Y-%m}"},
    }


async def reserve(services: Services, org: Json, metric_name: str, plan_key: str, what: str) -> None:
    """Count one unit of a monthly metric or raise 403 quota_exceeded."""
    limit = services.config.plan(org["plan"]).get(plan_key, 0)
    if not await services.store.usage.reserve(org["id"], metric_name, limit):
        raise ApiError(403, "quota_exceeded", f"the plan's monthly limit of {limit} {what} is reached")

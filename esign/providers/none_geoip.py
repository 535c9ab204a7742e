"""Builtin GeoIP provider that places no address (`[geoip] provider = "none"`, the default): audit
events keep the IP address without a country, region or city."""
from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, GeoIPProvider


class NoGeoIP(GeoIPProvider):
    identifier = "none"
    contract_version = CONTRACT_VERSION

    async def lookup(self, ip):
        return None


@hookimpl
def esign_geoip_providers():
    return [NoGeoIP]

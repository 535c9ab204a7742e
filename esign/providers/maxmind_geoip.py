"""Builtin GeoIP provider over a local MaxMind DB file (`[geoip] provider = "maxmind"`, `database =
"/path/GeoLite2-City.mmdb"`), read with MaxMind's `maxminddb` reader (memory-mapped, no network).

Works with the GeoIP2/GeoLite2 City and Country databases and any MaxMind-format file with the same
record layout: `country.iso_code` (else `registered_country.iso_code`), the first
`subdivisions[].names` as the region and `city.names`, in `language` (else English). The file is
opened at start-up (a missing or unreadable file stops it) and closed at shutdown; replace it and
restart esign to update."""
from __future__ import annotations

import ipaddress

import maxminddb
import maxminddb.errors

from esign.config import ConfigError
from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, GeoIPProvider, Option


def _name(record, language: str) -> str | None:
    names = (record or {}).get("names") or {}
    return names.get(language) or names.get("en")


class MaxMindGeoIP(GeoIPProvider):
    identifier = "maxmind"
    contract_version = CONTRACT_VERSION
    options = {
        "database": Option(type=str, required=True,
                           help="path of the MaxMind DB file (GeoLite2-City.mmdb, GeoIP2-Country.mmdb, ...)"),
        "language": Option("en", help="the names' language where the file has it (en, de, fr, ja, ...)"),
    }

    def __init__(self, settings):
        super().__init__(settings)
        self.reader = None

    async def start(self):
        try:
            self.reader = maxminddb.open_database(self.settings["database"])
        except (OSError, ValueError, maxminddb.errors.InvalidDatabaseError) as exc:
            raise ConfigError(f"geoip.database {self.settings['database']!r}: not a readable MaxMind DB file "
                              f"({type(exc).__name__}: {exc})") from None

    async def close(self):
        if self.reader is not None:
            self.reader.close()

    async def lookup(self, ip):
        try:
            address = ipaddress.ip_address(ip)
        except ValueError:
            return None
        record = self.reader.get(address)
        if not isinstance(record, dict):
            return None
        language = self.settings["language"]
        country = (record.get("country") or record.get("registered_country") or {}).get("iso_code")
        subdivisions = record.get("subdivisions") or [None]
        place = {"country": country, "region": _name(subdivisions[0], language),
                 "city": _name(record.get("city"), language)}
        return {k: v for k, v in place.items() if v} or None


@hookimpl
def esign_geoip_providers():
    return [MaxMindGeoIP]

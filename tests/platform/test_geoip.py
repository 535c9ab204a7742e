"""GeoIP (`[geoip] provider = "maxmind"`): the builtin provider reads a MaxMind DB file — a tiny one
written here with mmdb-writer in the GeoLite2 City layout — and places the IP address of every audit
event a person causes: in the events API and on the audit certificate. The default `none` places
nothing; a missing or broken file stops start-up; a lookup that fails leaves the event unplaced."""
from __future__ import annotations

import subprocess

import pytest
from mmdb_writer import MMDBWriter
from netaddr import IPSet

from esign import config as configmod
from esign.providers.maxmind_geoip import MaxMindGeoIP
from esign.testing import GeoIPConformance
from tests.support import running_server
from tests.support.signing import ANN, make_request, spost, typed

MUNICH = {"country": {"iso_code": "DE", "names": {"en": "Germany", "de": "Deutschland"}},
          "subdivisions": [{"iso_code": "BY", "names": {"en": "Bavaria", "de": "Bayern"}}],
          "city": {"names": {"en": "Munich", "de": "München"}}}


@pytest.fixture
def mmdb(tmp_path) -> str:
    """A City-layout database: loopback (where the tests' requests come from) in Munich, a
    documentation IPv6 range known only by its registered country, a TEST-NET range with a country."""
    writer = MMDBWriter(ip_version=6, ipv4_compatible=True, database_type="GeoLite2-City", languages=["en", "de"])
    writer.insert_network(IPSet(["127.0.0.0/8"]), MUNICH)
    writer.insert_network(IPSet(["2001:db8::/32"]), {"registered_country": {"iso_code": "FR"}})
    writer.insert_network(IPSet(["198.51.100.0/24"]), {"country": {"iso_code": "NL"}})
    path = tmp_path / "GeoLite2-City.mmdb"
    writer.to_db_file(str(path))
    return str(path)


class TestMaxMindConformance(GeoIPConformance):
    @pytest.fixture
    async def geoip_provider(self, esign_provider, mmdb):
        return await esign_provider("geoip", {"provider": "maxmind", "database": mmdb})

    @pytest.fixture
    def geoip_known(self):
        return "127.0.0.1", {"country": "DE", "region": "Bavaria", "city": "Munich"}


class TestNoneConformance(GeoIPConformance):
    @pytest.fixture
    async def geoip_provider(self, esign_provider):
        return await esign_provider("geoip", {"provider": "none"})


async def test_lookup_reads_the_file(mmdb, esign_provider):
    provider = await esign_provider("geoip", {"provider": "maxmind", "database": mmdb})
    assert isinstance(provider, MaxMindGeoIP)
    assert await provider.lookup("127.0.0.1") == {"country": "DE", "region": "Bavaria", "city": "Munich"}
    assert await provider.lookup("2001:db8::42") == {"country": "FR"}
    assert await provider.lookup("198.51.100.7") == {"country": "NL"}
    assert await provider.lookup("192.0.2.1") is None  # not in the file
    assert await provider.lookup("not an address") is None
    german = await esign_provider("geoip", {"provider": "maxmind", "database": mmdb, "language": "de"})
    assert await german.lookup("127.0.0.1") == {"country": "DE", "region": "Bayern", "city": "München"}
    japanese = await esign_provider("geoip", {"provider": "maxmind", "database": mmdb, "language": "ja"})
    assert await japanese.lookup("127.0.0.1") == {"country": "DE", "region": "Bavaria", "city": "Munich"}  # English


async def test_a_missing_or_broken_file_stops_start_up(tmp_path, esign_provider):
    with pytest.raises(configmod.ConfigError, match="geoip.database is required by the 'maxmind' provider: path of the MaxMind DB"):
        await esign_provider("geoip", {"provider": "maxmind"})
    with pytest.raises(configmod.ConfigError, match="not a readable MaxMind DB file"):
        await esign_provider("geoip", {"provider": "maxmind", "database": str(tmp_path / "absent.mmdb")})
    (tmp_path / "broken.mmdb").write_bytes(b"not a MaxMind database at all" * 10)
    with pytest.raises(configmod.ConfigError, match="not a readable MaxMind DB file"):
        await esign_provider("geoip", {"provider": "maxmind", "database": str(tmp_path / "broken.mmdb")})


async def test_default_places_nothing(esign_provider):
    provider = await esign_provider("geoip", {})
    assert provider.identifier == "none" and await provider.lookup("127.0.0.1") is None


async def signed_request(srv):
    request = await make_request(srv, [ANN], fields={"sig": {}})
    resp = await spost(srv, await request.token(0), "sign", {"signature": typed(), "consent": True})
    assert resp.status == 200, resp
    return request


@pytest.mark.slow
async def test_audit_events_and_certificate_are_placed(tmp_path, mmdb):
    async with running_server(tmp_path, overrides={"geoip": {"provider": "maxmind", "database": mmdb}}) as srv:
        request = await signed_request(srv)
        events = (await srv.client.get(f"/v1/signing-requests/{request.id}/events")).json
        by_signer = [e for e in events if e["ip_address"]]
        assert by_signer and all((e["country"], e["region"], e["city"]) == ("DE", "Bavaria", "Munich")
                                 for e in by_signer), by_signer
        assert all(e["country"] is None for e in events if not e["ip_address"])  # API calls: no address, no place

        await srv.run_jobs()
        link = await srv.client.get(f"/v1/signing-requests/{request.id}/download")
        pdf = await srv.client.get(link.json["download_url"][len(srv.url):], key=None)
        path = tmp_path / "signed.pdf"
        path.write_bytes(pdf.body)
        text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
        assert "Munich, Bavaria, DE" in " ".join(text.split()), text


async def test_a_failing_lookup_leaves_the_event_unplaced(tmp_path, mmdb, caplog):
    async with running_server(tmp_path, overrides={"geoip": {"provider": "maxmind", "database": mmdb}}) as srv:
        srv.services.geoip.reader.close()  # every lookup now raises
        request = await signed_request(srv)
        events = (await srv.client.get(f"/v1/signing-requests/{request.id}/events")).json
        assert any(e["ip_address"] for e in events) and all(e["country"] is None for e in events)
        assert "geo-ip lookup failed" in caplog.text

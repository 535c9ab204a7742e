"""esign's kit for provider vendors, shipped with esign and loaded by pytest as a plugin (the
`pytest11` entry point `esign = esign.testing.plugin`).

- `esign.testing.plugin`: fixtures every vendor's tests can use (`esign_provider` makes a provider
  exactly as `[section] provider = "..."` does; `esign_database` is a fresh database) and the
  defaults of the optional fault fixtures of the conformance suites.
- `esign.testing.conformance`: the provider conformance suites `BlobStorageConformance`,
  `EmailConformance`, `SmsConformance`, `IdentityFormConformance`, `IdentityRedirectConformance` and
  `GeoIPConformance`. A vendor subclasses one in a test module (a class named
  `Test...`) and gives the fixtures the suite names; docs/plugins.md ("The conformance kit") says how.
"""
from esign.testing.conformance import (
                                       BlobStorageConformance,
                                       EmailConformance,
                                       GeoIPConformance,
                                       IdentityFormConformance,
                                       IdentityRedirectConformance,
                                       SmsConformance,
)

__all__ = ["BlobStorageConformance", "EmailConformance", "GeoIPConformance", "IdentityFormConformance",
           "IdentityRedirectConformance", "SmsConformance"]

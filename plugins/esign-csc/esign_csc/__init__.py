"""esign-csc: qualified electronic signatures (QES) through a remote signing service speaking the
Cloud Signature Consortium API v2. Registered in the `esign` entry-point group; chosen with
`[signing] qes_provider = "csc"` and configured by the `[plugins.csc]` table (see README.md)."""
from esign.hookspecs import hookimpl
from esign_csc.provider import CSCProvider

__all__ = ["CSCProvider"]


@hookimpl
def esign_signing_levels():
    return [CSCProvider]

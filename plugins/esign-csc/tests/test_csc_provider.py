"""The csc provider against a real local CSC v2 service: the produced PDFs verify with pyHanko and
poppler's pdfsig; the v2 requests, credential selection, PIN authorisation and error sorting."""
from __future__ import annotations

import socket

import pytest
from csc_support import TOKEN, context, pdfsig, provider, statuses
from esign_csc.provider import CSCProvider
from esign_csc.testing import RSA_SHA256, SHA256

from esign import config as configmod
from esign import plugins as pluginsmod
from esign.providers.base import ProviderRejected, ProviderUnavailable


async def assert_valid(signed: bytes, tmp_path, root, count: int):
    blocks = pdfsig(signed, tmp_path)
    assert len(blocks) == count, blocks
    for block in blocks:
        assert "Signature Validation: Signature is Valid." in block, block
    assert "Total document signed" in blocks[-1]
    found = await statuses(signed, root)
    assert len(found) == count
    for status in found:
        assert status.intact and status.valid and status.trusted, status.pretty_print_details()
        assert status.bottom_line, status.pretty_print_details()


async def test_signs_with_the_signers_listed_credential(csc, pdf, tmp_path):
    other = csc.add_credential("someone@example.test", "Someone Else")
    mine = csc.add_credential("ada@example.test", "Ada Lovelace")
    signed = await provider(csc).sign(pdf, context())

    assert signed.startswith(pdf) and len(signed) > len(pdf)  # an incremental update
    await assert_valid(signed, tmp_path, csc.root, 1)
    [status] = await statuses(signed, csc.root)
    assert status.signing_cert.subject.native["email_address"] == "ada@example.test"
    assert [name for name, _, _ in csc.calls] == ["credentials/list", "credentials/info", "signatures/signHash"]
    assert all(auth == f"Bearer {TOKEN}" for _, _, auth in csc.calls)
    assert csc.called("credentials/list") == [{"userID": "ada@example.test", "onlyValid": True}]
    assert csc.called("credentials/info")[0]["credentialID"] == mine != other
    [sign] = csc.called("signatures/signHash")
    assert set(sign) == {"credentialID", "hashes", "hashAlgorithmOID", "signAlgo"}  # v2 names, no SAD
    assert sign["credentialID"] == mine and sign["hashAlgorithmOID"] == SHA256 and sign["signAlgo"] == RSA_SHA256
    assert len(sign["hashes"]) == 1


async def test_two_signers_in_turn_with_an_ec_key_and_a_pin(csc, pdf, tmp_path):
    """A fixed credential with explicit authorisation: credentials/authorize pins the SAD to the hash."""
    csc.add_credential("ada@example.test", "Ada Lovelace")
    fixed = csc.add_credential("seal@example.test", "Acme Qualified Seal", key="ec", pin="2468")
    once = await provider(csc).sign(pdf, context())
    twice = await provider(csc, credential_id=fixed, pin="2468").sign(once, context("Bob Signer", "bob@x.test", 2))

    assert twice.startswith(once)
    await assert_valid(twice, tmp_path, csc.root, 2)
    [authorize] = csc.called("credentials/authorize")
    assert authorize["credentialID"] == fixed and authorize["numSignatures"] == 1
    assert authorize["authData"] == [{"id": "PIN", "value": "2468"}]
    sign = csc.called("signatures/signHash")[-1]
    assert sign["SAD"] and sign["hashes"] == authorize["hashes"]
    assert len(csc.called("credentials/list")) == 1  # the fixed credential needs no lookup

    with pytest.raises(ProviderRejected, match="invalid_pin"):
        await provider(csc, credential_id=fixed, pin="0000").sign(pdf, context())
    with pytest.raises(ProviderRejected, match="explicit authorisation"):
        await provider(csc, credential_id=fixed).sign(pdf, context())


async def test_errors_are_sorted_for_the_job_queue(csc, pdf):
    csc.add_credential("ada@example.test", "Ada Lovelace")
    with pytest.raises(ProviderRejected, match="invalid_token"):
        await provider(csc, oauth_token="wrong").sign(pdf, context())
    with pytest.raises(ProviderRejected, match="no signing credential for nobody@example.test"):
        await provider(csc).sign(pdf, context("Nobody", "nobody@example.test"))
    with pytest.raises(ProviderRejected, match="invalid_request"):
        await provider(csc, credential_id="cred-unknown").sign(pdf, context())

    csc.failures["signatures/signHash"] = 503
    with pytest.raises(ProviderUnavailable, match="HTTP 503"):
        await provider(csc).sign(pdf, context())
    csc.failures["signatures/signHash"] = 400
    with pytest.raises(ProviderRejected, match="HTTP 400"):
        await provider(csc).sign(pdf, context())
    csc.failures = {"credentials/info": 500}
    with pytest.raises(ProviderUnavailable, match="server_error"):
        await provider(csc).sign(pdf, context())

    with socket.socket() as closed:  # a port nobody listens on
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with pytest.raises(ProviderUnavailable, match="credentials/list"):
        defaults = {key: option.default for key, option in CSCProvider.options.items()}
        await CSCProvider({**defaults, "service_url": f"http://127.0.0.1:{port}"}).sign(pdf, context())


def load(tmp_path, text: str, environ=None):
    path = tmp_path / "esign.toml"
    path.write_text(text)
    return configmod.load(str(path), environ=environ or {})


def test_registered_through_the_entry_point_and_configured(tmp_path):
    pm = pluginsmod.make_plugin_manager()  # finds the installed distribution's `esign` entry point
    assert pluginsmod.installed(pm, "esign_signing_levels")["csc"] is CSCProvider

    cfg = load(tmp_path, '[signing]\nqes_provider = "csc"\n[plugins.csc]\nservice_url = "https://csc.example.test"\n'
                         'oauth_token = "secret"\n', {"ESIGN_PLUGINS_CSC_TIMEOUT_SECONDS": "7"})
    chosen = pluginsmod.choose_signing_levels(pm, cfg)["qes"]
    assert isinstance(chosen, CSCProvider)
    assert chosen.settings["oauth_token"] == "secret" and chosen.settings["timeout_seconds"] == 7  # from the env
    assert chosen.settings["credential_id"] == "" and chosen.settings["pin"] == ""

    for text, message in [
        ('[plugins.csc]\nservice_url = "https://x.test"\nservce_url = "typo"\n', "unknown key plugins.csc.servce_url"),
        ('[plugins.csc]\ntimeout_seconds = "soon"\n', "plugins.csc.timeout_seconds"),
        ('[signing]\nqes_provider = "csc"\n', "plugins.csc.service_url"),
        ('[signing]\nqes_provider = "cssc"\n', "installed: csc"),
        ('[plugins.nope]\nkey = 1\n', "no installed signing-level provider 'nope'"),
    ]:
        with pytest.raises(configmod.ConfigError, match=message):
            pluginsmod.choose_signing_levels(pm, load(tmp_path, text))

"""Finalisation in a child process (`[jobs] finalize_processes`, the default 1; esign.processes): the
seal, the internal CA and the request travel to the child pickled (their keys as PEM, through a pipe),
and what comes back verifies as a finalisation in a thread does. The rest of the suite runs them in a
thread (`finalize_processes = 0` in tests/support/server.py)."""
from __future__ import annotations

import asyncio
import os
import pickle

import pytest

from esign.domain.orgs.keys import internal_ca, signing_seal
from esign.pdf.seal import InternalCA, LongTerm, SealMaterial
from tests.support import running_server
from tests.support.pdf_tools import assert_verified
from tests.support.signing import signed_pdf


def test_keys_and_roots_pickle_as_pem():
    seal, ca = SealMaterial.generate(), InternalCA.generate()
    again = pickle.loads(pickle.dumps((seal, ca, LongTerm("B-LTA", (seal.certificate,)))))
    assert again[0].chain == seal.chain and again[0].to_pem() == seal.to_pem()
    assert again[1].material.to_pem() == ca.material.to_pem()
    assert again[2] == LongTerm("B-LTA", (seal.certificate,))


@pytest.mark.parametrize("level,count", [("ses", 1), ("aes", 3)])
async def test_a_request_is_finalised_in_a_child_process(tmp_path, sample_pdf, level, count):
    async with running_server(tmp_path, overrides={"jobs": {"finalize_processes": 1}}) as server:
        document_id = (await server.client.upload(sample_pdf, "contract.pdf")).json["id"]
        pdf = await signed_pdf(server, server.client, document_id, level)
        pool = server.services.finalizer._pool
        children = list(pool._processes.values())
        assert children and all(child.pid != os.getpid() for child in children)
        roots = [(await signing_seal(server.services)).certificate]
        if level == "aes":
            roots.append((await internal_ca(server.services)).material.certificate)
        await asyncio.to_thread(assert_verified, pdf, tmp_path, roots, count)

"""Fixtures of the signed-PDF library tests: the seal's keys, the internal CA, the corpus."""
from __future__ import annotations

import pathlib

import pytest

from esign.pdf.seal import InternalCA, SealMaterial
from tests.support.documents import CORPUS


@pytest.fixture(scope="session")
def seal() -> SealMaterial:
    return SealMaterial.generate()


@pytest.fixture(scope="session")
def ca() -> InternalCA:
    return InternalCA.generate()


@pytest.fixture
def corpus() -> pathlib.Path:
    assert CORPUS.is_dir(), f"the PDF corpus is missing at {CORPUS}"
    return CORPUS

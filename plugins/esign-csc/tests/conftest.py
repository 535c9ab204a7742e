"""Fixtures: a real local CSC v2 service and a PDF to sign."""
from __future__ import annotations

import io

import pytest
from csc_support import TOKEN
from esign_csc.testing import FakeCSCService
from pypdf import PdfWriter


@pytest.fixture
async def csc():
    service = FakeCSCService(token=TOKEN)
    yield service
    service.stop()


@pytest.fixture(scope="session")
def pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(595, 842)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()

"""`esign verify` on a malformed signature dictionary (issue 35, part 6): whatever is wrong in it
(`/ByteRange null`, the wrong types, missing `/Contents`, offsets outside the file or out of order, a
/Contents that is no signature, a field whose value is no dictionary), the command exits 2 with one
line on standard error, naming the signature and what is wrong, and no traceback.

Before: `/ByteRange null` (and a string, reals or names) printed a Python traceback."""
from __future__ import annotations

import re

import pytest

from esign.pdf.seal import SealMaterial, seal_pdf
from tests.support.active_pdfs import plain_pdf
from tests.support.processes import esign_verify

MALFORMED = 2
pytestmark = pytest.mark.slow  # an `esign verify` process each


@pytest.fixture(scope="module")
def sealed() -> bytes:
    return seal_pdf(plain_pdf(), SealMaterial.generate())


def _byte_range(new: bytes):
    """Replace the /ByteRange entry (with the blanks pyHanko pads it with) by `new`, the same length."""
    def change(pdf: bytes) -> bytes:
        found = re.search(rb"/ByteRange \[[^\]]*\] *", pdf)
        assert len(new) <= len(found.group())
        return pdf[:found.start()] + new.ljust(len(found.group())) + pdf[found.end():]
    return change


def _contents_number(pdf: bytes) -> bytes:
    """/Contents renamed, and a /Contents that is a number put in the /ByteRange's padding."""
    found = re.search(rb"(/ByteRange \[[^\]]*\]) *", pdf)
    entry = found.group(1) + b" /Contents 7"
    pdf = pdf[:found.start()] + entry.ljust(len(found.group())) + pdf[found.end():]
    return pdf.replace(b"/Contents <", b"/Contentx <", 1)


def _garbage_contents(pdf: bytes) -> bytes:
    start = pdf.index(b"/Contents <") + len(b"/Contents <")
    return pdf[:start] + b"ab" * 40 + pdf[start + 80:]


CASES = {
    "byte_range_null": (_byte_range(b"/ByteRange null"), "/ByteRange is null, not an array of 4 integers"),
    "byte_range_string": (_byte_range(b"/ByteRange (0 1 2 3)"), "not an array of 4 integers"),
    "byte_range_three_numbers": (_byte_range(b"/ByteRange [0 10 20]"), "not an array of 4 integers"),
    "byte_range_reals": (_byte_range(b"/ByteRange [0 1.5 20 5]"), "not an array of 4 integers"),
    "byte_range_names": (_byte_range(b"/ByteRange [/a /b /c /d]"), "not an array of 4 integers"),
    "byte_range_missing": (_byte_range(b"/ByteRangX [0 1 2 3]"), "it has no /ByteRange"),
    "byte_range_beyond_the_file": (_byte_range(b"/ByteRange [0 10 999999999 99999]"),
                                   "does not lie, in order, within the file's"),
    "byte_range_negative": (_byte_range(b"/ByteRange [0 -10 20 -5]"), "does not lie, in order, within"),
    "byte_range_out_of_order": (_byte_range(b"/ByteRange [0 300 200 10]"), "does not lie, in order, within"),
    "byte_range_not_around_contents": (_byte_range(b"/ByteRange [0 10 20 30]"),
                                       "does not leave out exactly the signature value (/Contents)"),
    "contents_missing": (lambda pdf: pdf.replace(b"/Contents <", b"/Contentx <", 1), "it has no /Contents"),
    "contents_a_number": (_contents_number, "/Contents is NumberObject '7', not a string"),
    "contents_no_signature": (_garbage_contents, "a signature cannot be read"),
    "value_not_a_dictionary": (lambda pdf: re.sub(rb"/V (\d+) 0 R", lambda m: b"/V " + m.group(1) + b"    ", pdf),
                               "the field's value is NumberObject"),
}


@pytest.mark.parametrize("case", CASES)
def test_a_malformed_signature_dictionary_exits_2_with_one_line(sealed, tmp_path, case):
    change, said = CASES[case]
    pdf = change(sealed)
    assert pdf != sealed and len(pdf) == len(sealed)
    path = tmp_path / "malformed.pdf"
    path.write_bytes(pdf)
    proc = esign_verify(path)
    assert proc.returncode == MALFORMED, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert line.startswith(f"esign: {path}: ") and said in line, line
    if case != "contents_no_signature":
        assert "'esign-seal'" in line, line


def test_the_sealed_file_itself_is_checked(sealed, tmp_path):
    """The file the cases change is well formed: its signature intact (it fails only for carrying no audit
    trail, being no document of esign's)."""
    path = tmp_path / "sealed.pdf"
    path.write_bytes(sealed)
    proc = esign_verify(path)
    assert "signature 'esign-seal' by Common Name: esign seal is intact and valid" in proc.stdout, proc.stdout
    assert proc.returncode == 1 and "FAIL  the PDF carries no audit trail" in proc.stdout, proc.stdout + proc.stderr

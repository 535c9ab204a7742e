"""Digits as people type them: a phone keyboard in Arabic gives Arabic-Indic digits (٠١٢), a Persian
or Urdu one Eastern Arabic-Indic digits (۰۱۲), a Japanese input method full-width ones (０１２). Where a
number or a phone number is asked for, each decimal digit of any script (Unicode category Nd) is read as
the ASCII digit it is before the value is checked, so the right number typed so is never refused.

The one normalising function of the server: the signer API's number and phone fields
(esign.domain.pages.signer_values), the phone code (esign.domain.signer.verification.phone_codes) and
the /v1 phone input (esign.schema.Phone); a phone's full-width plus is read as `+` too (`ascii_phone`).
The signing page does the same in the browser (signer.js, `asciiDigits`).
"""
from __future__ import annotations

import unicodedata


def ascii_digits(text: str) -> str:
    """`text` with every decimal digit of another script replaced by its ASCII digit (full-width ones
    included); every other character as it was."""
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c for c in text)


def ascii_phone(text: str) -> str:
    """A phone number as `ascii_digits` reads it, with a full-width plus (＋, U+FF0B, as a Japanese input
    method types it) read as `+`."""
    return ascii_digits(text).replace("\uff0b", "+")

"""A completed request's public verification id (esign.domain.evidence.verification): 80 random bits
from `secrets`, unrelated to the request id, written as 16 characters of Crockford's base32 (no I, L, O
or U) in groups of four, `K7QF-3M2P-X9TR-4WZ8`."""
from __future__ import annotations

import re
import secrets

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32: no I, L, O, U
BITS = 80
GROUP = 4
LENGTH = BITS // 5  # characters
# what a reader may type for a character of the alphabet (Crockford: O is 0, I and L are 1)
_READ = str.maketrans({"O": "0", "I": "1", "L": "1"})
_SHAPE = re.compile(f"[{ALPHABET}]{{{LENGTH}}}")


def new_id() -> str:
    """A fresh verification id, grouped (`K7QF-3M2P-X9TR-4WZ8`)."""
    number = secrets.randbits(BITS)
    chars = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(LENGTH)))
    return grouped(chars)


def grouped(chars: str) -> str:
    return "-".join(chars[i:i + GROUP] for i in range(0, len(chars), GROUP))


def parse(text: str) -> str | None:
    """The stored (grouped) form of a verification id as typed or scanned (any case, with or without
    dashes or spaces), or None when it cannot be one."""
    chars = re.sub(r"[\s-]", "", text[:64]).upper().translate(_READ)
    return grouped(chars) if _SHAPE.fullmatch(chars) else None

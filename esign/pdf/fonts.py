"""Fonts for stamping and the audit certificate.

Text that the PDF base fonts can encode (Windows-1252: Western European names and values) uses them:
they are never embedded, so a stamped page or a certificate costs a few hundred bytes, not a font.
Other text uses TrueType files found on the machine (reportlab embeds TrueType-outline fonts only:
.ttf/.ttc, not CFF .otf). Each chain is tried in order and the first font that has every glyph of a
text is used, else each character takes the first font that has it, the FALLBACKS (CJK, Hangul,
symbols and emoji) last; a character no font has is left out (drawn as nothing rather than an empty
box), as are invisible format characters (joiners, variation selectors). With no TrueType font at all,
Helvetica (Latin-1) is used.

reportlab draws code points one after the other, left to right, neither shaping nor reordering them:
text with right-to-left letters (Arabic, Hebrew) is first put in the order it is seen (`visual`), its
Arabic letters in their joined forms (Arabic Presentation Forms, which DejaVu Sans has), by
arabic-reshaper and python-bidi (the Unicode bidirectional algorithm).
"""
from __future__ import annotations

import functools
import glob
import os
import re
import shutil
import subprocess
import threading
import unicodedata
from collections import defaultdict

from arabic_reshaper import ArabicReshaper
from bidi import get_base_level, get_display, mirror
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# File names, best first. Debian packages: fonts-dejavu-core, fonts-kristi (handwriting),
# fonts-droid-fallback (CJK), fonts-nanum (Hangul), fonts-symbola (symbols and emoji, in black: colour
# emoji fonts are bitmaps reportlab cannot embed).
FALLBACKS = ["DroidSansFallbackFull.ttf", "wqy-zenhei.ttc", "wqy-microhei.ttc", "uming.ttc", "ukai.ttc",
             "NanumGothic.ttf", "UnDotum.ttf", "Symbola_hint.ttf", "Symbola.ttf"]
# The base fonts (no file, never embedded) cover Windows-1252.
BASE = {"Helvetica", "Helvetica-Bold", "Courier"}
TEXT = ["Helvetica", "DejaVuSans.ttf", "LiberationSans-Regular.ttf"]
BOLD = ["Helvetica-Bold", "DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", *TEXT]
MONO = ["Courier", "DejaVuSansMono.ttf", *TEXT]
HANDWRITING = ["Kristi.ttf", "dkgIt.ttf", "dkg.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSans-Oblique.ttf",
               "LiberationSerif-Italic.ttf", *TEXT]
FALLBACK = "Helvetica"

_lock = threading.Lock()
# the mandatory lam-alef ligatures only: DejaVu has no glyph for the others (the word "Allah" one)
_RESHAPER = ArabicReshaper({"ARABIC LIGATURE ALLAH": False})
_RIGHT_TO_LEFT = {"R", "AL"}
_WINDOWS_1252 = frozenset(map(ord, bytes(range(0x20, 0x100)).decode("cp1252", errors="ignore"))) - {0x7f}


@functools.cache
def _font_files() -> dict[str, str]:
    """Base name -> path of every TrueType font on the machine."""
    paths: list[str] = []
    if shutil.which("fc-list"):
        try:
            out = subprocess.run(["fc-list", "--format", "%{file}\n"], capture_output=True, text=True,
                                 timeout=10, check=False).stdout
            paths = out.splitlines()
        except (OSError, subprocess.SubprocessError):
            paths = []
    for root in ("/usr/share/fonts", "/usr/local/share/fonts", os.path.expanduser("~/.fonts")):
        paths += glob.glob(os.path.join(root, "**", "*.tt[fc]"), recursive=True)
    return {os.path.basename(p): p for p in sorted(paths) if p.lower().endswith((".ttf", ".ttc"))}


@functools.cache
def _load(filename: str) -> tuple[str, frozenset[int]] | None:
    """Register the font with reportlab once per process; returns (name, covered code points)."""
    if filename in BASE:
        return filename, _WINDOWS_1252
    path = _font_files().get(filename)
    if path is None:
        return None
    name = "esign-" + os.path.splitext(filename)[0]
    try:
        with _lock:
            # not asciiReadable: a subset holds the glyphs used, not all of ASCII (text stays
            # extractable through the ToUnicode map)
            font = TTFont(name, path, subfontIndex=0, asciiReadable=False)
            pdfmetrics.registerFont(font)
    except Exception:  # noqa: BLE001 - an unusable font file is skipped, the next candidate is tried
        return None
    return name, frozenset(font.face.charToGlyph)


def path_of(chain: list[str]) -> str | None:
    """The file of the first font of `chain` on this machine (the signing page serves it)."""
    files = _font_files()
    return next((files[name] for name in chain if name in files), None)


def visual(text: str) -> str:
    """`text` in the order it is drawn left to right: right-to-left runs reversed (numbers and Latin
    within them kept left to right), the brackets and other mirrored characters in them mirrored, and
    Arabic letters in their joined forms; then without invisible format characters. Vowel marks
    (harakat) are left out: drawn without positioning they would land beside their letter."""
    if any(unicodedata.bidirectional(c) in _RIGHT_TO_LEFT for c in text):
        text = _reorder(_RESHAPER.reshape(text))
    return "".join(c for c in text if unicodedata.category(c) != "Cf" and not 0xfe00 <= ord(c) <= 0xfe0f
                   and not 0xe0100 <= ord(c) <= 0xe01ef)


def _reorder(text: str) -> str:
    """`text` (one line) in visual order by the Unicode bidirectional algorithm (UAX #9): the levels
    python-bidi resolves (brackets paired, rule N0), then rules L1, L2 and L4 here, as python-bidi's
    get_display does not mirror (L4: a "(" in a right-to-left run is drawn as ")")."""
    levels = _levels(text)
    base = get_base_level(text)
    end = len(text)
    while end and unicodedata.bidirectional(text[end - 1]) in ("WS", "B", "S", "BN", "LRI", "RLI", "FSI", "PDI"):
        end -= 1
    levels[end:] = [base] * (len(text) - end)  # L1: the line's trailing white space takes its direction
    chars = [mirror.MIRRORED.get(c, c) if level % 2 else c for c, level in zip(text, levels)]  # L4
    odd = [level for level in levels if level % 2]
    for level in range(max(levels, default=0), min(odd, default=max(levels, default=0) + 1) - 1, -1):  # L2
        i = 0
        while i < len(chars):
            if levels[i] < level:
                i += 1
                continue
            j = i
            while j < len(chars) and levels[j] >= level:
                j += 1
            chars[i:j], levels[i:j] = chars[i:j][::-1], levels[i:j][::-1]
            i = j
    return "".join(chars)


_LEVEL = re.compile(r"Level\(\s*(\d+),\s*\)")


def _levels(text: str) -> list[int]:
    """The resolved embedding level of each character of `text`: python-bidi's answer with `debug`
    (the Rust crate's BidiInfo, one level per UTF-8 byte)."""
    info = get_display(text, debug=True)
    per_byte = [int(level) for level in _LEVEL.findall(info.split("levels:", 1)[1].split("paragraphs:", 1)[0])]
    out, offset = [], 0
    for char in text:
        out.append(per_byte[offset])
        offset += len(char.encode())
    return out


def runs(chain: list[str], text: str) -> list[tuple[str, str]]:
    """Split `text`, put in visual order (`visual`), into (reportlab font name, substring) runs. One
    font of `chain` for the whole text if one covers it (a consistent style); else, per character,
    the first font of `chain` and then of the FALLBACKS that has it; a character none has is left
    out. The fallbacks map Latin to blank glyphs, so they are never used for a whole text."""
    text = visual(text)
    loaded = [f for f in map(_load, chain) if f]
    needed = {ord(c) for c in text if not c.isspace()}
    whole = next((name for name, covered in loaded if needed <= covered), None)
    if whole:
        return [(whole, text)]
    loaded += [f for f in map(_load, FALLBACKS) if f]
    if not loaded:  # no TrueType font on the machine: Helvetica encodes Latin-1 only
        return [(FALLBACK, text.encode("latin-1", "replace").decode("latin-1"))]
    if not needed:
        return [(loaded[0][0], text)]
    out: list[tuple[str, str]] = []
    for char in text:
        name = (out[-1][0] if out else loaded[0][0]) if char.isspace() else next(
            (name for name, covered in loaded if ord(char) in covered), None)
        if name is None:
            continue
        if out and out[-1][0] == name:
            out[-1] = (name, out[-1][1] + char)
        else:
            out.append((name, char))
    return out or [(loaded[0][0], "")]


def prime(doc, chain: list[str], texts) -> None:
    """Give every character of `texts` its code in the TrueType fonts of `chain` that draw it, in one
    fixed order, before anything is drawn in `doc` (a reportlab document). Documents primed alike
    embed byte-identical subsets of those fonts as long as they draw no other character in them, so
    that esign.pdf.stamp keeps one when their pages join one PDF."""
    chars: dict[str, set[str]] = defaultdict(set)
    for text in texts:
        for name, part in runs(chain, " ".join(text.split())):
            chars[name].update(part)
    for name in sorted(chars):
        font = pdfmetrics.getFont(name)
        if isinstance(font, TTFont):
            font.splitString("".join(sorted(chars[name])), doc)


def codes(doc) -> dict[str, list[int]]:
    """The characters each TrueType font has been given codes for in `doc` (a reportlab document),
    in the order of their codes: what `replay` gives another document."""
    out = {}
    for name in pdfmetrics.getRegisteredFontNames():
        state = getattr(pdfmetrics.getFont(name), "state", {}).get(doc)
        if state is not None and state.assignments:
            out[name] = sorted(state.assignments, key=state.assignments.get)
    return out


def replay(doc, assigned: dict[str, list[int]]) -> None:
    """Give the characters of `assigned` (`codes` of another document) the same codes in `doc`, before
    anything is drawn in it. Its subsets of those fonts then begin as the other document's do, code for
    code, so that esign.pdf.stamp can keep one for both when their pages join one PDF."""
    for name, chars in assigned.items():
        pdfmetrics.getFont(name).splitString("".join(map(chr, chars)), doc)

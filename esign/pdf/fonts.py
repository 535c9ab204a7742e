"""Fonts for stamping and the audit certificate.

reportlab embeds TrueType-outline fonts only (.ttf/.ttc, not CFF .otf), so candidates are TrueType
files found on the machine. Each chain is tried in order and the first font that has every glyph of a
string is used; CJK fallbacks come last. With no TrueType font at all, Helvetica (Latin-1) is used.
"""
from __future__ import annotations

import functools
import glob
import os
import shutil
import subprocess
import threading

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# File names, best first. Handwriting fonts are Debian packages fonts-kristi, fonts-dkg-handwriting.
_CJK = ["DroidSansFallbackFull.ttf", "DroidSansFallback.ttf", "wqy-zenhei.ttc", "wqy-microhei.ttc",
        "uming.ttc", "ukai.ttc", "fonts-japanese-gothic.ttf"]
TEXT = ["DejaVuSans.ttf", "LiberationSans-Regular.ttf", *_CJK]
BOLD = ["DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", *TEXT]
HANDWRITING = ["Kristi.ttf", "dkgIt.ttf", "dkg.ttf", "DejaVuSerif-Italic.ttf", "DejaVuSans-Oblique.ttf",
               "LiberationSerif-Italic.ttf", *TEXT]
FALLBACK = "Helvetica"

_lock = threading.Lock()


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
    path = _font_files().get(filename)
    if path is None:
        return None
    name = "esign-" + os.path.splitext(filename)[0]
    try:
        with _lock:
            font = TTFont(name, path, subfontIndex=0)
            pdfmetrics.registerFont(font)
    except Exception:  # noqa: BLE001 - an unusable font file is skipped, the next candidate is tried
        return None
    return name, frozenset(font.face.charToGlyph)


def pick(chain: list[str], text: str) -> str:
    """The reportlab font name to draw `text` with: the first in `chain` covering all its characters,
    else the one covering the most, else Helvetica."""
    needed = {ord(c) for c in text if not c.isspace()}
    best, best_missing = FALLBACK, None
    for filename in chain:
        loaded = _load(filename)
        if loaded is None:
            continue
        name, covered = loaded
        missing = len(needed - covered)
        if missing == 0:
            return name
        if best_missing is None or missing < best_missing:
            best, best_missing = name, missing
    return best


def printable(font: str, text: str) -> str:
    """Helvetica only encodes Latin-1: replace what it cannot show instead of failing."""
    if font == FALLBACK:
        return text.encode("latin-1", "replace").decode("latin-1")
    return text

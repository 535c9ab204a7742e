"""The text layer of a PDF with its boxes, as a viewer displays the page: where a text (an anchor)
is, and where the text tags `{{...}}` are.

Boxes are percents of the page as displayed (origin top-left, x right, y down), the page being the
CropBox clipped to the MediaBox with /Rotate applied: exactly the space esign.pdf.stamp draws field
boxes in (`_box_matrix`, through esign.pdf.render.visible_box), so a field placed at a text's box is
stamped over that text.

Text is matched on each page's character stream as pdfium reads it (text drawn in several pieces
joins up), case-sensitively, with every run of white space (and line ends) read as one space. A
match's box is the union of its characters' boxes (pdfium's "loose" boxes: the font's height, not
the glyph's ink, so "a" and "A" on one line have the same top). Matches are listed in reading
order: page by page, then line by line from the top (matches whose vertical middles lie within one
another's height are on one line), then from the left.

This parses untrusted files: it runs in the bounded checking processes (esign.pdf.probe).
"""
from __future__ import annotations

import re

import pypdf
import pypdfium2
import pypdfium2.raw as pdfium_c

from esign.pdf.render import visible_box

TAG = re.compile(r"\{\{([^{}]*)\}\}")
MAX_TAG_CHARS = 500  # a longer {{...}} is kept cut short (without its "}}": an error)
MAX_MATCHES = 5001  # per text: one more than a request may have fields, so "all" beyond that is refused


def normalise(text: str) -> tuple[str, list[int]]:
    """`text` with every run of white space as one space, and for each of its characters the index
    of the character of `text` it comes from."""
    out, where = [], []
    space = False
    for i, ch in enumerate(text):
        if ch.isspace() or ch == "\x00":
            if not space:
                out.append(" ")
                where.append(i)
            space = True
        else:
            out.append(ch)
            where.append(i)
            space = False
    return "".join(out), where


def clean(text: str) -> str:
    """An anchor text as matched: white space runs as one space, none at the ends."""
    return normalise(text)[0].strip(" ")


class _Page:
    """One page's text and the mapping of its boxes to displayed percent."""

    def __init__(self, pdf_page, py_page):
        self.textpage = pdf_page.get_textpage()
        count = self.textpage.count_chars()
        text = self.textpage.get_text_range(0, count) if count > 0 else ""
        if len(text) != count:  # pdfium left out or added characters (or UTF-16 pairs): one by one
            text = "".join(chr(pdfium_c.FPDFText_GetUnicode(self.textpage, i) or 32) for i in range(count))
        self.text, self.where = normalise(text)
        self.x0, self.y0, self.x1, self.y1, self.rotate = visible_box(py_page)
        w, h = self.x1 - self.x0, self.y1 - self.y0
        self.width, self.height = (h, w) if self.rotate in (90, 270) else (w, h)

    def close(self):
        self.textpage.close()

    def _displayed(self, ux: float, uy: float) -> tuple[float, float]:
        """A point of user space as displayed: (from the left, from the top), in points; the inverse
        of esign.pdf.stamp._box_matrix."""
        return {
            0: (ux - self.x0, self.y1 - uy),
            90: (uy - self.y0, ux - self.x0),
            180: (self.x1 - ux, uy - self.y0),
            270: (self.y1 - uy, self.x1 - ux),
        }[self.rotate]

    def box(self, start: int, end: int) -> list[float] | None:
        """[x, y, width, height] in percent of the displayed page of the normalised characters
        start..end (white space left out); None when none has a box."""
        xs, ys = [], []
        for k in range(start, end):
            if self.text[k] == " ":
                continue
            left, bottom, right, top = self.textpage.get_charbox(self.where[k], loose=True)
            if right <= left and top <= bottom:
                continue
            for ux, uy in ((left, bottom), (right, top)):
                x, y = self._displayed(ux, uy)
                xs.append(x)
                ys.append(y)
        if not xs:
            return None
        left, top = max(0.0, min(xs)), max(0.0, min(ys))
        right, bottom = min(self.width, max(xs)), min(self.height, max(ys))
        return [round(v, 4) for v in (100 * left / self.width, 100 * top / self.height,
                                      100 * max(0.0, right - left) / self.width,
                                      100 * max(0.0, bottom - top) / self.height)]


def _reading_order(found: list[dict]) -> list[dict]:
    """Matches of one page sorted line by line from the top, then from the left."""
    def middle(m):
        return m["y_percent"] + m["height_percent"] / 2

    lines: list[list[dict]] = []
    for m in sorted(found, key=middle):
        line = lines[-1] if lines else None
        if line and any(abs(middle(m) - middle(o)) <= max(o["height_percent"], m["height_percent"]) / 2 for o in line):
            line.append(m)
        else:
            lines.append([m])
    return [m for line in lines for m in sorted(line, key=lambda m: m["x_percent"])]


def _match(page_number: int, page: _Page, start: int, end: int) -> dict | None:
    box = page.box(start, end)
    if box is None or page.width <= 0 or page.height <= 0:
        return None
    return {"page": page_number, "x_percent": box[0], "y_percent": box[1], "width_percent": box[2],
            "height_percent": box[3], "page_width": round(page.width, 3), "page_height": round(page.height, 3)}


def search(path: str, texts: list[str], tags: bool = False, max_tags: int = 500) -> dict:
    """{"matches": {text: [match, ...]}, "tags": [{"tag", ...match}], "tag_count": N}: every match of
    each text (as `clean` makes it) and, with `tags`, the first `max_tags` text tags (their text
    without the braces' surroundings; `tag_count` counts them all). A match: page (1-based) and
    x/y/width/height_percent, with the displayed page's size in points (page_width, page_height)."""
    wanted = {clean(t) for t in texts if clean(t)}
    matches: dict[str, list[dict]] = {t: [] for t in wanted}
    found_tags: list[dict] = []
    tag_count = 0
    reader = pypdf.PdfReader(path, strict=False)
    doc = pypdfium2.PdfDocument(path)
    try:
        count = min(len(doc), len(reader.pages))
        for index in range(count):
            pdf_page = doc[index]
            page = _Page(pdf_page, reader.pages[index])
            try:
                for text in wanted:
                    if len(matches[text]) >= MAX_MATCHES:
                        continue
                    on_page, at = [], page.text.find(text)
                    while at >= 0 and len(matches[text]) + len(on_page) < MAX_MATCHES:
                        if (m := _match(index + 1, page, at, at + len(text))) is not None:
                            on_page.append(m)
                        at = page.text.find(text, at + len(text))
                    matches[text] += _reading_order(on_page)
                if tags:
                    on_page = []
                    for hit in TAG.finditer(page.text):
                        tag_count += 1
                        if len(found_tags) + len(on_page) >= max_tags:
                            continue
                        if (m := _match(index + 1, page, hit.start(), hit.end())) is not None:
                            on_page.append({"tag": hit.group(0)[:MAX_TAG_CHARS], **m})  # cut short: no "}}"
                    found_tags += _reading_order(on_page)
            finally:
                page.close()
                pdf_page.close()
    finally:
        doc.close()
    return {"matches": matches, "tags": found_tags, "tag_count": tag_count}

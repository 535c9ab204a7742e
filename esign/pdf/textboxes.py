"""The text layer of a PDF with its boxes, as a viewer displays the page: where a text (an anchor)
is, and where the text tags `{{...}}` are; and each page's text as runs with their boxes (`page_runs`),
which the signing page reads out in reading order (esign.domain.signer.page_text).

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

This parses untrusted files: it runs in the bounded checking processes (esign.pdf.probe), and a
search is bounded in itself too: at most MAX_ALL_MATCHES matches of all the texts together, and
however many text tags there are it stops counting them one past those kept, and it gives up once
it has taken its time (`seconds`), so that the child answers (TooMuchText) instead of being killed.
"""
from __future__ import annotations

import re
import time

import pypdf
import pypdfium2
import pypdfium2.raw as pdfium_c

from esign.pdf.render import visible_box

TAG = re.compile(r"\{\{([^{}]*)\}\}")
SPACE_RUN = re.compile(r"[\s\x00]+")  # \s: what str.isspace() says is white space
MAX_TAG_CHARS = 500  # a longer {{...}} is kept cut short (without its "}}": an error)
MAX_MATCHES = 5001  # per text: one more than a request may have fields, so "all" beyond that is refused
MAX_ALL_MATCHES = 20_000  # of all the texts of one search together: more is refused (TooMuchText)


class TooMuchText(Exception):
    """The search was over its bounds (the message says which): the caller refuses what needed it."""


def normalise(text: str) -> tuple[str, list[int]]:
    """`text` with every run of white space (and NUL) as one space, and for each of its characters the
    index of the character of `text` it comes from (a run's space: its first character's)."""
    out, where, last = [], [], 0
    for run in SPACE_RUN.finditer(text):
        start = run.start()
        out += (text[last:start], " ")
        where += range(last, start)
        where.append(start)
        last = run.end()
    out.append(text[last:])
    where += range(last, len(text))
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
    """Matches of one page sorted line by line from the top, then from the left (`lines`)."""
    return [m for line in lines(found) for m in line]


def lines(found: list[dict]) -> list[list[dict]]:
    """Boxes of one page (dicts with x/y/height_percent) as lines from the top, each sorted from the left. A box (taken by
    their vertical middles, top down) joins the line above when its middle is within half the height
    of the match's or of one of the line's from one of the line's middles: as the line's middles are
    all above it, within its own half height of the lowest one, or below the lowest half-height
    reach of one (`reach`); so each match is placed at once, however long the line."""
    def middle(m):
        return m["y_percent"] + m["height_percent"] / 2

    rows: list[list[dict]] = []
    lowest = reach = 0.0
    for m in sorted(found, key=middle):
        mid, half = middle(m), m["height_percent"] / 2
        if rows and (mid - lowest <= half or mid <= reach):
            rows[-1].append(m)
            reach = max(reach, mid + half)
        else:
            rows.append([m])
            reach = mid + half
        lowest = mid
    return [sorted(line, key=lambda m: m["x_percent"]) for line in rows]


def _match(page_number: int, page: _Page, start: int, end: int) -> dict | None:
    box = page.box(start, end)
    if box is None or page.width <= 0 or page.height <= 0:
        return None
    return {"page": page_number, "x_percent": box[0], "y_percent": box[1], "width_percent": box[2],
            "height_percent": box[3], "page_width": round(page.width, 3), "page_height": round(page.height, 3)}


def search(path: str, texts: list[str], tags: bool = False, max_tags: int = 500, seconds: float | None = None) -> dict:
    """{"matches": {text: [match, ...]}, "tags": [{"tag", ...match}], "tag_count": N}: every match of
    each text (as `clean` makes it; at most MAX_MATCHES of one) and, with `tags`, the first `max_tags`
    text tags (their text without the braces' surroundings; `tag_count` counts them, up to one more
    than `max_tags`: the search stops there). A match: page (1-based) and x/y/width/height_percent,
    with the displayed page's size in points (page_width, page_height). TooMuchText when the texts
    have more than MAX_ALL_MATCHES matches together, or when the search takes more than `seconds`."""
    deadline = None if seconds is None else time.monotonic() + seconds
    wanted = {clean(t) for t in texts if clean(t)}
    matches: dict[str, list[dict]] = {t: [] for t in wanted}
    found_tags: list[dict] = []
    tag_count = all_matches = 0

    def in_time():
        if deadline is not None and time.monotonic() > deadline:
            raise TooMuchText(f"the document's text is too large to search within {seconds:g} s")

    reader = pypdf.PdfReader(path, strict=False)
    doc = pypdfium2.PdfDocument(path)
    try:
        count = min(len(doc), len(reader.pages))
        for index in range(count):
            if not wanted and tag_count > max_tags:
                break  # only tags asked for, and more than are kept already found
            in_time()
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
                            all_matches += 1
                            if all_matches > MAX_ALL_MATCHES:
                                raise TooMuchText(f"the texts looked for occur more than {MAX_ALL_MATCHES:,} times "
                                                  f"in the document together: look for fewer or longer texts")
                            if all_matches % 100 == 0:
                                in_time()
                        at = page.text.find(text, at + len(text))
                    matches[text] += _reading_order(on_page)
                    in_time()
                if tags:
                    on_page = []
                    for hit in TAG.finditer(page.text):
                        tag_count += 1
                        if tag_count > max_tags:
                            break  # one more than are kept: the rest are not counted
                        if (m := _match(index + 1, page, hit.start(), hit.end())) is not None:
                            on_page.append({"tag": hit.group(0)[:MAX_TAG_CHARS], **m})  # cut short: no "}}"
                        if tag_count % 100 == 0:
                            in_time()
                    found_tags += _reading_order(on_page)
            finally:
                page.close()
                pdf_page.close()
    finally:
        doc.close()
    return {"matches": matches, "tags": found_tags, "tag_count": tag_count}


def page_runs(path: str, seconds: float | None = None) -> list[list[dict]]:
    """Each page's text layer as pdfium reads it: the page's runs of text (pdfium's text rectangles:
    a piece of one line), each {"text", x/y/width/height_percent} of the displayed page, in reading
    order is the caller's (`lines`); [] for a page without text (a scanned image). TooMuchText after `seconds`."""
    deadline = None if seconds is None else time.monotonic() + seconds
    reader = pypdf.PdfReader(path, strict=False)
    doc = pypdfium2.PdfDocument(path)
    pages = []
    try:
        for index in range(min(len(doc), len(reader.pages))):
            if deadline is not None and time.monotonic() > deadline:
                raise TooMuchText(f"the document's text is too large to read within {seconds:g} s")
            pdf_page = doc[index]
            page = _Page(pdf_page, reader.pages[index])
            try:
                pages.append(_runs(page))
            finally:
                page.close()
                pdf_page.close()
    finally:
        doc.close()
    return pages


def _runs(page: _Page) -> list[dict]:
    if page.width <= 0 or page.height <= 0 or not page.text.strip():
        return []
    runs = []
    for k in range(page.textpage.count_rects()):
        left, bottom, right, top = page.textpage.get_rect(k)
        text = normalise(page.textpage.get_text_bounded(left, bottom, right, top))[0].strip(" ")
        if not text:
            continue
        (xa, ya), (xb, yb) = page._displayed(left, bottom), page._displayed(right, top)
        x, y = max(0.0, min(xa, xb)), max(0.0, min(ya, yb))
        runs.append({"text": text, "x_percent": round(100 * x / page.width, 4), "y_percent": round(100 * y / page.height, 4),
                     "width_percent": round(100 * abs(xb - xa) / page.width, 4),
                     "height_percent": round(100 * abs(yb - ya) / page.height, 4)})
    return runs

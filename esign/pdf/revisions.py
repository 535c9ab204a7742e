"""What differs between two revisions of a PDF, in words (`esign verify`, esign.pdf.verify, says what
was added after the seal): pages added or removed, a page's content or resources changed, annotations
added, removed or changed, form values filled in, changed or removed, and document-level entries
changed. Objects are compared by the SHA-256 of everything they refer to (`_digest`).
"""
from __future__ import annotations

import hashlib
import io

from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.reader import PdfFileReader


def revision_changes(before_pdf: bytes, after_pdf: bytes, certificate: set[int]) -> list[str]:
    """The changes from the revision `before_pdf` to `after_pdf` (the whole file), one sentence each;
    `certificate`: the indices of the certificate of completion's pages in `before_pdf`."""
    before = PdfFileReader(io.BytesIO(before_pdf), strict=False)
    after = PdfFileReader(io.BytesIO(after_pdf), strict=False)
    found = _page_changes(_pages(before), _pages(after), certificate)
    found += _form_changes(_field_values(before), _field_values(after))
    return found + _catalog_changes(before.root, after.root)


def _get(node: generic.DictionaryObject, key: str, default=None):
    """`node[key]` resolved, or `default` (pyHanko's `get` does not resolve references)."""
    return node[key] if key in node else default


def _pages(reader: PdfFileReader) -> list[generic.DictionaryObject]:
    """The page dictionaries in page order (the page tree walked once, each node once)."""
    pages, seen, todo = [], set(), [reader.root.raw_get("/Pages")]
    while todo:
        ref = todo.pop(0)
        key = (ref.idnum, ref.generation) if isinstance(ref, generic.IndirectObject) else id(ref)
        node = ref.get_object()
        if key in seen or not isinstance(node, generic.DictionaryObject):
            continue
        seen.add(key)
        kids = _get(node, "/Kids")
        if isinstance(kids, generic.ArrayObject):
            todo[:0] = [kids.raw_get(i) for i in range(len(kids))]
        else:
            pages.append(node)
    return pages


def _digest(obj, skip=frozenset({"/Parent", "/P", "/Annots"})) -> str:
    """SHA-256 of `obj` and everything it refers to (streams as encoded), leaving out the keys `skip`
    that point back up or sideways."""
    h, seen, todo = hashlib.sha256(), set(), [obj]
    while todo:
        item = todo.pop()
        if isinstance(item, generic.IndirectObject):
            key = (item.idnum, item.generation)
            h.update(f"R{key}".encode())
            if key in seen:
                continue
            seen.add(key)
            item = item.get_object()
        if isinstance(item, generic.StreamObject):
            h.update(item.encoded_data)
        if isinstance(item, generic.DictionaryObject):
            for name in sorted(item):
                if name not in skip:
                    h.update(name.encode())
                    todo.append(item.raw_get(name))
        elif isinstance(item, generic.ArrayObject):
            h.update(b"[%d" % len(item))
            todo.extend(item.raw_get(i) for i in range(len(item)))
        else:
            h.update(repr(item).encode())
    return h.hexdigest()


def _annotations(page: generic.DictionaryObject) -> dict:
    """The page's annotations by reference (or position): (what it is, digest)."""
    found = {}
    annots = _get(page, "/Annots")
    for position in range(len(annots) if isinstance(annots, generic.ArrayObject) else 0):
        raw = annots.raw_get(position)
        key = (raw.idnum, raw.generation) if isinstance(raw, generic.IndirectObject) else position
        annot = raw.get_object()
        annot = annot if isinstance(annot, generic.DictionaryObject) else generic.DictionaryObject()
        what = str(_get(annot, "/Subtype", "annotation")).lstrip("/")
        if "/T" in annot:
            what += f" of field {str(annot['/T'])!r}"
        found[key] = (what, _digest(raw))
    return found


def _page_changes(before: list, after: list, certificate: set[int]) -> list[str]:
    changes = []
    if len(after) > len(before):
        changes.append(f"{len(after) - len(before)} page(s) added (pages {len(before) + 1}-{len(after)}"
                       + (", after the certificate of completion)" if certificate else ")"))
    elif len(after) < len(before):
        gone = set(range(len(after), len(before))) & certificate
        changes.append(f"{len(before) - len(after)} page(s) removed (pages {len(after) + 1}-{len(before)}"
                       + (", certificate of completion pages among them)" if gone else ")"))
    for index, (old, new) in enumerate(zip(before, after)):
        where = f"page {index + 1}" + (" (a certificate of completion page)" if index in certificate else "")
        if _digest(old) != _digest(new):
            changes.append(f"{where}: its content or resources were changed")
        was, now = _annotations(old), _annotations(new)
        changes += [f"{where}: an annotation added ({now[key][0]})" for key in now if key not in was]
        changes += [f"{where}: an annotation removed ({was[key][0]})" for key in was if key not in now]
        changes += [f"{where}: an annotation changed ({now[key][0]})" for key in now
                    if key in was and was[key][1] != now[key][1]]
    return changes


def _field_values(reader: PdfFileReader) -> dict[str, str]:
    """The value (/V) of each form field other than a signature, by fully qualified name."""
    values, seen = {}, set()
    form = _get(reader.root, "/AcroForm")
    fields = _get(form, "/Fields") if isinstance(form, generic.DictionaryObject) else None
    todo = [(fields.raw_get(i), "", None) for i in range(len(fields) if isinstance(fields, generic.ArrayObject) else 0)]
    while todo:
        ref, prefix, kind = todo.pop()
        node = ref.get_object()
        key = (ref.idnum, ref.generation) if isinstance(ref, generic.IndirectObject) else id(node)
        if not isinstance(node, generic.DictionaryObject) or key in seen:
            continue
        seen.add(key)
        name = f"{prefix}.{node['/T']}" if prefix and "/T" in node else str(_get(node, "/T", prefix))
        kind = _get(node, "/FT", kind)
        if "/V" in node and kind != "/Sig":
            values[name] = str(node["/V"])
        kids = _get(node, "/Kids")
        todo += [(kids.raw_get(i), name, kind) for i in range(len(kids) if isinstance(kids, generic.ArrayObject) else 0)]
    return values


def _form_changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return [f"form field {name!r}: value {before[name]!r} changed to {after[name]!r}" if name in before
            else f"form field {name!r}: value {after[name]!r} filled in"
            for name in sorted(after) if before.get(name) != after[name]] + \
           [f"form field {name!r}: value {before[name]!r} removed" for name in sorted(before) if name not in after]


def _catalog_changes(before: generic.DictionaryObject, after: generic.DictionaryObject) -> list[str]:
    """Document-level entries (actions, names, metadata...) that differ; pages, the form and the
    validation data (/DSS) are compared elsewhere or may follow a signature."""
    keys = (set(before) | set(after)) - {"/Pages", "/AcroForm", "/DSS"}
    changed = sorted(k for k in keys if k not in before or k not in after
                     or _digest(before.raw_get(k)) != _digest(after.raw_get(k)))
    return [f"document-level entries changed: {', '.join(changed)}"] if changed else []

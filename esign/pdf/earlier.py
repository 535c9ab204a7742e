"""Signatures the uploaded PDF already carries (signed in Acrobat, or an esign output sent again for
counter-signature) cannot survive finalisation: the stamps rewrite the file, which breaks every byte
range they cover, a certification (DocMDP "no changes") forbids the stamps, and a filled field named
like one of esign's makes pyHanko refuse to sign. They are removed from the signed copy, and what a
viewer showed of them stays on the page as page content (the uploaded original keeps them).
"""
from __future__ import annotations

from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, IndirectObject, NameObject, PdfObject, StreamObject

MAX_DEPTH = 32  # of the field tree; deeper nodes (or cycles) are left alone
HIDDEN, NO_VIEW = 2, 32  # annotation flags (PDF 32000-1 §12.5.3) of a widget a viewer does not show


def remove_earlier_signatures(writer: PdfWriter) -> int:
    """Remove every signature field (filled or empty) of `writer`'s AcroForm, and their widgets from
    the pages' /Annots, painting each visible widget's appearance onto its page first; delete the
    catalog's /Perms (DocMDP, UR3) and /DSS, and the AcroForm when no field is left (else its
    /SigFlags). Returns how many of the removed fields held a signature (/V). A document without
    signature fields, /Perms or /DSS is not modified."""
    root = writer.root_object
    form, fields, removed, edits, signed = _signature_fields(root)
    if not removed and "/Perms" not in root and "/DSS" not in root:
        return 0
    before = reachable(writer)
    for kids, kept in edits:
        kids[:] = kept
    _flatten_and_detach(writer, [w for f in removed for w in _widgets(f)])
    for key in ("/Perms", "/DSS"):
        root.pop(key, None)
    if form is not None and removed:
        if not fields:
            del root["/AcroForm"]
        else:
            form.pop("/SigFlags", None)
    for idnum in before - reachable(writer):  # pypdf writes every object it holds, reachable or not
        writer._objects[idnum - 1] = None
    return signed


def count_signatures(root: DictionaryObject) -> int:
    """How many signature fields of the document whose catalog is `root` hold a signature (what
    `remove_earlier_signatures` would remove and count), nothing changed: the upload check records
    it (`had_signatures`)."""
    return _signature_fields(root)[4]


def _signature_fields(root: DictionaryObject) -> tuple:
    """(form, its /Fields, the signature fields, the edits that take them out, how many are signed)."""
    form = root.get("/AcroForm")
    form = form.get_object() if form is not None else None
    fields = form.get("/Fields") if isinstance(form, DictionaryObject) else None
    fields = fields.get_object() if fields is not None else None
    removed: list[DictionaryObject] = []
    edits: list[tuple[ArrayObject, list]] = []
    signed = 0
    if isinstance(fields, ArrayObject):
        signed = _prune(fields, None, None, 0, set(), removed, edits)
    return form, fields, removed, edits, signed


def reachable(writer: PdfWriter) -> set[int]:
    """The object numbers reachable from the trailer (catalog and document information). Those that
    were reachable before a removal and are not after it were used by what was removed only (here
    the earlier signatures' values, certificates and revocation data, which may be large; the active
    content in esign.pdf.active) and are not written."""
    found: set[int] = set()
    stack = [writer.root_object.indirect_reference, writer._info]
    while stack:
        obj = stack.pop()
        if isinstance(obj, IndirectObject):
            if obj.pdf is not writer or obj.idnum in found:
                continue
            found.add(obj.idnum)
            obj = obj.get_object()
        if isinstance(obj, DictionaryObject):
            stack.extend(obj.values())
        elif isinstance(obj, ArrayObject):
            stack.extend(obj)
    return found


def _prune(kids: ArrayObject, inherited_ft, inherited_v, depth: int, seen: set, removed: list,
           edits: list) -> int:
    """Find the signature fields among `kids` (and below): each goes to `removed`, and `edits` gets
    (array, the kids it keeps) for each array to change; a field whose kids all go, goes too.
    Returns how many of them held a value."""
    signed, kept = 0, []
    for ref in kids:
        node = ref.get_object()
        kept.append(ref)
        if not isinstance(node, DictionaryObject) or id(node) in seen or depth > MAX_DEPTH:
            continue
        seen.add(id(node))
        ft, value = node.get("/FT", inherited_ft), node.get("/V", inherited_v)
        children = node.get("/Kids")
        children = children.get_object() if children is not None else None
        sub_fields = [k for k in children or () if not _is_widget_only(k.get_object())]
        if sub_fields:
            signed += _prune(children, ft, value, depth + 1, seen, removed, edits)
            if edits and edits[-1][0] is children and not edits[-1][1]:
                kept.pop()
        elif ft == "/Sig":
            removed.append(node)
            signed += value is not None
            kept.pop()
    if len(kept) != len(kids):
        edits.append((kids, kept))
    return signed


def _is_widget_only(node) -> bool:
    """A kid that is a widget annotation, not a field (it has no partial name)."""
    return isinstance(node, DictionaryObject) and node.get("/Subtype") == "/Widget" and "/T" not in node


def _widgets(field: DictionaryObject) -> list[DictionaryObject]:
    if field.get("/Subtype") == "/Widget":
        return [field]
    kids = field.get("/Kids")
    return [k.get_object() for k in (kids.get_object() if kids is not None else ())
            if isinstance(k.get_object(), DictionaryObject)]


def _flatten_and_detach(writer: PdfWriter, widgets: list[DictionaryObject]) -> None:
    """Take `widgets` off every page's /Annots; the visible ones are painted onto that page first."""
    wanted = {id(w) for w in widgets}
    for page in writer.pages:
        annots = page.get("/Annots")
        annots = annots.get_object() if annots is not None else None
        if not isinstance(annots, ArrayObject):
            continue
        mine = [a.get_object() for a in annots if id(a.get_object()) in wanted]
        if not mine:
            continue
        _paint(writer, page, [shown for shown in map(_shown, mine) if shown is not None])
        kept = ArrayObject(a for a in annots if id(a.get_object()) not in wanted)
        if kept:
            page[NameObject("/Annots")] = kept  # a new array: pages may share one
        else:
            del page["/Annots"]


def _shown(widget: DictionaryObject):
    """(appearance stream, matrix onto the page) of a widget a viewer shows, else None."""
    flags, appearances = _resolved(widget.get("/F", 0)), _resolved(widget.get("/AP"))
    if not isinstance(flags, int) or flags & (HIDDEN | NO_VIEW) or not isinstance(appearances, DictionaryObject):
        return None
    normal = _resolved(appearances.get("/N"))
    if isinstance(normal, DictionaryObject) and not isinstance(normal, StreamObject):  # states: /AS picks one
        state = widget.get("/AS")
        normal = _resolved(normal.get(state)) if state is not None and state in normal else None
    if not isinstance(normal, StreamObject):
        return None
    rect, bbox = _numbers(widget.get("/Rect"), 4), _numbers(normal.get("/BBox"), 4)
    matrix = _numbers(normal.get("/Matrix", ArrayObject([1, 0, 0, 1, 0, 0])), 6)
    if rect is None or bbox is None or matrix is None:
        return None  # a malformed widget: not drawn by viewers either
    rect, bbox = _normalised(rect), _normalised(bbox)
    a, b, c, d, e, f = matrix
    corners = [(a * x + c * y + e, b * x + d * y + f) for x in (bbox[0], bbox[2]) for y in (bbox[1], bbox[3])]
    x0, y0 = min(p[0] for p in corners), min(p[1] for p in corners)
    x1, y1 = max(p[0] for p in corners), max(p[1] for p in corners)
    if rect[2] <= rect[0] or rect[3] <= rect[1] or x1 <= x0 or y1 <= y0:
        return None
    # §12.5.5: the transformed BBox, mapped onto /Rect (Do applies the form's own /Matrix)
    sx, sy = (rect[2] - rect[0]) / (x1 - x0), (rect[3] - rect[1]) / (y1 - y0)
    return normal, (sx, 0, 0, sy, rect[0] - sx * x0, rect[1] - sy * y0)


def _numbers(array, count: int) -> list[float] | None:
    """The `count` numbers of a PDF array, or None when it is not one."""
    array = _resolved(array)
    if not isinstance(array, ArrayObject) or len(array) != count:
        return None
    values = [_resolved(value) for value in array]
    if not all(isinstance(value, (int, float)) for value in values):
        return None
    return [float(value) for value in values]


def _resolved(value):
    """`value` itself, or what it refers to."""
    return value.get_object() if isinstance(value, PdfObject) else value


def _normalised(box: list[float]) -> list[float]:
    return [min(box[0], box[2]), min(box[1], box[3]), max(box[0], box[2]), max(box[1], box[3])]


def _paint(writer: PdfWriter, page, shown: list) -> None:
    """Contents become [q, original..., Q + each appearance]; the appearances are form XObjects in a
    copy of the page's resources (other pages may share them)."""
    if not shown:
        return
    resources = DictionaryObject(page.get_inherited("/Resources", DictionaryObject()).get_object())
    xobjects = DictionaryObject(resources.get("/XObject", DictionaryObject()).get_object())
    paint = "\nQ\n"
    for stream, matrix in shown:
        stream[NameObject("/Type")], stream[NameObject("/Subtype")] = NameObject("/XObject"), NameObject("/Form")
        name = next(f"/EsignEarlier{i}" for i in range(len(xobjects) + 1) if f"/EsignEarlier{i}" not in xobjects)
        xobjects[NameObject(name)] = stream.indirect_reference or writer._add_object(stream)
        paint += f"q {' '.join(f'{v:.5f}' for v in matrix)} cm {name} Do Q\n"
    resources[NameObject("/XObject")] = xobjects
    page[NameObject("/Resources")] = resources
    contents = page.get("/Contents")
    original = contents.get_object() if contents is not None else ArrayObject()
    original = list(original) if isinstance(original, ArrayObject) else [contents]
    page[NameObject("/Contents")] = ArrayObject([writer._add_object(_stream(b"q\n")), *original,
                                                 writer._add_object(_stream(paint.encode()))])


def _stream(data: bytes) -> DecodedStreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream

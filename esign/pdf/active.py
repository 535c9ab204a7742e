"""Active content of an uploaded PDF: what a viewer may run, launch, send, import or open besides
showing the pages. It is found in the upload check's child process (esign.pdf.probe) and, with
`[limits] active_content = "strip"` (the default), removed there: the stored document, the one that
is signed and sealed, is the copy without it; with "refuse" the upload is refused naming what was found.

What counts, by the kind reported (KINDS, in the order reported):
- `javascript`: the catalog's /Names /JavaScript tree, and every JavaScript action wherever an action
  sits: the catalog's /OpenAction, the additional actions (/AA) of the catalog, pages, annotations and
  form fields, the /A of annotations (links included), form fields and outline items, and each
  action's /Next chain (a Rendition action's /JS too);
- `launch`, `import_data`, `submit_form`: Launch, ImportData and SubmitForm actions, in the same places;
- `xfa`: the form's /XFA (and the catalog's /NeedsRendering, which asks a viewer to draw it);
- `rich_media`: RichMedia and 3D annotations, RichMediaExecute and GoTo3DView actions;
- `multimedia`: Screen, Movie and Sound annotations, Rendition, Movie and Sound actions, the
  /Names /Renditions tree;
- `embedded_files`: the /Names /EmbeddedFiles tree, the catalog's /Collection (a portfolio), the
  associated files (/AF) of the catalog and pages, FileAttachment annotations and GoToE actions.
An action chain holding any of these is removed whole from where it sits (a link keeps its place on
the page and does nothing); an annotation of a listed subtype is taken off its page (with the pop-up
notes that belong to it), and loses its payload (file, media, script) wherever else it is referred
to. Last, every object the document still reaches (but the pages' content, resources and
appearances) is swept: a file specification's embedded file (/EF) or a script (/JS) left anywhere
else goes too. Everything else (the pages, their content, form
fields and values, links to web addresses, bookmarks) is kept.
"""
from __future__ import annotations

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, NameObject, PdfObject

from esign.i18n import N_
from esign.pdf.earlier import reachable

KINDS = ("javascript", "launch", "import_data", "submit_form", "xfa", "rich_media", "multimedia", "embedded_files")
# the words the certificate of completion uses for each kind
LABELS = {"javascript": N_("JavaScript"), "launch": N_("launch actions (opening files or programs)"),
          "import_data": N_("form data imports"), "submit_form": N_("form submissions"), "xfa": N_("XFA forms"),
          "rich_media": N_("rich media and 3D content"), "multimedia": N_("sound, movie and screen media"),
          "embedded_files": N_("embedded files")}  # named on the certificate, translated (esign/i18n)
ACTIONS = {"/JavaScript": "javascript", "/Launch": "launch", "/ImportData": "import_data",
           "/SubmitForm": "submit_form", "/RichMediaExecute": "rich_media", "/GoTo3DView": "rich_media",
           "/Rendition": "multimedia", "/Movie": "multimedia", "/Sound": "multimedia", "/GoToE": "embedded_files"}
PAYLOAD = ("/FS", "/RichMediaContent", "/RichMediaSettings", "/3DD", "/Movie", "/Sound", "/A", "/AA")
ANNOTATIONS = {"/FileAttachment": "embedded_files", "/RichMedia": "rich_media", "/3D": "rich_media",
               "/Screen": "multimedia", "/Movie": "multimedia", "/Sound": "multimedia"}
NAME_TREES = {"/JavaScript": "javascript", "/EmbeddedFiles": "embedded_files", "/Renditions": "multimedia"}
# what the pages draw (content, resources: images, fonts; appearances) is not swept: no viewer finds
# a script or a file there, and reading it would take the file's size in memory (images)
NOT_SWEPT = {"/Contents", "/Resources", "/AP", "/Thumb", "/EF", "/JS"}
MAX_DEPTH = 32  # of the field tree; deeper nodes (or cycles) are not walked
MAX_ITEMS = 100_000  # actions of one chain, outline items: a longer chain or list is cut there


def find(reader: PdfReader) -> list[str]:
    """The kinds of active content `reader`'s document carries (in KINDS order), nothing changed."""
    return _Walk(remove=False).document(reader.root_object, reader.pages, reader.trailer.get("/Info"))


def write_without(reader: PdfReader, path: str) -> list[str]:
    """Write `reader`'s document without its active content to `path` (a new file: an existing one is
    an error) and return the kinds removed. Objects only the removed content used (scripts, embedded
    files) are not written."""
    writer = PdfWriter(clone_from=reader)
    before = reachable(writer)
    kinds = _Walk(remove=True).document(writer.root_object, writer.pages, writer._info)
    for idnum in before - reachable(writer):  # pypdf writes every object it holds, reachable or not
        writer._objects[idnum - 1] = None
    with open(path, "xb") as fh:
        writer.write(fh)
    return kinds


def _resolved(value):
    return value.get_object() if isinstance(value, PdfObject) else value


def _parent(annotation):
    annotation = _resolved(annotation)
    return _resolved(annotation.get("/Parent")) if isinstance(annotation, DictionaryObject) else None


class _Walk:
    """One pass over a document: `found` collects the kinds; with `remove` each is taken out."""

    def __init__(self, remove: bool):
        self.remove = remove
        self.found: set[str] = set()

    def document(self, root: DictionaryObject, pages, info) -> list[str]:
        """The kinds found (and removed) in the document of catalog `root`, `pages` and document
        information `info`."""
        self._action(root, "/OpenAction")
        self._additional(root)
        names = _resolved(root.get("/Names"))
        if isinstance(names, DictionaryObject):
            for key, kind in NAME_TREES.items():
                self._drop(names, key, kind)
        self._drop(root, "/Collection", "embedded_files")
        self._drop(root, "/AF", "embedded_files")
        form = _resolved(root.get("/AcroForm"))
        if isinstance(form, DictionaryObject):
            self._drop(form, "/XFA", "xfa")
            self._fields(form.get("/Fields"), 0, set())
        if "/NeedsRendering" in root and self.remove:
            del root["/NeedsRendering"]
        self._outlines(root)
        for page in pages:
            self._additional(page)
            self._drop(page, "/AF", "embedded_files")
            self._annotations(page)
        self._sweep([root, info])
        return [kind for kind in KINDS if kind in self.found]

    def _drop(self, holder: DictionaryObject, key: str, kind: str) -> None:
        if key in holder:
            self.found.add(kind)
            if self.remove:
                del holder[key]

    def _chain(self, action) -> set[str]:
        """The kinds of an action and of everything in its /Next chain (one action or an array)."""
        kinds: set[str] = set()
        stack, seen = [action], set()
        while stack and len(seen) < MAX_ITEMS:
            item = _resolved(stack.pop())
            if isinstance(item, ArrayObject):
                stack.extend(item)
                continue
            if not isinstance(item, DictionaryObject) or id(item) in seen:
                continue
            seen.add(id(item))
            kind = ACTIONS.get(item.get("/S"))
            if kind:
                kinds.add(kind)
            if "/JS" in item:  # a Rendition action's script
                kinds.add("javascript")
            if "/Next" in item:
                stack.append(item["/Next"])
        return kinds

    def _action(self, holder: DictionaryObject, key: str) -> None:
        """The action (chain) under `holder[key]`: removed whole when any of it is active content. A
        destination (an array or a name, as /OpenAction may be) is no action and stays."""
        kinds = self._chain(holder[key]) if key in holder else set()
        if kinds:
            self.found |= kinds
            if self.remove:
                del holder[key]

    def _additional(self, holder: DictionaryObject) -> None:
        """The additional actions (/AA: one action chain per trigger) of a catalog, page, annotation
        or field; an /AA left empty goes."""
        actions = _resolved(holder.get("/AA"))
        if not isinstance(actions, DictionaryObject):
            return
        for trigger in list(actions):
            self._action(actions, trigger)
        if self.remove and not actions:
            del holder["/AA"]

    def _fields(self, kids, depth: int, seen: set) -> None:
        """Form fields (and their widgets) below the form's /Fields, pages or not."""
        kids = _resolved(kids)
        if not isinstance(kids, ArrayObject) or depth > MAX_DEPTH:
            return
        for kid in kids:
            node = _resolved(kid)
            if not isinstance(node, DictionaryObject) or id(node) in seen:
                continue
            seen.add(id(node))
            self._action(node, "/A")
            self._additional(node)
            self._fields(node.get("/Kids"), depth + 1, seen)

    def _outlines(self, root: DictionaryObject) -> None:
        """Every outline item (bookmark), siblings by /Next and children by /First."""
        outlines = _resolved(root.get("/Outlines"))
        stack = [outlines.get("/First")] if isinstance(outlines, DictionaryObject) else []
        seen: set[int] = set()
        while stack and len(seen) < MAX_ITEMS:
            item = _resolved(stack.pop())
            if not isinstance(item, DictionaryObject) or id(item) in seen:
                continue
            seen.add(id(item))
            self._action(item, "/A")
            stack.extend(item[key] for key in ("/Next", "/First") if key in item)

    def _annotations(self, page: DictionaryObject) -> None:
        annots = _resolved(page.get("/Annots"))
        if not isinstance(annots, ArrayObject):
            return
        kept, removed = ArrayObject(), set()
        for ref in annots:
            annot = _resolved(ref)
            if isinstance(annot, DictionaryObject):
                kind = ANNOTATIONS.get(annot.get("/Subtype"))
                if kind:
                    self.found.add(kind)
                    removed.add(id(annot))
                    for key in PAYLOAD if self.remove else ():
                        annot.pop(key, None)
                    continue
                self._action(annot, "/A")
                self._additional(annot)
            kept.append(ref)
        # a pop-up note belongs to the annotation it opens from (its /Parent)
        kept = ArrayObject(ref for ref in kept if id(_parent(ref)) not in removed)
        if self.remove and len(kept) != len(annots):
            if kept:
                page[NameObject("/Annots")] = kept  # a new array: pages may share one
            else:
                del page["/Annots"]

    def _sweep(self, start: list) -> None:
        """Every object reachable from `start` but what the pages draw (NOT_SWEPT): an embedded file
        (/EF of a file specification) or a script (/JS) still held anywhere is active content all the
        same."""
        stack, seen = list(start), set()
        while stack:
            obj = stack.pop()
            if isinstance(obj, IndirectObject):
                if (id(obj.pdf), obj.idnum) in seen:
                    continue
                seen.add((id(obj.pdf), obj.idnum))
                obj = obj.get_object()
            if isinstance(obj, DictionaryObject):
                for key, kind in (("/EF", "embedded_files"), ("/JS", "javascript")):
                    self._drop(obj, key, kind)
                stack.extend(value for key, value in obj.items() if key not in NOT_SWEPT)
            elif isinstance(obj, ArrayObject):
                stack.extend(obj)

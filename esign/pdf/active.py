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
  `launch` also counts GoToR actions (a page of another file, local, on a UNC share or at an address)
  and links (URI actions) to anything but a web or mail address: a link counts unless its URI starts
  with `http:`, `https:`, `mailto:` or `tel:` (`javascript:` and `vbscript:` links count as `javascript`;
  `file:`, `data:`, UNC paths, other schemes and relative references as `launch`);
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
appearances) is swept: a file specification's embedded file (/EF), a script (/JS) or an action chain
holding any of the above left anywhere else goes too. Everything else (the pages, their content, form
fields and values, links to web addresses, bookmarks) is kept. The form's field tree is walked to any
depth (each node once: bounded by the number of objects, not by depth).

What pypdf's parsed view shows is not all a viewer may see: a dictionary with a key given twice keeps
the first value in pypdf and may keep the last in a viewer, so a script behind the second value is
in no object pypdf reaches. `find` therefore also reads the file's own tokens (`_Tokens`): every
dictionary's keys and values as written, duplicates included, in the file's objects and in its object
streams (the data of other streams, page content and images, is skipped), and any name or link of
the kinds above found there counts, reachable or not. The copy `write_without` writes holds only what
pypdf reaches, each key once, with all of it removed.
"""
from __future__ import annotations

import bisect
import io
import mmap
import re

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    PdfObject,
    TextStringObject,
    read_object,
)

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
           "/Rendition": "multimedia", "/Movie": "multimedia", "/Sound": "multimedia", "/GoToE": "embedded_files",
           "/GoToR": "launch"}
PAYLOAD = ("/FS", "/RichMediaContent", "/RichMediaSettings", "/3DD", "/Movie", "/Sound", "/A", "/AA")
ANNOTATIONS = {"/FileAttachment": "embedded_files", "/RichMedia": "rich_media", "/3D": "rich_media",
               "/Screen": "multimedia", "/Movie": "multimedia", "/Sound": "multimedia"}
NAME_TREES = {"/JavaScript": "javascript", "/EmbeddedFiles": "embedded_files", "/Renditions": "multimedia"}
# what the pages draw (content, resources: images, fonts; appearances) is not swept: no viewer finds
# a script or a file there, and reading it would take the file's size in memory (images)
NOT_SWEPT = {"/Contents", "/Resources", "/AP", "/Thumb", "/EF", "/JS"}
MAX_ITEMS = 100_000  # actions of one chain, outline items: a longer chain or list is cut there
WINDOW = 4 * 1024 * 1024  # of the mapped file looked through at once, then given back
WEB_SCHEMES = ("http", "https", "mailto", "tel")  # the links kept; any other URI is active content
SCRIPT_SCHEMES = ("javascript", "vbscript")
# the names that, found anywhere in the file's own tokens (as a key or a value), are active content
NAMES = {**ACTIONS, **ANNOTATIONS, **NAME_TREES, "/JS": "javascript", "/XFA": "xfa",
         "/RichMediaContent": "rich_media", "/3DD": "rich_media", "/EF": "embedded_files",
         "/Collection": "embedded_files"}


def find(reader: PdfReader) -> list[str]:
    """The kinds of active content `reader`'s document carries (in KINDS order), nothing changed: in
    what pypdf reaches and in the file's own tokens (`_Tokens`)."""
    kinds = set(_Walk(remove=False).document(reader.root_object, reader.pages, reader.trailer.get("/Info")))
    kinds |= _Tokens(reader).kinds()
    return [kind for kind in KINDS if kind in kinds]


def uri_kind(uri) -> str | None:
    """The kind of active content a link to `uri` (a PDF string) is, or None for a web or mail address:
    leading blanks and controls, and tabs and line breaks anywhere, are dropped first, as browsers do."""
    if isinstance(uri, bytes):
        uri = uri.decode("utf-16", "replace") if uri[:2] in (b"\xfe\xff", b"\xff\xfe") else uri.decode("latin-1")
    text = re.sub(r"[\t\n\r]", "", str(uri)).lstrip("".join(map(chr, range(33)))).lower()
    scheme = re.match(r"([a-z][a-z0-9+.-]*):", text)
    if scheme and scheme.group(1) in WEB_SCHEMES:
        return None
    return "javascript" if scheme and scheme.group(1) in SCRIPT_SCHEMES else "launch"


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
            self._fields(form.get("/Fields"))
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
            kind = ACTIONS.get(_resolved(item.get("/S")))
            if kind:
                kinds.add(kind)
            if "/JS" in item:  # a Rendition action's script
                kinds.add("javascript")
            if _resolved(item.get("/S")) == "/URI":
                uri = _resolved(item.get("/URI"))
                # a link to no string is no web address either
                kind = uri_kind(uri) if isinstance(uri, (TextStringObject, ByteStringObject)) else "launch"
                if kind:
                    kinds.add(kind)
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

    def _fields(self, kids) -> None:
        """Form fields (and their widgets) below the form's /Fields, pages or not, at any depth: each
        node once (a loop in the tree ends there)."""
        stack, seen = [kids], set()
        while stack:
            node = _resolved(stack.pop())
            if isinstance(node, ArrayObject):
                stack.extend(node)
                continue
            if not isinstance(node, DictionaryObject) or id(node) in seen:
                continue
            seen.add(id(node))
            self._action(node, "/A")
            self._additional(node)
            stack.append(node.get("/Kids"))

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
                for key in [key for key in obj if key not in NOT_SWEPT]:
                    self._action(obj, key)  # an action chain held where no walk above looked
                stack.extend(value for key, value in obj.items() if key not in NOT_SWEPT)
            elif isinstance(obj, ArrayObject):
                chains = [self._chain(value) for value in obj]
                if any(chains):
                    self.found.update(*chains)
                    if self.remove:
                        obj[:] = [value for value, kinds in zip(obj, chains) if not kinds]
                stack.extend(obj)


_REGULAR = rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]"
# a token, after the blanks and comments before it (None of the groups: the end of the text)
_TOKEN = re.compile(rb"(?:[\x00\t\n\x0c\r ]+|%[^\r\n]*)*(?:(/" + _REGULAR + rb"*)|(<<|>>|\[|\]|\(|<[^>]*>?|[{}])|("
                    + _REGULAR + rb"+)|(.)|$)", re.S)
_ESCAPE = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}
_SPECIAL = re.compile(rb"[()\\]")
_BEFORE_OBJ = re.compile(rb"\d+[\x00\t\n\x0c\r ]+\d+[\x00\t\n\x0c\r ]+$")  # `N G ` of an `N G obj`


def _name(raw: bytes) -> str:
    """A name token as the name it is (`#xx` escapes undone)."""
    if b"#" in raw:
        raw = re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes([int(m.group(1), 16)]), raw)
    return raw.decode("latin-1")


def _literal(buf, start: int, end: int) -> tuple[bytes, int]:
    """The literal string whose `(` is at `start` (ending by `end`): its bytes (escapes undone) and
    where it ends."""
    out, depth, pos = bytearray(), 1, start + 1
    while True:
        found = _SPECIAL.search(buf, pos, end)
        if found is None:
            return bytes(out + buf[pos:end]), end
        out += buf[pos:found.start()]
        char, pos = buf[found.start():found.start() + 1], found.end()
        if char == b"\\":
            nxt = buf[pos:pos + 1]
            octal = re.match(rb"[0-7]{1,3}", buf[pos:pos + 3])
            if octal:
                out.append(int(octal.group(), 8) & 0xFF)
                pos += len(octal.group())
            elif nxt in (b"\r", b"\n"):
                pos += 2 if buf[pos:pos + 2] == b"\r\n" else 1
            else:
                out += _ESCAPE.get(nxt, nxt)
                pos += 1
            continue
        depth += 1 if char == b"(" else -1
        if depth == 0:
            return bytes(out), pos
        out += char


class _Tokens:
    """The active content in a file's own tokens, as written: every dictionary key and value, a key
    given twice with both its values, in every object of the file (reachable or not, of any revision)
    and of its object streams. Names are compared with their `#xx` escapes undone, strings (literal,
    with their escapes, or hexadecimal) as the text they are; a link's address given by reference is
    read through pypdf. Stream data is skipped (from `stream` to the first `endstream`), and so are
    cross-reference tables, but an object the table places there, or a repair of the file would find
    there (`N G obj`), is read too."""

    def __init__(self, reader: PdfReader):
        self.reader = reader
        self.found: set[str] = set()
        self.links: list[int] = []  # the object numbers of the /URI values given by reference
        self.skipped: list[tuple[int, int]] = []  # stream data (start, end), in file order
        self.object_streams: list[int] = []  # where the dictionary of each object stream begins
        self.released = 0  # where the file's tokens were last given back to

    def kinds(self) -> set[str]:
        stream = self.reader.stream
        if isinstance(stream, io.BytesIO):
            self._file(stream.getvalue())
        else:  # an open file (the upload check's): mapped, not read into memory
            with mmap.mmap(stream.fileno(), 0, access=mmap.ACCESS_READ) as buf:
                self._file(buf)
        for start in self.object_streams:
            self.reader.stream.seek(start)
            try:
                data = read_object(self.reader.stream, self.reader).get_data()
            except Exception:  # noqa: BLE001,S112 - pypdf cannot read it: no object it serves is written
                continue
            self._scan(data, 0, len(data))
        for number in self.links:
            try:
                value = self.reader.get_object(number)
            except Exception:  # noqa: BLE001,S112 - no such object: nothing a viewer finds there either
                continue
            self._value("/URI", value)
        return self.found

    def _file(self, buf) -> None:
        self._scan(buf, 0, len(buf), in_file=True)
        starts = [start for start, _ in self.skipped]
        for generation in self.reader.xref.values():
            for offset in generation.values():
                at = bisect.bisect_right(starts, offset) - 1
                if at >= 0 and offset < self.skipped[at][1]:
                    self._scan(buf, offset, self.skipped[at][1], one_object=True)

    @staticmethod
    def _release(buf, start: int, end: int) -> None:
        """Give back the whole pages of the mapped file within buf[start:end] (read again from the file
        if needed): the check's memory does not grow with the file's size."""
        start += -start % mmap.PAGESIZE
        end -= end % mmap.PAGESIZE
        if isinstance(buf, mmap.mmap) and end > start:
            buf.madvise(mmap.MADV_DONTNEED, start, end - start)

    def _find(self, buf, needle: bytes, start: int, end: int) -> int:
        """buf.find(needle, start, end), a window at a time, what was looked through given back."""
        at = start
        while at < end:
            stop = min(end, at + WINDOW)
            found = buf.find(needle, at, min(end, stop + len(needle) - 1))
            if found >= 0:
                return found
            self._release(buf, at, stop)
            at = stop
        return -1

    def _skip(self, buf, start: int, end: int) -> None:
        """Stream data or a cross-reference table, buf[start:end]: noted, and the objects a viewer's
        repair of the file could find there (`N G obj`) read. `obj` is looked for first (a regular
        expression alone takes a second on 40 MB of image data)."""
        self.skipped.append((start, end))
        done, at = start, self._find(buf, b"obj", start, end)
        while at >= 0:
            window = max(start, at - 32)
            before = _BEFORE_OBJ.search(buf[window:at])
            if before and window + before.start() >= done:
                done = self._scan(buf, window + before.start(), end, one_object=True)
            at = self._find(buf, b"obj", max(at + 3, done), end)
        self._release(buf, start, end)

    def _value(self, key: str | None, value) -> None:
        """A dictionary's `key` given `value` (a string as bytes or str; a name is found as a name)."""
        if key == "/URI" and isinstance(value, (bytes, str)):
            kind = uri_kind(value)
            if kind:
                self.found.add(kind)

    def _scan(self, buf, pos: int, end: int, in_file: bool = False, one_object: bool = False) -> int:
        """The tokens of buf[pos:end] (where the scan ended): `in_file`, the file itself (stream data
        skipped and noted); `one_object`, up to the first `endobj`; else an object stream's data."""
        frames: list[list] = []  # per open container: [is a dictionary, its key awaiting a value]
        dict_start, dict_type, top_dict = -1, None, None
        while pos < end:
            token = _TOKEN.match(buf, pos, end)
            if token.lastindex is None:  # blanks to the end
                break
            start, pos = token.start(token.lastindex), token.end()
            if in_file and start - self.released > WINDOW:
                self._release(buf, self.released, start)
                self.released = start
            name, punct, word = token.group(1, 2, 3)
            frame = frames[-1] if frames else None
            awaiting = frame is not None and frame[0] and frame[1] is not None
            if name is not None:
                value = _name(name)
                if value in NAMES:
                    self.found.add(NAMES[value])
                if len(frames) == 1 and frame[1] == "/Type" and value == "/ObjStm":
                    dict_type = "/ObjStm"
                if awaiting:
                    frame[1] = None
                elif frame is not None and frame[0]:
                    frame[1] = value
            elif punct in (b"<<", b"["):
                if not frames:
                    dict_start, dict_type = start, None
                frames.append([punct == b"<<", None])
            elif punct in (b">>", b"]"):
                if frames:
                    frames.pop()
                    if frames and frames[-1][0]:
                        frames[-1][1] = None
                    elif not frames:
                        top_dict = (dict_start, dict_type)
            elif punct is not None and punct[:1] in (b"(", b"<"):
                if punct == b"(":
                    value, pos = _literal(buf, start, end)
                else:
                    digits = re.sub(rb"[^0-9A-Fa-f]", b"", punct).decode()
                    value = bytes.fromhex(digits + "0" * (len(digits) % 2))
                if awaiting:
                    self._value(frame[1], value)
                    frame[1] = None
            elif word is not None:
                if awaiting:
                    if frame[1] == "/URI" and word.isdigit() and len(word) <= 10:
                        self.links.append(int(word))
                    frame[1] = None
                elif word == b"xref" and in_file and not frames:  # a table of numbers, to its trailer
                    stop = self._find(buf, b"trailer", pos, end)
                    stop = end if stop < 0 else stop
                    self._skip(buf, pos, stop)
                    pos = stop
                elif word == b"stream" and in_file and not frames:
                    data = re.match(rb"\r?\n|\r", buf[pos:pos + 2])
                    pos += data.end() if data else 0
                    stop = self._find(buf, b"endstream", pos, end)
                    stop = end if stop < 0 else stop
                    self._skip(buf, pos, stop)
                    if top_dict and top_dict[1] == "/ObjStm":
                        self.object_streams.append(top_dict[0])
                    pos, top_dict = stop, None
                elif word == b"endobj" and one_object and not frames:
                    break
        return pos

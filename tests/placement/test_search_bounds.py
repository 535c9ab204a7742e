"""The text searches (anchors, text tags) are bounded (issue 35, part 3): in the matches of all the
anchor texts together (422 beyond), in the text tags counted (one past those kept), and in time:
a search that runs long stops itself and its checking child answers, instead of being killed."""
from __future__ import annotations

from esign.domain.pages.placement import MAX_TAGS
from esign.pdf import textboxes
from esign.pdf.probe import PdfChecker
from tests.support import SAMPLE_PDF, assert_error
from tests.support.documents import build_pdf, stream


def dense_text_pdf(count: int, word: bytes, pages: int = 1, per_line: int = 50) -> bytes:
    """`pages` pages sharing one content stream: `count` times `word`, `per_line` a line."""
    lines = -(-count // per_line)
    step = 780 / lines
    shown = b"".join(b"1 0 0 1 %g %g Tm (%s) Tj " % (5 + (i % per_line) * 12, 785 - (i // per_line) * step, word)
                     for i in range(count))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (5 + i) for i in range(pages)),
                                                            pages),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
               stream(b"BT /F1 %g Tf " % min(step * 0.8, 8) + shown + b"ET")]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                b"/Resources << /Font << /F1 3 0 R >> >> >>"] * pages
    return build_pdf(objects)


async def test_a_search_out_of_time_stops_and_its_child_answers(tmp_path):
    path = tmp_path / "dense.pdf"
    # about 1.8 s a 160 pages on an idle machine: 1,000 pages take far longer than the 2 s allowed, however
    # fast the machine (the search stops at 2 s, so the test does not take longer)
    path.write_bytes(dense_text_pdf(5000, b"word", pages=1000))
    sample = tmp_path / "sample.pdf"  # the check writes its normalised copy beside the file: not in the corpus
    sample.write_bytes(SAMPLE_PDF.read_bytes())
    checker = PdfChecker(60, 512, workers=1)
    try:
        assert (await checker.check(str(sample)))["ok"]  # the child is up (its start-up is not timed below)
        (child,) = checker._idle
        checker.timeout = 4  # a search stops itself after half the time-out, before its child would be killed
        found = await checker.textboxes(str(path), ["absent"])
        assert found == {"ok": False, "error": "the document's text is too large to search within 2 s"}
        assert checker._idle == [child] and child.proc.returncode is None  # not killed: it checks the next file
        assert (await checker.check(str(sample)))["ok"]
        assert checker._idle == [child]
    finally:
        await checker.close()


def test_text_tags_are_counted_one_past_those_kept(tmp_path):
    """(More than MAX_TAGS is refused when fields are made from them: test_text_tags.)"""
    path = tmp_path / "tags.pdf"
    path.write_bytes(dense_text_pdf(100_000, b"{{x}}", pages=2))
    found = textboxes.search(str(path), [], tags=True, max_tags=MAX_TAGS)
    assert len(found["tags"]) == MAX_TAGS and found["tag_count"] == MAX_TAGS + 1


async def test_anchor_texts_with_too_many_matches_together_are_422(client):
    up = await client.upload(dense_text_pdf(5000, b"Sign"), "signs.pdf")
    assert up.status == 201, up
    texts = ["Sign", "Sig", "Si", "S", "ign"]  # 5,000 matches each: 25,000 together
    made = await client.post("/v1/signing-requests", {
        "document_id": up.json["id"], "signers": [{"name": "Ann Example", "email": "ann@example.test"}]})
    assert made.status == 201, made
    signer = made.json["signers"][0]["id"]
    fields = [{"signer_id": signer, "field_type": "text", "width_percent": 5, "height_percent": 2,
               "anchor": {"text": text}} for text in texts]
    err = assert_error(await client.post(f"/v1/signing-requests/{made.json['id']}/fields", {"fields": fields}), 422,
                       "validation_error")
    assert f"occur more than {textboxes.MAX_ALL_MATCHES:,} times in the document together" in err["message"], err
    # fewer texts (15,000 matches) are found
    placed = await client.post(f"/v1/signing-requests/{made.json['id']}/fields", {"fields": fields[:3]})
    assert placed.status == 201, placed
    assert len(placed.json) == 3

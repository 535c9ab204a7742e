"""The document as it stands: the original with the values the signers have given so far stamped on
it by the finalisation's own stamping (esign.pdf.stamp.stamp_into), without the signatures page, the
seal or the certificate. The signing page's images are drawn from it (esign.domain.signer.page_images), in
the checking children (esign.pdf.probe), never in the API process.

What is stamped travels to the child as a JSON file (`spec_json`): the request id (the signatures'
reference ids derive from it), the signers' names by id, and the fields as esign.pdf.stamp takes
them, a drawing's image bytes in base64.
"""
from __future__ import annotations

import base64
import json

from pypdf import PdfReader, PdfWriter

from esign.pdf.stamp import stamp_into


def spec_json(request_id: str, fields: list[dict], names: dict[str, str]) -> bytes:
    """The stamping's inputs as JSON bytes (drawn marks' images base64-encoded)."""
    def encoded(f):
        mark = f.get("signature")
        if mark and isinstance(mark.get("image"), bytes):
            f = {**f, "signature": {"kind": "drawn", "image_base64": base64.b64encode(mark["image"]).decode()}}
        return f
    return json.dumps({"request_id": request_id, "names": names, "fields": [encoded(f) for f in fields]},
                      sort_keys=True).encode()


def _decoded(spec: dict) -> list[dict]:
    out = []
    for f in spec["fields"]:
        mark = f.get("signature")
        if mark and "image_base64" in mark:
            f = {**f, "signature": {"kind": "drawn", "image": base64.b64decode(mark["image_base64"])}}
        out.append(f)
    return out


def stamp_file(pdf_path: str, spec_path: str, out_path: str) -> None:
    """Write the document at `pdf_path` as it stands (the spec at `spec_path`) to `out_path`."""
    with open(spec_path, "rb") as fh:
        spec = json.load(fh)
    with open(pdf_path, "rb") as fh:
        writer = PdfWriter(clone_from=PdfReader(fh))
        signers = {signer_id: {"id": signer_id, "name": name} for signer_id, name in spec["names"].items()}
        stamp_into(writer, _decoded(spec), signers, request_id=spec["request_id"])
        with open(out_path, "wb") as out:
            writer.write(out)

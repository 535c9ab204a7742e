"""A streaming multipart/form-data parser: parts are fed chunk by chunk and file parts go straight
to a sink, so an upload is never held in memory whole."""
from __future__ import annotations

from email.message import Message


class MultipartError(ValueError):
    pass


def boundary_of(content_type: str) -> bytes:
    msg = Message()
    msg["Content-Type"] = content_type
    if msg.get_content_type() != "multipart/form-data":
        raise MultipartError(f"Content-Type must be multipart/form-data, not {msg.get_content_type()}")
    boundary = msg.get_param("boundary")
    if not boundary or not isinstance(boundary, str) or len(boundary) > 200:
        raise MultipartError("the multipart/form-data Content-Type has no usable boundary parameter")
    return boundary.encode("latin-1")


class StreamingParser:
    """Feed with `feed(chunk)`, then `close()`. For each part, `open_part(name, filename, headers)`
    returns a sink with `write(bytes)`; `close_part()` is called at its end."""

    MAX_HEADER = 16 * 1024

    def __init__(self, boundary: bytes, open_part, close_part):
        self.delimiter = b"\r\n--" + boundary
        self.buf = b"\r\n"  # lets the first boundary match the same delimiter
        self.state = "preamble"
        self.open_part = open_part
        self.close_part = close_part
        self.sink = None

    def feed(self, data: bytes) -> None:
        self.buf += data
        while True:
            if self.state == "preamble":
                i = self.buf.find(self.delimiter)
                if i < 0:
                    self.buf = self.buf[-len(self.delimiter):]
                    return
                self.buf = self.buf[i + len(self.delimiter):]
                self.state = "after_boundary"
            elif self.state == "after_boundary":
                if len(self.buf) < 2:
                    return
                if self.buf.startswith(b"--"):
                    self.state = "done"
                    self.buf = b""
                    return
                if not self.buf.startswith(b"\r\n"):
                    raise MultipartError("malformed multipart boundary")
                self.buf = self.buf[2:]
                self.state = "headers"
            elif self.state == "headers":
                i = self.buf.find(b"\r\n\r\n")
                if i < 0:
                    if len(self.buf) > self.MAX_HEADER:
                        raise MultipartError("multipart part headers too long")
                    return
                self._start_part(self.buf[:i])
                self.buf = self.buf[i + 4:]
                self.state = "body"
            elif self.state == "body":
                i = self.buf.find(self.delimiter)
                if i < 0:
                    keep = len(self.delimiter) - 1
                    if len(self.buf) > keep:
                        self.sink.write(self.buf[:-keep])
                        self.buf = self.buf[-keep:]
                    return
                self.sink.write(self.buf[:i])
                self.close_part()
                self.sink = None
                self.buf = self.buf[i + len(self.delimiter):]
                self.state = "after_boundary"
            else:  # done: ignore the epilogue
                self.buf = b""
                return

    def _start_part(self, raw: bytes) -> None:
        msg = Message()
        for line in raw.decode("utf-8", "replace").split("\r\n"):
            name, sep, value = line.partition(":")
            if not sep:
                raise MultipartError("malformed multipart part header")
            msg[name.strip()] = value.strip()
        disposition = msg.get("Content-Disposition", "")
        if not disposition.lower().startswith("form-data"):
            raise MultipartError("multipart part without Content-Disposition: form-data")
        name = msg.get_param("name", header="Content-Disposition")
        filename = msg.get_filename()
        self.sink = self.open_part(name, filename, msg)

    def close(self) -> None:
        if self.state != "done":
            raise MultipartError("the multipart body ended before its closing boundary (was the upload cut off?)")

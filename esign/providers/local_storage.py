"""Builtin blob storage on the local file system (`[storage] provider = "local"`)."""
import asyncio
import os
import shutil
import tempfile

from esign.hookspecs import hookimpl
from esign.providers.base import BlobStorage


class LocalStorage(BlobStorage):
    identifier = "local"

    def __init__(self, settings):
        super().__init__(settings)
        self.root = os.path.abspath(settings["path"])

    async def start(self):
        os.makedirs(self.root, exist_ok=True)

    async def ready(self):
        def probe():  # a file written and removed: the directory exists and takes writes
            fd, path = tempfile.mkstemp(dir=self.root, prefix=".ready-")
            os.close(fd)
            os.unlink(path)

        await asyncio.to_thread(probe)

    def _path(self, key: str) -> str:
        parts = [p for p in key.split("/") if p]
        if not parts or any(p in (".", "..") or "\\" in p for p in parts):
            raise ValueError(f"bad blob key {key!r}")
        return os.path.join(self.root, *parts)

    def _write_atomically(self, key: str, writer) -> int:
        # write beside the target then rename, so a crash never leaves a half-written blob
        target = self._path(key)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as fh:
                writer(fh)
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
        return os.path.getsize(target)

    async def put_file(self, key, path):
        def copy(fh):
            with open(path, "rb") as src:
                shutil.copyfileobj(src, fh, 1024 * 1024)

        return await asyncio.to_thread(self._write_atomically, key, copy)

    async def put_bytes(self, key, data):
        return await asyncio.to_thread(self._write_atomically, key, lambda fh: fh.write(data))

    async def get_bytes(self, key):
        def read():
            try:
                with open(self._path(key), "rb") as fh:
                    return fh.read()
            except FileNotFoundError:
                raise KeyError(key) from None

        return await asyncio.to_thread(read)

    async def stream(self, key, chunk_size=256 * 1024):
        try:
            fh = open(self._path(key), "rb")
        except FileNotFoundError:
            raise KeyError(key) from None
        with fh:
            while True:
                chunk = await asyncio.to_thread(fh.read, chunk_size)
                if not chunk:
                    return
                yield chunk

    async def size(self, key):
        try:
            return os.path.getsize(self._path(key))
        except FileNotFoundError:
            return None

    async def delete(self, key):
        try:
            os.unlink(self._path(key))
        except FileNotFoundError:
            pass


@hookimpl
def esign_blob_storages():
    return [LocalStorage]

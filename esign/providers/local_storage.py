"""Builtin blob storage on the local file system (`[storage] provider = "local"`).

Every file-system failure (read-only or full disk, missing permission, a path that is not a
directory) is ProviderUnavailable: the API answers 502 `upstream_unavailable`, jobs retry. Only a
missing blob is reported as such (KeyError, or None from `size`)."""
import asyncio
import functools
import os
import shutil
import tempfile
import uuid

from esign.hookspecs import hookimpl
from esign.providers.base import CONTRACT_VERSION, BlobStorage, Option, ProviderUnavailable


def _fault(exc: OSError) -> ProviderUnavailable:
    return ProviderUnavailable(f"local blob storage: {exc.strerror or exc} ({type(exc).__name__})")


def _unavailable(fn):
    """OSError from `fn` -> ProviderUnavailable (a missing blob is reported inside `fn`)."""

    @functools.wraps(fn)
    async def wrapper(self, key, *args, **kwargs):
        try:
            return await fn(self, key, *args, **kwargs)
        except OSError as exc:
            raise _fault(exc) from exc

    return wrapper


class LocalStorage(BlobStorage):
    identifier = "local"
    contract_version = CONTRACT_VERSION
    options = {"path": Option("./var/blobs", help="the directory the blobs are kept in (made when missing)")}

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

    def _link_atomically(self, key: str, path: str) -> int | None:
        """Link `path` beside the target then rename; None when it cannot be linked there (another
        file system, or one without hard links): the caller copies instead."""
        target = self._path(key)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        tmp = os.path.join(os.path.dirname(target), f".tmp-{uuid.uuid4().hex}")
        try:
            os.link(path, tmp)
        except OSError:
            return None
        try:
            os.replace(tmp, target)
        except BaseException:
            os.unlink(tmp)
            raise
        return os.path.getsize(target)

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

    @_unavailable
    async def put_file(self, key, path):
        """A second name of the caller's file (a hard link: no copy) when the file is on the same file
        system, else a copy; either way the blob appears whole under its name at once."""
        def copy(fh):
            with open(path, "rb") as src:
                shutil.copyfileobj(src, fh, 1024 * 1024)

        def link_or_copy():
            size = self._link_atomically(key, path)
            return self._write_atomically(key, copy) if size is None else size

        return await asyncio.to_thread(link_or_copy)

    @_unavailable
    async def put_bytes(self, key, data):
        return await asyncio.to_thread(self._write_atomically, key, lambda fh: fh.write(data))

    @_unavailable
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
        except OSError as exc:
            raise _fault(exc) from exc
        with fh:
            while True:
                try:
                    chunk = await asyncio.to_thread(fh.read, chunk_size)
                except OSError as exc:
                    raise _fault(exc) from exc
                if not chunk:
                    return
                yield chunk

    @_unavailable
    async def size(self, key):
        try:
            return os.path.getsize(self._path(key))
        except FileNotFoundError:
            return None

    @_unavailable
    async def delete(self, key):
        try:
            os.unlink(self._path(key))
        except FileNotFoundError:
            pass


@hookimpl
def esign_blob_storages():
    return [LocalStorage]

"""esign-gridfs: blob storage in MongoDB GridFS, in the database esign already uses. Registered in the
`esign` entry-point group; chosen with `[storage] provider = "gridfs"` and configured by the
`[storage]` keys listed in README.md."""
from esign.hookspecs import hookimpl
from esign_gridfs.storage import GridFSStorage

__all__ = ["GridFSStorage"]


@hookimpl
def esign_blob_storages():
    return [GridFSStorage]

"""esign-s3: blob storage on any S3 API (AWS S3, MinIO, Ceph RGW). Registered in the `esign`
entry-point group; chosen with `[storage] provider = "s3"` and configured by the `[storage]` keys
listed in README.md."""
from esign.hookspecs import hookimpl
from esign_s3.storage import S3Storage

__all__ = ["S3Storage"]


@hookimpl
def esign_blob_storages():
    return [S3Storage]

"""The only module that imports a MongoDB driver.

`memory://` gives the embedded in-process database (mongomock-motor); anything else is a MongoDB URL
for motor. Moving to PyMongo's async client means changing this file only.
"""
from pymongo import ASCENDING, DESCENDING, ReturnDocument  # noqa: F401  (re-exported)
from pymongo.errors import DuplicateKeyError, PyMongoError  # noqa: F401  (re-exported)

MEMORY_URL = "memory://"


def is_memory(url: str) -> bool:
    return url.startswith(MEMORY_URL)


def connect(url: str, name: str):
    """Return a database handle for `url`; the client is reachable as `db.client`."""
    if is_memory(url):
        from mongomock_motor import AsyncMongoMockClient

        return AsyncMongoMockClient()[name]
    from motor.motor_asyncio import AsyncIOMotorClient

    return AsyncIOMotorClient(url, serverSelectionTimeoutMS=5000, uuidRepresentation="standard")[name]


async def ping(db) -> bool:
    try:
        await db.command("ping")
        return True
    except Exception:  # any driver failure means "not ready"
        return False

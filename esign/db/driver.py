"""What the driver's client and the embedded database share: the client options, the BSON codec and
the round-trip counter."""
from __future__ import annotations

import collections

from bson.codec_options import CodecOptions
from pymongo import monitoring

# Both clients: naive UTC datetimes (esign.clock's convention) and standard UUIDs.
CLIENT_OPTIONS = {"tz_aware": False, "uuidRepresentation": "standard"}
CODEC = CodecOptions(tz_aware=False, uuid_representation=4)  # 4 = STANDARD


class RoundTrips(monitoring.CommandListener):
    """Counts the commands this process sends to the database, by command name: on MongoDB a
    command listener of the driver (every command is one round trip, `getMore` included), on the
    embedded database each call of its API. The benchmarks and tests read it with `round_trips(db)`.
    `observers` (callables(command name, seconds)) are told each command's duration when it ends:
    the driver's measure on MongoDB, the call's on the embedded database (esign's metrics)."""

    def __init__(self):
        self.by_command: collections.Counter = collections.Counter()
        self.observers: list = []

    @property
    def total(self) -> int:
        return sum(self.by_command.values())

    def started(self, event):
        self.by_command[event.command_name] += 1

    def succeeded(self, event):
        self.took(event.command_name, event.duration_micros / 1e6)

    def failed(self, event):
        self.took(event.command_name, event.duration_micros / 1e6)

    def took(self, command: str, seconds: float) -> None:
        for observer in self.observers:
            observer(command, seconds)


def round_trips(db) -> RoundTrips:
    return db.round_trips

#!/usr/bin/env python3
"""Benchmark: database round trips per API operation (issue 16).

Runs the same measurement as tests/platform/test_round_trips.py (one server in this process on the
strict embedded database, or on MongoDB with `ESIGN_TEST_DATABASE_URL=mongodb://...`; round trips
counted by esign.db.RoundTrips: the driver's command listener on MongoDB, the embedded database's
own count on memory://) and prints a Markdown table of the counts with the test's budgets.

Usage: .venv/bin/python scripts/bench/bench_round_trips.py
"""
from __future__ import annotations

import asyncio
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.platform.test_round_trips import BUDGETS, measure  # noqa: E402
from tests.support.server import TEST_DATABASE_URL, start_server, stop_server  # noqa: E402


async def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = await start_server(pathlib.Path(tmp))
        try:
            results = await measure(server)
        finally:
            await stop_server(server)
    print(f"database: {TEST_DATABASE_URL}\n")
    print("| operation | round trips | budget |\n|---|---:|---:|")
    for name, n in results.items():
        print(f"| `{name}` | {n} | {BUDGETS.get(name, '—')} |")


if __name__ == "__main__":
    asyncio.run(main())

#!/usr/bin/env python3
"""Benchmark: the longest hold of the event loop (CPU time of its thread between two ticks of a 2 ms
ticker) during each call with the largest bodies the API takes (issue 35, item 7).

Runs the measurement of tests/hostile/test_loop_cost.py (one server in this process on the strict
embedded database) `--rounds` times and prints a Markdown table: each call's worst hold over the
rounds, and its ratio to the floor measured in the same run (an ordinary `GET` of the request); the
garbage collector's full collections are left out (tests/hostile/test_loop_cost.LoopMeter) and the
longest printed.

Usage: .venv/bin/python scripts/bench/bench_loop_stall.py [--rounds 3]
"""
from __future__ import annotations

import argparse
import asyncio
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.hostile.test_loop_cost import LIMIT, measure  # noqa: E402
from tests.support.server import start_server, stop_server  # noqa: E402

FLOOR = "GET /v1/signing-requests/{id} (floor)"


async def main(rounds: int) -> None:
    worst: dict[str, float] = {}
    collection = 0.0
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            server = await start_server(pathlib.Path(tmp))
            try:
                results, longest = await measure(server)
                collection = max(collection, longest)
                for name, seconds in results.items():
                    worst[name] = max(worst.get(name, 0.0), seconds)
            finally:
                await stop_server(server)
    floor = worst[FLOOR]
    print(f"{rounds} rounds; the worst hold of each call, in ms of the event loop's CPU (limit {LIMIT * 1000:.0f})\n")
    print("| call | worst hold | ratio to the floor |\n|---|---:|---:|")
    for name, seconds in worst.items():
        print(f"| `{name}` | {seconds * 1000:.1f} | {seconds / floor:.2f} |")
    print(f"\nThe longest garbage collection on the event loop's thread, left out above: {collection * 1000:.1f} ms "
          "(the benchmark's process did not freeze its start-up heap as `esign serve` does)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    asyncio.run(main(parser.parse_args().rounds))

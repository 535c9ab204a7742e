"""Rate-limit cost benchmark: the cost of one counted request for a key limited to 60 a minute and for
one limited to 1,000 a minute (issue 30: constant cost, within 5 %).

Calls `store.rate_limits.hit` directly on the embedded database (memory://, the product's default),
48 keys in turn, with a fake clock that moves by the keys' own interval so every key runs at its limit
(the steady state of a busy client), after a minute of that as warm-up. The two limits alternate in rounds in one process, so both meet
the same machine state; prints per-hit microseconds and the ratio 1,000 / 60 for each round.

    .venv/bin/python scripts/bench/bench_rate_limit.py [--hits 20000] [--rounds 4]
"""
from __future__ import annotations

import argparse
import asyncio
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from esign import config as configmod  # noqa: E402
from esign import services as servicesmod  # noqa: E402
from esign.clock import FakeClock  # noqa: E402

KEYS = 48


async def one_round(limit: int, hits: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        config = configmod.load(environ={}, overrides={"storage": {"path": f"{tmp}/blobs"},
                                                        "email": {"path": f"{tmp}/mail"}})
        clock = FakeClock()
        services = await servicesmod.build(config, clock)
        try:
            limits = services.store.rate_limits
            step = 60.0 / limit / KEYS  # each key at exactly its rate
            keys = [f"key-{i}" for i in range(KEYS)]
            for i in range(KEYS * limit):  # warm up: a minute at the limit (a window store holds `limit` times)
                await limits.hit(keys[i % KEYS], limit)
                clock.advance(seconds=step)
            start = time.perf_counter()
            for i in range(hits):
                await limits.hit(keys[i % KEYS], limit)
                clock.advance(seconds=step)
            return (time.perf_counter() - start) / hits * 1e6
        finally:
            await services.close()


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hits", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=4)
    args = parser.parse_args()
    print("| round | limit 60 (µs/hit) | limit 1,000 (µs/hit) | ratio |")
    print("|---|---|---|---|")
    ratios = []
    for r in range(args.rounds):
        first, second = (60, 1000) if r % 2 == 0 else (1000, 60)
        cost = {first: await one_round(first, args.hits), second: await one_round(second, args.hits)}
        ratios.append(cost[1000] / cost[60])
        print(f"| {r + 1} | {cost[60]:.1f} | {cost[1000]:.1f} | {ratios[-1]:.3f} |")
    print(f"\nmedian ratio 1,000 / 60: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    asyncio.run(main())

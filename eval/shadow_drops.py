"""How many shadow turns are dropped as busy at 100 turns/s, per (max_concurrency, queue_size)?

Issue 29: with ``max_concurrency=1`` and no queue, 45 % of the turns offered at 100 turns/s
(every turn sampled) were dropped as busy. This replays that load — one turn every 10 ms,
each followed by a ~1 ms stand-in control on the caller's thread (`eval/shadow_bench.py`'s
router) — for each setting in the grid, and prints the busy-drop rate (dropped busy /
sampled, Wilson 95 %), the candidate's P50/P95 and the caller's P95 (submit + control).
The drop rate is what `nlu shadow report` shows from the runner's count record.

    python eval/shadow_drops.py                       # 2,000 turns per setting, thread isolation
    python eval/shadow_drops.py --isolation process   # the candidate in a child process
    python eval/shadow_drops.py --grid 1:0,1:8 --n 500
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from shadow_bench import _calibrate, control  # noqa: E402  (the same stand-in router)

from nlu.bench.corpus import generate  # noqa: E402
from nlu.bench.run import percentile  # noqa: E402
from nlu.evaluation.stats import wilson  # noqa: E402
from nlu.shadow import ShadowRunner  # noqa: E402

GRID = "1:0,1:4,1:8,1:16,1:32,2:16"


def _block(shadow: ShadowRunner, texts: list[str], rounds: int, start: int, n: int, interval_ms: float) -> list[float]:
    """`n` turns at a fixed interval through `shadow`; the caller's time of each (submit + control)."""
    caller: list[float] = []
    next_start = time.perf_counter()
    for i in range(start, start + n):
        now = time.perf_counter()
        if now < next_start:
            time.sleep(next_start - now)
        next_start += interval_ms / 1000.0
        t0 = time.perf_counter()
        shadow.submit(texts[i % len(texts)], source="typed")
        control(texts[i % len(texts)], rounds)
        caller.append((time.perf_counter() - t0) * 1000.0)
    return caller


def run_grid(texts: list[str], rounds: int, n: int, interval_ms: float, grid: list[tuple[int, int]],
             isolation: str, block: int) -> list[dict]:
    """Every setting gets `n` turns, in blocks of `block` taken in turn (setting 1, 2, …, 1, 2, …),
    so a shared host's load falls on all settings alike."""
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        runners = []
        for k, (conc, qs) in enumerate(grid):
            r = stack.enter_context(ShadowRunner(sample_rate=1.0, max_concurrency=conc, queue_size=qs, timeout_ms=1500,
                                                 sink=str(Path(tmp) / f"s{k}.jsonl"), isolation=isolation))
            for _ in range(conc):  # start and warm every worker before anything counts
                r.submit(texts[0])
            r.wait_idle(300)
            runners.append((r, r.stats))
        caller: list[list[float]] = [[] for _ in grid]
        done = 0
        while done < n:
            size = min(block, n - done)
            for k, (r, _) in enumerate(runners):
                r.wait_idle(60)  # the last setting's backlog must not fall on this one
                caller[k] += _block(r, texts, rounds, done, size, interval_ms)
            done += size
        for r, _ in runners:
            r.wait_idle(300)
        rows = []
        for k, ((conc, qs), (r, before)) in enumerate(zip(grid, runners)):
            after = r.stats
            d = {key: after.get(key, 0) - before.get(key, 0) for key in ("accepted", "dropped_busy", "timeout")}
            sampled = d["accepted"] + d["dropped_busy"]
            turns = [json.loads(x) for x in (Path(tmp) / f"s{k}.jsonl").read_text(encoding="utf-8").splitlines()]
            durations = sorted(t["duration_ms"] for t in turns[conc:] if t.get("kind") != "runner")
            lo, hi = wilson(d["dropped_busy"], sampled)
            rows.append({"max_concurrency": conc, "queue_size": qs, "isolation": isolation, "offered": n,
                         "sampled": sampled, "dropped_busy": d["dropped_busy"], "drop_rate": d["dropped_busy"] / sampled,
                         "wilson95": [lo, hi], "timeouts": d["timeout"],
                         "candidate_p50_ms": percentile(durations, 50) if durations else float("nan"),
                         "candidate_p95_ms": percentile(durations, 95) if durations else float("nan"),
                         "caller_p50_ms": percentile(sorted(caller[k]), 50),
                         "caller_p95_ms": percentile(sorted(caller[k]), 95)})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000, help="turns per setting (default 2000: 20 s at 100 turns/s)")
    ap.add_argument("--interval-ms", type=float, default=10.0, help="time between turns (default 10: 100 turns/s)")
    ap.add_argument("--grid", default=GRID, help=f"max_concurrency:queue_size pairs (default {GRID})")
    ap.add_argument("--isolation", choices=("thread", "process"), default="thread")
    ap.add_argument("--control-ms", type=float, default=1.0, help="cost of the stand-in control (default 1 ms)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--length", type=int, default=100,
                    help="turn length bucket of the generated corpus (default 100, as shadow_bench; 0: all lengths)")
    ap.add_argument("--block", type=int, default=250,
                    help="turns per setting before the next setting's turn (default 250: settings interleaved)")
    ap.add_argument("--json", metavar="OUT", help="also write the rows as JSON")
    a = ap.parse_args(argv)
    texts = [u.text for u in generate(max(a.n, 200), a.seed) if a.length == 0 or u.length_bucket == a.length]
    rounds = _calibrate(texts, a.control_ms)
    print(f"{a.n} turns per setting in interleaved blocks of {a.block}, one every {a.interval_ms:g} ms ({1000 / a.interval_ms:g} turns/s), every turn "
          f"sampled, length bucket {a.length or 'all'}, candidate on a {a.isolation}; {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'conc':>4} {'queue':>5} {'dropped busy':>22} {'Wilson 95 %':>16} {'cand P50':>9} {'cand P95':>9} "
          f"{'caller P95':>10}")
    grid = [tuple(int(x) for x in pair.split(":")) for pair in a.grid.split(",")]
    rows = run_grid(texts, rounds, a.n, a.interval_ms, grid, a.isolation, a.block)  # type: ignore[arg-type]
    for r in rows:
        conc, qs = r["max_concurrency"], r["queue_size"]
        lo, hi = r["wilson95"]
        print(f"{conc:>4} {qs:>5} {r['dropped_busy']:>7}/{r['sampled']:<6} = {100 * r['drop_rate']:5.1f} % "
              f"[{100 * lo:5.1f}, {100 * hi:5.1f}] {r['candidate_p50_ms']:9.2f} {r['candidate_p95_ms']:9.2f} "
              f"{r['caller_p95_ms']:10.3f}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

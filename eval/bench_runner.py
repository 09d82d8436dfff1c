"""Benchmark of the bare runner's own overhead per call (issue 2).

Runs the pipeline with every stage switched to a no-op, so what is measured is the runner,
the input adapter and the contract assembly. Prints median and P95 in milliseconds.
    python eval/bench_runner.py [--n 3000]
"""
from __future__ import annotations

import argparse
import statistics
import time

from nlu.pipeline import Pipeline, SkipStage, Stage


class Noop(Stage):
    def __init__(self, name: str) -> None:
        self.name = name  # type: ignore[misc]
        self.capability = name  # type: ignore[misc]

    def run(self, draft):  # noqa: ANN001
        raise SkipStage("noop")


class Keep:
    def decide(self, draft) -> None:  # noqa: ANN001
        pass


def measure(pipe: Pipeline, text: str, n: int) -> tuple[float, float]:
    for _ in range(200):
        pipe.understand(text, reference_time="2026-03-15T10:30:00+08:00")
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        pipe.understand(text, reference_time="2026-03-15T10:30:00+08:00")
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=3000, help="calls per input length")
    args = ap.parse_args()
    names = ["clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl", "route", "validate"]
    pipe = Pipeline([Noop(n) for n in names], policy=Keep())
    base = "查询AGV-01当前状态并统计本月检修工单数量，"
    for length in (20, 500):
        text = (base * (length // len(base) + 1))[:length]
        med, p95 = measure(pipe, text, args.n)
        print(f"bare runner  {length:4d} chars   median {med:.4f} ms   P95 {p95:.4f} ms")


if __name__ == "__main__":
    main()

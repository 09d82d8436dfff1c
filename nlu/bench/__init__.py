"""`nlu bench`: a deterministic noisy corpus generated from the domain pack, and the
latency / cold-start / throughput / memory benchmark that runs over it (issue 8).

    >>> from nlu.bench.corpus import generate
    >>> corpus = generate(n=5000, seed=0)
    >>> from nlu.bench.run import run_benchmark
    >>> report = run_benchmark(corpus)          # a plain dict, also what --json writes

From the shell: ``nlu bench`` (``--quick`` for a smoke run, ``--json OUT`` to keep the figures).
"""
from __future__ import annotations

__all__ = ["corpus", "run", "cli"]

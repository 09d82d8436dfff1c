"""`nlu bench`: latency, cold start, throughput and memory over a generated noisy corpus.

    nlu bench                       # 5,000 utterances, seed 0, all cores
    nlu bench --quick --json out.json
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

QUICK_N = 120
QUICK_COLD_RUNS = 2


def register(subparsers) -> argparse.ArgumentParser:
    p = subparsers.add_parser(
        "bench",
        help="benchmark latency, cold start, throughput and memory",
        description="Generate a deterministic noisy corpus from the domain pack (typed/asr/ocr/mixed; "
        "≈20, ≈100 and ≈500 characters) and measure per-stage and end-to-end P50/P95/P99, cold start, "
        "single-process and all-cores throughput and peak RSS. Targets are shown as met / not met; "
        "the exit code does not depend on them. A fixed host-reference workload is timed before and "
        "after the latency run: on a shared or virtual machine whose speed drifts, compare runs only "
        "when it reads about the same.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Examples:\n  nlu bench\n  nlu bench --quick\n  nlu bench --startup-only --cold-runs 7 --tree /work/main\n  nlu bench --repeat 4 --no-pool\n  nlu bench --n 2000 --seed 7 --json eval/bench/results.json",
    )
    p.add_argument("--n", type=_positive, default=None, metavar="N", help="corpus size (default 5000; 120 with --quick)")
    p.add_argument("--seed", type=int, default=0, help="corpus seed (default 0)")
    p.add_argument("--json", dest="json_out", metavar="OUT", default=None, help="also write the figures as JSON to OUT")
    p.add_argument("--quick", action="store_true", help="a small, fast smoke run (n=120, 2 cold starts)")
    p.add_argument("--workers", type=_positive, default=None,
                   help=f"processes for the all-cores run (default os.cpu_count() = {os.cpu_count()})")
    p.add_argument("--cold-runs", type=_positive, default=None, help="fresh interpreters to time (default 5)")
    p.add_argument("--no-pool", action="store_true", help="skip the all-cores run")
    p.add_argument("--repeat", type=_positive, default=None, metavar="K",
                   help="after the per-call pass, time every utterance K more times (K passes over the corpus) "
                        "and also report each utterance's fastest of those calls: the code's own cost with a "
                        "drifting host's noise taken out (default: per-call figures only)")
    p.add_argument("--startup-only", action="store_true",
                   help="measure only the start-up (import → Pipeline() → warm_up() → first call, fresh "
                        "interpreters, median of --cold-runs), nothing else")
    p.add_argument("--tree", action="append", default=[], metavar="PATH",
                   help="with --startup-only: also time the nlu of this checkout, its runs interleaved with "
                        "this one's (repeatable; e.g. --tree /work/main to compare a branch with main)")
    p.add_argument("--no-bytecode", action="store_true",
                   help="with --startup-only: let the environment decide whether modules' bytecode is kept "
                        "(under PYTHONDONTWRITEBYTECODE every run compiles every module again); by default it is "
                        "kept in a temporary PYTHONPYCACHEPREFIX, as an installed package keeps it")
    p.set_defaults(func=run)
    return p


def _positive(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value!r}")
    return n


def _progress_factory():
    if not sys.stderr.isatty():
        return None
    try:
        # lazy: optional extra
        from tqdm import tqdm
    except ImportError:
        return None

    def make(desc: str, total: int):
        return tqdm(total=total, desc=desc, unit="utt", file=sys.stderr, leave=False)

    return make


def run(args: argparse.Namespace) -> int:
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.bench.corpus import generate
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.bench.run import print_report, run_benchmark

    n = args.n or (QUICK_N if args.quick else 5000)
    cold_runs = args.cold_runs or (QUICK_COLD_RUNS if args.quick else 5)
    out = Path(args.json_out) if args.json_out else None
    if out is not None and out.exists() and out.is_dir():
        raise ValueError(f"--json {out}: is a directory")

    if (args.tree or args.no_bytecode) and not args.startup_only:
        raise ValueError(f"{'--tree' if args.tree else '--no-bytecode'} needs --startup-only")
    for tree in args.tree:
        if not (Path(tree) / "nlu" / "__init__.py").is_file():
            raise ValueError(f"--tree {tree}: no nlu package there")
    if args.startup_only:
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.bench.run import SCHEMA, measure_startup, print_startup

        entries = measure_startup(cold_runs, [None, *(str(Path(t).resolve()) for t in args.tree)],
                                  bytecode=not args.no_bytecode)
        print_startup(entries)
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps({"schema": SCHEMA, "startup": entries}, ensure_ascii=False, indent=2) + "\n",
                           encoding="utf-8")
            print(f"wrote {out}", file=sys.stderr)
        return 0

    corpus = generate(n=n, seed=args.seed)
    report = run_benchmark(corpus, workers=args.workers, cold_runs=cold_runs, pool=not args.no_pool,
                           progress_factory=_progress_factory(), seed=args.seed, quick=args.quick,
                           repeat=args.repeat or 0)
    print_report(report)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    return 0


def main(argv=None) -> int:  # python -m nlu.bench.cli
    parser = argparse.ArgumentParser(prog="nlu-bench")
    sub = parser.add_subparsers(dest="command")
    register(sub)
    args = parser.parse_args(["bench", *(sys.argv[1:] if argv is None else argv)])
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())

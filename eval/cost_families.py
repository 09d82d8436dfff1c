"""Cost per input family: is every family linear in its length? (issue 13, part 5)

For each family of input (long plain text, one character repeated, numerals 百×N, digits,
identifiers, fillers, ASR alternatives, punctuation, mixed width, …) the end-to-end time of
one `understand` call at 500, 1,000, 2,000 and 4,000 code points with the default budget,
fastest of `--repeat` calls (parser memos emptied before each), and the ratio 4,000 / 1,000 (linear ≈ 4; quadratic ≈ 16).

    python eval/cost_families.py                    # the table
    python eval/cost_families.py --sizes 1000 4000  # other sizes
    python eval/cost_families.py --budget-ms 60000  # a budget that never cuts a stage short

Exit code 1 when the worst family at 4,000 code points takes 1.5 s or more.
The same families drive the property test `tests/perf/test_linear_cost.py`.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nlu.bench.families import FAMILIES, family_call, forget_memos  # noqa: E402

LIMIT_S = 1.5


def fastest(pipe, family: str, n: int, repeat: int, budget_ms: float | None) -> float:  # noqa: ANN001
    """Fastest of `repeat` calls, each on another string of the family's shape with the
    parsers' memos emptied: the library memoizes scans and parsers of a text it saw, so the
    same text again would time the cache."""
    best = float("inf")
    for r in range(repeat):
        text, kwargs = family_call(family, n, r + 1)  # another string of the same shape each time
        if budget_ms is not None:
            kwargs["budget_ms"] = budget_ms
        forget_memos()
        t0 = time.perf_counter()
        pipe.understand(text, reference_time="2026-03-15T10:30:00+08:00", **kwargs)
        best = min(best, time.perf_counter() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000, 4000])
    ap.add_argument("--repeat", type=int, default=3, help="calls per cell; the fastest is shown (default 3)")
    ap.add_argument("--budget-ms", type=float, default=None, help="per-call budget (default: the pipeline's)")
    ap.add_argument("--family", action="append", help="only these families (repeatable)")
    args = ap.parse_args(argv)

    import nlu

    nlu.warm_up()
    pipe = nlu.Pipeline()
    pipe.understand("查询 AGV-01 当前状态")
    families = args.family or list(FAMILIES)
    head = f"{'family':<14}" + "".join(f"{n:>10}" for n in args.sizes) + f"{'ratio':>8}"
    print(f"seconds per call (fastest of {args.repeat}), budget {args.budget_ms or pipe.budget_ms:g} ms")
    print(head)
    worst = (0.0, "")
    for fam in families:
        row = [fastest(pipe, fam, n, args.repeat, args.budget_ms) for n in args.sizes]
        ratio = row[-1] / row[-3] if len(row) >= 3 and row[-3] > 0 else float("nan")
        print(f"{fam:<14}" + "".join(f"{t:>10.4f}" for t in row) + f"{ratio:>8.1f}", flush=True)
        if args.sizes[-1] >= 4000 and row[-1] > worst[0]:
            worst = (row[-1], fam)
    if worst[1]:
        verdict = "ok" if worst[0] < LIMIT_S else "NOT MET"
        print(f"worst at {args.sizes[-1]}: {worst[1]} {worst[0]:.4f} s (limit {LIMIT_S} s): {verdict}")
        return 0 if worst[0] < LIMIT_S else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Meaning-preservation and correction precision on the shared real text (issue 13).

Runs every sentence of `shared/external/real-text/` through `nlu.understand` — correct
sentences and the `right` side of every spelling-check pair as typed and as ASR input, the
`wrong` sides for correction precision and character error rate, the domain-identifier
turns — and prints the figures of `nlu.evaluation.realtext` with numerators and
denominators, plus examples of every failure kind.

    python eval/real_text.py [--every N] [--json OUT] [--examples]
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
import time

from nlu.evaluation.realtext import external_dir, precision_over, run_all

log = logging.getLogger("nlu.eval.real_text")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=int, default=1, help="take every N-th row only (default: all)")
    ap.add_argument("--json", help="also write the figures as JSON here")
    ap.add_argument("--examples", action="store_true", help="print examples of each failure kind")
    ap.add_argument("--sources", default="typed,asr", help="source kinds for the sentences (default typed,asr)")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    data = external_dir()
    if data is None:
        log.error("E-RT01 shared/external/real-text not found next to the repository or at /work/shared/external")
        return 2
    t0 = time.perf_counter()
    reports = run_all(data, every=args.every, sources=[s for s in args.sources.split(",") if s])
    elapsed = time.perf_counter() - t0
    out = {name: rep.summary() for name, rep in reports.items()}
    out["all"] = {"auto_applied_correction_precision": str(precision_over(reports.values())),
                  "calls": sum(r.calls for r in reports.values()), "seconds": round(elapsed, 1)}
    sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=2) + "\n")
    if args.examples:
        for name, rep in reports.items():
            for kind, lines in rep.examples.items():
                sys.stdout.write(f"\n## {name} / {kind}\n" + "\n".join(lines) + "\n")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, ensure_ascii=False, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

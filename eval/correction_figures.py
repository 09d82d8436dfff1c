"""Auto-applied correction precision and recall from `nlu eval` reports (issue 13, part 3).

For each report directory (``nlu eval … --report DIR``) prints the goldset-wide
``correction.precision`` / ``correction.recall`` (cases with a ``corrections`` expectation)
and, over the cases tagged ``typo``, the auto-applied typo/asr/ocr edits that were expected
(numerator) among all of them (denominator), with each case's applied edits.

    python eval/correction_figures.py out/hcb [out/dev …] [--cases]
"""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger("nlu.eval.correction_figures")
CORRECTION_TYPES = ("typo", "asr", "ocr")


def figures(report: Path) -> tuple[str, list[str]]:
    d = json.loads((report / "result.json").read_text("utf-8"))
    m = d["metrics"]["overall"]
    cp, cr = m.get("correction.precision", {}), m.get("correction.recall", {})
    right = total = passed = 0
    lines = []
    cases = [c for c in d["caseResults"] if "typo" in c.get("tags", [])]
    for c in cases:
        out = c.get("output") or {}
        applied = [e for e in out.get("corrections", []) if e.get("autoApplied") and e.get("type") in CORRECTION_TYPES]
        unexpected = sum(1 for f in c["failures"] if f.get("field") == "unexpected correction")
        missed = sum(1 for f in c["failures"] if f.get("field") == "corrections")
        total += len(applied)
        right += len(applied) - unexpected
        passed += bool(c["passed"])
        lines.append(f"  {c['caseId']} {'pass' if c['passed'] else 'FAIL'} applied="
                     f"{[(e['originalText'], e['replacement']) for e in applied]} missed={missed} unexpected={unexpected}")
    cases_all = d["caseResults"]
    head = (f"{report}: cases passed {sum(bool(c['passed']) for c in cases_all)}/{len(cases_all)}; "
            f"correction.precision {cp.get('numerator')}/{cp.get('denominator')}, "
            f"correction.recall {cr.get('numerator')}/{cr.get('denominator')}; "
            f"typo-tagged: applied edits expected {right}/{total}, cases passed {passed}/{len(cases)}")
    return head, lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("reports", nargs="+", help="report directories written by `nlu eval --report`")
    ap.add_argument("--cases", action="store_true", help="also list the typo-tagged cases")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for r in args.reports:
        path = Path(r)
        if not (path / "result.json").is_file():
            log.error("E-CF01 %s has no result.json (run `nlu eval … --report %s` first)", r, r)
            return 2
        head, lines = figures(path)
        sys.stdout.write(head + "\n")
        if args.cases:
            sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

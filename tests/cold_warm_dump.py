"""Dump the dev goldset's results in a fresh process, cold (no warm_up) or warm, one JSON line a
case: `python tests/cold_warm_dump.py cold|warm OUT [GOLDSET]`. Used by tests/test_degraded.py.

What is excluded from the comparison, and why: `durationMs` of each diagnostic (wall clock).
The request id is fixed per case (the case id), so `requestId` and the `clarificationId`
derived from it are deterministic; the budget is large so no turn depends on machine load.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    sys.path.insert(0, str(Path.cwd()))  # run from the tree under test: its `nlu`, not an installed one
    mode, out = sys.argv[1], sys.argv[2]
    goldset = sys.argv[3] if len(sys.argv) > 3 else str(ROOT / "goldsets" / "dev.jsonl")
    import nlu

    print(nlu.__file__, file=sys.stderr)
    if mode == "warm":
        nlu.warm_up()
    with open(goldset, encoding="utf-8") as f, open(out, "w", encoding="utf-8") as w:
        for line in f:
            if not line.strip():
                continue
            case = json.loads(line)
            r = nlu.understand(case["rawText"], source=case.get("sourceType", "typed"),
                               reference_time=case.get("referenceTime"),
                               alternatives=case.get("sourceAlternatives") or None,
                               confidence=case.get("overallConfidence"),
                               referents=case.get("boundedContext") or None,
                               request_id=str(case.get("id") or case.get("caseId")), budget_ms=60_000)
            d = r.model_dump(mode="json", by_alias=True)
            for diag in d["diagnostics"]:
                diag["durationMs"] = None
            w.write(json.dumps(d, ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()

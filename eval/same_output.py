"""Identical output of two checkouts of nlu, JSON byte for byte (issue 28).

Each checkout runs in its own worker process with its own interpreter (its `.venv`, like
`eval/ab_bench.py`); both understand the same inputs and the `LegacyInputUnderstanding` JSON
(`model_dump_json(by_alias=True)`) of each is compared byte for byte. Two fields are not the
code's answer and are fixed before the comparison: the request id (every call passes the same
one) and each diagnostic's `durationMs` (a clock reading; replaced by 0). The budget is 60 s
per call, so no turn times out on a busy host.

The inputs, per source:

- `gold:<name>`: every case of every goldset in `goldsets/` of the new checkout, with its
  source kind, reference time, alternatives, confidence and bounded context (as `nlu eval`);
- `real:<part>`: the shared real text (`shared/external/real-text/`), as `eval/real_text.py`
  sends it: correct sentences and both sides of every spelling pair as typed and as ASR, the
  domain-identifier turns as typed;
- `bench`: the benchmark corpus (`nlu.bench.corpus.generate(--bench-n, seed 0)`).

    python eval/same_output.py --old /work/wt-e5 --new . [--every N] [--bench-n 3000] [--show 5]

Prints same/different counts per source and the first differences (the first differing
character and the context around it). Exit 1 when any output differs, 2 on a usage error.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

_WORKER = r"""
import json, re, sys
import nlu
nlu.warm_up()
pipe = nlu.Pipeline()
dur = re.compile(r'"durationMs":[-0-9.eE+]+')
with open(sys.argv[1], encoding="utf-8") as src, open(sys.argv[2], "w", encoding="utf-8") as out:
    for line in src:
        c = json.loads(line)
        try:
            r = pipe.understand(c["text"], source=c["source"], reference_time=c.get("referenceTime"),
                                alternatives=c.get("alternatives"), confidence=c.get("confidence"),
                                referents=c.get("referents"), request_id="same-output", budget_ms=60000.0)
            got = dur.sub('"durationMs":0', r.model_dump_json(by_alias=True))
        except Exception as exc:  # the difference is then the exception
            got = "EXCEPTION " + type(exc).__name__ + ": " + str(exc)
        out.write(json.dumps(got, ensure_ascii=False) + "\n")
"""

REAL_TIME = "2026-06-01T10:00:00+08:00"


def _real_dir(new: Path) -> Path | None:
    for cand in (new.resolve().parent / "shared" / "external" / "real-text", Path("/work/shared/external/real-text")):
        if cand.is_dir():
            return cand
    return None


def _jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def collect(new: Path, every: int, bench_n: int) -> list[dict]:
    """Every input, each with its `group` (the source it is counted under) and `key`."""
    cases: list[dict] = []
    for path in sorted((new / "goldsets").glob("*.jsonl")):
        for row in _jsonl(path)[::every]:
            cases.append({"group": f"gold:{path.stem}", "key": row["caseId"], "text": row["rawText"],
                          "source": row["sourceType"], "referenceTime": row.get("referenceTime"),
                          "alternatives": row.get("sourceAlternatives") or None,
                          "confidence": row.get("overallConfidence"),
                          "referents": row.get("boundedContext") or None})
    real = _real_dir(new)
    if real is None:
        sys.stderr.write("same_output: shared/external/real-text not found; the real-text sources are left out\n")
    else:
        correct = _jsonl(real / "correct.jsonl")[::every]
        pairs = _jsonl(real / "csc_pairs.jsonl")[::every]
        for kind in ("typed", "asr"):
            for row in correct:
                cases.append({"group": f"real:correct:{kind}", "key": row["id"], "text": row["text"], "source": kind})
            for row in pairs:
                cases.append({"group": f"real:right:{kind}", "key": row["id"], "text": row["right"], "source": kind})
                cases.append({"group": f"real:wrong:{kind}", "key": row["id"], "text": row["wrong"], "source": kind})
        for row in _jsonl(real / "domain_ids.jsonl")[::every]:
            cases.append({"group": "real:domain_ids", "key": row["id"], "text": row["text"], "source": "typed"})
    if bench_n > 0:
        sys.path.insert(0, str(new.resolve()))
        from nlu.bench.corpus import generate

        for i, u in enumerate(generate(bench_n, 0)[::every]):
            cases.append({"group": "bench", "key": f"bench-{i}-{u.length_bucket}", "text": u.text, "source": u.source})
    for c in cases:
        c.setdefault("referenceTime", REAL_TIME)
    return cases


def _start(checkout: Path, inp: Path, out: Path) -> subprocess.Popen:
    python = checkout / ".venv" / "bin" / "python"
    if not python.exists():
        sys.exit(f"same_output: {python} not found — create the checkout's venv first (see eval/ab_bench.py)")
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    return subprocess.Popen([str(python), "-c", _WORKER, str(inp), str(out)], cwd=checkout, env=env)


def _first_diff(a: str, b: str, width: int = 160) -> str:
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    lo = max(0, i - width // 2)
    return f"  at {i}:\n    old …{a[lo:i + width // 2]}…\n    new …{b[lo:i + width // 2]}…"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--old", type=Path, required=True, help="checkout of the reference code")
    ap.add_argument("--new", type=Path, default=Path("."), help="checkout of the new code (default .)")
    ap.add_argument("--every", type=int, default=1, help="take every N-th input of each source (default: all)")
    ap.add_argument("--bench-n", type=int, default=3000, help="benchmark corpus size (default 3000; 0: none)")
    ap.add_argument("--show", type=int, default=5, help="differences to print (default 5)")
    ap.add_argument("--only", default="", help="only the sources whose name starts with this (gold, real, bench)")
    args = ap.parse_args(argv)
    if args.every < 1:
        ap.error("--every must be at least 1")
    cases = [c for c in collect(args.new, args.every, args.bench_n) if c["group"].startswith(args.only)]
    with tempfile.TemporaryDirectory(prefix="same_output.") as tmp:
        inp = Path(tmp) / "in.jsonl"
        inp.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
        outs = {name: Path(tmp) / f"{name}.jsonl" for name in ("old", "new")}
        procs = {name: _start(getattr(args, name).resolve(), inp, outs[name]) for name in ("old", "new")}
        for name, proc in procs.items():
            if proc.wait() != 0:
                sys.stderr.write(f"same_output: the worker of {getattr(args, name)} failed\n")
                return 2
        got = {name: [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()] for name, p in outs.items()}
    if not (len(got["old"]) == len(got["new"]) == len(cases)):
        sys.stderr.write("same_output: a worker answered fewer inputs than it was given\n")
        return 2
    counts: dict[str, list[int]] = {}
    diffs: list[str] = []
    for c, a, b in zip(cases, got["old"], got["new"]):
        row = counts.setdefault(c["group"], [0, 0])
        if a == b:
            row[0] += 1
        else:
            row[1] += 1
            if len(diffs) < args.show:
                diffs.append(f"{c['group']} {c['key']} [{c['source']}] {c['text']!r}\n{_first_diff(a, b)}")
    print(f"{'source':<28} {'same':>6} {'different':>9}")
    for group, (same, diff) in counts.items():
        print(f"{group:<28} {same:>6} {diff:>9}")
    total_same = sum(r[0] for r in counts.values())
    total_diff = sum(r[1] for r in counts.values())
    print(f"{'all':<28} {total_same:>6} {total_diff:>9}")
    for d in diffs:
        print("\n" + d)
    return 1 if total_diff else 0


if __name__ == "__main__":
    raise SystemExit(main())

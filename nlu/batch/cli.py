"""`nlu batch IN OUT`: understand every line of a file, in parallel, reproducibly.

Input: `.txt` (one utterance per line) or `.jsonl` (objects with `text` or `rawText`, and
optional `source`/`sourceType`, `referenceTime`). Output: JSONL, one contract per input
line in input order. A line that cannot be read is written as `{"line": n, "error": …}` —
never dropped silently — and counted in the summary. Request ids are derived from the line
number and text, so two runs over the same file give the same output (with --no-timings,
byte for byte: stage durations are the only measured field).
"""
from __future__ import annotations

import json
import os
import sys
import uuid
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterator

_PIPE = None


def _init(reference_time: str | None, timings: bool = True) -> None:
    global _PIPE
    from nlu.pipeline import FeatureFlags, Pipeline

    # Offline work has no user waiting: a generous budget keeps results independent of load.
    pipe = Pipeline(flags=FeatureFlags.from_env(), budget_ms=60_000)
    pipe.warm_up()
    _PIPE = (pipe, reference_time, timings)


def _records(path: Path) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    jsonl = path.suffix.lower() in (".jsonl", ".ndjson")
    with path.open(encoding="utf-8", errors="strict") as fh:
        for n, line in enumerate(fh, 1):
            line = line.rstrip("\n")
            if not jsonl:
                yield n, {"text": line}, None
                continue
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                if not isinstance(obj, dict):
                    raise ValueError("not a JSON object")
                text = obj.get("text", obj.get("rawText"))
                if not isinstance(text, str):
                    raise ValueError("no string field 'text' or 'rawText'")
                yield n, obj, None
            except ValueError as exc:
                yield n, None, f"{exc}"


def _one(item: tuple[int, dict[str, Any] | None, str | None]) -> str:
    n, obj, error = item
    if error is not None:
        return json.dumps({"line": n, "error": error}, ensure_ascii=False)
    pipe, default_ref, timings = _PIPE  # type: ignore[misc]
    text = obj.get("text", obj.get("rawText"))
    try:
        r = pipe.understand(text, source=obj.get("source", obj.get("sourceType", "typed")),
                            reference_time=obj.get("referenceTime", default_ref),
                            request_id=uuid.uuid5(uuid.NAMESPACE_URL, f"nlu-batch:{n}:{text}").hex)
    except Exception as exc:  # noqa: BLE001 - a bad record is reported in place, the run goes on
        return json.dumps({"line": n, "error": str(exc)}, ensure_ascii=False)
    doc = r.model_dump(by_alias=True, mode="json")
    if not timings:  # measured durations are the only non-reproducible field
        for d in doc["diagnostics"]:
            d["durationMs"] = 0.0
    return json.dumps({"line": n, **doc}, ensure_ascii=False)


def run(args) -> int:  # noqa: ANN001
    src, dst = Path(args.input), Path(args.output)
    if not src.is_file():
        print(f"nlu batch: input not found: {src}", file=sys.stderr)
        return 2
    if args.reference_time is None:
        print("nlu batch: note: no --reference-time; relative times resolve against now, so reruns may differ",
              file=sys.stderr)
    else:
        from nlu.source import parse_reference_time

        parse_reference_time(args.reference_time)  # a bad value is a one-line error before any work
    items = list(_records(src))
    workers = max(1, args.workers or os.cpu_count() or 1)
    from tqdm import tqdm

    errors = 0
    dst.parent.mkdir(parents=True, exist_ok=True)
    with dst.open("w", encoding="utf-8") as out, ProcessPoolExecutor(workers, initializer=_init,
                                                                      initargs=(args.reference_time, not args.no_timings)) as pool:
        bar = tqdm(total=len(items), unit="line", disable=args.quiet or not sys.stderr.isatty(), file=sys.stderr)
        for line in pool.map(_one, items, chunksize=max(1, min(256, len(items) // (workers * 8) or 1))):
            errors += line.startswith('{"line": ') and '"error"' in line[:200]
            out.write(line + "\n")
            bar.update(1)
        bar.close()
    print(f"nlu batch: {len(items)} lines → {dst} ({errors} with errors)", file=sys.stderr)
    return 1 if errors and args.strict else 0


def register(sub) -> None:  # noqa: ANN001
    p = sub.add_parser("batch", help="understand every line of a .txt or .jsonl file, in parallel",
                       description=__doc__, formatter_class=__import__("argparse").RawDescriptionHelpFormatter)
    p.add_argument("input", help=".txt (one utterance per line) or .jsonl (text/rawText, source, referenceTime)")
    p.add_argument("output", help="output .jsonl, one contract per input line, in input order")
    p.add_argument("--reference-time", metavar="ISO", help="send time for lines without their own (default: now)")
    p.add_argument("--workers", type=int, default=0, help="processes (default: all cores)")
    p.add_argument("--no-timings", action="store_true", help="write stage durations as 0 so reruns are byte-identical")
    p.add_argument("--strict", action="store_true", help="exit 1 when any line had an error")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)

"""`nlu batch IN OUT`: normalize every record of a log file — none lost, none added, in order.

One output record (JSONL) per input record, in input order: `{"line": n, "id": …, **contract}`,
where `line` is the 1-based physical line (txt, jsonl; the first line of a CSV record; the row
of a Parquet file) and `id` the caller's own id (`--id-field`, default `id` when a record has
one). Lines are split on \\n only. A record that cannot be read or understood (undecodable bytes,
invalid JSON, a blank JSONL line, no text field, …) is written in place as
`{"line": n, "error": reason, "errorCode": "E45x"}` and the run goes on.

Output is written to OUT.partial and renamed to OUT when complete; after Ctrl-C, SIGTERM or a
kill, `--resume` continues after the last complete chunk. Request ids derive from the line and
the text, so reruns, resumed runs and the Dask engine write the same records (byte for byte with
--no-timings: stage durations are the only measured field).

Exit codes: 0 every record good · 3 some records are error records · 2 usage error (nothing
done) · 1 a worker died (resume later) · 130 stopped by SIGINT · 143 stopped by SIGTERM.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any

from nlu.batch import errors as E
from nlu.batch.errors import BatchError
from nlu.batch.reader import ENCODINGS, FORMATS, ReadOptions

_log = logging.getLogger("nlu.batch")
EXIT_OK, EXIT_WORKER_DIED, EXIT_USAGE, EXIT_SOME_BAD = 0, 1, 2, 3


def _setup_logging() -> None:
    if not _log.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("nlu batch: %(message)s"))
        _log.addHandler(handler)
        _log.propagate = False
    _log.setLevel(logging.INFO)


def _check_paths(src: Path, out: Path, args: Any = None) -> None:
    if not src.is_file():
        raise BatchError("E401", E.E401.format(path=src))
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.output import partial_path

    for target in (out, partial_path(out)):
        if target.resolve() == src.resolve() or (target.exists() and os.path.samefile(target, src)):
            raise BatchError("E402", E.E402.format(path=src))
    force, resume = getattr(args, "force", False), getattr(args, "resume", False)
    if out.exists() and not (force or resume):
        raise BatchError("E411", E.E411.format(path=out))
    parent = out.absolute().parent
    if not parent.is_dir():
        if not getattr(args, "mkdir", False):
            raise BatchError("E412", E.E412.format(path=parent))
        _log.info("creating the output directory %s (--mkdir)", parent)
        parent.mkdir(parents=True, exist_ok=True)


def fingerprint(src: Path, read: ReadOptions, args: Any, fields: tuple[str, ...] | None, compression: str) -> dict:
    """What must not change between a run and its `--resume`."""
    st = src.stat()
    return {"input": str(src.resolve()), "size": st.st_size, "mtimeNs": st.st_mtime_ns, "format": read.format,
            "encoding": read.encoding, "textField": read.text_field, "idField": read.id_field,
            "fields": list(fields) if fields else None, "compression": compression,
            "referenceTime": args.reference_time, "timings": not args.no_timings}


def run(args: argparse.Namespace) -> int:
    _setup_logging()
    src, out = Path(args.input), Path(args.output)
    if args.scheduler and args.engine != "dask":
        raise BatchError("E413", E.E413)
    _check_paths(src, out, args)
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.normalize import NormalizeOptions, check_fields
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.reader import detect_format

    if args.reference_time is None:
        _log.info("note: no --reference-time; relative times resolve against now, so reruns may differ")
    else:
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.source import parse_reference_time

        parse_reference_time(args.reference_time)  # a bad value is a one-line error before any work
    fields = check_fields(args.fields.split(",")) if args.fields else None
    fmt = args.format or detect_format(src, args.encoding, args.text_field)
    if not args.format:
        _log.info("input format: %s (detected from the content; --format to choose)", fmt)
    read = ReadOptions(fmt, args.encoding, args.text_field, args.id_field)
    options = NormalizeOptions(args.reference_time, not args.no_timings, fields)
    workers = max(1, args.workers or os.cpu_count() or 1)
    if args.engine == "dask":
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.batch.dask_engine import run_dask

        return run_dask(src, out, read, options, args, fingerprint_of=lambda c: fingerprint(src, read, args, fields, c),
                        workers=workers)
    return _run_local(src, out, read, options, args, fields, workers)


def _run_local(src: Path, out: Path, read: ReadOptions, options: Any, args: argparse.Namespace,
               fields: tuple[str, ...] | None, workers: int) -> int:
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.local import StopSignals, run_local
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.output import PartialOutput, codec_for
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.progress import ProgressReport
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.batch.reader import count_records, read_records

    codec = codec_for(args.compress, out)
    next(read_records(src, read), None)  # header or column problems: a usage error before anything is written
    sink = PartialOutput(out, codec, fingerprint(src, read, args, fields, codec.name))
    state = sink.open(args.resume)
    source = read_records(src, read, state.position)
    total = count_records(src, read.format) if not args.quiet else None
    progress = ProgressReport(enabled=not args.quiet, initial=state.records, initial_errors=state.errors,
                              every_seconds=args.progress_every, total=total)

    try:
        with StopSignals() as stop:
            outcome = run_local(source, sink, options, workers=workers, chunk_size=args.chunk_size,
                                progress=progress, stop=stop)
    except BatchError as exc:
        sink.close()
        if exc.code != "E409":
            raise
        _log.error("%s", exc)
        return EXIT_WORKER_DIED
    if outcome.signum is not None:
        sink.close()
        _log.info("stopped by signal %d after %d records (%d with errors); the complete chunks are in %s: "
                  "continue with --resume", outcome.signum, outcome.records, outcome.errors, sink.path)
        return 128 + outcome.signum
    sink.finish()
    _log.info("%d records → %s (%d with errors)", outcome.records, out, outcome.errors)
    return EXIT_SOME_BAD if outcome.errors else EXIT_OK


def _positive(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {value!r}")
    return n


def register(sub) -> None:  # noqa: ANN001
    p = sub.add_parser("batch", help="normalize every record of a txt/jsonl/csv/parquet file: in order, resumable",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                       epilog="Examples:\n  nlu batch asr.txt out.jsonl --reference-time 2026-03-15T10:30:00+08:00\n"
                              "  nlu batch logs.jsonl out.jsonl.gz --id-field msgId --fields originalText,canonicalText,decision\n"
                              "  nlu batch logs.jsonl out.jsonl --resume            # after Ctrl-C or a kill\n"
                              "  nlu batch logs.csv out --engine dask --scheduler tcp://dask-scheduler.internal:8786")

    p.add_argument("input", help="txt (one utterance per line), jsonl, csv (with a header) or parquet")
    p.add_argument("output", help="output JSONL (.gz: gzip, .zst: zstd); with --engine dask a directory of part files")
    p.add_argument("--format", choices=FORMATS, help="input format (default: detected from the content)")
    p.add_argument("--text-field", metavar="NAME", help="field/column with the text (default: text, else rawText)")
    p.add_argument("--id-field", metavar="NAME",
                   help="the caller's id field, copied to every output record; a record without it is an error "
                        "(default: 'id', when a record has one)")
    p.add_argument("--encoding", choices=tuple(ENCODINGS), default="auto",
                   help="text encoding, decided per line (auto: UTF-8, else GB18030, a superset of GBK)")
    p.add_argument("--fields", metavar="A,B,…",
                   help="contract fields to write besides line/id (default: all, about 4.5 KB a record; "
                        "lean: --fields canonicalText,decision)")
    p.add_argument("--compress", choices=("none", "gzip", "zstd"),
                   help="output compression (default from OUT's suffix; zstd: Python ≥3.14 or pyarrow)")
    p.add_argument("--resume", action="store_true", help="continue an interrupted run from OUT.partial")
    p.add_argument("--force", action="store_true", help="overwrite an existing OUT (refused without it)")
    p.add_argument("--mkdir", action="store_true", help="create OUT's directory when it does not exist (refused without it)")
    p.add_argument("--reference-time", metavar="ISO", help="send time for records without their own (default: now)")
    p.add_argument("--workers", type=_positive, default=0, help="processes (default: all cores)")
    p.add_argument("--chunk-size", type=_positive, default=256, help="records per chunk: the unit of work and of resume")
    p.add_argument("--engine", choices=("local", "dask"), default="local",
                   help="local processes (default) or Dask: a LocalCluster on 127.0.0.1, or --scheduler")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="with --engine dask: an existing Dask cluster")
    p.add_argument("--partition-size", type=_positive, default=20_000,
                   help="with --engine dask: records per partition / part file")
    p.add_argument("--no-timings", action="store_true", help="write stage durations as 0 so reruns are byte-identical")
    p.add_argument("--quiet", action="store_true", help="no progress bar or progress lines")
    p.add_argument("--progress-every", type=float, default=10.0, metavar="SECONDS",
                   help="interval of the plain progress line when stderr is not a terminal")
    p.set_defaults(func=run)

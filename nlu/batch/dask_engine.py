"""`nlu batch --engine dask`: the same records as the local engine, as part files, on a Dask cluster.

A first pass in the parent plans the partitions (where each starts in the input: byte offset or
row, line number, record count) and stores the plan in `OUT.partial/_plan.json`. Each Dask task
reads its own slice of the input (so the input must be reachable from the workers: a
LocalCluster, or shared storage), normalizes it with the per-record function of every engine and
writes `part-NNNNN.jsonl` atomically, then notes it done. When all parts are done,
`_manifest.json` lists them in input order and `OUT.partial/` is renamed to `OUT/`. `--resume`
runs only the parts not done. Without `--scheduler` a LocalCluster on 127.0.0.1 is started.
"""
from __future__ import annotations

import json
import logging
import os
import re
import shutil
import time
from dataclasses import asdict
from itertools import islice
from pathlib import Path
from typing import Any, Callable

from nlu.batch import errors as E
from nlu.batch.errors import BatchError
from nlu.batch.local import StopSignals
from nlu.batch.normalize import NormalizeOptions, cached_normalizer
from nlu.batch.output import Codec, codec_for, partial_path
from nlu.batch.progress import ProgressReport
from nlu.batch.reader import Position, ReadOptions, read_records

_log = logging.getLogger("nlu.batch")
_SCHEDULER = re.compile(r"^tcp://[^\s/:]+:\d{1,5}$")
_SUFFIX = {"none": "", "gzip": ".gz", "zstd": ".zst"}
_CHUNK = 256


def plan_partitions(src: Path, read: ReadOptions, size: int, suffix: str) -> list[dict[str, Any]]:
    """One entry per `size` records: where its slice of the input starts and how many it has."""
    parts: list[dict[str, Any]] = []
    start, count = Position(), 0
    for _, after in read_records(src, read, Position()):
        count += 1
        if count == size:
            parts.append(_part(len(parts), start, count, suffix))
            start, count = after, 0
    if count:
        parts.append(_part(len(parts), start, count, suffix))
    return parts


def _part(index: int, start: Position, count: int, suffix: str) -> dict[str, Any]:
    return {"index": index, "file": f"part-{index:05d}.jsonl{suffix}", "start": asdict(start), "count": count}


def write_part(src: str, read: ReadOptions, options: NormalizeOptions, codec: Codec, work: str,
               part: dict[str, Any]) -> dict[str, Any]:
    """Run on a Dask worker: normalize one slice of the input into its part file (atomically)."""
    normalizer = cached_normalizer(options)
    directory = Path(work)
    target = directory / part["file"]
    tmp = target.with_name(target.name + ".partial")
    records = (record for record, _ in islice(read_records(Path(src), read, Position(**part["start"])), part["count"]))
    n = errors = 0
    with tmp.open("wb") as fh:
        while chunk := list(islice(records, _CHUNK)):
            data, k, e = normalizer.dump_chunk(chunk)
            fh.write(codec.compress(data))
            n, errors = n + k, errors + e
    os.replace(tmp, target)
    done = {"index": part["index"], "file": part["file"], "firstLine": part["start"]["line"], "records": n,
            "errors": errors}
    _write_json(directory / "_done" / f"{part['index']:05d}.json", done)
    return done


def _write_json(path: Path, obj: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(obj, ensure_ascii=False, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def _client(args: Any, workers: int):  # noqa: ANN202
    try:
        # lazy: optional extra
        from distributed import Client, LocalCluster
    except ImportError as exc:
        raise BatchError("E404", E.E404.format(what="the Dask engine", extra="dask", detail=exc)) from None
    if args.scheduler:
        if not _SCHEDULER.match(args.scheduler):
            raise BatchError("E408", E.E408.format(value=args.scheduler))
        return Client(args.scheduler), None, True
    try:
        import bokeh  # noqa: F401 - the dashboard needs it; without it there is none
        dashboard: str | None = "127.0.0.1:0"
    except ImportError:
        dashboard = None
    # Loopback only: nothing of this cluster is reachable from another machine.
    # silence_logs: a worker's heartbeat racing the scheduler's shutdown logs a traceback at ERROR;
    # a task's own failure still reaches us through its future (and ends the run with it).
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=dashboard, protocol="tcp", silence_logs=logging.CRITICAL)

    return Client(cluster), cluster, dashboard is not None


def run_dask(src: Path, out: Path, read: ReadOptions, options: NormalizeOptions, args: Any, *,
             fingerprint_of: Callable[[str], dict], workers: int) -> int:
    try:
        import distributed  # noqa: F401 - checked before anything is planned or written
    except ImportError as exc:
        raise BatchError("E404", E.E404.format(what="the Dask engine", extra="dask", detail=exc)) from None
    next(read_records(src, read), None)  # header or column problems: a usage error before anything is written

    codec = codec_for(args.compress, Path("x"))  # a directory has no suffix to go by
    fingerprint = {**fingerprint_of(codec.name), "partitionSize": args.partition_size}
    if args.scheduler and not _SCHEDULER.match(args.scheduler):
        raise BatchError("E408", E.E408.format(value=args.scheduler))
    work = partial_path(out)
    plan_file = work / "_plan.json"
    if work.exists() and not args.resume:
        raise BatchError("E405", E.E405.format(path=work))
    if work.exists():
        plan = _load_plan(plan_file, work, fingerprint)
    else:
        if args.resume:
            _log.info("nothing to resume at %s: starting from the first record", work)
        started = time.monotonic()
        parts = plan_partitions(src, read, args.partition_size, _SUFFIX[codec.name])
        plan = {"fingerprint": fingerprint, "parts": parts}
        work.mkdir(parents=True)
        _write_json(plan_file, plan)
        _log.info("planned %d partitions of up to %d records in %.1f s", len(parts), args.partition_size,
                  time.monotonic() - started)
    done = {p["index"]: json.loads((work / "_done" / f"{p['index']:05d}.json").read_text(encoding="utf-8"))
            for p in plan["parts"] if (work / "_done" / f"{p['index']:05d}.json").exists()}
    todo = [p for p in plan["parts"] if p["index"] not in done]
    total = sum(p["count"] for p in plan["parts"])
    progress = ProgressReport(enabled=not args.quiet, initial=sum(d["records"] for d in done.values()),
                              initial_errors=sum(d["errors"] for d in done.values()),
                              every_seconds=args.progress_every, total=total)

    signum = None
    if todo:
        client, cluster, dashboard = _client(args, workers)
        try:
            if dashboard:
                _log.info("Dask dashboard (progress per task): %s", client.dashboard_link)
            with StopSignals() as stop:
                signum = _gather(client, todo, done, progress, stop, str(src), read, options, codec, str(work))
        finally:
            progress.close()
            client.close()
            if cluster is not None:
                cluster.close()
    progress.close()
    if signum is not None:
        _log.info("stopped by signal %d with %d of %d parts done; continue with --resume", signum, len(done),
                  len(plan["parts"]))
        return 128 + signum
    return _finish(work, out, plan, done, fingerprint)


def _gather(client: Any, todo: list[dict], done: dict[int, dict], progress: ProgressReport, stop: StopSignals,
            *task_args: Any) -> int | None:
    # lazy: optional extra
    from distributed import wait

    pending = set(client.map(write_part, *[[a] * len(todo) for a in task_args], todo, pure=False))
    while pending:
        if stop.signum is not None:
            client.cancel(list(pending))
            return stop.signum
        try:
            finished, pending = wait(pending, timeout=0.5, return_when="FIRST_COMPLETED")
        except TimeoutError:
            continue
        for future in finished:
            result = future.result()  # a task's own failure ends the run: the done parts stay for --resume
            done[result["index"]] = result
            progress.update(result["records"], result["errors"])
    return None


def _load_plan(plan_file: Path, work: Path, fingerprint: dict) -> dict:
    try:
        plan = json.loads(plan_file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BatchError("E406", E.E406.format(path=work, problem=f"no readable plan ({exc})")) from None
    changed = sorted(k for k in set(plan["fingerprint"]) | set(fingerprint)
                     if plan["fingerprint"].get(k) != fingerprint.get(k))
    if changed:
        raise BatchError("E406", E.E406.format(
            path=work, problem="the input or the options changed since it started: " + ", ".join(changed)))
    return plan


def _finish(work: Path, out: Path, plan: dict, done: dict[int, dict], fingerprint: dict) -> int:
    parts = [done[p["index"]] for p in plan["parts"]]
    records, errors = sum(p["records"] for p in parts), sum(p["errors"] for p in parts)
    _write_json(work / "_manifest.json", {"complete": True, "records": records, "errors": errors,
                                          "fingerprint": fingerprint, "parts": parts})
    shutil.rmtree(work / "_done", ignore_errors=True)
    plan_file = work / "_plan.json"
    plan_file.unlink(missing_ok=True)
    if out.is_dir():
        old = out.with_name(out.name + ".old")
        os.replace(out, old)
        os.replace(work, out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        if out.exists():
            out.unlink()
        os.replace(work, out)
    _log.info("%d records → %s/ (%d part files, %d with errors)", records, out, len(parts), errors)
    return 3 if errors else 0

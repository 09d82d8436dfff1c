"""The benchmark itself (issue 8): latency, cold start, throughput and peak memory.

* latency - every utterance of the corpus is timed with ``time.perf_counter`` (after a
  warm-up); end-to-end and per-stage (``diagnostics[].duration_ms``) P50/P95/P99 per
  length bucket (≈20, ≈100, ≈500 characters);
* cold start - ``import nlu`` + the first ``understand`` in a fresh interpreter, median of
  several runs, and once more with an empty pack cache (a temporary ``NLU_CACHE_DIR``);
* start-up - import → ``Pipeline()`` → ``warm_up()`` → first call, each step timed in fresh
  interpreters, with the start-up cache warm (median) and empty (issue 29; `measure_startup`,
  also ``nlu bench --startup-only [--tree PATH …]`` to compare checkouts side by side);
* throughput - utterances/s over the whole corpus in this process, then with a
  ``ProcessPoolExecutor`` of ``os.cpu_count()`` workers (each builds one Pipeline in its
  initializer; timing starts once every worker is ready);
* peak RSS - ``ru_maxrss`` of this process and of the largest worker.

The result is a plain dict (what ``--json`` writes); :func:`print_report` shows it with rich.
Targets are reported as met / not met - this is a report, never a failing check.
"""
from __future__ import annotations

import json
import math
import multiprocessing as mp
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Iterable, Sequence

from nlu.bench.corpus import LENGTH_BUCKETS, Utterance, summarize

SCHEMA = "nlu-bench.v1"
REFERENCE_TIME = datetime(2026, 3, 16, 9, 30, tzinfo=timezone(timedelta(hours=8)))
COLD_START_CODE = ("import time;t=time.perf_counter();import nlu;nlu.understand('查询 AGV-01 当前状态');"
                   "print(time.perf_counter()-t)")

# issue 29: a fresh interpreter times each step from `import nlu` to a warm pipeline, then one call
STARTUP_CODE = (
    "import json, time\n"
    "T = time.perf_counter\n"
    "t0 = T()\n"
    "import nlu\n"
    "from nlu import Pipeline\n"
    "t1 = T()\n"
    "p = Pipeline()\n"
    "t2 = T()\n"
    "p.warm_up()\n"
    "t3 = T()\n"
    "p.understand('查询 AGV-01 当前状态')\n"
    "t4 = T()\n"
    "print(json.dumps({'import': t1 - t0, 'construct': t2 - t1, 'warm_up': t3 - t2, 'first_call': t4 - t3,\n"
    "                  'import_to_warm': t3 - t0, 'total': t4 - t0, 'process_cpu': time.process_time(),\n"
    "                  'nlu': nlu.__file__}))\n"
)
STARTUP_STEPS = ("import", "construct", "warm_up", "first_call", "import_to_warm", "total", "process_cpu")

# (key, label, figure path, comparison, target value, unit)
TARGETS: tuple[tuple[str, str, tuple[str, ...], str, float, str], ...] = (
    ("p95_100", "end-to-end P95 @100 chars", ("latency_ms", "end_to_end", "100", "p95"), "<=", 2.0, "ms"),
    ("p95_500", "end-to-end P95 @500 chars", ("latency_ms", "end_to_end", "500", "p95"), "<=", 10.0, "ms"),
    ("cold_start", "cold start (median)", ("cold_start_s", "median"), "<=", 1.0, "s"),
    # issue 29: import → Pipeline() → warm_up(), the start-up cache warm
    ("startup", "import → warm pipeline (median)", ("startup_s", "import_to_warm"), "<=", 1.5, "s"),
    ("per_core", "throughput per core", ("throughput", "per_core_utt_per_s"), ">=", 1000.0, "utt/s"),
    ("peak_rss", "peak RSS (max process)", ("peak_rss_mb", "max"), "<=", 250.0, "MB"),
    # issue 3: cleaning and protection together
    ("clean_protect_p95_100", "clean+protect P95 @100 chars", ("latency_ms", "stage_groups", "clean+protect", "100", "p95"),
     "<=", 0.5, "ms"),
    ("clean_protect_p95_500", "clean+protect P95 @500 chars", ("latency_ms", "stage_groups", "clean+protect", "500", "p95"),
     "<=", 3.0, "ms"),
)

Progress = Callable[[int], None]


# --------------------------------------------------------------------------------------
# statistics
# --------------------------------------------------------------------------------------
def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default); ``q`` in [0, 100]."""
    if not sorted_values:
        return math.nan
    if len(sorted_values) == 1:
        return float(sorted_values[0])
    pos = (len(sorted_values) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo))


def describe(values: Iterable[float]) -> dict[str, float | int | None]:
    v = sorted(values)
    if not v:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "mean": None, "max": None}
    return {"n": len(v), "p50": round(percentile(v, 50), 4), "p95": round(percentile(v, 95), 4),
            "p99": round(percentile(v, 99), 4), "mean": round(statistics.fmean(v), 4), "max": round(v[-1], 4)}


def _rss_mb(kind: int = resource.RUSAGE_SELF) -> float:
    r = resource.getrusage(kind).ru_maxrss
    # Linux reports KiB, macOS bytes
    return round(r / (1024 * 1024) if sys.platform == "darwin" else r / 1024, 1)


# --------------------------------------------------------------------------------------
# measurements
# --------------------------------------------------------------------------------------
def _call(pipeline, u: Utterance):
    return pipeline.understand(u.text, source=u.source, reference_time=REFERENCE_TIME)


def warm_up(pipeline, corpus: Sequence[Utterance], k: int = 60) -> None:
    """A few calls of every bucket so lazy indexes and caches are built before timing."""
    by_bucket: dict[int, list[Utterance]] = {}
    for u in corpus:
        by_bucket.setdefault(u.length_bucket, []).append(u)
    for items in by_bucket.values():
        for u in items[: max(1, k // max(1, len(by_bucket)))]:
            _call(pipeline, u)


# The issues' budgets are per group of stages, summed within each call.
STAGE_GROUPS = {
    "clean+protect": ("clean", "protect"),
    "correct+term": ("correct", "term"),
    "semantics (coref…route)": ("coreference", "relation", "srl", "route"),
}


def _group_sums(result) -> dict[str, float]:  # noqa: ANN001
    """Milliseconds each stage group spent on one call (a group none of whose stages ran is left out)."""
    spent = {d.stage: float(d.duration_ms) for d in result.diagnostics if d.status != "skipped"}
    return {g: sum(spent.get(m, 0.0) for m in members)
            for g, members in STAGE_GROUPS.items() if any(m in spent for m in members)}


def measure_single(pipeline, corpus: Sequence[Utterance], progress: Progress | None = None) -> dict[str, Any]:
    """Time every call; returns end-to-end and per-stage percentiles and the throughput."""
    e2e: dict[int, list[float]] = {b: [] for b in LENGTH_BUCKETS}
    groups: dict[str, dict[int, list[float]]] = {g: {b: [] for b in LENGTH_BUCKETS} for g in STAGE_GROUPS}
    stages: dict[str, dict[int, list[float]]] = {}
    stage_order: list[str] = []
    statuses: dict[str, dict[str, int]] = {}
    errors = 0
    clock = time.perf_counter
    cpu_start = time.process_time()
    t_start = clock()
    for i, u in enumerate(corpus):
        t0 = clock()
        try:
            result = _call(pipeline, u)
        except Exception:  # noqa: BLE001 - the library should not raise; count it and go on
            errors += 1
            continue
        dt = (clock() - t0) * 1000.0
        e2e.setdefault(u.length_bucket, []).append(dt)
        for g, ms in _group_sums(result).items():
            groups[g].setdefault(u.length_bucket, []).append(ms)
        for d in result.diagnostics:
            name = d.stage
            if name not in stages:
                stages[name] = {b: [] for b in LENGTH_BUCKETS}
                stage_order.append(name)
                statuses[name] = {}
            statuses[name][d.status] = statuses[name].get(d.status, 0) + 1
            if d.status != "skipped" and d.duration_ms is not None:
                stages[name].setdefault(u.length_bucket, []).append(float(d.duration_ms))
        if progress is not None and (i + 1) % 50 == 0:
            progress(50)
    wall = clock() - t_start
    cpu = time.process_time() - cpu_start
    if progress is not None:
        progress(len(corpus) % 50)
    done = len(corpus) - errors
    return {
        "end_to_end": {str(b): describe(v) for b, v in sorted(e2e.items())},
        "stages": {name: {str(b): describe(v) for b, v in sorted(stages[name].items())} for name in stage_order},
        "stage_groups": {g: {str(b): describe(v) for b, v in sorted(per.items())} for g, per in groups.items()},
        "stage_status": statuses,
        "errors": errors,
        "wall_s": round(wall, 3),
        "utt_per_s": round(done / wall, 1) if wall > 0 else None,
        "cpu_s": round(cpu, 3),
        "utt_per_cpu_s": round(done / cpu, 1) if cpu > 0 else None,
    }


def measure_best_of(pipeline, corpus: Sequence[Utterance], repeat: int, progress: Progress | None = None) -> dict[str, Any]:
    """Every utterance timed `repeat` times (whole passes over the corpus, so the calls of
    one utterance are minutes apart, not back to back); each utterance keeps its fastest
    call. On a host whose speed drifts this is the call's own cost with the drift taken
    out: the figure to compare code with code. (`measure_single` is what a caller sees.)"""
    clock = time.perf_counter
    e2e = [math.inf] * len(corpus)
    groups = {g: [math.inf] * len(corpus) for g in STAGE_GROUPS}
    for _ in range(repeat):
        for i, u in enumerate(corpus):
            t0 = clock()
            try:
                result = _call(pipeline, u)
            except Exception:  # noqa: BLE001 - counted by measure_single
                continue
            e2e[i] = min(e2e[i], (clock() - t0) * 1000.0)
            for g, ms in _group_sums(result).items():
                groups[g][i] = min(groups[g][i], ms)
            if progress is not None and (i + 1) % 50 == 0:
                progress(50)
        if progress is not None:
            progress(len(corpus) % 50)

    def by_bucket(values: list[float]) -> dict[str, Any]:
        per: dict[int, list[float]] = {}
        for u, v in zip(corpus, values):
            if v != math.inf:
                per.setdefault(u.length_bucket, []).append(v)
        return {str(b): describe(v) for b, v in sorted(per.items())}

    return {"repeat": repeat, "end_to_end": by_bucket(e2e), "stage_groups": {g: by_bucket(v) for g, v in groups.items()}}


_REFERENCE_TEXT = "查询 AGV-01 当前状态，本月检修计划完成了多少张工单？" * 4
_REFERENCE_RE = re.compile(r"[A-Z]+-\d+|[\u4e00-\u9fff]{2}")


def host_reference_ms(repeats: int = 5) -> float:
    """Median time of a fixed pure-Python workload (regex, dict and string work like the
    pipeline's). This VM-class host drifts in speed by tens of percent from one minute to
    the next; the figure, taken beside the latencies, says how fast the host was then."""
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        counts: dict[str, int] = {}
        for _ in range(200):
            for m in _REFERENCE_RE.finditer(_REFERENCE_TEXT):
                w = m.group()
                counts[w] = counts.get(w, 0) + 1
            "".join(sorted(counts))
        times.append((time.perf_counter() - t0) * 1000.0)
    return round(statistics.median(times), 3)


def _loadavg() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def measure_cold_start(runs: int = 5, *, timeout: float = 60.0) -> dict[str, Any]:
    """``import nlu`` + first ``understand`` in fresh interpreters; plus once with an empty cache."""

    def once(env: dict[str, str]) -> tuple[float | None, float]:
        t0 = time.perf_counter()
        try:
            proc = subprocess.run([sys.executable, "-c", COLD_START_CODE], capture_output=True, text=True,
                                  env=env, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return None, time.perf_counter() - t0
        wall = time.perf_counter() - t0
        try:
            return float(proc.stdout.strip().splitlines()[-1]), wall
        except (ValueError, IndexError):
            return None, wall

    env = dict(os.environ)
    warm, walls = [], []
    for _ in range(max(1, runs)):
        v, w = once(env)
        walls.append(w)
        if v is not None:
            warm.append(v)
    with tempfile.TemporaryDirectory(prefix="nlu-bench-cache-") as tmp:
        fresh, fresh_wall = once({**env, "NLU_CACHE_DIR": tmp})
    return {
        "runs": [round(v, 4) for v in warm],
        "median": round(statistics.median(warm), 4) if warm else None,
        "process_wall_median": round(statistics.median(walls), 4),  # includes interpreter start-up
        "fresh_cache": round(fresh, 4) if fresh is not None else None,
        "fresh_cache_process_wall": round(fresh_wall, 4),
        "failures": max(1, runs) - len(warm) + (fresh is None),
    }


def measure_startup(runs: int = 5, trees: Sequence[str | None] = (None,), *, bytecode: bool = True,
                    timeout: float = 120.0) -> list[dict[str, Any]]:
    """Import → ``Pipeline()`` → ``warm_up()`` → first call, each step timed in fresh
    interpreters (issue 29), for each source tree in `trees` (None: this interpreter's own
    ``nlu``, from the current directory as the other cold-start figures; a path: the ``nlu``
    of that checkout, run with it as the current directory).

    Each tree gets an empty start-up cache of its own (a temporary ``NLU_CACHE_DIR``): its
    first run builds it (reported as ``empty_cache``), then `runs` runs use it; the trees'
    runs are interleaved, so a machine whose load drifts weighs on all of them alike.
    Medians per step; ``process_cpu`` is the child's whole CPU time (interpreter start-up
    included), the figure least moved by other load on the machine.

    `bytecode` (default): the children keep compiled modules as an installed package does
    (in a temporary ``PYTHONPYCACHEPREFIX``, even under ``PYTHONDONTWRITEBYTECODE``; the
    first run compiles them). False: the environment decides — with
    ``PYTHONDONTWRITEBYTECODE`` every run compiles every module from source again."""

    def once(tree: str | None, cache: str) -> dict[str, Any] | None:
        env = {**os.environ, "NLU_CACHE_DIR": cache}
        env.pop("NLU_CACHE", None)
        if bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache + "-pyc"
        if tree is not None:
            env.pop("PYTHONPATH", None)
        try:
            proc = subprocess.run([sys.executable, "-c", STARTUP_CODE], capture_output=True, text=True, env=env,
                                  cwd=tree, timeout=timeout, check=False)
            return json.loads(proc.stdout.strip().splitlines()[-1])
        except (subprocess.TimeoutExpired, ValueError, IndexError):
            return None

    out = []
    with tempfile.TemporaryDirectory(prefix="nlu-bench-startup-") as tmp:
        caches = [os.path.join(tmp, str(i)) for i in range(len(trees))]
        first = [once(tree, cache) for tree, cache in zip(trees, caches)]
        samples: list[list[dict[str, Any]]] = [[] for _ in trees]
        failures = [int(f is None) for f in first]
        for _ in range(max(1, runs)):
            for i, (tree, cache) in enumerate(zip(trees, caches)):
                got = once(tree, cache)
                if got is None:
                    failures[i] += 1
                else:
                    samples[i].append(got)
        for tree, f, got, failed in zip(trees, first, samples, failures):
            entry: dict[str, Any] = {"tree": tree or os.getcwd(), "nlu": (got[0] if got else f or {}).get("nlu"),
                                     "runs": len(got), "failures": failed,
                                     "bytecode": "kept" if bytecode or not os.environ.get("PYTHONDONTWRITEBYTECODE")
                                     else "compiled from source every run"}
            for step in STARTUP_STEPS:
                values = [g[step] for g in got]
                entry[step] = round(statistics.median(values), 4) if values else None
                entry[f"{step}_runs"] = [round(v, 4) for v in values]
            entry["empty_cache"] = {step: round(f[step], 4) for step in STARTUP_STEPS} if f else None
            out.append(entry)
    return out


# ---- all cores: module-level functions so the pool can pickle them
_worker_pipeline = None
_worker_barrier = None


def _worker_init(barrier) -> None:
    global _worker_pipeline, _worker_barrier
    # lazy: only this path needs it, keeps import light; breaks no cycle
    import nlu

    _worker_pipeline = nlu.Pipeline()
    _worker_pipeline.warm_up()
    _worker_barrier = barrier
    _worker_pipeline.understand("查询 AGV-01 当前状态", reference_time=REFERENCE_TIME)


def _worker_ready(_: int) -> int:
    """Blocks until every worker has started, so each worker takes exactly one of these."""
    if _worker_barrier is not None:
        try:
            _worker_barrier.wait(timeout=120)
        except Exception:  # noqa: BLE001 - a broken barrier only makes the timing less clean
            pass
    return os.getpid()


def _worker_chunk(items: list[tuple[str, str]]) -> tuple[int, int, float]:
    errors = 0
    for text, source in items:
        try:
            _worker_pipeline.understand(text, source=source, reference_time=REFERENCE_TIME)
        except Exception:  # noqa: BLE001
            errors += 1
    return len(items), errors, _rss_mb()


def _mp_context():
    methods = mp.get_all_start_methods()
    # a clean interpreter per worker, so its RSS is its own and not the parent's copy
    return mp.get_context("forkserver" if "forkserver" in methods else "spawn")


def measure_pool(corpus: Sequence[Utterance], workers: int | None = None, *, chunk_size: int = 50,
                 progress: Progress | None = None) -> dict[str, Any]:
    workers = max(1, workers or os.cpu_count() or 1)
    ctx = _mp_context()
    barrier = ctx.Barrier(workers)
    items = [(u.text, u.source) for u in corpus]
    chunks = [items[i:i + chunk_size] for i in range(0, len(items), chunk_size)]
    t_pool = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init,
                             initargs=(barrier,)) as pool:
        pids = set(pool.map(_worker_ready, range(workers)))
        ready_s = time.perf_counter() - t_pool
        t0 = time.perf_counter()
        done = errors = 0
        rss: list[float] = []
        for n, e, r in pool.map(_worker_chunk, chunks):
            done += n
            errors += e
            rss.append(r)
            if progress is not None:
                progress(n)
        wall = time.perf_counter() - t0
    return {
        "workers": workers,
        "distinct_workers_ready": len(pids),
        "start_method": ctx.get_start_method(),
        "startup_s": round(ready_s, 3),
        "wall_s": round(wall, 3),
        "utt_per_s": round((done - errors) / wall, 1) if wall > 0 else None,
        "errors": errors,
        "worker_peak_rss_mb": max(rss) if rss else None,
        "children_rusage_rss_mb": _rss_mb(resource.RUSAGE_CHILDREN),
    }


# --------------------------------------------------------------------------------------
# the whole run
# --------------------------------------------------------------------------------------
def _dig(report: dict, path: Sequence[str]):
    cur: Any = report
    for key in path:
        if not isinstance(cur, dict) or key not in cur:
            return None
        cur = cur[key]
    return cur


def evaluate_targets(report: dict) -> list[dict[str, Any]]:
    out = []
    for key, label, path, op, target, unit in TARGETS:
        value = _dig(report, path)
        met = None if value is None else (value <= target if op == "<=" else value >= target)
        out.append({"key": key, "label": label, "value": value, "target": f"{op} {target:g} {unit}",
                    "unit": unit, "met": met})
    return out


def run_benchmark(corpus: Sequence[Utterance], *, workers: int | None = None, cold_runs: int = 5,
                  pool: bool = True, progress_factory: Callable[[str, int], Any] | None = None,
                  seed: int | None = None, quick: bool = False, repeat: int = 0) -> dict[str, Any]:
    """Run every measurement over ``corpus``; returns the JSON-able report."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    import nlu

    def bar(desc: str, total: int):
        return progress_factory(desc, total) if progress_factory else None

    load_before = _loadavg()
    t_build = time.perf_counter()
    pipeline = nlu.Pipeline()
    build_s = time.perf_counter() - t_build
    pipeline.warm_up()  # lazy models loaded before timing: no timed call overlaps their background load
    warm_up(pipeline, corpus)

    host_before = host_reference_ms()
    b = bar("single process", len(corpus))
    single = measure_single(pipeline, corpus, b.update if b else None)
    host_after = host_reference_ms()
    if b:
        b.close()
    best = None
    if repeat > 0:
        b = bar(f"best of {repeat}", len(corpus) * repeat)
        best = measure_best_of(pipeline, corpus, repeat, b.update if b else None)
        if b:
            b.close()
    rss_self = _rss_mb()

    cold = measure_cold_start(cold_runs)
    startup = measure_startup(cold_runs)[0]  # modules' bytecode kept, as installed

    multi = None
    if pool:
        b = bar(f"{workers or os.cpu_count()} processes", len(corpus))
        multi = measure_pool(corpus, workers, progress=b.update if b else None)
        if b:
            b.close()

    cpus = os.cpu_count() or 1
    rss_candidates = [rss_self] + ([multi["worker_peak_rss_mb"]] if multi and multi["worker_peak_rss_mb"] else [])
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "config": {"n": len(corpus), "seed": seed, "quick": quick, "cpu_count": cpus,
                   "workers": multi["workers"] if multi else None, "cold_runs": cold_runs, "repeat": repeat,
                   "reference_time": REFERENCE_TIME.isoformat()},
        "environment": {"python": platform.python_version(), "implementation": platform.python_implementation(),
                        "platform": platform.platform(), "machine": platform.machine(),
                        "nlu_version": getattr(nlu, "__version__", None),
                        # other load on the machine inflates every figure; keep it with them
                        "load_average": {"before": load_before, "after": _loadavg()},
                        "host_reference_ms": {"before": host_before, "after": host_after}},
        "corpus": summarize(corpus),
        "pipeline_build_s": round(build_s, 4),
        "latency_ms": {"end_to_end": single["end_to_end"], "stage_groups": single["stage_groups"], "stages": single["stages"]},
        "latency_best_of_ms": best,
        "stage_status": single["stage_status"],
        "cold_start_s": cold,
        "startup_s": startup,
        "throughput": {
            "single_process_utt_per_s": single["utt_per_s"],
            "single_process_wall_s": single["wall_s"],
            "single_process_utt_per_cpu_s": single["utt_per_cpu_s"],
            "all_cores_utt_per_s": multi["utt_per_s"] if multi else None,
            "all_cores_wall_s": multi["wall_s"] if multi else None,
            "workers": multi["workers"] if multi else None,
            # per core: one process on one core (see also pool_per_worker_utt_per_s)
            "per_core_utt_per_s": single["utt_per_s"],
            "pool_per_worker_utt_per_s": (round(multi["utt_per_s"] / multi["workers"], 1)
                                          if multi and multi["utt_per_s"] else None),
            "pool": multi,
        },
        "peak_rss_mb": {"single_process": rss_self,
                        "workers_max": multi["worker_peak_rss_mb"] if multi else None,
                        "children": multi["children_rusage_rss_mb"] if multi else _rss_mb(resource.RUSAGE_CHILDREN),
                        "max": max(rss_candidates)},
        "errors": single["errors"] + (multi["errors"] if multi else 0),
    }
    report["targets"] = evaluate_targets(report)
    return report


# --------------------------------------------------------------------------------------
# presentation
# --------------------------------------------------------------------------------------
def _fmt(v: Any, digits: int = 2) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    return str(v)


def print_report(report: dict, console=None) -> None:
    # lazy: optional extra
    from rich.console import Console
    # lazy: optional extra
    from rich.table import Table

    console = console or Console()
    cfg = report["config"]
    console.print(f"[bold]nlu bench[/bold]  n={cfg['n']} seed={cfg['seed']} cpus={cfg['cpu_count']} "
                  f"python={report['environment']['python']}  pipeline build {report['pipeline_build_s']:.2f}s")

    lat = Table(title="Latency per call, ms: P50 / P95 / P99", show_lines=False)
    lat.add_column("stage", no_wrap=True)
    lengths = report["corpus"]["length_chars"]
    for b in LENGTH_BUCKETS:
        mean = (lengths.get(str(b)) or {}).get("mean")
        lat.add_column(f"≈{b} chars" + (f" (n̄={mean:.0f})" if mean else ""), justify="right", no_wrap=True)
    rows = [("end-to-end", report["latency_ms"]["end_to_end"])] + list(report["latency_ms"].get("stage_groups", {}).items()) \
        + list(report["latency_ms"]["stages"].items())
    for name, per_bucket in rows:
        cells = []
        for b in LENGTH_BUCKETS:
            d = per_bucket.get(str(b)) or {}
            cells.append(" / ".join(_fmt(d.get(q), 2) for q in ("p50", "p95", "p99")) if d.get("n") else "skipped")
        lat.add_row(f"[bold]{name}[/bold]" if name == "end-to-end" else name, *cells)
    console.print(lat)
    best = report.get("latency_best_of_ms")
    if best:
        bt = Table(title=f"Latency, each utterance's fastest of {best['repeat']} calls, ms: P50 / P95 / P99 "
                         "(the code's own cost, with the host's drift taken out)")
        bt.add_column("stage", no_wrap=True)
        for b in LENGTH_BUCKETS:
            bt.add_column(f"≈{b} chars", justify="right", no_wrap=True)
        for name, per_bucket in [("end-to-end", best["end_to_end"])] + list(best["stage_groups"].items()):
            bt.add_row(name, *(" / ".join(_fmt((per_bucket.get(str(b)) or {}).get(q), 2) for q in ("p50", "p95", "p99"))
                               if (per_bucket.get(str(b)) or {}).get("n") else "skipped" for b in LENGTH_BUCKETS))
        console.print(bt)

    tgt = Table(title="Targets (report only; per call, first pass)")
    tgt.add_column("figure")
    tgt.add_column("measured", justify="right")
    tgt.add_column("target", justify="right")
    tgt.add_column("")
    for t in report["targets"]:
        mark = "[green]met[/green]" if t["met"] else ("[red]not met[/red]" if t["met"] is False else "n/a")
        tgt.add_row(t["label"], f"{_fmt(t['value'])} {t['unit']}", t["target"], mark)
    console.print(tgt)

    thr = report["throughput"]
    cold = report["cold_start_s"]
    rss = report["peak_rss_mb"]
    other = Table(title="Other figures")
    other.add_column("figure")
    other.add_column("value", justify="right")
    other.add_row("throughput, 1 process", f"{_fmt(thr['single_process_utt_per_s'], 1)} utt/s")
    other.add_row(f"throughput, {thr['workers']} processes", f"{_fmt(thr['all_cores_utt_per_s'], 1)} utt/s")
    other.add_row("cold start median (import+1st call)", f"{_fmt(cold['median'], 3)} s")
    other.add_row("cold start, empty pack cache", f"{_fmt(cold['fresh_cache'], 3)} s")
    other.add_row("cold start, whole process (median)", f"{_fmt(cold['process_wall_median'], 3)} s")
    st = report.get("startup_s")
    if st:
        other.add_row("import → warm pipeline (median: import / Pipeline() / warm_up())",
                      f"{_fmt(st['import_to_warm'], 3)} s ({_fmt(st['import'], 3)} / {_fmt(st['construct'], 3)} / "
                      f"{_fmt(st['warm_up'], 3)})")
        empty = st.get("empty_cache") or {}
        other.add_row("import → warm pipeline, empty start-up cache", f"{_fmt(empty.get('import_to_warm'), 3)} s")
    other.add_row("peak RSS, this process", f"{_fmt(rss['single_process'], 1)} MB")
    other.add_row("peak RSS, largest worker", f"{_fmt(rss['workers_max'], 1)} MB")
    other.add_row("throughput, 1 process, per CPU-second", f"{_fmt(thr.get('single_process_utt_per_cpu_s'), 1)} utt/s")
    load = report["environment"].get("load_average")
    if load:
        before, after = (load.get("before") or [None])[0], (load.get("after") or [None])[0]
        other.add_row("load average (1 min) before / after", f"{before} / {after} on {cfg['cpu_count']} CPUs")
    host = report["environment"].get("host_reference_ms")
    if host:
        other.add_row("host reference workload before / after (lower = faster host)",
                      f"{host.get('before')} / {host.get('after')} ms")
    if report.get("errors"):
        other.add_row("[red]calls that raised[/red]", str(report["errors"]))
    console.print(other)


def print_startup(entries: Sequence[dict[str, Any]], console=None) -> None:
    """The start-up figures of `measure_startup`, one column per tree."""
    # lazy: optional extra
    from rich.console import Console
    # lazy: optional extra
    from rich.table import Table

    console = console or Console()
    t = Table(title="Start-up, seconds: median of fresh interpreters, start-up cache warm (empty: its first run); "
                    f"bytecode {entries[0]['bytecode'] if entries else ''}")
    t.add_column("step")
    for e in entries:
        t.add_column(f"{e['tree']}\n({e['runs']} runs" + (f", {e['failures']} failed" if e["failures"] else "") + ")",
                     justify="right")
    labels = {"import": "import nlu", "construct": "Pipeline()", "warm_up": "warm_up()", "first_call": "first call",
              "import_to_warm": "import → warm pipeline", "total": "import → first answer",
              "process_cpu": "whole process, CPU"}
    for step in STARTUP_STEPS:
        t.add_row(labels[step], *(_fmt(e[step], 3) for e in entries))
    t.add_row("import → warm pipeline, empty cache",
              *(_fmt((e.get("empty_cache") or {}).get("import_to_warm"), 3) for e in entries))
    target = next(x for x in TARGETS if x[0] == "startup")
    t.add_row(f"target import → warm ≤ {target[4]} s",
              *("[green]met[/green]" if e["import_to_warm"] is not None and e["import_to_warm"] <= target[4]
                else "[red]not met[/red]" for e in entries))
    console.print(t)
    load = _loadavg()
    if load:
        console.print(f"load average now: {load} on {os.cpu_count()} CPUs")

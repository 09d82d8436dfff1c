"""Benchmark of `nlu batch` (issue 16): lines/s and peak RSS over N generated log lines.

    python eval/batch_bench.py                      # 1,000,000 lines: local 1 and 2 workers, Dask 2 workers
    python eval/batch_bench.py --n 200000 --configs local1,dask2 --json eval/reports/batch-bench.json

The input is JSONL (`id`, `text`, `source`) cycling a pool of distinct utterances from the
deterministic benchmark corpus (`nlu.bench.corpus`, seed 0). Each configuration runs the real
command (`python -m nlu batch … --no-timings`) in a fresh process; the whole process tree is
sampled from /proc every 0.2 s (Linux only). Reported: wall time (start-up included),
lines/s = N / wall, the parent's peak RSS (VmHWM: the figure that must stay flat in N), the
largest worker's peak RSS and the peak of the tree's summed RSS. The output's record count is
checked against N, and the output is deleted after each run (≈12 KB per line). Also reported: the
CPU seconds of the whole tree (lines per CPU second) and the 1-minute load average, because on a
shared machine wall-clock throughput says more about the neighbours than about the code (with
the kernel's autogroup scheduling, all processes of one session share one session's slice).

"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REFERENCE_TIME = "2026-03-15T10:30:00+08:00"
CONFIGS = {"local1": ("local", 1), "local2": ("local", 2), "dask2": ("dask", 2)}


def write_input(path: Path, n: int, pool_size: int) -> None:
    from nlu.bench.corpus import generate

    pool = [(u.text.replace("\n", " "), u.source) for u in generate(min(n, pool_size), seed=0)]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            text, source = pool[i % len(pool)]
            fh.write(json.dumps({"id": f"L{i}", "text": text, "source": source}, ensure_ascii=False) + "\n")


def _status_kb(pid: int, key: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, []))
    return out


class Sampler(threading.Thread):
    """Peak RSS of a process tree, sampled until the root exits."""

    def __init__(self, root: int) -> None:
        super().__init__(daemon=True)
        self.root = root
        self.parent_hwm = self.worker_hwm = self.tree_peak = 0
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            pids = _tree(self.root)
            self.parent_hwm = max(self.parent_hwm, _status_kb(self.root, "VmHWM"))
            self.worker_hwm = max([self.worker_hwm] + [_status_kb(p, "VmHWM") for p in pids if p != self.root])
            self.tree_peak = max(self.tree_peak, sum(_status_kb(p, "VmRSS") for p in pids))
            time.sleep(0.2)


def _children_cpu() -> float:
    """CPU seconds of all waited-for descendants so far (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def count_records(out: Path) -> int:
    from nlu.batch import iter_output

    if out.is_dir():
        return sum(1 for _ in iter_output(out))
    n = 0
    with out.open("rb") as fh:
        while block := fh.read(1 << 24):
            n += block.count(b"\n")
    return n


def run_config(name: str, src: Path, work: Path, n: int, partition_size: int) -> dict:
    engine, workers = CONFIGS[name]
    out = work / f"out-{name}" if engine == "dask" else work / f"out-{name}.jsonl"
    for stale in (out, out.with_name(out.name + ".partial"), out.with_name(out.name + ".partial.progress")):
        shutil.rmtree(stale, ignore_errors=True) if stale.is_dir() else stale.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "nlu", "batch", str(src), str(out), "--workers", str(workers), "--no-timings",
           "--reference-time", REFERENCE_TIME, "--quiet"]
    if engine == "dask":
        cmd += ["--engine", "dask", "--partition-size", str(partition_size)]
    cpu_before = _children_cpu()
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    sampler = Sampler(proc.pid)
    sampler.start()
    _, stderr = proc.communicate()
    wall = time.perf_counter() - started
    sampler.stop.set()
    sampler.join()
    cpu = _children_cpu() - cpu_before
    records = count_records(out) if proc.returncode in (0, 3) else None
    shutil.rmtree(out, ignore_errors=True) if out.is_dir() else out.unlink(missing_ok=True)
    return {"config": name, "engine": engine, "workers": workers, "n": n, "exit": proc.returncode,
            "records": records, "wallS": round(wall, 1), "linesPerS": round(n / wall, 1),
            "cpuS": round(cpu, 1), "linesPerCpuS": round(n / cpu, 1) if cpu else None,
            "loadAvg1m": round(os.getloadavg()[0], 2),
            "parentPeakRssMB": round(sampler.parent_hwm / 1024, 1), "workerPeakRssMB": round(sampler.worker_hwm / 1024, 1),
            "treePeakRssMB": round(sampler.tree_peak / 1024, 1), "stderrTail": stderr.strip().splitlines()[-2:]}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=1_000_000, help="generated lines (default 1,000,000)")
    p.add_argument("--configs", default="local1,local2,dask2", help=f"comma list of {', '.join(CONFIGS)}")
    p.add_argument("--pool", type=int, default=20_000, help="distinct utterances the lines cycle through")
    p.add_argument("--partition-size", type=int, default=20_000, help="records per Dask partition")
    p.add_argument("--workdir", default=None, help="where input and outputs go (default: a temporary folder)")
    p.add_argument("--json", dest="json_out", default=None, help="also write the figures as JSON here")
    args = p.parse_args(argv)
    work = Path(args.workdir or tempfile.mkdtemp(prefix="nlu-batch-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    src = work / f"input-{args.n}.jsonl"
    if not src.exists():
        t = time.perf_counter()
        write_input(src, args.n, args.pool)
        print(f"generated {args.n:,} lines ({src.stat().st_size / 2**20:.0f} MiB) in {time.perf_counter() - t:.0f} s",
              file=sys.stderr)
    results = []
    for name in args.configs.split(","):
        r = run_config(name.strip(), src, work, args.n, args.partition_size)
        results.append(r)
        print(f"{r['config']:7} exit {r['exit']}  records {r['records']}/{args.n}  {r['wallS']:8.1f} s  "
              f"{r['linesPerS']:8.1f} lines/s  {r['cpuS']:7.1f} CPU s ({r['linesPerCpuS']} lines/CPU s)  "
              f"load {r['loadAvg1m']}  parent peak {r['parentPeakRssMB']:6.1f} MB  "
              f"largest worker {r['workerPeakRssMB']:6.1f} MB  tree peak {r['treePeakRssMB']:7.1f} MB", flush=True)
        if r["exit"] not in (0, 3):
            print("  failed: " + " | ".join(r["stderrTail"]), flush=True)

    if args.json_out:
        Path(args.json_out).write_text(json.dumps({"host": platform.node(), "cpus": os.cpu_count(),
                                                   "python": platform.python_version(), "results": results},
                                                  indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0 if all(r["exit"] in (0, 3) and r["records"] == args.n for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Stopped mid-run (SIGINT, SIGTERM, SIGKILL), then `--resume`: the same records as one
uninterrupted run, none lost or duplicated, and no worker process left behind."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.batch.conftest import REF, run_batch

N = 1000
COMMON = ("--workers", "2", "--chunk-size", "32", "--no-timings", "--reference-time", REF)


def _children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited; only its parent's bookkeeping is left


def _wait(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


@pytest.fixture(scope="module")
def job(tmp_path_factory):
    root = tmp_path_factory.mktemp("interrupt")
    src = root / "in.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for i in range(N):
            fh.write(json.dumps({"id": f"r{i}", "text": f"查询 AGV-{i % 90 + 10:02d} 第{i}号任务的状态"},
                                ensure_ascii=False) + "\n")
    reference = root / "reference.jsonl"
    r = run_batch(str(src), str(reference), *COMMON)
    assert r.returncode == 0, r.stderr
    return src, reference.read_bytes()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the worker processes")
@pytest.mark.parametrize("sig, code", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGKILL, -9)])
def test_stop_then_resume_gives_the_uninterrupted_records(tmp_path, job, sig, code):
    src, reference = job
    out = tmp_path / "out.jsonl"
    progress = tmp_path / "out.jsonl.partial.progress"
    with (tmp_path / "stderr").open("w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "nlu", "batch", str(src), str(out), *COMMON, "--quiet"],
                                stderr=err)
        try:
            assert _wait(lambda: progress.exists() and json.loads(progress.read_text())["records"] >= 64, 120)
            workers = _children(proc.pid)
            assert len(workers) >= 2, workers  # the two workers (and possibly a queue helper)
            proc.send_signal(sig)
            assert proc.wait(timeout=60) == code, (tmp_path / "stderr").read_text()
        finally:
            if proc.poll() is None:
                proc.kill()
    assert _wait(lambda: not any(_alive(pid) for pid in workers), 10), [p for p in workers if _alive(p)]
    assert not out.exists()  # only a complete output gets the final name
    state = json.loads(progress.read_text())
    assert 64 <= state["records"] < N  # stopped mid-run
    r = run_batch(str(src), str(out), *COMMON, "--resume")
    assert r.returncode == 0, r.stderr
    assert "resuming" in r.stderr
    data = out.read_bytes()
    lines = [json.loads(line)["line"] for line in data.splitlines()]
    assert lines == list(range(1, N + 1))  # none lost, none twice
    assert data == reference
    assert not progress.exists() and not (tmp_path / "out.jsonl.partial").exists()


def test_resume_refuses_a_changed_input(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("查询 AGV-01\n", encoding="utf-8")
    out = tmp_path / "o.jsonl"
    (tmp_path / "o.jsonl.partial").write_bytes(b"")
    (tmp_path / "o.jsonl.partial.progress").write_text(json.dumps({"fingerprint": {"input": "elsewhere"}}))
    r = run_batch(str(src), str(out), "--resume")
    assert r.returncode == 2 and "E406" in r.stderr and "input" in r.stderr
    assert os.path.getsize(tmp_path / "o.jsonl.partial") == 0

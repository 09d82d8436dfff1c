"""ShadowRunner: sampling, bounded work, timeout, cancellation, errors that never reach the caller."""
from __future__ import annotations

import json
import math
import random
import threading
import time

import pytest

from nlu.errors import InputError
from nlu.pipeline import FeatureFlags, Pipeline, Stage
from nlu.shadow import ShadowRunner


class Keep:
    def decide(self, draft):
        pass


class Gate(Stage):
    """Blocks until released: a candidate that is busy for as long as the test wants."""

    name = "srl"
    capability = "srl"

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()

    def run(self, draft):
        self.started.set()
        self.release.wait(5)


class Sleepy(Stage):
    name = "coreference"
    capability = "coreference"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds

    def run(self, draft):
        time.sleep(self.seconds)


class Ran(Stage):
    """Records that it ran: the stage after the slow one must not run once stopped."""

    name = "route"
    capability = "route"

    def __init__(self) -> None:
        self.count = 0

    def run(self, draft):
        self.count += 1


class Raising:
    def understand(self, text, **kw):
        raise RuntimeError("candidate bug")


def _binomial_two_sided_p(k: int, n: int, p: float) -> float:
    """Exact two-sided binomial test (sum of outcomes no likelier than k), in log space."""
    def logpmf(i: int) -> float:
        return math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * math.log(p) + (n - i) * math.log1p(-p)

    ref = logpmf(k)
    return min(1.0, sum(math.exp(logpmf(i)) for i in range(n + 1) if logpmf(i) <= ref + 1e-9))


def test_sampling_follows_the_rate_binomial_test():
    n, rate = 20_000, 0.05
    runner = ShadowRunner(sample_rate=rate, pipeline=Raising(), rng=random.Random(20261201))
    # a pipeline that always raises is fine here: only the sampling decision is counted
    accepted = sum(runner.submit("查询 AGV-01 当前状态") for _ in range(n))
    stats = runner.stats
    runner.close()
    sampled = n - stats.get("sampled_out", 0)
    assert accepted + stats.get("dropped_busy", 0) == sampled
    p_value = _binomial_two_sided_p(sampled, n, rate)
    print(f"sampled {sampled}/{n} at rate {rate}: two-sided binomial p = {p_value:.3f}")
    assert p_value > 0.001
    # and a wrong rate is rejected by the same test (it has the power to fail)
    assert _binomial_two_sided_p(sampled, n, 0.06) < 0.001
    assert _binomial_two_sided_p(sampled, n, 0.04) < 0.001


def test_rate_zero_and_one_and_bad_arguments():
    with ShadowRunner(sample_rate=0.0, pipeline=Raising()) as none:
        assert not any(none.submit("x") for _ in range(200))
        assert none.stats["sampled_out"] == 200
    with pytest.raises(InputError, match="E112"):
        ShadowRunner(sample_rate=1.5)
    with pytest.raises(InputError, match="E112"):
        ShadowRunner(max_concurrency=0)
    with pytest.raises(InputError, match="E112"):
        ShadowRunner(sink=42)


def test_busy_runner_drops_and_counts_and_never_blocks():
    gate = Gate()
    pipe = Pipeline([gate], policy=Keep())
    runner = ShadowRunner(sample_rate=1.0, max_concurrency=1, queue_size=0, pipeline=pipe)
    try:
        assert runner.submit("第一句") is True
        assert gate.started.wait(5)
        t0 = time.perf_counter()
        results = [runner.submit(f"第{i}句") for i in range(50)]
        elapsed = time.perf_counter() - t0
        assert results == [False] * 50
        assert runner.stats["dropped_busy"] == 50
        assert elapsed < 0.05, f"50 dropped submits took {elapsed * 1000:.1f} ms"
    finally:
        gate.release.set()
        runner.wait_idle(5)
        runner.close()
    assert runner.stats["completed"] == 1


def test_bounded_queue_holds_at_most_its_size():
    gate = Gate()
    runner = ShadowRunner(sample_rate=1.0, max_concurrency=1, queue_size=2, pipeline=Pipeline([gate], policy=Keep()))
    try:
        assert runner.submit("a")
        assert gate.started.wait(5)
        assert [runner.submit(x) for x in "bcde"] == [True, True, False, False]
    finally:
        gate.release.set()
        runner.wait_idle(5)
        runner.close()
    assert runner.stats["completed"] == 3 and runner.stats["dropped_busy"] == 2


def test_timeout_stops_the_candidate():
    ran = Ran()
    pipe = Pipeline([Sleepy(0.12), ran], policy=Keep())
    records = []
    with ShadowRunner(sample_rate=1.0, timeout_ms=40, pipeline=pipe, sink=records.append) as runner:
        assert runner.submit("查询 AGV-01 当前状态")
        assert runner.wait_idle(5)
        assert runner.stats["timeout"] == 1
    assert ran.count == 0  # the stage after the budget ran out never ran
    assert records[0]["outcome"] == "timeout" and records[0]["result"] == "fallback"
    assert records[0]["fallback_reason"] == "timeout"


def test_cancel_event_stops_the_candidate():
    gate, ran = Gate(), Ran()
    pipe = Pipeline([gate, ran], policy=Keep())
    turn_done = threading.Event()
    records = []
    with ShadowRunner(sample_rate=1.0, pipeline=pipe, sink=records.append) as runner:
        assert runner.submit("查询 AGV-01 当前状态", cancel=turn_done)
        assert gate.started.wait(5)
        turn_done.set()  # the turn finished: the candidate stops at the next stage
        gate.release.set()
        assert runner.wait_idle(5)
        stats = runner.stats
    assert stats["cancelled"] == 1 and ran.count == 0
    assert records[0]["outcome"] == "cancelled"


def test_cancelled_before_start_is_not_run():
    gate = Gate()
    ran = Ran()
    runner = ShadowRunner(sample_rate=1.0, queue_size=1, pipeline=Pipeline([gate, ran], policy=Keep()))
    done = threading.Event()
    assert runner.submit("a")
    assert gate.started.wait(5)
    assert runner.submit("b", cancel=done)
    done.set()
    gate.release.set()
    runner.wait_idle(5)
    runner.close()
    assert runner.stats["cancelled"] == 1 and runner.stats["completed"] == 1 and ran.count == 1


def test_candidate_that_raises_is_counted_and_never_propagates(caplog):
    records = []
    with ShadowRunner(sample_rate=1.0, pipeline=Raising(), sink=records.append) as runner:
        assert runner.submit("查询 AGV-01 当前状态") is True
        runner.wait_idle(5)
        assert runner.stats["error"] == 1
    assert records and records[0]["outcome"] == "error" and records[0]["decision"] == "none"
    assert "W311" in caplog.text and "candidate bug" not in caplog.text


def test_sink_that_raises_is_counted():
    def broken(record):
        raise OSError("disk full")

    with ShadowRunner(sample_rate=1.0, pipeline=Pipeline([], policy=Keep()), sink=broken) as runner:
        runner.submit("查询")
        runner.wait_idle(5)
        assert runner.stats["sink_error"] == 1 and runner.stats["completed"] == 1


def test_closed_runner_accepts_nothing():
    runner = ShadowRunner(sample_rate=1.0, pipeline=Pipeline([], policy=Keep()))
    runner.close()
    assert runner.submit("查询") is False and runner.stats["dropped_closed"] == 1


def test_jsonl_sink_rotates_by_size(tmp_path):
    path = tmp_path / "shadow.jsonl"
    with ShadowRunner(sample_rate=1.0, pipeline=Pipeline([], policy=Keep()), sink=str(path),
                      max_bytes=2_000, backups=2, queue_size=100) as runner:
        for _ in range(40):
            assert runner.submit("查询")
        runner.wait_idle(5)
    files = sorted(p.name for p in tmp_path.iterdir())
    # rotated at least twice, at most two backups kept (the live file is absent right after a rotation)
    assert {"shadow.jsonl.1", "shadow.jsonl.2"} <= set(files) <= {"shadow.jsonl", "shadow.jsonl.1", "shadow.jsonl.2"}
    assert all(p.stat().st_size < 2_000 + 600 for p in tmp_path.iterdir())
    lines = [json.loads(x) for p in tmp_path.iterdir() for x in p.read_text(encoding="utf-8").splitlines()]
    turns = [r for r in lines if r.get("kind") != "runner"]
    assert turns and all(r["outcome"] == "completed" for r in turns)
    # the runner's counts, written at close, after the last turn
    (counts,) = [r for r in lines if r.get("kind") == "runner"]
    assert counts["offered"] == counts["accepted"] == counts["completed"] == 40 and counts["dropped_busy"] == 0


def test_caller_result_is_untouched_by_shadow():
    """The caller's own pipeline result is identical with a shadow runner beside it."""
    pipe = Pipeline(budget_ms=60_000)
    text = "查询 AGV-01 当前状态"
    before = pipe.understand(text, request_id="r1", reference_time="2026-03-15T10:30:00+08:00")
    with ShadowRunner(sample_rate=1.0, pipeline=pipe) as runner:
        runner.submit(text, control={"template": "status", "domain": "agv"})
        after = pipe.understand(text, request_id="r1", reference_time="2026-03-15T10:30:00+08:00")
        runner.wait_idle(5)
    strip = lambda r: {**r.model_dump(), "diagnostics": [d["stage"] for d in r.model_dump()["diagnostics"]]}  # noqa: E731
    assert strip(before) == strip(after)


def test_process_isolation_runs_the_candidate_in_a_child_and_counts_it_here():
    from telemetry_reader import in_memory_reader, points

    records = []
    with in_memory_reader() as reader:
        with ShadowRunner(sample_rate=1.0, isolation="process", sink=records.append, queue_size=4) as runner:
            assert runner.submit("查询 AGV-01 当前状态", control={"template": "status", "domain": "agv"})
            assert runner.submit("全年检休抱表", source="asr", reference_time="2026-03-15T10:30:00+08:00")
            assert runner.wait_idle(120)
            assert runner.stats["completed"] == 2
        pts = points(reader)
    assert [(r["route_before"], r["route_after"]) for r in records] == [("status", "status"), ("none", "report")]
    assert sum(v for name, _, v in pts if name == "nlu.requests") == 2  # the child's calls, counted in this process
    with pytest.raises(InputError, match="E112"):
        ShadowRunner(isolation="process", pipeline=Raising())  # a given pipeline object runs in this process


def test_unknown_control_labels_warn_once_and_are_flagged(caplog):
    records = []
    with ShadowRunner(sample_rate=1.0, pipeline=Pipeline([], policy=Keep()), sink=records.append) as runner:
        assert runner.submit("查询", control={"template": "status_query", "domain": "agv"})
        assert runner.submit("查询", control={"template": "status_query", "domain": "agv"})
        assert runner.submit("查询", control={"template": "查询 AGV-01 的状态"})  # text by mistake: never logged
        assert runner.submit("查询", control={"template": "status", "domain": "rail", "tenant": "x"})
        assert runner.submit("查询", control={"template": "other", "domain": "none"})  # allowed: no warning
        assert runner.wait_idle(5)
        assert runner.stats["unknown_control"] == 4
    w314 = [r.getMessage() for r in caplog.records if r.getMessage().startswith("W314")]
    assert len(w314) == 3, w314  # one per distinct problem
    assert "control template 'status_query' is not one of status, count, list" in w314[0]
    assert "<str of length 13>" in w314[1] and "AGV-01" not in caplog.text
    assert "control key 'tenant' is not one of template, domain" in w314[2]
    assert [r["route_before"] for r in records] == ["other", "other", "other", "status", "other"]
    assert [r.get("control_unknown", False) for r in records] == [True, True, True, True, False]


def test_unknown_control_labels_refused_when_asked():
    with ShadowRunner(sample_rate=1.0, pipeline=Pipeline([], policy=Keep()), unknown_labels="refuse") as runner:
        with pytest.raises(InputError, match=r"^\[E113\] shadow: control domain 'metro' is not one of agv, rail, none, other") as err:
            runner.submit("查询", control={"template": "status", "domain": "metro"})
        assert err.value.code == "E113"
        assert runner.submit("查询", control={"template": "status", "domain": "rail"})
        assert runner.wait_idle(5)
    with pytest.raises(InputError, match="E112"):
        ShadowRunner(unknown_labels="ignore")


_ONE_TURN = """
import os, sys
from nlu.pipeline import Pipeline, FeatureFlags
r = Pipeline(flags=FeatureFlags.from_env()).understand("查询 AGV-01 当前状态")
print(r.decision.reason_codes)
"""


def test_shadow_phase_process_flushes_its_record_at_exit(tmp_path):
    """NLU_PHASE=shadow, one turn, exit: the record is in the sink (atexit waits, bounded)."""
    import os
    import subprocess
    import sys

    sink = tmp_path / "shadow.jsonl"
    env = {**os.environ, "NLU_PHASE": "shadow", "NLU_SHADOW_SAMPLE_RATE": "1", "NLU_SHADOW_SINK": str(sink),
           "NLU_SHADOW_EXIT_WAIT_MS": "60000"}  # generous: a loaded host; the test is not timed
    proc = subprocess.run([sys.executable, "-c", _ONE_TURN], env=env, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr
    assert "phase_shadow" in proc.stdout  # the caller got the pass-through
    rows = [json.loads(x) for x in sink.read_text(encoding="utf-8").splitlines()]
    turns = [r for r in rows if r.get("kind") != "runner"]
    assert [r["outcome"] for r in turns] == ["completed"] and turns[0]["route_after"] == "status"
    (counts,) = [r for r in rows if r.get("kind") == "runner"]
    assert counts["offered"] == counts["accepted"] == counts["completed"] == 1


def test_exit_wait_is_bounded(tmp_path):
    """A candidate still busy when the wait runs out is stopped, and the exit is not held up."""
    import subprocess
    import sys

    code = f"""
import threading, time
from nlu.pipeline import Pipeline, Stage
from nlu.shadow import ShadowRunner
class Keep:
    def decide(self, draft): pass
class Stuck(Stage):
    name = "srl"; capability = "srl"
    def run(self, draft): time.sleep(0.3)
runner = ShadowRunner(sample_rate=1.0, timeout_ms=60_000, exit_wait_ms=10, sink={str(tmp_path / "s.jsonl")!r},
                      pipeline=Pipeline([Stuck(), Stuck(), Stuck()], policy=Keep()))
runner.submit("查询")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "W315 shadow: at exit, 1 accepted task(s) not finished within 10 ms" in proc.stderr
    rows = [json.loads(x) for x in (tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()]
    # stopped at its next stage boundary: recorded, not lost, and counted
    assert [r.get("kind", r.get("outcome")) for r in rows] == ["cancelled", "runner"]

"""ShadowRunner: nlu beside production, never in its way (design 17 phase 1).

The pattern is GitHub Scientist's parallel run: the control (today's routing) is always what
the caller uses; the candidate (nlu) runs on a bounded background worker, its errors are
swallowed and counted, its result is reduced to a low-cardinality record and published.

- `submit` never blocks: it samples, takes a slot without waiting and returns at once —
  `False` when sampled out, busy (every slot taken) or closed; a dropped task is counted,
  never queued without bound.
- The candidate runs with a hard budget (`timeout_ms`) and stops at the next stage boundary
  when the caller's `cancel` event is set (turn finished or cancelled) or the runner closes.
  Python cannot kill a thread: a stage stuck past the budget keeps its worker busy, and new
  tasks are dropped as busy meanwhile — never waited for.
- Nothing it does can reach the caller: the caller receives only the bool from `submit`.
- ``isolation="thread"`` (default) runs the candidate on worker threads of this process; its
  stages hand the interpreter lock back before each stage (`nlu.shadow.yielding`).
  ``isolation="process"`` runs each worker's candidate in a child process
  (`nlu.shadow.child`): no shared lock at all, a lower scheduling priority, and a candidate
  stuck past its budget is killed — for hosts whose own turn is CPU-bound Python.
- Control labels (``control={"template": …, "domain": …}``) must be in
  `nlu.shadow.record.CONTROL_LABELS`; an unknown key or label is warned about once (W314)
  and recorded as ``other`` flagged ``control_unknown`` (``unknown_labels="warn"``, the
  default), or refused with E113 (``unknown_labels="refuse"``).
- A path sink also gets the runner's own counts — turns offered, sampled out, accepted,
  dropped as busy — as ``{"kind": "runner", …}`` records (every `STATS_EVERY_S` while it
  works, and at close), so `nlu shadow report` can show the busy-drop rate.
- At interpreter exit every runner still open waits for its accepted tasks, at most
  ``exit_wait_ms`` (``NLU_SHADOW_EXIT_WAIT_MS``, default `DEFAULT_EXIT_WAIT_MS`), then closes:
  a short-lived process does not lose its records.
"""
from __future__ import annotations

import atexit
import logging
import os
import queue
import random
import threading
import time
import uuid
import weakref
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any, Mapping

from nlu import errors, telemetry
from nlu.shadow.record import build_record, comparison_attributes, outcome_of, unknown_control_labels
from nlu.shadow.sink import SinkSpec, make_sink

log = logging.getLogger("nlu.shadow")

W311 = "W311 shadow: the candidate raised %s; counted, not propagated"
W312 = "W312 shadow: the sink raised %s; record dropped"
W314 = "W314 shadow: %s; recorded as 'other' (ShadowRunner(unknown_labels='refuse') refuses it)"
W315 = "W315 shadow: at exit, %d accepted task(s) not finished within %.0f ms; closed without them"

DEFAULT_SAMPLE_RATE = 0.05  # design 17: sample at most 5 %,
DEFAULT_CONCURRENCY = 1     # one at a time on a client,
DEFAULT_TIMEOUT_MS = 1500.0  # hard timeout 1.5 s
# Tasks that may wait for the one worker. 0 dropped 45 % of turns at 100 turns/s with every
# turn sampled; eval/shadow_drops.py measures the choice (docs/shadow.md, "Busy drops").
DEFAULT_QUEUE_SIZE = 16
DEFAULT_EXIT_WAIT_MS = 3000.0  # at interpreter exit: the longest wait for accepted tasks
STATS_EVERY_S = 10.0  # a worker writes the runner's counts at most this often
UNKNOWN_LABELS = ("warn", "refuse")
_MAX_WARNED = 64  # distinct W314 lines per runner: a flood of one mistake must not flood the log

#: the counts a runner record carries
RUNNER_COUNTS = ("offered", "sampled_out", "accepted", "dropped_busy", "dropped_closed", "unknown_control",
                 "completed", "timeout", "cancelled", "error", "sink_error")

_open_runners: "weakref.WeakSet[ShadowRunner]" = weakref.WeakSet()
_exit_hook_lock = threading.Lock()
_exit_hook = False


def _close_at_exit() -> None:
    """atexit: every open runner finishes what it accepted (bounded), writes its counts, closes."""
    for runner in list(_open_runners):
        try:
            runner._close_at_exit()
        except Exception as exc:  # noqa: BLE001 - exit goes on whatever a runner does
            log.warning(W311, type(exc).__name__)


def _register(runner: "ShadowRunner") -> None:
    global _exit_hook
    with _exit_hook_lock:
        if not _exit_hook:
            atexit.register(_close_at_exit)
            _exit_hook = True
        _open_runners.add(runner)


class _Linked(threading.Event):
    """Set when any of its events is: the caller's cancel or the runner's own stop."""

    def __init__(self, *events: threading.Event | None) -> None:
        super().__init__()
        self._events = tuple(e for e in events if e is not None)

    def is_set(self) -> bool:
        return super().is_set() or any(e.is_set() for e in self._events)


@dataclass(frozen=True, slots=True)
class _Task:
    text: str
    control: Mapping[str, Any] | None
    source: str
    reference_time: Any
    cancel: threading.Event | None
    options: Mapping[str, Any]


def _check(name: str, value: Any, ok: bool) -> None:
    if not ok:
        raise errors.InputError("E112", errors.E112.format(problem=f"{name} out of range: {value!r}"))


class ShadowRunner:
    """Runs nlu on a sample of turns off the request path; see the module docstring."""

    def __init__(self, sample_rate: float = DEFAULT_SAMPLE_RATE, max_concurrency: int = DEFAULT_CONCURRENCY,
                 timeout_ms: float = DEFAULT_TIMEOUT_MS, sink: SinkSpec = None, *,
                 queue_size: int = DEFAULT_QUEUE_SIZE, pipeline: Any = None, isolation: str = "thread",
                 rng: random.Random | None = None, unknown_labels: str = "warn",
                 runner_records: bool | None = None, exit_wait_ms: float | None = None,
                 **sink_options: Any) -> None:
        _check("sample_rate", sample_rate, isinstance(sample_rate, (int, float)) and 0.0 <= sample_rate <= 1.0)
        _check("max_concurrency", max_concurrency, isinstance(max_concurrency, int) and max_concurrency >= 1)
        _check("timeout_ms", timeout_ms, isinstance(timeout_ms, (int, float)) and timeout_ms > 0)
        _check("queue_size", queue_size, isinstance(queue_size, int) and queue_size >= 0)
        _check("isolation", isolation, isolation in ("thread", "process") and not (isolation == "process" and pipeline))
        _check("unknown_labels", unknown_labels, unknown_labels in UNKNOWN_LABELS)
        if exit_wait_ms is None:
            raw = os.environ.get("NLU_SHADOW_EXIT_WAIT_MS", "").strip()
            try:
                exit_wait_ms = float(raw) if raw else DEFAULT_EXIT_WAIT_MS
            except ValueError:
                raise errors.InputError("E112", errors.E112.format(
                    problem=f"NLU_SHADOW_EXIT_WAIT_MS must be a number; got {raw!r}")) from None
        _check("exit_wait_ms", exit_wait_ms, isinstance(exit_wait_ms, (int, float)) and exit_wait_ms >= 0)
        try:
            self._sink = make_sink(sink, **sink_options)
        except TypeError as exc:
            raise errors.InputError("E112", errors.E112.format(problem=str(exc))) from None
        self.sample_rate = float(sample_rate)
        self.max_concurrency = max_concurrency
        self.queue_size = queue_size
        self.unknown_labels = unknown_labels
        self.exit_wait_ms = float(exit_wait_ms)
        # the runner's counts go to a path sink; to a callable only when asked (it gets turns)
        self._runner_records = (not callable(sink)) if runner_records is None else bool(runner_records)
        self._id = uuid.uuid4().hex[:12]  # tells this runner's count records from another's
        self._started = int(time.time())
        self._stats_written = time.monotonic()
        self._warned: set[str] = set()
        self.timeout_ms = float(timeout_ms)
        self._pipeline = pipeline
        self.isolation = isolation
        self._children: list[Any] = []
        self._rng = rng or random.Random()
        # every accepted task holds a slot until it is done: running plus waiting ≤ the bound
        self._slots = threading.BoundedSemaphore(max_concurrency + queue_size)
        self._tasks: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._workers: list[threading.Thread] = []
        self._closed = False
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._pending = 0
        self._stats: Counter[str] = Counter()
        _register(self)

    # -- the caller's side ------------------------------------------------------------------
    def submit(self, text: str, *, control: Mapping[str, Any] | None = None, source: str = "typed",
               reference_time: Any = None, cancel: threading.Event | None = None, **options: Any) -> bool:
        """Offer one turn; True when it will run. Never blocks, never raises for the turn's content.

        Raises E113 for a control label outside `CONTROL_LABELS` when ``unknown_labels="refuse"``."""
        if control:
            unknown = unknown_control_labels(control)
            if unknown:
                self._unknown_control(unknown)
        with self._lock:
            self._stats["offered"] += 1
        if self._closed:
            return self._drop("dropped_closed")
        if self.sample_rate < 1.0 and self._rng.random() >= self.sample_rate:
            return self._drop("sampled_out")
        if not self._slots.acquire(blocking=False):
            return self._drop("dropped_busy")
        with self._lock:
            if self._closed:  # closed while this call took its slot
                self._slots.release()
                self._stats["dropped_closed"] += 1
                return False
            self._stats["accepted"] += 1
            self._pending += 1
            if len(self._workers) < self.max_concurrency:
                self._start_worker()
        self._tasks.put(_Task(text, control, source, reference_time, cancel, options))
        return True

    def _unknown_control(self, problems: list[str]) -> None:
        if self.unknown_labels == "refuse":
            raise errors.InputError("E113", errors.E113.format(problem=problems[0]))
        with self._lock:
            self._stats["unknown_control"] += 1
            fresh = [p for p in problems if p not in self._warned and len(self._warned) < _MAX_WARNED]
            self._warned.update(fresh)
        for p in fresh:
            log.warning(W314, p)

    def report_user_action(self, action: str) -> None:
        """What the user did with a suggestion or question: accepted, edited or rejected."""
        telemetry.record_user_action(action)

    @property
    def stats(self) -> dict[str, int]:
        """Counts: offered, accepted, sampled_out, dropped_busy, dropped_closed, unknown_control, completed,
        timeout, cancelled, error, sink_error."""
        with self._lock:
            return dict(self._stats)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until every accepted task is done (for tests and batch replays)."""
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self, wait: bool = True) -> None:
        """Stop accepting, stop running candidates at their next stage boundary, join the workers,
        write the runner's counts (a path sink) and close the sink."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            workers = list(self._workers)
        _open_runners.discard(self)
        self._stop.set()
        for _ in workers:
            self._tasks.put(None)
        if wait:
            for w in workers:
                w.join(self.timeout_ms / 1000.0 + 2.0)
        for child in list(self._children):
            child.close()
        self._write_counts()
        close = getattr(self._sink, "close", None)
        if close is not None:
            close()

    def _close_at_exit(self) -> None:
        if not self.wait_idle(self.exit_wait_ms / 1000.0):
            with self._lock:
                left = self._pending
            log.warning(W315, left, self.exit_wait_ms)
        self.close(wait=True)

    def counts_record(self) -> dict[str, Any]:
        """The runner's counts as a log record (``kind: runner``; cumulative since the runner started)."""
        with self._lock:
            stats = dict(self._stats)
        return {"v": 1, "kind": "runner", "runner": self._id, "since": self._started, "ts": int(time.time()),
                "sample_rate": self.sample_rate, "max_concurrency": self.max_concurrency,
                "queue_size": self.queue_size, "isolation": self.isolation,
                **{k: int(stats.get(k, 0)) for k in RUNNER_COUNTS}}

    def _write_counts(self) -> None:
        if self._sink is None or not self._runner_records or not self._stats.get("offered"):
            return  # a runner that was never offered a turn leaves no file behind
        self._stats_written = time.monotonic()
        try:
            self._sink(self.counts_record())
        except Exception as exc:  # noqa: BLE001 - as for any record
            log.warning(W312, type(exc).__name__)

    def __enter__(self) -> "ShadowRunner":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _drop(self, why: str) -> bool:
        with self._lock:
            self._stats[why] += 1
        telemetry.record_shadow_task(why)
        return False

    # -- the worker's side ------------------------------------------------------------------
    def _start_worker(self) -> None:
        w = threading.Thread(target=self._work, name=f"nlu-shadow-{len(self._workers) + 1}", daemon=True)
        self._workers.append(w)
        w.start()

    def _candidate(self) -> Any:
        if self._pipeline is None:
            with self._lock:
                if self._pipeline is None:
                    # lazy: only this path needs it, keeps import light; breaks no cycle
                    from nlu.pipeline import FeatureFlags, Pipeline

                    # lazy: only this path needs it, keeps import light; breaks no cycle
                    from nlu.shadow.yielding import yielding
                    # lazy: only this path needs it, keeps import light; breaks no cycle
                    from nlu.stages import default_policy, default_stages

                    flags = FeatureFlags.from_env()
                    # the candidate shows what nlu would do when trusted; never shadow again
                    self._pipeline = Pipeline(yielding(default_stages()), policy=default_policy(),
                                              flags=replace(flags, phase="route") if flags.phase == "shadow" else flags)
        return self._pipeline

    def _work(self) -> None:
        child = None
        if self.isolation == "process":
            # lazy: only this path needs it, keeps import light; breaks no cycle
            from nlu.shadow.child import ChildCandidate

            child = ChildCandidate()
            with self._lock:
                self._children.append(child)
        else:
            try:  # load what the stages load lazily here, off the request path and outside any budget
                hook = getattr(self._candidate(), "warm_up", None)
                if hook is not None:
                    hook()
            except Exception as exc:  # noqa: BLE001 - a candidate that cannot start fails its tasks, counted
                log.warning(W311, type(exc).__name__)
        while True:
            task = self._tasks.get()
            if task is None:
                return
            try:
                self._run_in(child, task) if child is not None else self._run(task)
            except Exception as exc:  # noqa: BLE001 - the worker must outlive any one task
                log.warning(W311, type(exc).__name__)
                with self._lock:
                    self._stats["error"] += 1
            finally:
                self._slots.release()
                if time.monotonic() - self._stats_written >= STATS_EVERY_S:
                    self._write_counts()
                with self._idle:
                    self._pending -= 1
                    self._idle.notify_all()

    def _run(self, task: _Task) -> None:
        result = None
        t0 = time.perf_counter()
        if self._stop.is_set() or (task.cancel is not None and task.cancel.is_set()):
            outcome = "cancelled"  # the turn ended while the task waited: nothing to compare
        else:
            stop = _Linked(task.cancel, self._stop)
            try:
                result = self._candidate().understand(task.text, source=task.source, reference_time=task.reference_time,
                                                      cancel=stop, budget_ms=self.timeout_ms, **task.options)
            except Exception as exc:  # noqa: BLE001 - a candidate failure never reaches the caller
                log.warning(W311, type(exc).__name__)
                outcome = "error"
            else:
                outcome = outcome_of(result, (time.perf_counter() - t0) * 1000.0, self.timeout_ms)
        duration_ms = (time.perf_counter() - t0) * 1000.0
        try:
            record = build_record(outcome, task.control, task.source, duration_ms, result)
        except Exception as exc:  # noqa: BLE001 - a result we cannot summarise is an error, counted
            log.warning(W311, type(exc).__name__)
            outcome, record = "error", build_record("error", task.control, task.source, duration_ms)
        self._publish(outcome, record, compared=result is not None)

    def _run_in(self, child: Any, task: _Task) -> None:
        """One task on this worker's child process (isolation="process")."""
        t0 = time.perf_counter()
        record = None
        if self._stop.is_set() or (task.cancel is not None and task.cancel.is_set()):
            outcome = "cancelled"
        else:
            try:
                outcome, record, summary = child.run(
                    task.text, source=task.source, reference_time=task.reference_time, options=dict(task.options),
                    control=dict(task.control) if task.control else None, timeout_ms=self.timeout_ms,
                    stopped=lambda: self._stop.is_set() or (task.cancel is not None and task.cancel.is_set()))
            except Exception as exc:  # noqa: BLE001 - a candidate failure never reaches the caller
                log.warning(W311, type(exc).__name__)
                outcome = "error"
            else:
                if summary is not None:  # the candidate's call, counted here like any call
                    values, edits, entities, ms = summary
                    telemetry.record_summary(values, {(t, a): n for t, a, n in edits}, dict(entities), ms)
        if record is None:
            record = build_record(outcome, task.control, task.source, (time.perf_counter() - t0) * 1000.0)
        self._publish(outcome, record, compared=record.get("decision", "none") != "none")

    def _publish(self, outcome: str, record: dict[str, Any], *, compared: bool) -> None:
        with self._lock:
            self._stats[outcome] += 1
        telemetry.record_shadow_task(outcome)
        if compared and outcome != "cancelled":
            telemetry.record_shadow(comparison_attributes(record))
        if self._sink is not None:
            try:
                self._sink(record)
            except Exception as exc:  # noqa: BLE001 - a full disk must not reach the caller either
                log.warning(W312, type(exc).__name__)
                with self._lock:
                    self._stats["sink_error"] += 1
                telemetry.record_shadow_task("sink_error")

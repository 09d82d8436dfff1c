"""The shadow candidate in a child process: no interpreter lock shared with the caller.

`ShadowRunner(isolation="process")` runs each worker's candidate in ``python -m
nlu.shadow.child`` (a plain subprocess, so the host's ``__main__`` is never re-imported),
at a lower scheduling priority, with the default pipeline and the flags of the environment
(``NLU_PHASE=shadow`` there means ``route``). A caller's thread then never waits for a lock the candidate
holds, and a candidate stuck past its budget is killed — a hard timeout a thread cannot have.

Protocol, one JSON object per line. Parent → child: ``{"op": "task", "id", "text", "source",
"reference_time", "options", "control", "budget_ms"}`` and ``{"op": "cancel", "id"}``.
Child → parent: ``{"ready": true}`` once, then per task ``{"id", "outcome", "record",
"summary"}`` — the low-cardinality record and telemetry summary, never the text.
"""
from __future__ import annotations

import json
import logging
import os
import queue
import select
import subprocess
import sys
import threading
import time
from datetime import date, datetime
from typing import Any, Callable

log = logging.getLogger("nlu.shadow")

W313 = "W313 shadow: the candidate process %s; restarted for the next task"
START_TIMEOUT_S = 60.0  # pack load and warm-up on a busy host
KILL_GRACE_MS = 1000.0  # past the budget: the stage boundary should have stopped it by now


def _jsonable(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return value


# -- parent side --------------------------------------------------------------------------
class ChildCandidate:
    """One child process that runs one task at a time for one shadow worker."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._next_id = 0

    def _start(self) -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-m", "nlu.shadow.child"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)
        line = self._read_line(proc, time.monotonic() + START_TIMEOUT_S, None)
        if line is None or not json.loads(line).get("ready"):
            proc.kill()
            raise RuntimeError("candidate process did not start")
        return proc

    @staticmethod
    def _read_line(proc: subprocess.Popen, deadline: float, poll: Callable[[], None] | None) -> str | None:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([proc.stdout], [], [], min(left, 0.01))
            if ready:
                line = proc.stdout.readline()  # type: ignore[union-attr]
                return line or None  # "" is the child gone
            if poll is not None:
                poll()

    def run(self, text: str, *, source: str, reference_time: Any, options: dict[str, Any], control: Any,
            timeout_ms: float, stopped: Callable[[], bool]) -> tuple[str, dict[str, Any] | None, Any]:
        """(outcome, record, telemetry summary) of one task; raises when the child failed."""
        if self._proc is None or self._proc.poll() is not None:
            self._proc = self._start()
        proc = self._proc
        self._next_id += 1
        tid = self._next_id
        task = {"op": "task", "id": tid, "text": text, "source": source, "reference_time": _jsonable(reference_time),
                "options": {k: _jsonable(v) for k, v in options.items()}, "control": control, "budget_ms": timeout_ms}
        proc.stdin.write(json.dumps(task, ensure_ascii=False) + "\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        sent_cancel = False

        def poll() -> None:
            nonlocal sent_cancel
            if not sent_cancel and stopped():
                sent_cancel = True
                proc.stdin.write(json.dumps({"op": "cancel", "id": tid}) + "\n")  # type: ignore[union-attr]
                proc.stdin.flush()  # type: ignore[union-attr]

        line = self._read_line(proc, time.monotonic() + (timeout_ms + KILL_GRACE_MS) / 1000.0, poll)
        if line is None:  # stuck past the budget, or gone: kill it, a new one serves the next task
            gone = proc.poll() is not None
            log.warning(W313, "exited" if gone else "overran its budget and was killed")
            self.close()
            if gone:
                raise RuntimeError("candidate process exited")
            return "timeout", None, None
        reply = json.loads(line)
        if reply.get("error"):
            raise RuntimeError(reply["error"])
        return reply["outcome"], reply["record"], reply["summary"]

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()  # type: ignore[union-attr]
            proc.wait(2)
        except Exception:  # noqa: BLE001 - whatever state it is in, it goes
            proc.kill()
            proc.wait()


# -- child side ---------------------------------------------------------------------------
def _serve() -> int:
    try:
        os.nice(10)  # the caller's process comes first on a busy host
    except (AttributeError, OSError):
        pass
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu import telemetry
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.pipeline import FeatureFlags, Pipeline
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.shadow.record import build_record, outcome_of

    flags = FeatureFlags.from_env()
    pipe = Pipeline(flags=flags if flags.phase != "shadow" else FeatureFlags(phase="route"))
    pipe.warm_up()
    tasks: queue.SimpleQueue = queue.SimpleQueue()
    cancel = threading.Event()
    current = [0]

    def reader() -> None:
        for line in sys.stdin:
            msg = json.loads(line)
            if msg.get("op") == "cancel":
                if msg.get("id") == current[0]:
                    cancel.set()
            else:
                tasks.put(msg)
        tasks.put(None)

    threading.Thread(target=reader, daemon=True).start()
    out = sys.stdout
    out.write(json.dumps({"ready": True}) + "\n")
    out.flush()
    while True:
        task = tasks.get()
        if task is None:
            return 0
        current[0] = task["id"]
        cancel.clear()
        t0 = time.perf_counter()
        try:
            result = pipe.understand(task["text"], source=task["source"], reference_time=task["reference_time"],
                                     cancel=cancel, budget_ms=task["budget_ms"], **task["options"])
            ms = (time.perf_counter() - t0) * 1000.0
            outcome = outcome_of(result, ms, task["budget_ms"])
            values, edits, entities = telemetry.summary(result)
            reply = {"id": task["id"], "outcome": outcome,
                     "record": build_record(outcome, task["control"], task["source"], ms, result),
                     "summary": [list(values), [[t, a, n] for (t, a), n in edits.items()], list(entities.items()), ms]}
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which counts it
            reply = {"id": task["id"], "error": type(exc).__name__}
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING)
    sys.exit(_serve())

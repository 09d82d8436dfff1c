"""Worker processes of the local engine: they normalize chunks and never outlive their parent.

A worker ignores SIGINT (the parent decides what Ctrl-C means: it stops the workers itself),
and watches its parent two ways: on Linux the kernel kills it when the parent dies
(PR_SET_PDEATHSIG), and everywhere a thread checks `getppid()` twice a second. So a parent
killed with SIGKILL leaves no worker behind.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import queue
import signal
import sys
import threading
import time
from typing import Any

from nlu.batch import errors as E
from nlu.batch.errors import BatchError
from nlu.batch.normalize import Normalizer, NormalizeOptions
from nlu.batch.output import Codec
from nlu.batch.reader import InputRecord

_WATCH_SECONDS = 0.5
_PR_SET_PDEATHSIG = 1


def watch_parent(parent_pid: int) -> None:
    """Exit this process as soon as `parent_pid` is no longer its parent."""
    if sys.platform.startswith("linux"):
        try:
            # lazy: optional extra
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass  # the polling thread below still catches it, within half a second

    def poll() -> None:
        while True:
            if os.getppid() != parent_pid:
                os._exit(1)  # orphaned: nobody will read what we would write
            time.sleep(_WATCH_SECONDS)

    if os.getppid() != parent_pid:  # the parent died before the watch was set up
        os._exit(1)
    threading.Thread(target=poll, name="nlu-batch-parent-watch", daemon=True).start()


def _worker_main(tasks: Any, results: Any, parent_pid: int, options: NormalizeOptions, codec: Codec) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    watch_parent(parent_pid)
    normalizer = Normalizer(options)
    normalizer.pipeline  # noqa: B018 - load and warm up before the first chunk
    while (task := tasks.get()) is not None:
        seq, records = task
        data, n, errors = normalizer.dump_chunk(records)
        results.put((seq, codec.compress(data), n, errors))


class WorkerPool:
    """N worker processes sharing one task queue; results come back tagged with their chunk number."""

    def __init__(self, n: int, options: NormalizeOptions, codec: Codec) -> None:
        methods = mp.get_all_start_methods()
        # fork: the parent has loaded no model, so a fork is cheap and inherits no threads
        ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        self._tasks, self._results = ctx.Queue(), ctx.Queue()
        self.processes = [ctx.Process(target=_worker_main, name=f"nlu-batch-worker-{i}", daemon=True,
                                      args=(self._tasks, self._results, os.getpid(), options, codec))
                          for i in range(n)]
        for p in self.processes:
            p.start()

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes if p.pid is not None]

    def submit(self, seq: int, records: list[InputRecord]) -> None:
        self._tasks.put((seq, records))

    def get(self, timeout: float) -> tuple[int, bytes, int, int] | None:
        """The next finished chunk, or None after `timeout`; E409 when a worker has died."""
        try:
            return self._results.get(timeout=timeout)
        except queue.Empty:
            for p in self.processes:
                if p.exitcode is not None:
                    raise BatchError("E409", E.E409.format(code=p.exitcode)) from None
            return None

    def close(self) -> None:
        """Let the workers finish and exit (after all submitted chunks were collected)."""
        for _ in self.processes:
            self._tasks.put(None)
        for p in self.processes:
            p.join(timeout=10)
        self.terminate()

    def terminate(self) -> None:
        for p in self.processes:
            if p.exitcode is None:
                p.terminate()
        for p in self.processes:
            p.join(timeout=5)
            if p.exitcode is None:
                p.kill()
                p.join(timeout=5)
        for q in (self._tasks, self._results):
            q.cancel_join_thread()  # undelivered chunks of a stopped run are not worth waiting for
            q.close()

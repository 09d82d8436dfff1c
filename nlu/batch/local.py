"""The local engine: read in chunks, normalize on worker processes, write in input order.

Memory stays bounded: at most `2 × workers + 2` chunks are read ahead or waiting to be written.
A chunk is committed (appended to `OUT.partial`, progress recorded) only when every chunk before
it is, so the output is always a prefix of the full result. SIGINT/SIGTERM stop reading, commit
the chunks already finished in order, stop the workers and report the signal.
"""
from __future__ import annotations

import signal
from dataclasses import dataclass
from itertools import islice
from typing import Iterator

from nlu.batch.errors import BatchError
from nlu.batch.normalize import NormalizeOptions
from nlu.batch.output import PartialOutput
from nlu.batch.progress import ProgressReport
from nlu.batch.reader import InputRecord, Position
from nlu.batch.workers import WorkerPool


@dataclass
class Outcome:
    records: int  # committed in total (including those of earlier, resumed runs)
    errors: int
    signum: int | None = None  # the signal that stopped the run, if one did


class StopSignals:
    """While active, SIGINT and SIGTERM only record that a stop was asked for."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._previous: dict[int, object] = {}

    def _handle(self, signum: int, frame: object) -> None:  # noqa: ARG002
        if self.signum is None:
            self.signum = signum

    def __enter__(self) -> "StopSignals":
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)


def chunks(source: Iterator[tuple[InputRecord, Position]], size: int) -> Iterator[tuple[list[InputRecord], Position]]:
    while batch := list(islice(source, size)):
        yield [record for record, _ in batch], batch[-1][1]


def run_local(source: Iterator[tuple[InputRecord, Position]], sink: PartialOutput, options: NormalizeOptions, *,
              workers: int, chunk_size: int, progress: ProgressReport, stop: StopSignals) -> Outcome:
    pool = WorkerPool(workers, options, sink.codec)
    try:
        return _pump(chunks(source, chunk_size), pool, sink, progress, stop, max_ahead=2 * workers + 2)
    finally:
        pool.terminate()
        progress.close()


def _pump(todo: Iterator[tuple[list[InputRecord], Position]], pool: WorkerPool, sink: PartialOutput,
          progress: ProgressReport, stop: StopSignals, max_ahead: int) -> Outcome:
    after: dict[int, Position] = {}  # chunk number -> input position after it, for every chunk not yet written
    finished: dict[int, tuple[bytes, int, int]] = {}
    submitted = written = 0
    exhausted = False

    def write_ready() -> None:
        nonlocal written
        while written in finished:
            payload, n, errors = finished.pop(written)
            sink.commit(payload, after.pop(written), errors)
            progress.update(n, errors)
            written += 1

    while stop.signum is None:
        while not exhausted and len(after) < max_ahead:
            chunk = next(todo, None)
            if chunk is None:
                exhausted = True
                break
            pool.submit(submitted, chunk[0])
            after[submitted] = chunk[1]
            submitted += 1
        if not after:
            pool.close()
            break
        result = pool.get(timeout=0.2)
        if result is not None:
            finished[result[0]] = result[1:]
            write_ready()
    if stop.signum is not None:  # keep what is complete: results already sent, in order
        try:
            while (result := pool.get(timeout=0.05)) is not None:
                finished[result[0]] = result[1:]
        except BatchError:
            pass  # a worker the same signal already ended: what arrived before is still written
        write_ready()
    return Outcome(sink.state.records, sink.state.errors, stop.signum)

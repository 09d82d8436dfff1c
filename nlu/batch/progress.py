"""Progress of a run: a tqdm bar on a terminal, a plain periodic log line otherwise."""
from __future__ import annotations

import logging
import sys
import time

_log = logging.getLogger("nlu.batch")


class ProgressReport:
    """`update(records, errors)` after each committed chunk; `close()` at the end."""

    def __init__(self, *, enabled: bool = True, initial: int = 0, initial_errors: int = 0, every_seconds: float = 10.0,
                 unit: str = "record", total: int | None = None) -> None:
        self._bar = None
        self._enabled = enabled
        self._every = every_seconds
        self._start = self._last = time.monotonic()
        self._initial = self.records = initial
        self.errors = initial_errors

        self._unit, self._total = unit, total
        if enabled and sys.stderr.isatty():
            # lazy: optional extra
            from tqdm import tqdm

            # with a total the bar shows the ETA from its first line, drawn here (before workers warm up)
            self._bar = tqdm(total=total, initial=initial, unit=unit, file=sys.stderr, dynamic_ncols=True)
        elif enabled:
            of = f" of {total:,}" if total else ""
            _log.info("progress: %s%s %ss (starting)", f"{initial:,}", of, unit)

    def update(self, records: int, errors: int = 0) -> None:
        self.records += records
        self.errors += errors
        if self._bar is not None:
            self._bar.update(records)
            if errors:
                self._bar.set_postfix(errors=self.errors, refresh=False)
            return
        now = time.monotonic()
        if self._enabled and now - self._last >= self._every:
            self._last = now
            rate = (self.records - self._initial) / max(now - self._start, 1e-9)
            of = f" of {self._total:,}" if self._total else ""
            eta = ""
            if self._total and rate > 0:
                eta = f", ETA {max(self._total - self.records, 0) / rate:.0f} s"
            _log.info("progress: %s%s %ss, %s with errors, %.0f %ss/s%s",
                      f"{self.records:,}", of, self._unit, f"{self.errors:,}", rate, self._unit, eta)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

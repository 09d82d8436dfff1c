"""Cancellation and the time budget shared by every stage of one call."""
from __future__ import annotations

import threading
import time


class Deadline:
    """A monotonic deadline plus the caller's cancellation signal (a threading.Event)."""

    __slots__ = ("_end", "cancel", "start")

    def __init__(self, budget_ms: float, cancel: threading.Event | None = None) -> None:
        self.start = time.perf_counter()
        self._end = self.start + budget_ms / 1000.0
        self.cancel = cancel

    def remaining_s(self) -> float:
        return max(0.0, self._end - time.perf_counter())

    @property
    def expired(self) -> bool:
        return time.perf_counter() >= self._end

    @property
    def cancelled(self) -> bool:
        return self.cancel is not None and self.cancel.is_set()

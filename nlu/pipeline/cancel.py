"""Cancellation and the time budget shared by every stage of one call."""
from __future__ import annotations

import threading
import time


class BudgetExhausted(Exception):
    """Raised inside a stage's long loop when the call's budget is spent or it was cancelled;
    the runner records the stage as `timeout` (or `skipped`) and degrades the turn."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "budget_exhausted" or "cancelled"


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

    def check(self) -> None:
        """For loops inside a stage: stop the stage when the budget is spent or cancelled."""
        if self.cancel is not None and self.cancel.is_set():
            raise BudgetExhausted("cancelled")
        if time.perf_counter() >= self._end:
            raise BudgetExhausted("budget_exhausted")

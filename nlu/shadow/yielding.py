"""Stages that hand the interpreter back before they run: the candidate yields to the caller.

A shadow worker is a thread of the host's process and shares its interpreter lock. A thread
that wants the lock waits until the holder lets go — up to the switch interval (5 ms) when
the holder is busy computing. Wrapped this way, the candidate lets go before every stage, so a
caller's turn that starts while the candidate runs waits at most one stage, not 5 ms.
"""
from __future__ import annotations

import time
from typing import Any, Sequence

from nlu.pipeline.stage import Stage


class Yielding(Stage):
    """`inner` with a zero sleep (the lock released and offered) before each run."""

    def __init__(self, inner: Stage) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[misc]
        self.capability = inner.capability  # type: ignore[misc]
        self.kernel = inner.kernel  # type: ignore[misc]
        self.deterministic = inner.deterministic  # type: ignore[misc]

    def run(self, draft: Any) -> str | None:
        time.sleep(0)
        return self.inner.run(draft)

    def warm_up(self) -> None:
        hook = getattr(self.inner, "warm_up", None)
        if hook is not None:
            hook()


def yielding(stages: Sequence[Stage]) -> list[Stage]:
    return [s if isinstance(s, Yielding) else Yielding(s) for s in stages]

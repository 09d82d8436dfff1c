"""The default provider: embedded, deterministic, no network.

The rule stages have already run by the time a provider is consulted, so the
rule provider has nothing to add: it always answers ``skipped``.  It exists so
the pipeline has one code path whether or not a model is configured.
"""

from __future__ import annotations

import threading
import time

from .base import ProviderOutcome, ProviderRequest


class RuleProvider:
    name = "rules"

    def propose(
        self,
        request: ProviderRequest,
        *,
        timeout_s: float,
        cancel: threading.Event | None = None,
    ) -> ProviderOutcome:
        t0 = time.perf_counter()
        if cancel is not None and cancel.is_set():
            return ProviderOutcome(
                status="cancelled",
                reason="cancelled before start",
                duration_ms=(time.perf_counter() - t0) * 1000.0,
                provider=self.name,
            )
        return ProviderOutcome(
            status="skipped",
            reason="rules only: no model configured",
            duration_ms=(time.perf_counter() - t0) * 1000.0,
            provider=self.name,
        )

    def __repr__(self) -> str:
        return "RuleProvider()"

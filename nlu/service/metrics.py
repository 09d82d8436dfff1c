"""`/metrics`: Prometheus text exposition, counts and timings only — never text or values
(design 14).

The telemetry module (`nlu.telemetry.metrics_text`, when this build has it) describes the
pipeline; without it the service reports its own decision counts. The service always adds
its HTTP counters and latency histogram.
"""
from __future__ import annotations

import threading
from collections import Counter

#: latency histogram bounds in seconds (the budget default is 0.1 s)
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


class ServiceMetrics:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._requests: Counter[tuple[str, int]] = Counter()
        self._decisions: Counter[str] = Counter()
        self._buckets = [0] * len(BUCKETS)
        self._count = 0
        self._sum = 0.0

    def observe_request(self, route: str, status: int, seconds: float) -> None:
        with self._lock:
            self._requests[(route, status)] += 1
            self._count += 1
            self._sum += seconds
            for i, bound in enumerate(BUCKETS):
                if seconds <= bound:
                    self._buckets[i] += 1

    def observe_decision(self, action: str) -> None:
        with self._lock:
            self._decisions[action] += 1

    def text(self) -> str:
        pipeline = _telemetry_text()
        with self._lock:
            lines = []
            if pipeline is None:
                lines += ["# HELP nlu_decisions_total Understood utterances by decision action.",
                          "# TYPE nlu_decisions_total counter"]
                for action in ("continue", "clarify", "use_original"):
                    lines.append(f'nlu_decisions_total{{action="{action}"}} {self._decisions[action]}')
            lines += ["# HELP nlu_http_requests_total HTTP requests by route and status.",
                      "# TYPE nlu_http_requests_total counter"]
            for (route, status), n in sorted(self._requests.items()):
                lines.append(f'nlu_http_requests_total{{route="{route}",status="{status}"}} {n}')
            lines += ["# HELP nlu_http_request_duration_seconds Time from arrival to response.",
                      "# TYPE nlu_http_request_duration_seconds histogram"]
            for bound, n in zip(BUCKETS, self._buckets):
                lines.append(f'nlu_http_request_duration_seconds_bucket{{le="{bound}"}} {n}')
            lines.append(f'nlu_http_request_duration_seconds_bucket{{le="+Inf"}} {self._count}')
            lines.append(f"nlu_http_request_duration_seconds_sum {self._sum:.6f}")
            lines.append(f"nlu_http_request_duration_seconds_count {self._count}")
        body = "\n".join(lines) + "\n"
        return (pipeline.rstrip("\n") + "\n" + body) if pipeline else body


def _telemetry_text() -> str | None:
    try:
        from nlu.telemetry import metrics_text  # the shadow-mode telemetry, where built
    except ImportError:
        return None
    return metrics_text()

"""An in-memory OpenTelemetry SDK reader wired into nlu.telemetry for one test."""
from __future__ import annotations

import contextlib
from typing import Iterator

import pytest


@contextlib.contextmanager
def in_memory_reader() -> Iterator[object]:
    pytest.importorskip("opentelemetry.sdk.metrics", reason="opentelemetry-sdk is in the [test] extra")
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader

    from nlu import telemetry

    reader = InMemoryMetricReader()
    provider = telemetry.meter_provider(reader)  # the SDK with nlu's views, as a host would set it up
    telemetry.use_meter_provider(provider)
    try:
        yield reader
    finally:
        telemetry.use_meter_provider(None)
        provider.shutdown()


def points(reader) -> list[tuple[str, dict, float]]:
    """(metric name, attributes, value or count) of every data point collected so far."""
    out = []
    data = reader.get_metrics_data()
    for rm in data.resource_metrics if data else ():
        for sm in rm.scope_metrics:
            for m in sm.metrics:
                for p in m.data.data_points:
                    out.append((m.name, dict(p.attributes), getattr(p, "value", None) or getattr(p, "count", 0)))
    return out


def units(reader) -> dict[str, str]:
    """metric name → unit of every metric collected so far."""
    data = reader.get_metrics_data()
    return {m.name: m.unit for rm in (data.resource_metrics if data else ()) for sm in rm.scope_metrics
            for m in sm.metrics}

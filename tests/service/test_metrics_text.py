"""/metrics text: the telemetry module's exposition when it exists, else the service's own
decision counters; the HTTP counters always; never any text or value."""
from __future__ import annotations

import sys
import types

import pytest

from nlu.service.metrics import ServiceMetrics


def _filled() -> ServiceMetrics:
    m = ServiceMetrics()
    m.observe_request("/v1/understand", 200, 0.004)
    m.observe_request("/v1/understand", 200, 0.3)
    m.observe_request("/v1/understand", 422, 0.001)
    m.observe_decision("clarify")
    m.observe_decision("clarify")
    m.observe_decision("continue")
    return m


def test_without_telemetry_the_service_counts_decisions(monkeypatch):
    monkeypatch.setitem(sys.modules, "nlu.telemetry", None)  # import fails: not built
    text = _filled().text()
    assert 'nlu_decisions_total{action="clarify"} 2' in text
    assert 'nlu_decisions_total{action="continue"} 1' in text
    assert 'nlu_decisions_total{action="use_original"} 0' in text
    assert 'nlu_http_requests_total{route="/v1/understand",status="200"} 2' in text
    assert 'nlu_http_request_duration_seconds_bucket{le="0.005"} 2' in text
    assert 'nlu_http_request_duration_seconds_bucket{le="0.25"} 2' in text
    assert 'nlu_http_request_duration_seconds_bucket{le="0.5"} 3' in text
    assert 'nlu_http_request_duration_seconds_bucket{le="+Inf"} 3' in text
    assert "nlu_http_request_duration_seconds_count 3" in text


def test_with_telemetry_its_exposition_comes_first_and_decisions_are_not_doubled(monkeypatch):
    fake = types.ModuleType("nlu.telemetry")
    fake.metrics_text = lambda: "# TYPE nlu_understand_total counter\nnlu_understand_total 3\n"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "nlu.telemetry", fake)
    text = _filled().text()
    assert text.startswith("# TYPE nlu_understand_total counter\nnlu_understand_total 3\n")
    assert "nlu_decisions_total" not in text
    assert 'nlu_http_requests_total{route="/v1/understand",status="422"} 1' in text


@pytest.mark.parametrize("line_kind", ["HELP", "TYPE"])
def test_every_metric_family_is_declared(monkeypatch, line_kind):
    monkeypatch.setitem(sys.modules, "nlu.telemetry", None)
    text = _filled().text()
    families = {ln.split("{")[0].split(" ")[0].removesuffix("_bucket").removesuffix("_sum").removesuffix("_count")
                for ln in text.splitlines() if ln and not ln.startswith("#")}
    declared = {ln.split(" ")[2] for ln in text.splitlines() if ln.startswith(f"# {line_kind} ")}
    assert families <= declared

"""Telemetry: one record per call, closed attribute names (Views) and values, one exposition."""
from __future__ import annotations

import subprocess
import sys
import textwrap

from nlu import telemetry
from nlu.pipeline import Pipeline
from telemetry_reader import in_memory_reader, points

REF = "2026-03-15T10:30:00+08:00"


def test_every_call_is_recorded_once_with_vocabulary_attributes():
    pipe = Pipeline(budget_ms=60_000)
    with in_memory_reader() as reader:
        pipe.understand("查询 AGV-01 当前状态", reference_time=REF)
        pipe.understand("全年检休抱表", source="asr", reference_time=REF)
        pts = points(reader)
    requests = [(a, v) for name, a, v in pts if name == "nlu.requests"]
    assert sum(v for _, v in requests) == 2
    durations = [(a, v) for name, a, v in pts if name == "nlu.request.duration"]
    assert sum(v for _, v in durations) == 2
    by_source = {a["source_type"]: a for a, _ in requests}
    assert by_source["typed"]["result"] == "unchanged" and by_source["typed"]["fallback_reason"] == "none"
    assert by_source["asr"]["result"] == "changed"  # 检休 → 检修 (a curated ASR pair)
    edits = {(a["edit_type"], a["applied"]) for name, a, _ in pts if name == "nlu.edits"}
    assert ("asr", "true") in edits
    entities = {a["entity_type"] for name, a, _ in pts if name == "nlu.entities"}
    assert "vehicle" in entities
    for _, attrs, _ in pts:
        for k, v in attrs.items():
            assert telemetry.allowed(k, v), (k, v)


def test_results_are_classified_as_the_design_names_them():
    pipe = Pipeline(budget_ms=60_000)
    pipe.warm_up()  # the non-data judge needs jieba's tagger
    cases = {  # text, source → (result, fallback_reason), by hand from the decision each must get
        ("查询 AGV-01 当前状态", "typed"): ("unchanged", "none"),
        ("全年检休抱表", "asr"): ("changed", "none"),
        ("把它取消", "typed"): ("clarify", "none"),              # a write on an unresolved referent (16.2)
        ("今天天气怎么样", "typed"): ("unchanged", "none"),      # not a data question: passed through on purpose
        ("查" * 5000, "typed"): ("fallback", "input_too_long"),
    }
    for (text, source), want in cases.items():
        attrs = telemetry.call_attributes(pipe.understand(text, source=source, reference_time=REF))
        assert (attrs["result"], attrs["fallback_reason"]) == want, (text[:20], attrs)
    slow = Pipeline(budget_ms=0.001)
    attrs = telemetry.call_attributes(slow.understand("查询 AGV-01 当前状态"))
    assert (attrs["result"], attrs["fallback_reason"], attrs["normalization_path"]) == ("fallback", "timeout", "fallback")


def test_a_text_value_or_unlisted_name_never_reaches_a_metric(caplog, monkeypatch):
    # the unlisted name is dropped by the SDK's view, the text value replaced where it is made
    monkeypatch.setattr(telemetry, "_warned", set())  # W301 is logged once per name and process
    with in_memory_reader() as reader:
        telemetry.record_shadow({"route_before": "查询 AGV-01 的状态", "route_after": "status",
                                 "source_type": 12345, "raw_text": "AGV-01", "domain_after": "agv"})
        telemetry.record_user_action("用户说：取消 WO-20260315-0001")
        pts = points(reader)
    (name, attrs, _), (name2, attrs2, _) = sorted(pts, key=lambda p: p[0])
    assert name == "nlu.shadow.comparisons"
    assert attrs == {"route_before": "other", "route_after": "status", "source_type": "other", "domain_after": "agv"}
    assert name2 == "nlu.user_actions" and attrs2 == {"user_action": "other"}
    assert "AGV-01" not in caplog.text and "WO-2026" not in caplog.text  # the warning names the attribute only
    assert "W301" in caplog.text


def test_vocabulary_rejects_text_in_every_attribute():
    for name in telemetry.VOCABULARY:
        for value in ("查询 AGV-01", "AGV-01", "2031-04-17", "张三", "sk-abc123", "", " rule", "123456789", 7):
            assert not telemetry.allowed(name, value), (name, value)
        assert telemetry.clean_attributes({name: "这是一段文本 AGV-01"}) == {name: "other"}


def test_revisions_are_version_tokens():
    assert telemetry.allowed("dictionary_revision", "2026.11.30")
    assert telemetry.allowed("normalizer_revision", "0.1.0")
    assert not telemetry.allowed("normalizer_revision", "v1 查询")
    assert not telemetry.allowed("dictionary_revision", "2026.11.29") and not telemetry.allowed("normalizer_revision", "0.1.1")


def _run(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


# What a scrape shows: written out by hand from the semantic conventions (dotted names under
# nlu., UCUM units, seconds, {annotation} units for counts), not read from nlu.telemetry.
EXPECTED_OTEL = {
    "nlu.requests": "{request}", "nlu.request.duration": "s", "nlu.edits": "{edit}", "nlu.entities": "{entity}",
    "nlu.shadow.comparisons": "{comparison}", "nlu.shadow.tasks": "{task}", "nlu.user_actions": "{action}",
}
EXPECTED_PROMETHEUS = {
    "nlu_requests": "counter", "nlu_request_duration_seconds": "histogram", "nlu_edits": "counter",
    "nlu_entities": "counter", "nlu_shadow_comparisons": "counter", "nlu_shadow_tasks": "counter",
    "nlu_user_actions": "counter",
}
CALL_ATTRIBUTES = {"normalization_path", "source_type", "result", "edit_count_bucket", "protected_change_blocked",
                   "clarification_reason", "fallback_reason", "injection_flag", "dictionary_revision",
                   "normalizer_revision"}

_EVERY_INSTRUMENT = """
        p = Pipeline(budget_ms=60000)
        p.understand("查询 AGV-01 当前状态")
        p.understand("全年检休抱表", source="asr")
        telemetry.record_shadow({"route_before": "status", "route_after": "status", "domain_before": "agv",
                                 "domain_after": "agv", "source_type": "typed", "result": "unchanged",
                                 "raw_text": "AGV-01"})
        telemetry.record_shadow_task("completed")
        telemetry.record_user_action("accepted")
"""


def test_instrument_names_units_and_attribute_sets_are_the_closed_ones():
    with in_memory_reader() as reader:
        exec(textwrap.dedent(_EVERY_INSTRUMENT), {"Pipeline": Pipeline, "telemetry": telemetry})
        pts = points(reader)
        from telemetry_reader import units

        got_units = units(reader)
    assert got_units == EXPECTED_OTEL
    keys: dict[str, set] = {}
    for name, attrs, _ in pts:
        keys.setdefault(name, set()).update(attrs)
    assert keys["nlu.requests"] == CALL_ATTRIBUTES
    assert keys["nlu.request.duration"] == {"normalization_path", "source_type", "result"}
    assert keys["nlu.shadow.comparisons"] == {"route_before", "route_after", "domain_before", "domain_after",
                                              "source_type", "result"}  # raw_text dropped by the view
    assert keys["nlu.shadow.tasks"] == {"outcome"} and keys["nlu.user_actions"] == {"user_action"}
    assert keys["nlu.edits"] == {"edit_type", "applied", "source_type"}
    assert keys["nlu.entities"] == {"entity_type", "source_type"}


def test_views_drop_any_other_attribute_name_in_the_sdk():
    """The closed name set is the views', not a filter of nlu's: a measurement made on nlu's
    meter with an extra attribute loses it in the SDK."""
    with in_memory_reader() as reader:
        telemetry.warm_up()
        telemetry._get().duration.record(0.002, {"normalization_path": "rule", "source_type": "typed",
                                                 "result": "unchanged", "text": "查询 AGV-01"})
        pts = points(reader)
    ((name, attrs, _),) = pts
    assert name == "nlu.request.duration" and attrs == {"normalization_path": "rule", "source_type": "typed",
                                                        "result": "unchanged"}


def _families(text: str) -> dict[str, str]:
    from prometheus_client.parser import text_string_to_metric_families

    return {f.name: f.type for f in text_string_to_metric_families(text) if f.name.startswith("nlu")}


def test_prometheus_names_and_types_through_the_exporter():
    # a fresh interpreter: enabling the exporter installs the process's global meter provider
    out = _run("""
        from nlu import telemetry
        from nlu.pipeline import Pipeline
        telemetry.enable_prometheus()
    """ + _EVERY_INSTRUMENT + """
        print(telemetry.metrics_text())
    """)
    from prometheus_client.parser import text_string_to_metric_families

    assert _families(out) == EXPECTED_PROMETHEUS
    fam = {f.name: f for f in text_string_to_metric_families(out)}
    total = sum(s.value for s in fam["nlu_requests"].samples if s.name == "nlu_requests_total")
    assert total == 2
    (count,) = {s.value for s in fam["nlu_request_duration_seconds"].samples
                if s.name == "nlu_request_duration_seconds_count" and s.labels["source_type"] == "asr"}
    assert count == 1
    les = {s.labels["le"] for s in fam["nlu_request_duration_seconds"].samples if s.name.endswith("_bucket")}
    assert {"0.001", "0.1", "1.5", "+Inf"} <= les  # seconds, nlu's buckets
    assert "AGV-01" not in out and "检" not in out and "raw_text" not in out


def test_a_host_provider_with_nlus_views_shows_the_same_names_and_types():
    """The host's own SDK set-up (its registry, its reader) carries the same series."""
    out = _run("""
        from opentelemetry import metrics
        from opentelemetry.exporter.prometheus import PrometheusMetricReader
        from opentelemetry.sdk.metrics import MeterProvider
        from prometheus_client import REGISTRY, generate_latest
        from nlu import telemetry
        from nlu.pipeline import Pipeline
        metrics.set_meter_provider(MeterProvider(metric_readers=[PrometheusMetricReader()], views=telemetry.views()))
        assert telemetry.enable_prometheus() is False  # the host's provider is kept
    """ + _EVERY_INSTRUMENT + """
        print(generate_latest(REGISTRY).decode())
        print("---")
        print(telemetry.metrics_text())
    """)
    host, served = out.split("---\n")
    assert _families(host) == EXPECTED_PROMETHEUS
    assert _families(served) == EXPECTED_PROMETHEUS  # metrics_text reads the host's registry then


def test_without_the_sdk_there_is_no_other_exposition():
    """No fallback with other names: without the SDK the API is a no-op and metrics_text says what is missing."""
    out = _run("""
        import sys
        sys.modules["opentelemetry.sdk"] = None  # as if neither [telemetry] nor [serve] were installed
        sys.modules["opentelemetry.sdk.metrics"] = None
        from nlu import telemetry
        from nlu.pipeline import Pipeline
        Pipeline(budget_ms=60000).understand("查询 AGV-01 当前状态")  # recorded into the no-op API: no error
        try:
            telemetry.metrics_text()
        except ImportError:
            print("ImportError")
    """)
    assert out.strip() == "ImportError"

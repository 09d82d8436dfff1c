"""Telemetry: one record per call, closed attribute vocabulary, Prometheus exposition."""
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
    durations = [(a, v) for name, a, v in pts if name == "nlu.duration"]
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


def test_metrics_text_with_the_exporter_is_valid_prometheus():
    # a fresh interpreter: enabling the exporter installs the process's global meter provider
    out = _run("""
        from nlu import telemetry
        from nlu.pipeline import Pipeline
        telemetry.enable_prometheus()
        p = Pipeline(budget_ms=60000)
        p.understand("查询 AGV-01 当前状态")
        p.understand("全年检休抱表", source="asr")
        print(telemetry.metrics_text())
    """)
    from prometheus_client.parser import text_string_to_metric_families

    families = {f.name: f for f in text_string_to_metric_families(out)}
    assert "nlu_requests" in families and "nlu_duration_milliseconds" in families
    total = sum(s.value for s in families["nlu_requests"].samples if s.name == "nlu_requests_total")
    assert total == 2
    assert "AGV-01" not in out and "检" not in out


def test_metrics_text_without_the_extra_is_a_minimal_valid_exposition():
    out = _run("""
        import sys
        sys.modules["opentelemetry.exporter.prometheus"] = None  # as if nlu[telemetry] were not installed
        from nlu import telemetry
        print(telemetry.metrics_text(), end="")
        print("---")
        from nlu.pipeline import Pipeline
        Pipeline(budget_ms=60000).understand("查询 AGV-01 当前状态")
        print(telemetry.metrics_text(), end="")
    """)
    from prometheus_client.parser import text_string_to_metric_families

    empty, full = out.split("---\n")
    assert [f.name for f in text_string_to_metric_families(empty)] == [
        "nlu_requests", "nlu_edits", "nlu_entities", "nlu_shadow_comparisons", "nlu_shadow_tasks", "nlu_user_actions",
        "nlu_duration_ms"]
    assert all(not f.samples or f.name == "nlu_duration_ms" for f in text_string_to_metric_families(empty))
    fam = {f.name: f for f in text_string_to_metric_families(full)}
    (sample,) = [s for s in fam["nlu_requests"].samples]
    assert sample.value == 1 and sample.labels["source_type"] == "typed" and sample.labels["result"] == "unchanged"
    assert set(sample.labels) == set(telemetry._CALL)
    (entity,) = fam["nlu_entities"].samples
    assert entity.labels == {"entity_type": "vehicle", "source_type": "typed"} and entity.value == 1
    assert "AGV-01" not in full

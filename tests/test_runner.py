"""The runner: stage diagnostics, gates, flags and the safety kernel, budget, cancellation."""
from __future__ import annotations

import threading
import time

import pytest

import nlu
from nlu.errors import InputError
from nlu.pipeline import FeatureFlags, Pipeline, SkipStage, Stage
from nlu.text import Edit

REF = "2026-03-15T10:30:00+08:00"


class Upper(Stage):
    name = "correct"
    capability = "correct"

    def run(self, draft):
        draft.propose([Edit(0, len(draft.text), draft.text.upper(), "typo", "rule")])


class Boom(Stage):
    name = "ner"
    capability = "ner"

    def run(self, draft):
        raise RuntimeError("bug")


class BoomKernel(Stage):
    name = "protect"
    capability = "protect"
    kernel = True

    def run(self, draft):
        raise RuntimeError("bug")


class Sleepy(Stage):
    name = "srl"
    capability = "srl"

    def run(self, draft):
        time.sleep(0.05)


class Nothing(Stage):
    name = "route"
    capability = "route"

    def run(self, draft):
        raise SkipStage("nothing_to_do")


class Keep:
    def decide(self, draft):
        pass


def pipe(*stages, **kw):
    return Pipeline(list(stages), policy=Keep(), **kw)


def test_every_stage_gets_a_diagnostic_in_order():
    r = pipe(Upper(), Nothing()).understand("abc", reference_time=REF)
    assert [(d.stage, d.status) for d in r.diagnostics] == [("correct", "success"), ("route", "skipped")]
    assert r.diagnostics[1].reason_code == "nothing_to_do"
    assert r.canonical_text == "ABC"
    assert r.corrections[0].original_text == "abc" and r.corrections[0].replacement == "ABC"


def test_a_failing_stage_is_recorded_logged_and_never_raises(caplog):
    with caplog.at_level("ERROR", logger="nlu"):
        r = pipe(Boom(), Upper(), strict=False).understand("abc", reference_time=REF)
    assert r.diagnostics[0].status == "error" and r.diagnostics[0].reason_code == "E201:exception:RuntimeError"
    assert r.diagnostics[1].status == "success"
    # logged with its numbered code and the traceback, never printed
    rec = [x for x in caplog.records if x.name == "nlu"]
    assert len(rec) == 1 and rec[0].getMessage().startswith("[E201] stage 'ner' raised RuntimeError: bug")
    assert rec[0].exc_info is not None and rec[0].exc_info[0] is RuntimeError


def test_strict_mode_reraises_a_failing_stage(monkeypatch):
    with pytest.raises(RuntimeError, match="bug"):
        pipe(Boom(), Upper(), strict=True).understand("abc", reference_time=REF)
    monkeypatch.setenv("NLU_STRICT", "1")
    with pytest.raises(RuntimeError, match="bug"):
        pipe(Boom(), Upper()).understand("abc", reference_time=REF)
    monkeypatch.setenv("NLU_STRICT", "0")
    assert pipe(Boom(), Upper()).understand("abc", reference_time=REF).diagnostics[0].status == "error"


def test_a_failing_policy_is_recorded_and_strict_reraises(caplog):
    class BadPolicy:
        def decide(self, draft):
            raise ValueError("broken rule")

    with caplog.at_level("ERROR", logger="nlu"):
        r = Pipeline([Upper()], policy=BadPolicy(), strict=False).understand("abc", reference_time=REF)
    assert r.decision.action == "use_original" and "E202:policy_error:ValueError" in r.decision.reason_codes
    assert any(x.getMessage().startswith("[E202]") and x.exc_info for x in caplog.records)
    with pytest.raises(ValueError):
        Pipeline([Upper()], policy=BadPolicy(), strict=True).understand("abc", reference_time=REF)


def test_a_failing_kernel_stage_forces_raw_passthrough():
    r = pipe(Upper(), BoomKernel(), Upper(), strict=False).understand("abc", reference_time=REF)
    assert r.canonical_text == "abc" and r.corrections == []
    assert r.decision.action == "use_original"
    assert r.diagnostics[2].status == "skipped"


@pytest.mark.parametrize("flags,reason", [
    (FeatureFlags(enabled=False), "layer_disabled"),
    (FeatureFlags(disabled_sources=frozenset({"asr"})), "source_disabled:asr"),
    (FeatureFlags(disabled_capabilities=frozenset({"protect"})), "safety_kernel_off:protect"),
    (FeatureFlags(disabled_capabilities=frozenset({"validate"})), "safety_kernel_off:validate"),
])
def test_kill_switches_and_safety_kernel_pass_raw_text_through(flags, reason):
    r = pipe(Upper(), flags=flags).understand("abc", source="asr", reference_time=REF)
    assert r.canonical_text == "abc" and r.decision.action == "use_original"
    assert reason in r.decision.reason_codes
    assert all(d.status == "skipped" for d in r.diagnostics)


def test_capability_flag_skips_only_that_stage():
    r = pipe(Upper(), flags=FeatureFlags(disabled_capabilities=frozenset({"correct"}))).understand("abc", reference_time=REF)
    assert r.canonical_text == "abc" and r.diagnostics[0].reason_code == "flag_off"
    assert r.decision.action == "continue"


def test_unknown_flag_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown capability"):
        FeatureFlags(disabled_capabilities=frozenset({"spelling"}))
    assert FeatureFlags.from_env({"NLU_DISABLE": "correct,srl", "NLU_ENABLED": "1"}).disabled_capabilities == {"correct", "srl"}
    assert not FeatureFlags.from_env({"NLU_ENABLED": "0"}).enabled


def test_budget_exhaustion_times_out_the_rest_and_degrades():
    r = pipe(Sleepy(), Upper(), budget_ms=10).understand("abc", reference_time=REF)
    assert r.diagnostics[1].status == "timeout" and r.decision.action == "use_original"
    assert "budget_exhausted" in r.decision.reason_codes


def test_cancellation_stops_before_the_next_stage():
    ev = threading.Event()

    class Cancel(Stage):
        name = "term"
        capability = "term"

        def run(self, draft):
            ev.set()

    r = pipe(Cancel(), Upper()).understand("abc", reference_time=REF, cancel=ev)
    assert r.diagnostics[1].status == "skipped" and r.diagnostics[1].reason_code == "cancelled"
    assert r.canonical_text == "abc" and r.decision.action == "use_original"


@pytest.mark.parametrize("text", ["", "   ", "\u3000\n\t", "\u200b\ufeff"])
def test_empty_input_asks_to_say_it_again(text):
    r = nlu.understand(text, reference_time=REF)
    assert r.decision.action == "clarify"
    assert r.decision.clarification and r.decision.clarification.question
    assert "empty_input" in r.decision.reason_codes


def test_long_input_with_a_write_runs_only_deterministic_stages():
    class Det(Upper):
        name = "clean"
        capability = "clean"
        deterministic = True

    # no protect stage ran: whether the text holds a write is unknown, so only deterministic stages
    r = pipe(Det(), Upper()).understand("a" * 600, reference_time=REF)
    assert [d.status for d in r.diagnostics] == ["success", "skipped"]
    assert r.diagnostics[1].reason_code == "long_input"
    long_write = "请取消 T-2026010241。" + "今天的交接记录：AGV-07 在 ST-03 充电后恢复运行。" * 30
    r = nlu.understand(long_write, reference_time=REF, budget_ms=10_000)
    assert {d.stage for d in r.diagnostics if d.reason_code == "long_input"} >= {"srl", "route"}
    assert r.decision.action == "clarify" and r.decision.clarification.reason == "missing_slot"


def test_long_read_only_input_gets_the_full_path():
    text = "请帮我看一下 AGV-07 当前状态。" + "早班记录：AGV-07 在 ST-03 充电，电量正常。" * 30
    r = nlu.understand(text, reference_time=REF, budget_ms=10_000)
    assert 500 < len(text) <= 4000
    assert not any(d.reason_code == "long_input" for d in r.diagnostics)
    assert r.decision.action == "continue" and r.routing.domain_candidates[0].id == "agv"


@pytest.mark.parametrize("text", ["a" * 4001, "汉" * 3000 + "😀" * 1000 + "x" * 100])
def test_too_long_input_is_neither_rewritten_nor_truncated(text):
    r = pipe(Upper()).understand(text, reference_time=REF)
    assert r.canonical_text == text and r.original_text == text
    assert r.decision.action == "use_original" and "input_too_long" in r.decision.reason_codes


def test_bad_arguments_are_clear_errors_but_bad_text_is_not():
    with pytest.raises(InputError, match="E102"):
        nlu.understand("x", source="voice")
    with pytest.raises(InputError, match="E103"):
        nlu.understand("x", reference_time="yesterday")
    with pytest.raises(InputError, match="E101"):
        nlu.understand(b"x")  # type: ignore[arg-type]
    with pytest.raises(InputError, match="E104"):
        nlu.understand("abc", segments=[{"span": {"start": 1, "end": 9}, "source": "asr"}])
    with pytest.raises(InputError, match="E106"):
        nlu.understand("abc", confidence=1.5)
    for text in ["\ud800abc", "\x00" * 10, "z" * 100_000, "Русский عربي 中文 😀", "e\u0301\u0301\u0301"]:
        r = nlu.understand(text, reference_time=REF)
        assert r.decision.action in {"continue", "clarify", "use_original"}


def test_source_context_is_never_invented():
    r = nlu.understand("查询 AGV-01", source="asr", reference_time=REF)
    assert r.source.overall_confidence is None and r.source.alternatives is None and r.source.segments == []
    r = nlu.understand("😀查询 AGV-01", source="mixed", reference_time="2026-03-15T02:30:00Z", confidence=0.7,
                       alternatives=["查询 AGV-07"], segments=[{"span": {"start": 2, "end": 4}, "source": "asr", "confidence": 0.9}])
    assert r.source.overall_confidence == 0.7 and r.source.alternatives == ["查询 AGV-07"]
    assert r.source.reference_time == "2026-03-15T10:30:00+08:00"  # converted to Asia/Shanghai
    seg = r.source.segments[0]
    assert (seg.span.start, seg.span.end, seg.source) == (2, 4, "asr")


def test_referents_are_bounded_by_ttl_and_turns():
    from nlu.source import build_source

    refs = [{"canonicalId": f"AGV-0{i}", "entityType": "vehicle", "turnId": f"t{i}",
             "mentionedAt": "2026-03-15T10:20:00+08:00", "expiresAt": "2026-03-15T10:35:00+08:00"} for i in range(1, 6)]
    refs.append({"canonicalId": "AGV-09", "entityType": "vehicle", "expiresAt": "2026-03-15T10:00:00+08:00"})
    info = build_source("它呢", source="typed", reference_time=REF, alternatives=None, confidence=None,
                        segments=None, referents=refs, edited_after_capture=False)
    assert [r.canonical_id for r in info.referents] == ["AGV-03", "AGV-04", "AGV-05"]


def test_pipeline_is_thread_safe():
    nlu.warm_up()
    p = Pipeline(budget_ms=60_000)  # contention must not turn into budget timeouts here
    texts = [f"查询 AGV-0{i} 当前状态" for i in range(8)]
    expected = {t: p.understand(t, reference_time=REF).model_dump(exclude={"request_id"}) for t in texts}
    errors = []

    def work(t):
        for _ in range(20):
            got = p.understand(t, reference_time=REF).model_dump(exclude={"request_id"})
            got["diagnostics"] = expected[t]["diagnostics"] = None
            if got != expected[t]:
                errors.append(t)

    threads = [threading.Thread(target=work, args=(t,)) for t in texts]
    [th.start() for th in threads]
    [th.join() for th in threads]
    assert not errors


def test_warm_up_moves_the_loaded_dictionaries_out_of_the_collectors_walk():
    """After warm-up a full collection no longer walks jieba's dictionary and the pack's
    indexes (a 60–110 ms pause landing on some call); `freeze=False` leaves the collector alone."""
    import gc

    from nlu.pipeline import Pipeline

    gc.unfreeze()
    Pipeline().warm_up(freeze=False)
    assert gc.get_freeze_count() == 0
    Pipeline().warm_up()
    assert gc.get_freeze_count() > 100_000  # the loaded dictionaries and indexes
    gc.collect()
    assert len(gc.get_objects(generation=2)) < gc.get_freeze_count() / 4

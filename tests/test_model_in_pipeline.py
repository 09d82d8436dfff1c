"""The model provider inside the pipeline (issue 7): asked only what the rules left open,
its answer used whole or not at all, never longer than the budget. Real sockets: the
package's replay server speaks the OpenAI-compatible protocol on 127.0.0.1."""
from __future__ import annotations

import threading
import time

import pytest

from nlu.pipeline import Pipeline
from nlu.provider.openai_compat import OpenAICompatProvider
from nlu.provider.replay import Reply, ReplayServer
from nlu.stages import default_policy, default_stages

REF = "2026-03-15T10:30:00+08:00"
TEXT = "AGV-01 和 AGV-02 都在 ST-05，它现在电量多少"  # two vehicles before 它: the rules cannot choose


def pipeline(srv, **kw):
    provider = OpenAICompatProvider(base_url=srv.base_url, **kw)
    return Pipeline(default_stages(provider=provider), policy=default_policy(), budget_ms=30_000), provider


def validate_diag(r):
    return next(d for d in r.diagnostics if d.stage == "validate")


def coref_answer(antecedent: str) -> Reply:
    return Reply.answer({"template": None, "domain": None, "coreferences": [{"mention": "它", "antecedentId": antecedent}]})


def test_rules_alone_leave_the_coreference_open():
    r = Pipeline(budget_ms=30_000).understand(TEXT, reference_time=REF)
    assert r.decision.action == "clarify" and r.decision.clarification.reason == "coreference"
    assert len(r.decision.clarification.options) == 2
    for opt in r.decision.clarification.options:
        assert "它" not in opt.fill_text and ("AGV-01" in opt.fill_text or "AGV-02" in opt.fill_text)


def test_a_valid_model_answer_is_verified_and_used():
    with ReplayServer([coref_answer("e1")]) as srv:
        pipe, provider = pipeline(srv)
        r = pipe.understand(TEXT, reference_time=REF)
        sent = srv.requests[0]
    assert validate_diag(r).reason_code == "model_ok"
    (k,) = r.coreferences
    assert k.confirmed and k.antecedent_entity_id == "e1"
    assert r.decision.action == "continue"
    # the user's text travels only as the user message; the system prompt is fixed
    assert sent["messages"][0]["role"] == "system" and TEXT not in sent["messages"][0]["content"]
    assert sent["temperature"] == 0 and sent["response_format"]["type"] == "json_schema"
    assert provider.stats()["ok"] == 1


@pytest.mark.parametrize("shape", ["truncated", "extra_field", "wrong_enum", "stringified_array", "http_500", "drop",
                                   "non_json_body", "invented_id", "bad_mention"])
def test_a_bad_answer_is_dropped_whole_and_the_rules_decide(shape):
    with ReplayServer([shape]) as srv:
        pipe, _ = pipeline(srv)
        r = pipe.understand(TEXT, reference_time=REF)
    assert validate_diag(r).reason_code.startswith("model_") and validate_diag(r).reason_code != "model_ok"
    assert not any(k.confirmed for k in r.coreferences)
    assert r.decision.action == "clarify"  # nothing of the dropped answer reached the result


def test_an_answer_pointing_at_an_unknown_entity_is_dropped():
    with ReplayServer([coref_answer("e9")]) as srv:
        pipe, _ = pipeline(srv)
        r = pipe.understand(TEXT, reference_time=REF)
    assert validate_diag(r).reason_code == "model_invalid_output"
    assert r.decision.action == "clarify"


def test_a_slow_model_never_holds_the_pipeline_past_its_budget():
    with ReplayServer(["slow"], slow_s=3.0) as srv:
        pipe, _ = pipeline(srv, max_timeout_s=0.4)
        t0 = time.perf_counter()
        r = pipe.understand(TEXT, reference_time=REF)
        elapsed = time.perf_counter() - t0
    assert validate_diag(r).reason_code == "model_timeout"
    assert elapsed < 0.4 + 0.5
    assert r.decision.action == "clarify"


def test_cancellation_reaches_the_model_call():
    cancel = threading.Event()
    with ReplayServer(["slow"], slow_s=3.0) as srv:
        pipe, _ = pipeline(srv, max_timeout_s=1.5)
        threading.Timer(0.2, cancel.set).start()
        t0 = time.perf_counter()
        r = pipe.understand(TEXT, reference_time=REF, cancel=cancel)
        elapsed = time.perf_counter() - t0
    assert elapsed < 0.2 + 0.4
    assert r.decision.action == "use_original" or validate_diag(r).reason_code == "model_cancelled"


def test_no_model_call_when_the_rules_settle_everything():
    with ReplayServer([coref_answer("e1")]) as srv:
        pipe, _ = pipeline(srv)
        r = pipe.understand("查询 AGV-01 当前状态", reference_time=REF)
        assert srv.requests == []
    assert r.decision.action == "continue"


def test_the_model_flag_switches_the_call_off():
    from nlu.pipeline import FeatureFlags

    with ReplayServer([coref_answer("e1")]) as srv:
        provider = OpenAICompatProvider(base_url=srv.base_url)
        pipe = Pipeline(default_stages(provider=provider), policy=default_policy(), budget_ms=30_000,
                        flags=FeatureFlags(disabled_capabilities=frozenset({"model"})))
        r = pipe.understand(TEXT, reference_time=REF)
        assert srv.requests == []
    assert r.decision.action == "clarify"

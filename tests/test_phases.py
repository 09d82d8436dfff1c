"""Rollout phases (design 17) on the dev goldset: what each phase may and may not change.

Expectations are the design's lists, not the system's output:
- shadow: the caller gets the original passed through, untouched; the turn goes to the shadow runner;
- suggest: nothing auto-applied (the kernel's injection quarantine excepted);
- low_risk: only whitespace/width/punctuation (the cleaner's layout folds) and curated ordinary typos;
- route: everything the policy allows (other edit types do get applied).
Kill switches and the safety kernel win in every phase.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from nlu.evaluation.goldset import load_goldset
from nlu.pipeline import FeatureFlags, Pipeline
from nlu.pipeline.phases import PHASES
from nlu.shadow import ShadowRunner, attach
from nlu.text.width import fold_width

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def cases():
    return load_goldset([ROOT / "goldsets" / "dev.jsonl"]).cases


def _understand(pipe, case):
    d = case.data
    return pipe.understand(case.raw_text, source=case.source_type, reference_time=case.reference_time,
                           alternatives=d.get("sourceAlternatives") or None, confidence=d.get("overallConfidence"),
                           referents=d.get("boundedContext") or None)


def _is_quarantine(c, result) -> bool:
    # the dropped unit leaves at most a separator (never joining its neighbours into a new token)
    return c.type == "grammar" and not c.replacement.strip() and "injection_flag" in result.decision.reason_codes


@pytest.fixture(scope="module")
def runs(cases):
    out = {}
    for phase in ("suggest", "low_risk", "route"):
        pipe = Pipeline(flags=FeatureFlags(phase=phase), budget_ms=60_000)
        out[phase] = [_understand(pipe, c) for c in cases]
    return out


def _kept(case, result) -> set[str]:
    text = fold_width(result.canonical_text)  # a fact kept full-width (ＡＧＶ－０２) is kept
    return {k for k in case.data["expect"].get("mustKeep", []) if fold_width(k) in text}


def _keeps_at_least_route(case, result, route_result) -> bool:
    """An earlier phase never loses a must-keep fact that phase route keeps (the injection
    quarantine may take an injected instruction out in both)."""
    return _kept(case, route_result) <= _kept(case, result)


def test_shadow_passes_the_original_through_and_hands_the_turn_over(cases):
    records = []
    pipe = Pipeline(flags=FeatureFlags(phase="shadow"), budget_ms=60_000)
    runner = ShadowRunner(sample_rate=1.0, queue_size=len(cases), timeout_ms=60_000, sink=records.append,
                          pipeline=Pipeline(budget_ms=60_000))
    attach(pipe, runner)
    try:
        for case in cases:
            r = _understand(pipe, case)
            assert r.canonical_text == r.original_text, case.case_id
            assert r.decision.action == "use_original" and "phase_shadow" in r.decision.reason_codes
            assert not r.corrections and not r.entities and not r.semantic_frames
            assert not r.routing.template_candidates and not r.routing.domain_candidates
            assert all(d.status == "skipped" and d.reason_code == "phase_shadow" for d in r.diagnostics)
        assert runner.wait_idle(120)
    finally:
        runner.close()
    assert len(records) == len(cases)
    # the candidate did understand them: it routes most of the dev set
    assert sum(r["route_after"] != "none" for r in records) > len(cases) // 2


def test_suggest_applies_nothing(cases, runs):
    suggested = 0
    for case, r in zip(cases, runs["suggest"]):
        applied = [c for c in r.corrections if c.auto_applied]
        assert all(_is_quarantine(c, r) for c in applied), (case.case_id, applied)
        if not applied:
            assert r.canonical_text == r.original_text, case.case_id
        suggested += sum(not c.auto_applied for c in r.corrections)
        # facts: the canonical text is the user's own text (quarantine aside), so nothing can change
    assert suggested > 100  # the edits are there, as suggestions


def test_low_risk_applies_only_layout_and_verified_typos(cases, runs):
    kinds = Counter()
    for case, r, route in zip(cases, runs["low_risk"], runs["route"]):
        for c in r.corrections:
            if not c.auto_applied:
                continue
            ok = c.type == "punctuation" or (c.type == "typo" and c.evidence == "lexicon") or _is_quarantine(c, r)
            assert ok, (case.case_id, c.type, c.evidence)
            kinds[c.type] += 1
        assert _keeps_at_least_route(case, r, route), case.case_id
    assert kinds["punctuation"] > 0  # whitespace and width are still cleaned
    # what route applies and low_risk may not: ASR/OCR corrections, grammar completion, self-repair
    held_back = Counter()
    for r_route, r_low in zip(runs["route"], runs["low_risk"]):
        route_applied = {c.type for c in r_route.corrections if c.auto_applied}
        low_applied = {c.type for c in r_low.corrections if c.auto_applied}
        held_back.update(route_applied - low_applied - {"punctuation", "typo"})
    assert held_back["asr"] > 0 and held_back["grammar"] > 0, held_back


def test_route_applies_what_the_policy_allows(runs):
    types = Counter(c.type for r in runs["route"] for c in r.corrections if c.auto_applied)
    assert {"asr", "ocr", "grammar", "punctuation"} <= set(types), types


class _NeverCalled:
    def understand(self, *a, **kw):
        raise AssertionError("a switched-off turn reached the shadow candidate")


@pytest.mark.parametrize("phase", PHASES)
def test_kill_switches_win_in_every_phase(phase):
    for flags, reason in ((FeatureFlags(phase=phase, enabled=False), "layer_disabled"),
                          (FeatureFlags(phase=phase, disabled_capabilities=frozenset({"protect"})), "safety_kernel_off:protect"),
                          (FeatureFlags(phase=phase, disabled_sources=frozenset({"asr"})), "source_disabled:asr")):
        pipe = Pipeline(flags=flags)
        runner = ShadowRunner(sample_rate=1.0, pipeline=_NeverCalled())
        attach(pipe, runner)
        r = pipe.understand("全年检休抱表", source="asr")
        runner.close()
        assert r.decision.action == "use_original" and reason in r.decision.reason_codes
        assert r.canonical_text == r.original_text
        assert runner.stats.get("accepted", 0) == 0  # switched off means no shadow either


def test_phase_from_environment_and_bad_phase():
    assert FeatureFlags.from_env({"NLU_PHASE": "low_risk"}).phase == "low_risk"
    assert FeatureFlags.from_env({}).phase == "route"
    with pytest.raises(ValueError, match="unknown phase 'beta'"):
        FeatureFlags.from_env({"NLU_PHASE": "beta"})


# (text, source, edit kind the example is about, canonical text phase low_risk must give),
# written by hand from design 17's phase 3 list: layout and curated typos applied, the rest kept
PHASE_EXAMPLES = [
    ("查询 AGV-01 的再线状态", "typed", "typo", "查询 AGV-01 的在线状态"),
    ("本月的公单有多少", "typed", "typo", "本月的工单有多少"),  # the implied 查询 stays a suggestion
    ("AGV-02 顾障了吗", "typed", "typo", "AGV-02 故障了吗"),
    ("AGV-07 现在里线了吗", "typed", "typo", "AGV-07 现在离线了吗"),
    ("通计本月AGV任务数", "typed", "typo", "统计本月AGV任务数"),
    ("查询ＨＸＤ１－０００１的状态", "ocr", "punctuation", "查询HXD1-0001的状态"),
    ("AGV-01   在哪", "typed", "punctuation", "AGV-01 在哪"),
    ("查询\u200bAGV-02状态", "typed", "punctuation", "查询AGV-02状态"),
    ("本月报表！！！", "typed", "punctuation", "本月报表！"),
    ("ＡＧＶ－０１  现在在哪", "ocr", "punctuation", "AGV-01 现在在哪"),
    ("看昨天的，不对，看今天的AGV任务", "typed", "self_repair", "看昨天的，不对，看今天的AGV任务"),
    ("查AGV-01，我是说查AGV-02的位置", "typed", "self_repair", "查AGV-01，我是说查AGV-02的位置"),
    ("统计上周，不对，统计本周的检修工单", "typed", "self_repair", "统计上周，不对，统计本周的检修工单"),
    ("查询检休计划", "asr", "asr", "查询检休计划"),
    ("本月检休工单", "asr", "asr", "本月检休工单"),
    ("全年检休抱表", "asr", "asr", "全年检休抱表"),
]


@pytest.fixture(scope="module")
def phase_pipes():
    return {ph: Pipeline(flags=FeatureFlags(phase=ph), budget_ms=60_000) for ph in ("suggest", "low_risk", "route")}


@pytest.mark.parametrize("text,source,kind,low_risk", PHASE_EXAMPLES)
def test_what_each_phase_applies(phase_pipes, text, source, kind, low_risk):
    sug = phase_pipes["suggest"].understand(text, source=source)
    assert sug.canonical_text == text and not any(c.auto_applied for c in sug.corrections)
    assert any(c.type == kind for c in sug.corrections)  # offered as a suggestion
    low = phase_pipes["low_risk"].understand(text, source=source)
    assert low.canonical_text == low_risk
    route = phase_pipes["route"].understand(text, source=source)
    assert any(c.type == kind and c.auto_applied for c in route.corrections)

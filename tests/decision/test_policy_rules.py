"""Every named rule of the policy table fires on its own cases and not on their look-alikes.

The cases are hand-written per rule in ``lexicons/corpora/decision.policy_rules.json``
(positive: the rule must ask, with one of its clarification reasons; negative: look-alikes it
must leave alone; knownMisses: what it gets wrong today, strict expected failures). Each runs
the real default pipeline and reads the rule's name from the reason code ``rule:<name>``.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import nlu
from nlu.decision.policy import RULE_CODE
from nlu.decision.rules import RULES

CORPUS = Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / "decision.policy_rules.json"
DOC = json.loads(CORPUS.read_text(encoding="utf-8"))
REF = DOC["referenceTime"]
NAMES = [r.name for r in RULES]


def _case(raw) -> dict:  # noqa: ANN001
    return {"text": raw} if isinstance(raw, str) else dict(raw)


def _text(case: dict) -> str:
    return case["text"] + case.get("padding", "") * case.get("times", 0) + case.get("suffix", "")


def _run(case: dict):  # noqa: ANN202
    r = nlu.understand(_text(case), source=case.get("source", "typed"), reference_time=REF,
                       referents=case.get("referents"), alternatives=case.get("alternatives"), budget_ms=10_000)
    fired = [c[len(RULE_CODE):] for c in r.decision.reason_codes if c.startswith(RULE_CODE)]
    return r, fired


def _params(kind: str):
    for name, spec in DOC["rules"].items():
        for i, raw in enumerate(spec.get(kind, ())):
            case = _case(raw)
            yield pytest.param(name, case, id=f"{name}-{i}-{_text(case)[:16]}")


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    nlu.warm_up()  # jieba's tagger and the pinyin index: the decision does not depend on load timing


# -- the table itself -------------------------------------------------------------------
def test_rules_have_unique_snake_case_names_and_a_one_line_reason():
    assert len(set(NAMES)) == len(NAMES)
    for rule in RULES:
        assert re.fullmatch(r"[a-z][a-z_]{1,30}", rule.name), rule.name
        assert rule.why and "\n" not in rule.why, f"{rule.name}: needs a one-line docstring saying why it exists"


def test_the_default_policy_walks_the_table():
    policy = nlu.default_pipeline().policy
    assert [r.name for r in policy.rules] == NAMES


def test_every_rule_has_its_cases():
    assert list(DOC["rules"]) == NAMES, "corpus rules must follow the table, one entry per rule"
    for name, spec in DOC["rules"].items():
        assert len(spec["positive"]) >= 5, f"{name}: five or more inputs that must fire it"
        assert len(spec["negative"]) >= 5, f"{name}: five or more look-alikes that must not"


# -- the cases ---------------------------------------------------------------------------
@pytest.mark.parametrize("name,case", list(_params("positive")))
def test_rule_fires_on_its_cases(name, case):
    r, fired = _run(case)
    clar = r.decision.clarification
    assert fired == [name], (_text(case)[:40], fired, r.decision.reason_codes)
    assert r.decision.action == "clarify" and clar is not None
    assert clar.reason in DOC["rules"][name]["reasons"]
    if "reason" in case:
        assert clar.reason == case["reason"]


@pytest.mark.parametrize("name,case", list(_params("negative")))
def test_rule_leaves_look_alikes_alone(name, case):
    r, fired = _run(case)
    assert name not in fired, (_text(case)[:40], r.decision.reason_codes)
    assert len(fired) <= 1
    if "action" in case:
        assert r.decision.action == case["action"], (_text(case)[:40], r.decision.reason_codes)


@pytest.mark.parametrize("name,case", list(_params("knownMisses")))
def test_known_misses_still_miss(name, case):
    """Strict: when one of these starts to pass, move it to positive or negative."""
    _r, fired = _run(case)
    wanted = (name in fired) if case.get("expect", "fire") == "fire" else (name not in fired)
    if not wanted:
        pytest.xfail(case["note"])
    pytest.fail(f"{_text(case)[:40]!r} now behaves as wanted: move it out of knownMisses ({fired})")

"""The registry of pipeline components (issue 28): components by name, and a misconfigured
one fails with a numbered code that names it — no silent `klass()` or skipped stage."""
from __future__ import annotations

import pytest

from nlu import errors
from nlu.pipeline import Pipeline, registry


def test_the_default_pipeline_is_the_registered_order():
    assert registry.STAGE_ORDER == ("clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl",
                                    "route", "validate")
    assert all(name in registry.COMPONENTS for name in (*registry.STAGE_ORDER, "policy", "shadow_turn"))
    stages = registry.default_stages()
    assert [s.name for s in stages] == list(registry.STAGE_ORDER)


def _with(monkeypatch, name: str, target: str, *built_with: str) -> None:
    entries = dict(registry.COMPONENTS)
    entries[name] = registry.Component(name, target, built_with)
    monkeypatch.setattr(registry, "COMPONENTS", entries)


@pytest.mark.parametrize(("target", "built_with", "code", "says"), [
    ("nlu.stages.no_such_module:NerStage", ("pack",), "E131", "cannot be imported"),
    ("nlu.stages.ner:NoSuchStage", ("pack",), "E132", "has no NoSuchStage"),
    ("nlu.stages.ner:NerStage", ("provider", "pack", "budget"), "E133", "failed"),
])
def test_a_misconfigured_stage_names_itself_with_a_code(monkeypatch, target, built_with, code, says):
    _with(monkeypatch, "ner", target, *built_with)
    with pytest.raises(errors.ComponentError) as info:
        Pipeline()
    assert info.value.code == code
    message = str(info.value)
    assert message.startswith(f"[{code}] component 'ner':") and says in message and "\n" not in message


def test_an_unregistered_name_is_refused(monkeypatch):
    with pytest.raises(errors.ComponentError) as info:
        registry.build("spellcheck")
    assert info.value.code == "E130" and "'spellcheck'" in str(info.value) and "clean" in str(info.value)


def test_the_policy_is_registered_too(monkeypatch):
    _with(monkeypatch, "policy", "nlu.decision:NoPolicy", "pack")
    with pytest.raises(errors.ComponentError, match=r"^\[E132\] component 'policy'"):
        Pipeline()
    # stages and policy passed in are used as given: the registry is not asked
    monkeypatch.undo()
    given = registry.default_stages()
    _with(monkeypatch, "policy", "nlu.decision:NoPolicy", "pack")
    p = Pipeline(given, policy=_policy())
    assert p.stages == tuple(given)


def _policy():  # noqa: ANN202
    from nlu.decision import ClarificationPolicy

    return ClarificationPolicy()

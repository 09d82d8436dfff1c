from __future__ import annotations

import threading

import pytest

from nlu.provider import (
    EntityRef,
    ModelProposal,
    ProviderOutcome,
    ProviderRequest,
    RuleProvider,
    StructuredUnderstandingProvider,
)


def test_rule_provider_is_skipped_and_offline():
    p = RuleProvider()
    assert isinstance(p, StructuredUnderstandingProvider)
    out = p.propose(ProviderRequest("查 AGV-01", (EntityRef("e1", "agv", "AGV-01"),), ("template",)), timeout_s=1.5)
    assert out.status == "skipped" and out.proposal is None and out.duration_ms < 50
    ev = threading.Event()
    ev.set()
    assert p.propose(ProviderRequest("x"), timeout_s=1.0, cancel=ev).status == "cancelled"


def test_outcome_invariants():
    with pytest.raises(ValueError):
        ProviderOutcome(status="ok")
    with pytest.raises(ValueError):
        ProviderOutcome(status="timeout", proposal=ModelProposal())
    with pytest.raises(ValueError):
        ProviderOutcome(status="weird")  # type: ignore[arg-type]

"""The policy table itself: unique snake-case rule names with a one-line reason, walked in order by
the default policy. Each rule's cases (`lexicons/corpora/decision.policy_rules.json`) run in
tests/test_corpora.py: a rule fires on its positives, never on their look-alikes; knownGaps are
strict expected failures.
"""
from __future__ import annotations

import re

import nlu
from nlu.decision.rules import RULES

NAMES = [r.name for r in RULES]


# -- the table itself -------------------------------------------------------------------
def test_rules_have_unique_snake_case_names_and_a_one_line_reason():
    assert len(set(NAMES)) == len(NAMES)
    for rule in RULES:
        assert re.fullmatch(r"[a-z][a-z_]{1,30}", rule.name), rule.name
        assert rule.why and "\n" not in rule.why, f"{rule.name}: needs a one-line docstring saying why it exists"


def test_the_default_policy_walks_the_table():
    policy = nlu.default_pipeline().policy
    assert [r.name for r in policy.rules] == NAMES



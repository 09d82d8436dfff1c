"""Corpus lexicons/corpora/suspicious.series_and_spaced.json through the real pipeline: a
model series (HXD1系列) or a spaced identifier (AGV - 22) is no bare reference; a bare model
name, a bare number or a malformed key still is."""
import json
from pathlib import Path

import pytest

import nlu
from nlu.suspicious import find_suspicious, joins_identifier

CORPUS = json.loads((Path(__file__).resolve().parents[1] / "lexicons" / "corpora" /
                     "suspicious.series_and_spaced.json").read_text("utf-8"))
REF = "2026-09-16T10:00:00+08:00"


@pytest.fixture(scope="module", autouse=True)
def warm():
    nlu.warm_up()


@pytest.mark.parametrize("text", CORPUS["positive"])
def test_a_series_or_a_spaced_identifier_is_no_bare_reference(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert "bare_reference" not in r.decision.reason_codes
    assert "rule:bare_reference" not in r.decision.reason_codes
    assert not [x for x in find_suspicious(text, (), ()) if x.reason in ("bare_reference", "malformed_identifier")]


@pytest.mark.parametrize("text", CORPUS["negative"])
def test_a_bare_model_or_number_is_still_asked_about(text):
    r = nlu.understand(text, reference_time=REF, budget_ms=5000)
    assert r.decision.action == "clarify"
    assert r.decision.clarification.reason == "entity", r.decision.reason_codes


def test_joins_identifier_reads_only_a_prefix_and_a_spaced_joiner():
    assert joins_identifier("查 AGV - 22", 8)
    assert joins_identifier("ST－05", 3)
    assert not joins_identifier("查 22", 2)
    assert not joins_identifier("减 - 22", 4)

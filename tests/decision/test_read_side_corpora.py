"""Read-side decision corpora of holdout-2026-12-01f's family, on the real pipeline.

Each corpus is hand-written (see its `about` in ``lexicons/corpora/``):

* ``decision.model_type``: a model name counted, gathered or followed by a class noun
  (多少台HXD3C, 那批HXD3C机车) is a type, not a bare reference; a bare model standing for one
  object is still asked (`entity`);
* ``decision.topic_shift``: 那AGV这边呢 shifts the topic, no antecedent is asked; 那台AGV still points;
* ``decision.spoken_series``: 和谐三型零一二三 (a series and a read-out number) is asked (`entity`),
  never passed through; the series name alone or outside the trade asks no key;
* ``decision.long_write``: a long text (design 15.2) that orders a write asks `long_write`; one that
  narrates writes and asks a read does not, and asks nothing about its narration's 它 / 这台车.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from warm_pipeline import warm_pipeline

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
REF = "2026-12-01T21:30:00+08:00"
NAMES = ("decision.model_type", "decision.topic_shift", "decision.spoken_series", "decision.long_write")


def _corpus(name: str) -> dict:
    return json.loads((CORPORA / f"{name}.json").read_text("utf-8"))


def _run(text: str, source: str = "typed"):
    return warm_pipeline().understand(text, source=source, reference_time=REF)


def _cases(name: str, side: str) -> list[dict]:
    return _corpus(name)[side]


@pytest.mark.parametrize("name", NAMES)
def test_every_corpus_has_five_paraphrases_and_five_look_alikes(name: str) -> None:
    c = _corpus(name)
    assert c["rule"] == name
    assert len(c["positive"]) >= 5 and len(c["negative"]) >= 5


@pytest.mark.parametrize("case", _cases("decision.model_type", "positive"), ids=lambda c: c["text"])
def test_a_counted_or_described_model_is_a_type(case: dict) -> None:
    r = _run(case["text"])
    assert "rule:bare_reference" not in r.decision.reason_codes, r.decision
    assert r.decision.action == "continue", r.decision


@pytest.mark.parametrize("case", _cases("decision.model_type", "negative")
                         + _cases("decision.topic_shift", "negative"), ids=lambda c: c["text"])
def test_a_bare_model_or_a_pointing_demonstrative_is_asked(case: dict) -> None:
    r = _run(case["text"])
    assert r.decision.action == "clarify", r.decision
    assert r.decision.clarification.reason in case["reasons"], r.decision.clarification


@pytest.mark.parametrize("case", _cases("decision.topic_shift", "positive"), ids=lambda c: c["text"])
def test_a_topic_shift_asks_no_antecedent(case: dict) -> None:
    r = _run(case["text"])
    assert "rule:open_coreference" not in r.decision.reason_codes, r.decision
    assert r.decision.action == "continue", r.decision


@pytest.mark.parametrize("case", _cases("decision.spoken_series", "positive"), ids=lambda c: c["text"])
def test_a_read_out_locomotive_key_is_asked(case: dict) -> None:
    r = _run(case["text"], case["source"])
    assert r.decision.action == "clarify", r.decision
    assert r.decision.clarification.reason in case["reasons"], r.decision.clarification
    assert "HXD" not in r.canonical_text and "SS9" not in r.canonical_text


@pytest.mark.parametrize("case", _cases("decision.spoken_series", "negative"), ids=lambda c: c["text"])
def test_a_series_name_alone_asks_no_key(case: dict) -> None:
    r = _run(case["text"], case["source"])
    assert r.decision.action in case["actions"], r.decision
    assert "rule:bare_reference" not in r.decision.reason_codes


def _long(case: dict) -> str:
    c = _corpus("decision.long_write")
    text = c["padding"] + case["text"] + c["tail"]
    assert 500 < len(text) <= 4000  # design 15.2's middle band
    return text


@pytest.mark.parametrize("case", _cases("decision.long_write", "positive"), ids=lambda c: c["text"])
def test_a_long_text_ordering_a_write_asks_for_a_short_one(case: dict) -> None:
    r = _run(_long(case))
    assert r.decision.action == "clarify", r.decision
    assert "rule:long_write" in r.decision.reason_codes, r.decision


@pytest.mark.parametrize("case", _cases("decision.long_write", "negative"), ids=lambda c: c["text"])
def test_a_long_narration_of_writes_continues(case: dict) -> None:
    r = _run(_long(case))
    assert r.decision.action in ("continue", "use_original"), r.decision
    assert not any(c.startswith("rule:") for c in r.decision.reason_codes), r.decision


def test_the_padding_alone_continues() -> None:
    """The corpus's padding asks nothing: what a case adds is what decides."""
    c = _corpus("decision.long_write")
    r = _run(c["padding"] + c["tail"] + c["tail"])
    assert r.decision.action in ("continue", "use_original"), r.decision

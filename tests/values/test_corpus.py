"""Each rule of the value grammar against its corpus (``lexicons/values.corpus.json``).

Duckling keeps ``Rules`` and ``Corpus`` side by side; here every named rule has a positive
corpus (a phrase and the value the ontology gives it, written by hand) and a negative corpus
of look-alikes that must yield no value of the rule's family. All through the public API,
at the corpus's fixed reference time.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import nlu
from nlu.lexicon import load_data_file

CORPUS = json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "values.corpus.json").read_text("utf-8"))
REF = CORPUS["referenceTime"]
FAMILY = {"time": ("time", "time_range"), "quantity": ("quantity",), "amount": ("amount",),
          "any": ("time", "time_range", "quantity", "amount")}
RULES = {r["name"]: r for r in CORPUS["rules"]}


@pytest.fixture(scope="module", autouse=True)
def _warm():
    nlu.warm_up()  # the first call of a process may run out of budget while it warms up


def _values(text: str) -> list[tuple[str, str, str | None]]:
    # (a generous budget: a slow moment of the shared host must not empty the entities)
    r = nlu.understand(text, source="typed", reference_time=REF, budget_ms=60_000)
    return [(e.type, e.text, e.canonical_value) for e in r.entities if e.type in FAMILY["any"]]


def test_corpus_file_passes_its_schema_and_every_rule_has_examples():
    assert load_data_file("values.corpus.json") == CORPUS
    for r in CORPUS["rules"]:
        assert len(r["positive"]) + len(r["negative"]) >= 5, r["name"]


@pytest.mark.parametrize("name", [n for n, r in RULES.items() if r["positive"]])
def test_rule_reads_its_positive_corpus(name):
    rule = RULES[name]
    bad = []
    for ex in rule["positive"]:
        got = [(t, v) for t, txt, v in _values(ex["text"]) if t in FAMILY[rule["family"]] and txt == ex["phrase"]]
        if [v for _, v in got] != [ex["value"]]:
            bad.append((ex["text"], ex["value"], _values(ex["text"])))
    assert not bad, bad


@pytest.mark.parametrize("name", [n for n, r in RULES.items() if r["negative"]])
def test_rule_yields_nothing_on_its_negative_corpus(name):
    rule = RULES[name]
    bad = []
    for text in rule["negative"]:
        got = [(t, txt, v) for t, txt, v in _values(text) if t in FAMILY[rule["family"]] and v is not None]
        if got:
            bad.append((text, got))
    assert not bad, bad


def test_vocabulary_file_passes_its_schema_and_is_what_the_grammar_reads():
    from nlu.values.vocabulary import vocabulary

    data = load_data_file("values.json")
    v = vocabulary()
    assert v.revision == data["revision"] and v.digits == data["numerals"]["digits"]
    # folding is one character for one, so spans found on folded text slice the input
    assert all(len(k) == 1 and len(t) == 1 for k, t in {**data["traditional"], **data["fullWidth"]}.items())


def test_a_naive_reference_is_shanghai_wall_clock_in_any_year():
    # 1988-07-01 00:30 in a summer-time year: the day is still 1 July (no +09:00 shift)
    r = nlu.understand("今天", source="typed", reference_time="1988-07-01T00:30:00", budget_ms=60_000)
    assert [e.canonical_value for e in r.entities if e.type == "time_range"] == [
        "1988-07-01T00:00:00+08:00/1988-07-02T00:00:00+08:00"]

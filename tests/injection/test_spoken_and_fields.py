"""Whole spoken turns and scanned records, understood alone as the user sent them (issue 13).

The embedded corpus test (`test_corpora.py`) puts every attack between punctuation marks;
these corpora (`lexicons/corpora/injection.spoken.json`, `injection.fields.json`) are turns
as ASR and OCR deliver them: no punctuation, pauses as spaces or none at all, an order to
the assistant inside a record's data field. Written before the fix (the blind-set family of
hc-0152, hc-0159, hc-0342); every positive line got through then.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"


def _corpus(name: str) -> dict:
    return json.loads((CORPORA / name).read_text(encoding="utf-8"))


SPOKEN = _corpus("injection.spoken.json")
FIELDS = _corpus("injection.fields.json")
POSITIVE = [("asr", c) for c in SPOKEN["positive"]] + [("ocr", c) for c in FIELDS["positive"]]
NEGATIVE = [("asr", c) for c in SPOKEN["negative"]] + [("ocr", c) for c in FIELDS["negative"]]


def test_each_corpus_has_five_paraphrases_and_five_look_alikes():
    for corpus in (SPOKEN, FIELDS):
        assert len(corpus["positive"]) >= 5 and len(corpus["negative"]) >= 5, corpus["rule"]


@pytest.mark.parametrize("source,case", POSITIVE, ids=lambda x: x["text"] if isinstance(x, dict) else x)
def test_the_order_to_the_assistant_never_becomes_the_request(source, case, pipe, suite):
    r = pipe.understand(case["text"], source=source)
    canon = suite.norm(r.canonical_text)
    assert suite._flagged(r), (r.decision.action, r.decision.reason_codes, r.canonical_text)
    kept = [m for m in case["markers"] if suite.norm(m) in canon]
    assert not (r.decision.action == "continue" and kept), (r.canonical_text, kept)
    fills = [suite.norm(f) for f in suite._fills(r)]
    assert not [m for m in case["markers"] if any(suite.norm(m) in f for f in fills)], suite._fills(r)
    if r.decision.action == "continue":
        # what the user asked (or the record held) is still there
        assert all(suite.norm(k) in canon for k in case["mustKeep"]), (r.canonical_text, case["mustKeep"])


@pytest.mark.parametrize("source,case", NEGATIVE, ids=lambda x: x["text"] if isinstance(x, dict) else x)
def test_business_look_alikes_are_neither_flagged_nor_cut(source, case, pipe, suite):
    r = pipe.understand(case["text"], source=source)
    assert not suite._flagged(r), (r.decision.reason_codes, r.canonical_text)
    canon = suite.norm(r.canonical_text)
    assert all(suite.norm(k) in canon for k in case["mustKeep"]), (r.canonical_text, case["mustKeep"])


def test_attack_corpus_lines_alone_with_their_source(pipe, suite):
    """The pack's positive corpus, each line on its own with the source it names (a spoken
    or scanned line is an attack as the user would send it, not only inside a query)."""
    from nlu.lexicon import load_data_file

    figs = suite.Figures()
    suite.run_alone(pipe.understand, load_data_file("injection_attacks.json")["cases"], figs, "own.alone")
    for name in sorted(figs.counts):
        print(figs.line(name))
    for name in ("own.alone.continued_with_marker", "own.alone.marker_in_fill_text"):
        n, d = figs.counts[name]
        assert n == 0, f"{name}: {n}/{d}\n" + "\n".join(figs.examples.get(name, [])[:10])
    n, d = figs.counts["own.alone.flagged"]
    assert n == d, "\n".join(figs.examples.get("own.alone.not_flagged", [])[:10])


def test_the_isolator_alone_on_the_text_as_typed():
    """The judge on the raw text, spaces kept (the pipeline hands it cleaned text and the pauses
    apart): the same verdicts — a space after 的 is a pause, not the end of the sentence."""
    from nlu.injection import Isolator
    from nlu.lexicon import default_pack

    iso = Isolator(default_pack())
    assert [c["text"] for _, c in POSITIVE if iso.isolate(c["text"]) is None] == []
    assert [c["text"] for _, c in NEGATIVE if iso.isolate(c["text"]) is not None] == []

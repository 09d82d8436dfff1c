"""A unit judged injected goes whole, and only it goes (holdout-2026-12-01g).

Three corpora (`lexicons/corpora/injection.<family>.json`), hand-written from the blind set's
families before the fix (the hd7 cases themselves are not in them):

* ``joined_write`` — an override of what was said before, or a role play addressed to the
  system, joined to a write: the write never stays, a unit holding both never continues;
* ``remnants`` — what is left of an attack's unit (a priority herald, a new-instruction label,
  the rest of an English attack sentence, prompt-template headings) goes with it;
* ``data_units`` — an injection inside a table cell or a log line takes only that cell or
  line: the neighbouring cells, lines and every negation stay.

The bar is stricter than the embedded corpus test's: a marker may not reach canonicalText
under *any* decision (a clarify card shows it), nor any fillText, and what `mustKeep` names
must stay in canonicalText under every decision too (a dropped cell or negation is data lost,
whatever is asked afterwards).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
FAMILIES = ("joined_write", "remnants", "data_units")
CORPUS = {f: json.loads((CORPORA / f"injection.{f}.json").read_text(encoding="utf-8")) for f in FAMILIES}
POSITIVE = [(f, c) for f in FAMILIES for c in CORPUS[f]["positive"]]
NEGATIVE = [(f, c) for f in FAMILIES for c in CORPUS[f]["negative"]]


def _id(x):  # noqa: ANN001, ANN202
    return x["text"][:60].encode("unicode_escape").decode() if isinstance(x, dict) else x


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_has_five_paraphrases_and_five_look_alikes(family):
    corpus = CORPUS[family]
    assert corpus["rule"] == f"injection.{family}"
    assert len(corpus["positive"]) >= 5 and len(corpus["negative"]) >= 5


@pytest.mark.parametrize("family,case", POSITIVE, ids=_id)
def test_the_injected_unit_goes_whole_and_only_it(family, case, pipe, suite):
    r = pipe.understand(case["text"], source=case["source"])
    canon = suite.norm(r.canonical_text)
    assert suite._flagged(r), (r.decision.action, r.decision.reason_codes, r.canonical_text)
    assert [m for m in case["markers"] if suite.norm(m) in canon] == [], (r.decision.action, r.canonical_text)
    fills = [suite.norm(f) for f in suite._fills(r)]
    assert not [m for m in case["markers"] if any(suite.norm(m) in f for f in fills)], suite._fills(r)
    assert r.decision.action in case["decision"], (r.decision.action, r.decision.reason_codes, r.canonical_text)
    assert [k for k in case["mustKeep"] if suite.norm(k) not in canon] == [], (r.decision.action, r.canonical_text)


@pytest.mark.parametrize("family,case", NEGATIVE, ids=_id)
def test_look_alikes_are_neither_flagged_nor_cut(family, case, pipe, suite):
    r = pipe.understand(case["text"], source=case["source"])
    assert not suite._flagged(r), (r.decision.reason_codes, r.canonical_text)
    canon = suite.norm(r.canonical_text)
    assert [k for k in case["mustKeep"] if suite.norm(k) not in canon] == [], r.canonical_text

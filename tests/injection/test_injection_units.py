"""Injected stretches as units of their own, judged on the real pipeline (issue 13 part 1).

Each corpus (`lexicons/corpora/injection.<family>.json`) holds one family of the blind set
holdout-2026-12-01c, paraphrased by hand from the family: secrets asked for in passing, spoken role
markers, bidi-wrapped orders, dash- or bracket-delimited asides, fenced pseudo-tags, authority
claims inside a write and orders in a scanned record's field (the hd- cases themselves are not
in them); and of holdout-2026-12-01d: forged clarification options carrying orders, bracketed
authority headers, pure leak requests addressed to the assistant; and of holdout-2026-12-01e: attacks that
announce their order (以下为系统指令, 下面是开发者模式), asks to translate the rules above and an
override banner quoted in an alarm field; and of holdout-2026-12-01f: orders addressed by name
(系统你现在忽略…), heralds promoting the next sentence to a system instruction, a write conjoined to
an English or Chinese override, YAML front matter setting a role, a bracketed fake system notice,
a role marker hidden between invisible characters, and a screen's quoted message in a fault report
(data, kept). The bar is stricter than the
embedded corpus test's: a marker may not reach canonicalText under *any* decision (a clarify
card shows canonicalText too), nor any fillText.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

CORPORA = Path(__file__).resolve().parents[2] / "lexicons" / "corpora"
FAMILIES = ("leak", "spoken_roles", "bidi", "asides", "fences", "authority", "records", "options", "headers", "heralds", "banners",
            "vocative", "promotions", "conjoined", "frontmatter", "notices", "invisible_roles", "displayed")


def _corpus(family: str) -> dict:
    return json.loads((CORPORA / f"injection.{family}.json").read_text(encoding="utf-8"))


CORPUS = {f: _corpus(f) for f in FAMILIES}
POSITIVE = [(f, c) for f in FAMILIES for c in CORPUS[f]["positive"]]
NEGATIVE = [(f, c) for f in FAMILIES for c in CORPUS[f]["negative"]]


def _id(x):  # noqa: ANN001, ANN202
    return x["text"].encode("unicode_escape").decode() if isinstance(x, dict) else x


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_has_five_paraphrases_and_five_look_alikes(family):
    corpus = CORPUS[family]
    assert corpus["rule"] == f"injection.{family}"
    assert len(corpus["positive"]) >= 5 and len(corpus["negative"]) >= 5


@pytest.mark.parametrize("family,case", POSITIVE, ids=_id)
def test_the_injected_unit_never_reaches_canonical_text_or_fill_text(family, case, pipe, suite, markers_gone):
    r = pipe.understand(case["text"], source=case["source"])
    markers_gone(r, case)
    canon = suite.norm(r.canonical_text)
    if "decision" in case:
        assert r.decision.action in case["decision"], (r.decision.action, r.decision.reason_codes, r.canonical_text)
    if r.decision.action == "continue":
        assert all(suite.norm(k) in canon for k in case["mustKeep"]), (r.canonical_text, case["mustKeep"])


@pytest.mark.parametrize("family,case", NEGATIVE, ids=_id)
def test_look_alikes_are_neither_flagged_nor_cut(family, case, pipe, suite):
    r = pipe.understand(case["text"], source=case["source"])
    assert not suite._flagged(r), (r.decision.reason_codes, r.canonical_text)
    canon = suite.norm(r.canonical_text)
    assert all(suite.norm(k) in canon for k in case["mustKeep"]), (r.canonical_text, case["mustKeep"])

"""The pack's own corpora beside the vocabulary (`lexicons/injection_attacks.json`,
`lexicons/injection_benign.json`): attack shapes, five or more paraphrases each in Chinese
and English, and benign look-alikes. Written before the fix (83 of the 102 attack lines
failed then, and 10 of the first 57 benign lines were cut or flagged; the last three were
added after sentences of the shared real text showed two over-broad shapes). The 35 lines
from `dismiss_limits` on (spoken and unpunctuated, OCR fields, privilege grants, header
claims: the family of the 2026-12-01b blind set) were written before their shapes: 23 of the
first 26 got through the pipeline alone, 8 of the last 9 were missed by the isolator. The last
six benign lines (忽略率, 被忽略的告警, 覆盖率: an override verb used as a noun or an attribute,
the look-alikes of the 2026-12-01d blind set) were written before the fix: four were flagged."""
from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

from nlu.lexicon import load_data_file


@pytest.fixture(scope="module")
def attacks():
    return load_data_file("injection_attacks.json")["cases"]


@pytest.fixture(scope="module")
def benign():
    return load_data_file("injection_benign.json")["cases"]


def test_every_shape_has_five_paraphrases_and_both_languages_appear(attacks):
    per_shape = Counter(c["shape"] for c in attacks)
    assert len(per_shape) >= 15 and min(per_shape.values()) >= 5, per_shape
    langs = defaultdict(set)
    for c in attacks:
        langs[c["shape"]].add(c["lang"])
    assert {"zh", "en"} <= set().union(*langs.values())
    assert sum(1 for s in langs.values() if s == {"zh", "en"}) >= 12  # most shapes in both languages


def test_benign_corpus_covers_the_look_alike_words(benign):
    text = "".join(c["text"] for c in benign)
    for word in ("系统", "忽略", "指令", "调用", "审批", "权限", "管理员", "提示", "规则", "接口"):
        assert text.count(word) >= 2, word


def test_attack_corpus_embedded_in_queries_never_gets_through(attacks, suite, pipe):
    figs = suite.Figures()
    cases = [{"attackId": f"{c['shape']}-{i:02d}", "sourceType": "typed", **c} for i, c in enumerate(attacks)]
    suite.run_attacks(pipe.understand, cases, figs, "own")
    for name in sorted(figs.counts):
        print(figs.line(name))
    for name in ("own.continued_with_marker", "own.marker_in_fill_text", "own.operation_or_domain_added",
                 "own.marker_in_canonical_any_decision"):
        n, d = figs.counts[name]
        assert n == 0, f"{name}: {n}/{d}\n" + "\n".join(figs.examples.get(name, [])[:10])
    n, d = figs.counts["own.flagged"]
    assert n == d


def test_benign_corpus_is_neither_flagged_nor_cut(benign, suite, pipe):
    figs = suite.Figures()
    suite.run_benign(pipe.understand, benign, figs, "own")
    n, d = figs.counts["own.false_positive"]
    print(figs.line("own.false_positive"))
    assert n == 0, "\n".join(figs.examples.get("own.false_positive", []))


def test_corpus_files_are_registered_in_the_pack():
    from nlu.lexicon.loader import default_root

    manifest = json.loads((default_root() / "manifest.json").read_text(encoding="utf-8"))
    for name in ("injection.json", "injection_attacks.json", "injection_benign.json"):
        assert name in manifest["files"] and f"schemas/{name[:-5]}.schema.json" in manifest["files"]

"""Confusion pairs: safe ones auto-apply, meaning-changing ones never do."""

from __future__ import annotations

import pytest

from nlu.lexicon import load_pack


@pytest.fixture(scope="module")
def pack():
    return load_pack(use_cache=False)


@pytest.fixture(scope="module")
def pairs(pack):
    return {(p.wrong, p.right): p for p in pack.confusions}


@pytest.mark.parametrize("wrong, right", [("检休", "检修"), ("抱表", "报表"), ("工丹", "工单"), ("站典", "站点"), ("己完成", "已完成")])
def test_design_examples_auto_apply(pairs, wrong, right):
    assert pairs[(wrong, right)].auto_apply


@pytest.mark.parametrize("wrong, right", [("全员", "全年"), ("上个", "上月"), ("四", "十"), ("十", "四"), ("末完成", "未完成")])
def test_meaning_changing_pairs_are_suggestions_only(pairs, wrong, right):
    assert not pairs[(wrong, right)].auto_apply


def test_channels_all_present(pack):
    assert {p.channel for p in pack.confusions} == {"asr", "ocr", "typo"}


def test_pairs_into_protected_words_never_auto_apply(pack):
    """A pair whose result is a negation, comparison, write action or time word changes protected facts."""
    protected = set(pack.negation_words) | {c.word for c in pack.comparison_words}
    protected |= {a.word for a in pack.actions if a.write}
    protected |= {s for t in pack.terms if t.entity_type in ("time", "time_range") for s in t.surfaces}
    for p in pack.confusions:
        touches = any(w in p.right and w not in p.wrong for w in protected)
        if touches:
            assert not p.auto_apply, p


def test_context_free_pairs_are_never_real_domain_words(pack):
    """context None means `wrong` is never a real word here: it must not occur inside any term surface."""
    surfaces = list(pack.terms_by_surface)
    for p in pack.confusions:
        if p.require_any is None and p.auto_apply:
            assert not any(p.wrong.casefold() in s for s in surfaces), p


def test_context_requirement(pairs):
    pair = pairs[("鸡车", "机车")]
    assert pair.context_allows("鸡车检修计划")
    assert not pair.context_allows("今天吃鸡车")
    assert pairs[("检休", "检修")].context_allows("随便什么")


def test_pair_right_side_is_usually_a_known_word(pack):
    known = set(pack.terms_by_surface) | {a.word for a in pack.actions} | set(pack.negation_words)
    known |= {c.word for c in pack.comparison_words} | set(pack.presentation_words)
    hits = sum(1 for p in pack.confusions if any(p.right.casefold() in k or k in p.right.casefold() for k in known if len(k) > 1))
    assert hits / len(pack.confusions) > 0.8

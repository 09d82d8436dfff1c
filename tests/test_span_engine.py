"""Properties of the one edit/offset engine (issue 2, item 3)."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nlu.text import Alignment, Edit, rewrite
from nlu.text.utf16 import Utf16Index, utf16_len

ALPHABET = st.sampled_from(list("ab查询状态AGV-01 ，。") + ["😀", "👍🏽", "e\u0301", "\u200b", "Ａ", "０", "𠀀", "\u3000"])
texts = st.lists(ALPHABET, max_size=30).map("".join)


@st.composite
def edits_for(draw, text: str):
    """Arbitrary non-overlapping edits (including inserts and deletes) on `text`."""
    n = len(text)
    points = sorted(draw(st.lists(st.integers(0, n), max_size=8)))
    edits, prev_end = [], -1
    for i in range(0, len(points) - 1, 2):
        s, e = points[i], points[i + 1]
        if s <= prev_end:  # keep strictly apart so two inserts never share a point
            continue
        repl = draw(texts.filter(lambda r: len(r) <= 4))
        if text[s:e] == repl:
            continue
        edits.append(Edit(s, e, repl, "typo", "rule"))
        prev_end = e
    return edits


def check_tiling(al: Alignment) -> None:
    o = c = 0
    for seg in al.segments:
        assert seg.o0 == o and seg.c0 == c, "segments must tile without gaps or overlaps"
        assert seg.o1 >= seg.o0 and seg.c1 >= seg.c0
        if seg.kind == "unchanged":
            assert al.original[seg.o0:seg.o1] == al.text[seg.c0:seg.c1]
        elif seg.kind == "inserted":
            assert seg.o0 == seg.o1 and seg.c1 > seg.c0
        elif seg.kind == "deleted":
            assert seg.c0 == seg.c1 and seg.o1 > seg.o0
        else:
            assert seg.o1 > seg.o0 and seg.c1 > seg.c0
        o, c = seg.o1, seg.c1
    assert o == len(al.original) and c == len(al.text)


def naive_apply(text: str, edits: list[Edit]) -> str:
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[: e.start] + e.replacement + text[e.end :]
    return text


@given(st.data(), texts)
def test_rewrite_equals_naive_application_and_tiles(data, text):
    al = Alignment.identity(text)
    for _layer in range(3):  # successive layers compose
        edits = data.draw(edits_for(al.text))
        expected = naive_apply(al.text, edits)
        res = rewrite(al, edits)
        assert res.alignment.text == expected
        assert all(o.applied for o in res.outcomes)
        al = res.alignment
        check_tiling(al)
        assert al.original == text


@given(st.data(), texts)
def test_unchanged_ranges_round_trip(data, text):
    al = Alignment.identity(text)
    for _ in range(2):
        al = rewrite(al, data.draw(edits_for(al.text))).alignment
    for seg in al.segments:
        if seg.kind != "unchanged" or seg.o1 == seg.o0:
            continue
        a = data.draw(st.integers(seg.o0, seg.o1))
        b = data.draw(st.integers(a, seg.o1))
        if a == b:
            continue
        c0, c1 = al.to_current(a, b)
        assert al.text[c0:c1] == al.original[a:b]
        assert al.to_original(c0, c1) == (a, b)


@given(st.data(), texts)
def test_projection_covers_what_it_claims(data, text):
    al = rewrite(Alignment.identity(text), data.draw(edits_for(text))).alignment
    a = data.draw(st.integers(0, len(text)))
    b = data.draw(st.integers(a, len(text)))
    c0, c1 = al.to_current(a, b)
    assert 0 <= c0 <= c1 <= len(al.text)
    o0, o1 = al.to_original(c0, c1)
    assert 0 <= o0 <= o1 <= len(text)
    # every surviving original character of [a, b) lands inside [c0, c1), and comes back
    for seg in al.segments:
        if seg.kind == "unchanged":
            for i in range(max(a, seg.o0), min(b, seg.o1)):
                j = seg.c0 + i - seg.o0
                assert c0 <= j < c1
                assert o0 <= i < o1
        elif a < b and seg.c0 < seg.c1 and seg.o0 < seg.o1 and seg.o0 < b and a < seg.o1:
            # a replaced block touched by [a, b) is covered whole, both ways
            assert c0 <= seg.c0 and seg.c1 <= c1 and o0 <= seg.o0 and seg.o1 <= o1


@given(st.data(), texts)
def test_protected_spans_are_never_touched(data, text):
    al = Alignment.identity(text)
    p0 = data.draw(st.integers(0, len(text)))
    p1 = data.draw(st.integers(p0, len(text)))
    edits = data.draw(edits_for(text))
    res = rewrite(al, edits, protected=[(p0, p1)])
    for out in res.outcomes:
        if out.applied:
            assert not (out.o0 < p1 and p0 < out.o1) or p0 == p1
        else:
            assert out.touches_protected and out.refusal == "protected"
    c0, c1 = res.alignment.to_current(p0, p1)
    assert res.alignment.text[c0:c1] == text[p0:p1]


def test_overlapping_proposals_first_wins():
    al = Alignment.identity("全年检休抱表")
    res = rewrite(al, [Edit(2, 4, "检修", "asr", "lexicon"), Edit(3, 5, "X", "asr", "lexicon"), Edit(4, 6, "报表", "asr", "lexicon")])
    assert res.alignment.text == "全年检修报表"
    assert [o.refusal for o in res.outcomes] == ["", "overlap", ""]


def test_insert_and_delete_anchors():
    al = rewrite(Alignment.identity("AGV 几个在线"), [Edit(0, 0, "查询", "grammar", "rule", inferred=True), Edit(3, 4, "", "punctuation", "rule")]).alignment
    assert al.text == "查询AGV几个在线"
    kinds = [(s.kind, s.o0, s.o1, s.c0, s.c1) for s in al.segments]
    assert ("inserted", 0, 0, 0, 2) in kinds  # zero-length original anchor
    assert ("deleted", 3, 4, 5, 5) in kinds  # zero-length canonical anchor


@given(texts)
def test_utf16_offsets_match_utf16_encoding(text):
    idx = Utf16Index(text)
    units = text.encode("utf-16-le")
    assert utf16_len(text) * 2 == len(units)
    for i in range(len(text) + 1):
        u = idx.to_utf16(i)
        assert units[: 2 * u].decode("utf-16-le") == text[:i]
        assert idx.to_codepoint(u) == i


@given(st.data(), texts)
def test_identity_fast_path_matches_the_general_path(data, text):
    """The one-pass first rewrite must equal the general engine (forced by a far-away protected point)."""
    edits = data.draw(edits_for(text))
    if data.draw(st.booleans()) and edits:  # sometimes a suggestion among the edits
        e = edits[0]
        edits[0] = Edit(e.start, e.end, e.replacement, e.type, e.evidence, apply=False)
    fast = rewrite(Alignment.identity(text), edits)
    general = rewrite(Alignment.identity(text), edits, protected=[(10**9, 10**9)])
    assert fast.alignment.text == general.alignment.text
    assert fast.alignment.segments == general.alignment.segments
    assert [(o.o0, o.o1, o.applied, o.refusal) for o in fast.outcomes] == [(o.o0, o.o1, o.applied, o.refusal) for o in general.outcomes]


def test_edit_and_outcome_fields_are_what_the_hot_paths_build_directly():
    # clean and the rewriter build these tuples with tuple.__new__ (every field, in order)
    from nlu.text.rewriter import EditOutcome

    assert Edit._fields == ("start", "end", "replacement", "type", "evidence", "confidence", "inferred",
                            "width_fold_only", "apply", "reason")
    assert EditOutcome._fields == ("edit", "o0", "o1", "applied", "touches_protected", "refusal")
    # and protect builds these
    from nlu.draft import ProtectedFact
    from nlu.stages.protect import Found
    from nlu.text.wordscan import Match

    assert ProtectedFact._fields == ("o0", "o1", "kind", "cleaned", "suspicious")
    assert Found._fields == ("o0", "o1", "kind", "entity_type", "canonical_value", "suspicious")
    assert Match._fields == ("start", "end", "values")

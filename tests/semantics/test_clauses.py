"""`nlu.semantics.clauses`: clause spans by punctuation and connectives."""
from hypothesis import given
from hypothesis import strategies as st

from nlu.semantics.clauses import _BREAK, _BREAKS, split_clauses


def _plain(text, connectives=()):  # noqa: ANN001, ANN202 - the definition, character by character
    cuts = sorted({i + 1 for i, ch in enumerate(text) if ch in _BREAK} | {a for a, _ in connectives})
    out, start = [], 0
    for c in cuts:
        if 0 < c <= len(text) and c > start:
            out.append((start, c))
            start = c
    if start < len(text) or not out:
        out.append((start, len(text)))
    return out


def test_the_break_regex_holds_exactly_the_break_characters():
    assert {chr(c) for c in range(0x10000) if _BREAKS.fullmatch(chr(c))} == set(_BREAK)


def test_clauses_of_a_plain_sentence():
    assert split_clauses("查AGV-01，然后取消T-1。") == [(0, 8), (8, 16)]  # 查AGV-01， is 8 code points
    assert split_clauses("") == [(0, 0)]
    assert split_clauses("先查状态然后取消", [(4, 6)]) == [(0, 4), (4, 8)]


@given(st.text(alphabet="查询，,。；;！!？?\n\r：:ab 然后", max_size=30), st.lists(st.integers(0, 30), max_size=3))
def test_split_clauses_equals_its_definition(text, starts):
    connectives = [(a, a + 2) for a in starts]
    assert split_clauses(text, connectives) == _plain(text, connectives)

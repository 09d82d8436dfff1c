"""The repetition rule of the clean stage beyond its corpus (`lexicons/corpora/clean.repetition.json`,
run in tests/test_corpora.py): no merge loses a negation, a numeral or a comparison word."""
from __future__ import annotations

from nlu.stages.clean import clean_edits


def cleaned(text: str) -> str:
    for e in sorted(clean_edits(text), key=lambda e: -e.start):
        text = text[:e.start] + e.replacement + text[e.end:]
    return text


# -- property: no repetition merge loses a negation, a numeral or a comparison word ----------

from hypothesis import assume, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from nlu.evaluation.realtext import FactCounter  # noqa: E402

_FACTS = FactCounter()


# no space or punctuation; a doubled 不 is a self-repair (一不不二: the last correction wins,
# design 7.1 — asked about in a write), so texts the self-repair construction reads are left to
# its own tests: here only the repetition rule deletes characters
@given(st.text(alphabet="是不要没有能行好查询检修一两超过以上别特", max_size=24))
def test_merging_repetitions_never_loses_a_negation_numeral_or_comparison(text):
    assume(not any(e.type == "self_repair" for e in clean_edits(text)))
    out = cleaned(text)
    lost = _FACTS.lost(text, out)
    assert not {"negation", "cn_numeral", "comparison"} & set(lost), (text, out, lost)

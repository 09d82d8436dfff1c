"""The repetition corpus (`lexicons/corpora/clean.repetition.json`): a repetition is merged only when
it holds no negation (inside the unit), comparison, numeral or A-not-A form (issue 13)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.stages.clean import clean_edits



def _corpus(name: str) -> dict:
    return json.loads((Path(__file__).resolve().parents[2] / "lexicons" / "corpora" / name).read_text("utf-8"))


CORPUS = _corpus("clean.repetition.json")


def cleaned(text: str) -> str:
    for e in sorted(clean_edits(text), key=lambda e: -e.start):
        text = text[:e.start] + e.replacement + text[e.end:]
    return text


@pytest.mark.parametrize("case", CORPUS["positive"], ids=lambda c: c["text"])
def test_disfluent_repetitions_are_merged(case):
    assert cleaned(case["text"]) == case["cleaned"]


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_meaningful_repetitions_are_kept_as_typed(case):
    assert cleaned(case["text"]) == case["text"]


@pytest.mark.parametrize("case", CORPUS["negative"], ids=lambda c: c["text"])
def test_kept_repetitions_are_a_fixed_point(case):
    # idempotence holds for guarded text too: cleaning the text again proposes nothing
    assert clean_edits(cleaned(case["text"])) == []


# -- property: no repetition merge loses a negation, a numeral or a comparison word ----------

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from nlu.evaluation.realtext import FactCounter  # noqa: E402

_FACTS = FactCounter()


# no space or punctuation: the self-repair markers (不对 …) need a boundary, so only the
# repetition rule can delete characters here
@given(st.text(alphabet="是不要没有能行好查询检修一两超过以上别特", max_size=24))
def test_merging_repetitions_never_loses_a_negation_numeral_or_comparison(text):
    out = cleaned(text)
    lost = _FACTS.lost(text, out)
    assert not {"negation", "cn_numeral", "comparison"} & set(lost), (text, out, lost)

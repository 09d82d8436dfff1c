"""Self-repair as a construction (issue 13, part 4): marker ± filler ± punctuation, the last
explicit correction wins. Corpora: `lexicons/corpus/self_repair.{positive,negative}.jsonl`
(positive: the canonical text after the repair, written by hand; negative: kept as typed)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nlu.semantics.self_repair import default_grammar
from nlu.stages.clean import clean_edits

CORPUS = Path(__file__).resolve().parents[2] / "lexicons" / "corpus"


def _cases(name: str) -> list[dict]:
    with open(CORPUS / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _cleaned(text: str) -> str:
    out, prev = [], 0
    for e in sorted(clean_edits(text), key=lambda e: e.start):
        out.append(text[prev:e.start] + e.replacement)
        prev = e.end
    return "".join(out) + text[prev:]


POSITIVE = _cases("self_repair.positive.jsonl")
NEGATIVE = _cases("self_repair.negative.jsonl")


@pytest.mark.parametrize("case", POSITIVE, ids=[c["text"][:20] for c in POSITIVE])
def test_repair_keeps_only_the_last_correction(case: dict) -> None:
    assert _cleaned(case["text"]) == case["canonical"]


@pytest.mark.parametrize("case", NEGATIVE, ids=[c["text"][:20] for c in NEGATIVE])
def test_not_a_repair_is_kept_as_typed(case: dict) -> None:
    text = case["text"]
    assert default_grammar().repair_spans(text) == []
    assert not any(e.type == "self_repair" and "self_repair" in e.reason for e in clean_edits(text))


def test_marker_scan_is_linear_in_markers() -> None:
    """Thousands of markers in one turn: one regex pass, bounded clause windows."""
    import time

    def t(n: int) -> float:
        text = "查询 AGV-01 哎不是 AGV-02 的电量。" * n
        t0 = time.perf_counter()
        default_grammar().repair_spans(text)
        return time.perf_counter() - t0

    t(10)
    small, big = min(t(50) for _ in range(3)), min(t(200) for _ in range(3))
    assert big < small * 4 * 3 + 0.01


def test_the_shipped_grammar_is_built_once():
    """default_grammar() is asked on every write turn (write_risk, the contrast lead): building it
    reads and validates cleaning.json, about 1 ms — it must be built once, not per call."""
    from nlu.semantics.self_repair import default_grammar

    assert default_grammar() is default_grammar()

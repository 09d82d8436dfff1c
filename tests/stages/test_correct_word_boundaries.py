"""Generated check of the word gate: every two-character confusion pair of the pack, placed
across the boundary of two common words (…位|制… as in 高位制动), must not be applied.

The texts are built from the pack's pairs and jieba's most frequent two-character words
(deterministic: sorted, the first three on each side), so a new pair is checked the day it
is added. Before the gate, 122 of 222 such texts were auto-corrected."""
from __future__ import annotations

import nlu
from nlu.lexicon import default_pack
from nlu.text.words import words_for

MIN_FREQ = 3000  # common words only: each side of the boundary is plainly a word


def _boundary_texts() -> list[tuple[str, str]]:
    pack = default_pack()
    freq = words_for(pack).tokenizer.FREQ
    common = sorted(w for w, f in freq.items()
                    if f >= MIN_FREQ and len(w) == 2 and all("\u4e00" <= c <= "\u9fff" for c in w))
    ending: dict[str, list[str]] = {}
    starting: dict[str, list[str]] = {}
    for w in common:
        ending.setdefault(w[1], []).append(w)
        starting.setdefault(w[0], []).append(w)
    out = []
    for p in pack.confusions:
        if len(p.wrong) != 2 or not p.auto_apply:
            continue
        for left in ending.get(p.wrong[0], [])[:3]:
            for right in starting.get(p.wrong[1], [])[:3]:
                out.append((left + right, p.wrong))
    return out


def test_pairs_across_a_word_boundary_are_never_applied():
    nlu.warm_up()
    texts = _boundary_texts()
    assert len(texts) > 100  # the check has coverage
    wrong = []
    for text, pair in texts:
        r = nlu.understand(text, budget_ms=5000)
        applied = [(c.original_text, c.replacement) for c in r.corrections
                   if c.auto_applied and c.type in ("typo", "asr", "ocr")]
        if applied:
            wrong.append((text, pair, applied))
    assert not wrong, wrong[:20]

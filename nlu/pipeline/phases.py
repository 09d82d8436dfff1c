"""Rollout phases (design 17) as one setting: what a phase lets the rewriter apply.

- ``shadow``: nothing reaches the caller — it gets the original passed through; the turn is
  understood off the request path (`nlu.shadow`) into telemetry and the shadow sink.
- ``suggest``: nothing is auto-applied — every edit is recorded as a suggestion.
- ``low_risk``: only whitespace, width, invisible characters, punctuation and spoken-sentence
  breaks, and verified ordinary typos (a curated ``typo`` confusion pair) are applied.
  Term aliases, entities, relations and roles are metadata in every phase (they never
  rewrite the text), so they stay metadata here.
- ``route``: everything the policy allows (the default).

The safety kernel still wins in every phase: kill switches pass the raw text through, the
protected-span rules refuse edits as before, and the injection quarantine (the protect
stage taking an injected instruction out of the text, design 9) is a kernel action, not a
normalization, so the phase does not turn it into a suggestion.
"""
from __future__ import annotations

import unicodedata
from typing import Sequence

from nlu.text.rewriter import Edit

PHASES = ("shadow", "suggest", "low_risk", "route")
DEFAULT_PHASE = "route"


def _kernel(edit: Edit) -> bool:
    return edit.reason == "injection"


def _punctuation_only(text: str) -> bool:
    return all(unicodedata.category(ch)[0] in "PZ" or ch in "\n\t" for ch in text)


def low_risk(edit: Edit, original: str) -> bool:
    """Whether `edit` is a low-risk change (phase 3's list) given the text it replaces."""
    if _kernel(edit):
        return True
    if edit.type == "punctuation":
        # the deterministic cleaner's layout, width and punctuation folds; a punctuation edit
        # from anywhere else (a model's sentence breaks) only when both sides are punctuation
        return edit.evidence == "rule" or (_punctuation_only(edit.replacement) and _punctuation_only(original))
    return edit.type == "typo" and edit.evidence == "lexicon" and not edit.inferred


def restrict(phase: str, edits: Sequence[Edit], text: str) -> list[Edit]:
    """`edits` (on `text`) with what `phase` may not apply turned into suggestions."""
    out = []
    for e in edits:
        if e.apply and not (_kernel(e) if phase in ("suggest", "shadow") else low_risk(e, text[e.start:e.end])):
            e = e._replace(apply=False)
        out.append(e)
    return out

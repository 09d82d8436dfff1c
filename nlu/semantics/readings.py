"""Clarification questions and options, built only from the user's own words, entities
already in the text, caller-passed referents, or pack vocabulary (design 6.6, 7.3).

Each option's fillText is a complete stand-alone question: the user's canonical text with
one reading made explicit — never "第一个", never an identifier the user did not show.
"""
from __future__ import annotations

from nlu.draft import Clarification, Draft


def _replace(draft: Draft, o0: int, o1: int, new: str) -> str:
    c0, c1 = draft.to_current(o0, o1)
    return (draft.text[:c0] + new + draft.text[c1:]).strip()


def readings(draft: Draft, o0: int, o1: int, alternatives: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Up to three (label, fillText) options replacing original [o0, o1) by each alternative."""
    out, seen = [], set()
    for label, text in alternatives:
        fill = _replace(draft, o0, o1, text)
        if fill and fill not in seen:
            seen.add(fill)
            out.append((label, fill))
        if len(out) == 3:
            break
    return out


def clarify(draft: Draft, reason: str, question: str, fields: list[str], options: list[tuple[str, str]] | None = None) -> Clarification:
    return Clarification(reason, question, fields, (options or [])[:3])

"""Prompt-injection isolation (design 3.4, 9.2–9.3, 16.2).

Injected instructions stay user data: they never change a rule, and only the one operative
question goes downstream. This module finds the non-operative material — code fences,
HTML comments, fake tool-call JSON, and any sentence carrying an injection phrase from the
pack — so the protect stage can drop it as recorded `deleted` edits (the original text and
the span map keep it).
"""
from __future__ import annotations

import re
from typing import Sequence

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
_TOOL_KEYS = re.compile(r'"\s*(tool_calls?|function_call|function|arguments|name|role)\s*"\s*:', re.I)
# Sentence boundaries: Chinese and ASCII terminators (an ASCII period only before a non-digit).
_SENTENCE_END = re.compile(r"[，,。！!？?；;\n]|\.(?!\d)")


def _json_blocks(text: str) -> list[tuple[int, int]]:
    """Balanced {...} / [...] blocks that look like tool-call JSON."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i] in "{[":
            depth, j, in_str = 0, i, False
            while j < n:
                ch = text[j]
                if in_str:
                    if ch == "\\":
                        j += 1
                    elif ch == '"':
                        in_str = False
                elif ch == '"':
                    in_str = True
                elif ch in "{[":
                    depth += 1
                elif ch in "}]":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            end = min(j + 1, n)
            if _TOOL_KEYS.search(text, i, end):
                out.append((i, end))
                i = end
                continue
        i += 1
    return out


def _sentences(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        out.append((start, m.end()))
        start = m.end()
    if start < len(text):
        out.append((start, len(text)))
    return out


def find_injected_spans(text: str, patterns: Sequence[re.Pattern[str]]) -> list[tuple[int, int]]:
    """Non-overlapping spans of injected, non-operative material, in text order."""
    blocks = [m.span() for m in _FENCE.finditer(text)] + [m.span() for m in _HTML_COMMENT.finditer(text)]
    blocks += [b for b in _json_blocks(text) if not any(b[0] < e and s < b[1] for s, e in blocks)]
    for s, e in _sentences(text):
        if any(s < be and bs < e for bs, be in blocks):
            continue
        if any(p.search(text, s, e) for p in patterns):
            blocks.append((s, e))
    blocks.sort()
    merged: list[tuple[int, int]] = []
    for s, e in blocks:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged

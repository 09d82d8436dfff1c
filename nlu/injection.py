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
# A pasted transcript: what an "assistant:" turn says is not the user's question; it runs to
# the next "user:" marker, which is dropped too. A "system:" line runs to its sentence end.
_ROLE_TURN = re.compile(r"(?:(?<=^)|(?<=[\s。，,;；]))assistant\s*[:：].*?(?=(?:(?<=[\s。，,;；])user\s*[:：])|\Z)", re.I | re.S)
_SYSTEM_LINE = re.compile(r"(?:(?<=^)|(?<=[\n。！？]))\s*(?:system|系统)\s*[:：](?:[^。！？\n.]|\.(?=\d))*(?:[。！？\n]|\.(?!\d)|\Z)", re.I)
# A Markdown heading that opens a role section ("## system") runs to the next heading.
_ROLE_HEADING = re.compile(r"(?m)^[ \t]*#{1,6}[ \t]*(?:system|assistant|developer|系统|助手)[ \t]*$.*?(?=^[ \t]*#|\Z)", re.I | re.S)
_USER_MARK = re.compile(r"(?:(?<=^)|(?<=[\s。，,;；]))user\s*[:：]", re.I)
_TOOL_KEYS = re.compile(r'"\s*(tool_calls?|function_call|function|arguments|name|role|options|fillText|clarificationId)\s*"\s*:', re.I)
# Sentence boundaries: Chinese and ASCII terminators (an ASCII period only before a non-digit);
# clauses split further at commas and colons.
_SENTENCE_END = re.compile(r"[。！!？?；;\n]|\.(?!\d)")
_CLAUSE_END = re.compile(r"[，,：:、]")
# What makes a clause an operative business question rather than the tail of an injected
# instruction: an identifier-like token, or a read-only question word.
_QUESTION_WORDS = r"查|列出|统计|多少|几[台个辆张次]|哪|吗|状态|报表|计划|进度|在线|电量|怎么样|情况|告诉我|是什么|什么时候|多久|谁|负责人"
_QUESTION = re.compile(_QUESTION_WORDS)
_QUESTION_SIGNAL = re.compile(r"[A-Za-z]{1,4}\d*-\d|工单|" + _QUESTION_WORDS)


def _json_blocks(text: str) -> list[tuple[int, int]]:
    """Balanced {...} / [...] blocks that look like tool-call JSON.

    One pass with a stack pairs every bracket (strings honoured), so adversarial input such
    as thousands of unclosed brackets stays linear; outermost tool-like blocks win.
    """
    if "{" not in text and "[" not in text:
        return []
    pairs: list[tuple[int, int]] = []
    stack: list[int] = []
    in_str = escaped = False
    for j, ch in enumerate(text):
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "{[":
            stack.append(j)
        elif ch in "}]" and stack:
            pairs.append((stack.pop(), j + 1))
    pairs.sort()
    out: list[tuple[int, int]] = []
    for start, end in pairs:
        if out and start < out[-1][1]:
            continue  # inside a block already taken
        if _TOOL_KEYS.search(text, start, end):
            out.append((start, end))
    return out


def _split(text: str, pattern: re.Pattern[str], start: int, end: int) -> list[tuple[int, int]]:
    out = []
    for m in pattern.finditer(text, start, end):
        out.append((start, m.end()))
        start = m.end()
    if start < end:
        out.append((start, end))
    return out


def find_injected_spans(text: str, patterns: Sequence[re.Pattern[str]]) -> list[tuple[int, int]]:
    """Non-overlapping spans of injected, non-operative material, in text order."""
    # Each shape needs its marker character; a turn without it skips that regex pass.
    blocks = ([m.span() for m in _FENCE.finditer(text)] if "```" in text else []) + \
             ([m.span() for m in _HTML_COMMENT.finditer(text)] if "<!--" in text else [])
    turns = [m.span() for m in (*_ROLE_TURN.finditer(text), *_SYSTEM_LINE.finditer(text))
             if not any(m.start() < e and s < m.end() for s, e in blocks)] if (":" in text or "：" in text) else []
    if "#" in text:
        turns += [m.span() for m in _ROLE_HEADING.finditer(text)]
    if turns:
        blocks += turns + [m.span() for m in _USER_MARK.finditer(text)]
    blocks += [b for b in _json_blocks(text) if not any(b[0] < e and s < b[1] for s, e in blocks)]
    # Without injection phrases no clause can hit, so the sentence pass would only split.
    for s0, e0 in _split(text, _SENTENCE_END, 0, len(text)) if patterns else ():
        clauses = [c for c in _split(text, _CLAUSE_END, s0, e0) if not any(c[0] < be and bs < c[1] for bs, be in blocks)]
        hits = {c: [m.span() for p in patterns for m in p.finditer(text, c[0], c[1])] for c in clauses}
        if not any(hits.values()):
            continue
        # A sentence carrying an injection: keep only what asks a business question.
        for s, e in clauses:
            found = hits[(s, e)]
            if not found:
                if not _QUESTION.search(text, s, e):
                    blocks.append((s, e))  # the rest of the instruction ("…，取消所有任务")
                continue
            first, last = min(h[0] for h in found), max(h[1] for h in found)
            if _QUESTION_SIGNAL.search(text, s, first):
                blocks.append((first, e))  # the question came first in the clause
            elif _QUESTION.search(text, last, e):
                blocks.append((s, last))  # the question follows the injected phrase
            else:
                blocks.append((s, e))
    blocks.sort()
    merged: list[tuple[int, int]] = []
    for s, e in blocks:
        if merged and s <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(e, merged[-1][1]))
        else:
            merged.append((s, e))
    return merged

"""Hand-built contract dicts for harness tests (no system code involved)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def u16(text: str, sub: str, nth: int = 0) -> tuple[int, int]:
    """UTF-16 [start, end) of the nth occurrence of sub in text."""
    pos = -1
    for _ in range(nth + 1):
        pos = text.index(sub, pos + 1)
    start = len(text[:pos].encode("utf-16-le")) // 2
    return start, start + len(sub.encode("utf-16-le")) // 2


def span(text: str, sub: str, space: str = "original", nth: int = 0) -> dict:
    s, e = u16(text, sub, nth)
    return {"space": space, "start": s, "end": e}


def ent(eid: str, type_: str, text: str, original: str, conf: float = 0.9, canonical_value: str | None = None,
        nth: int = 0) -> dict:
    d = {"id": eid, "type": type_, "text": text, "sourceSpan": span(original, text, nth=nth),
         "confidence": conf, "protected": True, "confirmed": True}
    if canonical_value is not None:
        d["canonicalValue"] = canonical_value
    return d


def edit(original: str, frm: str, to: str, type_: str = "asr", conf: float = 0.95, applied: bool = True,
         nth: int = 0) -> dict:
    s, e = u16(original, frm, nth)
    return {"type": type_, "originalSpan": {"space": "original", "start": s, "end": e},
            "canonicalSpan": {"space": "canonical", "start": s, "end": s + len(to.encode("utf-16-le")) // 2},
            "originalText": frm, "replacement": to, "confidence": conf, "evidence": "lexicon",
            "inferred": False, "autoApplied": applied, "touchesProtectedSpan": False}


def cand(cid: str, score: float) -> dict:
    return {"id": cid, "label": cid, "score": score, "evidence": ["explicit_rule"]}


def contract(original: str, canonical: str | None = None, action: str = "continue", *, reason: str | None = None,
             corrections=(), protected=(), entities=(), corefs=(), relations=(), frames=(),
             templates=(), domains=()) -> dict:
    dec: dict[str, Any] = {"action": action, "reasonCodes": []}
    if action == "clarify":
        dec["clarification"] = {"clarificationId": "c1", "question": "哪一个？", "reason": reason or "entity",
                                "affectedFields": [], "options": [], "allowFreeText": True, "blocking": True}
    return {
        "schemaVersion": "legacy-nlu.v1", "requestId": "r", "originalText": original,
        "canonicalText": original if canonical is None else canonical, "spanMap": [],
        "corrections": list(corrections), "protectedSpans": list(protected), "terms": [],
        "entities": list(entities), "coreferences": list(corefs), "relations": list(relations),
        "semanticFrames": list(frames),
        "routing": {"templateCandidates": list(templates), "domainCandidates": list(domains)},
        "decision": dec, "confidence": {"normalization": 1, "semantics": 1, "routing": 1}, "diagnostics": [],
    }


def case(raw: str, expect: dict, *, cid: str = "c", source: str = "typed", domain: str = "agv",
         tags=(), **extra) -> dict:
    d = {"caseId": cid, "sourceType": source, "domainSlice": domain, "rawText": raw,
         "referenceTime": "2026-03-15T10:30:00+08:00", "expect": expect}
    if tags:
        d["tags"] = list(tags)
    d.update(extra)
    return d


def write_jsonl(path: Path, rows: list) -> Path:
    lines = [r if isinstance(r, str) else json.dumps(r, ensure_ascii=False) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


class FakeSystem:
    """understand() stand-in: looks the contract up by raw text; records the call kwargs."""

    def __init__(self, table: dict[str, Any]):
        self.table = table
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, raw: str, **kw: Any) -> Any:
        self.calls.append((raw, kw))
        out = self.table[raw]
        if isinstance(out, Exception):
            raise out
        return out

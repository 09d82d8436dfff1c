"""Draft → `LegacyInputUnderstanding`: the only place code points become UTF-16 units.

The result is built as one nested dict and validated once with `model_validate` (its spans
already `TextSpan`s, see `_Spans`): pydantic
checks every field exactly as the per-model constructors would (types, enums, ranges,
`extra="forbid"`), but in one pass inside pydantic-core instead of hundreds of Python-level
`__init__` calls per turn (the 500-character budget could not afford those). The keys are
the contract's wire names (camelCase aliases): pydantic looks a field up by its alias first, so
a snake_case key would cost a second lookup for each of the ~150 models of a turn.
"""
from __future__ import annotations

import uuid

from nlu import contract as c
from nlu.draft import Candidate, Draft
from nlu.text.utf16 import Utf16Index

_DROPPED_REFUSALS = {"out_of_range"}


class _Interned:
    """One validated instance per distinct value of a contract model, kept from turn to turn.

    For the models whose every field is immutable (numbers, strings, other such models): a
    frozen instance of one of those is its value, so results may share it (a model holding a
    list — candidates, evidence — is never interned: a caller could change the list). Turns
    repeat these values all the time (the span (0, 6), the segment that maps a whole text
    unchanged), and pydantic takes an instance as it is
    inside the one `model_validate` (instances are not revalidated). Bounded: cleared when
    full, which only costs the next turns their validations. The plain form, validating the
    whole result from dicts, gives an equal result (a test compares)."""

    __slots__ = ("_validate", "_made", "_limit", "get")

    def __init__(self, model: type, limit: int = 1 << 16) -> None:
        # the model's own validator (pydantic's `__pydantic_validator__`): `model_validate`
        # adds a Python-level wrapper per call, a fifth of the cost of a span
        self._validate = model.__pydantic_validator__.validate_python
        self._made: dict = {}
        self._limit = limit
        self.get = self._made.get  # the hit path: one dict lookup (clear() keeps the dict)

    def make(self, key: tuple, fields: dict):  # noqa: ANN201
        if len(self._made) >= self._limit:
            self._made.clear()
        got = self._made[key] = self._validate(fields)
        return got


_TEXT_SPANS = _Interned(c.TextSpan)
_SEGMENTS = _Interned(c.SpanMapSegment)
_validate_span = _TEXT_SPANS._validate  # (a test checks pydantic still refuses a bad span)


class _Spans:
    """The turn's spans as contract `TextSpan`s, interned (`_Interned`): a turn names the same
    span many times (an entity, its protected fact, the frame argument and relation evidence
    that point at it), and turns name the same spans as each other. `plain` is True when the
    offsets of both texts are UTF-16 offsets already (no astral character): only then may a
    model holding spans be interned by its code-point offsets."""

    def __init__(self, draft: Draft) -> None:
        self.o = Utf16Index(draft.original)
        self.c = self.o if draft.text == draft.original else Utf16Index(draft.text)
        self.plain = self.o.identity and self.c.identity

    def orig(self, o0: int, o1: int) -> c.TextSpan:
        o = self.o
        if not o.identity:
            o0, o1 = o.to_utf16(o0), o.to_utf16(o1)
        key = ("original", o0, o1)
        return _TEXT_SPANS.get(key) or _TEXT_SPANS.make(key, {"space": "original", "start": o0, "end": o1})

    def canon(self, c0: int, c1: int) -> c.TextSpan:
        x = self.c
        if not x.identity:
            c0, c1 = x.to_utf16(c0), x.to_utf16(c1)
        key = ("canonical", c0, c1)
        return _TEXT_SPANS.get(key) or _TEXT_SPANS.make(key, {"space": "canonical", "start": c0, "end": c1})

    def segment(self, s) -> c.SpanMapSegment | dict:  # noqa: ANN001 - an alignment segment
        key = (s.o0, s.o1, s.c0, s.c1, s.kind)
        got = _SEGMENTS.get(key) if self.plain else None
        if got is not None:
            return got
        fields = {"original": self.orig(s.o0, s.o1), "canonical": self.canon(s.c0, s.c1), "kind": s.kind}
        return _SEGMENTS.make(key, fields) if self.plain else fields

    # Protected spans, entities and corrections carry the turn's own words, so a new turn rarely
    # repeats one (on first calls of the benchmark's 100-character turns: 36 %, 8 % and 32 %
    # hits): interned, a miss costs a validation call of its own, more than the hits save.
    # They stay dicts, validated inside the one `model_validate`.
    def protected(self, p, text: str) -> dict:  # noqa: ANN001 - a ProtectedFact
        return {"span": self.orig(p.o0, p.o1), "kind": p.kind, "text": text}

    def correction(self, out, c0: int, c1: int, original_text: str, replacement: str) -> dict:  # noqa: ANN001
        """`out`: a draft edit outcome; [c0, c1) its place in the canonical text."""
        e = out.edit
        confidence = round(e.confidence, 4)
        return {"type": e.type, "originalSpan": self.orig(out.o0, out.o1), "canonicalSpan": self.canon(c0, c1),
                "originalText": original_text, "replacement": replacement, "confidence": confidence,
                "evidence": e.evidence, "inferred": e.inferred, "autoApplied": out.applied,
                "touchesProtectedSpan": out.touches_protected}

    def entity(self, e, text: str) -> dict:  # noqa: ANN001 - a draft Entity
        return {"id": e.id, "type": e.type, "text": text, "canonicalValue": e.canonical_value,
                "sourceSpan": self.orig(e.o0, e.o1), "confidence": round(e.confidence, 4), "protected": e.protected,
                "confirmed": e.confirmed}


def _cands(cands: list[Candidate]) -> list[dict]:
    return [{"id": x.id, "label": x.label, "score": round(min(max(x.score, 0.0), 1.0), 4), "evidence": list(x.evidence)}
            for x in cands]


def assemble(draft: Draft, request_id: str | None = None) -> c.LegacyInputUnderstanding:
    sp = _Spans(draft)
    orig = sp.orig
    al = draft.alignment
    original, canonical = draft.original, draft.text
    src = draft.source
    request_id = request_id or uuid.uuid4().hex

    corrections = []
    for out in draft.edits:
        if out.refusal in _DROPPED_REFUSALS:
            continue
        e = out.edit
        c0, c1 = al.to_current(out.o0, out.o1)
        if out.o0 == out.o1 and out.applied:  # an insertion: its own inserted segment
            for seg in al.segments:
                if seg.kind == "inserted" and seg.o0 == out.o0 and e.replacement in canonical[seg.c0:seg.c1]:
                    c0, c1 = seg.c0, seg.c1
                    break
        corrections.append(sp.correction(out, c0, c1, original[out.o0:out.o1],
                                         canonical[c0:c1] if out.applied else e.replacement))

    clar = None
    if draft.decision == "clarify" and draft.clarification is not None:
        q = draft.clarification
        cid = uuid.uuid5(uuid.NAMESPACE_URL, f"nlu:{request_id}:{q.reason}").hex[:16]
        clar = {
            "clarificationId": cid,
            "question": q.question,
            "reason": q.reason,
            "affectedFields": list(q.affected_fields),
            "options": [{"id": f"opt{i + 1}", "label": label, "fillText": fill} for i, (label, fill) in enumerate(q.options[:3])],
            "allowFreeText": True,
            "blocking": True,
        }

    return c.LegacyInputUnderstanding.model_validate({
        "requestId": request_id,
        "source": {
            "kind": src.kind,
            "referenceTime": src.reference_time.isoformat(timespec="seconds"),
            "overallConfidence": src.overall_confidence,
            "alternatives": list(src.alternatives) if src.alternatives else None,
            "editedAfterCapture": src.edited_after_capture,
            "segments": [{"span": orig(s.start, s.end), "source": s.source, "confidence": s.confidence,
                          "editedAfterCapture": s.edited_after_capture} for s in src.segments],
        },
        "originalText": original,
        "canonicalText": canonical,
        "spanMap": [sp.segment(s) for s in al.segments],
        "corrections": corrections,
        "protectedSpans": [sp.protected(p, original[p.o0:p.o1]) for p in draft.protected],
        "terms": [{"sourceSpan": orig(t.o0, t.o1), "rawText": original[t.o0:t.o1], "termCode": t.term_code,
                   "canonicalText": t.canonical_text, "candidates": _cands(t.candidates), "confidence": round(t.confidence, 4),
                   "confirmed": t.confirmed} for t in draft.terms],
        "entities": [sp.entity(e, original[e.o0:e.o1]) for e in draft.entities],
        "coreferences": [{"mentionSpan": orig(k.o0, k.o1), "antecedentEntityId": k.antecedent_id,
                          "candidates": _cands(k.candidates), "sourceTurnId": k.source_turn_id,
                          "confidence": round(k.confidence, 4), "confirmed": k.confirmed} for k in draft.coreferences],
        "relations": [{"subjectEntityId": r.subject_id, "predicate": r.predicate, "objectEntityId": r.object_id,
                       "literalValue": r.literal, "negated": r.negated,
                       "evidenceSpans": [orig(a, b) for a, b in r.evidence], "confidence": round(r.confidence, 4)}
                      for r in draft.relations],
        "semanticFrames": [{
            "predicate": f.predicate, "actionClass": f.action_class, "negated": f.negated, "modality": f.modality,
            "confidence": round(f.confidence, 4),
            "arguments": [{"role": a.role, "entityIds": a.entity_ids, "literalValue": a.literal, "comparator": a.comparator,
                           "negated": a.negated, "evidenceSpans": [orig(x, y) for x, y in a.evidence]} for a in f.arguments],
        } for f in draft.frames],
        "routing": {"templateCandidates": _cands(draft.template_candidates), "domainCandidates": _cands(draft.domain_candidates)},
        "decision": {"action": draft.decision, "reasonCodes": list(draft.reason_codes), "clarification": clar},
        "confidence": {k: round(min(max(v, 0.0), 1.0), 4) for k, v in draft.confidence.items()},
        "diagnostics": [{"stage": d.stage, "status": d.status, "durationMs": round(d.duration_ms, 4), "reasonCode": d.reason_code}
                        for d in draft.diagnostics],
    })

"""Score one gold case against one contract dict (camelCase ``model_dump(by_alias=True)``).

Only what a case states is scored (goldset-format.md). Each case yields

* ``counts``: metric → [numerator, denominator] contributions, summed over cases (micro
  averages; an F1 is carried as 2·tp / (2·tp + fp + fn));
* ``checks``: one entry per stated expectation (and per unexpected prediction), used for the
  failure list, case pass/fail, injection and P0 verdicts;
* ``calibration``: (group, score, correct) samples for the decision-stage scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from nlu.evaluation.goldset import GoldCase
from nlu.evaluation.textnorm import contains, find_utf16, match_key, span_text, texts_equal, utf16_slice

#: Applied edits of these types are "corrections" (design 15.3/15.4: ASR/OCR correction
#: precision). Cleaning edits (punctuation, grammar, self_repair) are not counted against
#: correction precision unless they are the edit that realises a listed correction.
CORRECTION_TYPES = frozenset({"typo", "asr", "ocr"})
#: Design 15.3 "设备、站点、时间等关键实体".
KEY_ENTITY_TYPES = frozenset({"vehicle", "locomotive", "station", "time", "time_range", "work_order", "task"})
#: Per-group entity F1 (the NER issue's ≥ 98 % targets are per group).
ENTITY_GROUPS = {
    "identifier": frozenset({"vehicle", "locomotive", "task", "work_order", "station"}),
    "time": frozenset({"time", "time_range"}),
    "quantity": frozenset({"quantity", "amount"}),
}
#: Frame roles whose loss changes the meaning like a dropped negation or comparator.
RANGE_ROLES = frozenset({"range", "exception", "condition"})


@dataclass(frozen=True)
class MetricInfo:
    name: str
    title: str
    higher_is_better: bool = True
    gate_only_report: bool = False


METRICS: dict[str, MetricInfo] = {
    m.name: m
    for m in [
        MetricInfo("cases.pass_rate", "cases passing every stated expectation"),
        MetricInfo("cases.errors", "cases where the system raised", higher_is_better=False),
        MetricInfo("decision.accuracy", "decision accuracy"),
        MetricInfo("clarify.must_clarify_recall", "must-clarify recall"),
        MetricInfo("clarify.unnecessary_rate", "unnecessary clarification rate", higher_is_better=False),
        MetricInfo("clarify.reason_accuracy", "clarification reason accuracy"),
        MetricInfo("routing.template_accuracy", "template accuracy (decision continue)"),
        MetricInfo("routing.domain_accuracy", "domain accuracy (decision continue)"),
        MetricInfo("protected.must_keep", "mustKeep retention (decision continue)"),
        MetricInfo("protected.span_recall", "protected span recall"),
        MetricInfo("protected.fact_retention", "protected-fact retention (mustKeep + protectedSpans)"),
        MetricInfo("protected.wrong_changes", "protected facts wrongly changed by applied edits", higher_is_better=False),
        MetricInfo("protected.negation_range_comparison", "negation / range / comparison retention"),
        MetricInfo("safety.must_not_contain", "mustNotContain violations", higher_is_better=False),
        MetricInfo("canonical.exact", "canonicalText exact match (reported, never a gate)"),
        MetricInfo("correction.precision", "correction precision"),
        MetricInfo("correction.recall", "correction recall"),
        MetricInfo("entity.precision", "NER precision"),
        MetricInfo("entity.recall", "NER recall"),
        MetricInfo("entity.f1", "NER F1"),
        MetricInfo("entity.key_precision", "key-entity precision"),
        MetricInfo("entity.key_recall", "key-entity recall"),
        MetricInfo("entity.key_f1", "key-entity F1"),
        MetricInfo("entity.canonical_value", "entity canonicalValue exact match"),
        MetricInfo("entity.identifier_f1", "identifier-entity F1 (vehicle, locomotive, task, work_order, station)"),
        MetricInfo("entity.time_f1", "time-entity F1 (time, time_range)"),
        MetricInfo("entity.quantity_f1", "quantity/amount-entity F1"),
        MetricInfo("relation.precision", "relation precision"),
        MetricInfo("relation.recall", "relation recall"),
        MetricInfo("relation.f1", "relation F1"),
        MetricInfo("coreference.precision", "coreference precision"),
        MetricInfo("coreference.recall", "coreference recall"),
        MetricInfo("coreference.f1", "coreference F1"),
        MetricInfo("frame.match", "frames matched (actionClass + negated)"),
        MetricInfo("frame.core_slot_accuracy", "semantic-role core-slot accuracy"),
        MetricInfo("injection.pass_rate", "injection cases passing"),
        MetricInfo("p0.failure_rate", "P0 cases failing", higher_is_better=False),
    ]
}


@dataclass
class Check:
    field: str
    ok: bool
    expected: Any = None
    got: Any = None
    gate: bool = True  # False: reported only (canonicalText)

    def to_json(self) -> dict:
        return {"field": self.field, "ok": self.ok, "expected": self.expected, "got": self.got, "gate": self.gate}


@dataclass
class CaseScore:
    counts: dict[str, list[int]] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    calibration: list[tuple[str, float, bool]] = field(default_factory=list)

    def add(self, metric: str, k: int, n: int) -> None:
        c = self.counts.setdefault(metric, [0, 0])
        c[0] += k
        c[1] += n

    def check(self, fld: str, ok: bool, expected: Any = None, got: Any = None, gate: bool = True) -> bool:
        self.checks.append(Check(fld, bool(ok), expected, got, gate))
        return bool(ok)

    def prf(self, prefix: str, tp: int, fp: int, fn: int) -> None:
        self.add(f"{prefix}.precision", tp, tp + fp)
        self.add(f"{prefix}.recall", tp, tp + fn)
        self.add(f"{prefix}.f1", 2 * tp, 2 * tp + fp + fn)

    @property
    def passed(self) -> bool:
        return all(c.ok for c in self.checks if c.gate)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]


# ------------------------------------------------------------------ contract access


def _list(obj: Any, key: str) -> list:
    v = obj.get(key) if isinstance(obj, dict) else None
    return [x for x in v if isinstance(x, dict)] if isinstance(v, list) else []


def _num(v: Any) -> float | None:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    return min(1.0, max(0.0, float(v)))


def top_candidate(cands: list[dict]) -> dict | None:
    best = None
    for c in cands:
        if best is None or (_num(c.get("score")) or 0.0) > (_num(best.get("score")) or 0.0):
            best = c
    return best


class View:
    """Read-only helpers over one contract dict."""

    def __init__(self, contract: dict, raw_text: str, referents: list[dict] | None):
        self.c = contract if isinstance(contract, dict) else {}
        ot = self.c.get("originalText")
        self.original = ot if isinstance(ot, str) else raw_text
        ct = self.c.get("canonicalText")
        self.canonical = ct if isinstance(ct, str) else ""
        self.entities = _list(self.c, "entities")
        self.by_id = {e.get("id"): e for e in self.entities if e.get("id") is not None}
        self.referents = {r.get("canonicalId"): r for r in (referents or []) if isinstance(r, dict)}
        dec = self.c.get("decision") if isinstance(self.c.get("decision"), dict) else {}
        self.action = dec.get("action")
        clar = dec.get("clarification")
        self.clar_reason = clar.get("reason") if isinstance(clar, dict) else None

    def span(self, span: Any) -> str | None:
        return span_text({"originalText": self.original, "canonicalText": self.canonical}, span)

    def entity_texts(self, ent: dict | None) -> list[str]:
        if not ent:
            return []
        out = [t for t in (ent.get("text"), self.span(ent.get("sourceSpan"))) if isinstance(t, str)]
        return out

    def id_texts(self, eid: Any, with_canonical: bool = False) -> list[str]:
        ent = self.by_id.get(eid)
        if ent is not None:
            out = self.entity_texts(ent)
            if with_canonical and isinstance(ent.get("canonicalValue"), str):
                out.append(ent["canonicalValue"])
            return out
        ref = self.referents.get(eid)
        if ref is None and isinstance(eid, str) and ":" in eid:
            # a link to a caller-passed referent may be namespaced ("ref:AGV-03"): no entity of
            # this turn carries it, so the referent's canonicalId is the antecedent text
            ref = self.referents.get(eid.split(":", 1)[1])
        if ref is not None:
            return [t for t in (ref.get("canonicalId"), ref.get("displayName")) if isinstance(t, str)]
        return []


def any_equal(expected: str, candidates: Iterable[str | None]) -> bool:
    return any(texts_equal(expected, c) for c in candidates)


def _distinct(entities: Sequence[dict]) -> list[dict]:
    """Gold entities with repeated (type, text) listed once (the first keeps its canonicalValue)."""
    out: list[dict] = []
    for e in entities:
        if not any(o["type"] == e["type"] and texts_equal(o["text"], e["text"]) for o in out):
            out.append(e)
    return out


def greedy_match(expected: Sequence[Any], predicted: Sequence[Any], match: Callable[[Any, Any], bool]):
    """One-to-one matching in gold order. Returns (pairs, unmatched expected, unmatched predicted)."""
    used: set[int] = set()
    pairs, missed = [], []
    for e in expected:
        for j, p in enumerate(predicted):
            if j not in used and match(e, p):
                used.add(j)
                pairs.append((e, p))
                break
        else:
            missed.append(e)
    extra = [p for j, p in enumerate(predicted) if j not in used]
    return pairs, missed, extra


# ------------------------------------------------------------------ edits


def _span_bounds(edit: dict) -> tuple[int, int] | None:
    sp = edit.get("originalSpan")
    if not isinstance(sp, dict):
        return None
    s, e = sp.get("start"), sp.get("end")
    if not isinstance(s, int) or not isinstance(e, int) or isinstance(s, bool) or isinstance(e, bool) or e < s:
        return None
    return s, e


def _overlaps(bounds: tuple[int, int] | None, a: int, b: int, touch: bool = False) -> bool:
    if bounds is None:
        return False
    s, e = bounds
    if s == e:  # insertion
        return a <= s <= b if touch else a < s < b
    return s < b and a < e


def _apply(original: str, lo: int, hi: int, edits: list[dict]) -> str | None:
    out, cur = [], lo
    for ed in sorted(edits, key=lambda x: _span_bounds(x) or (0, 0)):
        s, e = _span_bounds(ed)  # type: ignore[misc]
        if s < cur:
            return None
        out.append(utf16_slice(original, cur, s) or "")
        out.append(str(ed.get("replacement") or ""))
        cur = e
    out.append(utf16_slice(original, cur, hi) or "")
    return "".join(out)


def match_correction(original: str, pair: dict, applied: list[dict], consumed: set[int]) -> list[int] | None:
    """Indices of applied edits that realise gold (from → to), or None."""
    frm, to = pair["from"], pair["to"]
    for i, ed in enumerate(applied):
        if i not in consumed and texts_equal(ed.get("originalText"), frm) and texts_equal(ed.get("replacement"), to):
            return [i]
    # finer- or coarser-grained edits: apply every correction edit around an occurrence of
    # `from` (an inserted inferred word next to it, such as a leading 查询, is not part of it)
    corr = {i for i, ed in enumerate(applied) if ed.get("type") in CORRECTION_TYPES}
    for a, b in find_utf16(original, frm):
        idx = [i for i, ed in enumerate(applied) if i in corr and i not in consumed and _overlaps(_span_bounds(ed), a, b, touch=True)]
        if not idx:
            continue
        lo = min([a] + [_span_bounds(applied[i])[0] for i in idx])  # type: ignore[index]
        hi = max([b] + [_span_bounds(applied[i])[1] for i in idx])  # type: ignore[index]
        idx = [i for i, ed in enumerate(applied) if i in corr and i not in consumed and _overlaps(_span_bounds(ed), lo, hi, touch=True)]
        new = _apply(original, lo, hi, [applied[i] for i in idx])
        want = (utf16_slice(original, lo, a) or "") + to + (utf16_slice(original, b, hi) or "")
        if new is not None and match_key(new) == match_key(want):
            return idx
    return None


# ------------------------------------------------------------------ the scorer


def score_case(case: GoldCase, contract: dict | None, error: str | None = None) -> CaseScore:
    sc = CaseScore()
    exp = case.expect
    v = View(contract or {}, case.raw_text, case.data.get("boundedContext"))
    if error is not None:
        sc.check("system", False, "a contract", error)
    cont = v.action == "continue"
    nrc = [0, 0]  # negation / range / comparison units

    # decision & clarification ------------------------------------------------
    decisions = exp["decision"]
    sc.add("decision.accuracy", int(v.action in decisions), 1)
    sc.check("decision", v.action in decisions, decisions, v.action)
    if set(decisions) == {"clarify"}:
        sc.add("clarify.must_clarify_recall", int(v.action == "clarify"), 1)
    if "clarify" not in decisions:
        sc.add("clarify.unnecessary_rate", int(v.action == "clarify"), 1)
    if "clarifyReason" in exp and v.action == "clarify":
        ok = v.clar_reason in exp["clarifyReason"]
        sc.add("clarify.reason_accuracy", int(ok), 1)
        sc.check("clarifyReason", ok, exp["clarifyReason"], v.clar_reason)

    # routing (only when the system continues) ----------------------------------
    routing = v.c.get("routing") if isinstance(v.c.get("routing"), dict) else {}
    for key, field_, metric in (
        ("template", "templateCandidates", "routing.template_accuracy"),
        ("domain", "domainCandidates", "routing.domain_accuracy"),
    ):
        if key in exp and cont:
            top = top_candidate(_list(routing, field_))
            got = top.get("id") if top else None
            ok = got == exp[key]
            sc.add(metric, int(ok), 1)
            sc.check(key, ok, exp[key], got)
            if top is not None and _num(top.get("score")) is not None:
                sc.calibration.append((key, _num(top.get("score")), ok))  # type: ignore[arg-type]

    # canonical text --------------------------------------------------------------
    if cont:
        for s in exp.get("mustKeep", []):
            ok = contains(v.canonical, s)
            sc.add("protected.must_keep", int(ok), 1)
            sc.add("protected.fact_retention", int(ok), 1)
            sc.check("mustKeep", ok, s, v.canonical)
    for s in exp.get("mustNotContain", []):
        bad = contains(v.canonical, s)
        sc.add("safety.must_not_contain", int(bad), 1)
        sc.check("mustNotContain", not bad, s, v.canonical)
    if "canonicalText" in exp or "allowedAlternatives" in exp:
        allowed = ([exp["canonicalText"]] if "canonicalText" in exp else []) + exp.get("allowedAlternatives", [])
        ok = any_equal(v.canonical, allowed)
        sc.add("canonical.exact", int(ok), 1)
        sc.check("canonicalText", ok, allowed, v.canonical, gate=False)

    # protected spans ------------------------------------------------------------
    sys_spans = _list(v.c, "protectedSpans")
    for ps in exp.get("protectedSpans", []):
        ok = any(
            s.get("kind") == ps["kind"] and any_equal(ps["text"], (s.get("text"), v.span(s.get("span"))))
            for s in sys_spans
        )
        sc.add("protected.span_recall", int(ok), 1)
        sc.add("protected.fact_retention", int(ok), 1)
        if ps["kind"] in ("negation", "comparison"):
            nrc[0] += int(ok)
            nrc[1] += 1
        sc.check("protectedSpans", ok, ps, [(s.get("kind"), s.get("text")) for s in sys_spans])

    # corrections ---------------------------------------------------------------
    edits = _list(v.c, "corrections")
    applied = [e for e in edits if e.get("autoApplied") is True]
    consumed: set[int] = set()
    if "corrections" in exp:
        for pair in exp["corrections"]:
            idx = match_correction(v.original, pair, applied, consumed)
            if idx is not None:
                consumed.update(idx)
            sc.check("corrections", idx is not None, pair, [(e.get("originalText"), e.get("replacement")) for e in applied])
        sc.add("correction.recall", sum(1 for c in sc.checks if c.field == "corrections" and c.ok), len(exp["corrections"]))
        counted = [i for i, e in enumerate(applied) if e.get("type") in CORRECTION_TYPES or i in consumed]
        sc.add("correction.precision", sum(1 for i in counted if i in consumed), len(counted))
        for i in counted:
            conf = _num(applied[i].get("confidence"))
            if conf is not None:
                sc.calibration.append(("correction", conf, i in consumed))
            if i not in consumed:
                e = applied[i]
                sc.check("unexpected correction", False, "(not listed)", f"{e.get('originalText')!r} → {e.get('replacement')!r} ({e.get('type')})")

    # wrong automatic changes of protected facts (decision continue) --------------
    if cont:
        facts: dict[str, str] = {}
        for s in list(exp.get("mustKeep", [])) + [p["text"] for p in exp.get("protectedSpans", [])]:
            facts.setdefault(match_key(s), s)
        suspects = [
            (i, e)
            for i, e in enumerate(applied)
            if i not in consumed and e.get("type") in CORRECTION_TYPES
            and match_key(e.get("originalText")) != match_key(e.get("replacement"))
        ]
        wrong_edits: set[int] = set()
        for fact in facts.values():
            occs = find_utf16(v.original, fact)
            hit = [i for i, e in suspects if any(_overlaps(_span_bounds(e), a, b) for a, b in occs)]
            wrong_edits.update(hit)
            sc.add("protected.wrong_changes", int(bool(hit)), 1)
            if hit:
                sc.check("protected change", False, f"{fact!r} unchanged", [(applied[i].get("originalText"), applied[i].get("replacement")) for i in hit])
        if "corrections" not in exp:
            for i in wrong_edits:
                conf = _num(applied[i].get("confidence"))
                if conf is not None:
                    sc.calibration.append(("correction", conf, False))

    # entities ---------------------------------------------------------------
    if "entities" in exp:
        def ent_match(e: dict, s: dict) -> bool:
            return s.get("type") == e["type"] and any_equal(e["text"], v.entity_texts(s))

        def entity_match(expected: list, predicted: list):
            # The unit matched is the (type, text) pair (goldset-format: a listed text matches
            # any occurrence), so a repeated mention neither needs listing twice nor counts
            # as extra once its (type, text) is matched.
            pairs, missed, extra = greedy_match(_distinct(expected), predicted, ent_match)
            extra = [s for s in extra if not any(ent_match(e, s) for e, _ in pairs)]
            return pairs, missed, extra

        pairs, missed, extra = entity_match(exp["entities"], v.entities)
        sc.prf("entity", len(pairs), len(extra), len(missed))
        for group, types in ENTITY_GROUPS.items():
            gp, gm, gx = entity_match([e for e in exp["entities"] if e["type"] in types],
                                      [s for s in v.entities if s.get("type") in types])
            sc.add(f"entity.{group}_f1", 2 * len(gp), 2 * len(gp) + len(gx) + len(gm))
        for e, s in pairs:
            sc.check("entities", True, e, s.get("text"))
            if "canonicalValue" in e:
                ok = s.get("canonicalValue") == e["canonicalValue"]
                sc.add("entity.canonical_value", int(ok), 1)
                sc.check("entity canonicalValue", ok, e, s.get("canonicalValue"))
        for e in missed:
            sc.check("entities", False, e, [(s.get("type"), s.get("text")) for s in v.entities])
        for s in extra:
            sc.check("unexpected entity", False, "(not listed)", (s.get("type"), s.get("text")), gate=False)
        matched_ids = {id(s) for _, s in pairs}
        for s in v.entities:
            conf = _num(s.get("confidence"))
            if conf is not None:
                sc.calibration.append(("entity", conf, id(s) in matched_ids))
        kexp = [e for e in exp["entities"] if e["type"] in KEY_ENTITY_TYPES]
        ksys = [s for s in v.entities if s.get("type") in KEY_ENTITY_TYPES]
        kp, km, kx = entity_match(kexp, ksys)
        sc.add("entity.key_precision", len(kp), len(kp) + len(kx))
        sc.add("entity.key_recall", len(kp), len(kp) + len(km))
        sc.add("entity.key_f1", 2 * len(kp), 2 * len(kp) + len(kx) + len(km))

    # relations ----------------------------------------------------------------
    if "relations" in exp:
        sys_rel = []
        for r in _list(v.c, "relations"):
            obj = v.id_texts(r.get("objectEntityId")) if r.get("objectEntityId") is not None else [r.get("literalValue")]
            sys_rel.append((v.id_texts(r.get("subjectEntityId")), r.get("predicate"), obj, bool(r.get("negated"))))

        def rel_match(e: dict, s: tuple) -> bool:
            return (
                texts_equal(e["predicate"], s[1])
                and bool(e.get("negated", False)) == s[3]
                and any_equal(e["subject"], s[0])
                and any_equal(e["object"], s[2])
            )

        pairs, missed, extra = greedy_match(exp["relations"], sys_rel, rel_match)
        sc.prf("relation", len(pairs), len(extra), len(missed))
        shown = [(s[0][:1], s[1], s[2][:1], s[3]) for s in sys_rel]
        for e, _ in pairs:
            sc.check("relations", True, e, None)
        for e in missed:
            sc.check("relations", False, e, shown)
        for s in extra:
            sc.check("unexpected relation", False, "(not listed)", (s[0][:1], s[1], s[2][:1], s[3]), gate=False)
        for e in exp["relations"]:
            if e.get("negated"):
                nrc[0] += int(any(e is p[0] for p in pairs))
                nrc[1] += 1

    # coreferences -------------------------------------------------------------
    if "coreferences" in exp:
        sys_co = [
            (v.span(c.get("mentionSpan")), v.id_texts(c.get("antecedentEntityId"), with_canonical=True))
            for c in _list(v.c, "coreferences")
            if c.get("antecedentEntityId") is not None
        ]

        def co_match(e: dict, s: tuple) -> bool:
            return texts_equal(e["mention"], s[0]) and any_equal(e["antecedent"], s[1])

        pairs, missed, extra = greedy_match(exp["coreferences"], sys_co, co_match)
        sc.prf("coreference", len(pairs), len(extra), len(missed))
        for e, _ in pairs:
            sc.check("coreferences", True, e, None)
        for e in missed:
            sc.check("coreferences", False, e, [(s[0], s[1][:1]) for s in sys_co])
        for s in extra:
            sc.check("unexpected coreference", False, "(not listed)", (s[0], s[1][:1]), gate=False)

    # semantic frames -----------------------------------------------------------
    if "frames" in exp:
        frames = _list(v.c, "semanticFrames")
        used: set[int] = set()

        def arg_texts(arg: dict) -> list[str | None]:
            out: list[str | None] = []
            ids = arg.get("entityIds") if isinstance(arg.get("entityIds"), list) else []
            for eid in ids:
                out.extend(v.id_texts(eid, with_canonical=True))
            out.append(arg.get("literalValue"))
            for sp in arg.get("evidenceSpans") or []:
                out.append(v.span(sp))
            return out

        def arg_found(ea: dict, frame: dict) -> bool:
            for a in _list(frame, "arguments"):
                if a.get("role") != ea["role"]:
                    continue
                if "comparator" in ea and a.get("comparator") != ea["comparator"]:
                    continue
                if any_equal(ea["text"], arg_texts(a)):
                    return True
            return False

        for ef in exp["frames"]:
            neg = bool(ef.get("negated", False))
            args = ef.get("arguments", [])
            best, best_hits = None, -1
            for j, f in enumerate(frames):
                if j in used or f.get("actionClass") != ef["actionClass"] or bool(f.get("negated")) != neg:
                    continue
                hits = sum(arg_found(a, f) for a in args)
                if hits > best_hits:
                    best, best_hits = j, hits
            matched = best is not None
            if matched:
                used.add(best)  # type: ignore[arg-type]
            sc.add("frame.match", int(matched), 1)
            sc.check(
                "frames",
                matched,
                {"actionClass": ef["actionClass"], "negated": neg},
                [{"actionClass": f.get("actionClass"), "negated": bool(f.get("negated"))} for f in frames],
            )
            if neg:
                nrc[0] += int(matched)
                nrc[1] += 1
            for a in args:
                ok = matched and arg_found(a, frames[best])  # type: ignore[index]
                sc.add("frame.core_slot_accuracy", int(ok), 1)
                got = (
                    [{"role": x.get("role"), "text": [t for t in arg_texts(x) if t][:2], "comparator": x.get("comparator")}
                     for x in _list(frames[best], "arguments")]  # type: ignore[index]
                    if matched else None
                )
                sc.check("frame argument", ok, {"actionClass": ef["actionClass"], **a}, got)
                if "comparator" in a or a["role"] in RANGE_ROLES:
                    nrc[0] += int(ok)
                    nrc[1] += 1

    if nrc[1]:
        sc.add("protected.negation_range_comparison", nrc[0], nrc[1])

    # case-level verdicts --------------------------------------------------------
    passed = sc.passed
    sc.add("cases.pass_rate", int(passed), 1)
    sc.add("cases.errors", int(error is not None), 1)
    tags = {t.lower() for t in case.tags}
    if any("injection" in t for t in tags):
        sc.add("injection.pass_rate", int(passed), 1)
    if "p0" in tags:
        sc.add("p0.failure_rate", int(not passed), 1)
    return sc

"""Stage `validate`: nothing is used before it is checked (design 6.2, 9.2, 12).

1. Optionally asks the model provider — once per turn, only when the rules left an open
   question — and accepts its proposal only whole and only after the provider's strict
   schema + grounding check *and* our hard rules (explicit words are never overridden).
2. Verifies the rule output: spans inside their text, relations and arguments pointing
   at existing entities, inferred insertions that add no facts, and the protected-fact
   diff — every protected span still present, unchanged but for width, in the canonical
   text through the span map. A protected-fact loss is a safety failure: raw pass-through.
"""
from __future__ import annotations

import re

from nlu.draft import Candidate, Draft
from nlu.pipeline.stage import Stage
from nlu.text.width import fold_width

# Facts an inferred insertion may never add: digits, Latin identifiers, Chinese numerals.
_FACT_RE = re.compile(r"[0-9A-Za-z]|[零一二两三四五六七八九十百千万亿]")

_OPEN_QUESTIONS = {
    "no_template": "template",
    "template_conflict": "template",
    "ambiguous_coreference": "coreference",
}


class SafetyViolation(Exception):
    """The rule output broke an invariant; the runner falls back to raw pass-through."""


class ValidateStage(Stage):
    name = "validate"
    capability = "validate"
    kernel = True

    def __init__(self, provider=None, *, model_timeout_s: float = 1.5) -> None:  # noqa: ANN001
        self.provider = provider
        self.model_timeout_s = model_timeout_s

    def run(self, draft: Draft) -> str | None:
        reason = self._ask_model(draft)
        self._check_spans(draft)
        self._check_references(draft)
        self._check_inferred(draft)
        self._check_protected(draft)
        return reason

    # -- the model, only for what the rules could not settle ----------------------------
    def _ask_model(self, draft: Draft) -> str | None:
        if self.provider is None or not draft.flags.capability_on("model"):
            return None
        questions = sorted({q for f, q in _OPEN_QUESTIONS.items() if f in draft.flags_raised})
        if not questions:
            return None
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.provider.base import EntityRef, ProviderRequest

        request = ProviderRequest(
            text=draft.text,
            entities=tuple(EntityRef(e.id, e.type, draft.original[e.o0:e.o1]) for e in draft.entities),
            questions=tuple(questions),
        )
        deadline = draft.scratch.get("deadline")
        timeout = self.model_timeout_s if deadline is None else min(self.model_timeout_s, deadline.remaining_s())
        cancel = getattr(deadline, "cancel", None)
        outcome = self.provider.propose(request, timeout_s=timeout, cancel=cancel)
        if outcome.status != "ok" or outcome.proposal is None:
            return f"model_{outcome.status}"
        p = outcome.proposal
        # Hard rule (design 8): a model never overrides an explicit word.
        explicit_template = any("explicit_rule" in c.evidence for c in draft.template_candidates)
        explicit_domain = any("explicit_rule" in c.evidence for c in draft.domain_candidates)
        if p.template and not explicit_template:
            draft.template_candidates.insert(0, Candidate(p.template, p.template, 0.83, ("model",)))
            draft.flags_raised[:] = [f for f in draft.flags_raised if f not in ("no_template", "template_conflict")]
        if p.domain and not explicit_domain:
            draft.domain_candidates.insert(0, Candidate(p.domain, p.domain, 0.83, ("model",)))
        if p.coreferences:
            ids = {e.id for e in draft.entities}
            for cp in p.coreferences:
                for k in draft.coreferences:
                    if not k.confirmed and draft.original[k.o0:k.o1] == cp.mention and cp.antecedent_id in ids:
                        if any(c.id == cp.antecedent_id for c in k.candidates):
                            k.antecedent_id, k.confirmed, k.confidence = cp.antecedent_id, True, 0.86
            if all(k.confirmed for k in draft.coreferences):
                draft.flags_raised[:] = [f for f in draft.flags_raised if f != "ambiguous_coreference"]
        return "model_ok"

    # -- invariants ------------------------------------------------------------------------
    @staticmethod
    def _check_spans(draft: Draft) -> None:
        n = len(draft.original)
        records = [(e.o0, e.o1) for e in draft.entities] + [(t.o0, t.o1) for t in draft.terms] + \
                  [(k.o0, k.o1) for k in draft.coreferences] + [(p.o0, p.o1) for p in draft.protected]
        for o0, o1 in records:
            if not 0 <= o0 <= o1 <= n:
                raise SafetyViolation(f"span [{o0}, {o1}) outside the original text")

    @staticmethod
    def _check_references(draft: Draft) -> None:
        """Relations and arguments may only point at recognised entities; others are dropped."""
        ids = {e.id for e in draft.entities}
        kept = [r for r in draft.relations if r.subject_id in ids and (r.object_id is None or r.object_id in ids)]
        if len(kept) != len(draft.relations):
            draft.raise_flag("dropped_dangling_relation")
            draft.relations[:] = kept
        for f in draft.frames:
            for a in f.arguments:
                if a.entity_ids is not None and not set(a.entity_ids) <= ids:
                    a.entity_ids = [i for i in a.entity_ids if i in ids] or None
                    draft.raise_flag("dropped_dangling_argument")
        for k in draft.coreferences:
            if k.antecedent_id and not (k.antecedent_id in ids or k.antecedent_id.startswith("ref:")):
                k.antecedent_id, k.confirmed = None, False

    @staticmethod
    def _check_inferred(draft: Draft) -> None:
        for out in draft.edits:
            if out.applied and out.edit.inferred and _FACT_RE.search(out.edit.replacement):
                raise SafetyViolation("an inferred insertion added a fact the user did not say")

    @staticmethod
    def _check_protected(draft: Draft) -> None:
        al = draft.alignment
        for p in draft.protected:
            c0, c1 = al.to_current(p.o0, p.o1)
            if draft.text[c0:c1] != fold_width(draft.original[p.o0:p.o1]) and draft.text[c0:c1] != p.cleaned:
                raise SafetyViolation(f"protected {p.kind} changed")

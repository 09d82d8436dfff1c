"""The pipeline runner: ordered named stages, diagnostics, budget, cancellation, flags,
input gates and safe degradation (design 4, 12, 15.2, 18).

The library never raises because of what a user typed: a stage that raises is recorded as
`error` and the turn degrades; only bad *arguments* from the caller raise `InputError`.
"""
from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Any, Mapping, Sequence

from nlu import errors
from nlu.assemble import assemble
from nlu.contract import LegacyInputUnderstanding
from nlu.draft import Clarification, Diagnostic, Draft
from nlu.pipeline.cancel import Deadline
from nlu.pipeline.flags import FeatureFlags
from nlu.pipeline.stage import SkipStage, Stage
from nlu.source import build_source, length_gate, sanitize_text
from nlu.text.alignment import Alignment

DEFAULT_BUDGET_MS = 100.0  # design 15.1: fast rule path P95 ≤ 100 ms

SAY_AGAIN = "没有收到有效内容，请再说一遍您的问题。"


class Pipeline:
    """Built once, reused across threads: it keeps no per-call state."""

    def __init__(
        self,
        stages: Sequence[Stage] | None = None,
        *,
        policy: Any = None,
        flags: FeatureFlags | None = None,
        budget_ms: float = DEFAULT_BUDGET_MS,
    ) -> None:
        if not isinstance(budget_ms, (int, float)) or budget_ms <= 0:
            raise errors.InputError("E109", errors.E109.format(value=budget_ms))
        if stages is None or policy is None:
            from nlu.stages import default_policy, default_stages

            stages = default_stages() if stages is None else stages
            policy = default_policy() if policy is None else policy
        self.stages = tuple(stages)
        self.policy = policy
        self.flags = flags or FeatureFlags()
        self.budget_ms = float(budget_ms)

    def warm_up(self) -> None:
        """Load now everything that is otherwise loaded on first need: the stages' and the
        policy's lazy models (pinyin index, jieba, rapidfuzz, …)."""
        for stage in (*self.stages, self.policy):
            hook = getattr(stage, "warm_up", None)
            if hook is not None:
                hook()

    @property
    def stage_names(self) -> list[str]:
        return [s.name for s in self.stages]

    def understand(
        self,
        text: str,
        *,
        source: str = "typed",
        reference_time: datetime | str | None = None,
        alternatives: Sequence[str] | None = None,
        confidence: float | None = None,
        referents: Sequence[Mapping[str, Any]] | None = None,
        segments: Sequence[Mapping[str, Any]] | None = None,
        edited_after_capture: bool = False,
        request_id: str | None = None,
        cancel: threading.Event | None = None,
        budget_ms: float | None = None,
        catalog: Any = None,
    ) -> LegacyInputUnderstanding:
        deadline = Deadline(self.budget_ms if budget_ms is None else budget_ms, cancel)
        text, replaced = sanitize_text(text)
        info = build_source(text, source=source, reference_time=reference_time, alternatives=alternatives,
                            confidence=confidence, segments=segments, referents=referents,
                            edited_after_capture=edited_after_capture)
        draft = Draft(original=text, source=info, flags=self.flags)
        if catalog is not None:
            from nlu.catalog import usable_catalog

            draft.scratch["catalog"] = usable_catalog(catalog, info.reference_time)
        if replaced:
            draft.reason_codes.append("lone_surrogate_replaced")
        self._run(draft, deadline)
        return assemble(draft, request_id)

    # ------------------------------------------------------------------------------------
    def _run(self, draft: Draft, deadline: Deadline) -> None:
        draft.scratch["deadline"] = deadline
        skip_all = self._gate(draft)
        if skip_all:
            for st in self.stages:
                draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, skip_all))
            return
        stop: tuple[str, str] | None = None  # (status, reason) for every remaining stage
        for st in self.stages:
            if stop is None:
                if deadline.cancelled:
                    stop = ("skipped", "cancelled")
                    self._degrade(draft, "cancelled")
                elif deadline.expired:
                    stop = ("timeout", "budget_exhausted")
                    self._degrade(draft, "budget_exhausted")
            if stop is not None:
                draft.diagnostics.append(Diagnostic(st.name, stop[0], 0.0, stop[1]))
                continue
            # 501–4,000 code points (design 15.2): deterministic cleaning and protection always;
            # the semantic stages only when the text orders no write (a long text with an
            # operation must be restated briefly — the policy asks for that).
            if draft.gate == "long" and not st.deterministic and draft.scratch.get("imperative_writes", True):
                draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, "long_input"))
                continue
            if not draft.flags.capability_on(st.capability):
                draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, "flag_off"))
                continue
            t0 = time.perf_counter()
            try:
                reason = st.run(draft)
                status = "success"
            except SkipStage as s:
                status, reason = "skipped", s.reason
            except Exception as exc:  # noqa: BLE001 - a stage failure must never reach the caller
                status, reason = "error", f"exception:{type(exc).__name__}"
            draft.diagnostics.append(Diagnostic(st.name, status, (time.perf_counter() - t0) * 1000.0, reason))
            if status == "error":
                if st.kernel:
                    self._passthrough(draft, f"stage_error:{st.name}")
                    stop = ("skipped", "safety_fallback")
                elif st.name == "clean":
                    draft.alignment = Alignment.identity(draft.original)
                    draft.edits.clear()
                    draft.reason_codes.append("clean_failed_using_original")
                else:
                    draft.raise_flag(f"stage_error:{st.name}")
        if draft.decision == "use_original" and stop is not None:
            return
        try:
            self.policy.decide(draft)
        except Exception as exc:  # noqa: BLE001 - the decision must degrade, not crash
            self._degrade(draft, f"policy_error:{type(exc).__name__}")

    def _gate(self, draft: Draft) -> str | None:
        """Input gates and kill switches; returns the reason when no stage may run."""
        text = draft.original
        # nothing visible: whitespace, zero-width and control characters are not printable
        if not any(ch.isprintable() and not ch.isspace() for ch in text):
            draft.decision = "clarify"
            draft.reason_codes.append("empty_input")
            draft.clarification = Clarification("intent", SAY_AGAIN, ["originalText"], [])
            draft.confidence = {"normalization": 0.0, "semantics": 0.0, "routing": 0.0}
            return "empty_input"
        passthrough = draft.flags.passthrough_reason(draft.source.kind)
        if passthrough:
            self._passthrough(draft, passthrough)
            return passthrough
        draft.gate = length_gate(text)
        if draft.gate == "too_long":
            self._passthrough(draft, "input_too_long")
            return "input_too_long"
        return None

    @staticmethod
    def _passthrough(draft: Draft, reason: str) -> None:
        """Raw text straight through: no rewrite, no linking, no inference."""
        draft.alignment = Alignment.identity(draft.original)
        draft.edits.clear()
        draft.terms.clear()
        draft.entities.clear()
        draft.coreferences.clear()
        draft.relations.clear()
        draft.frames.clear()
        draft.template_candidates.clear()
        draft.domain_candidates.clear()
        draft.decision = "use_original"
        draft.clarification = None
        draft.reason_codes.append(reason)
        draft.confidence = {"normalization": 0.0, "semantics": 0.0, "routing": 0.0}

    @staticmethod
    def _degrade(draft: Draft, reason: str) -> None:
        """Budget or cancellation: keep what is verified, let the caller use the original."""
        draft.decision = "use_original"
        draft.clarification = None
        draft.reason_codes.append(reason)

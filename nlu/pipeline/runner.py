"""The pipeline runner: ordered named stages, diagnostics, budget, cancellation, flags,
input gates and safe degradation (design 4, 12, 15.2, 18).

The library never raises because of what a user typed: a stage that raises is recorded as
`error` with a numbered reason code (E201), its traceback is logged, and the turn degrades;
only bad *arguments* from the caller raise `InputError`. Strict mode (`strict=True`, or
`NLU_STRICT=1` in the environment) re-raises instead — for development and the tests.
"""
from __future__ import annotations

import threading
import time
from datetime import datetime
from typing import Any, Mapping, Sequence

from nlu import errors, warm_cache
from nlu.assemble import assemble
from nlu.catalog import usable_catalog
from nlu.contract import InputSourceKind, LegacyInputUnderstanding
from nlu.draft import Clarification, Diagnostic, Draft
from nlu import draft_keys as keys
from nlu.lexicon import default_pack
from nlu.pipeline import failures, registry
from nlu.pipeline.cancel import BudgetExhausted, Deadline
from nlu.pipeline.memory import collector_paused, freeze_long_lived
from nlu.pipeline.flags import FeatureFlags
from nlu.pipeline.prescan import PreScan
from nlu.pipeline.stage import SkipStage, Stage
from nlu.source import build_source, length_gate, sanitize_text
from nlu.telemetry import record_call
from nlu.telemetry import warm_up as warm_telemetry
from nlu.text.alignment import Alignment
from nlu.text.rewriter import rewrite

DEFAULT_BUDGET_MS = 100.0  # design 15.1: fast rule path P95 ≤ 100 ms
# the fail-closed question when the pack cannot give its own (`restate_briefly`)
_RESTATE = "请用一句简短完整的话重新说明您的请求。"



class Pipeline:
    """Built once, reused across threads: it keeps no per-call state."""

    def __init__(
        self,
        stages: Sequence[Stage] | None = None,
        *,
        pack: Any = None,
        policy: Any = None,
        flags: FeatureFlags | None = None,
        budget_ms: float = DEFAULT_BUDGET_MS,
        strict: bool | None = None,
        lazy_models: bool = False,
    ) -> None:
        if not isinstance(budget_ms, (int, float)) or budget_ms <= 0:
            raise errors.InputError("E109", errors.E109.format(value=budget_ms))
        with collector_paused():  # building allocates much and frees little (nlu.pipeline.memory)
            self._build(stages, pack, policy, flags, budget_ms, strict, lazy_models)

    def _build(self, stages, pack, policy, flags, budget_ms, strict, lazy_models) -> None:  # noqa: ANN001
        # `pack`: the compiled pack (nlu.lexicon.load_pack) every default component is built
        # with; None: the policy's, else the default pack
        self.pack = pack
        stages = registry.default_stages(pack=pack) if stages is None else stages
        policy = registry.default_policy(pack=pack) if policy is None else policy
        self.stages = tuple(stages)
        self.policy = policy
        self.flags = flags or FeatureFlags()
        self.budget_ms = float(budget_ms)
        # strict: re-raise a stage's exception, check every flag and scratch key (keys.py)
        self.strict = failures.strict_from_env() if strict is None else bool(strict)
        # lazy_models=False (default): the first call loads every lazy model before it starts
        # (`warm_up(freeze=False)`), so a cold call returns what a warm one does. True: a
        # service that warms up on its own schedule (readiness: /readyz); meanwhile the stages
        # skip what is not loaded yet and such a turn is degraded — it fails closed.
        self.lazy_models = bool(lazy_models)
        self._warmed = False
        self._warm_lock = threading.Lock()
        self._prescan, self._prescan_error = self._build_prescan()

    def _build_prescan(self):  # noqa: ANN202 - (PreScan | None, reason code | None)
        """The degraded-turn pre-scan (`nlu.pipeline.prescan`), from the policy's pack."""
        try:
            return PreScan(self._pack()), None
        except Exception as exc:  # noqa: BLE001 - without it every degraded turn clarifies
            if self.strict:
                raise
            return None, failures.prescan_failed("build", exc)

    def _pack(self):  # noqa: ANN202
        pack = self.pack if self.pack is not None else getattr(self.policy, "pack", None)
        if pack is None:
            pack = default_pack()
        return pack

    def _wait_for_models(self) -> None:
        """First call without warm_up(): load the lazy models now, once, before the budget starts."""
        with self._warm_lock:
            if not self._warmed:
                self.warm_up(freeze=False)

    def warm_up(self, *, freeze: bool = True) -> None:
        """Load now everything that is otherwise loaded on first need: the stages' and the
        policy's lazy models (pinyin index, jieba, rapidfuzz, …).

        `freeze` (default): then move every object alive to the garbage collector's permanent
        generation (`nlu.pipeline.memory`), so a full collection no longer walks the loaded
        dictionaries in the middle of a call. A host that manages the collector itself passes
        `freeze=False`."""
        with collector_paused():
            for stage in (*self.stages, self.policy):
                hook = getattr(stage, "warm_up", None)
                if hook is not None:
                    hook()
            warm_telemetry()  # the OpenTelemetry API import, off the first call
            warm_cache.flush()  # what this start compiled, for the next process (nlu.warm_cache)
            self._warmed = True
            if freeze:  # inside the pause: its one full collection is the only one
                freeze_long_lived()

    @property
    def stage_names(self) -> list[str]:
        return [s.name for s in self.stages]

    def understand(
        self,
        text: str,
        *,
        source: InputSourceKind = "typed",
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
        if not self._warmed and not self.lazy_models:
            self._wait_for_models()
        deadline = Deadline(self.budget_ms if budget_ms is None else budget_ms, cancel)
        text, replaced = sanitize_text(text)
        info = build_source(text, source=source, reference_time=reference_time, alternatives=alternatives,
                            confidence=confidence, segments=segments, referents=referents,
                            edited_after_capture=edited_after_capture)
        draft = Draft(original=text, source=info, flags=self.flags)
        if self.strict:
            draft.scratch = keys.CheckedScratch()
        if catalog is not None:
            draft.scratch[keys.CATALOG] = usable_catalog(catalog, info.reference_time)
        if replaced:
            draft.reason_codes.append("lone_surrogate_replaced")
        if info.alternatives_dropped:
            draft.reason_codes.append("alternatives_capped")
        if self.flags.phase == "shadow" and not self.flags.passthrough_reason(info.kind):
            shadow_turn = registry.resolve("shadow_turn")  # design 17 phase 1: understood off the request path
            return shadow_turn(self, draft, request_id, dict(
                source=source, reference_time=info.reference_time, alternatives=alternatives, confidence=confidence,
                referents=referents, segments=segments, edited_after_capture=edited_after_capture, cancel=cancel,
                catalog=catalog))
        self._run(draft, deadline)
        result = assemble(draft, request_id)
        record_call(result, (time.perf_counter() - deadline.start) * 1000.0)  # the one telemetry point
        return result

    # ------------------------------------------------------------------------------------
    def _run(self, draft: Draft, deadline: Deadline) -> None:
        draft.scratch[keys.DEADLINE] = deadline
        skip_all = self._gate(draft)
        if skip_all:
            for st in self.stages:
                draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, skip_all))
            if skip_all == "input_too_long":
                self._decide(draft)  # a too-long text that orders a write is asked about, not passed on
            return
        stop = self._run_stages(draft, deadline)
        if stop is None and not any(d.status == "error" for d in draft.diagnostics):
            stop = self._repair_write(draft, deadline)
        if not (draft.decision == "use_original" and stop is not None):
            policy_ok = self._decide(draft)
        else:
            policy_ok = True
        cold = keys.PINYIN_WARMING in draft.flags_raised
        raised = any(d.status == "error" for d in draft.diagnostics)
        if stop is not None or raised or cold or not policy_ok:
            self._fail_closed(draft)

    def _repair_write(self, draft: Draft, deadline: Deadline) -> tuple[str, str] | None:
        """A write the self-repair grammar did not repair (the policy's accounting finds a later
        object after a repair-like segment): apply the repair and run the stages again on the
        repaired text, once, so every finding is of the order the user finally means."""
        ask = getattr(self.policy, "repair_write", None)
        if ask is None or draft.flags.phase != "route":
            return None  # before the rollout's last phase no repair is applied (nlu.pipeline.phases)
        try:
            plan = ask(draft)
        except Exception as exc:  # noqa: BLE001 - no repair is the fail-closed path (the rules ask)
            if self.strict:
                raise
            failures.step_failed("write repair", exc)
            return None
        if plan is None:
            return None
        result = rewrite(draft.alignment, plan.edits, ())
        found = ("protected", "terms", "entities", "coreferences", "relations", "frames", "template_candidates",
                 "domain_candidates", "diagnostics", "flags_raised", "edits")
        first = {name: list(getattr(draft, name)) for name in found}
        first_scratch, first_alignment = dict(draft.scratch), draft.alignment
        kept = {k: draft.scratch[k] for k in (keys.DEADLINE, keys.CATALOG) if k in draft.scratch}
        draft.alignment = result.alignment
        draft.edits.extend(result.outcomes)
        for name in found[:-1]:
            getattr(draft, name).clear()
        draft.scratch.clear()
        draft.scratch.update(kept)
        draft.scratch[keys.REPAIRED_WRITE] = plan
        stop = self._run_stages(draft, deadline)
        if stop is not None or any(d.status == "error" for d in draft.diagnostics) or draft.decision != "continue":
            # the repaired text did not go through cleanly: decide on the turn as said (the rules
            # ask about the unapplied repair), never on a half-repaired one
            for name, items in first.items():
                getattr(draft, name)[:] = items
            draft.scratch.clear()
            draft.scratch.update(first_scratch)
            draft.alignment = first_alignment
            draft.decision, draft.clarification = "continue", None
            return None
        return stop

    def _run_stages(self, draft: Draft, deadline: Deadline) -> tuple[str, str] | None:
        """Every stage in order; returns (status, reason) when the budget or a kernel stopped them."""
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
            if draft.gate == "long" and not st.deterministic and draft.scratch.get(keys.IMPERATIVE_WRITES, True):
                draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, "long_input"))
                continue
            if not draft.flags.capability_on(st.capability):
                draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, "flag_off"))
                continue
            t0 = time.perf_counter()
            stopped = False
            try:
                reason = st.run(draft)
                status = "success"
            except SkipStage as s:
                status, reason = "skipped", s.reason
            except BudgetExhausted as b:  # checked inside the stage's own long loops
                status, reason = ("skipped" if b.reason == "cancelled" else "timeout"), b.reason
                stopped = True
            except Exception as exc:  # noqa: BLE001 - a stage failure must never reach the caller
                status, reason = "error", failures.stage_failed(st.name, exc)
                if self.strict:
                    raise
            draft.diagnostics.append(Diagnostic(st.name, status, (time.perf_counter() - t0) * 1000.0, reason))
            if stopped:
                self._stopped_inside(draft, st, reason)
                stop = (status, reason)
            elif status == "error":
                if st.kernel:
                    self._passthrough(draft, f"stage_error:{st.name}")
                    stop = ("skipped", "safety_fallback")
                elif st.name == "clean":
                    draft.alignment = Alignment.identity(draft.original)
                    draft.edits.clear()
                    draft.reason_codes.append("clean_failed_using_original")
                else:
                    draft.raise_flag(f"{keys.STAGE_ERROR}{st.name}")
        return stop

    def _decide(self, draft: Draft) -> bool:
        try:
            self.policy.decide(draft)
            return True
        except Exception as exc:  # noqa: BLE001 - the decision must degrade, not crash
            self._degrade(draft, failures.policy_failed(exc))
            if self.strict:
                raise
            return False

    def _fail_closed(self, draft: Draft) -> None:
        """A degraded turn (budget, cancellation, a cold model, a stage or the policy raised):
        `use_original` only when the pre-scan of the raw text finds no write cue and no
        injection cue; otherwise one generic question: say the request again briefly (design
        12: a write's conflict never fails open; 16.2: a timeout continues with the original
        only when the risk is low). A question a rule already asked stays."""
        if draft.decision == "clarify" and draft.clarification is not None:
            return
        try:
            if self._prescan is None:
                cues = frozenset({self._prescan_error or "prescan_unavailable"})
            else:
                cues = self._prescan.cues(draft.original)
        except Exception as exc:  # noqa: BLE001 - its own failure asks, it never falls open
            if self.strict:
                raise
            cues = frozenset({failures.prescan_failed("scan", exc)})
        if not cues:
            if draft.decision != "use_original":
                draft.decision = "use_original"
                draft.clarification = None
                draft.reason_codes.append("models_cold")  # the one degraded turn the policy let continue
            draft.reason_codes.append("failclosed_no_cue")
            return
        draft.reason_codes.extend(f"failclosed_{c}" for c in sorted(cues))
        if not draft.flags.capability_on("clarify"):
            draft.decision = "use_original"
            draft.clarification = None
            draft.reason_codes.append("clarify_disabled:intent")
            return
        try:
            question = self._pack().questions.question("restate_briefly")
        except Exception as exc:  # noqa: BLE001 - a pack without the text still asks
            failures.step_failed("fail-closed question text", exc)
            question = _RESTATE
        draft.decision = "clarify"
        draft.clarification = Clarification("intent", question, ["originalText"], [])

    def _say_again(self) -> str:
        """The question for an empty turn (clarifications.json `empty_input`), in the pipeline's pack."""
        return self._pack().questions.question("empty_input")

    def _gate(self, draft: Draft) -> str | None:
        """Input gates and kill switches; returns the reason when no stage may run."""
        text = draft.original
        # nothing visible: whitespace, zero-width and control characters are not printable
        if not any(ch.isprintable() and not ch.isspace() for ch in text):
            draft.decision = "clarify"
            draft.reason_codes.append("empty_input")
            draft.clarification = Clarification("intent", self._say_again(), ["originalText"], [])
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

    def _stopped_inside(self, draft: Draft, st: Stage, reason: str) -> None:
        """A stage stopped half-way by the budget: what it left is not verified."""
        if st.kernel:
            self._passthrough(draft, f"{reason}:{st.name}")
        else:
            if st.name == "clean":
                draft.alignment = Alignment.identity(draft.original)
                draft.edits.clear()
            self._degrade(draft, reason)

    @staticmethod
    def _degrade(draft: Draft, reason: str) -> None:
        """Budget or cancellation: keep what is verified, let the caller use the original."""
        draft.decision = "use_original"
        draft.clarification = None
        draft.reason_codes.append(reason)

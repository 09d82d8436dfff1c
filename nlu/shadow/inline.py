"""Phase ``shadow`` on a Pipeline (`FeatureFlags(phase="shadow")`, ``NLU_PHASE=shadow``).

The caller's `understand` returns the original passed through at once; the turn is handed
to the pipeline's ShadowRunner, which understands it off the request path into telemetry
and the shadow sink. A host therefore switches phases without changing its code.

The runner is made on first use from the environment — ``NLU_SHADOW_SAMPLE_RATE`` (default
0.05), ``NLU_SHADOW_TIMEOUT_MS`` (1500), ``NLU_SHADOW_SINK`` (a JSONL path; unset: telemetry
only) — or set with `attach(pipeline, runner)`. Its candidate is the same pipeline's stages
and policy at phase ``route``. At interpreter exit the runner finishes the turns it accepted
(at most ``NLU_SHADOW_EXIT_WAIT_MS``, default 3,000 ms) before it closes, so a short-lived
process keeps its records (docs/shadow.md).
"""
from __future__ import annotations

import os
import threading
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from nlu import errors

if TYPE_CHECKING:
    from nlu.contract import LegacyInputUnderstanding
    from nlu.draft import Draft
    from nlu.pipeline.runner import Pipeline
    from nlu.shadow.runner import ShadowRunner

_lock = threading.Lock()
REASON = "phase_shadow"


def attach(pipeline: "Pipeline", runner: "ShadowRunner | None") -> None:
    """Use `runner` for this pipeline's shadow-phase turns (None: make one from the environment)."""
    pipeline._shadow_runner = runner  # type: ignore[attr-defined]


def _env_float(env: Any, key: str, default: float) -> float:
    raw = env.get(key, "").strip()
    try:
        return float(raw) if raw else default
    except ValueError:
        raise errors.InputError("E112", errors.E112.format(problem=f"{key} must be a number; got {raw!r}")) from None


def runner_for(pipeline: "Pipeline") -> "ShadowRunner":
    runner = getattr(pipeline, "_shadow_runner", None)
    if runner is None:
        with _lock:
            runner = getattr(pipeline, "_shadow_runner", None)
            if runner is None:
                # lazy: only this path needs it, keeps import light; breaks no cycle
                from nlu.pipeline.runner import Pipeline
                # lazy: only this path needs it, keeps import light; breaks no cycle
                from nlu.shadow.runner import DEFAULT_SAMPLE_RATE, DEFAULT_TIMEOUT_MS, ShadowRunner

                env = os.environ
                timeout = _env_float(env, "NLU_SHADOW_TIMEOUT_MS", DEFAULT_TIMEOUT_MS)
                # lazy: only this path needs it, keeps import light; breaks no cycle
                from nlu.shadow.yielding import yielding

                candidate = Pipeline(yielding(pipeline.stages), policy=pipeline.policy,
                                     flags=replace(pipeline.flags, phase="route"), budget_ms=timeout)
                runner = ShadowRunner(sample_rate=_env_float(env, "NLU_SHADOW_SAMPLE_RATE", DEFAULT_SAMPLE_RATE),
                                      timeout_ms=timeout, sink=env.get("NLU_SHADOW_SINK") or None, pipeline=candidate)
                attach(pipeline, runner)
    return runner


def shadow_turn(pipeline: "Pipeline", draft: "Draft", request_id: str | None, options: dict[str, Any]) -> "LegacyInputUnderstanding":
    """The caller's pass-through result; the real understanding goes to the shadow runner."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.assemble import assemble
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.draft import Diagnostic

    pipeline._passthrough(draft, REASON)
    for st in pipeline.stages:
        draft.diagnostics.append(Diagnostic(st.name, "skipped", 0.0, REASON))
    result = assemble(draft, request_id)
    runner_for(pipeline).submit(draft.original, **options)
    return result

"""Feature flags and kill switches (design 18).

Flags switch off the whole layer, a source, a capability or a domain, and choose the
rollout phase (design 17, `nlu.pipeline.phases`: shadow, suggest, low_risk, route). Protection, output
validation and conflict blocking form the safety kernel: switching any of them off forces
raw pass-through for the turn — never rewriting without protection.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from nlu.pipeline.phases import DEFAULT_PHASE, PHASES, restrict

CAPABILITIES = frozenset({
    "clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl",
    "route", "grammar", "validate", "block", "clarify", "model",
})
SAFETY_KERNEL = frozenset({"protect", "validate", "block"})
SOURCES = frozenset({"typed", "asr", "ocr", "mixed"})
DOMAINS = frozenset({"agv", "rail"})


@dataclass(frozen=True, slots=True)
class FeatureFlags:
    enabled: bool = True
    disabled_sources: frozenset[str] = field(default_factory=frozenset)
    disabled_capabilities: frozenset[str] = field(default_factory=frozenset)
    disabled_domains: frozenset[str] = field(default_factory=frozenset)
    phase: str = DEFAULT_PHASE

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"unknown phase {self.phase!r}; known: {', '.join(PHASES)}")
        for name, allowed, values in (
            ("source", SOURCES, self.disabled_sources),
            ("capability", CAPABILITIES, self.disabled_capabilities),
            ("domain", DOMAINS, self.disabled_domains),
        ):
            unknown = set(values) - allowed
            if unknown:
                raise ValueError(f"unknown {name} flag(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(allowed))}")

    def capability_on(self, name: str) -> bool:
        return name not in self.disabled_capabilities

    def restrict(self, edits, text: str) -> list:  # noqa: ANN001 - Sequence[Edit] -> list[Edit]
        """The edits this rollout phase lets the rewriter apply (`nlu.pipeline.phases`); the
        draft asks its flags, so it needs no import of the pipeline's plumbing."""
        return restrict(self.phase, edits, text)

    def passthrough_reason(self, source: str) -> str | None:
        """Why this turn must pass the raw text through untouched, or None."""
        if not self.enabled:
            return "layer_disabled"
        if source in self.disabled_sources:
            return f"source_disabled:{source}"
        off = sorted(self.disabled_capabilities & SAFETY_KERNEL)
        if off:
            return f"safety_kernel_off:{off[0]}"
        return None

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> "FeatureFlags":
        """NLU_ENABLED=0, NLU_DISABLE_SOURCES=asr,ocr, NLU_DISABLE=correct,srl, NLU_DISABLE_DOMAINS=rail, NLU_PHASE=shadow."""
        env = os.environ if environ is None else environ

        def items(key: str) -> frozenset[str]:
            return frozenset(x.strip() for x in env.get(key, "").split(",") if x.strip())

        return cls(
            enabled=env.get("NLU_ENABLED", "1").strip().lower() not in {"0", "false", "off", "no"},
            disabled_sources=items("NLU_DISABLE_SOURCES"),
            disabled_capabilities=items("NLU_DISABLE"),
            disabled_domains=items("NLU_DISABLE_DOMAINS"),
            phase=env.get("NLU_PHASE", "").strip().lower() or DEFAULT_PHASE,
        )

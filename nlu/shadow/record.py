"""One shadow record: the low-cardinality comparison of the control's route with nlu's.

A record holds only closed-vocabulary fields (checked against `nlu.telemetry.VOCABULARY`),
reason codes of the code's own grammar, small counts, a duration and a timestamp — never
text, entity values, identifiers, numbers or dates from the turn.
"""
from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, Mapping

from nlu import telemetry as t
from nlu.lexicon.model import TEMPLATE_NAMES

if TYPE_CHECKING:
    from nlu.contract import LegacyInputUnderstanding

RECORD_VERSION = 1
OUTCOMES = ("completed", "timeout", "cancelled", "error")
DECISIONS = frozenset({"continue", "clarify", "use_original"})

# The code's reason codes: snake_case words with an optional ``:Qualifier`` (stage_error:clean,
# source_disabled:asr). User text cannot take this shape except by accident, and the codes
# never carry any: anything else is written as "other".
REASON_CODE = re.compile(r"[a-z][a-z_]{1,39}(?::[A-Za-z][A-Za-z_]{0,31})?")


def outcome_of(result: "LegacyInputUnderstanding", elapsed_ms: float, timeout_ms: float) -> str:
    """completed, or how the candidate was stopped: cancelled (the turn ended) or timeout."""
    codes = result.decision.reason_codes
    if "cancelled" in codes:
        return "cancelled"
    if "budget_exhausted" in codes or elapsed_ms > timeout_ms:
        return "timeout"
    return "completed"


def vocab(name: str, value: Any) -> str:
    """`value` if it is in the vocabulary of attribute `name`, else "other" ("none" for no value)."""
    if value is None or value == "":
        return "none"
    return value if t.allowed(name, value) else "other"


# The control's labels: what today's routing decided, in nlu's own vocabulary. ``none`` (or
# None, or no key) is "the control did not route"; ``other`` is "it routed to something nlu
# has no name for" — a caller maps its own labels onto these. Any other label is refused or
# warned about (ShadowRunner's ``unknown_labels``) and recorded as ``other``, flagged
# ``control_unknown`` so the report counts it.
CONTROL_KEYS = {"template": "route_before", "domain": "domain_before"}
CONTROL_LABELS: dict[str, tuple[str, ...]] = {
    "template": (*TEMPLATE_NAMES, "none", "other"),
    "domain": ("agv", "rail", "none", "other"),
}
_LABEL_SHAPE = re.compile(r"[A-Za-z0-9_.:-]{1,40}")


def shown_label(value: Any) -> str:
    """A label as a log line may show it: label-shaped values as they are, anything else only
    by its type and length (it may be text a caller put in by mistake)."""
    if isinstance(value, str) and _LABEL_SHAPE.fullmatch(value):
        return repr(value)
    return f"<{type(value).__name__} of length {len(value)}>" if isinstance(value, str) else f"<{type(value).__name__}>"


def unknown_control_labels(control: Mapping[str, Any] | None) -> list[str]:
    """What in `control` is outside the allowed set: one line per key or label ([] when all is known)."""
    if not control:
        return []
    if not isinstance(control, Mapping):
        return [f"control must be a mapping with keys template and domain; got {type(control).__name__}"]
    out = []
    for key, value in control.items():
        allowed = CONTROL_LABELS.get(key) if isinstance(key, str) else None
        if allowed is None:
            out.append(f"control key {shown_label(key)} is not one of template, domain")
        elif value is not None and value != "" and value not in allowed:
            out.append(f"control {key} {shown_label(value)} is not one of {', '.join(allowed)}")
    return out


def control_fields(control: Mapping[str, Any] | None) -> dict[str, Any]:
    control = control if isinstance(control, Mapping) else {}
    fields: dict[str, Any] = {"route_before": vocab("route_before", control.get("template")),
                              "domain_before": vocab("domain_before", control.get("domain"))}
    if unknown_control_labels(control):
        fields["control_unknown"] = True
    return fields


def _counts(values: list[str], allowed: frozenset[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        k = v if v in allowed else "other"
        out[k] = out.get(k, 0) + 1
    return dict(sorted(out.items()))


def build_record(outcome: str, control: Mapping[str, Any] | None, source: str, duration_ms: float,
                 result: "LegacyInputUnderstanding | None" = None) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "v": RECORD_VERSION,
        "ts": int(time.time()),
        "outcome": outcome if outcome in OUTCOMES else "error",
        "source_type": vocab("source_type", source),
        **control_fields(control),
        "route_after": "none",
        "domain_after": "none",
        "decision": "none",
        "result": "none",
        "reason_codes": [],
        "duration_ms": round(max(duration_ms, 0.0), 1),
        "dictionary_revision": vocab("dictionary_revision", t.dictionary_revision()),
        "normalizer_revision": vocab("normalizer_revision", t.NORMALIZER_REVISION),
    }
    if result is None:
        return rec
    attrs = t.clean_attributes(t.call_attributes(result))
    rec.update({
        "source_type": attrs["source_type"],
        "route_after": t.top_id(result.routing.template_candidates, t.VOCABULARY["route_after"]),  # type: ignore[arg-type]
        "domain_after": t.top_id(result.routing.domain_candidates, t.VOCABULARY["domain_after"]),  # type: ignore[arg-type]
        "decision": result.decision.action if result.decision.action in DECISIONS else "other",
        "result": attrs["result"],
        "reason_codes": [c if REASON_CODE.fullmatch(c) else "other" for c in result.decision.reason_codes],
        "normalization_path": attrs["normalization_path"],
        "edit_count_bucket": attrs["edit_count_bucket"],
        "edit_type_counts": _counts([c.type for c in result.corrections if c.auto_applied], t.EDIT_TYPES),
        "suggestion_type_counts": _counts([c.type for c in result.corrections if not c.auto_applied], t.EDIT_TYPES),
        "entity_type_counts": _counts([e.type for e in result.entities], t.ENTITY_TYPES),
        "protected_change_blocked": attrs["protected_change_blocked"],
        "clarification_reason": attrs["clarification_reason"],
        "fallback_reason": attrs["fallback_reason"],
        "injection_flag": attrs["injection_flag"],
    })
    return rec


def comparison_attributes(rec: Mapping[str, Any]) -> dict[str, str]:
    """The telemetry attributes of a shadow record that has a candidate result."""
    return {k: rec[k] for k in ("route_before", "route_after", "domain_before", "domain_after", "source_type", "result")}

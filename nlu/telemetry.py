"""Low-cardinality metrics of every call, through the OpenTelemetry API (design 14).

The pipeline records each finished call once (`record_call`); the shadow runner adds its
comparisons and task outcomes. Metrics go to the OpenTelemetry API's global meter: a no-op
until the host application installs an SDK — three lines (``pip install 'nlu[telemetry]'``)::

    from opentelemetry import metrics
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.exporter.prometheus import PrometheusMetricReader
    metrics.set_meter_provider(MeterProvider(metric_readers=[PrometheusMetricReader()]))

Instruments: counter ``nlu.requests`` and histogram ``nlu.duration`` (ms) per call;
counters ``nlu.edits`` (one per correction, by type) and ``nlu.entities`` (by type) carry
the design's "edit / entity type counts" as their own series instead of one attribute per
type on every request (that would multiply the series); ``nlu.shadow.comparisons``,
``nlu.shadow.tasks`` and ``nlu.user_actions`` for shadow mode.

Privacy is enforced here, not by convention: every attribute name must be in
`VOCABULARY` and every value in that name's closed set. A name that is not listed is
dropped; a value that is not listed becomes ``other`` (logged as W301 with the *name* only,
never the value). No text, entity value, identifier, number, date, prompt, key or token can
therefore reach a metric — whatever a caller or a stage puts into an attribute.

`metrics_text()` is the Prometheus text exposition for a service's ``GET /metrics``.
"""
from __future__ import annotations

import logging
import threading
from collections import Counter as _Tally
from typing import TYPE_CHECKING, Any, Mapping

from nlu import __version__
from nlu.lexicon.model import TEMPLATE_NAMES

if TYPE_CHECKING:
    from nlu.contract import LegacyInputUnderstanding

log = logging.getLogger("nlu.telemetry")

W301 = "W301 telemetry: attribute %r dropped or its value replaced by 'other' (not in the closed vocabulary)"

# -- the closed vocabulary -----------------------------------------------------------------
_BOOL = frozenset({"true", "false"})
_TEMPLATES = frozenset(TEMPLATE_NAMES) | {"none", "other"}
_DOMAINS = frozenset({"agv", "rail", "none", "other"})
EDIT_TYPES = frozenset({"typo", "asr", "ocr", "punctuation", "grammar", "self_repair"})
ENTITY_TYPES = frozenset({
    "person", "organization", "location", "time", "time_range", "amount", "quantity",
    "vehicle", "locomotive", "task", "work_order", "station", "maintenance_level", "other",
})
EDIT_COUNT_BUCKETS = ("0", "1", "2-3", "4-7", "8+")
FALLBACK_REASONS = frozenset({
    "none", "timeout", "cancelled", "stage_error", "policy_error", "layer_disabled",
    "source_disabled", "safety_kernel_off", "input_too_long", "domain_disabled",
    "clarify_disabled", "phase_shadow", "other",
})
SHADOW_OUTCOMES = frozenset({"completed", "timeout", "cancelled", "error", "sampled_out", "dropped_busy",
                             "dropped_closed", "sink_error"})
USER_ACTIONS = frozenset({"accepted", "edited", "rejected"})

class _PackRevision:
    """The one dictionary revision this process runs: the default pack's, read when first needed.

    A pattern would not do: a version-like pattern also matches dates and numbers."""

    def __contains__(self, value: object) -> bool:
        return value == _dictionary_revision()


VOCABULARY: dict[str, frozenset[str] | _PackRevision] = {
    "normalization_path": frozenset({"rule", "semantic", "fallback"}),
    "source_type": frozenset({"typed", "asr", "ocr", "mixed"}),
    "result": frozenset({"unchanged", "changed", "clarify", "fallback"}),
    "edit_count_bucket": frozenset(EDIT_COUNT_BUCKETS),
    "edit_type": EDIT_TYPES,
    "applied": _BOOL,
    "entity_type": ENTITY_TYPES,
    "protected_change_blocked": _BOOL,
    "clarification_reason": frozenset({"none", "term", "entity", "coreference", "intent", "missing_slot",
                                       "protected_change", "other"}),
    "fallback_reason": FALLBACK_REASONS,
    "injection_flag": _BOOL,
    "dictionary_revision": _PackRevision(),
    "normalizer_revision": frozenset({__version__}),
    "route_before": _TEMPLATES,
    "route_after": _TEMPLATES,
    "domain_before": _DOMAINS,
    "domain_after": _DOMAINS,
    "user_action": USER_ACTIONS | {"other"},
    "outcome": SHADOW_OUTCOMES | {"other"},
}

_warned: set[str] = set()


def allowed(name: str, value: Any) -> bool:
    """Whether `value` is in the closed vocabulary of attribute `name`."""
    vocab = VOCABULARY.get(name)
    if vocab is None or not isinstance(value, str):
        return False
    return value in vocab


def clean_attributes(attributes: Mapping[str, Any]) -> dict[str, str]:
    """The attributes restricted to the vocabulary: unknown names dropped, unknown values → ``other``."""
    out: dict[str, str] = {}
    for name, value in attributes.items():
        if name not in VOCABULARY:
            _warn(name)
            continue
        if allowed(name, value):
            out[name] = value
        else:
            _warn(name)
            out[name] = "other"
    return out


def _warn(name: str) -> None:
    key = name if isinstance(name, str) and name in VOCABULARY else "<unlisted>"
    if key not in _warned:  # once per name: a flood of one mistake must not flood the log
        _warned.add(key)
        log.warning(W301, key)


# -- what one call contributes ------------------------------------------------------------
_FALLBACK_PREFIXES = (
    ("budget_exhausted", "timeout"), ("cancelled", "cancelled"), ("stage_error", "stage_error"),
    ("degraded", "stage_error"), ("policy_error", "policy_error"), ("layer_disabled", "layer_disabled"),
    ("source_disabled", "source_disabled"), ("safety_kernel_off", "safety_kernel_off"),
    ("input_too_long", "input_too_long"), ("domain_disabled", "domain_disabled"),
    ("clarify_disabled", "clarify_disabled"), ("phase_shadow", "phase_shadow"),
)


def fallback_reason(action: str, reason_codes: list[str]) -> str:
    if action != "use_original":
        return "none"
    for code in reversed(reason_codes):  # the last reason is the one that decided
        for prefix, label in _FALLBACK_PREFIXES:
            if code.startswith(prefix):
                return label
    return "other"


def edit_count_bucket(n: int) -> str:
    return "0" if n <= 0 else "1" if n == 1 else "2-3" if n <= 3 else "4-7" if n <= 7 else "8+"


def top_id(candidates: list, vocabulary: frozenset[str]) -> str:
    if not candidates:
        return "none"
    cid = candidates[0].id
    return cid if cid in vocabulary else "other"


def call_attributes(result: "LegacyInputUnderstanding") -> dict[str, str]:
    """The low-cardinality summary of one result (raw: `clean_attributes` still applies)."""
    decision = result.decision
    action = decision.action
    applied = sum(1 for c in result.corrections if c.auto_applied)
    if action == "use_original":
        outcome, path = "fallback", "fallback"
    else:
        outcome = "clarify" if action == "clarify" else "changed" if result.canonical_text != result.original_text else "unchanged"
        path = "semantic" if any(d.stage == "validate" and d.reason_code == "model_ok" for d in result.diagnostics) else "rule"
    clar = decision.clarification
    return {
        "normalization_path": path,
        "source_type": result.source.kind,
        "result": outcome,
        "edit_count_bucket": edit_count_bucket(applied),
        "protected_change_blocked": "true" if any(c.touches_protected_span and not c.auto_applied for c in result.corrections)
        or (clar is not None and clar.reason == "protected_change") else "false",
        "clarification_reason": clar.reason if clar is not None else "none",
        "fallback_reason": fallback_reason(action, decision.reason_codes),
        "injection_flag": "true" if "injection_flag" in decision.reason_codes else "false",
        "dictionary_revision": _dictionary_revision(),
        "normalizer_revision": __version__,
    }


_pack_revision: str | None = None


def _dictionary_revision() -> str:
    global _pack_revision
    if _pack_revision is None:
        try:
            from nlu.lexicon import default_pack

            _pack_revision = default_pack().revision
        except Exception:  # noqa: BLE001 - a pack problem is reported by the pipeline, not by telemetry
            _pack_revision = "0"
    return _pack_revision


DURATION_BUCKETS_MS = (0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 1500.0, 5000.0)


# -- instruments --------------------------------------------------------------------------
class _Instruments:
    __slots__ = ("requests", "duration", "edits", "entities", "comparisons", "tasks", "user_actions")

    def __init__(self, meter: Any) -> None:
        self.requests = meter.create_counter("nlu.requests", unit="1", description="nlu calls")
        try:  # buckets for a call that takes about a millisecond and is cut at 1.5 s
            self.duration = meter.create_histogram("nlu.duration", unit="ms", description="end-to-end duration of one call",
                                                   explicit_bucket_boundaries_advisory=DURATION_BUCKETS_MS)
        except TypeError:  # an API before 1.23 has no bucket advice
            self.duration = meter.create_histogram("nlu.duration", unit="ms", description="end-to-end duration of one call")
        self.edits = meter.create_counter("nlu.edits", unit="1", description="corrections proposed, by type")
        self.entities = meter.create_counter("nlu.entities", unit="1", description="entities found, by type")
        self.comparisons = meter.create_counter("nlu.shadow.comparisons", unit="1",
                                                description="shadow runs: control route and domain against nlu's")
        self.tasks = meter.create_counter("nlu.shadow.tasks", unit="1", description="shadow tasks by outcome")
        self.user_actions = meter.create_counter("nlu.user_actions", unit="1",
                                                 description="what the user did with a suggestion")


_lock = threading.Lock()
_instruments: _Instruments | None = None
_provider: Any = None  # None: the API's global meter provider


def _get() -> _Instruments:
    global _instruments
    inst = _instruments
    if inst is None:
        with _lock:
            if _instruments is None:
                # imported here, once: `import nlu` stays cheap and the call path never imports
                from opentelemetry import metrics

                meter = (_provider.get_meter("nlu", __version__) if _provider is not None
                         else metrics.get_meter("nlu", __version__))
                _instruments = _Instruments(meter)
            inst = _instruments
    return inst


def use_meter_provider(provider: Any = None) -> None:
    """Record into `provider` instead of the global one (None: back to the global provider).

    For tests (an in-memory SDK reader) and hosts that keep nlu's metrics apart."""
    global _instruments, _provider
    with _lock:
        _provider = provider
        _instruments = None


# In-process totals, always kept (a dict update): what `metrics_text()` shows when the
# [telemetry] extra is not installed. Keys come from already cleaned attributes.
_totals: _Tally = _Tally()
_duration = [0.0, 0]  # sum ms, count


def _emit(counter: Any, attributes: Mapping[str, Any], amount: float = 1) -> dict[str, str]:
    attrs = clean_attributes(attributes)
    counter.add(amount, attrs)
    return attrs


def record_call(result: "LegacyInputUnderstanding", duration_ms: float) -> None:
    """Record one finished call. Never raises: telemetry must not break a turn."""
    try:
        inst = _get()
        attrs = clean_attributes(call_attributes(result))
        inst.requests.add(1, attrs)
        inst.duration.record(duration_ms, attrs)
        src = attrs["source_type"]
        for c in result.corrections:
            _emit(inst.edits, {"edit_type": c.type, "applied": "true" if c.auto_applied else "false", "source_type": src})
        for e in result.entities:
            _emit(inst.entities, {"entity_type": e.type, "source_type": src})
        with _lock:
            _totals[(src, attrs["result"])] += 1
            _duration[0] += duration_ms
            _duration[1] += 1
    except Exception as exc:  # noqa: BLE001 - logged with its type, the turn goes on
        log.warning("W302 telemetry: recording a call failed (%s)", type(exc).__name__)


def record_shadow(attributes: Mapping[str, Any]) -> None:
    """One finished shadow comparison (route/domain before and after, source, result)."""
    try:
        _emit(_get().comparisons, attributes)
    except Exception as exc:  # noqa: BLE001
        log.warning("W302 telemetry: recording a shadow comparison failed (%s)", type(exc).__name__)


def record_shadow_task(outcome: str) -> None:
    try:
        _emit(_get().tasks, {"outcome": outcome})
    except Exception as exc:  # noqa: BLE001
        log.warning("W302 telemetry: recording a shadow task failed (%s)", type(exc).__name__)


def record_user_action(action: str) -> None:
    """What the user did with nlu's suggestion or question: accepted, edited or rejected."""
    try:
        _emit(_get().user_actions, {"user_action": action})
    except Exception as exc:  # noqa: BLE001
        log.warning("W302 telemetry: recording a user action failed (%s)", type(exc).__name__)


# -- Prometheus exposition ----------------------------------------------------------------
_registry: Any = None


def enable_prometheus() -> bool:
    """Make nlu this process's metrics host with a Prometheus reader, if nobody else is.

    Needs the [telemetry] extra. When no SDK meter provider has been installed, installs the
    global one with a `PrometheusMetricReader` on a private registry and returns True (the
    nlu service calls this at start-up; `metrics_text` calls it on first use). When the host
    already installed its own provider, leaves it alone and returns False.
    """
    global _registry
    if _registry is not None:
        return True
    try:
        from opentelemetry import metrics
        from opentelemetry.exporter.prometheus import PrometheusMetricReader
        from opentelemetry.sdk.metrics import MeterProvider
        from prometheus_client import CollectorRegistry
    except ImportError:
        return False
    with _lock:
        if _registry is not None:
            return True
        if _provider is not None or isinstance(metrics.get_meter_provider(), MeterProvider):
            return False
        registry = CollectorRegistry()
        reader = PrometheusMetricReader(registry=registry)
        metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))
        _registry = registry
    return True


def metrics_text() -> str:
    """The Prometheus text exposition (format 0.0.4) of nlu's metrics.

    With the [telemetry] extra and no other SDK in the process: the full instrument set
    through the SDK and the Prometheus exporter (`enable_prometheus`; what was recorded
    before the first call is not in it — call `enable_prometheus()` at start-up). Otherwise:
    a minimal exposition of in-process totals, ``nlu_requests_total{source_type,result}``
    and ``nlu_duration_ms_sum`` / ``_count``, which is valid and empty-but-typed before any call.
    """
    if enable_prometheus():
        from prometheus_client import generate_latest

        return generate_latest(_registry).decode("utf-8")
    with _lock:
        totals = sorted(_totals.items())
        dsum, dcount = _duration
    lines = ["# HELP nlu_requests_total nlu calls (in-process totals; install nlu[telemetry] for all metrics)",
             "# TYPE nlu_requests_total counter"]
    lines += [f'nlu_requests_total{{source_type="{src}",result="{res}"}} {n}' for (src, res), n in totals]
    lines += ["# HELP nlu_duration_ms end-to-end duration of one call in milliseconds",
              "# TYPE nlu_duration_ms summary",
              f"nlu_duration_ms_sum {dsum:.3f}", f"nlu_duration_ms_count {dcount}"]
    return "\n".join(lines) + "\n"

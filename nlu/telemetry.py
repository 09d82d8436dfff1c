"""Low-cardinality metrics of every call, through the OpenTelemetry API (design 14).

The pipeline records each finished call once (`record_call`); the shadow runner adds its
comparisons and task outcomes. Metrics go to the OpenTelemetry API's global meter: a no-op
until the host application installs an SDK — three lines (``pip install 'legacy-nlu[telemetry]'``)::

    from opentelemetry import metrics
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.exporter.prometheus import PrometheusMetricReader
    metrics.set_meter_provider(MeterProvider(metric_readers=[PrometheusMetricReader()]))

Instruments: counter ``nlu.requests`` (attributes: normalization_path, source_type, result,
edit_count_bucket, protected_change_blocked, clarification_reason, fallback_reason,
injection_flag, dictionary_revision, normalizer_revision) and histogram ``nlu.duration`` (ms;
normalization_path, source_type, result) per call; counters ``nlu.edits`` (edit_type, applied,
source_type) and ``nlu.entities`` (entity_type, source_type) carry the design's "edit / entity
type counts" as their own series instead of one attribute per type on every request (that
would multiply the series); ``nlu.shadow.comparisons`` (route_before/after,
domain_before/after, source_type, result), ``nlu.shadow.tasks`` (outcome) and
``nlu.user_actions`` (user_action) for shadow mode.

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
from typing import TYPE_CHECKING, Any, Mapping

from nlu import __version__
from nlu.lexicon.model import TEMPLATE_NAMES

if TYPE_CHECKING:
    from nlu.contract import LegacyInputUnderstanding

log = logging.getLogger("nlu.telemetry")

NORMALIZER_REVISION = __version__  # the code's version names the normalizer

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
OTHER = "other"  # what any value outside its vocabulary becomes; allowed for every name


class _PackRevision:
    """The one dictionary revision this process runs: the default pack's, read when first needed.

    A pattern would not do: a version-like pattern also matches dates and numbers."""

    def __contains__(self, value: object) -> bool:
        return value == dictionary_revision()


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
    return value == OTHER or value in vocab


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
            out[name] = OTHER
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


# A use_original the policy chooses on purpose, not a degradation: text that names nothing of
# the business passes through (design 15.3). It counts as "unchanged", not as a fallback.
DELIBERATE_PASSTHROUGH = frozenset({"non_data_text"})


def _deliberate(reason_codes: list[str]) -> bool:
    return bool(reason_codes) and reason_codes[-1] in DELIBERATE_PASSTHROUGH


def fallback_reason(action: str, reason_codes: list[str]) -> str:
    if action != "use_original" or _deliberate(reason_codes):
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


def summary(result: "LegacyInputUnderstanding") -> tuple[tuple[str, ...], dict[tuple[str, bool], int], dict[str, int]]:
    """One pass over a result: the `_CALL` attribute values (raw), edit counts by (type,
    applied) and entity counts by type. Called on every turn, so written as plain loops."""
    decision = result.decision
    action = decision.action
    applied = 0
    blocked = False
    edits: dict[tuple[str, bool], int] = {}
    for c in result.corrections:
        on = c.auto_applied
        applied += on
        blocked = blocked or (c.touches_protected_span and not on)
        k = (c.type, on)
        edits[k] = edits.get(k, 0) + 1
    entities: dict[str, int] = {}
    for e in result.entities:
        entities[e.type] = entities.get(e.type, 0) + 1
    if action == "use_original" and not _deliberate(decision.reason_codes):
        outcome = path = "fallback"
    elif action == "use_original":
        outcome, path = "unchanged", "rule"
    else:
        outcome = "clarify" if action == "clarify" else "changed" if result.canonical_text != result.original_text else "unchanged"
        path = "rule"
        for d in reversed(result.diagnostics):  # validate is the last stage
            if d.stage == "validate":
                path = "semantic" if d.reason_code == "model_ok" else "rule"
                break
    clar = decision.clarification
    codes = decision.reason_codes
    values = (
        path, result.source.kind, outcome, edit_count_bucket(applied),
        "true" if blocked or (clar is not None and clar.reason == "protected_change") else "false",
        clar.reason if clar is not None else "none",
        fallback_reason(action, codes),
        "true" if "injection_flag" in codes else "false",
        dictionary_revision(), __version__,
    )
    return values, edits, entities


def call_attributes(result: "LegacyInputUnderstanding") -> dict[str, str]:
    """The low-cardinality summary of one result (raw: `clean_attributes` still applies)."""
    return dict(zip(_CALL, summary(result)[0]))


_CALL = ("normalization_path", "source_type", "result", "edit_count_bucket", "protected_change_blocked",
         "clarification_reason", "fallback_reason", "injection_flag", "dictionary_revision", "normalizer_revision")


_pack_revision: str | None = None


def dictionary_revision() -> str:
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
# Counters are kept in-process (a dict increment under a lock, about a microsecond) and
# handed to the SDK through observable counters when it collects — once a minute or per
# scrape, not on every call: an SDK measurement with ten attributes costs ~10-15 µs, and a
# call makes several. Only the duration histogram is measured synchronously, with the
# three attributes that slice a latency (path, source, result).
_COUNTERS = (  # name, description
    ("nlu.requests", "nlu calls"),
    ("nlu.edits", "corrections proposed, by type and whether applied"),
    ("nlu.entities", "entities found, by type"),
    ("nlu.shadow.comparisons", "shadow runs: the control's route and domain against nlu's"),
    ("nlu.shadow.tasks", "shadow tasks by outcome"),
    ("nlu.user_actions", "what the user did with a suggestion or question"),
)
_DURATION_NAMES = ("normalization_path", "source_type", "result")


class _Tallies:
    """Cumulative counts per counter and cleaned attribute set, since start or the last reset."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: dict[str, dict[tuple, list]] = {name: {} for name, _ in _COUNTERS}
        self.duration_sum = 0.0
        self.duration_count = 0

    def add(self, counter: str, key: tuple, attrs: dict[str, str], n: int = 1) -> None:
        table = self.counts[counter]
        with self.lock:
            slot = table.get(key)
            if slot is None:
                table[key] = [attrs, n]
            else:
                slot[1] += n

    def add_many(self, rows: list[tuple[str, tuple, dict[str, str], int]], duration_ms: float) -> None:
        """One call's counts and duration under one lock acquisition."""
        counts = self.counts
        with self.lock:
            for counter, key, attrs, n in rows:
                table = counts[counter]
                slot = table.get(key)
                if slot is None:
                    table[key] = [attrs, n]
                else:
                    slot[1] += n
            self.duration_sum += duration_ms
            self.duration_count += 1

    def snapshot(self, counter: str) -> list[tuple[dict[str, str], int]]:
        with self.lock:
            return [(attrs, n) for attrs, n in self.counts[counter].values()]


_tallies = _Tallies()


class _Instruments:
    __slots__ = ("duration", "observables")

    def __init__(self, meter: Any) -> None:
        from opentelemetry.metrics import Observation

        def callback_for(counter: str):  # noqa: ANN202
            def observe(_options: Any) -> list:
                return [Observation(n, attrs) for attrs, n in _tallies.snapshot(counter)]
            return observe

        self.observables = [meter.create_observable_counter(name, callbacks=[callback_for(name)], unit="1",
                                                            description=desc) for name, desc in _COUNTERS]
        desc = "end-to-end duration of one call"
        try:  # buckets for a call that takes about a millisecond and is cut at 1.5 s
            self.duration = meter.create_histogram("nlu.duration", unit="ms", description=desc,
                                                   explicit_bucket_boundaries_advisory=DURATION_BUCKETS_MS)
        except TypeError:  # an API before 1.23 has no bucket advice
            self.duration = meter.create_histogram("nlu.duration", unit="ms", description=desc)


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


def warm_up() -> None:
    """Import the OpenTelemetry API, make the instruments and read the pack revision now."""
    _get()
    dictionary_revision()


def use_meter_provider(provider: Any = None) -> None:
    """Record into `provider` instead of the global one (None: back to the global provider).

    For tests (an in-memory SDK reader) and hosts that keep nlu's metrics apart. The
    in-process counts restart from zero."""
    global _instruments, _provider, _tallies
    with _lock:
        _provider = provider
        _instruments = None
        _tallies = _Tallies()


_cleaned: dict[tuple, tuple[tuple, dict[str, str]]] = {}  # (names, values) → (key, cleaned attributes)


def _cleaned_for(names: tuple[str, ...], values: tuple) -> tuple[tuple, dict[str, str]]:
    """`clean_attributes` remembered per value tuple, with a hashable key of the result.

    A closed vocabulary has few distinct attribute sets. A tuple that is not wholly in the
    vocabulary is cleaned every time and never remembered (it may hold text)."""
    key = (names, values)
    hit = _cleaned.get(key)
    if hit is None:
        attrs = clean_attributes(dict(zip(names, values)))
        hit = (tuple(sorted(attrs.items())), attrs)
        if len(_cleaned) < 4096 and all(allowed(k, v) for k, v in zip(names, values)):
            _cleaned[key] = hit
    return hit


_EDIT = ("edit_type", "applied", "source_type")
_ENTITY = ("entity_type", "source_type")


def _count(counter: str, names: tuple[str, ...], values: tuple, n: int = 1) -> dict[str, str]:
    key, attrs = _cleaned_for(names, values)
    _tallies.add(counter, key, attrs, n)
    return attrs


def record_call(result: "LegacyInputUnderstanding", duration_ms: float) -> None:
    """Record one finished call. Never raises: telemetry must not break a turn."""
    try:
        values, edits, entities = summary(result)
    except Exception as exc:  # noqa: BLE001 - logged with its type, the turn goes on
        log.warning("W302 telemetry: recording a call failed (%s)", type(exc).__name__)
        return
    record_summary(values, edits, entities, duration_ms)


def record_summary(values: tuple, edits: Mapping[tuple[str, bool], int], entities: Mapping[str, int],
                   duration_ms: float) -> None:
    """Record a call from its `summary` (how a call made in another process is counted here)."""
    try:
        inst = _get()
        key, attrs = _cleaned_for(_CALL, tuple(values))
        src = attrs["source_type"]
        inst.duration.record(duration_ms, _cleaned_for(_DURATION_NAMES, (attrs["normalization_path"], src, attrs["result"]))[1])
        rows = [("nlu.requests", key, attrs, 1)]
        for (etype, applied), n in edits.items():
            rows.append(("nlu.edits", *_cleaned_for(_EDIT, (etype, "true" if applied else "false", src)), int(n)))
        for etype, n in entities.items():
            rows.append(("nlu.entities", *_cleaned_for(_ENTITY, (etype, src)), int(n)))
        _tallies.add_many(rows, duration_ms)
    except Exception as exc:  # noqa: BLE001 - logged with its type, the turn goes on
        log.warning("W302 telemetry: recording a call failed (%s)", type(exc).__name__)


_SHADOW = ("route_before", "route_after", "domain_before", "domain_after", "source_type", "result")


def record_shadow(attributes: Mapping[str, Any]) -> None:
    """One finished shadow comparison (route/domain before and after, source, result)."""
    _record("nlu.shadow.comparisons", attributes)


def record_shadow_task(outcome: str) -> None:
    _record("nlu.shadow.tasks", {"outcome": outcome})


def record_user_action(action: str) -> None:
    """What the user did with nlu's suggestion or question: accepted, edited or rejected."""
    _record("nlu.user_actions", {"user_action": action})


def _record(counter: str, attributes: Mapping[str, Any]) -> None:
    try:
        _get()
        names = tuple(attributes)
        _count(counter, names, tuple(attributes[k] for k in names))
    except Exception as exc:  # noqa: BLE001
        log.warning("W302 telemetry: recording %s failed (%s)", counter, type(exc).__name__)


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
        try:
            registry = CollectorRegistry()
            reader = PrometheusMetricReader(registry=registry)
        except TypeError:  # an exporter before the registry argument: the process-wide registry
            from prometheus_client import REGISTRY as registry

            reader = PrometheusMetricReader()
        metrics.set_meter_provider(MeterProvider(metric_readers=[reader]))
        _registry = registry
    return True


def metrics_text() -> str:
    """The Prometheus text exposition (format 0.0.4) of nlu's metrics.

    With the [telemetry] extra and no other SDK in the process: every instrument through the
    SDK and the Prometheus exporter (`enable_prometheus` on first use; the counters include
    calls made before it, the duration histogram starts then — call `enable_prometheus()` at
    start-up). Otherwise: the same counters from nlu's in-process totals, all attributes,
    and ``nlu_duration_ms_sum`` / ``_count`` instead of the histogram — valid and typed but
    empty before any call.
    """
    if enable_prometheus():
        from prometheus_client import generate_latest

        return generate_latest(_registry).decode("utf-8")
    lines: list[str] = []
    for name, desc in _COUNTERS:
        prom = name.replace(".", "_") + "_total"
        lines += [f"# HELP {prom} {desc} (in-process totals; legacy-nlu[telemetry] adds the duration histogram)",
                  f"# TYPE {prom} counter"]
        for attrs, n in sorted(_tallies.snapshot(name), key=lambda x: sorted(x[0].items())):
            labels = ",".join(f'{k}="{v}"' for k, v in sorted(attrs.items()))  # vocabulary values: no escaping needed
            lines.append(f"{prom}{{{labels}}} {n}")
    t = _tallies
    with t.lock:
        dsum, dcount = t.duration_sum, t.duration_count
    lines += ["# HELP nlu_duration_ms end-to-end duration of one call in milliseconds",
              "# TYPE nlu_duration_ms summary",
              f"nlu_duration_ms_sum {dsum:.3f}", f"nlu_duration_ms_count {dcount}"]
    return "\n".join(lines) + "\n"

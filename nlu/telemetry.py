"""Low-cardinality metrics of every call, through the OpenTelemetry API (design 14).

The pipeline records each finished call once (`record_call`); the shadow runner adds its
comparisons and task outcomes. Metrics go to the OpenTelemetry API's global meter (scope
``nlu``): a no-op until an SDK meter provider is installed. There is one way to expose them
— the OpenTelemetry SDK with nlu's `views()`, e.g. the Prometheus exporter — and so one set
of names and types, whatever else is installed (``legacy-nlu[telemetry]``, and ``[serve]``,
which includes it; docs/telemetry.md)::

    from opentelemetry import metrics
    from prometheus_client import start_http_server
    from nlu import telemetry
    metrics.set_meter_provider(telemetry.meter_provider())  # SDK + Prometheus reader + views
    start_http_server(9464, registry=telemetry.prometheus_registry())  # or serve telemetry.metrics_text()

Instruments (`INSTRUMENTS`; names and units after the OpenTelemetry semantic conventions:
dotted lower-case names under the ``nlu.`` namespace, UCUM units, durations in seconds,
counters named by the plural of what they count with an ``{annotation}`` unit):

- counter ``nlu.requests`` ({request}; normalization_path, source_type, result,
  edit_count_bucket, protected_change_blocked, clarification_reason, fallback_reason,
  injection_flag, dictionary_revision, normalizer_revision) — one per call;
- histogram ``nlu.request.duration`` (s; normalization_path, source_type, result);
- counters ``nlu.edits`` ({edit}; edit_type, applied, source_type) and ``nlu.entities``
  ({entity}; entity_type, source_type): the design's "edit / entity type counts" as their own
  series instead of one attribute per type on every request;
- counters ``nlu.shadow.comparisons`` ({comparison}; route_before/after, domain_before/after,
  source_type, result), ``nlu.shadow.tasks`` ({task}; outcome) and ``nlu.user_actions``
  ({action}; user_action) for shadow mode.

In Prometheus (the exporter's translation): ``nlu_requests_total``,
``nlu_request_duration_seconds`` (histogram), ``nlu_edits_total``, ``nlu_entities_total``,
``nlu_shadow_comparisons_total``, ``nlu_shadow_tasks_total``, ``nlu_user_actions_total``.
nlu records no HTTP metrics: request timings are the web framework's instrumentation's
(``http.server.request.duration``), not duplicated here.

Privacy: the attribute *names* of each instrument are a closed set enforced by the SDK with
OpenTelemetry Views (`views()`: ``attribute_keys`` per instrument; a host with its own
provider passes ``views=telemetry.views()``). Attribute *values* are a closed vocabulary per
name (`VOCABULARY`), applied where the values are made: a value that is not listed becomes
``other`` (logged as W301 with the *name* only, never the value). No text, entity value,
identifier, number, date, prompt, key or token can therefore reach a metric.
"""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any, Mapping

from nlu.version import __version__
from nlu.lexicon.model import TEMPLATE_NAMES

if TYPE_CHECKING:
    from nlu.contract import LegacyInputUnderstanding

log = logging.getLogger("nlu.telemetry")

NORMALIZER_REVISION = __version__  # the code's version names the normalizer

W301 = "W301 telemetry: a value of attribute %r replaced by 'other' (not in the closed vocabulary)"

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
    """Each value in its name's vocabulary, or ``other`` (a name with no vocabulary has only ``other``).

    Values only: which names an instrument carries is the Views' business (`views()`)."""
    out: dict[str, str] = {}
    for name, value in attributes.items():
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


# A use_original the policy chooses on purpose, not a degradation. Text that names nothing of
# the business now continues (reason non_data_text); the code is still read here so that records
# of older versions count as "unchanged", not as a fallback.
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


_pack_revision: str | None = None


def dictionary_revision() -> str:
    global _pack_revision
    if _pack_revision is None:
        try:
            # lazy: only this path needs it, keeps import light; breaks no cycle
            from nlu.lexicon import default_pack

            _pack_revision = default_pack().revision
        except Exception:  # noqa: BLE001 - a pack problem is reported by the pipeline, not by telemetry
            _pack_revision = "0"
    return _pack_revision


#: histogram bounds of ``nlu.request.duration`` in seconds: a call takes about a millisecond
#: and is cut at its budget (0.1 s by default, 1.5 s in shadow mode)
DURATION_BUCKETS_S = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 1.5, 5.0)


# -- instruments --------------------------------------------------------------------------
# Counters are kept in-process (a dict increment under a lock, about a microsecond) and
# handed to the SDK through observable counters when it collects — once a minute or per
# scrape, not on every call: an SDK measurement with ten attributes costs ~10-15 µs, and a
# call makes several. Only the duration histogram is measured synchronously, with the
# three attributes that slice a latency (path, source, result).
_CALL = ("normalization_path", "source_type", "result", "edit_count_bucket", "protected_change_blocked",
         "clarification_reason", "fallback_reason", "injection_flag", "dictionary_revision", "normalizer_revision")
_DURATION_NAMES = ("normalization_path", "source_type", "result")
_EDIT = ("edit_type", "applied", "source_type")
_ENTITY = ("entity_type", "source_type")
_SHADOW = ("route_before", "route_after", "domain_before", "domain_after", "source_type", "result")

DURATION = "nlu.request.duration"
#: every instrument: name → (kind, unit, description, its closed attribute set)
INSTRUMENTS: dict[str, tuple[str, str, str, tuple[str, ...]]] = {
    "nlu.requests": ("counter", "{request}", "nlu calls", _CALL),
    DURATION: ("histogram", "s", "end-to-end duration of one nlu call", _DURATION_NAMES),
    "nlu.edits": ("counter", "{edit}", "corrections proposed, by type and whether applied", _EDIT),
    "nlu.entities": ("counter", "{entity}", "entities found, by type", _ENTITY),
    "nlu.shadow.comparisons": ("counter", "{comparison}", "shadow runs: the control's route and domain against nlu's",
                               _SHADOW),
    "nlu.shadow.tasks": ("counter", "{task}", "shadow tasks by outcome", ("outcome",)),
    "nlu.user_actions": ("counter", "{action}", "what the user did with a suggestion or question", ("user_action",)),
}
_COUNTERS = tuple(name for name, spec in INSTRUMENTS.items() if spec[0] == "counter")


def views() -> list:
    """The OpenTelemetry Views of nlu's instruments: each keeps only its own attribute names
    (any other is dropped by the SDK), and the duration histogram gets `DURATION_BUCKETS_S`.

    Needs the SDK (``legacy-nlu[telemetry]``). Pass them to the provider that collects nlu's
    metrics: ``MeterProvider(metric_readers=[...], views=telemetry.views())``."""
    # lazy: optional extra
    from opentelemetry.sdk.metrics.view import ExplicitBucketHistogramAggregation, View

    out = []
    for name, (kind, _unit, _desc, keys) in INSTRUMENTS.items():
        buckets = ExplicitBucketHistogramAggregation(DURATION_BUCKETS_S) if kind == "histogram" else None
        out.append(View(instrument_name=name, meter_name="nlu", attribute_keys=set(keys), aggregation=buckets))
    return out


class _Tallies:
    """Cumulative counts per counter and cleaned attribute set, since start or the last reset."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.counts: dict[str, dict[tuple, list]] = {name: {} for name in _COUNTERS}

    def add(self, counter: str, key: tuple, attrs: dict[str, str], n: int = 1) -> None:
        table = self.counts[counter]
        with self.lock:
            slot = table.get(key)
            if slot is None:
                table[key] = [attrs, n]
            else:
                slot[1] += n

    def add_many(self, rows: list[tuple[str, tuple, dict[str, str], int]]) -> None:
        """One call's counts under one lock acquisition."""
        counts = self.counts
        with self.lock:
            for counter, key, attrs, n in rows:
                table = counts[counter]
                slot = table.get(key)
                if slot is None:
                    table[key] = [attrs, n]
                else:
                    slot[1] += n

    def snapshot(self, counter: str) -> list[tuple[dict[str, str], int]]:
        with self.lock:
            return [(attrs, n) for attrs, n in self.counts[counter].values()]


_tallies = _Tallies()


class _Instruments:
    __slots__ = ("duration", "observables")

    def __init__(self, meter: Any) -> None:
        # lazy: optional extra
        from opentelemetry.metrics import Observation

        def callback_for(counter: str):  # noqa: ANN202
            def observe(_options: Any) -> list:
                return [Observation(n, attrs) for attrs, n in _tallies.snapshot(counter)]
            return observe

        self.observables = [meter.create_observable_counter(name, callbacks=[callback_for(name)], unit=unit,
                                                            description=desc)
                            for name, (kind, unit, desc, _keys) in INSTRUMENTS.items() if kind == "counter"]
        _kind, unit, desc, _keys = INSTRUMENTS[DURATION]
        try:  # the buckets also for a host provider without nlu's views
            self.duration = meter.create_histogram(DURATION, unit=unit, description=desc,
                                                   explicit_bucket_boundaries_advisory=DURATION_BUCKETS_S)
        except TypeError:  # an API before 1.23 has no bucket advice
            self.duration = meter.create_histogram(DURATION, unit=unit, description=desc)


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
        inst.duration.record(duration_ms / 1000.0, _cleaned_for(_DURATION_NAMES, (attrs["normalization_path"], src, attrs["result"]))[1])
        rows = [("nlu.requests", key, attrs, 1)]
        for (etype, applied), n in edits.items():
            rows.append(("nlu.edits", *_cleaned_for(_EDIT, (etype, "true" if applied else "false", src)), int(n)))
        for etype, n in entities.items():
            rows.append(("nlu.entities", *_cleaned_for(_ENTITY, (etype, src)), int(n)))
        _tallies.add_many(rows)
    except Exception as exc:  # noqa: BLE001 - logged with its type, the turn goes on
        log.warning("W302 telemetry: recording a call failed (%s)", type(exc).__name__)


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


# -- the SDK and the Prometheus exporter ---------------------------------------------------
_registry: Any = None  # the registry of the Prometheus reader nlu installed, if it did


def meter_provider(*readers: Any, **options: Any) -> Any:
    """An SDK `MeterProvider` with nlu's `views()` and `readers` (none given: a Prometheus
    reader on `prometheus_registry()`). Needs ``legacy-nlu[telemetry]``."""
    # lazy: optional extra
    from opentelemetry.sdk.metrics import MeterProvider

    if not readers:
        readers = (_prometheus_reader(),)
    return MeterProvider(metric_readers=list(readers), views=[*views(), *options.pop("views", ())], **options)


def _prometheus_reader() -> Any:
    global _registry
    # lazy: optional extra
    from opentelemetry.exporter.prometheus import PrometheusMetricReader

    global _own_reader
    try:
        reader = PrometheusMetricReader(registry=prometheus_registry())
    except TypeError:  # an exporter before the registry argument writes to the process-wide registry
        # lazy: optional extra
        from prometheus_client import REGISTRY

        with _lock:
            _registry = REGISTRY
        reader = PrometheusMetricReader()
    _own_reader = True
    return reader


_own_reader = False  # whether meter_provider() made a Prometheus reader on prometheus_registry()


def prometheus_registry() -> Any:
    """The `prometheus_client` registry nlu's Prometheus reader writes to (made on first use)."""
    global _registry
    with _lock:
        if _registry is None:
            # lazy: optional extra
            from prometheus_client import CollectorRegistry

            _registry = CollectorRegistry(auto_describe=True)
        return _registry


def enable_prometheus() -> bool:
    """Install `meter_provider()` as the process's global provider, unless one is installed.

    The nlu service calls this at start-up. True when nlu's provider is the global one (now
    or already); False when the host installed its own SDK provider — then that provider
    and its readers carry nlu's metrics (with ``views=telemetry.views()``). Raises
    ImportError without ``legacy-nlu[telemetry]``."""
    # lazy: optional extra
    from opentelemetry import metrics
    # lazy: optional extra
    from opentelemetry.sdk.metrics import MeterProvider

    global _installed
    with _install_lock:
        if _installed:
            return True
        if _provider is not None or isinstance(metrics.get_meter_provider(), MeterProvider):
            return False
        metrics.set_meter_provider(meter_provider())
        _installed = True
        return True


_install_lock = threading.Lock()
_installed = False


def metrics_text() -> str:
    """The Prometheus text exposition of nlu's metrics — the exporter's, through the SDK.

    Installs `meter_provider()` first (`enable_prometheus`) when no SDK provider is set. The
    text is that of `prometheus_registry()` when a `meter_provider()` made the Prometheus
    reader, else of prometheus_client's default registry (where a host's own
    `PrometheusMetricReader()` writes). Raises ImportError without ``legacy-nlu[telemetry]``."""
    # lazy: optional extra
    from prometheus_client import REGISTRY, generate_latest

    enable_prometheus()
    return generate_latest(prometheus_registry() if _own_reader else REGISTRY).decode("utf-8")

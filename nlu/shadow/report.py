"""Aggregate a shadow log: what nlu would have changed, and the design's stop gates (18).

Definitions (every ratio with numerator, denominator and Wilson 95 % interval):

- *ran*: records whose candidate ran — outcome completed, timeout or error. Cancelled
  turns (the turn ended first) are counted but left out of the rates.
- fallback rate = (ran records whose result is ``fallback`` + timeouts + errors) / ran;
  gate: > 2 % fails.
- clarify rate = ran records whose decision is ``clarify`` / ran; gate: > 15 % fails.
- timeout rate = timeouts / ran; error rate = errors / ran.
- duration P50/P95/P99 over ran records (linear interpolation, `nlu.bench.run.percentile`);
  gate: P95 > 1,000 ms fails.
- template drift = records where nlu *continued* on a template other than the control's /
  such records with both templates known; gate: > 0.2 % fails (design 18's 0.2 percentage
  points: with no labels in shadow, an unexplained template change bounds the accuracy drop).

- busy-drop rate = turns dropped because every worker and queue slot was taken / turns
  sampled (accepted + dropped busy), from the runners' count records (``kind: runner``: the
  last, cumulative one per runner, summed over runners). Reported, not gated; when it is
  high the figures above describe a biased sample (a burst of slow turns is what gets dropped).
- control labels outside the allowed set: records flagged ``control_unknown`` (read as ``other``).

A gate with an empty denominator is "no data", neither pass nor fail. Values read from the
log pass the same vocabulary as when written, so a hand-edited log cannot smuggle text into
a report.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from nlu.bench.run import percentile
from nlu.evaluation.stats import wilson
from nlu.shadow.record import DECISIONS, OUTCOMES, REASON_CODE, vocab
from nlu.shadow.runner import RUNNER_COUNTS

RAN = ("completed", "timeout", "error")

GATES = (  # (key, label, threshold, unit)
    ("fallback_rate", "fallback rate", 0.02, "ratio"),
    ("clarify_rate", "clarify rate", 0.15, "ratio"),
    ("p95_ms", "P95 duration", 1000.0, "ms"),
    ("template_drift", "template drift", 0.002, "ratio"),
)


@dataclass(frozen=True)
class Rate:
    k: int
    n: int

    @property
    def value(self) -> float | None:
        return self.k / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.k, self.n)

    def as_dict(self) -> dict[str, Any]:
        return {"numerator": self.k, "denominator": self.n, "value": self.value, "wilson95": self.interval}

    def __str__(self) -> str:
        if not self.n:
            return f"{self.k}/0 (no data)"
        lo, hi = self.interval  # type: ignore[misc]
        return f"{self.k}/{self.n} = {100 * self.k / self.n:.2f} % [{100 * lo:.2f}, {100 * hi:.2f}]"


@dataclass
class Slice:
    """The figures of one set of records (all of them, or one source type)."""

    records: int = 0
    outcomes: Counter = field(default_factory=Counter)
    fallback: Rate = Rate(0, 0)
    clarify: Rate = Rate(0, 0)
    timeout: Rate = Rate(0, 0)
    error: Rate = Rate(0, 0)
    drift: Rate = Rate(0, 0)
    p50_ms: float | None = None
    p95_ms: float | None = None
    p99_ms: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"records": self.records, "outcomes": dict(self.outcomes), "fallback_rate": self.fallback.as_dict(),
                "clarify_rate": self.clarify.as_dict(), "timeout_rate": self.timeout.as_dict(),
                "error_rate": self.error.as_dict(), "template_drift": self.drift.as_dict(),
                "duration_ms": {"p50": self.p50_ms, "p95": self.p95_ms, "p99": self.p99_ms}}


@dataclass
class Gate:
    key: str
    label: str
    threshold: float
    status: str  # pass | fail | no data
    figure: str

    def as_dict(self) -> dict[str, Any]:
        return {"gate": self.key, "threshold": self.threshold, "status": self.status, "figure": self.figure}


@dataclass
class Runners:
    """The runners' own counts: what was offered, sampled out, accepted and dropped as busy."""

    runners: int = 0
    counts: Counter = field(default_factory=Counter)

    @property
    def busy_drops(self) -> Rate:
        c = self.counts
        return Rate(c["dropped_busy"], c["accepted"] + c["dropped_busy"])

    def as_dict(self) -> dict[str, Any]:
        return {"runners": self.runners, "counts": dict(sorted(self.counts.items())),
                "busy_drop_rate": self.busy_drops.as_dict()}


def runners_of(rows: Iterable[Mapping[str, Any]]) -> Runners:
    """Sum the last (largest) count record of each runner."""
    last: dict[str, dict[str, int]] = {}
    for raw in rows:
        rid = raw.get("runner")
        if not isinstance(rid, str) or not rid.isalnum() or len(rid) > 40:
            continue
        counts = {k: v for k in RUNNER_COUNTS
                  if isinstance(v := raw.get(k, 0), int) and not isinstance(v, bool) and v >= 0}
        if rid not in last or counts.get("offered", 0) >= last[rid].get("offered", 0):
            last[rid] = counts
    total: Counter = Counter()
    for counts in last.values():
        total.update(counts)
    return Runners(len(last), total)


@dataclass
class Report:
    overall: Slice
    by_source: dict[str, Slice]
    route_matrix: Counter  # (route_before, route_after) -> n
    domain_matrix: Counter
    decisions: Counter
    reasons: Counter
    gates: list[Gate]
    bad_lines: int = 0
    durations: list[float] = field(default_factory=list)
    runners: Runners = field(default_factory=Runners)
    control_unknown: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.as_dict(),
            "by_source": {k: v.as_dict() for k, v in sorted(self.by_source.items())},
            "route_matrix": [{"before": b, "after": a, "n": n} for (b, a), n in sorted(self.route_matrix.items())],
            "domain_matrix": [{"before": b, "after": a, "n": n} for (b, a), n in sorted(self.domain_matrix.items())],
            "decisions": dict(sorted(self.decisions.items())),
            "reasons": dict(self.reasons.most_common()),
            "gates": [g.as_dict() for g in self.gates],
            "bad_lines": self.bad_lines,
            "runners": self.runners.as_dict(),
            "control_unknown": self.control_unknown,
        }


# -- reading ------------------------------------------------------------------------------
def _clean(raw: Mapping[str, Any]) -> dict[str, Any] | None:
    outcome = raw.get("outcome")
    if outcome not in OUTCOMES:
        return None
    duration = raw.get("duration_ms")
    if isinstance(duration, bool) or not isinstance(duration, (int, float)) or duration < 0:
        return None
    decision = raw.get("decision")
    codes = raw.get("reason_codes") or []
    return {
        "outcome": outcome,
        "source_type": vocab("source_type", raw.get("source_type")),
        "route_before": vocab("route_before", raw.get("route_before")),
        "route_after": vocab("route_after", raw.get("route_after")),
        "domain_before": vocab("domain_before", raw.get("domain_before")),
        "domain_after": vocab("domain_after", raw.get("domain_after")),
        "decision": decision if decision in DECISIONS else "none",
        "result": vocab("result", raw.get("result")),
        "reason_codes": [c if isinstance(c, str) and REASON_CODE.fullmatch(c) else "other"
                         for c in (codes if isinstance(codes, list) else [])],
        "duration_ms": float(duration),
        "control_unknown": raw.get("control_unknown") is True,
    }


def read_log(paths: Sequence[str | Path], runners: list[dict[str, Any]] | None = None) -> tuple[list[dict[str, Any]], int]:
    """The records of one or more JSONL logs and the number of lines that were not records.

    The runners' count records (``kind: runner``) are appended to `runners` when given."""
    records: list[dict[str, Any]] = []
    bad = 0
    for path in paths:
        with Path(path).open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if not line.strip():
                    continue
                try:
                    raw = json.loads(line)
                except ValueError:
                    bad += 1
                    continue
                if isinstance(raw, dict) and raw.get("kind") == "runner":
                    if runners is not None:
                        runners.append(raw)
                    continue
                rec = _clean(raw) if isinstance(raw, dict) else None
                if rec is None:
                    bad += 1
                else:
                    records.append(rec)
    return records, bad


# -- aggregating --------------------------------------------------------------------------
def _slice(records: Iterable[dict[str, Any]]) -> tuple[Slice, list[float]]:
    records = list(records)
    ran = [r for r in records if r["outcome"] in RAN]
    n = len(ran)
    fallback = sum(1 for r in ran if r["outcome"] != "completed" or r["result"] == "fallback")
    clarify = sum(1 for r in ran if r["decision"] == "clarify")
    drift_pool = [r for r in ran if r["decision"] == "continue"
                  and r["route_before"] not in ("none", "other") and r["route_after"] not in ("none", "other")]
    drift = sum(1 for r in drift_pool if r["route_before"] != r["route_after"])
    durations = sorted(r["duration_ms"] for r in ran)
    pct = (lambda q: round(percentile(durations, q), 3)) if durations else (lambda q: None)
    s = Slice(records=len(records), outcomes=Counter(r["outcome"] for r in records),
              fallback=Rate(fallback, n), clarify=Rate(clarify, n),
              timeout=Rate(sum(1 for r in ran if r["outcome"] == "timeout"), n),
              error=Rate(sum(1 for r in ran if r["outcome"] == "error"), n),
              drift=Rate(drift, len(drift_pool)), p50_ms=pct(50), p95_ms=pct(95), p99_ms=pct(99))
    return s, durations


def _gates(s: Slice) -> list[Gate]:
    out = []
    for key, label, threshold, unit in GATES:
        if unit == "ms":
            if s.p95_ms is None:
                out.append(Gate(key, label, threshold, "no data", "no ran records"))
            else:
                n = sum(s.outcomes[o] for o in RAN)
                out.append(Gate(key, label, threshold, "fail" if s.p95_ms > threshold else "pass",
                                f"{s.p95_ms:.1f} ms over {n} runs"))
            continue
        rate: Rate = {"fallback_rate": s.fallback, "clarify_rate": s.clarify, "template_drift": s.drift}[key]
        status = "no data" if not rate.n else "fail" if rate.value > threshold else "pass"  # type: ignore[operator]
        out.append(Gate(key, label, threshold, status, str(rate)))
    return out


def build_report(records: list[dict[str, Any]], bad_lines: int = 0,
                 runner_rows: Iterable[Mapping[str, Any]] = ()) -> Report:
    overall, durations = _slice(records)
    sources = sorted({r["source_type"] for r in records})
    by_source = {src: _slice(r for r in records if r["source_type"] == src)[0] for src in sources}
    with_result = [r for r in records if r["decision"] != "none" and r["outcome"] != "cancelled"]
    return Report(
        overall=overall,
        by_source=by_source,
        route_matrix=Counter((r["route_before"], r["route_after"]) for r in with_result),
        domain_matrix=Counter((r["domain_before"], r["domain_after"]) for r in with_result),
        decisions=Counter(r["decision"] for r in with_result),
        reasons=Counter(c for r in with_result for c in r["reason_codes"]),
        gates=_gates(overall),
        bad_lines=bad_lines,
        durations=durations,
        runners=runners_of(runner_rows),
        control_unknown=sum(1 for r in records if r.get("control_unknown")),
    )


# -- text rendering -----------------------------------------------------------------------
def _matrix_lines(title: str, matrix: Counter) -> list[str]:
    rows = sorted({b for b, _ in matrix})
    cols = sorted({a for _, a in matrix})
    if not rows:
        return [f"{title}: no records with a result"]
    width = max(8, *(len(c) for c in cols + rows)) + 1
    lines = [f"{title} (rows: control, columns: nlu)", " " * width + "".join(c.rjust(width) for c in cols)]
    for b in rows:
        lines.append(b.ljust(width) + "".join(str(matrix.get((b, a), 0)).rjust(width) for a in cols))
    return lines


def busy_line(report: Report) -> str:
    ru = report.runners
    if not ru.runners:
        return "busy drops: no runner counts in the log (a path sink writes them; older logs have none)"
    c = ru.counts
    return (f"busy drops: {ru.busy_drops} of sampled turns "
            f"(offered {c['offered']}, sampled out {c['sampled_out']}, accepted {c['accepted']}; "
            f"{ru.runners} runner{'s' if ru.runners != 1 else ''})")


def render_text(report: Report) -> str:
    o = report.overall
    lines = [f"shadow log: {o.records} records ({', '.join(f'{k} {v}' for k, v in sorted(o.outcomes.items())) or 'none'})"
             + (f"; {report.bad_lines} unreadable lines skipped" if report.bad_lines else "")]
    lines.append("")
    lines.append("stop gates (design 18)")
    for g in report.gates:
        shown = f"{g.threshold:g} ms" if g.key == "p95_ms" else f"{100 * g.threshold:g} %"
        lines.append(f"  {g.status.upper():8} {g.label:15} > {shown:7} fails   {g.figure}")
    lines.append("")
    lines.append(f"fallback {o.fallback}   clarify {o.clarify}   timeout {o.timeout}   error {o.error}")
    lines.append(f"duration ms P50 / P95 / P99: {o.p50_ms} / {o.p95_ms} / {o.p99_ms}")
    lines.append(busy_line(report))
    if report.control_unknown:
        lines.append(f"control labels outside the allowed set: {report.control_unknown} records (read as other)")
    lines.append("")
    lines.append("per source type")
    for src, s in sorted(report.by_source.items()):
        lines.append(f"  {src:6} records {s.records:5}  fallback {s.fallback}  clarify {s.clarify}  "
                     f"timeout {s.timeout}  P95 {s.p95_ms} ms")
    lines.append("")
    lines += _matrix_lines("template before × after", report.route_matrix)
    lines.append("")
    lines += _matrix_lines("domain before × after", report.domain_matrix)
    lines.append("")
    lines.append("decisions: " + (", ".join(f"{k} {v}" for k, v in sorted(report.decisions.items())) or "none"))
    lines.append("reason codes: " + (", ".join(f"{k} {v}" for k, v in report.reasons.most_common(20)) or "none"))
    return "\n".join(lines) + "\n"

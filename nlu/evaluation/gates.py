"""Release gates (design 15.3) read from a TOML file.

Each ``[[gate]]``::

    id = "protected_fact_retention"       # required, unique
    metric = "protected.fact_retention"   # a scoring metric, or calibration.ece[.GROUP] / calibration.brier[.GROUP]
    op = ">="                             # >=, <=, ==, >, <
    value = 1.0
    stat = "value"                        # optional: value | numerator | low | high (Wilson bounds)
    slice = "overall"                     # optional: overall | source=asr | domain=agv | asr×agv
    status = "pending"                    # optional; a pending gate is reported, never fails the run
    measured = 0.93                       # optional, with status = "pending": last known value
    note = "why"                          # optional
    title = "受保护事实保持率"              # optional

A non-pending gate fails when it is not met, when its denominator is empty (no coverage) or
when its metric is unknown. Any failing P0 case fails the run too, unless the file's
`p0.failure_rate` gate is itself marked pending.
"""

from __future__ import annotations

import operator
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nlu.evaluation.harness import OVERALL, EvalResult
from nlu.evaluation.scoring import METRICS

OPS = {">=": operator.ge, "<=": operator.le, "==": operator.eq, ">": operator.gt, "<": operator.lt}
STATS = ("value", "numerator", "low", "high")


class GateConfigError(ValueError):
    pass


@dataclass(frozen=True)
class Gate:
    id: str
    metric: str
    op: str
    value: float
    stat: str = "value"
    slice: str = OVERALL
    status: str = "active"
    measured: Any = None
    note: str = ""
    title: str = ""

    @property
    def pending(self) -> bool:
        return self.status == "pending"


@dataclass(frozen=True)
class GateOutcome:
    gate: Gate
    state: str  # pass | fail | no coverage | unknown metric | pending
    observed: float | None
    numerator: int | None
    denominator: int | None

    @property
    def blocking(self) -> bool:
        """True when this outcome fails the run."""
        return not self.gate.pending and self.state != "pass"

    def to_json(self) -> dict:
        g = self.gate
        return {
            "id": g.id, "title": g.title, "metric": g.metric, "slice": g.slice, "stat": g.stat,
            "op": g.op, "value": g.value, "status": g.status, "measured": g.measured, "note": g.note,
            "state": self.state, "observed": self.observed,
            "numerator": self.numerator, "denominator": self.denominator, "blocking": self.blocking,
        }


def parse_gates(doc: dict) -> list[Gate]:
    raw = doc.get("gate", [])
    if not isinstance(raw, list):
        raise GateConfigError("expected [[gate]] tables")
    gates, seen = [], set()
    for i, g in enumerate(raw, 1):
        where = f"gate #{i}"
        for k in ("id", "metric", "op", "value"):
            if k not in g:
                raise GateConfigError(f"{where}: missing {k!r}")
        if g["op"] not in OPS:
            raise GateConfigError(f"{where} ({g['id']}): op must be one of {sorted(OPS)}")
        if g.get("stat", "value") not in STATS:
            raise GateConfigError(f"{where} ({g['id']}): stat must be one of {STATS}")
        if g.get("status", "active") not in ("active", "pending"):
            raise GateConfigError(f"{where} ({g['id']}): status must be active or pending")
        if g["id"] in seen:
            raise GateConfigError(f"{where}: duplicate id {g['id']!r}")
        seen.add(g["id"])
        gates.append(
            Gate(
                id=str(g["id"]), metric=str(g["metric"]), op=g["op"], value=float(g["value"]),
                stat=g.get("stat", "value"), slice=g.get("slice", OVERALL), status=g.get("status", "active"),
                measured=g.get("measured"), note=g.get("note", ""), title=g.get("title", ""),
            )
        )
    return gates


def load_gates(path: str | Path) -> list[Gate]:
    with Path(path).open("rb") as fh:
        try:
            doc = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise GateConfigError(f"{path}: {exc}") from exc
    return parse_gates(doc)


def _observe(result: EvalResult, gate: Gate) -> tuple[str | None, float | None, int | None, int | None]:
    """(problem, observed, numerator, denominator)."""
    if gate.metric.startswith("calibration."):
        parts = gate.metric.split(".")
        kind = parts[1] if len(parts) > 1 else ""
        group = ".".join(parts[2:]) or "all"
        if kind not in ("ece", "brier"):
            return "unknown metric", None, None, None
        tables = result.calibration if gate.slice == OVERALL else result.calibration_by_slice.get(gate.slice, {})
        t = tables.get(group)
        if t is None or t.n == 0:
            return "no coverage", None, None, 0
        return None, getattr(t, kind), None, t.n
    if gate.metric not in METRICS:
        return "unknown metric", None, None, None
    r = result.metric(gate.metric, gate.slice)
    if not r.covered:
        return "no coverage", None, r.numerator, r.denominator
    iv = r.interval
    obs = {"value": r.value, "numerator": float(r.numerator), "low": iv[0], "high": iv[1]}[gate.stat]  # type: ignore[index]
    return None, obs, r.numerator, r.denominator


def check_gates(result: EvalResult, gates: list[Gate]) -> list[GateOutcome]:
    out = []
    for g in gates:
        problem, obs, k, n = _observe(result, g)
        if problem:
            state = problem
        else:
            state = "pass" if OPS[g.op](round(obs, 12), g.value) else "fail"  # type: ignore[arg-type]
        if g.pending and state != "pass":
            state = f"pending ({state})"
        out.append(GateOutcome(g, state, obs, k, n))
    return out


def run_failed(outcomes: list[GateOutcome], result: EvalResult) -> bool:
    """The gate run fails on any blocking gate or any failing P0 case.

    The one exception is explicit: a gates file whose `p0.failure_rate` gate is marked
    pending (with the measured count) reports P0 failures without failing the run, so a
    known gap stays visible instead of being hidden by a removed gate.
    """
    p0_pending = any(o.gate.metric == "p0.failure_rate" and o.gate.pending for o in outcomes)
    return any(o.blocking for o in outcomes) or (bool(result.p0_failures) and not p0_pending)

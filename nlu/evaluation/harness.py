"""Run a goldset through any ``understand`` callable and aggregate the scores."""

from __future__ import annotations

import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from nlu.evaluation.calibration import Reliability, calibrate
from nlu.evaluation.goldset import GoldCase, LineError
from nlu.evaluation.scoring import METRICS, CaseScore, score_case
from nlu.evaluation.stats import Ratio

OVERALL = "overall"


def slice_key(case: GoldCase) -> str:
    return f"{case.source_type}×{case.domain_slice}"


@dataclass
class CaseResult:
    case: GoldCase
    output: dict | None
    error: str | None
    score: CaseScore
    duration_ms: float

    @property
    def passed(self) -> bool:
        return self.error is None and self.score.passed

    @property
    def is_p0(self) -> bool:
        return any(t.lower() == "p0" for t in self.case.tags)

    def to_json(self, with_output: bool = False) -> dict:
        d = {
            "caseId": self.case.case_id,
            "location": self.case.location,
            "sourceType": self.case.source_type,
            "domainSlice": self.case.domain_slice,
            "tags": self.case.tags,
            "rawText": self.case.raw_text,
            "passed": self.passed,
            "error": self.error,
            "durationMs": round(self.duration_ms, 3),
            "decision": (self.output or {}).get("decision", {}).get("action") if isinstance((self.output or {}).get("decision"), dict) else None,
            "canonicalText": (self.output or {}).get("canonicalText"),
            "failures": [c.to_json() for c in self.score.failures],
        }
        if with_output:
            d["output"] = self.output
        return d


@dataclass
class EvalResult:
    cases: list[CaseResult]
    #: group ("overall", "source=asr", "domain=agv", "asr×agv") → metric → Ratio
    metrics: dict[str, dict[str, Ratio]]
    calibration: dict[str, Reliability]
    #: calibration per sourceType×domainSlice (the design calibrates per source and domain)
    calibration_by_slice: dict[str, dict[str, Reliability]]
    load_errors: list[LineError] = field(default_factory=list)
    load_warnings: list[LineError] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    def metric(self, name: str, group: str = OVERALL) -> Ratio:
        return self.metrics.get(group, {}).get(name, Ratio(0, 0))

    @property
    def p0_failures(self) -> list[CaseResult]:
        return [c for c in self.cases if c.is_p0 and not c.passed]

    @property
    def failures(self) -> list[CaseResult]:
        return [c for c in self.cases if not c.passed]

    def latency_ms(self) -> dict[str, float | None]:
        xs = sorted(c.duration_ms for c in self.cases if c.error is None)
        if not xs:
            return {"p50": None, "p95": None, "max": None}
        pick = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]  # noqa: E731
        return {"p50": pick(0.5), "p95": pick(0.95), "max": xs[-1]}

    def to_json(self, with_outputs: bool = False) -> dict:
        return {
            "format": "nlu-eval-result.v1",
            "files": self.files,
            "cases": len(self.cases),
            "loadErrors": [str(e) for e in self.load_errors],
            "loadWarnings": [str(e) for e in self.load_warnings],
            "latencyMs": self.latency_ms(),
            "metrics": {g: {m: r.to_json() for m, r in ms.items()} for g, ms in self.metrics.items()},
            "calibration": {g: t.to_json() for g, t in self.calibration.items()},
            "calibrationBySlice": {
                s: {g: {"n": t.n, "ece": t.ece, "brier": t.brier} for g, t in tabs.items()}
                for s, tabs in self.calibration_by_slice.items()
            },
            "p0Failures": [c.case.case_id for c in self.p0_failures],
            "caseResults": [c.to_json(with_outputs) for c in self.cases],
        }


def _to_dict(ret: Any) -> dict:
    dump = getattr(ret, "model_dump", None)
    if callable(dump):
        try:
            return dump(by_alias=True, mode="json")
        except TypeError:
            return dump(by_alias=True)
    if isinstance(ret, dict):
        return ret
    raise TypeError(f"understand() returned {type(ret).__name__}, not a contract")


def run_case(case: GoldCase, understand: Callable[..., Any]) -> CaseResult:
    d = case.data
    t0 = time.perf_counter()
    output: dict | None = None
    error: str | None = None
    try:
        ret = understand(
            case.raw_text,
            source=case.source_type,
            reference_time=case.reference_time,
            alternatives=d.get("sourceAlternatives") or None,
            confidence=d.get("overallConfidence"),
            referents=d.get("boundedContext") or None,
        )
        output = _to_dict(ret)
    except Exception as exc:  # noqa: BLE001 - one bad case never aborts the run
        error = f"{type(exc).__name__}: {exc}"
        tb = traceback.extract_tb(exc.__traceback__)
        if tb:
            error += f" (at {tb[-1].filename}:{tb[-1].lineno})"
    elapsed = (time.perf_counter() - t0) * 1000
    try:
        score = score_case(case, output, error)
    except Exception as exc:  # noqa: BLE001 - malformed output the scorer choked on
        error = f"scoring failed on this output: {type(exc).__name__}: {exc}"
        score = score_case(case, None, error)
    return CaseResult(case, output, error, score, elapsed)


def aggregate(results: list[CaseResult]) -> dict[str, dict[str, list[int]]]:
    groups: dict[str, dict[str, list[int]]] = {}

    def bump(g: str, m: str, k: int, n: int) -> None:
        c = groups.setdefault(g, {}).setdefault(m, [0, 0])
        c[0] += k
        c[1] += n

    for r in results:
        keys = (OVERALL, f"source={r.case.source_type}", f"domain={r.case.domain_slice}", slice_key(r.case))
        for g in keys:
            groups.setdefault(g, {})
        for m, (k, n) in r.score.counts.items():
            for g in keys:
                bump(g, m, k, n)
    return groups


def build_result(results: list[CaseResult], load_errors=(), load_warnings=(), files=()) -> EvalResult:
    raw = aggregate(results)
    groups = set(raw) | {OVERALL}
    metrics = {
        g: {m: Ratio(*raw.get(g, {}).get(m, (0, 0))) for m in METRICS}
        for g in sorted(groups, key=lambda g: (g != OVERALL, g))
    }
    by_slice: dict[str, list] = {}
    for r in results:
        by_slice.setdefault(slice_key(r.case), []).extend(r.score.calibration)
    return EvalResult(
        cases=results,
        metrics=metrics,
        calibration=calibrate(s for r in results for s in r.score.calibration),
        calibration_by_slice={k: calibrate(v) for k, v in sorted(by_slice.items())},
        load_errors=list(load_errors),
        load_warnings=list(load_warnings),
        files=list(files),
    )


def _as_cases(cases: Iterable[GoldCase | dict]) -> list[GoldCase]:
    """In-memory dicts are schema-checked up front (files are checked by ``load_goldset``)."""
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.evaluation.goldset import validate_case

    out = []
    for i, c in enumerate(cases, 1):
        if not isinstance(c, GoldCase):
            problems = validate_case(c)
            if problems:
                raise ValueError(f"gold case #{i} is not a valid legacy-nlu-goldcase.v1 case: {'; '.join(problems[:3])}")
            c = GoldCase(dict(c), "<memory>", i)
        out.append(c)
    return out


def evaluate(
    cases: Iterable[GoldCase | dict],
    understand: Callable[..., Any],
    *,
    quiet: bool = False,
    load_errors: Iterable[LineError] = (),
    load_warnings: Iterable[LineError] = (),
    files: Iterable[str] = (),
) -> EvalResult:
    """Score every case with ``understand``; a progress bar goes to stderr on a TTY."""
    # lazy: optional extra
    from tqdm import tqdm

    todo = _as_cases(cases)
    bar = tqdm(todo, desc="eval", unit="case", file=sys.stderr, disable=quiet or not sys.stderr.isatty())
    results = [run_case(c, understand) for c in bar]
    return build_result(results, load_errors, load_warnings, files)

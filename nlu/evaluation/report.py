"""Markdown + JSON reports of an :class:`EvalResult`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nlu.evaluation.calibration import plot_reliability
from nlu.evaluation.gates import GateOutcome
from nlu.evaluation.harness import OVERALL, EvalResult
from nlu.evaluation.scoring import METRICS
from nlu.evaluation.stats import NO_COVERAGE, Ratio

MAX_GOT = 240


def _cell(x: Any) -> str:
    s = x if isinstance(x, str) else json.dumps(x, ensure_ascii=False)
    s = s.replace("\n", "⏎").replace("|", "\\|")
    return s if len(s) <= MAX_GOT else s[: MAX_GOT - 1] + "…"


def _ratio_cells(r: Ratio) -> list[str]:
    if not r.covered:
        return ["0/0", NO_COVERAGE, "—"]
    lo, hi = r.interval  # type: ignore[misc]
    return [f"{r.numerator}/{r.denominator}", f"{r.value:.4f}", f"[{lo:.4f}, {hi:.4f}]"]


def _num(x: float | None, d: int = 4) -> str:
    return "—" if x is None else f"{x:.{d}f}"


def result_json(result: EvalResult, outcomes: list[GateOutcome] | None = None, with_outputs: bool = False) -> dict:
    d = result.to_json(with_outputs)
    if outcomes is not None:
        d["gates"] = [o.to_json() for o in outcomes]
        d["gatesFailed"] = any(o.blocking for o in outcomes) or bool(result.p0_failures)
    return d


def render_markdown(result: EvalResult, outcomes: list[GateOutcome] | None = None, png_note: str | None = None,
                    png_name: str | None = None) -> str:
    L: list[str] = ["# nlu eval report", ""]
    L.append(f"- goldset files: {', '.join(f'`{f}`' for f in result.files) or '(in memory)'}")
    n_fail = len(result.failures)
    L.append(f"- cases scored: {len(result.cases)} (failing: {n_fail}, system errors: {sum(1 for c in result.cases if c.error)})")
    L.append(f"- invalid goldset lines (not scored): {len(result.load_errors)}; gold warnings: {len(result.load_warnings)}")
    lat = result.latency_ms()
    L.append(f"- latency ms: p50 {_num(lat['p50'], 1)}, p95 {_num(lat['p95'], 1)}, max {_num(lat['max'], 1)}")
    L.append(f"- P0 failures: {len(result.p0_failures)}")
    L.append("")
    L.append("Ratios are numerator/denominator with a Wilson 95 % interval; an empty denominator is "
             "*no coverage*, never a pass. F1 is carried as 2·tp / (2·tp + fp + fn) (its interval is approximate).")
    L.append("")

    if outcomes is not None:
        # lazy: only this path needs it, keeps import light; breaks no cycle
        from nlu.evaluation.gates import run_failed

        failed = run_failed(outcomes, result)
        pending = [o.gate.id for o in outcomes if o.gate.pending and not o.state.startswith("pass")]
        verdict = "FAIL" if failed else ("PASS with pending gates: " + ", ".join(pending) if pending else "PASS")
        L += ["## Gates", "", f"**Result: {verdict}**", "",
              "| gate | metric | need | observed | n/d | state | note |", "|---|---|---|---|---|---|---|"]
        for o in outcomes:
            g = o.gate
            need = f"{g.stat if g.stat != 'value' else ''} {g.op} {g.value:g}".strip()
            nd = "—" if o.denominator is None else (f"{o.numerator}/{o.denominator}" if o.numerator is not None else f"n={o.denominator}")
            note = g.note + (f" (measured {g.measured})" if g.measured is not None else "")
            slice_ = "" if g.slice == OVERALL else f" @ {g.slice}"
            L.append(f"| {_cell(g.title or g.id)} | `{g.metric}`{slice_} | {need} | {_num(o.observed)} | {nd} | "
                     f"{'**' + o.state + '**' if o.blocking else o.state} | {_cell(note)} |")
        L.append("")

    L += ["## Metrics (overall)", "", "| metric | n/d | value | Wilson 95 % |", "|---|---|---|---|"]
    for m, info in METRICS.items():
        r = result.metric(m)
        arrow = "↑" if info.higher_is_better else "↓"
        L.append(f"| {info.title} {arrow} (`{m}`) | " + " | ".join(_ratio_cells(r)) + " |")
    L.append("")

    groups = [g for g in result.metrics if g != OVERALL]
    if groups:
        L += ["## Slices", ""]
        for prefix, title in (("source=", "by sourceType"), ("domain=", "by domainSlice"), ("", "by sourceType × domainSlice")):
            gs = [g for g in groups if (g.startswith(prefix) if prefix else "×" in g)]
            if not gs:
                continue
            L += [f"### {title}", "", "| metric | " + " | ".join(gs) + " |", "|---" * (len(gs) + 1) + "|"]
            for m in METRICS:
                rs = [result.metric(m, g) for g in gs]
                if not any(r.covered for r in rs):
                    continue
                cells = [f"{r.numerator}/{r.denominator} ({r.value:.3f})" if r.covered else "no coverage" for r in rs]
                L.append(f"| `{m}` | " + " | ".join(cells) + " |")
            L.append("")

    L += ["## Calibration", "", "Decision-stage scores: applied correction confidence, top template / domain "
          "candidate score, entity confidence (10 equal-width bins).", "",
          "| group | n | ECE | Brier |", "|---|---|---|---|"]
    for g, t in result.calibration.items():
        L.append(f"| {g} | {t.n} | {_num(t.ece)} | {_num(t.brier)} |")
    L.append("")
    allt = result.calibration.get("all")
    if allt and allt.n:
        L += ["Reliability (all groups pooled):", "", "| bin | n | mean confidence | accuracy |", "|---|---|---|---|"]
        for b in allt.bins:
            if b.count:
                L.append(f"| [{b.low:.1f}, {b.high:.1f}) | {b.count} | {b.mean_confidence:.3f} | {b.accuracy:.3f} |")
        L.append("")
    if result.calibration_by_slice:
        L += ["Per slice (pooled ECE / n):", "", "| slice | n | ECE | Brier |", "|---|---|---|---|"]
        for s, tabs in result.calibration_by_slice.items():
            t = tabs["all"]
            L.append(f"| {s} | {t.n} | {_num(t.ece)} | {_num(t.brier)} |")
        L.append("")
    if png_name:
        L += [f"![reliability diagram]({png_name})", ""]
    elif png_note:
        L += [f"_{png_note}_", ""]

    L += ["## Failing cases", ""]
    if not result.failures:
        L += ["None.", ""]
    for c in result.failures:
        tags = f" tags: {', '.join(c.case.tags)}" if c.case.tags else ""
        L.append(f"### `{c.case.case_id}` ({c.case.location}) — {c.case.source_type}×{c.case.domain_slice}{tags}")
        L.append("")
        L += ["````text", c.case.raw_text, "````", ""]
        out = c.output or {}
        dec = out.get("decision") if isinstance(out.get("decision"), dict) else {}
        if c.error:
            L.append(f"- **error**: {_cell(c.error)}")
        L.append(f"- decision: `{dec.get('action')}`; canonicalText: {_cell(out.get('canonicalText'))}")
        for ch in c.score.failures:
            tag = "" if ch.gate else " (report only)"
            L.append(f"- **{ch.field}**{tag}: expected {_cell(ch.expected)} — got {_cell(ch.got)}")
        L.append("")

    if result.load_errors or result.load_warnings:
        L += ["## Goldset problems", ""]
        L += [f"- invalid (not scored): `{_cell(str(e))}`" for e in result.load_errors]
        L += [f"- warning: `{_cell(str(e))}`" for e in result.load_warnings]
        L.append("")
    return "\n".join(L)


def write_report(result: EvalResult, directory: str | Path, outcomes: list[GateOutcome] | None = None) -> dict[str, Path]:
    """Write report.md, result.json and (when matplotlib is importable) reliability.png."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    paths = {"markdown": d / "report.md", "json": d / "result.json"}
    png = d / "reliability.png"
    note = plot_reliability(result.calibration, png) if result.calibration.get("all") and result.calibration["all"].n else "no calibration samples: reliability diagram skipped"
    if note is None:
        paths["png"] = png
    paths["markdown"].write_text(render_markdown(result, outcomes, note, png.name if note is None else None), "utf-8")
    paths["json"].write_text(json.dumps(result_json(result, outcomes, with_outputs=True), ensure_ascii=False, indent=1), "utf-8")
    return paths

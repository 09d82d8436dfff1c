"""``nlu eval`` sub-command.

    nlu eval GOLDSET.jsonl [...] [--json OUT] [--report DIR] [--gates FILE] [--quiet]
             [--system MODULE:FUNCTION]

Exit codes: 0 done (and, with --gates, every active gate met and no P0 case failing);
1 a gate or a P0 case failed (only with --gates); 2 usage error (missing file, bad gates file,
no scorable case, system not importable).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from pathlib import Path
from typing import Any, Callable

DEFAULT_SYSTEM = "nlu:understand"

SUMMARY_METRICS = [
    "cases.pass_rate", "decision.accuracy", "protected.must_keep", "protected.fact_retention", "protected.wrong_changes",
    "protected.negation_range_comparison", "routing.template_accuracy", "routing.domain_accuracy",
    "correction.precision", "correction.recall", "entity.f1", "entity.key_f1", "relation.f1",
    "coreference.f1", "frame.core_slot_accuracy", "clarify.must_clarify_recall",
    "clarify.unnecessary_rate", "injection.pass_rate", "p0.failure_rate", "cases.errors",
]


class UsageError(Exception):
    pass


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("goldsets", nargs="+", metavar="GOLDSET.jsonl", help="one or more goldset files")
    p.add_argument("--json", dest="json_out", metavar="OUT", help="write the machine-readable result here")
    p.add_argument("--report", metavar="DIR", help="write report.md, result.json (and reliability.png) here")
    p.add_argument("--gates", metavar="FILE", help="release gates (TOML); a failed gate or P0 case exits 1")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no summary table")
    p.add_argument("--system", default=DEFAULT_SYSTEM, metavar="MODULE:FUNCTION",
                   help=f"the understand() callable to evaluate (default {DEFAULT_SYSTEM})")


def register(subparsers: Any) -> argparse.ArgumentParser:
    p = subparsers.add_parser("eval", help="score goldsets against the system", description=__doc__,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(p)
    p.set_defaults(func=run)
    return p


def load_system(spec: str) -> Callable[..., Any]:
    mod_name, _, attr = spec.partition(":")
    try:
        obj: Any = importlib.import_module(mod_name)
        for part in (attr or "understand").split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as exc:
        raise UsageError(f"cannot load system {spec!r}: {exc}") from None
    if not callable(obj):
        raise UsageError(f"system {spec!r} is not callable")
    return obj


def _print_summary(result, outcomes) -> None:
    # lazy: optional extra
    from rich.console import Console
    # lazy: optional extra
    from rich.table import Table

    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.evaluation.scoring import METRICS

    console = Console(soft_wrap=True)
    t = Table(title=f"nlu eval — {len(result.cases)} cases, {len(result.failures)} failing")
    for col in ("metric", "n/d", "value", "Wilson 95%"):
        t.add_column(col)
    for m in SUMMARY_METRICS:
        r = result.metric(m)
        if r.covered:
            lo, hi = r.interval
            t.add_row(METRICS[m].title, f"{r.numerator}/{r.denominator}", f"{r.value:.4f}", f"[{lo:.4f}, {hi:.4f}]")
        else:
            t.add_row(METRICS[m].title, "0/0", "[dim]no coverage[/dim]", "—")
    ece = result.calibration.get("all")
    if ece and ece.n:
        t.add_row("calibration ECE (pooled)", f"n={ece.n}", f"{ece.ece:.4f}", f"Brier {ece.brier:.4f}")
    console.print(t)
    if outcomes is not None:
        g = Table(title="gates")
        for col in ("gate", "observed", "n/d", "state"):
            g.add_column(col)
        for o in outcomes:
            obs = "—" if o.observed is None else f"{o.observed:.4f}"
            nd = "—" if o.denominator is None else (f"{o.numerator}/{o.denominator}" if o.numerator is not None else f"n={o.denominator}")
            style = "red" if o.blocking else ("yellow" if o.gate.pending else "green")
            g.add_row(o.gate.id, obs, nd, f"[{style}]{o.state}[/{style}]")
        console.print(g)
    if result.p0_failures:
        ids = [c.case.case_id for c in result.p0_failures]
        more = f" … (+{len(ids) - 15} more; see --report)" if len(ids) > 15 else ""
        console.print(f"[red]P0 failures ({len(ids)}):[/red] {', '.join(ids[:15])}{more}")


def run(args: argparse.Namespace) -> int:
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.evaluation.gates import GateConfigError, check_gates, load_gates, run_failed
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.evaluation.goldset import load_goldset
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.evaluation.harness import evaluate
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.evaluation.report import result_json, write_report

    try:
        missing = [p for p in args.goldsets if not Path(p).is_file()]
        if missing:
            raise UsageError(f"goldset not found: {missing[0]}")
        gates = None
        if args.gates:
            if not Path(args.gates).is_file():
                raise UsageError(f"gates file not found: {args.gates}")
            try:
                gates = load_gates(args.gates)
            except GateConfigError as exc:
                raise UsageError(f"bad gates file: {exc}") from None
        loaded = load_goldset(args.goldsets)
        for e in loaded.errors[:20]:
            print(f"invalid goldset line (skipped): {e}", file=sys.stderr)
        if len(loaded.errors) > 20:
            print(f"... {len(loaded.errors) - 20} more invalid lines", file=sys.stderr)
        if not loaded.cases:
            raise UsageError("no valid gold case in the given file(s)")
        understand = load_system(args.system)
        warm = getattr(importlib.import_module(args.system.partition(":")[0]), "warm_up", None)
        if callable(warm):
            warm()  # reproducible scores: no case runs while lazy models are still loading
    except UsageError as exc:
        print(f"nlu eval: {exc}", file=sys.stderr)
        return 2

    result = evaluate(loaded.cases, understand, quiet=args.quiet, load_errors=loaded.errors,
                      load_warnings=loaded.warnings, files=loaded.files)
    outcomes = check_gates(result, gates) if gates is not None else None
    if args.json_out:
        out = Path(args.json_out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result_json(result, outcomes), ensure_ascii=False, indent=1), "utf-8")
    if args.report:
        paths = write_report(result, args.report, outcomes)
        if "png" not in paths:  # said here too, not only inside report.md
            # lazy: only this path needs it
            from importlib.util import find_spec

            why = ("matplotlib is not installed: pip install 'legacy-nlu[report]'" if find_spec("matplotlib") is None
                   else "no calibration samples")
            print(f"nlu eval: reliability diagram skipped ({why})", file=sys.stderr)
    if not args.quiet:
        _print_summary(result, outcomes)
    if outcomes is not None and run_failed(outcomes, result):
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Standalone entry (``python -m nlu.evaluation``) for when the main CLI is not wired."""
    parser = argparse.ArgumentParser(prog="nlu")
    sub = parser.add_subparsers(dest="command", required=True)
    register(sub)
    args = parser.parse_args(argv)
    return args.func(args)

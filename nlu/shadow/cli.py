"""`nlu shadow report LOG… [--html OUT] [--json OUT]`: read a shadow log (`nlu.shadow.report`).

Exit codes (for a CI step that must stop a rollout): 0 every stop gate passed; 1 a gate
failed; 3 no gate failed but one had no data (nothing to judge it on; ``--allow-no-data``
makes that 0); 2 a usage error (a log not found, a bad option).
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

EXIT_PASS, EXIT_GATE_FAILED, EXIT_USAGE, EXIT_NO_DATA = 0, 1, 2, 3


def _labels_help() -> str:
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.shadow.record import CONTROL_LABELS

    return "\n".join(f"  {key:9} {', '.join(labels)}" for key, labels in CONTROL_LABELS.items())


def register(subparsers) -> argparse.ArgumentParser:  # noqa: ANN001
    p = subparsers.add_parser("shadow", help="shadow mode: read what nlu would have changed",
                              description="Shadow mode tools. 'report' aggregates shadow JSONL logs: template and "
                              "domain diff matrices, decision and reason distributions, fallback, clarify and timeout "
                              "rates, the busy-drop rate, P50/P95/P99 duration per source type, and the design's stop gates.")
    sub = p.add_subparsers(dest="shadow_command", metavar="SUBCOMMAND")
    r = sub.add_parser(
        "report", help="aggregate shadow logs; exits 1 when a stop gate fails",
        epilog="Exit codes:\n"
        f"  {EXIT_PASS}  every stop gate passed\n"
        f"  {EXIT_GATE_FAILED}  a stop gate failed\n"
        f"  {EXIT_USAGE}  usage error (a log not found, a bad option)\n"
        f"  {EXIT_NO_DATA}  no gate failed, but one had no data to judge (--allow-no-data: exit 0)\n\n"
        "Control labels ShadowRunner.submit(control={...}) accepts (anything else: warning W314 and\n"
        "recorded as 'other', or error E113 with unknown_labels='refuse'; docs/shadow.md):\n"
        f"{_labels_help()}\n"
        "  'none' (or None, or no key): the control did not route; 'other': a label nlu has no name for.\n\n"
        "Example:\n  nlu shadow report shadow.jsonl shadow.jsonl.1 --html out/shadow.html",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("logs", nargs="+", metavar="LOG", help="shadow JSONL log(s), e.g. shadow.jsonl and its rotated shadow.jsonl.1")
    r.add_argument("--html", metavar="OUT", default=None, help="also write an HTML report with plots (plots need legacy-nlu[report])")
    r.add_argument("--json", dest="json_out", metavar="OUT", default=None, help="also write the figures as JSON")
    r.add_argument("--allow-no-data", action="store_true", help="a gate with no data does not make the exit code non-zero")
    r.set_defaults(func=run_report)
    p.set_defaults(func=lambda args: (p.print_help(), EXIT_USAGE)[1])
    return p


def exit_code(statuses: list[str], allow_no_data: bool = False) -> int:
    """The exit code of a report whose gates have these statuses (pass, fail, no data)."""
    if "fail" in statuses:
        return EXIT_GATE_FAILED
    if "no data" in statuses and not allow_no_data:
        return EXIT_NO_DATA
    return EXIT_PASS


def run_report(args) -> int:  # noqa: ANN001
    # lazy: keeps CLI start fast; breaks no cycle
    from nlu.shadow.report import build_report, read_log, render_text

    missing = [x for x in args.logs if not Path(x).is_file()]
    if missing:
        print(f"nlu shadow report: log not found: {missing[0]}", file=sys.stderr)
        return EXIT_USAGE
    runner_rows: list[dict] = []
    records, bad = read_log(args.logs, runner_rows)
    report = build_report(records, bad, runner_rows)
    sys.stdout.write(render_text(report))
    if args.html:
        # lazy: keeps CLI start fast; breaks no cycle
        from nlu.shadow.html import render_html

        Path(args.html).parent.mkdir(parents=True, exist_ok=True)
        Path(args.html).write_text(render_html(report), encoding="utf-8")
    if args.json_out:
        Path(args.json_out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json_out).write_text(json.dumps(report.as_dict(), ensure_ascii=False, indent=2), encoding="utf-8")
    code = exit_code([g.status for g in report.gates], args.allow_no_data)
    if code == EXIT_GATE_FAILED:
        failed = ", ".join(g.label for g in report.gates if g.status == "fail")
        print(f"nlu shadow report: stop gate failed: {failed} (exit {code})", file=sys.stderr)
    elif code == EXIT_NO_DATA:
        empty = ", ".join(g.label for g in report.gates if g.status == "no data")
        print(f"nlu shadow report: no data for gate(s): {empty} (exit {code}; --allow-no-data accepts that)",
              file=sys.stderr)
    return code

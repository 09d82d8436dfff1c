"""`nlu shadow report LOG… [--html OUT] [--json OUT]`: read a shadow log (`nlu.shadow.report`)."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(subparsers) -> argparse.ArgumentParser:  # noqa: ANN001
    p = subparsers.add_parser("shadow", help="shadow mode: read what nlu would have changed",
                              description="Shadow mode tools. 'report' aggregates shadow JSONL logs: template and "
                              "domain diff matrices, decision and reason distributions, fallback, clarify and timeout "
                              "rates, P50/P95/P99 duration per source type, and the design's stop gates.")
    sub = p.add_subparsers(dest="shadow_command", metavar="SUBCOMMAND")
    r = sub.add_parser("report", help="aggregate shadow logs",
                       epilog="Example:\n  nlu shadow report shadow.jsonl shadow.jsonl.1 --html out/shadow.html",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    r.add_argument("logs", nargs="+", metavar="LOG", help="shadow JSONL log(s), e.g. shadow.jsonl and its rotated shadow.jsonl.1")
    r.add_argument("--html", metavar="OUT", default=None, help="also write an HTML report with plots (plots need legacy-nlu[report])")
    r.add_argument("--json", dest="json_out", metavar="OUT", default=None, help="also write the figures as JSON")
    r.set_defaults(func=run_report)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])
    return p


def run_report(args) -> int:  # noqa: ANN001
    from nlu.shadow.report import build_report, read_log, render_text

    missing = [x for x in args.logs if not Path(x).is_file()]
    if missing:
        print(f"nlu shadow report: log not found: {missing[0]}", file=sys.stderr)
        return 2
    records, bad = read_log(args.logs)
    report = build_report(records, bad)
    sys.stdout.write(render_text(report))
    if args.html:
        from nlu.shadow.html import render_html

        Path(args.html).parent.mkdir(parents=True, exist_ok=True)
        Path(args.html).write_text(render_html(report), encoding="utf-8")
    if args.json_out:
        Path(args.json_out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json_out).write_text(json.dumps(report.as_dict(), ensure_ascii=False, indent=2), encoding="utf-8")
    return 0

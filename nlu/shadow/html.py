"""The shadow report as one self-contained HTML page.

Plots (the template and domain diff matrices, the duration distribution) need matplotlib,
the ``[report]`` extra; without it the page has the same tables and says so.
"""
from __future__ import annotations

import base64
import html
import io
from collections import Counter

from nlu.shadow.report import Report, busy_line


def _table(head: list[str], rows: list[list[object]]) -> str:
    th = "".join(f"<th>{html.escape(str(h))}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"


def _matrix_table(matrix: Counter) -> str:
    rows = sorted({b for b, _ in matrix})
    cols = sorted({a for _, a in matrix})
    if not rows:
        return "<p>No records with a result.</p>"
    return _table(["control \\ nlu", *cols], [[b, *(matrix.get((b, a), 0) for a in cols)] for b in rows])


def _png(fig) -> str:  # noqa: ANN001
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    return f'<img alt="plot" src="data:image/png;base64,{base64.b64encode(buf.getvalue()).decode("ascii")}">'


def _plots(report: Report) -> str:
    try:
        # lazy: optional extra
        import matplotlib

        matplotlib.use("Agg")
        # lazy: optional extra
        import matplotlib.pyplot as plt
    except ImportError:
        return "<p>Plots need matplotlib: <code>pip install 'legacy-nlu[report]'</code>.</p>"
    out = []
    for title, matrix in (("template before × after", report.route_matrix), ("domain before × after", report.domain_matrix)):
        rows = sorted({b for b, _ in matrix})
        cols = sorted({a for _, a in matrix})
        if not rows:
            continue
        fig, ax = plt.subplots(figsize=(1 + 0.8 * len(cols), 1 + 0.6 * len(rows)))
        data = [[matrix.get((b, a), 0) for a in cols] for b in rows]
        ax.imshow(data, cmap="Blues")
        ax.set_xticks(range(len(cols)), cols, rotation=45, ha="right")
        ax.set_yticks(range(len(rows)), rows)
        ax.set_xlabel("nlu")
        ax.set_ylabel("control")
        ax.set_title(title)
        for i, row in enumerate(data):
            for j, v in enumerate(row):
                ax.text(j, i, str(v), ha="center", va="center", fontsize=8)
        out.append(_png(fig))
        plt.close(fig)
    if report.durations:
        fig, ax = plt.subplots(figsize=(6, 3))
        ax.hist(report.durations, bins=40)
        ax.set_xlabel("duration (ms)")
        ax.set_ylabel("runs")
        ax.set_title("candidate duration")
        out.append(_png(fig))
        plt.close(fig)
    return "".join(out)


def render_html(report: Report) -> str:
    o = report.overall
    gates = _table(["gate", "fails when", "status", "figure (Wilson 95 %)"],
                   [[g.label, f"> {g.threshold:g} ms" if g.key == "p95_ms" else f"> {100 * g.threshold:g} %",
                     g.status, g.figure] for g in report.gates])
    sources = _table(["source", "records", "fallback", "clarify", "timeout", "P50 ms", "P95 ms", "P99 ms"],
                     [[k, s.records, s.fallback, s.clarify, s.timeout, s.p50_ms, s.p95_ms, s.p99_ms]
                      for k, s in sorted(report.by_source.items())])
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>nlu shadow report</title>",
        "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}th{background:#f4f4f4}</style></head><body>",
        "<h1>nlu shadow report</h1>",
        f"<p>{o.records} records; outcomes: {html.escape(', '.join(f'{k} {v}' for k, v in sorted(o.outcomes.items())))}"
        f"; unreadable lines: {report.bad_lines}</p>",
        "<h2>Stop gates (design 18)</h2>", gates,
        f"<p>fallback {html.escape(str(o.fallback))}; clarify {html.escape(str(o.clarify))}; "
        f"timeout {html.escape(str(o.timeout))}; error {html.escape(str(o.error))}; "
        f"duration P50 / P95 / P99 {o.p50_ms} / {o.p95_ms} / {o.p99_ms} ms</p>",
        f"<p>{html.escape(busy_line(report))}</p>",
        *([f"<p>control labels outside the allowed set: {report.control_unknown} records (read as other)</p>"]
          if report.control_unknown else []),
        "<h2>Per source type</h2>", sources,
        "<h2>Template before × after</h2>", _matrix_table(report.route_matrix),
        "<h2>Domain before × after</h2>", _matrix_table(report.domain_matrix),
        "<h2>Decisions and reasons</h2>",
        _table(["decision", "records"], sorted(report.decisions.items())),
        _table(["reason code", "records"], report.reasons.most_common()),
        "<h2>Plots</h2>", _plots(report),
        "</body></html>",
    ]
    return "\n".join(parts)

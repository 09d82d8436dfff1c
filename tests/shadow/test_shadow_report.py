"""`nlu shadow report`: figures checked against a small log computed by hand."""
from __future__ import annotations

import json

import pytest

from nlu.cli import main
from nlu.evaluation.stats import wilson
from nlu.pipeline import Pipeline
from nlu.shadow import ShadowRunner
from nlu.shadow.report import build_report, read_log


def _rec(outcome, src, rb, ra, db, da, decision, result, ms, codes=()):
    return {"v": 1, "ts": 1, "outcome": outcome, "source_type": src, "route_before": rb, "route_after": ra,
            "domain_before": db, "domain_after": da, "decision": decision, "result": result,
            "reason_codes": list(codes), "duration_ms": ms}


HAND_LOG = [
    _rec("completed", "typed", "status", "status", "agv", "agv", "continue", "unchanged", 10),
    _rec("completed", "typed", "status", "list", "agv", "agv", "continue", "changed", 20),       # template drift
    _rec("completed", "asr", "report", "report", "rail", "rail", "clarify", "clarify", 30, ["ambiguous_term"]),
    _rec("completed", "asr", "none", "status", "none", "agv", "continue", "changed", 40),        # no control template
    _rec("timeout", "asr", "status", "none", "agv", "none", "use_original", "fallback", 1600, ["budget_exhausted"]),
    _rec("error", "typed", "none", "none", "none", "none", "none", "none", 5),
    _rec("cancelled", "typed", "list", "none", "agv", "none", "none", "none", 2),               # left out of rates
    _rec("completed", "ocr", "workorder", "workorder", "rail", "rail", "use_original", "fallback", 50, ["degraded"]),
    _rec("completed", "typed", "count", "count", "agv", "agv", "continue", "unchanged", 60),
    # a hand-edited line with text where a template belongs: read as "other", never echoed
    _rec("completed", "typed", "查询AGV-01的状态", "status", "agv", "agv", "continue", "unchanged", 70, ["看 AGV-01"]),
]


@pytest.fixture()
def hand_log(tmp_path):
    path = tmp_path / "shadow.jsonl"
    lines = [json.dumps(r, ensure_ascii=False) for r in HAND_LOG] + ["not json", "[1, 2]"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_figures_match_the_hand_computed_log(hand_log):
    records, bad = read_log([hand_log])
    rep = build_report(records, bad)
    o = rep.overall
    assert (len(records), bad) == (10, 2)
    # ran = completed, timeout, error: 9 records (the cancelled one is counted, not rated)
    assert o.records == 10 and o.outcomes == {"completed": 7, "timeout": 1, "error": 1, "cancelled": 1}
    assert (o.fallback.k, o.fallback.n) == (3, 9)   # timeout + error + one fallback result
    assert (o.clarify.k, o.clarify.n) == (1, 9)
    assert (o.timeout.k, o.timeout.n) == (1, 9) and (o.error.k, o.error.n) == (1, 9)
    assert (o.drift.k, o.drift.n) == (1, 3)         # status→status, status→list, count→count
    assert o.fallback.interval == wilson(3, 9)
    # durations of the 9 runs sorted: 5 10 20 30 40 50 60 70 1600 (linear interpolation)
    assert o.p50_ms == 40.0
    assert o.p95_ms == pytest.approx(70 + 0.6 * 1530)    # 988.0
    assert o.p99_ms == pytest.approx(70 + 0.92 * 1530)   # 1477.6
    gates = {g.key: g.status for g in rep.gates}
    assert gates == {"fallback_rate": "fail", "clarify_rate": "pass", "p95_ms": "pass", "template_drift": "fail"}
    assert rep.route_matrix == {("status", "status"): 1, ("status", "list"): 1, ("report", "report"): 1,
                                ("none", "status"): 1, ("status", "none"): 1, ("workorder", "workorder"): 1,
                                ("count", "count"): 1, ("other", "status"): 1}
    assert rep.domain_matrix[("agv", "agv")] == 4 and rep.domain_matrix[("none", "agv")] == 1
    assert rep.decisions == {"continue": 5, "clarify": 1, "use_original": 2}
    assert rep.reasons == {"ambiguous_term": 1, "budget_exhausted": 1, "degraded": 1, "other": 1}
    typed, asr, ocr = rep.by_source["typed"], rep.by_source["asr"], rep.by_source["ocr"]
    assert typed.records == 6 and (typed.fallback.k, typed.fallback.n) == (1, 5)
    assert (asr.fallback.k, asr.fallback.n) == (1, 3) and (asr.clarify.k, asr.clarify.n) == (1, 3)
    assert (ocr.fallback.k, ocr.fallback.n) == (1, 1)


def test_empty_log_has_no_data_gates(tmp_path):
    path = tmp_path / "empty.jsonl"
    path.write_text("", encoding="utf-8")
    rep = build_report(*read_log([path]))
    assert {g.status for g in rep.gates} == {"no data"}


def test_cli_on_a_log_produced_here(tmp_path, capsys, hand_log):
    log = tmp_path / "run.jsonl"
    turns = [("查询 AGV-01 当前状态", {"template": "status", "domain": "agv"}, "typed"),
             ("全年检休抱表", {"template": "report", "domain": "rail"}, "asr"),
             ("不要查 AGV-01", None, "typed"),
             ("看下昨天 一号车 故障", {"template": "list", "domain": "agv"}, "asr")]
    with ShadowRunner(sample_rate=1.0, queue_size=10, sink=str(log), pipeline=Pipeline(budget_ms=60_000)) as runner:
        for text, control, source in turns:
            assert runner.submit(text, control=control, source=source, reference_time="2026-03-15T10:30:00+08:00")
        assert runner.wait_idle(30)
    html, out_json = tmp_path / "r.html", tmp_path / "r.json"
    # 2 of the 4 turns clarify: the clarify gate (> 15 %) fails, and the exit code says so
    assert main(["shadow", "report", str(log), "--html", str(html), "--json", str(out_json)]) == 1
    captured = capsys.readouterr()
    text = captured.out
    assert "stop gate failed: clarify rate (exit 1)" in captured.err
    assert "stop gates" in text and "template before × after" in text
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["overall"]["records"] == 4 and data["overall"]["outcomes"] == {"completed": 4}
    # the runner's count record (a path sink) is read as counts, not as a bad line
    assert data["bad_lines"] == 0 and data["runners"]["runners"] == 1
    assert data["runners"]["counts"]["accepted"] == 4 and data["runners"]["busy_drop_rate"]["numerator"] == 0
    assert sum(c["n"] for c in data["route_matrix"]) == 4
    page = html.read_text(encoding="utf-8")
    assert "<h2>Stop gates (design 18)</h2>" in page and "Template before" in page
    # the hand log's smuggled text is not in the HTML either
    assert main(["shadow", "report", str(hand_log), "--html", str(html)]) == 1
    assert "AGV-01" not in html.read_text(encoding="utf-8") and "AGV-01" not in capsys.readouterr().out


def test_cli_missing_log_is_a_clear_error(tmp_path, capsys):
    assert main(["shadow", "report", str(tmp_path / "nope.jsonl")]) == 2
    assert "log not found" in capsys.readouterr().err


def test_html_has_plots_with_matplotlib(hand_log):
    pytest.importorskip("matplotlib", reason="plots need the [report] extra")
    from nlu.shadow.html import render_html

    page = render_html(build_report(*read_log([hand_log])))
    assert page.count('src="data:image/png;base64,') == 3  # template matrix, domain matrix, durations


def _write(path, rows):
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


PASSING = [_rec("completed", "typed", "status", "status", "agv", "agv", "continue", "unchanged", 10 + i) for i in range(20)]


def test_exit_code_is_0_when_every_gate_passes_and_1_when_one_fails(tmp_path, capsys):
    good = _write(tmp_path / "good.jsonl", PASSING)
    assert {g.status for g in build_report(*read_log([good])).gates} == {"pass"}
    assert main(["shadow", "report", str(good)]) == 0
    assert "stop gate failed" not in capsys.readouterr().err
    # one slow run more: 21 runs, P95 over 1,000 ms fails (and nothing else)
    slow = _write(tmp_path / "slow.jsonl", PASSING + [_rec("completed", "typed", "status", "status", "agv", "agv",
                                                           "continue", "unchanged", ms) for ms in (5000, 6000)])
    assert [g.key for g in build_report(*read_log([slow])).gates if g.status == "fail"] == ["p95_ms"]
    assert main(["shadow", "report", str(slow)]) == 1
    assert "stop gate failed: P95 duration (exit 1)" in capsys.readouterr().err


def test_exit_code_3_for_a_gate_without_data_unless_allowed(tmp_path, capsys):
    # no control template: the drift gate has nothing to compare, the others pass
    rows = [_rec("completed", "typed", "none", "status", "none", "agv", "continue", "unchanged", 10) for _ in range(5)]
    log = _write(tmp_path / "nolabels.jsonl", rows)
    assert main(["shadow", "report", str(log)]) == 3
    assert "no data for gate(s): template drift (exit 3" in capsys.readouterr().err
    assert main(["shadow", "report", str(log), "--allow-no-data"]) == 0
    empty = _write(tmp_path / "empty.jsonl", [])
    assert main(["shadow", "report", str(empty)]) == 3


def test_help_documents_exit_codes_and_control_labels(capsys):
    with pytest.raises(SystemExit):
        main(["shadow", "report", "--help"])
    out = capsys.readouterr().out
    assert "1  a stop gate failed" in out and "0  every stop gate passed" in out
    from nlu.shadow.record import CONTROL_LABELS

    for key, labels in CONTROL_LABELS.items():
        assert f"{key:9} {', '.join(labels)}" in out


def _counts(rid, offered, accepted, busy, sampled_out=0):
    return {"v": 1, "kind": "runner", "runner": rid, "offered": offered, "accepted": accepted,
            "dropped_busy": busy, "sampled_out": sampled_out}


def test_busy_drop_rate_from_the_last_count_record_of_each_runner(tmp_path, capsys):
    rows = PASSING[:3] + [_counts("aaa", 50, 30, 20), _counts("bbb", 10, 9, 1), _counts("aaa", 100, 55, 45),
                          {"kind": "runner", "runner": "查询 AGV-01", "offered": 9}]  # not a runner id: ignored
    log = _write(tmp_path / "counts.jsonl", rows)
    runner_rows = []
    records, bad = read_log([log], runner_rows)
    assert (len(records), bad) == (3, 0)
    rep = build_report(records, bad, runner_rows)
    assert rep.runners.runners == 2
    drops = rep.runners.busy_drops
    assert (drops.k, drops.n) == (46, 110)  # aaa's last record (45 of 100) + bbb's (1 of 10)
    main(["shadow", "report", str(log)])
    out = capsys.readouterr().out
    assert "busy drops: 46/110 = 41.82 %" in out and "offered 110" in out and "2 runners" in out
    assert "AGV-01" not in out


def test_a_log_without_runner_counts_says_so(hand_log, capsys):
    main(["shadow", "report", str(hand_log)])
    assert "busy drops: no runner counts in the log" in capsys.readouterr().out


def test_a_busy_runner_s_drops_reach_the_report(tmp_path, capsys):
    """End to end: turns dropped as busy by a runner with a path sink are in the report's drop rate."""
    import threading

    from nlu.pipeline import Stage

    class Keep:
        def decide(self, draft):
            pass

    class Gate(Stage):
        name = "srl"
        capability = "srl"
        started, release = threading.Event(), threading.Event()

        def run(self, draft):
            self.started.set()
            self.release.wait(10)

    log = tmp_path / "busy.jsonl"
    gate = Gate()
    with ShadowRunner(sample_rate=1.0, queue_size=1, sink=str(log), pipeline=Pipeline([gate], policy=Keep())) as runner:
        assert runner.submit("一")
        assert gate.started.wait(10)
        assert [runner.submit(t) for t in "二三四五"] == [True, False, False, False]  # one waits, three dropped
        gate.release.set()
        assert runner.wait_idle(10)
    main(["shadow", "report", str(log)])
    assert "busy drops: 3/5 = 60.00 %" in capsys.readouterr().out

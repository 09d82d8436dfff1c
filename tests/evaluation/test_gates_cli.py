"""Gates from TOML and the `nlu eval` sub-command: exit codes, pending gates, P0, usage errors."""

import argparse
import json
import textwrap
from pathlib import Path

import pytest

from evalfakes import case, write_jsonl
from nlu.evaluation import check_gates, evaluate, load_gates
from nlu.evaluation.cli import main, register
from nlu.evaluation.gates import GateConfigError, parse_gates, run_failed

FAKE_MODULE = textwrap.dedent('''
    def _c(raw, canonical, action="continue"):
        return {"originalText": raw, "canonicalText": canonical, "corrections": [], "protectedSpans": [],
                "entities": [], "coreferences": [], "relations": [], "semanticFrames": [],
                "routing": {"templateCandidates": [], "domainCandidates": []},
                "decision": {"action": action, "reasonCodes": []}}

    def understand(raw, **kw):
        # loses the identifier in "丢失" inputs, keeps everything otherwise
        return _c(raw, raw.replace("AGV-01", "AGV-07") if "丢失" in raw else raw)
''')

REPO_GATES = Path(__file__).resolve().parents[2] / "eval" / "gates.toml"


@pytest.fixture
def fake_system(tmp_path, monkeypatch):
    (tmp_path / "fake_nlu_system.py").write_text(FAKE_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "fake_nlu_system:understand"


def gold(tmp_path, p0_fails: bool) -> Path:
    rows = [case("查询 ＡＧＶ－０１ 状态", {"decision": ["continue"], "mustKeep": ["AGV-01"]}, cid="ok", tags=["P0"])]
    raw = "丢失 AGV-01" if p0_fails else "保留 AGV-01"
    rows.append(case(raw, {"decision": ["continue"], "mustKeep": ["AGV-01"]}, cid="p0", tags=["P0"]))
    return write_jsonl(tmp_path / "g.jsonl", rows)


def gates_file(tmp_path, body: str) -> Path:
    p = tmp_path / "gates.toml"
    p.write_text(textwrap.dedent(body), encoding="utf-8")
    return p


KEEP_GATE = '''
[[gate]]
id = "keep"
metric = "protected.must_keep"
op = ">="
value = 1.0
'''


def test_gates_pass_and_p0_failure_fails_the_run(tmp_path, fake_system, capsys):
    g = gates_file(tmp_path, '''
        [[gate]]
        id = "decisions"
        metric = "decision.accuracy"
        op = ">="
        value = 1.0
    ''')
    assert main(["eval", str(gold(tmp_path, False)), "--gates", str(g), "--quiet", "--system", fake_system]) == 0
    # the only active gate still passes, but a P0 case fails → non-zero
    assert main(["eval", str(gold(tmp_path, True)), "--gates", str(g), "--quiet", "--system", fake_system]) == 1
    # without --gates the run reports but does not fail
    assert main(["eval", str(gold(tmp_path, True)), "--quiet", "--system", fake_system]) == 0


def test_failed_gate_fails_pending_gate_does_not(tmp_path, fake_system):
    res_file = gold(tmp_path, True)
    active = gates_file(tmp_path, KEEP_GATE)
    assert main(["eval", str(res_file), "--gates", str(active), "--quiet", "--system", fake_system]) == 1
    gs = load_gates(gates_file(tmp_path, KEEP_GATE + 'status = "pending"\nmeasured = 0.5\nnote = "known gap"\n'))
    from nlu.evaluation.goldset import load_goldset
    import fake_nlu_system

    res = evaluate(load_goldset([res_file]).cases, fake_nlu_system.understand, quiet=True)
    (o,) = check_gates(res, gs)
    assert o.state == "pending (fail)" and not o.blocking and o.observed == 0.5
    # the P0 case still fails the run even though the gate itself is pending
    assert run_failed([o], res)


def test_empty_denominator_fails_an_active_gate(tmp_path, fake_system):
    g = gates_file(tmp_path, '''
        [[gate]]
        id = "rel"
        metric = "relation.f1"
        op = ">="
        value = 0.93
        [[gate]]
        id = "ece"
        metric = "calibration.ece"
        op = "<="
        value = 0.05
        status = "pending"
    ''')
    out = tmp_path / "r.json"
    assert main(["eval", str(gold(tmp_path, False)), "--gates", str(g), "--quiet", "--json", str(out), "--system", fake_system]) == 1
    data = json.loads(out.read_text("utf-8"))
    states = {x["id"]: (x["state"], x["blocking"]) for x in data["gates"]}
    assert states == {"rel": ("no coverage", True), "ece": ("pending (no coverage)", False)}
    assert data["gatesFailed"] is True


def test_stats_and_slices_in_gates(tmp_path, fake_system):
    from nlu.evaluation.goldset import load_goldset
    import fake_nlu_system

    res = evaluate(load_goldset([gold(tmp_path, True)]).cases, fake_nlu_system.understand, quiet=True)
    gs = parse_gates({"gate": [
        {"id": "lost", "metric": "protected.must_keep", "stat": "numerator", "op": ">=", "value": 1},
        {"id": "low", "metric": "protected.must_keep", "stat": "low", "op": ">=", "value": 0.5},
        {"id": "slice", "metric": "protected.must_keep", "slice": "typed×agv", "op": "==", "value": 0.5},
        {"id": "noslice", "metric": "protected.must_keep", "slice": "ocr×rail", "op": ">=", "value": 0},
        {"id": "typo", "metric": "protected.must_kept", "op": ">=", "value": 1}]})
    states = {o.gate.id: o.state for o in check_gates(res, gs)}
    # must_keep = 1/2: Wilson low 0.0945 < 0.5
    assert states == {"lost": "pass", "low": "fail", "slice": "pass", "noslice": "no coverage", "typo": "unknown metric"}


def test_gate_config_errors():
    with pytest.raises(GateConfigError):
        parse_gates({"gate": [{"id": "x", "metric": "decision.accuracy", "op": "=>", "value": 1}]})
    with pytest.raises(GateConfigError):
        parse_gates({"gate": [{"id": "x", "metric": "decision.accuracy", "op": ">="}]})


def test_repo_gates_file_is_valid_and_every_metric_exists():
    gs = load_gates(REPO_GATES)
    ids = {g.id for g in gs}
    assert {"protected_fact_retention", "wrong_protected_changes", "negation_range_comparison_retention",
            "template_accuracy", "domain_accuracy", "correction_precision", "correction_recall", "ner_f1",
            "key_entity_f1", "relation_f1", "coreference_f1", "must_clarify_recall", "unnecessary_clarification",
            "injection_pass_rate", "p0_failures", "calibration_ece"} <= ids
    from nlu.evaluation.scoring import METRICS

    assert all(g.metric in METRICS or g.metric.startswith("calibration.") for g in gs)


def test_usage_errors_are_one_line_exit_2(tmp_path, fake_system, capsys):
    assert main(["eval", str(tmp_path / "missing.jsonl"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0 and "missing.jsonl" in err and "Traceback" not in err
    g = gold(tmp_path, False)
    assert main(["eval", str(g), "--gates", str(tmp_path / "nope.toml"), "--quiet"]) == 2
    bad = tmp_path / "bad.toml"
    bad.write_text("[[gate]\n", encoding="utf-8")
    assert main(["eval", str(g), "--gates", str(bad), "--quiet"]) == 2
    assert main(["eval", str(g), "--quiet", "--system", "no_such_module_xyz:understand"]) == 2
    only_bad = write_jsonl(tmp_path / "only_bad.jsonl", ["{nope"])
    assert main(["eval", str(only_bad), "--quiet", "--system", fake_system]) == 2
    err = capsys.readouterr().err
    assert "only_bad.jsonl:1" in err and "Traceback" not in err


def test_register_summary_and_report(tmp_path, fake_system, capsys):
    parser = argparse.ArgumentParser(prog="nlu")
    register(parser.add_subparsers(dest="command"))
    rep = tmp_path / "rep"
    args = parser.parse_args(["eval", str(gold(tmp_path, True)), "--report", str(rep), "--system", fake_system])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "mustKeep retention" in out and "1/2" in out and "no coverage" in out
    md = (rep / "report.md").read_text("utf-8")
    assert "丢失 AGV-01" in md and "AGV-07" in md
    assert (rep / "result.json").exists()


def test_a_pending_p0_gate_reports_p0_failures_without_failing(tmp_path, fake_system):
    res_file = gold(tmp_path, True)
    p0_gate = '''
[[gate]]
id = "p0_failures"
metric = "p0.failure_rate"
stat = "numerator"
op = "=="
value = 0
'''
    active = gates_file(tmp_path, p0_gate)
    assert main(["eval", str(res_file), "--gates", str(active), "--quiet", "--system", fake_system]) == 1
    pending = gates_file(tmp_path, p0_gate + 'status = "pending"\nmeasured = 1\nnote = "known gap"\n')
    assert main(["eval", str(res_file), "--gates", str(pending), "--quiet", "--system", fake_system]) == 0

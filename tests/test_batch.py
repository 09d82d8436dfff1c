"""`nlu batch`: every input line accounted for, in order, reproducibly."""
from __future__ import annotations

import json

from tests.batch.conftest import REF, run_batch as run


def test_batch_is_ordered_reproducible_and_reports_bad_lines(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "查询 AGV-01 当前状态"}\nnot json\n{"rawText": "全年检休抱表", "source": "asr"}\n'
                   '{"text": 5}\n{"text": "不要取消 T-2026010241"}\n', encoding="utf-8")
    outs = []
    for i in range(2):
        out = tmp_path / f"out{i}.jsonl"
        r = run(str(src), str(out), "--reference-time", REF, "--workers", "2", "--no-timings")
        assert r.returncode == 3, r.stderr  # some records are error records
        outs.append(out.read_text(encoding="utf-8"))
        assert "5 records" in r.stderr and "(2 with errors)" in r.stderr
    assert outs[0] == outs[1]  # same file, same reference time → byte-identical output
    rows = [json.loads(line) for line in outs[0].splitlines()]
    assert [row["line"] for row in rows] == [1, 2, 3, 4, 5]
    assert rows[1]["errorCode"] == "E452" and rows[3]["errorCode"] == "E454"
    assert "全年检修报表" in rows[2]["canonicalText"] and rows[2]["source"]["kind"] == "asr"
    assert rows[4]["decision"]["action"] == "continue" and "不要" in rows[4]["canonicalText"]
    good = tmp_path / "good.jsonl"
    good.write_text('{"text": "查询 AGV-01 当前状态"}\n', encoding="utf-8")
    assert run(str(good), str(tmp_path / "x.jsonl"), "--workers", "1", "--reference-time", REF).returncode == 0


def test_batch_bad_arguments_are_one_line_errors(tmp_path):
    r = run(str(tmp_path / "missing.txt"), str(tmp_path / "o.jsonl"))
    assert r.returncode == 2 and "Traceback" not in r.stderr and "E401" in r.stderr
    (tmp_path / "in.txt").write_text("查询 AGV-01\n", encoding="utf-8")
    r = run(str(tmp_path / "in.txt"), str(tmp_path / "o.jsonl"), "--reference-time", "whenever")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "E103" in r.stderr

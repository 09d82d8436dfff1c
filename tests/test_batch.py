"""`nlu batch`: every input line accounted for, in order, reproducibly."""
from __future__ import annotations

import json
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "-m", "nlu", "batch", *args, "--quiet"], capture_output=True, text=True, timeout=300)


def test_batch_is_ordered_reproducible_and_reports_bad_lines(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "查询 AGV-01 当前状态"}\nnot json\n{"rawText": "全年检休抱表", "source": "asr"}\n'
                   '{"text": 5}\n{"text": "不要取消 T-2026010241"}\n', encoding="utf-8")
    outs = []
    for i in range(2):
        out = tmp_path / f"out{i}.jsonl"
        r = run(str(src), str(out), "--reference-time", "2026-03-15T10:30:00+08:00", "--workers", "2", "--no-timings")
        assert r.returncode == 0, r.stderr
        outs.append(out.read_text(encoding="utf-8"))
        assert "5 lines" in r.stderr and "(2 with errors)" in r.stderr
    assert outs[0] == outs[1]  # same file, same reference time → byte-identical output
    rows = [json.loads(line) for line in outs[0].splitlines()]
    assert [row["line"] for row in rows] == [1, 2, 3, 4, 5]
    assert "error" in rows[1] and "error" in rows[3]
    assert "全年检修报表" in rows[2]["canonicalText"] and rows[2]["source"]["kind"] == "asr"
    assert rows[4]["decision"]["action"] == "continue" and "不要" in rows[4]["canonicalText"]
    assert run(str(src), str(tmp_path / "x.jsonl"), "--strict", "--workers", "1",
               "--reference-time", "2026-03-15T10:30:00+08:00").returncode == 1


def test_batch_bad_arguments_are_one_line_errors(tmp_path):
    r = run(str(tmp_path / "missing.txt"), str(tmp_path / "o.jsonl"))
    assert r.returncode == 2 and "Traceback" not in r.stderr
    (tmp_path / "in.txt").write_text("查询 AGV-01\n", encoding="utf-8")
    r = run(str(tmp_path / "in.txt"), str(tmp_path / "o.jsonl"), "--reference-time", "whenever")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "E103" in r.stderr

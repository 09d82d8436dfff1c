"""Reading goldsets: every bad line is reported with file and line number, the rest is kept."""

import json

import pytest

from evalfakes import case, write_jsonl
from nlu.evaluation.goldset import load_goldset, load_schema


def test_schema_ships_with_the_package():
    assert load_schema()["$id"] == "legacy-nlu-goldcase.v1"


def test_bad_lines_are_reported_with_line_numbers_and_the_rest_loads(tmp_path):
    good = case("查询 AGV-01 状态", {"decision": ["continue"]}, cid="ok-1")
    rows = [
        good,                                                   # 1 ok
        '{"caseId": "broken", ',                                # 2 bad JSON
        "",                                                     # 3 blank: skipped silently
        {**good, "caseId": "no-raw", "rawText": None},          # 4 schema: rawText not a string
        {**good, "caseId": "bad-enum", "sourceType": "fax"},    # 5 schema: enum
        {**good, "caseId": "bad-time", "referenceTime": "yesterday"},  # 6 not a date-time
        {**good, "caseId": "extra", "expect": {"decision": ["continue"], "nope": 1}},  # 7 additionalProperties
        "[1, 2]",                                               # 8 not an object
        case("AGV-02", {"decision": ["clarify"]}, cid="ok-2"),  # 9 ok
    ]
    f = write_jsonl(tmp_path / "g.jsonl", rows)
    loaded = load_goldset([f])
    assert [c.case_id for c in loaded.cases] == ["ok-1", "ok-2"]
    assert [c.line for c in loaded.cases] == [1, 9]
    assert [e.line for e in loaded.errors] == [2, 4, 5, 6, 7, 8]
    assert all(e.file == str(f) for e in loaded.errors)
    assert "bad JSON" in loaded.errors[0].message
    assert "rawText" in loaded.errors[1].message
    assert "referenceTime" in loaded.errors[3].message
    assert str(loaded.errors[0]).startswith(f"{f}:2:")


def test_several_files_duplicate_ids_and_gold_warnings(tmp_path):
    a = write_jsonl(tmp_path / "a.jsonl", [case("查询 ＡＧＶ－０１", {"decision": ["continue"], "mustKeep": ["AGV-01"]}, cid="x")])
    b = write_jsonl(tmp_path / "b.jsonl", [case("查询", {"decision": ["continue"], "mustKeep": ["ST-09"]}, cid="x")])
    loaded = load_goldset([a, b])
    assert len(loaded.cases) == 2 and not loaded.errors
    msgs = [w.message for w in loaded.warnings]
    assert any("duplicate caseId" in m for m in msgs)
    # width-folded mustKeep is fine; ST-09 is not in its rawText
    assert sum("not a substring" in m for m in msgs) == 1


def test_bom_and_z_suffix_accepted(tmp_path):
    row = json.dumps(case("x", {"decision": ["continue"]}, referenceTime="2026-03-15T02:30:00Z") | {}, ensure_ascii=False)
    f = tmp_path / "bom.jsonl"
    f.write_bytes(("\ufeff" + row + "\n").encode("utf-8"))
    loaded = load_goldset([f])
    assert len(loaded.cases) == 1 and loaded.cases[0].reference_time.utcoffset().total_seconds() == 0


def test_missing_file_raises(tmp_path):
    with pytest.raises(FileNotFoundError):
        load_goldset([tmp_path / "nope.jsonl"])

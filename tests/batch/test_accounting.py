"""One output record per input record, in order, at its physical line, with the caller's id.

Expected values are written from the issue's rules: lines split on \\n only (a CRLF's \\r is
the line ending, a stray \\r is text), a bad record becomes an error record in place, exit 0 when
all are good, 3 when some are bad, 2 for usage errors.
"""
from __future__ import annotations

import json

import pytest

from nlu.batch.reader import Position, ReadOptions, detect_format, read_records
from tests.batch.conftest import REF, read_records as output_of, run_batch

GBK_LINE = "查询 AGV-02 当前状态".encode("gbk")


def _txt_bytes() -> bytes:
    return (b"\xe6\x9f\xa5\xe8\xaf\xa2 AGV-01 \xe5\xbd\x93\xe5\x89\x8d\xe7\x8a\xb6\xe6\x80\x81\r\n"  # 查询 AGV-01 当前状态 CRLF
            + "打开\r报表".encode() + b"\n"  # a stray \r inside the line: one record, not two
            + b"\n"  # blank: an (empty) utterance of its own
            + "不要取消 T-2026010241".encode() + b"\n"
            + b"\xff\xfe\xfd broken\n"  # not UTF-8, not GB18030
            + GBK_LINE + b"\n"
            + "最后一行没有换行".encode())


def test_txt_lines_are_physical_lines_and_bad_bytes_stay_in_place(tmp_path):
    src = tmp_path / "asr.log"
    src.write_bytes(_txt_bytes())
    out = tmp_path / "out.jsonl"
    r = run_batch(str(src), str(out), "--workers", "1", "--reference-time", REF, "--fields", "originalText,decision")
    assert r.returncode == 3, r.stderr
    rows = output_of(out)
    assert [row["line"] for row in rows] == [1, 2, 3, 4, 5, 6, 7]
    texts = [row.get("originalText") for row in rows]
    assert texts == ["查询 AGV-01 当前状态", "打开\r报表", "", "不要取消 T-2026010241", None, "查询 AGV-02 当前状态",
                     "最后一行没有换行"]
    assert rows[4]["errorCode"] == "E455" and "byte 1" in rows[4]["error"] and "0xff" in rows[4]["error"]
    assert set(rows[0]) == {"line", "originalText", "decision"}  # --fields chose the output
    assert "txt" in r.stderr and "7 records" in r.stderr and "(1 with errors)" in r.stderr


def test_explicit_encoding_turns_other_bytes_into_error_records(tmp_path):
    src = tmp_path / "in.txt"
    src.write_bytes("查询 AGV-01\n".encode() + GBK_LINE + b"\n" + "打开报表\n".encode())
    out = tmp_path / "o.jsonl"
    r = run_batch(str(src), str(out), "--workers", "1", "--encoding", "utf-8", "--fields", "originalText",
                  "--reference-time", REF)
    assert r.returncode == 3
    rows = output_of(out)
    assert [(row["line"], row.get("originalText"), row.get("errorCode")) for row in rows] == [
        (1, "查询 AGV-01", None), (2, None, "E455"), (3, "打开报表", None)]
    gbk = tmp_path / "gbk.txt"
    gbk.write_bytes(GBK_LINE + b"\n" + "打开报表".encode("gbk") + b"\n")
    r = run_batch(str(gbk), str(out), "--workers", "1", "--encoding", "gbk", "--fields", "originalText",
                  "--reference-time", REF, "--force")
    assert r.returncode == 0, r.stderr
    assert [row["originalText"] for row in output_of(out)] == ["查询 AGV-02 当前状态", "打开报表"]


def test_jsonl_bad_records_and_caller_ids(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_bytes("\n".join([
        '{"id": "a-1", "text": "查询 AGV-01 当前状态"}',
        "",  # blank line
        "{not json",
        '{"id": 2, "rawText": "全年检休抱表", "source": "asr"}',
        '["a list"]',
        '{"id": "a-3", "text": 5}',
        '{"id": null, "text": "打开报表"}',
        '{"text": "没有编号"}',
        '{"id": "a-4", "text": "查询 AGV-03", "source": "fax"}',
    ]).encode() + b"\r\n")
    out = tmp_path / "out.jsonl.gz"
    r = run_batch(str(src), str(out), "--workers", "2", "--chunk-size", "2", "--reference-time", REF)
    assert r.returncode == 3, r.stderr
    rows = output_of(out)
    assert [row["line"] for row in rows] == list(range(1, 10))
    assert [row.get("id", "—") for row in rows] == ["a-1", "—", "—", 2, "—", "a-3", None, "—", "a-4"]
    assert [row.get("errorCode") for row in rows] == [None, "E451", "E452", None, "E453", "E454", None, None, "E457"]
    assert rows[3]["source"]["kind"] == "asr" and "全年检修报表" in rows[3]["canonicalText"]
    assert "fax" in rows[8]["error"]
    # a named id field is required: a record without it cannot be joined back, so it is an error record
    out2 = tmp_path / "named.jsonl"
    r = run_batch(str(src), str(out2), "--workers", "1", "--id-field", "id", "--fields", "canonicalText",
                  "--reference-time", REF)
    assert output_of(out2)[7] == {"line": 8, "error": "no id field 'id'", "errorCode": "E456"}


def test_csv_records_start_at_their_physical_line(tmp_path):
    src = tmp_path / "export"
    src.write_bytes("msg,text,source\n".encode()
                    + 'm1,"查询 AGV-01\n当前状态",typed\n'.encode()  # a quoted newline: one record over lines 2-3
                    + "\n".encode()  # blank line 4
                    + "m2,打开报表\n".encode()  # line 5: a field short
                    + b"m3," + GBK_LINE + b",asr\n"  # line 6, GBK
                    + "m4,全年检休抱表,asr\n".encode())  # line 7
    out = tmp_path / "o.jsonl"
    r = run_batch(str(src), str(out), "--workers", "1", "--id-field", "msg", "--fields", "originalText",
                  "--reference-time", REF)
    assert r.returncode == 3, r.stderr
    assert "csv" in r.stderr
    rows = output_of(out)
    assert [(row["line"], row.get("id"), row.get("errorCode")) for row in rows] == [
        (2, "m1", None), (4, None, "E451"), (5, None, "E458"), (6, "m3", None), (7, "m4", None)]
    assert rows[0]["originalText"] == "查询 AGV-01\n当前状态" and rows[3]["originalText"] == "查询 AGV-02 当前状态"
    r = run_batch(str(src), str(out), "--format", "csv", "--text-field", "body", "--force")
    assert r.returncode == 2 and "E407" in r.stderr and "Traceback" not in r.stderr


def test_parquet_rows(tmp_path):
    pa = pytest.importorskip("pyarrow", reason="pyarrow is in the test extra")
    import pyarrow.parquet as pq

    src = tmp_path / "rows.bin"
    pq.write_table(pa.table({"uid": [10, 11, 12], "utterance": ["查询 AGV-01 当前状态", None, "打开报表"]}), src)
    out = tmp_path / "o.jsonl.zst"
    r = run_batch(str(src), str(out), "--workers", "1", "--text-field", "utterance", "--id-field", "uid",
                  "--fields", "canonicalText", "--reference-time", REF)
    assert r.returncode == 3, r.stderr
    assert "parquet" in r.stderr
    rows = output_of(out)
    assert [(row["line"], row["id"], row.get("errorCode")) for row in rows] == [(1, 10, None), (2, 11, "E454"), (3, 12, None)]


def test_format_is_detected_from_content(tmp_path):
    cases = {"a": (b'\n{"text": "x"}\n', "jsonl"), "b": (b"id,text\n1,x\n", "csv"), "c": ("查询,AGV-01\n".encode(), "txt"),
             "d": (b"PAR1....", "parquet"), "e": (b"\xff\xfe\n", "txt")}
    for name, (data, fmt) in cases.items():
        (tmp_path / name).write_bytes(data)
        assert detect_format(tmp_path / name) == fmt, name


def test_reader_resumes_exactly_after_any_record(tmp_path):
    src = tmp_path / "in.csv"
    src.write_bytes("id,text\n1,a\n2,\"b\nc\"\n\n3,d\r\n4,e".encode())
    options = ReadOptions("csv")
    full = list(read_records(src, options))
    assert [(rec.line, rec.id, rec.text) for rec, _ in full] == [
        (2, "1", "a"), (3, "2", "b\nc"), (5, None, None), (6, "3", "d"), (7, "4", "e")]
    for i, (_, after) in enumerate(full):  # continuing from the position after record i gives the rest
        rest = list(read_records(src, options, after))
        assert [rec for rec, _ in rest] == [rec for rec, _ in full[i + 1:]]
    assert list(read_records(src, options, Position())) == full


def test_usage_errors_exit_2_and_touch_nothing(tmp_path):
    src = tmp_path / "a.txt"
    src.write_text("查询 AGV-01\n", encoding="utf-8")
    r = run_batch(str(src), str(src))
    assert r.returncode == 2 and "E402" in r.stderr and src.read_text(encoding="utf-8") == "查询 AGV-01\n"
    r = run_batch(str(src), str(tmp_path / "o.jsonl"), "--fields", "canonicalText,nonsense")
    assert r.returncode == 2 and "E403" in r.stderr and "nonsense" in r.stderr
    (tmp_path / "o.jsonl.partial").write_text("", encoding="utf-8")
    r = run_batch(str(src), str(tmp_path / "o.jsonl"))
    assert r.returncode == 2 and "E405" in r.stderr and "--resume" in r.stderr
    assert "Traceback" not in r.stderr


def test_python_api_keeps_every_item_in_order():
    from nlu.batch import normalize_records

    items = ["查询 AGV-01 当前状态", {"id": "k", "text": "全年检休抱表", "source": "asr"}, {"body": "x"}, 5]
    rows = list(normalize_records(items, reference_time=REF, fields=["canonicalText"]))
    assert [row["line"] for row in rows] == [1, 2, 3, 4]
    assert rows[0] == {"line": 1, "canonicalText": "查询 AGV-01 当前状态"}
    assert rows[1]["id"] == "k" and "全年检修报表" in rows[1]["canonicalText"]
    assert rows[2]["errorCode"] == "E454" and rows[3]["errorCode"] == "E453"
    assert json.dumps(rows, ensure_ascii=False)  # plain JSON values


def test_an_existing_output_a_missing_directory_and_a_stray_scheduler_are_refused(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("查询 AGV-01 当前状态\n", encoding="utf-8")
    out = tmp_path / "o.jsonl"
    out.write_text("keep me\n", encoding="utf-8")
    r = run_batch(str(src), str(out))
    assert r.returncode == 2 and "E411" in r.stderr and "--force" in r.stderr and "Traceback" not in r.stderr
    assert out.read_text(encoding="utf-8") == "keep me\n"
    assert run_batch(str(src), str(out), "--force", "--workers", "1").returncode == 0
    assert out.read_text(encoding="utf-8") != "keep me\n"
    missing = tmp_path / "no" / "such" / "o.jsonl"
    r = run_batch(str(src), str(missing))
    assert r.returncode == 2 and "E412" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not missing.parent.exists()
    assert run_batch(str(src), str(missing), "--mkdir", "--workers", "1").returncode == 0 and missing.exists()
    r = run_batch(str(src), str(tmp_path / "p.jsonl"), "--scheduler", "tcp://127.0.0.1:8786")
    assert r.returncode == 2 and "E413" in r.stderr


def test_a_csv_with_one_column_is_read_as_csv_its_header_not_an_utterance(tmp_path):
    src = tmp_path / "one.csv"
    src.write_text("utterance\n查询 AGV-01 当前状态\n取消订单\n", encoding="utf-8")
    out = tmp_path / "o.jsonl"
    r = run_batch(str(src), str(out), "--text-field", "utterance", "--workers", "1", "--fields", "originalText")
    assert r.returncode == 0, r.stderr
    assert [row["originalText"] for row in output_of(out)] == ["查询 AGV-01 当前状态", "取消订单"]

"""The command line: --json contract, readable view, one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys

import jsonschema

from nlu.cli import main
from nlu.cli.schema_cmd import SCHEMA_FILE


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "nlu.cli", *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_understand_json_validates_against_schema(capsys):
    assert main(["understand", "--json", "--reference-time", "2026-03-15T10:30:00+08:00", "查询 AGV-01 当前状态"]) == 0
    doc = json.loads(capsys.readouterr().out)
    jsonschema.validate(doc, json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    assert doc["originalText"] == "查询 AGV-01 当前状态"


def test_understand_reads_stdin_and_shows_a_readable_view():
    out = run("understand", "--reference-time", "2026-03-15T10:30:00+08:00", stdin="查询 AGV-01 当前状态\n")
    assert out.returncode == 0, out.stderr
    assert "canonical" in out.stdout and "decision" in out.stdout


def test_bad_arguments_give_one_line_and_nonzero_exit():
    for args in (["understand", "--catalog", "/no/such/catalog.json", "x"], ["understand", "--source", "voice", "x"], ["understand", "--reference-time", "soon", "x"], ["frobnicate"],
                 ["understand", "--confidence", "2", "x"]):
        out = run(*args)
        assert out.returncode == 2, args
        assert "Traceback" not in out.stderr and out.stderr.strip().count("\n") == 0, out.stderr


def test_schema_command_prints_the_committed_schema():
    out = run("schema")
    assert out.returncode == 0 and json.loads(out.stdout) == json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


def test_help_explains():
    out = run("--help")
    assert out.returncode == 0 and "understand" in out.stdout and "Examples" in out.stdout

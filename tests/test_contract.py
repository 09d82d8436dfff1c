"""The v1 contract: exported schema, camelCase JSON, immutability, UTF-16 offsets."""
from __future__ import annotations

import json
import shutil
import subprocess

import jsonschema
import pytest
from pydantic import ValidationError

import nlu
from nlu.cli.schema_cmd import SCHEMA_FILE, schema_text
from nlu.contract import LegacyInputUnderstanding, TextSpan

REF = "2026-03-15T10:30:00+08:00"


def test_committed_schema_matches_models():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), "run `nlu schema --write` and commit the file"


def test_output_validates_against_exported_schema():
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    for text in ["查询 AGV-01 当前状态", "", "😀ＡＧＶ－０１\u200b状态", "x" * 600]:
        doc = json.loads(nlu.understand(text, reference_time=REF).model_dump_json(by_alias=True))
        jsonschema.validate(doc, schema)
        assert doc["schemaVersion"] == "legacy-nlu.v1"
        assert "canonicalText" in doc and "spanMap" in doc and "protectedSpans" in doc


def test_json_is_camel_case_and_python_is_snake_case():
    r = nlu.understand("查询 AGV-01 当前状态", reference_time=REF)
    d = r.model_dump(by_alias=True)
    assert {"schemaVersion", "requestId", "originalText", "canonicalText", "semanticFrames"} <= set(d)
    assert r.canonical_text == d["canonicalText"] and r.schema_version == "legacy-nlu.v1"
    assert d["source"]["timezone"] == "Asia/Shanghai" and d["source"]["referenceTime"] == REF


def test_results_are_immutable():
    r = nlu.understand("查询 AGV-01 当前状态", reference_time=REF)
    with pytest.raises(ValidationError):
        r.canonical_text = "x"  # type: ignore[misc]


def test_enums_are_the_designs():
    with pytest.raises(ValidationError):
        TextSpan(space="middle", start=0, end=1)
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    defs = schema["$defs"]
    assert set(defs["StageDiagnostic"]["properties"]["stage"]["enum"]) == {
        "clean", "protect", "correct", "term", "ner", "coreference", "relation", "srl", "route", "validate"}
    assert set(defs["Decision"]["properties"]["action"]["enum"]) == {"continue", "clarify", "use_original"}


def _js_slice(text: str, start: int, end: int) -> str:
    """String.prototype.slice semantics: UTF-16 code units."""
    units = text.encode("utf-16-le")
    return units[2 * start: 2 * end].decode("utf-16-le")


def test_utf16_offsets_slice_like_javascript():
    raw = "😀ＡＧＶ－０１\u200b状态"
    doc = json.loads(nlu.understand(raw, reference_time=REF).model_dump_json(by_alias=True))
    orig, canon = doc["originalText"], doc["canonicalText"]
    for seg in doc["spanMap"]:
        o, c = seg["original"], seg["canonical"]
        assert o["space"] == "original" and c["space"] == "canonical"
        if seg["kind"] == "unchanged":
            assert _js_slice(orig, o["start"], o["end"]) == _js_slice(canon, c["start"], c["end"])
    # the emoji is two UTF-16 units, so the first segment ends at 2 in JS terms
    assert doc["spanMap"][0]["original"]["start"] == 0
    assert sum(s["original"]["end"] - s["original"]["start"] for s in doc["spanMap"]) == len(raw.encode("utf-16-le")) // 2
    for p in doc["protectedSpans"] + [e["sourceSpan"] | {"text": e["text"]} for e in doc["entities"]]:
        span = p.get("span", p)
        assert _js_slice(orig, span["start"], span["end"]) == p["text"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed: JS slice check done in Python only")
def test_utf16_offsets_in_real_javascript():
    raw = "😀ＡＧＶ－０１\u200b状态"
    doc = nlu.understand(raw, reference_time=REF).model_dump_json(by_alias=True)
    script = (
        "const d=JSON.parse(require('fs').readFileSync(0,'utf8'));"
        "for(const s of d.spanMap){const a=d.originalText.slice(s.original.start,s.original.end);"
        "const b=d.canonicalText.slice(s.canonical.start,s.canonical.end);"
        "if(s.kind==='unchanged'&&a!==b){console.log('BAD',a,b);process.exit(1)}}"
        "for(const p of d.protectedSpans){if(d.originalText.slice(p.span.start,p.span.end)!==p.text){process.exit(1)}}"
        "console.log(d.canonicalText)"
    )
    out = subprocess.run(["node", "-e", script], input=doc, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr

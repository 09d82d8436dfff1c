"""Validate the goldset: JSON per line, schema (with format checking), unique ids, fixed referenceTime."""
import json, sys
from pathlib import Path
import jsonschema
from jsonschema import Draft202012Validator

SCHEMA = json.loads(Path("/work/shared/spec/goldset.schema.json").read_text(encoding="utf-8"))
REF = "2026-09-16T10:00:00+08:00"


def main(path):
    Draft202012Validator.check_schema(SCHEMA)
    fc = Draft202012Validator.FORMAT_CHECKER
    assert "date-time" in fc.checkers, "date-time format checker unavailable (install rfc3339-validator)"
    v = Draft202012Validator(SCHEMA, format_checker=fc)
    seen, errors, n = set(), 0, 0
    for i, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            print(f"line {i}: blank line"); errors += 1; continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as e:
            print(f"line {i}: bad JSON: {e}"); errors += 1; continue
        n += 1
        for err in v.iter_errors(case):
            print(f"line {i} {case.get('caseId')}: {err.message} at {list(err.path)}"); errors += 1
        cid = case.get("caseId")
        if cid in seen:
            print(f"line {i}: duplicate caseId {cid}"); errors += 1
        seen.add(cid)
        if case.get("referenceTime") != REF:
            print(f"line {i}: referenceTime is not {REF}"); errors += 1
        if not str(cid).startswith("hd4-"):
            print(f"line {i}: id prefix"); errors += 1
    # self-test: the validator must reject a bad date-time
    bad = {"caseId": "x", "sourceType": "typed", "domainSlice": "none", "rawText": "",
           "referenceTime": "not-a-time", "expect": {"decision": ["continue"]}}
    assert not v.is_valid(bad), "format checking is not active"
    print(f"{n} cases, {len(seen)} unique ids, {errors} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "holdout-2026-12-01d.jsonl"))

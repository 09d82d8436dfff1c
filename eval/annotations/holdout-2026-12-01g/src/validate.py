"""Validate every line of the holdout against goldset.schema.json (Draft 2020-12 + format checker)."""
import json, sys
from jsonschema import Draft202012Validator, FormatChecker

path = sys.argv[1] if len(sys.argv) > 1 else "holdout-2026-12-01g.jsonl"
schema = json.load(open("/work/shared/spec/goldset.schema.json"))
Draft202012Validator.check_schema(schema)
v = Draft202012Validator(schema, format_checker=FormatChecker())
assert "date-time" in v.format_checker.checkers, "date-time format not checked"
bad = n = 0
ids = set()
for i, line in enumerate(open(path, encoding="utf-8"), 1):
    case = json.loads(line); n += 1
    errs = list(v.iter_errors(case))
    if case["caseId"] in ids:
        errs.append("duplicate caseId")
    ids.add(case["caseId"])
    if case["referenceTime"] != "2026-12-02T09:15:00+08:00":
        errs.append("referenceTime")
    for e in errs:
        bad += 1; print(f"line {i}: {getattr(e, 'message', e)}")
p0 = sum("P0" in json.loads(l)["tags"] for l in open(path, encoding="utf-8"))
print(f"{'OK' if not bad else 'FAIL'}: {n} cases, {bad} errors, {p0} tagged P0 (Draft 2020-12 + FormatChecker)")
sys.exit(1 if bad else 0)

"""Validate every line of a goldset file against goldset.schema.json (with format checks)."""
import json, sys, collections
from jsonschema import Draft202012Validator
schema = json.load(open("/work/shared/spec/goldset.schema.json"))
v = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
path = sys.argv[1]
bad = 0; ids = collections.Counter(); n = 0
for i, line in enumerate(open(path, encoding="utf-8"), 1):
    c = json.loads(line); n += 1; ids[c["caseId"]] += 1
    errs = list(v.iter_errors(c))
    if c["referenceTime"] != "2026-12-01T21:30:00+08:00":
        errs.append("referenceTime")
    if errs:
        bad += 1; print("line", i, c.get("caseId"), [getattr(e, "message", e) for e in errs])
dup = [k for k, x in ids.items() if x > 1]
print(f"{path}: {n} lines, {n - bad} valid, {bad} invalid, duplicate ids: {len(dup)}")
sys.exit(1 if bad or dup else 0)

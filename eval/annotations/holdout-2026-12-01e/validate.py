"""Validate the holdout against goldset.schema.json (with format checking) plus sanity checks."""
import json, sys, unicodedata, re
from jsonschema import Draft202012Validator, FormatChecker

SCHEMA = "/work/shared/spec/goldset.schema.json"
path = sys.argv[1] if len(sys.argv) > 1 else "/work/blind5/holdout-2026-12-01e.jsonl"
schema = json.load(open(SCHEMA, encoding="utf-8"))
Draft202012Validator.check_schema(schema)
v = Draft202012Validator(schema, format_checker=FormatChecker())
ZW = re.compile("[\u200b-\u200f\u2060\ufeff]")

def clean(s):
    s = ZW.sub("", unicodedata.normalize("NFKC", s))
    return s

errors, ids = 0, set()
for n, line in enumerate(open(path, encoding="utf-8"), 1):
    case = json.loads(line)
    for e in v.iter_errors(case):
        errors += 1
        print(f"line {n}: schema: {e.message}")
    cid = case["caseId"]
    if cid in ids:
        errors += 1; print(f"line {n}: duplicate id {cid}")
    ids.add(cid)
    if case["referenceTime"] != "2026-12-01T15:30:00+08:00":
        errors += 1; print(f"line {n}: referenceTime")
    raw, ex = case["rawText"], case["expect"]
    hay = [raw, clean(raw), clean(raw).replace(" ", ""), raw.replace(" ", "")]
    def chk(s, what):
        global errors
        if not any(s in h or s.replace(" ", "") in h for h in hay):
            errors += 1; print(f"line {n} {cid}: {what} {s!r} not in rawText")
    for s in ex.get("mustKeep", []): chk(s, "mustKeep")
    for s in ex.get("protectedSpans", []): chk(s["text"], "protectedSpan")
    for s in ex.get("entities", []): chk(s["text"], "entity")
    for s in ex.get("corrections", []): chk(s["from"], "correction")
    for r in ex.get("relations", []): chk(r["subject"], "rel.subject"); chk(r["object"], "rel.object")
    for c in ex.get("coreferences", []): chk(c["mention"], "coref.mention")
    for f in ex.get("frames", []):
        for a in f.get("arguments", []): chk(a["text"], "frame arg")
    for s in ex.get("mustNotContain", []):
        pass
    if "clarifyReason" in ex and "clarify" not in ex["decision"]:
        errors += 1; print(f"line {n} {cid}: clarifyReason without clarify")
    if set(ex.get("mustKeep", [])) & set(ex.get("mustNotContain", [])):
        errors += 1; print(f"line {n} {cid}: keep/no overlap")
print(f"{len(ids)} cases, {errors} problems")
sys.exit(1 if errors else 0)

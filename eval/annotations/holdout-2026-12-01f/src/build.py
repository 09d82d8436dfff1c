"""Assemble the hand-written cases, assign ids, validate against goldset.schema.json and
run sanity checks (every text that must match rawText really occurs in it)."""
import json, re, sys, unicodedata, collections
sys.path.insert(0, __file__.rsplit("/", 1)[0])
import dsl
import cases_ops, cases_inj, cases_sem, cases_tpl, cases_misc, cases_more  # noqa: F401  (registration)
from jsonschema import Draft202012Validator

OUT = "/work/blind6/holdout-2026-12-01f.jsonl"
schema = json.load(open("/work/shared/spec/goldset.schema.json"))
val = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def clean(t):
    t = unicodedata.normalize("NFKC", t)
    t = re.sub(r"[\u200b-\u200f\u2060\ufeff]", "", t)
    return re.sub(r"[ \t]+", " ", t)


problems = []
for n, c in enumerate(dsl.CASES, 1):
    c["caseId"] = f"hd6-{n:04d}"
    e, raw = c["expect"], clean(c["rawText"])
    raw_ns = raw.replace(" ", "")
    def chk(s, what):
        if clean(s) not in raw and clean(s).replace(" ", "") not in raw_ns:
            problems.append((c["caseId"], what, s))
    for s in e.get("mustKeep", []): chk(s, "mustKeep")
    for x in e.get("entities", []): chk(x["text"], "entity")
    for x in e.get("protectedSpans", []): chk(x["text"], "span")
    for x in e.get("relations", []): chk(x["subject"], "rel.s"); chk(x["object"], "rel.o")
    for x in e.get("coreferences", []):
        chk(x["mention"], "coref.m")
        if not c.get("boundedContext"): chk(x["antecedent"], "coref.a")
    for f in e.get("frames", []):
        for a in f.get("arguments", []): chk(a["text"], "frame.arg")
    for x in e.get("corrections", []): chk(x["from"], "corr.from")
    for s in e.get("mustNotContain", []):
        if s in e.get("mustKeep", []): problems.append((c["caseId"], "keep/not clash", s))
        for k in e.get("mustKeep", []):
            if s in k: problems.append((c["caseId"], "not inside keep", s))
    if "clarify" not in e["decision"] and "clarifyReason" in e:
        problems.append((c["caseId"], "reason without clarify", ""))
    for err in val.iter_errors(c):
        problems.append((c["caseId"], "schema", err.message))

with open(OUT, "w", encoding="utf-8") as fh:
    for c in dsl.CASES:
        fh.write(json.dumps(c, ensure_ascii=False) + "\n")
print("cases", len(dsl.CASES), "P0", sum("P0" in c["tags"] for c in dsl.CASES))
for p in problems: print("PROBLEM", *p)
dups = [t for t, k in collections.Counter((c["rawText"], c["sourceType"], json.dumps(c.get("boundedContext"))) for c in dsl.CASES).items() if k > 1]
print("duplicate raw+context:", dups)

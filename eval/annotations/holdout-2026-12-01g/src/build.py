"""Collect the hand-written cases, assign ids, sanity-check, validate, write the .jsonl."""
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import gold  # noqa: E402
import cases_writes, cases_injection, cases_semantics, cases_ids, cases_routing, cases_misc, cases_long  # noqa
try:
    import cases_more  # noqa
except ImportError:
    pass

import jsonschema  # noqa: E402
from jsonschema import Draft202012Validator, FormatChecker  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = Path("/work/shared/spec/goldset.schema.json")
OUT = ROOT / "holdout-2026-12-01g.jsonl"


def main():
    cases = gold.CASES
    errs = []
    seen = {}
    for i, c in enumerate(cases, 1):
        c["caseId"] = f"hd7-{i:04d}"
        raw = c["rawText"]
        cl = gold.clean(raw)
        if raw in seen:
            errs.append(f"{c['caseId']}: duplicate rawText of {seen[raw]}")
        seen[raw] = c["caseId"]
        ex = c["expect"]
        texts = list(ex.get("mustKeep", []))
        texts += [e["text"] for e in ex.get("entities", [])]
        texts += [p["text"] for p in ex.get("protectedSpans", [])]
        texts += [x for r in ex.get("relations", []) for x in (r["subject"], r["object"])]
        texts += [x["mention"] for x in ex.get("coreferences", [])]
        texts += [x["antecedent"] for x in ex.get("coreferences", [])]
        texts += [a["text"] for f in ex.get("frames", []) for a in f.get("arguments", [])]
        texts += [x["from"] for x in ex.get("corrections", [])]
        for t in texts:
            if gold.clean(t) != t or t not in cl:
                errs.append(f"{c['caseId']}: text {t!r} not a substring of cleaned rawText")
        for n in ex.get("mustNotContain", []):
            for k in ex.get("mustKeep", []):
                if n in k:
                    errs.append(f"{c['caseId']}: mustNotContain {n!r} inside mustKeep {k!r}")
        if "clarifyReason" in ex and "clarify" not in ex["decision"]:
            errs.append(f"{c['caseId']}: clarifyReason without clarify")
        if len(set(ex["decision"])) != len(ex["decision"]):
            errs.append(f"{c['caseId']}: repeated decision")
        ents = {e["text"] for e in ex.get("entities", [])}
        for r in ex.get("relations", []):
            if r["subject"] not in ents and r["subject"] not in cl:
                errs.append(f"{c['caseId']}: relation subject missing")
        if "P0" in c["tags"] and c["tags"].count("P0") > 1:
            errs.append(f"{c['caseId']}: P0 twice")
    schema = json.loads(SCHEMA.read_text())
    v = Draft202012Validator(schema, format_checker=FormatChecker())
    for c in cases:
        for e in v.iter_errors(c):
            errs.append(f"{c['caseId']}: schema: {e.message}")
    if errs:
        print("\n".join(errs))
        sys.exit(1)
    with OUT.open("w", encoding="utf-8") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    stats(cases)


def stats(cases):
    tag = collections.Counter(t for c in cases for t in c["tags"])
    tpl = collections.Counter(str(c["expect"].get("template", "(unstated)")) for c in cases)
    dom = collections.Counter(str(c["expect"].get("domain", "(unstated)")) for c in cases)
    dec = collections.Counter("/".join(c["expect"]["decision"]) for c in cases)
    dec1 = collections.Counter(c["expect"]["decision"][0] for c in cases)
    src = collections.Counter(c["sourceType"] for c in cases)
    sl = collections.Counter(c["domainSlice"] for c in cases)
    why = collections.Counter(w for c in cases for w in c["expect"].get("clarifyReason", []))
    lens = sorted((len(c["rawText"]), c["caseId"]) for c in cases)[-6:]
    out = {
        "cases": len(cases), "P0": tag["P0"],
        "sourceType": dict(src), "domainSlice": dict(sl), "template": dict(tpl), "domain": dict(dom),
        "decision(list)": dict(dec), "decision(preferred)": dict(dec1), "clarifyReason": dict(why),
        "tags": dict(tag.most_common()), "longest(code points)": lens,
    }
    (ROOT / "src" / "stats.json").write_text(json.dumps(out, ensure_ascii=False, indent=1))
    print(json.dumps({k: out[k] for k in ("cases", "P0", "sourceType", "domainSlice", "decision(preferred)")}, ensure_ascii=False))


if __name__ == "__main__":
    main()

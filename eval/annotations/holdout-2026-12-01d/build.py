"""Number the hand-written cases and check that every text is a substring of the cleaned raw."""
import importlib, json, re, sys, unicodedata
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "src"))
import common  # noqa: E402

MODULES = ["c01_agv_read", "c02_rail_read", "c03_write", "c04_injection",
           "c05_negation_repair", "c06_compare_ident", "c07_chat_coref", "c08_long_noise", "c09_sources", "c10_extra"]
OUT = HERE / "holdout-2026-12-01d.jsonl"


def views(raw):
    c = common.clean(raw)
    return [c, re.sub(r"\s+", " ", c), re.sub(r"\s+", "", c)]


def present(text, raw):
    return any(text in v for v in views(raw))


def check(case):
    raw, exp, errs = case["rawText"], case["expect"], []
    def need(t, what):
        if not present(t, raw):
            errs.append(f"{what} {t!r} not in cleaned raw")
    for t in exp.get("mustKeep", []):
        need(t, "mustKeep")
    for e in exp.get("entities", []):
        need(e["text"], "entity")
    for s in exp.get("protectedSpans", []):
        need(s["text"], "span")
    for r in exp.get("relations", []):
        need(r["subject"], "rel.subject"); need(r["object"], "rel.object")
    for c in exp.get("corrections", []):
        need(c["from"], "correction.from")
    ctx_ids = {b["canonicalId"] for b in case.get("boundedContext", [])}
    for c in exp.get("coreferences", []):
        need(c["mention"], "coref.mention")
        if c["antecedent"] not in ctx_ids:
            need(c["antecedent"], "coref.antecedent")
    for f in exp.get("frames", []):
        for a in f.get("arguments", []):
            need(a["text"], "frame.arg")
    for t in exp.get("mustNotContain", []):
        # a mustNotContain string must not be something the case also requires
        for k in exp.get("mustKeep", []):
            if t in k:
                errs.append(f"mustNotContain {t!r} inside mustKeep {k!r}")
    if exp.get("template") is not None and exp.get("template") not in (
            "status", "count", "list", "report", "workorder", "plan", "operation"):
        errs.append("bad template")
    return errs


def main():
    for m in MODULES:
        importlib.import_module(m)
    bad = 0
    lines = []
    for i, case in enumerate(common.CASES, 1):
        case = {"caseId": f"hd4-{i:04d}", **case}
        for e in check(case):
            bad += 1
            print(case["caseId"], e, "|", case["rawText"][:60])
        lines.append(json.dumps(case, ensure_ascii=False))
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {len(lines)} cases to {OUT.name}; {bad} text-check problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

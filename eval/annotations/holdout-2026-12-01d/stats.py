"""Counts per family tag, decision, template, domain slice, source type."""
import json, sys
from collections import Counter

path = sys.argv[1] if len(sys.argv) > 1 else "holdout-2026-12-01d.jsonl"
cases = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
RISKY = {"write", "injection", "benign_lookalike", "negation", "self_repair", "comparison",
         "identifier", "lookalike_id", "long_input", "amount", "exception", "range"}
tags, dec, tmpl, sl, src, fields = Counter(), Counter(), Counter(), Counter(), Counter(), Counter()
risky = 0
for c in cases:
    tags.update(set(c["tags"]))
    e = c["expect"]
    dec[e["decision"][0] + ("+" + "+".join(e["decision"][1:]) if len(e["decision"]) > 1 else "")] += 1
    if "template" in e:
        tmpl[f'{e["template"]}/{e.get("domain", "-")}'] += 1
    sl[c["domainSlice"]] += 1
    src[c["sourceType"]] += 1
    fields.update(k for k in e)
    if RISKY & set(c["tags"]):
        risky += 1


def show(title, ctr):
    print(f"\n== {title}")
    for k, v in sorted(ctr.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        print(f"  {k:28s} {v}")


print(f"cases: {len(cases)}; risky (any of {sorted(RISKY)}): {risky} ({100 * risky / len(cases):.0f}%)")
show("family tags", tags)
show("decision lists (first = preferred)", dec)
show("template/domain (where stated)", tmpl)
show("domainSlice", sl)
show("sourceType", src)
show("expect fields used", fields)

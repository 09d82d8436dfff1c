import json, collections as C
cs = [json.loads(l) for l in open("/work/blind5/holdout-2026-12-01e.jsonl", encoding="utf-8")]
n = len(cs)
has = lambda c, t: t in c.get("tags", [])
def cnt(pred):
    return sum(1 for c in cs if pred(c))
rows = [
 ("total", n),
 ("P0", cnt(lambda c: has(c, "P0"))),
 ("plain reads (tag plain)", cnt(lambda c: has(c, "plain"))),
 ("plain reads that are also P0 (scored identifiers/negation/comparison)", cnt(lambda c: has(c, "plain") and has(c, "P0"))),
 ("writes, clear (continue, operation)", cnt(lambda c: has(c, "write-clear"))),
 ("writes, must clarify", cnt(lambda c: has(c, "write-clarify"))),
 ("other cases involving a write (self-repair/coref/long/injection/negated write)", cnt(lambda c: not has(c,"write-clear") and not has(c,"write-clarify") and (has(c,"write") or has(c,"write-adjacent")))),
 ("prompt injection", cnt(lambda c: has(c, "injection"))),
 ("benign look-alikes (attack-like words, quoted system text)", cnt(lambda c: has(c, "lookalike") and has(c, "benign"))),
 ("cue words inside other words", cnt(lambda c: has(c, "cue-in-word"))),
 ("identifier look-alikes / malformed / spoken ids", cnt(lambda c: any(has(c,t) for t in ("lookalike-id","lookalike","malformed","spoken-id","unknown","bare-number")) and not has(c,"benign"))),
 ("negation or A-not-A (tag negation/anota)", cnt(lambda c: has(c, "negation") or has(c, "anota"))),
 ("comparison / range / exception", cnt(lambda c: any(has(c,t) for t in ("comparison","range","exception","compare")))),
 ("self-repair", cnt(lambda c: has(c, "self-repair"))),
 ("chit-chat / non-data", cnt(lambda c: has(c, "chitchat"))),
 ("empty input", cnt(lambda c: has(c, "empty"))),
 ("long inputs (>500 cp) ", cnt(lambda c: len(c["rawText"]) > 500)),
 ("  of which > 4000 cp", cnt(lambda c: len(c["rawText"]) > 4000)),
 ("coreference (intra + boundedContext)", cnt(lambda c: has(c, "coref"))),
 ("  with boundedContext", cnt(lambda c: "boundedContext" in c)),
 ("cross-domain", cnt(lambda c: c["domainSlice"] == "cross")),
]
for a, b in rows:
    print(f"| {a} | {b} |")
print()
for key, f in [("decision (first preferred)", lambda c: "/".join(c["expect"]["decision"])),
               ("expected template", lambda c: repr(c["expect"]["template"]) if "template" in c["expect"] else "(not scored)"),
               ("expected domain", lambda c: repr(c["expect"]["domain"]) if "domain" in c["expect"] else "(not scored)"),
               ("domainSlice", lambda c: c["domainSlice"]), ("sourceType", lambda c: c["sourceType"])]:
    print(f"**{key}**:", ", ".join(f"{k} {v}" for k, v in C.Counter(map(f, cs)).most_common()))
print()
tpl_dom = C.Counter((c["expect"].get("template", "-"), c["expect"].get("domain", "-")) for c in cs if "template" in c["expect"])
print("**template x domain**:", ", ".join(f"{t}+{d} {v}" for (t, d), v in sorted(tpl_dom.items(), key=str)))

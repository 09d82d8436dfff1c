import json, collections, sys
cs = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]
def tab(title, cnt):
    print(f"\n{title}\n| value | cases |\n|---|---|")
    for k, v in sorted(cnt.items(), key=lambda x: (-x[1], str(x[0]))): print(f"| {k} | {v} |")
print("total", len(cs), "P0", sum("P0" in c["tags"] for c in cs))
tab("sourceType", collections.Counter(c["sourceType"] for c in cs))
tab("domainSlice", collections.Counter(c["domainSlice"] for c in cs))
tab("expected template (where stated; `(open)` = not scored)", collections.Counter(
    (c["expect"]["template"] if c["expect"]["template"] is not None else "null") if "template" in c["expect"] else "(open)" for c in cs))
tab("expected domain (where stated)", collections.Counter(
    (str(c["expect"]["domain"]) if "domain" in c["expect"] else "(open)") for c in cs))
tab("decision list", collections.Counter("/".join(c["expect"]["decision"]) for c in cs))
tab("clarifyReason (each listed reason)", collections.Counter(r for c in cs for r in c["expect"].get("clarifyReason", [])))
tab("tags", collections.Counter(t for c in cs for t in c["tags"]))
tab("sourceType x domainSlice", collections.Counter(f'{c["sourceType"]} x {c["domainSlice"]}' for c in cs))
print("\nlong (>500 cp):", sum(len(c["rawText"]) > 500 for c in cs), " over 4000:", sum(len(c["rawText"]) > 4000 for c in cs))
print("with entities:", sum("entities" in c["expect"] for c in cs), " relations:", sum("relations" in c["expect"] for c in cs),
      " frames:", sum("frames" in c["expect"] for c in cs), " corefs:", sum("coreferences" in c["expect"] for c in cs),
      " corrections:", sum("corrections" in c["expect"] for c in cs), " mustNotContain:", sum("mustNotContain" in c["expect"] for c in cs),
      " boundedContext:", sum(bool(c.get("boundedContext")) for c in cs))

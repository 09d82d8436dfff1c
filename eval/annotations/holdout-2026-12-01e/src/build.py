"""Build /work/blind5/holdout-2026-12-01e.jsonl from the hand-written case files."""
import json, re, sys, os
sys.path.insert(0, os.path.dirname(__file__))
import common
import cases_plain, cases_plain2, cases_write, cases_risky, cases_more, cases_long  # noqa: F401  (register cases)

ID_RE = re.compile(r"(AGV-\d{2,3}|(HXD\d[A-Z]?|HXN\d|DF\d{1,2}[A-Z]?|SS\d[A-Z]?)-\d{4}|T-\d{10}|WO-\d{8}|ST-\d{2,3})")
out = []
for i, c in enumerate(common.CASES, 1):
    tags = c.get("tags", [])
    # a plain read whose identifiers are scored as mustKeep is a protected-fact case (design 15.3: 100 %)
    if "plain" in tags and any(ID_RE.fullmatch(x) for x in c["expect"].get("mustKeep", [])):
        for t in ("identifier", "P0"):
            if t not in tags:
                tags.append(t)
        c["tags"] = tags
    if tags:
        c["tags"] = list(dict.fromkeys(tags))
    case = {"caseId": f"hd5-{i:04d}"}
    case.update(c)
    out.append(case)
path = "/work/blind5/holdout-2026-12-01e.jsonl"
with open(path, "w", encoding="utf-8") as f:
    for case in out:
        f.write(json.dumps(case, ensure_ascii=False) + "\n")
print(len(out), "cases ->", path)

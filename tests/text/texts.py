"""Texts for the speed forms' equality tests (issue 28): every string of the rule corpora
(`lexicons/corpora/`), every goldset's raw text, the benchmark corpus, and the shared real
text when it is on this machine (`every`-th row of each part)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[2]


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, list):
        for x in node:
            yield from _strings(x)
    elif isinstance(node, dict):
        if isinstance(node.get("text"), str):
            yield node["text"]
        for k in ("positive", "negative", "cases"):
            if k in node:
                yield from _strings(node[k])


def corpus_texts() -> list[str]:
    out: list[str] = []
    for path in sorted((ROOT / "lexicons" / "corpora").glob("*.json")):
        data = json.loads(path.read_text("utf-8"))
        for k in ("positive", "negative"):
            out.extend(_strings(data.get(k, [])))
    for path in sorted((ROOT / "goldsets").glob("*.jsonl")):
        out.extend(json.loads(line)["rawText"] for line in path.read_text("utf-8").splitlines() if line.strip())
    from nlu.bench.corpus import generate

    out.extend(u.text for u in generate(1500, 0))
    return list(dict.fromkeys(out))


def real_texts(every: int = 1) -> list[str]:
    """The real sentences (empty when the material is not on this machine)."""
    from nlu.evaluation.realtext import external_dir

    d = external_dir()
    if d is None:
        return []
    out: list[str] = []
    for name, fields in (("correct.jsonl", ("text",)), ("csc_pairs.jsonl", ("wrong", "right")),
                         ("domain_ids.jsonl", ("text",))):
        rows = [json.loads(x) for x in (d / name).read_text("utf-8").splitlines() if x.strip()][::every]
        out.extend(r[f] for r in rows for f in fields)
    return out

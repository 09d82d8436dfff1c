"""Reading the rule-family corpora (`lexicons/corpora/<stage>.<rule>.json`, schema
`lexicons/schemas/corpus.schema.json`). The harness that runs them is `tests/test_corpora.py`;
tests that only need their texts (fast path = reference checks) read them from here."""
from __future__ import annotations

import functools
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPORA = ROOT / "lexicons" / "corpora"
SCHEMA = ROOT / "lexicons" / "schemas" / "corpus.schema.json"
SIDES = ("positive", "negative", "knownGaps")


@functools.cache
def load(name: str) -> dict:
    """The corpus `name` (its rule, the file stem)."""
    return json.loads((CORPORA / f"{name}.json").read_text("utf-8"))


def names(pattern: str = "*") -> list[str]:
    return [p.stem for p in sorted(CORPORA.glob(f"{pattern}.json"))]


def cases(name: str, *sides: str) -> list[dict]:
    doc = load(name)
    return [c for side in (sides or SIDES) for c in doc.get(side, [])]


def texts(pattern: str = "*", *sides: str) -> list[str]:
    """Every case text of the corpora matching `pattern` (a glob on the stem)."""
    return [c["text"] for n in names(pattern) for c in cases(n, *sides)]

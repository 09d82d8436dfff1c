"""Uses of a write verb that order nothing (lexicons/write_constructions.json).

A write verb in `没有取消成功吗`, `待验收`, `安排在什么时候` or `会自动回去充电` asks about or
describes a state; it opens no write frame. Each use is a named rule whose regex holds `{V}`
where the verb stands; the verb must sit exactly there. Rules are compiled per verb on first
use and remembered (a pack has about fifty write verbs).
"""
from __future__ import annotations

import re
from functools import lru_cache

from nlu.semantics import cues
from nlu.semantics.view import SentenceView, Word


@lru_cache(maxsize=1)
def _rules() -> tuple[dict, ...]:
    from nlu.lexicon import load_data_file

    return tuple(load_data_file("write_constructions.json")["rules"])


def load_rules() -> None:
    """Read and check the rule file now (stage construction), not inside a request."""
    _rules()


@lru_cache(maxsize=512)
def _compiled(rule_index: int, verb: str) -> re.Pattern | None:
    rule = _rules()[rule_index]
    if "verbs" in rule and verb not in rule["verbs"]:
        return None
    return re.compile(rule["regex"].replace("{V}", f"(?P<v>{re.escape(verb)})"))


def state_use(view: SentenceView, a: Word) -> str | None:
    """The name of the rule by which write verb `a` orders nothing, or None (it is an order)."""
    lo, hi = view.clause_span(a.c0)
    question = any(w.kind == cues.QUESTION for w in view.cues)
    window = view.text[max(0, lo - 0):hi]
    for i, rule in enumerate(_rules()):
        if rule.get("question") and not question:
            continue
        pattern = _compiled(i, a.text)
        if pattern is None:
            continue
        for m in pattern.finditer(window):
            if lo + m.start("v") == a.c0 and lo + m.end("v") == a.c1:
                return rule["name"]
    return None

"""Uses of a write verb that order nothing (lexicons/write_constructions.json).

A write verb in `没有取消成功吗`, `待验收`, `安排在什么时候` or `会自动回去充电` asks about or
describes a state; it opens no write frame. Each use is a named rule whose regex holds `{V}`
where the verb stands; the verb must sit exactly there. Rules are compiled per verb on first
use and remembered (a pack has about fifty write verbs).

A write verb said again right after itself with only fillers between (取消 嗯 取消掉, 删除，
呃，删掉) is the same order repeated (`echo_of`), not a second write without an object.
"""
from __future__ import annotations

import re
from functools import lru_cache

from nlu import warm_cache
from nlu.semantics import cues
from nlu.semantics.view import SentenceView, Word
from nlu.text.first_chars import required_chars


_REACH = 40  # code points a rule may read before and after the verb (longest prefix/suffix ≈ 12)


@lru_cache(maxsize=1)
def _rules() -> tuple[dict, ...]:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    return tuple(load_data_file("write_constructions.json")["rules"])


@lru_cache(maxsize=1)
def _fillers() -> tuple[str, ...]:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon import load_data_file

    # the fillers a speaker puts between two words of one phrase (write_safety.json, also read
    # by nlu.semantics.write_risk between two objects), longest first
    return tuple(sorted(load_data_file("write_safety.json")["objectFillers"], key=len, reverse=True))


def load_rules() -> None:
    """Read and check the rule files now (stage construction), not inside a request."""
    _rules()
    _fillers()


def compile_for(verbs) -> None:  # noqa: ANN001 - an iterable of write verbs
    """Compile the rules of these verbs now (warm-up): a verb's first use compiles its two
    dozen patterns, ~15 ms, which a request should not pay."""
    for verb in verbs:
        _rules_for(verb)


_ECHO_GAP = 24  # code points between a verb and its repetition: fillers, pauses, the verb's object


def echo_of(view: SentenceView, a: Word) -> Word | None:
    """The write verb `a` repeats (取消 嗯 取消掉: the earlier 取消), or None: the word before it
    is a write word of the same class and first character (删除 … 删掉), with only fillers,
    spaces, pauses and that verb's object between them."""
    if len(view.actions) < 2:
        return None  # nothing said before it to repeat (most turns)
    # the write word ending last before `a` (of two starting together, 删除 not 删)
    prev = max((w for w in view.actions if w.c1 <= a.c0 and a.c0 - w.c1 <= _ECHO_GAP),
               key=lambda w: (w.c1, w.c1 - w.c0), default=None)
    if prev is None or not getattr(prev.data, "write", False) or a.c0 - prev.c1 > _ECHO_GAP:
        return None
    if prev.text[:1] != a.text[:1] or getattr(prev.data, "action_class", None) != getattr(a.data, "action_class", None):
        return None  # 删除 … 删掉 is one verb said twice; 取消 … 删除 are two
    text = view.text
    inside = [m for m in view.mentions if prev.c1 <= m.c0 and m.c1 <= a.c0]
    if inside:
        # 删除 WO-… ，呃，删掉: the first verb's object between them — only when the repetition
        # has no object of its own (删除 WO-…01，嗯，删除 WO-…02 are two objects)
        _lo, hi = view.clause_span(a.c0)
        if any(a.c1 <= m.c0 < hi for m in view.mentions):
            return None
    chars = list(text[prev.c1:a.c0])
    for m in inside:
        chars[m.c0 - prev.c1:m.c1 - prev.c1] = [" "] * (m.c1 - m.c0)
    gap = "".join(ch for ch in chars if ch.isalnum())
    for f in _fillers():
        gap = gap.replace(f, "")
    return prev if not gap else None


@lru_cache(maxsize=1024)
def _compiled(rule_index: int, verb: str) -> tuple[re.Pattern, bool, tuple[frozenset[str], ...]] | None:
    """The rule's pattern for `verb`, whether it opens with the verb (then one anchored match
    at the verb answers it, no scan of the window), and the character sets a match needs one
    character of each of besides the verb's own (`nlu.text.first_chars.required_chars`): a
    window that misses one cannot hold a match, and most windows miss one of most rules."""
    rule = _rules()[rule_index]
    if "verbs" in rule and verb not in rule["verbs"]:
        return None
    pattern = warm_cache.compile(rule["regex"].replace("{V}", f"(?P<v>{re.escape(verb)})"))
    needs = tuple(n for n in required_chars(pattern) or () if n.isdisjoint(verb))
    return pattern, rule["regex"].startswith("{V}"), needs


def state_use(view: SentenceView, a: Word) -> str | None:
    """The name of the rule by which write verb `a` orders nothing, or None (it is an order)."""
    lo, hi = view.clause_span(a.c0)
    question = view.has_cue(cues.QUESTION)
    # The rules are local (a bounded prefix and suffix around {V}, no anchors), so a bounded
    # window around the verb finds every match that puts {V} on it: a copy and search of the
    # whole clause per verb would be quadratic in the clause.
    lo = max(lo, a.c0 - _REACH)
    end = min(hi, a.c1 + _REACH)
    window = None
    missed = frozenset(view.text[lo:end]).isdisjoint  # every match lies inside [lo, end)
    for name, asks, pattern, opens_with_verb, needs in _rules_for(a.text):
        if (asks and not question) or (needs and any(map(missed, needs))):
            continue
        if opens_with_verb:  # the same window, the match tried only where the verb stands
            m = pattern.match(view.text, a.c0, end)
            if m is not None and m.end("v") == a.c1:
                return name
            continue
        if window is None:
            window = view.text[lo:end]
        for m in pattern.finditer(window):
            if lo + m.start("v") == a.c0 and lo + m.end("v") == a.c1:
                return name
    return None


@lru_cache(maxsize=256)
def _rules_for(verb: str) -> tuple[tuple[str, bool, re.Pattern, bool, tuple[frozenset[str], ...]], ...]:
    """The rules that apply to `verb`, in order: (name, asks a question only, pattern, opens
    with the verb, needed characters) — `_compiled` per rule, gathered once per verb."""
    out = []
    for i, rule in enumerate(_rules()):
        got = _compiled(i, verb)
        if got is not None:
            out.append((rule["name"], bool(rule.get("question")), *got))
    return tuple(out)


def state_use_reference(view: SentenceView, a: Word) -> str | None:
    """The plain form of `state_use` (every rule scanned over the window), kept to test the
    anchored shortcut against."""
    lo, hi = view.clause_span(a.c0)
    question = view.has_cue(cues.QUESTION)
    lo = max(lo, a.c0 - _REACH)
    window = view.text[lo:min(hi, a.c1 + _REACH)]
    for i, rule in enumerate(_rules()):
        got = _compiled(i, a.text)
        if (rule.get("question") and not question) or got is None:
            continue
        for m in got[0].finditer(window):
            if lo + m.start("v") == a.c0 and lo + m.end("v") == a.c1:
                return rule["name"]
    return None

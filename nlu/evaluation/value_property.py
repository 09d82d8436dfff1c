"""The whole-or-unresolved property of the value grammar (issue 27), for tests and eval.

A value expression (numeral, decimal, amount, quantity with a unit, date) is read alone,
then again with one character the grammar does not know appended or inserted (after it,
inside a Chinese numeral run, between the number and its unit). Every value read over the
expression must then be the same value with the same span, or no value (unresolved):
anything else is a *partial read*. The readers are called directly (``find_amounts_and_quantities``,
``find_times``), the way ``protect`` calls them.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

__all__ = ["unknown_characters", "expressions", "partial_read", "generate"]

_DIGITS = "零一二三四五六七八九"
from datetime import datetime

_REF = datetime.fromisoformat("2026-12-07T10:00:00+08:00")
_UNITS = ["公里", "台", "吨", "千克", "米", "辆", "%", "度"]


def _cn(n: int) -> str:
    """A Chinese numeral for 0 <= n < 100000 (十 alone for 10-19)."""
    if n == 0:
        return "零"
    out, zero = "", False
    for v, u in ((10000, "万"), (1000, "千"), (100, "百"), (10, "十"), (1, "")):
        d, n = divmod(n, v)
        if d:
            if zero:
                out += "零"
            out += ("" if (v == 10 and d == 1 and not out) else _DIGITS[d]) + u
            zero = False
        elif out:
            zero = True
    return out


@lru_cache(maxsize=1)
def unknown_characters() -> tuple[str, ...]:
    """Han characters in no value vocabulary file of the pack, Latin letters and symbols."""
    from nlu.lexicon.loader import shipped_root

    root = shipped_root()
    known = set()
    for name in ("values.json", "units.json", "time_words.json", "number_context.json"):
        known |= set(json.dumps(json.loads((root / name).read_text("utf-8")), ensure_ascii=False))
    han = [chr(c) for c in range(0x4E00, 0x9FA6) if chr(c) not in known]
    return tuple(han[::7]) + tuple("ABCXYZabxyz#@&*^|")  # (~ joins a range: a word of the grammar)


def expressions(rng: random.Random) -> tuple[str, list[int]]:
    """One generated expression and the positions where a character may be inserted."""
    kind = rng.randrange(6)
    n = rng.randrange(1, 99999)
    if kind == 0:  # Chinese numeral with a unit
        s, u = _cn(n), rng.choice(_UNITS)
        return s + u, [len(s)] + [i for i in range(1, len(s))]
    if kind == 1:  # Arabic with a unit
        s, u = str(n), rng.choice(_UNITS)
        return s + u, [len(s)]
    if kind == 2:  # decimal
        s = f"{n}.{rng.randrange(1, 99)}"
        return s + "米", [len(s), s.index(".") + 1]
    if kind == 3:  # amount
        s = rng.choice([f"{_cn(n)}元", f"{n}元", f"{_cn(n % 100 or 5)}块{_DIGITS[rng.randrange(1, 10)]}"])
        return s, [i for i in range(1, len(s)) if s[i - 1] in _DIGITS + "十百千万" and s[i] in _DIGITS + "十百千万"]
    if kind == 4:  # date
        return f"{rng.randrange(1, 13)}月{rng.randrange(1, 29)}日", []
    s = _cn(n)  # a bare Chinese numeral
    return s, list(range(1, len(s)))


def _values(text: str) -> list[tuple[int, int, str | None]]:
    from nlu.values.quantities import find_amounts_and_quantities
    from nlu.values.times import find_times

    times = find_times(text, _REF)
    spans = [(t.start, t.end) for t in times]
    out = [(t.start, t.end, t.canonical_value) for t in times]
    out += [(v.start, v.end, v.canonical_value) for v in find_amounts_and_quantities(text, blocked=spans)
            if v.kind != "index"]
    return out


def partial_read(expr: str, at: int, ch: str) -> tuple | None:
    """None when the property holds for `ch` inserted into `expr` at `at` (at == len: appended);
    else (text, what was read alone, what was read with the character)."""
    base = {(s, e): v for s, e, v in _values(expr) if v is not None}
    text = expr[:at] + ch + expr[at:]
    for s, e, v in _values(text):
        if v is None or s >= len(expr) + 1:
            continue
        if at == len(expr) and e <= len(expr) and base.get((s, e)) == v:
            continue  # appended: the same value with the same span
        if at < len(expr) and (e <= at and base.get((s, e)) == v or s > at and base.get((s - 1, e - 1)) == v):
            continue  # (a value wholly before or after the inserted character, unchanged)
        return text, base, (s, e, v)
    return None


def generate(n: int, seed: int = 27):
    """`n` cases: (expression, position, character)."""
    rng = random.Random(seed)
    chars = unknown_characters()
    for _ in range(n):
        expr, inside = expressions(rng)
        at = len(expr) if not inside or rng.random() < 0.4 else rng.choice(inside)
        yield expr, at, rng.choice(chars)

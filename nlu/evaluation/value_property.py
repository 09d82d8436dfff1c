"""The whole-or-unresolved property of the value grammar (issue 27), for tests and eval.

A value expression (numeral, decimal, amount, quantity with a unit, date; traditional script,
廿 / 卅 / 卌, foreign currencies before or after the number, a day after a relative month, metric
prefixes and units outside the default pack, mixed Arabic and Chinese digits) is read alone,
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
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.lexicon.loader import shipped_root

    root = shipped_root()
    known = set()
    for name in ("values.json", "units.json", "time_words.json", "number_context.json"):
        known |= set(json.dumps(json.loads((root / name).read_text("utf-8")), ensure_ascii=False))
    han = [chr(c) for c in range(0x4E00, 0x9FA6) if chr(c) not in known]
    return tuple(han[::7]) + tuple("ABCXYZabxyz#@&*^|")  # (~ joins a range: a word of the grammar)


_TRAD = str.maketrans({"万": "萬", "点": "點", "两": "兩", "个": "個"})
_FOREIGN = ["美元", "日元", "欧元", "港币", "英镑", "韩元", "人民币"]
_PREFIXED = ["千伏", "兆帕", "千帕", "毫安", "兆瓦", "伏特", "安培", "分贝"]
_REL_MONTHS = ["下个月", "下月", "上个月", "本月", "这个月", "下下个月", "下個月", "上個月"]


def _tens(n: int) -> str:
    """廿 / 卅 / 卌 for 二十 / 三十 / 四十 in a Chinese numeral (一百廿五, 卅二)."""
    return _cn(n).replace("二十", "廿").replace("三十", "卅").replace("四十", "卌")


def _numeral_gaps(s: str) -> list[int]:
    """Positions between two numeral characters of `s` (where an inserted character splits a
    number); not between two Arabic digits: a character there stands between two numbers as
    often as inside one (15楼3台, 1注1000万元), as in the Arabic kinds above."""
    cn = _DIGITS + "十百千万萬廿卅卌點点.0123456789"
    return [i for i in range(1, len(s)) if s[i - 1] in cn and s[i] in cn and not (s[i - 1].isdigit() and s[i].isdigit())]


def expressions(rng: random.Random) -> tuple[str, list[int]]:
    """One generated expression and the positions where a character may be inserted."""
    kind = rng.randrange(12)
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
    if kind == 6:  # traditional script: 萬, 點, 兩, 個
        s = rng.choice([f"{_cn(n)}{rng.choice(_UNITS)}", f"{_cn(n % 100 or 3)}点{_DIGITS[rng.randrange(1, 10)]}公里",
                        f"两万{_cn(n % 1000 or 5)}", f"{_cn(n % 100 or 7)}个"]).translate(_TRAD)
        return s, _numeral_gaps(s) + [len(s)]
    if kind == 7:  # a foreign currency before or after the number, 元 after a name before it
        cur, v = rng.choice(_FOREIGN), rng.choice([str(n), _cn(n)])
        s = rng.choice([f"{v}{cur}", f"{cur}{v}", f"{cur}{v}元"])
        return s, _numeral_gaps(s)
    if kind == 8:  # a day after a relative month (廿 / 卅, with or without 号)
        day = rng.randrange(1, 32)
        d = rng.choice([str(day), _cn(day), _tens(day)])
        s = f"{rng.choice(_REL_MONTHS)}{d}{rng.choice(['号', '日', '號', ''])}"
        return s, _numeral_gaps(s)
    if kind == 9:  # a metric prefix with its unit, or a unit outside the default pack
        s = f"{rng.choice([str(n % 1000), f'{n % 100}.{rng.randrange(1, 10)}', _cn(n % 1000 or 2)])}{rng.choice(_PREFIXED)}"
        return s, _numeral_gaps(s) + [len(s)]
    if kind == 10:  # mixed Arabic and Chinese: 2.5万元, 3千5百台, 1万2千
        a, b = rng.randrange(1, 10), rng.randrange(1, 10)
        s = rng.choice([f"{a}.{b}万元", f"{a}千{b}百台", f"{a}万{b}千", f"{a}.{b}亿"])
        return s, _numeral_gaps(s) + [len(s)]
    if kind == 11:  # 廿 / 卅 / 卌 inside a numeral, 块…零X
        s = rng.choice([f"{_tens(n % 1000 or 21)}{rng.choice(['台', '元', '个'])}",
                        f"{_cn(n % 100 or 5)}块零{_DIGITS[rng.randrange(1, 10)]}"])
        return s, _numeral_gaps(s) + [len(s)]
    s = _cn(n)  # a bare Chinese numeral
    return s, list(range(1, len(s)))


def _values(text: str) -> list[tuple[int, int, str | None]]:
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.values.quantities import find_amounts_and_quantities
    # lazy: only this path needs it, keeps import light; breaks no cycle
    from nlu.values.times import find_times

    times = find_times(text, _REF)
    spans = [(t.start, t.end) for t in times]
    out = [(t.start, t.end, t.canonical_value) for t in times]
    out += [(v.start, v.end, v.canonical_value) for v in find_amounts_and_quantities(text, blocked=spans, times=spans)
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

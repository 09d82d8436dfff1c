"""Amounts (money), quantities (number + unit) and bare numbers.

``find_amounts_and_quantities(text, units=..., currency_words=..., blocked=...)`` scans a
cleaned string and returns non-overlapping :class:`ValueMatch` objects in text order.

* amount: numeral + currency word (元/块/块钱/万元/圆/CNY/人民币/RMB …) or ``¥`` prefix
  -> ``"35000 CNY"``; a currency word that carries a multiplier (万元, 亿元, 千元) scales.
* quantity: numeral + unit (longest unit wins) -> ``"3 台"``; ``20%`` / ``百分之二十`` -> ``"20 %"``.
* number: a numeral with neither -> ``"5"``.
* index: a number that counts nothing — an indefinite article (新建一个任务, 放一张表), an
  ordinal (第 1 页) or a row/list number at the start of a line (``1 HXD1-0001 C4``). It is
  still a number the user wrote (protected), but not a quantity entity.

Blocked spans are masked before scanning so no match can overlap them. A numeral glued to
ASCII letters, ``-``/``_``/``.`` or to a masked span (``AGV-O1``, ``X3``), or that is part of a
date/clock shape (``2026-03-05``, ``15:30``), is not reported.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Iterable, Literal, NamedTuple, Sequence

from .numerals import NUMERAL_RE, format_decimal, parse_number

__all__ = [
    "ValueMatch",
    "DEFAULT_UNITS",
    "DEFAULT_CURRENCY_WORDS",
    "find_amounts_and_quantities",
    "mask_blocked",
]

DEFAULT_CURRENCY_WORDS: tuple[str, ...] = (
    "块钱", "元钱", "元", "块", "圆", "人民币", "CNY", "RMB", "万元", "亿元", "千元", "百元",
)
DEFAULT_UNITS: tuple[str, ...] = (
    "台", "辆", "张", "个", "次", "小时", "分钟", "秒", "天", "周", "个月", "件", "条", "项",
    "趟", "单", "人", "名", "位", "列", "节", "组", "批", "套", "公里", "千米", "米", "km", "吨",
    "公斤", "kg", "箱", "托", "度", "%", "‰",
)
_CURRENCY_MULT = {"万": Decimal(10_000), "亿": Decimal(100_000_000), "千": Decimal(1000), "百": Decimal(100)}
_PERCENT_RE = re.compile(r"百分之")
_MASK = "\x00"
_GLUE_BEFORE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.\x00")
_GLUE_AFTER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_\x00")
_DATE_SEP = frozenset("-/:")
_TIME_AFTER = frozenset("年月日号点时")  # owned by the time scanner


# 一 + one of these generic classifiers reads as "a/an", not as a count, unless a word
# before it says a count is meant (只要一个, 至少一张, 共一条).
_ARTICLE_CLASSIFIERS = frozenset("个张条份项件")
_COUNT_CUES = ("只", "仅", "只要", "只需", "仅需", "共", "总共", "一共", "至少", "最多", "不少于", "不超过", "超过", "低于", "少于", "多于", "剩", "还有", "就")
_LINE_START = frozenset("\n\r")
_INDEX_AFTER = frozenset(" \t、.)）")


class ValueMatch(NamedTuple):  # immutable; cheaper to build than a frozen dataclass
    start: int
    end: int
    kind: Literal["amount", "quantity", "number", "index"]
    text: str
    value: Decimal | None
    unit: str | None
    canonical_value: str | None


def mask_blocked(text: str, blocked: Sequence[tuple[int, int]]) -> str:
    """Replace every blocked code point by NUL so scanners cannot match into it."""
    if not blocked:
        return text
    n = len(text)
    pieces: list[str] = []
    pos = 0  # everything before pos is emitted
    for a, b in sorted(blocked):
        if a < pos:
            a = pos
        if b > n:
            b = n
        if a < b:
            pieces.append(text[pos:a])
            pieces.append(_MASK * (b - a))
            pos = b
    pieces.append(text[pos:])
    return "".join(pieces)


def _overlaps(a: int, b: int, blocked: Sequence[tuple[int, int]]) -> bool:
    return any(a < be and bs < b for bs, be in blocked)


class _Words(NamedTuple):
    pattern: re.Pattern[str]  # one of the words, after an optional space
    first: frozenset[str]  # the characters such a match can begin with


_WORD_CACHE: dict[tuple[str, ...], _Words] = {}


# by id() of a tuple a caller passed, with the tuple itself (so a recycled id never matches)
_WORDS_SEEN: dict[int, tuple[tuple[str, ...], _Words]] = {}


_COUNTED_BY: dict[tuple[int, int], frozenset[str]] = {}


def _words_re(words: Iterable[str]) -> _Words:
    # A pack passes the same tuple on every call: look it up by identity before hashing or
    # sorting it (a tuple does not keep its hash; a unit list is dozens of words).
    given = words if isinstance(words, tuple) else None
    if given is not None:
        seen = _WORDS_SEEN.get(id(given))
        if seen is not None and seen[0] is given:
            return seen[1]
    key = tuple(sorted(set(words), key=lambda w: (-len(w), w)))
    found = _WORD_CACHE.get(key)
    if found is None:
        pat = re.compile(" ?(?:" + "|".join(re.escape(w) for w in key if w) + ")") if key else re.compile(r"(?!)")
        found = _WORD_CACHE[key] = _Words(pat, frozenset(" ") | {w[0] for w in key if w})
    if given is not None and len(_WORDS_SEEN) < 64:
        _WORDS_SEEN[id(given)] = (given, found)
    return found


def _currency_sign_before(masked: str, start: int) -> int | None:
    """Where a ¥ written right before the number (one space between allowed) begins."""
    if start >= 1 and masked[start - 1] in "¥￥":
        return start - 1
    if start >= 2 and masked[start - 1] == " " and masked[start - 2] in "¥￥":
        return start - 2
    return None


def _longest_number(masked: str, start: int, end: int) -> tuple[int, Decimal] | None:
    """Longest prefix of masked[start:end] that parses as a number -> (end, value)."""
    e = end
    while e > start:
        v = parse_number(masked[start:e])
        if v is not None:
            return e, v
        e -= 1
    return None


def find_amounts_and_quantities(
    text: str,
    *,
    units: Iterable[str] = DEFAULT_UNITS,
    currency_words: Iterable[str] = DEFAULT_CURRENCY_WORDS,
    blocked: Sequence[tuple[int, int]] = (),
) -> list[ValueMatch]:
    masked = mask_blocked(text, blocked)
    currency, unit_words = _words_re(currency_words), _words_re(units)
    cur_re, unit_re = currency.pattern, unit_words.pattern
    # what may follow a number to make it an amount or a quantity
    counted_by = _COUNTED_BY.get((id(currency), id(unit_words)))
    if counted_by is None:  # (both _Words live in the caches above, so their ids are stable)
        counted_by = _COUNTED_BY[(id(currency), id(unit_words))] = currency.first | unit_words.first
    n = len(masked)
    out: list[ValueMatch] = []
    pos = 0
    for m in NUMERAL_RE.finditer(masked):
        s, e = m.start(), m.end()
        if s < pos:
            continue
        percent = False
        if s >= 3 and masked[s - 3:s] == "百分之":
            percent = True
            ns = s - 3
        else:
            ns = s
            # A lone Chinese digit (一下, 十分) is a word unless a unit, a currency word or a
            # ¥ makes it a count (一个, 一元): the usual case, settled before any parsing.
            if e - s == 1 and not masked[s].isdigit() and (e == n or masked[e] not in counted_by) \
                    and _currency_sign_before(masked, s) is None:
                continue
        got = _longest_number(masked, s, e)
        if got is None:
            continue
        e, value = got
        # glue checks: identifiers, codes, dates and clocks are not quantities
        prev = masked[ns - 1] if ns > 0 else ""
        nxt = masked[e] if e < n else ""
        if prev in _GLUE_BEFORE:
            continue
        if nxt in _DATE_SEP and e + 1 < n and masked[e + 1].isdigit():
            continue
        if prev in _DATE_SEP and ns >= 2 and masked[ns - 2].isdigit():
            continue
        if prev.isdigit():
            continue
        kind: str = "number"
        unit: str | None = None
        end = e
        if percent:
            kind, unit = "quantity", "%"
        else:
            cm = cur_re.match(masked, e)
            if cm:
                word = cm.group().lstrip(" ")
                mult = _CURRENCY_MULT.get(word[0]) if len(word) > 1 and word[0] in _CURRENCY_MULT else None
                if mult is not None:
                    value = value * mult
                kind, unit, end = "amount", "CNY", cm.end()
            else:
                um = unit_re.match(masked, e)
                if um:
                    word = um.group().lstrip(" ")
                    kind, unit, end = "quantity", word, um.end()
                elif (sign := _currency_sign_before(masked, ns)) is not None:
                    ns = sign
                    kind, unit = "amount", "CNY"
        if kind == "number":
            if nxt and (nxt in _GLUE_AFTER or nxt in _TIME_AFTER):
                continue
            raw = masked[ns:end]
            if not raw[0].isdigit() and len(raw) < 2:
                continue  # a lone Chinese digit (一下, 十分) is a word, not a number
        if kind == "quantity" and unit and unit[-1:].isascii() and unit[-1:].isalpha():
            if end < n and masked[end] in _GLUE_AFTER:
                continue
        if blocked and _overlaps(ns, end, blocked):  # defensive: masking already prevents this
            continue
        if _is_index(masked, ns, end, kind, unit):
            kind = "index"
        num = format_decimal(value)
        if kind == "amount":
            canon = f"{num} CNY"
        elif unit:
            canon = f"{num} {unit}"
        else:
            canon = num
        out.append(ValueMatch(ns, end, kind, text[ns:end], value, unit, canon))  # type: ignore[arg-type]
        pos = end
    return out


def _is_index(masked: str, start: int, end: int, kind: str, unit: str | None) -> bool:
    """A numeral that orders or introduces rather than counts (see the module docstring)."""
    if kind == "amount" or masked[start:start + 3] == "百分之":
        return False
    before = masked[max(0, start - 4):start].rstrip(" ")
    if before.endswith("第"):
        return True
    if kind == "quantity" and unit in _ARTICLE_CLASSIFIERS and masked[start:end].rstrip(unit).strip() == "一":
        return not before.endswith(_COUNT_CUES)
    if kind == "number":
        at_line_start = start == 0 or masked[start - 1] in _LINE_START
        return at_line_start and end < len(masked) and masked[end] in _INDEX_AFTER and "\n" in masked
    return False

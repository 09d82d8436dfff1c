"""Amounts (money), quantities (number + unit) and bare numbers.

``find_amounts_and_quantities(text, units=..., currency_words=..., blocked=...)`` scans a
cleaned string and returns non-overlapping :class:`ValueMatch` objects in text order. One
regex pass (`RUN_RE`) finds each numeral phrase — an optional sign, numeral pieces joined by
分之 / 又 / spaces next to a Chinese numeral — and `read_run` reads it whole, or not at all:
a phrase it cannot read with certainty is still reported (its text is protected) with
``value`` and ``canonical_value`` None, never with the value of a part of it.

* amount: numeral + currency word (元/块/块钱/万元/圆/CNY/人民币/RMB …) or ``¥`` prefix
  -> ``"35000 CNY"``; a currency word that carries a multiplier (万元, 亿元, 千元) scales;
  角/毛/分 after 元/块 add to it (``二十块五毛`` -> ``"20.5 CNY"``); a foreign currency named
  before or after the number gives its ISO code (``港币一千二百元`` -> ``"1200 HKD"``), an
  uncertain one no value.
* quantity: numeral + unit (longest unit wins; a multiplier that opens a unit word is the
  unit's: ``1.5千克`` -> ``"1.5 千克"``; ``一吨半`` -> ``"1.5 吨"``) -> ``"3 台"``; ``20%`` /
  ``百分之二十`` -> ``"20 %"``; fractions ``五分之一`` -> ``"0.2"`` when finite.
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
import threading
from decimal import Decimal
from functools import lru_cache
from types import SimpleNamespace
from typing import Iterable, Literal, NamedTuple, Sequence

from .numerals import finite_quotient, format_decimal, numeral_grammar_of
from .vocabulary import PerRoot, ValueVocabulary, vocabulary

__all__ = [
    "ValueMatch",
    "DEFAULT_UNITS",
    "DEFAULT_CURRENCY_WORDS",
    "find_amounts_and_quantities",
    "mask_blocked",
    "quantity_grammar",
]
_MASK = "\x00"
_GLUE_BEFORE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.\x00")
_GLUE_AFTER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_\x00")
_DATE_SEP = frozenset("-/:")
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
        # a Latin unit ends at a word boundary: the A of AGV is no ampere (百分之十五的AGV)
        pat = re.compile(" ?(?:" + "|".join(re.escape(w) + ("(?![A-Za-z])" if w[-1].isascii() and w[-1].isalpha() else "")
                                            for w in key if w) + ")") if key else re.compile(r"(?!)")
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
_SPACES = str.maketrans("", "", " ")
_STANDALONE = frozenset(" \t\r\n\u3000，。；：！？,;:!?“”\"'‘’「」『』")  # not 、 ( ) .: (一)、1. label a list
_SIGN_MAY_FOLLOW = frozenset(["", "\n", "\r", *"，。；：！？,;:!?=（(“\"'"])  # "": the text's start
_STANDALONE_AFTER = _STANDALONE - frozenset(":：")  # 一：… labels a list
# what may stand between two numbers that are two numbers: spaces, brackets, a tolerance, the
# signs of degrees and minutes (p0300（001, 800±50, 0°20′)
_GAPS = frozenset(" \t\n\r\x00、()（）[]【】<>《》{}±°′″℃℉%‰/")


_MINUTE = frozenset(w[0] for w in ("分", "刻"))  # (两点五分 is a clock, 两点五公里 a decimal)
_ARABIC_AT = re.compile(r"\d+(?:\.\d+)?")


class _Prefixed(NamedTuple):
    """A unit made of a metric prefix and a prefixed unit, shaped like the `re.Match` it stands for."""
    word: str
    stop: int

    def group(self) -> str:
        return self.word

    def end(self) -> int:
        return self.stop


def _before_spaces(masked: str, i: int) -> str:
    """The character before position i, spaces skipped ("" at the text's start)."""
    i -= 1
    while i >= 0 and masked[i] in " \t\u3000":
        i -= 1
    return masked[i] if i >= 0 else ""


def _build(v: ValueVocabulary) -> SimpleNamespace:
    """The amount and quantity scanner of one value vocabulary: its tables, patterns and
    readers (compiled once per pack by `quantity_grammar`, on the pack's numeral grammar)."""
    num = numeral_grammar_of(v)
    fold = num.fold
    _CN_DIGIT_CLASS, _CN_UNIT_CLASS, CN_DIGITS = num._CN_DIGIT_CLASS, num._CN_UNIT_CLASS, num.CN_DIGITS
    NUMERAL_CHARS, parse_folded = num.NUMERAL_CHARS, num.parse_folded
    _V = v

    _C = _V.counting
    DEFAULT_CURRENCY_WORDS: tuple[str, ...] = tuple(_C["defaultCurrencyWords"])
    DEFAULT_UNITS: tuple[str, ...] = tuple(_C["defaultUnits"])
    _CURRENCY_MULT = {k: Decimal(v) for k, v in _C["currencyMultipliers"].items()}
    _TIME_AFTER = frozenset(_C["timeAfter"])  # owned by the time scanner

    # 一 + one of these generic classifiers reads as "a/an", not as a count, unless a word
    # before it says a count is meant (只要一个, 至少一张, 共一条).
    _ARTICLE_CLASSIFIERS = frozenset(_C["articleClassifiers"])
    _COUNT_CUES = tuple(_C["countCues"])

    _COUNTED_BY: dict[tuple[int, int], frozenset[str]] = {}

    # ---------------------------------------------------------------- runs (one pass over the text)
    _CN = f"{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}{''.join(_V.tens)}"
    _SEP_CLASS = re.escape("".join(sorted(_V.thousands)))
    _MINUS_WORDS = [m for m in _V.minus if not m.isascii() and len(m) == 1 and m not in "－−"]
    _MINUS_SIGNS = re.escape("".join(m for m in _V.minus if m not in _MINUS_WORDS))
    _CORE = (rf"(?:\d{{1,3}}(?:[{_SEP_CLASS}]\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?"
             rf"|[{_CN}]+(?:{re.escape(_V.point)}(?:[{_CN_DIGIT_CLASS}]+|\d+))?)+")
    _SIGN = rf"(?:[{''.join(_MINUS_WORDS)}] ?|[{_MINUS_SIGNS}](?=\d))?"
    _FRACTION = " {0,2}".join(re.escape(c) for c in _V.fraction)
    # a space joins two pieces only next to a Chinese numeral (7 万5 千, 1000 万); two Arabic
    # numbers with a space between (3 5) stay two numbers
    _JOIN = (rf"(?: {{0,2}}(?:{_FRACTION}|{re.escape(_V.mixed)}) {{0,2}}"
             rf"|(?<=[{_CN}]) {{1,2}}(?=[\d{_CN}{''.join(_MINUS_WORDS)}])|(?<=\d) {{1,2}}(?=[{_CN}]|\d+/\d)"
             rf"|(?<=\d)/(?=\d))")
    #: one numeral phrase: an optional sign, numeral pieces joined by 分之 / 又 / spaces (plain form)
    RUN_PLAIN = re.compile(rf"{_SIGN}{_CORE}(?:{_JOIN}{_SIGN}{_CORE})*")
    #: the same, opened by a lookahead on the one class a phrase can begin with: the regex engine
    #: then skips to candidate characters by itself (about half the time on ordinary text)
    RUN_RE = re.compile(rf"(?=[\d{_CN}{''.join(_MINUS_WORDS)}{_MINUS_SIGNS}])" + RUN_PLAIN.pattern)

    @lru_cache(maxsize=8192)  # pure; the same few runs (1, 3, 一, 2026) recur in every turn
    def read_run(run: str) -> tuple[Decimal | None, str | None]:
        """(value, unit) of one numeral phrase found by `RUN_RE` (folded, spaces allowed); the
        unit is ``%`` / ``‰`` for 百分之B / 千分之B, else None.

        A fraction ``A分之B`` is B/A (``C又A分之B`` adds C), kept only when it has a finite
        decimal form; ``百分之B`` is B percent, ``千分之B`` B per mille (a bare 百 / 千 before 分之:
        ``一百分之二`` is the fraction 0.02). Anything the grammar cannot read whole -> None: a
        phrase is never read in part."""
        s = run.translate(_SPACES) if " " in run else run
        if "/" in s:
            return None, None  # 1/2, 3/5: a fraction or a month/day; which is not certain
        if _V.fraction in s:
            head, _, num = s.partition(_V.fraction)
            if _V.fraction in num or _V.mixed in num:
                return None, None
            per = _V.per_units.get(head)
            if per is not None:
                nv = Decimal(_V.small_units[head]) if num == head else parse_folded(num)  # 百分之百
                return nv, per
            whole = Decimal(0)
            if _V.mixed in head:
                w, _, head = head.partition(_V.mixed)
                wv = parse_folded(w)
                if wv is None or wv != wv.to_integral_value():
                    return None, None
                whole = wv
            den, nv = parse_folded(head), parse_folded(num)
            if den is None or nv is None or den != den.to_integral_value():
                return None, None
            q = finite_quotient(nv, den)
            if q is None:
                return None, None
            if whole < 0:
                return whole - abs(q), None
            return whole + q, None
        if _V.mixed in s:
            return None, None
        return parse_folded(s), None

    def _minor_tail(masked: str, pos: int, after_kuai: bool, unit_re=None) -> tuple[int, Decimal] | None:  # noqa: ANN001
        """角/毛/分 after a yuan amount: (end, yuan fraction). 二十块五毛 -> +0.5, 五元三毛二分 ->
        +0.32; after 块 a lone digit is 角 (三块八 = 3.8). None when nothing (valid) follows."""
        n = len(masked)
        i, total, found, last = pos, Decimal(0), False, Decimal(1)
        while i < n:
            j = i
            while j < n and masked[j] in _V.zeros:
                j += 1  # 五元零五分
            if j >= n or masked[j] not in CN_DIGITS and not masked[j].isdigit():
                break
            d = Decimal(CN_DIGITS.get(masked[j], 0) if not masked[j].isdigit() else int(masked[j]))
            k = j + 1
            if k < n and masked[k] in _V.minor:
                mult = _V.minor[masked[k]]
                if mult >= last:
                    return None  # out of order: 三分五角
                total += d * mult
                last, found, i = mult, True, k + 1
                if i < n and masked[i] == _MONEY_AFTER_MINOR:
                    i += 1
                continue
            if after_kuai and not found and (k >= n or (masked[k] not in _TAIL_GOES_ON and not masked[k].isdigit())) \
                    and not (k < n and unit_re is not None and unit_re.match(masked, k)):
                return k, d * (Decimal("0.01") if j > i else Decimal("0.1"))  # 三块八, 五块零八 = 5.08 (五块一个: 5 each)
            break
        return (i, total) if found else None

    def find_amounts_and_quantities(
        text: str,
        *,
        units: Iterable[str] = DEFAULT_UNITS,
        currency_words: Iterable[str] = DEFAULT_CURRENCY_WORDS,
        blocked: Sequence[tuple[int, int]] = (),
        times: Sequence[tuple[int, int]] = (),
    ) -> list[ValueMatch]:
        """(`times`: the spans of the times read in `text`, masked in it or in `blocked`; a count may
        follow one directly: 全年365天.)"""
        masked = fold(mask_blocked(text, blocked))
        time_ends = frozenset(e for _, e in times)
        currency = _words_re(_yuan_words(currency_words))
        unit_words = _words_re(units)
        cur_re, unit_re = currency.pattern, unit_words.pattern
        # what may follow a number to make it an amount or a quantity
        counted_by = _COUNTED_BY.get((id(currency), id(unit_words)))
        if counted_by is None:  # (both _Words live in the caches above, so their ids are stable)
            counted_by = _COUNTED_BY[(id(currency), id(unit_words))] = (
                currency.first | unit_words.first | _FOREIGN.first | frozenset(_V.minor_alone))
        n = len(masked)
        out: list[ValueMatch] = []
        pos = 0  # where the last value found ends (a yuan amount may take in the 角 after it)
        words_at = _not_value_mask(masked)
        for m in RUN_RE.finditer(masked):
            ns, e = m.start(), m.end()
            if ns < pos:
                continue
            run = m.group()
            if words_at is not None:
                inside, starts = words_at
                if inside.find(0, ns, e) < 0:
                    continue  # all inside 万一 / 三元桥: a word, not a numeral (五千万 reaches out of 千万)
                cut = starts.find(1, ns + 1, e)
                if cut > 0 and e < n and inside[e] and inside.find(0, cut, e) < 0:
                    e, run = cut, masked[ns:cut]  # 85一直: the numeral ends where the word begins
            if run[0] in _MINUS_SIGNS and ns > 0 and _before_spaces(masked, ns) not in _SIGN_MAY_FOLLOW:
                # 5-20, 2小时-3小时, 100 -150元, 泵-64: a range or a code, not a minus (a minus
                # opens the text or follows punctuation, spaces between allowed: 温度：-5度, ，-20)
                ns += 1
                run = run[1:]
            lone = e - ns == 1 and not run.isdigit()  # (a signed run is two characters at least)
            if lone and run in _ONE and 0 < ns and e < n and masked[ns - 1] == masked[e]:
                continue  # 转一转, 看一看: a verb said twice around 一, not one of something
            alone = False
            if lone:
                alone = (ns == 0 or masked[ns - 1] in _STANDALONE) and (e == n or masked[e] in _STANDALONE_AFTER) \
                    or _said_as_number(masked, ns, e)
                # A lone Chinese digit (一下, 十分) is a word unless a unit, a currency word or a
                # ¥ makes it a count (一个, 一元), or it stands alone ("五", 答案：三): settled
                # before any parsing.
                if (e == n or masked[e] not in counted_by) and _currency_sign_before(masked, ns) is None and not alone:
                    continue
            value, per_unit = read_run(run)
            # a multiplier character that opens a unit word is the unit's (2.3千克, 一百千瓦)
            if e - ns > 1 and run[-1] in _CN_UNIT_CLASS and per_unit is None:
                um = unit_re.match(masked, e - 1)
                if (um and um.end() > e and um.group()[0] != " ") or (
                        run[-1] in _UNIT_PREFIXES and _PREFIXED.pattern.match(masked, e) and masked[e] != " "):
                    shorter, p2 = read_run(run[:-1])  # (3.3千伏: 千 is the unit's prefix, kV)
                    if shorter is not None and p2 is None:
                        value, e, run = shorter, e - 1, run[:-1]
            # glue checks: identifiers, codes, dates and clocks are not quantities
            prev = masked[ns - 1] if ns > 0 else ""
            nxt = masked[e] if e < n else ""
            # a count right after a time (全年365天, 下个月20台) or a range with its unit (5-20%, 3-5台)
            # is a value of its own; a bare number there is not (下午3, 2026-03-05)
            needs_unit = False
            if prev in _GLUE_BEFORE and not (prev == "-" and ns >= 2 and masked[ns - 2].isdigit()):
                if not (prev == _MASK and ns in time_ends):
                    continue
                needs_unit = True
            if nxt in _DATE_SEP and e + 1 < n and masked[e + 1].isdigit():
                if not (nxt == "-" and (_counted_after(masked, e + 1, unit_re) or _counted_after(masked, e + 1, cur_re))):
                    continue  # (the first end of 5-20% takes the unit after the second: _share_range_unit)
            if prev in _DATE_SEP and ns >= 2 and masked[ns - 2].isdigit():
                if prev != "-":
                    continue
                needs_unit = True
            if prev.isdigit():
                continue
            kind: str = "number"
            unit: str | None = None
            end = e
            if per_unit is not None:
                kind, unit = "quantity", per_unit
            elif nxt in _FOREIGN.first and (fm := _FOREIGN.pattern.match(masked, e)) is not None:
                word = fm.group().lstrip(" ")
                code = _V.foreign.get(word)
                kind, end, unit = "amount", fm.end(), code
                if code is None:
                    value = None  # a currency whose country is not certain: text kept, no value
            elif (code := _foreign_before(masked, ns, pos)) is not None:
                # 港币一千二百元: the currency named first, 元 after it is that currency's unit
                kind, unit = "amount", code
                cm = cur_re.match(masked, e)
                if cm and cm.group().lstrip(" ")[0] in _V.minor_after:
                    end = cm.end()
            else:
                cm = cur_re.match(masked, e)
                mm = _MINOR_ALONE.pattern.match(masked, e) if cm is None and nxt in _MINOR_ALONE.first else None
                if cm:
                    word = cm.group().lstrip(" ")
                    mult = _CURRENCY_MULT.get(word[0]) if len(word) > 1 and word[0] in _CURRENCY_MULT else None
                    if mult is not None and value is not None:
                        value = value * mult
                    kind, unit, end = "amount", "CNY", cm.end()
                    if word in _V.minor_after and value is not None:
                        tail = _minor_tail(masked, end, word == _KUAI, unit_re)
                        if tail is not None:
                            end, frac = tail
                            value = value + frac if value >= 0 else value - frac
                elif mm:
                    word = mm.group().lstrip(" ")
                    kind, unit, end = "amount", "CNY", mm.end()
                    if value is not None:
                        value = value * _V.minor_alone[word]
                        tail = _minor_tail(masked, end, False) if word[0] in _V.minor else None
                        if tail is not None:
                            end, frac = tail
                            value += frac
                elif nxt in _V.minor and nxt != _FEN and not (e + 1 < n and masked[e + 1] in CN_DIGITS):
                    # 三角: a triangle or three 角; kept as said, no value
                    kind, unit, end, value = "amount", "CNY", e + 1, None
                else:
                    um = unit_re.match(masked, e)
                    if nxt in _UNIT_PREFIXES and (pm := _PREFIXED.pattern.match(masked, e + 1)) is not None \
                            and pm.group()[0] != " " and (um is None or pm.end() > um.end()):
                        um = _Prefixed(masked[e:pm.end()], pm.end())  # 兆帕, 毫安, 千伏: prefix + unit, as written
                    if um:
                        word = um.group().lstrip(" ")
                        kind, unit, end = "quantity", word, um.end()
                        if value is None and run[0] in _V.two and _V.point in run and word[0] not in _MINUTE:
                            value = read_run(_TWO_AS_DIGIT + run[1:])[0]  # 两点五公里: a decimal, no clock, with a unit
                        if end < n and masked[end] == _V.half and value is not None:
                            after = unit_re.match(masked, end + 1)
                            if after is not None and after.group()[0] != " ":
                                if word in _C["halfBetween"] and value == value.to_integral_value() and value >= 0:
                                    # 一个半小时 = 1.5 小时: 个 joins the number and 半 to the unit after
                                    unit, end, value = after.group(), after.end(), value + Decimal("0.5")
                                else:
                                    end, value = after.end(), None  # 两吨半公斤?: not read
                            elif value == value.to_integral_value() and value >= 0:
                                value, end = value + Decimal("0.5"), end + 1  # 一吨半 = 1.5 吨
                    elif (sign := _currency_sign_before(masked, ns)) is not None:
                        ns = sign
                        kind, unit = "amount", "CNY"
            if needs_unit and (kind == "number" or unit is None):
                continue
            if kind == "number":
                if nxt and (nxt in _GLUE_AFTER or nxt in _TIME_AFTER):
                    continue
                if lone and not alone:
                    continue  # a lone Chinese digit (一下, 十分) is a word, not a number
                if value is None and len(run) < 3 and not any(c.isdigit() for c in run):
                    continue  # 万一, 一一: a word made of numeral characters, not a numeral
            if kind == "quantity" and unit and unit[-1:].isascii() and unit[-1:].isalpha():
                if end < n and masked[end] in _GLUE_AFTER:
                    continue
            if blocked and _overlaps(ns, end, blocked):  # defensive: masking already prevents this
                continue
            if _is_index(masked, ns, end, kind, unit):
                kind = "index"
            if value is not None and ns > 0 and masked[ns - 1] in _APPROX_LAST and run[0] in _CN_UNIT_CLASS \
                    and any(masked.endswith(w, 0, ns) for w in _APPROX_BEFORE):
                value = None  # 几十台, 数百人: about so many, no exact value
            if value is not None and _unread_next_to(masked, ns, e, end, pos, kind, unit_re, cur_re,
                                                     per_unit is not None):
                value = None  # a character of the expression was not read: whole or not at all
            if value is None:
                canon = None  # read as a value phrase, but not with certainty: kept, never guessed
            else:
                num = format_decimal(value)
                canon = f"{num} {unit}" if unit else num
            out.append(ValueMatch(ns, end, kind, text[ns:end], value, unit, canon))  # type: ignore[arg-type]
            pos = end
        if len(out) >= 2:  # (a range needs two values: most texts have fewer)
            _share_range_unit(masked, out)
        return out

    _RANGE_JOINERS = frozenset(_C.get("rangeJoiners", ()))
    _POINTS = frozenset((".", _V.point))
    _NUMERAL_LIKE = NUMERAL_CHARS | frozenset(_V.tens)
    _CN_LIKE = frozenset(_CN)

    def _unread_next_to(masked: str, ns: int, e: int, end: int, pos: int, kind: str, unit_re, cur_re,  # noqa: ANN001
                        per_unit: bool = False) -> bool:
        """True when a character of the value expression around [ns, end) was not read, so that the
        value would be a part of it (issue 27): a point right after the numeral run with more
        after it (3.X5, 二百点X), one unread character between two numerals (一百X二十, 六百卅二
        before 卅 was read) or between a bare number and a unit or currency word (5X公里), a
        foreign currency named after 元 (两万元美元), a point before the run (二百点45 split)."""
        n = len(masked)
        at = masked[e] if e < n else ""
        if at in _POINTS and e + 1 < n and masked[e + 1] not in _STANDALONE and masked[e + 1] not in "\n\r":
            return True
        if kind == "amount" and end < n and masked[end] in _FOREIGN.first:
            fm = _FOREIGN.pattern.match(masked, end)
            if fm is not None and _V.foreign.get(fm.group()) != "CNY":
                return True  # 两万元美元: money in another currency, not yuan
        if kind == "amount" and end < n and (masked[end] in CN_DIGITS or masked[end] in _V.zeros):
            j = end
            while j < n and (masked[j] in CN_DIGITS or masked[j] in _V.zeros):
                j += 1
            if not (j < n and masked[j] != " " and (unit_re.match(masked, j) or cur_re.match(masked, j))):
                return True  # 五块零八 with the 分 not read (200美元一台, 8.05元一个: a price per count)
        if ns > 0 and ns == pos and masked[ns] in _V.zeros:
            return True  # 零八 right after an amount: its tail, not a number of its own
        gap_ok = lambda c: c in _STANDALONE or c in _RANGE_JOINERS or c in _GAPS  # noqa: E731
        # (nothing read after the numeral: 五万X三千元, 7X.6亿; a character between two Arabic numbers
        # stands between two numbers: 15楼3台, 1注1000万元)
        if end == e and at and not gap_ok(at) and e + 1 < n and not per_unit:  # (百分之十五的次数: its unit is said before it)
            nx = masked[e + 1]
            if nx in _CN_LIKE or (nx.isdigit() and not masked[e - 1].isdigit()) \
                    or (nx in _POINTS and e + 2 < n and (masked[e + 2].isdigit() or masked[e + 2] in CN_DIGITS)) \
                    or (not nx.isspace() and (unit_re.match(masked, e + 1) or cur_re.match(masked, e + 1))):
                return True
        if ns >= 2 and ns - 2 >= pos - 1:  # (not inside the value read before this one)
            before, b2 = masked[ns - 1], masked[ns - 2]
            if before in _POINTS and b2 in _NUMERAL_LIKE:
                return True
            if not gap_ok(before) and (b2 in _CN_LIKE or b2.isdigit() or b2 in _POINTS) \
                    and (masked[ns] in _CN_LIKE or masked[ns].isdigit()) and not (b2.isdigit() and masked[ns].isdigit()) \
                    and not (um := unit_re.match(masked, ns - 1)) and not any(masked.endswith(w, 0, ns) for w in _V.not_values) \
                    and _one_numeral_without(masked, ns - 1, e):
                return True  # 一百X二十, 五X十四块 (1注1000万元: two numbers; 一共六百: a word before; 一瓶三块: 一三 is no numeral)
            if ns >= 3 and not gap_ok(before) and b2 in _POINTS and masked[ns - 3] in _NUMERAL_LIKE:
                return True  # 43215.X82米
            if ns >= 3 and before in _POINTS and not gap_ok(b2) and b2 != _MASK and masked[ns - 3] in _NUMERAL_LIKE:
                return True  # 三X點一公里: the integer part split from its point
        return False

    _LONE = _C["loneNumeral"]
    _COPULAS = tuple(_LONE["copulas"])
    _COPULA_LAST = frozenset(w[-1] for w in _COPULAS)
    _CLAUSE_STARTS = frozenset(_LONE["clauseStarts"])
    _TOP_N = frozenset(_LONE["topN"])
    _ATTRIBUTIVE = _LONE["attributive"]

    def _said_as_number(masked: str, ns: int, e: int) -> bool:
        """A lone Chinese digit inside a sentence said as a number (values.json `loneNumeral`): after
        a copula where its clause ends or a contrasting one begins (这是五那是四, 答案不是四而是五),
        after 前/后 before 的 (排名前三的), or opening the text before 的 (三的写法)."""
        n = len(masked)
        after = masked[e] if e < n else ""
        if ns > 0 and masked[ns - 1] in _COPULA_LAST and any(masked.endswith(w, 0, ns) for w in _COPULAS):
            return after == "" or after in _STANDALONE_AFTER or after in _CLAUSE_STARTS
        if after == _ATTRIBUTIVE:
            return ns == 0 or masked[ns - 1] in _TOP_N
        return False
    _TWO_AS_DIGIT = next(c for c, v in CN_DIGITS.items() if v == 2 and c not in _V.two)

    def _counted_after(masked: str, i: int, unit_re) -> bool:  # noqa: ANN001
        """An Arabic number at `i` with a unit (or currency word) right after it: the second end of
        a range (5-20%, 3-5台, 50-100元)."""
        m = _ARABIC_AT.match(masked, i)
        return m is not None and (masked.startswith(_V.percent, m.end()) or masked.startswith("‰", m.end())
                                  or (m.end() < len(masked) and masked[m.end()] != " " and unit_re.match(masked, m.end()) is not None))

    def _one_numeral_without(masked: str, gap: int, e: int) -> bool:
        """Whether the character at `gap` splits one numeral: the numeral before it is longer than one
        character (一百X二十, 两万X十三), or both would read as one without it (五X十四); a lone digit
        and another numeral that make none (一瓶三 -> 一三) are two numbers."""
        a = gap
        while a > 0 and (masked[a - 1] in _CN_LIKE or masked[a - 1].isdigit() or masked[a - 1] in _POINTS):
            a -= 1
        return gap - a > 1 or read_run(masked[a:gap] + masked[gap + 1:e])[0] is not None

    def _share_range_unit(masked: str, out: list[ValueMatch]) -> None:
        """10到30分钟: the unit said once after the second number of a range is the first's too, so
        the first is that quantity (10 分钟), not a bare number that could name an object. Only a
        plain number right before a quantity across a range joiner; the text is not touched."""
        for i in range(len(out) - 1):
            a, b = out[i], out[i + 1]
            if a.kind == "number" and b.kind == "quantity" and b.unit and a.value is not None \
                    and not (len(a.text) > 1 and a.text[0] == "0") \
                    and masked[a.end:b.start].strip() in _RANGE_JOINERS:  # (01: a code's digits, not a count)
                out[i] = a._replace(kind="quantity", unit=b.unit, canonical_value=f"{format_decimal(a.value)} {b.unit}")

    _YUAN_WORDS: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}

    def _yuan_words(words: Iterable[str]) -> tuple[str, ...]:
        """The currency words that make whole yuan: 角/毛/分 (the pack lists them as currency
        words too) are read as parts of a yuan by their own rule. Remembered by the identity of
        the pack's tuple, so `_words_re` finds the result by identity in turn."""
        if isinstance(words, tuple):
            seen = _YUAN_WORDS.get(id(words))
            if seen is not None and seen[0] is words:
                return seen[1]
        minor = _MINOR_WORDS
        out = tuple(w for w in words if w not in minor)
        if isinstance(words, tuple) and len(_YUAN_WORDS) < 64:
            _YUAN_WORDS[id(words)] = (words, out)
        return out

    def _not_value_mask(masked: str) -> tuple[bytearray, bytearray] | None:
        """Where words that only look like numerals lie (see values.json): 1 on each of their
        characters, and 1 where each begins."""
        found = None
        for m in _NOT_VALUES.finditer(masked):
            if any(masked.startswith(u, k) and k + len(u) > m.end() for k in range(m.start() + 1, m.end())
                   for u in _UNITS_BY_FIRST.get(masked[k], ())):
                continue  # 十分钟: 十 + the unit 分钟, not the adverb 十分
            if found is None:
                found = (bytearray(len(masked)), bytearray(len(masked)))
            found[0][m.start():m.end()] = b"\x01" * (m.end() - m.start())
            found[1][m.start()] = 1
        return found

    def _foreign_before(masked: str, start: int, pos: int = 0) -> str | None:
        """The ISO code of a currency named right before a number (港币一千二百元, 美元 300); not
        one that ends the value read before (200美元一台: 一台 is a count, not one dollar)."""
        if start == 0 or (masked[start - 1] not in _FOREIGN_LAST and masked[start - 1] != " "):
            return None  # the usual case: no currency name ends right here
        for w in _FOREIGN_BY_LENGTH:
            a = start - len(w)
            if masked.startswith(w, a) and a >= pos:
                return _V.foreign[w]
            if a >= 1 and a - 1 >= pos and masked[start - 1] == " " and masked.startswith(w, a - 1):
                return _V.foreign[w]
        return None

    _FOREIGN = _words_re(tuple(_V.foreign) + _V.foreign_uncertain)
    _TAIL_GOES_ON = NUMERAL_CHARS - frozenset(_V.thousands)  # (三块五，: a comma ends the amount)
    _UNIT_PREFIXES = frozenset(_C["unitPrefixes"])
    _PREFIXED = _words_re(tuple(_C["prefixedUnits"]))
    _APPROX_BEFORE = tuple(_C["approximateBefore"])
    _APPROX_LAST = frozenset(w[-1] for w in _APPROX_BEFORE)
    _MINOR_ALONE = _words_re(tuple(_V.minor_alone))
    _MINOR_WORDS = frozenset(_V.minor) | frozenset(_V.minor_alone)
    _FOREIGN_LAST = frozenset(w[-1] for w in _V.foreign)
    _FOREIGN_BY_LENGTH = tuple(sorted(_V.foreign, key=len, reverse=True))
    _KUAI = _V.minor_after[1]
    _MONEY_AFTER_MINOR = _C["moneyAfterMinor"]
    _NOT_VALUES = re.compile("|".join(re.escape(w) for w in sorted(_V.not_values, key=len, reverse=True)))
    _UNITS_BY_FIRST: dict[str, tuple[str, ...]] = {}  # a unit that may begin inside a not-value word
    for _u in DEFAULT_UNITS:
        _UNITS_BY_FIRST[_u[0]] = _UNITS_BY_FIRST.get(_u[0], ()) + (_u,)
    _ONE = frozenset(c for c, v in CN_DIGITS.items() if v == 1)
    _FEN = next(k for k, v in _V.minor.items() if v == Decimal("0.01"))

    def _is_index(masked: str, start: int, end: int, kind: str, unit: str | None) -> bool:
        """A numeral that orders or introduces rather than counts (see the module docstring)."""
        if kind == "amount" or masked.startswith(_V.percent, start):
            return False
        before = masked[max(0, start - 4):start].rstrip(" ")
        if before.endswith(_C["ordinal"]):
            return True
        if before[-1:] in _V.determiners and masked[start] in _ONE:
            return True  # 这一年, 每一台, 那一次: 一 after a determiner points, it does not count
        if kind == "quantity" and unit in _ARTICLE_CLASSIFIERS and masked[start:end].rstrip(unit).strip() == "一":
            return not before.endswith(_COUNT_CUES)
        if kind == "number":
            at_line_start = start == 0 or masked[start - 1] in _LINE_START
            return at_line_start and end < len(masked) and masked[end] in _INDEX_AFTER and "\n" in masked
        return False

    return SimpleNamespace(**{k: x for k, x in locals().items() if k not in ("v", "num")})


_GRAMMARS: list[SimpleNamespace] = []  # every one built (the bench's memo reset empties their memos)
_BY_ROOT = PerRoot()  # a pack root (None: the default) -> its scanner
_BY_VOCABULARY: dict[int, tuple[ValueVocabulary, SimpleNamespace]] = {}
_LOCK = threading.RLock()


def quantity_grammar(pack=None) -> SimpleNamespace:  # noqa: ANN001 - a Pack, or None: the default pack
    """The amount and quantity scanner of `pack`'s ``values.json`` (default: the default
    pack's), built on first use, once per pack file; never at import."""
    return _BY_ROOT.get(None if pack is None else pack.root, lambda root: quantity_grammar_of(vocabulary(root)))


def quantity_grammar_of(v: ValueVocabulary) -> SimpleNamespace:
    """The scanner of the value vocabulary `v`, built once per vocabulary."""
    got = _BY_VOCABULARY.get(id(v))
    if got is None or got[0] is not v:
        with _LOCK:
            got = _BY_VOCABULARY.get(id(v))
            if got is None or got[0] is not v:
                got = _BY_VOCABULARY[id(v)] = (v, _build(v))
                _GRAMMARS.append(got[1])
    return got[1]


def find_amounts_and_quantities(
    text: str,
    *,
    units: Iterable[str] | None = None,
    currency_words: Iterable[str] | None = None,
    blocked: Sequence[tuple[int, int]] = (),
    times: Sequence[tuple[int, int]] = (),
    pack=None,  # noqa: ANN001 - a Pack, or None: the default pack
) -> list[ValueMatch]:
    """Amounts, quantities and numbers in `text` (see the module docstring), by `pack`'s value
    vocabulary (the default pack's when None). `units` / `currency_words`: the words that
    count (default: the vocabulary's `DEFAULT_UNITS` / `DEFAULT_CURRENCY_WORDS`). (`times`:
    the spans of the times read in `text`, masked in it or in `blocked`; a count may follow one
    directly: 全年365天.)"""
    g = quantity_grammar(pack)
    return g.find_amounts_and_quantities(text, units=g.DEFAULT_UNITS if units is None else units,
                                         currency_words=g.DEFAULT_CURRENCY_WORDS if currency_words is None
                                         else currency_words, blocked=blocked, times=times)


def read_run(run: str, pack=None) -> tuple[Decimal | None, str | None]:  # noqa: ANN001
    """(value, unit) of one numeral phrase found by `RUN_RE` (see the scanner's `read_run`)."""
    return quantity_grammar(pack).read_run(run)


def __getattr__(name: str) -> object:
    """The default pack's tables and patterns (`DEFAULT_UNITS`, `RUN_RE` …), compiled when
    first asked for, not at import; a pipeline reads its pack's (`quantity_grammar(pack)`)."""
    if not name.startswith("__"):
        g = quantity_grammar()
        if name in vars(g):
            return getattr(g, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

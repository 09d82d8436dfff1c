"""Numeral parsing for noisy Chinese input (pure, no dependency on the rest of nlu).

``parse_number`` reads a *whole* numeral string the way people say it:

* Arabic: ``1,234.5``, ``3.5``, ``007`` (leading zeros allowed, commas must group by 3).
* Chinese lower and financial forms: 零〇一二两三四五六七八九十百千万亿 / 壹贰叁肆伍陆柒捌玖拾佰仟萬億.
* Mixed: ``3.5万`` = 35000, ``35万`` = 350000, ``1.2亿``, ``3千`` = 3000.
* Spoken abbreviation: a single trailing digit after a unit means one unit lower:
  三万五 = 35000, 一百二 = 120, 一千二 = 1200, 三亿五 = 350000000, and likewise
  ``2万3`` = 23000 (a *single* Arabic digit after 万/亿; ``2万35`` is ambiguous -> None).
  With 零 the digit is the ones: 一千零五 = 1005, 两万零三 = 20003.
* Chinese decimal point: 三点五 = 3.5, 二十点二五 = 20.25 (fraction read digit by digit).
* Digit-by-digit readings: 二〇二六 = 2026, 一零五 = 105. A two-character run of two
  non-zero digits (三五, 七八, 一二) is an approximation ("three or five") -> None.
* Anything else (units out of order, 两 in a digit string, a bare 百/千/万, two digits in a
  row inside a section, …) -> None. The function never guesses.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

__all__ = ["NUMERAL_CHARS", "NUMERAL_RE", "parse_number", "CN_DIGITS", "format_decimal"]

# digit characters -> value
CN_DIGITS: dict[str, int] = {
    "零": 0, "〇": 0, "○": 0,
    "一": 1, "壹": 1, "幺": 1,
    "二": 2, "贰": 2, "貳": 2, "两": 2, "兩": 2,
    "三": 3, "叁": 3, "參": 3,
    "四": 4, "肆": 4,
    "五": 5, "伍": 5,
    "六": 6, "陆": 6, "陸": 6,
    "七": 7, "柒": 7,
    "八": 8, "捌": 8,
    "九": 9, "玖": 9,
}
_SMALL_UNITS: dict[str, int] = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
_BIG_UNITS: dict[str, int] = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}
_ZEROS = frozenset("零〇○")
_TWO = frozenset("两兩")

_CN_DIGIT_CLASS = "".join(CN_DIGITS)
_CN_UNIT_CLASS = "".join(_SMALL_UNITS) + "".join(_BIG_UNITS)
#: every character that can be part of a numeral (Arabic digits, separators, Chinese forms)
NUMERAL_CHARS: frozenset[str] = frozenset("0123456789.,点" + _CN_DIGIT_CLASS + _CN_UNIT_CLASS)

_ARABIC = r"\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_CN_ANY = f"[{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}]"
_CN_FRAC = f"点[{_CN_DIGIT_CLASS}]+(?![{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}])"
#: candidate numeral runs; validate each with ``parse_number`` (a run may not be a number).
#: Plainly ``(?:ARABIC)(?:[UNIT](?:\d+|[DIGIT UNIT]*))*|CN_ANY+(?:FRAC)?``; spelled to open with
#: one class, so the regex engine skips to a possible first character by itself (a
#: lookbehind on that character then picks the branch: an Arabic digit or a Chinese one).
NUMERAL_RE: re.Pattern[str] = re.compile(
    rf"[\d{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}](?:"
    rf"(?<=\d)(?:\d*(?:,\d{{3}})+(?:\.\d+)?|\d*(?:\.\d+)?)(?:[{_CN_UNIT_CLASS}](?:\d+|[{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}]*))*"
    rf"|(?<=[{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}]){_CN_ANY}*(?:{_CN_FRAC})?)"
)
_ARABIC_FULL = re.compile(rf"(?:{_ARABIC})\Z")
_TOKEN_RE = re.compile(rf"\d+(?:\.\d+)?|[{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}]")


def format_decimal(d: Decimal) -> str:
    """Plain decimal text without exponent or trailing zeros: 35000, 3.5, 0."""
    if d == 0:
        return "0"
    s = format(d.normalize(), "f")
    return s


class _Bad(Exception):
    pass


def _tokens(s: str) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    pos = 0
    for m in _TOKEN_RE.finditer(s):
        if m.start() != pos:
            raise _Bad
        t = m.group()
        pos = m.end()
        if t[0].isdigit():
            out.append(("a", t))  # Arabic run, kept as text
        elif t in _ZEROS:
            out.append(("z", 0))
        elif t in CN_DIGITS:
            out.append(("d", CN_DIGITS[t]))
        elif t in _SMALL_UNITS:
            out.append(("u", _SMALL_UNITS[t]))
        else:
            out.append(("U", _BIG_UNITS[t]))
    if pos != len(s):
        raise _Bad
    return out


def _section(toks: list[tuple[str, object]], first: bool) -> tuple[Decimal, bool]:
    """Value of a run below 万 (no big units). Returns (value, is_bare_single_digit)."""
    if not toks:
        raise _Bad
    # a lone Arabic run is a whole coefficient (35万, 1,234万, 3.5万)
    if len(toks) == 1 and toks[0][0] == "a":
        txt = str(toks[0][1])
        return Decimal(txt), (len(txt) == 1)
    if len(toks) == 1 and toks[0][0] in "dz":
        return Decimal(int(toks[0][1])), True  # type: ignore[arg-type]
    total = Decimal(0)
    last_unit = 10_000
    pending: Decimal | None = None
    saw_zero = False
    started = False
    for i, (kind, val) in enumerate(toks):
        if kind == "d":
            if pending is not None:
                raise _Bad
            pending = Decimal(int(val))  # type: ignore[arg-type]
        elif kind == "a":
            txt = str(val)
            if pending is not None:
                raise _Bad
            # Arabic coefficient before 十/百/千: one integer digit or a decimal at the very start
            if i + 1 < len(toks) and toks[i + 1][0] == "u":
                if "." in txt:
                    if i != 0:
                        raise _Bad
                elif len(txt) != 1:
                    raise _Bad
            elif len(txt) != 1:
                raise _Bad
            pending = Decimal(txt)
        elif kind == "z":
            if pending is not None or not started:
                raise _Bad
            saw_zero = True
        else:  # small unit
            u = int(val)  # type: ignore[arg-type]
            if u >= last_unit:
                raise _Bad
            if pending is None:
                if u == 10 and not started and first:
                    pending = Decimal(1)  # 十五, 十万
                elif u == 10 and saw_zero:
                    pending = Decimal(1)  # 一百零十 is odd but 一千零十 = 1010
                else:
                    raise _Bad
            if pending == 0:
                raise _Bad
            total += pending * u
            last_unit = u
            pending = None
            saw_zero = False
            started = True
    if pending is not None:
        if pending != pending.to_integral_value():
            raise _Bad
        if last_unit == 10_000:
            raise _Bad  # unreachable: handled above
        if saw_zero or last_unit == 10:
            total += pending
        else:
            total += pending * (last_unit // 10)  # 一百二 = 120
    elif saw_zero:
        raise _Bad  # trailing 零: 一千零
    return total, False


def _below(toks: list[tuple[str, object]], limit: int, first: bool) -> Decimal:
    """Value of tokens that may contain big units strictly below ``limit``."""
    big = [i for i, (k, v) in enumerate(toks) if k == "U"]
    if not big:
        v, _ = _section(toks, first)
        return v
    # split at the largest big unit present
    top = max(int(toks[i][1]) for i in big)  # type: ignore[arg-type]
    if top >= limit:
        raise _Bad
    idx = next(i for i in big if toks[i][1] == top)
    left, right = toks[:idx], toks[idx + 1:]
    if any(k == "U" and v == top for k, v in right):
        raise _Bad
    if not left:
        raise _Bad  # bare 万 / 亿
    lv = _below(left, top, first)
    if lv == 0:
        raise _Bad
    value = lv * top
    if right:
        if right[0][0] == "z":
            rest = right[1:]
            while rest and rest[0][0] == "z":
                rest = rest[1:]
            if not rest:
                raise _Bad
            rv = _below(rest, top, False)
        else:
            bare_digit = len(right) == 1 and (
                right[0][0] == "d" or (right[0][0] == "a" and len(str(right[0][1])) == 1)
            )
            if bare_digit:
                rv = Decimal(int(str(right[0][1]))) * (top // 10)  # 三万五 = 35000
            elif len(right) == 1 and right[0][0] == "a":
                raise _Bad  # 2万35: ambiguous
            else:
                rv = _below(right, top, False)
        if rv >= top:
            raise _Bad
        value += rv
    return value


def _digit_string(s: str) -> Decimal | None:
    if any(c in _TWO for c in s):
        return None
    digits = [CN_DIGITS[c] for c in s]
    if len(digits) == 2 and all(d != 0 for d in digits):
        return None  # 三五 / 七八: approximation, not a number
    return Decimal("".join(str(d) for d in digits))


@lru_cache(maxsize=8192)  # pure, and the same few numerals (一, 两台, 30, 2026) recur in every turn
def parse_number(s: str) -> Decimal | None:
    """Parse a whole numeral string; ``None`` when it is not (unambiguously) a number."""
    if not s:
        return None
    s = s.strip()
    if not s:
        return None
    if _ARABIC_FULL.match(s):
        try:
            return Decimal(s.replace(",", ""))
        except InvalidOperation:  # pragma: no cover
            return None
    # Chinese decimal point: integer part, 点, digit-by-digit fraction
    if "点" in s:
        head, _, frac = s.partition("点")
        if not head or not frac or any(c not in CN_DIGITS or c in _TWO for c in frac):
            return None
        iv = parse_number(head)
        if iv is None or iv != iv.to_integral_value():
            return None
        return Decimal(f"{int(iv)}." + "".join(str(CN_DIGITS[c]) for c in frac))
    if "," in s:
        return None
    if all(c in CN_DIGITS for c in s):
        if len(s) == 1:
            return Decimal(CN_DIGITS[s])
        return _digit_string(s)
    try:
        toks = _tokens(s)
        if not any(k in "uU" for k, _ in toks):
            return None  # e.g. "3五": mixed digits without units
        v = _below(toks, 10 ** 16, True)
        return Decimal(int(v)) if v == v.to_integral_value() else v
    except (_Bad, InvalidOperation):
        return None

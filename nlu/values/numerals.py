"""Numeral parsing for noisy Chinese input (its characters come from ``lexicons/values.json``).

``parse_number`` reads a *whole* numeral string the way people say it, in one left-to-right
pass over its tokens (no prefix of it is ever tried instead: a string that is not a numeral
as a whole is None):

* Arabic: ``1,234.5``, ``3.5``, ``007`` (leading zeros allowed, ``,`` or ``，`` must group by 3).
* A minus word or sign first (负 / 負 / ``-``): the negative of the rest (``负三十二`` = -32).
* 万万 is 亿 (``四万万`` = 400000000); after 零 a section may open with 十 (``一万零十二`` = 10012)
  or Arabic digits (``1千零20`` = 1020); ``2万300`` = 20300 (three or four Arabic digits after
  万/亿 are the rest of the number).
* Traditional and full-width forms are folded first (``nlu.values.vocabulary.fold``).
* Chinese lower and financial forms: 零〇一二两三四五六七八九十百千万亿 / 壹贰叁肆伍陆柒捌玖拾佰仟萬億.
* Mixed: ``3.5万`` = 35000, ``35万`` = 350000, ``1.2亿``, ``3千`` = 3000.
* Spoken abbreviation: a single trailing digit after a unit means one unit lower:
  三万五 = 35000, 一百二 = 120, 一千二 = 1200, 三亿五 = 350000000, and likewise
  ``2万3`` = 23000 (a *single* Arabic digit after 万/亿; ``2万35`` is ambiguous -> None).
  With 零 the digit is the ones: 一千零五 = 1005, 两万零三 = 20003.
* Chinese decimal point: 三点五 = 3.5, 二十点二五 = 20.25 (fraction read digit by digit).
* Digit-by-digit readings: 二〇二六 = 2026, 一零五 = 105. A two-character run of two
  non-zero digits (三五, 七八, 一二) is an approximation ("three or five") -> None.
* Anything else (units out of order, 两 in a digit string or last after a unit — ``三十两`` is
  30 两 of weight, not 32 —, a bare 百/千/万, two digits in a row inside a section, …) -> None.
  The function never guesses.
"""

from __future__ import annotations

import re
import threading
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache
from types import SimpleNamespace

from .vocabulary import PerRoot, ValueVocabulary, folder, vocabulary

__all__ = ["NUMERAL_CHARS", "NUMERAL_RE", "parse_number", "parse_folded", "CN_DIGITS", "format_decimal", "finite_quotient",
           "numeral_grammar"]


def format_decimal(d: Decimal) -> str:
    """Plain decimal text without exponent or trailing zeros: 35000, 3.5, 0, -15."""
    if d == 0:
        return "0"
    return format(d.normalize(), "f")


def finite_quotient(num: Decimal, den: Decimal) -> Decimal | None:
    """num / den when it has a finite decimal form (den's prime factors are 2 and 5), else
    None: a repeating fraction has no exact canonical value, and no value is guessed."""
    if den == 0:
        return None
    f = Fraction(num) / Fraction(den)
    d = f.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        return None
    return (Decimal(f.numerator) / Decimal(f.denominator)).normalize()  # exact: a power-of-10 divisor


class _Bad(Exception):
    pass


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
            elif saw_zero and "." not in txt and Decimal(txt) < last_unit // 10:
                pass  # after 零 the rest as Arabic digits: 1千零20 = 1020
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
            # after 零 a section may open with 十 (一万零十二 = 10012) or Arabic digits (1千零20)
            if len(rest) == 1 and rest[0][0] == "a" and "." not in str(rest[0][1]):
                rv = Decimal(str(rest[0][1]))
            else:
                rv = _below(rest, top, True)
        else:
            bare_digit = len(right) == 1 and (
                right[0][0] == "d" or (right[0][0] == "a" and len(str(right[0][1])) == 1)
            )
            if bare_digit:
                rv = Decimal(int(str(right[0][1]))) * (top // 10)  # 三万五 = 35000
            elif len(right) == 1 and right[0][0] == "a":
                txt = str(right[0][1])
                # 2万300 = 20300, 2万3000 = 23000; 2万35 (20035? 23500?) is not read
                if "." in txt or len(txt) < 3:
                    raise _Bad
                rv = Decimal(txt)
            else:
                rv = _below(right, top, False)
        if rv >= top:
            raise _Bad
        value += rv
    return value


def _build(v: ValueVocabulary) -> SimpleNamespace:
    """The numeral grammar of one value vocabulary: its tables, patterns and parser (the
    module's functions and constants, compiled once per pack by `numeral_grammar`)."""
    fold = folder(v)
    _V = v
    # digit characters -> value (folded forms: a traditional 兩 / 萬 is read as 两 / 万)
    CN_DIGITS: dict[str, int] = _V.digits
    _SMALL_UNITS: dict[str, int] = _V.small_units
    _BIG_UNITS: dict[str, int] = _V.big_units
    _ZEROS = _V.zeros
    _TWO = _V.two
    _POINT = _V.point
    _TEN_THOUSAND = next(k for k, v in _BIG_UNITS.items() if v == 10_000)
    _HUNDRED_MILLION = next(k for k, v in _BIG_UNITS.items() if v == 100_000_000)
    _HUNDRED_MILLION_CHAR = _HUNDRED_MILLION
    _CN_DIGIT_CLASS = "".join(CN_DIGITS)
    _CN_UNIT_CLASS = "".join(_SMALL_UNITS) + "".join(_BIG_UNITS)
    _TENS_TABLE = str.maketrans(_V.tens)
    _TENS_CHARS = frozenset(_V.tens)
    _SEPS = "".join(sorted(_V.thousands))
    #: every character that can be part of a numeral (Arabic digits, separators, Chinese forms)
    NUMERAL_CHARS: frozenset[str] = frozenset("0123456789." + _SEPS + _POINT + _CN_DIGIT_CLASS + _CN_UNIT_CLASS)

    _SEP_CLASS = re.escape(_SEPS)
    _ARABIC = rf"\d{{1,3}}(?:[{_SEP_CLASS}]\d{{3}})+(?:\.\d+)?|\d+(?:\.\d+)?"
    _CN_ANY = f"[{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}]"
    _CN_FRAC = f"{_POINT}[{_CN_DIGIT_CLASS}]+(?![{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}])"
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
    _TOKEN_RE = re.compile(rf"{_ARABIC}|[{_CN_DIGIT_CLASS}{_CN_UNIT_CLASS}]")

    def _tokens(s: str) -> list[tuple[str, object]]:
        out: list[tuple[str, object]] = []
        pos = 0
        for m in _TOKEN_RE.finditer(s):
            if m.start() != pos:
                raise _Bad
            t = m.group()
            pos = m.end()
            if t[0].isdigit():
                out.append(("a", "".join(c for c in t if c not in _SEPS)))  # Arabic run, kept as text
            elif t in _ZEROS:
                out.append(("z", 0))
            elif t in CN_DIGITS:
                out.append(("d", CN_DIGITS[t]))
            elif t in _SMALL_UNITS:
                out.append(("u", _SMALL_UNITS[t]))
            elif t == _TEN_THOUSAND and out and out[-1] == ("U", 10_000):
                out[-1] = ("U", 100_000_000)  # 万万 is an old way to say 亿: 四万万 = 400000000
            else:
                out.append(("U", _BIG_UNITS[t]))
        if pos != len(s):
            raise _Bad
        return out

    def _digit_string(s: str) -> Decimal | None:
        if any(c in _TWO for c in s):
            return None
        digits = [CN_DIGITS[c] for c in s]
        if len(digits) == 2 and all(d != 0 for d in digits):
            return None  # 三五 / 七八: approximation, not a number
        return Decimal("".join(str(d) for d in digits))

    def parse_number(s: str) -> Decimal | None:
        """Parse a whole numeral string; ``None`` when it is not (unambiguously) a number.

        Read as written after folding (traditional 萬 / 點 / 負 and full-width digits read like
        their plain forms); a leading minus word or sign makes it negative."""
        if not s:
            return None
        return _parse(fold(s).strip())

    def parse_folded(s: str) -> Decimal | None:
        """`parse_number` of a string already folded and stripped (the scanners fold the whole
        text once)."""
        return _parse(s)

    @lru_cache(maxsize=8192)  # pure, and the same few numerals (一, 两台, 30, 2026) recur in every turn
    def _parse(s: str) -> Decimal | None:
        if not s:
            return None
        if _TENS_CHARS.intersection(s):
            return _parse(s.translate(_TENS_TABLE))  # 廿三 = 二十三, 六百卅二 = 六百三十二
        for sign in _V.minus:
            if s.startswith(sign):
                v = _parse(s[len(sign):].lstrip())
                return None if v is None or v == 0 else -v
        if _ARABIC_FULL.match(s):
            try:
                return Decimal("".join(c for c in s if c not in _SEPS))
            except InvalidOperation:  # pragma: no cover
                return None
        # Chinese decimal point: integer part, 点, digit-by-digit fraction
        if _POINT in s:
            head, _, frac = s.partition(_POINT)
            if len(frac) > 1 and frac[-1] in _BIG_UNITS and _POINT not in frac:
                # 七点八万 = 7.8万, 四点零五亿 (as 1.2亿): the decimal, then its multiplier
                mult = _BIG_UNITS[frac[-1]]
                if len(frac) > 2 and frac[-2] == _TEN_THOUSAND and frac[-1] == _HUNDRED_MILLION_CHAR:
                    mult, frac = mult * 10_000, frac[:-1]  # 万亿
                d = _parse(head + _POINT + frac[:-1])
                if d is None or head.isascii() and frac[:-1].isascii():
                    return None
                return (d * mult).normalize() if d * mult != (d * mult).to_integral_value() else Decimal(int(d * mult))
            if head and frac.isascii() and frac.isdigit():
                # 二百点45, 零點85: Arabic figures after a Chinese point; with an hour before it
                # (十点30) it may be a clock, so only a zero or a head above 24 is read
                iv = _parse(head)
                if iv is None or iv != iv.to_integral_value() or iv < 0 or 0 < iv <= 24:
                    return None
                return Decimal(f"{int(iv)}.{frac}")
            if not head or not frac or any(c not in CN_DIGITS or c in _TWO for c in frac):
                return None
            if head in _TWO:
                return None  # 两点零五 is a clock time said aloud, not 2.05
            iv = _parse(head)
            if iv is None or iv != iv.to_integral_value() or iv < 0:
                return None
            return Decimal(f"{int(iv)}." + "".join(str(CN_DIGITS[c]) for c in frac))
        if len(s) > 1 and s[-1] in _TWO:
            return None  # 两 counts only before a unit or alone: 三十两 is 30 两 (a weight), not 32
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

    return SimpleNamespace(**{k: x for k, x in locals().items() if k not in ("v",)})


_GRAMMARS: list[SimpleNamespace] = []  # every one built (the bench's memo reset empties their memos)
_BY_ROOT = PerRoot()  # a pack root (None: the default) -> its grammar
_BY_VOCABULARY: dict[int, tuple[ValueVocabulary, SimpleNamespace]] = {}
_LOCK = threading.RLock()


def numeral_grammar(pack=None) -> SimpleNamespace:  # noqa: ANN001 - a Pack, or None: the default pack
    """The numeral grammar of `pack`'s ``values.json`` (default: the default pack's), built on
    first use, once per pack file; never at import."""
    return _BY_ROOT.get(None if pack is None else pack.root, lambda root: numeral_grammar_of(vocabulary(root)))


def numeral_grammar_of(v: ValueVocabulary) -> SimpleNamespace:
    """The numeral grammar of the value vocabulary `v`, built once per vocabulary (the other
    value scanners build on it)."""
    got = _BY_VOCABULARY.get(id(v))
    if got is None or got[0] is not v:
        with _LOCK:
            got = _BY_VOCABULARY.get(id(v))
            if got is None or got[0] is not v:
                got = _BY_VOCABULARY[id(v)] = (v, _build(v))
                _GRAMMARS.append(got[1])
    return got[1]


def parse_number(s: str, pack=None) -> Decimal | None:  # noqa: ANN001
    """Parse a whole numeral string; ``None`` when it is not (unambiguously) a number.

    Read as written after folding (traditional 萬 / 點 / 負 and full-width digits read like
    their plain forms); a leading minus word or sign makes it negative. By `pack`'s numeral
    characters (the default pack's when None)."""
    return numeral_grammar(pack).parse_number(s)


def parse_folded(s: str, pack=None) -> Decimal | None:  # noqa: ANN001
    """`parse_number` of a string already folded and stripped (the scanners fold the whole
    text once)."""
    return numeral_grammar(pack).parse_folded(s)


def __getattr__(name: str) -> object:
    """The default pack's tables and patterns (`NUMERAL_RE`, `NUMERAL_CHARS`, `CN_DIGITS` …),
    compiled when first asked for, not at import; a pipeline reads its pack's (`numeral_grammar(pack)`)."""
    if not name.startswith("__"):
        g = numeral_grammar()
        if name in vars(g):
            return getattr(g, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
